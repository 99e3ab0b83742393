import type { PricingVariant } from '../../content/plans';
import type { PricingPlan } from '../../content/types';

/** Brand-voice 3-tier pricing (docs/public-site.md#constants): Starter 50, Pro 45 (Most Popular), Enterprise 40 EUR per article. */
export const tierPlans: PricingPlan[] = [
    {
      name: 'Starter', price: '50 €', priceSuffix: '/ article',
      description: 'Pour les fondateurs et entrepreneurs indépendants qui publient leurs premiers articles.',
      features: ['1 500 à 2 000 mots', 'Recherche de mots-clés et analyse du top 10 Google', 'Une série de révisions', 'Image à la une libre de droits', 'Publication sur votre WordPress'],
      isPopular: false, cta: 'Commencer',
    },
    {
      name: 'Pro', price: '45 €', priceSuffix: '/ article',
      description: 'Pour les SaaS et boutiques en ligne qui publient chaque semaine.',
      features: ['2 000 à 2 500 mots', 'Stratégie de clusters thématiques', 'Deux séries de révisions', 'Image à la une libre de droits', 'Publication sur votre WordPress', 'Appel stratégique de 15 minutes offert'],
      isPopular: true, cta: 'Commencer',
    },
    {
      name: 'Enterprise', price: '40 €', priceSuffix: '/ article',
      description: 'Pour les agences et équipes marketing à fort volume.',
      features: ['2 500 mots et plus', 'Relecteur SEO dédié', 'Révisions illimitées', 'Publication sur plusieurs sites', 'Tarifs dégressifs'],
      isPopular: false, cta: 'Parler à un commercial',
    },
  ];

export const mainPlanFeatures: string[] = ['Recherche de clusters thématiques', 'Brouillon IA relu par un expert SEO humain', 'Analyse du top 10 des résultats Google', 'Image à la une libre de droits', 'Publication sur votre WordPress', 'Un brief de 5 minutes, sans réunion'];

/** Solo-author single price (docs/public-site.md#constants). */
export const singlePrice: PricingPlan = {
    name: 'Un article, clé en main', price: '195 €', priceSuffix: '/ article',
    description: 'Je recherche, rédige, relis et publie votre article moi-même, en 24 à 48 heures.',
    features: ['Environ 1 800 mots, écrits pour votre mot-clé', 'Analyse du top 10 Google et recherche de sujets', 'Relu par moi, ligne à ligne', 'Image à la une libre de droits', 'Publié sur votre site WordPress', 'Appel stratégique de 15 minutes offert'],
    isPopular: true, cta: 'Commander mon article',
  };

/** Discovery offer (docs/public-site.md#constants): first article 1 EUR, one per client, then 195 EUR. */
export const discoveryOffer: PricingPlan & { timeline: { title: string; description: string }[] } = {
    name: 'Offre découverte', price: '1 €', priceSuffix: 'pour votre premier article',
    description: 'Un seul article découverte par client, puis 195 € par article. Je facture 1 € au lieu d’offrir l’article, pour m’assurer que chaque demande est sérieuse.',
    features: ['Un article SEO complet d’environ 1 800 mots', 'Relu par moi, ligne à ligne', 'Image à la une libre de droits', 'Publié sur votre WordPress', 'Livré sous 24 à 48 heures', 'Paiement par carte, sans abonnement'],
    isPopular: true, cta: 'Essayer pour 1 €',
    timeline: [
      { title: 'Aujourd’hui : 1 €', description: 'Vous indiquez votre site et, si vous le souhaitez, le mot-clé visé. Paiement sécurisé par carte.' },
      { title: 'Sous 24 à 48 heures', description: 'Votre article est recherché, rédigé, relu et prêt à être validé.' },
      { title: 'À vous de décider', description: 'Continuez à 195 € par article, ou arrêtez là. Sans engagement.' },
    ],
  };

/** Premium offer copy (docs/public-site.md#constants). */
export const premiumOffer: PricingPlan & { bulk: string } = {
    name: 'Article premium', price: '50 €', priceSuffix: 'HT / article',
    description: 'Tout compris, livré en 24 heures.',
    features: ['Deux séries de révisions incluses', 'Livraison en 24 heures', '1 500 à 2 000 mots et plus', 'Image à la une libre de droits'],
    isPopular: true, cta: 'Réserver mon créneau de rédaction',
    bulk: 'Plus de 20 articles par mois ? Demandez-moi une remise sur volume.',
  };

/** The three Home4 pricing variants, each with its own offer. */
export const pricingVariantOffers: Record<PricingVariant, PricingPlan> = {
  google: singlePrice,
  openai: {
    name: 'Pack mensuel : 4 articles', price: '690 €', priceSuffix: '/ mois',
    description: 'Un article par semaine, planifié en cluster thématique. 172,50 € par article, résiliable à tout moment.',
    features: ['4 articles d’environ 1 800 mots', 'Plan de cluster thématique pour le mois', 'Relus par moi, ligne à ligne', 'Images à la une libres de droits', 'Publiés sur votre WordPress', 'Appel stratégique mensuel de 15 minutes'],
    isPopular: true, cta: 'Démarrer mon pack mensuel',
  },
  antropic: {
    name: 'Pack autorité : 10 articles', price: '1 490 €', priceSuffix: 'paiement unique',
    description: 'Un cluster thématique complet d’un coup : une page pilier et neuf articles satellites. 149 € par article.',
    features: ['Une page pilier de plus de 3 000 mots', '9 articles satellites d’environ 1 800 mots', 'Plan de maillage interne', 'Relus par moi, ligne à ligne', 'Images à la une libres de droits', 'Publiés sur votre WordPress'],
    isPopular: true, cta: 'Construire mon cluster',
  },
};
