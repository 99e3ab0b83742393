import type { Localized, MainPlan, PricingPlan } from './types';

/** Brand-voice 3-tier pricing (spec/public.md §9): Starter 50, Pro 45 (Most Popular), Enterprise 40 EUR per article. */
export const tierPlans: Localized<PricingPlan[]> = {
  en: [
    {
      name: 'Starter', price: '50 EUR', priceSuffix: '/ article',
      description: 'For founders and solopreneurs publishing their first articles.',
      features: ['1,500-2,000 words', 'Keyword and top-10 SERP research', 'One revision round', 'Royalty-free featured image', 'Published to your WordPress'],
      isPopular: false, cta: 'Get Started',
    },
    {
      name: 'Pro', price: '45 EUR', priceSuffix: '/ article',
      description: 'For SaaS companies and stores that publish every week.',
      features: ['2,000-2,500 words', 'Topic-cluster strategy', 'Two revision rounds', 'Royalty-free featured image', 'Published to your WordPress', 'Free 15-minute strategy call'],
      isPopular: true, cta: 'Get Started',
    },
    {
      name: 'Enterprise', price: '40 EUR', priceSuffix: '/ article',
      description: 'For agencies and marketing teams with volume.',
      features: ['2,500+ words', 'Dedicated SEO editor', 'Unlimited revision rounds', 'Multi-site publishing', 'Volume pricing'],
      isPopular: false, cta: 'Contact Sales',
    },
  ],
  fr: [
    {
      name: 'Starter', price: '50 EUR', priceSuffix: '/ article',
      description: 'Pour les fondateurs et solopreneurs qui publient leurs premiers articles.',
      features: ['1 500 à 2 000 mots', 'Recherche de mots-clés et analyse du top 10 Google', 'Une série de révisions', 'Image à la une libre de droits', 'Publication sur votre WordPress'],
      isPopular: false, cta: 'Commencer',
    },
    {
      name: 'Pro', price: '45 EUR', priceSuffix: '/ article',
      description: 'Pour les SaaS et boutiques en ligne qui publient chaque semaine.',
      features: ['2 000 à 2 500 mots', 'Stratégie de clusters thématiques', 'Deux séries de révisions', 'Image à la une libre de droits', 'Publication sur votre WordPress', 'Appel stratégique offert de 15 minutes'],
      isPopular: true, cta: 'Commencer',
    },
    {
      name: 'Enterprise', price: '40 EUR', priceSuffix: '/ article',
      description: 'Pour les agences et équipes marketing à fort volume.',
      features: ['2 500 mots et plus', 'Éditeur SEO dédié', 'Révisions illimitées', 'Publication multi-sites', 'Tarifs dégressifs'],
      isPopular: false, cta: 'Contacter l’équipe commerciale',
    },
  ],
};

/** Main landing page plans (spec/public.md §9): LAUNCH / GROW / DOMINATE in USD per article. */
export const mainPlans: MainPlan[] = [
  { name: 'LAUNCH', pricePerArticle: 60, currency: 'USD', articlesPerMonth: 5 },
  { name: 'GROW', pricePerArticle: 50, currency: 'USD', articlesPerMonth: 10, isPopular: true },
  { name: 'DOMINATE', pricePerArticle: 40, currency: 'USD', articlesPerMonth: 20 },
];

export const mainPlanFeatures: Localized<string[]> = {
  en: ['Topic-cluster research', 'AI draft edited by a human SEO expert', 'Top-10 SERP analysis', 'Royalty-free featured image', 'Published to your WordPress', 'A 5-minute brief, no meetings'],
  fr: ['Recherche de clusters thématiques', 'Brouillon IA relu par un expert SEO humain', 'Analyse du top 10 des résultats Google', 'Image à la une libre de droits', 'Publication sur votre WordPress', 'Un brief de 5 minutes, sans réunion'],
};

/** Solo-author single price (spec/public.md §9). */
export const singlePrice: Localized<PricingPlan> = {
  en: {
    name: 'One article, done for you', price: '195 EUR', priceSuffix: '/ article',
    description: 'Satisfaction guarantee: I rewrite until you are satisfied, or you pay nothing.',
    features: ['About 1,800 words, written for your keyword', 'Top-10 SERP analysis and topic research', 'Edited by a human SEO expert', 'Royalty-free featured image', 'Published to your WordPress site', 'Free 15-minute strategy call'],
    isPopular: true, cta: 'Order my article',
  },
  fr: {
    name: 'Un article, clé en main', price: '195 EUR', priceSuffix: '/ article',
    description: 'Garantie satisfaction : je réécris jusqu’à ce que vous soyez satisfait, ou vous ne payez rien.',
    features: ['Environ 1 800 mots, écrits pour votre mot-clé', 'Analyse du top 10 Google et recherche de sujets', 'Relu par un expert SEO humain', 'Image à la une libre de droits', 'Publié sur votre site WordPress', 'Appel stratégique offert de 15 minutes'],
    isPopular: true, cta: 'Commander mon article',
  },
};

/** Discovery offer (spec/public.md §9): first article 1 EUR, one per client, then 195 EUR. */
export const discoveryOffer: Localized<PricingPlan & { note: string; timeline: { title: string; description: string }[] }> = {
  en: {
    name: 'Discovery offer', price: '1 EUR', priceSuffix: 'for your first article',
    description: 'One per client, then 195 EUR per article. We charge 1 EUR instead of free to make sure every request is genuine.',
    features: ['A complete SEO article of about 1,800 words', 'Edited by a human SEO expert', 'Royalty-free featured image', 'Published to your WordPress', 'Card payment, no subscription'],
    isPopular: true, cta: 'Try it for 1 EUR',
    note: 'One discovery article per client. Next articles: 195 EUR each.',
    timeline: [
      { title: 'Today: 1 EUR', description: 'You share your site and your keyword. Secure card payment.' },
      { title: 'Within 48 hours', description: 'Your article is researched, written, edited and ready to review.' },
      { title: 'Your call', description: 'Keep going at 195 EUR per article, or stop there. No commitment.' },
    ],
  },
  fr: {
    name: 'Offre découverte', price: '1 EUR', priceSuffix: 'pour votre premier article',
    description: 'Une par client, puis 195 EUR par article. Nous facturons 1 EUR plutôt que la gratuité pour garantir des demandes sérieuses.',
    features: ['Un article SEO complet d’environ 1 800 mots', 'Relu par un expert SEO humain', 'Image à la une libre de droits', 'Publié sur votre WordPress', 'Paiement par carte, sans abonnement'],
    isPopular: true, cta: 'Essayer pour 1 EUR',
    note: 'Un article découverte par client. Articles suivants : 195 EUR chacun.',
    timeline: [
      { title: 'Aujourd’hui : 1 EUR', description: 'Vous indiquez votre site et votre mot-clé. Paiement sécurisé par carte.' },
      { title: 'Sous 48 heures', description: 'Votre article est recherché, rédigé, relu et prêt à être validé.' },
      { title: 'À vous de décider', description: 'Continuez à 195 EUR par article, ou arrêtez là. Sans engagement.' },
    ],
  },
};

/** Premium offer copy (spec/public.md §9). */
export const premiumOffer: Localized<PricingPlan & { bulk: string }> = {
  en: {
    name: 'Premium article', price: '50 EUR', priceSuffix: 'excl. VAT / article',
    description: 'Everything included, delivered in 24 hours.',
    features: ['Two revision rounds included', '24-hour turnaround', '1500-2000+ words', 'Royalty-free featured image'],
    isPopular: true, cta: 'Book Your Content Slot',
    bulk: 'Publishing 20+ articles per month? Ask us about a bulk discount.',
  },
  fr: {
    name: 'Article premium', price: '50 EUR', priceSuffix: 'HT / article',
    description: 'Tout compris, livré en 24 heures.',
    features: ['Deux séries de révisions incluses', 'Livraison en 24 heures', '1500 à 2000+ mots', 'Image à la une libre de droits'],
    isPopular: true, cta: 'Réserver mon créneau de contenu',
    bulk: 'Plus de 20 articles par mois ? Demandez-nous une remise sur volume.',
  },
};

export type PricingVariant = 'google' | 'openai' | 'antropic';

/** The three Home4 pricing variants, each with its own offer. */
export const pricingVariantOffers: Record<PricingVariant, Localized<PricingPlan>> = {
  google: singlePrice,
  openai: {
    en: {
      name: 'Monthly pack: 4 articles', price: '690 EUR', priceSuffix: '/ month',
      description: 'One article a week, planned as a topic cluster. 172.50 EUR per article, cancel anytime.',
      features: ['4 articles of about 1,800 words', 'Topic-cluster plan for the month', 'Edited by a human SEO expert', 'Royalty-free featured images', 'Published to your WordPress', 'Monthly 15-minute strategy call'],
      isPopular: true, cta: 'Start my monthly pack',
    },
    fr: {
      name: 'Pack mensuel : 4 articles', price: '690 EUR', priceSuffix: '/ mois',
      description: 'Un article par semaine, planifié en cluster thématique. 172,50 EUR par article, résiliable à tout moment.',
      features: ['4 articles d’environ 1 800 mots', 'Plan de cluster thématique pour le mois', 'Relu par un expert SEO humain', 'Images à la une libres de droits', 'Publiés sur votre WordPress', 'Appel stratégique mensuel de 15 minutes'],
      isPopular: true, cta: 'Démarrer mon pack mensuel',
    },
  },
  antropic: {
    en: {
      name: 'Authority pack: 10 articles', price: '1,490 EUR', priceSuffix: 'one-off',
      description: 'A complete topic cluster in one go: one pillar page and nine supporting articles. 149 EUR per article.',
      features: ['1 pillar page of 3,000+ words', '9 supporting articles of about 1,800 words', 'Internal linking plan', 'Edited by a human SEO expert', 'Royalty-free featured images', 'Published to your WordPress'],
      isPopular: true, cta: 'Build my topic cluster',
    },
    fr: {
      name: 'Pack autorité : 10 articles', price: '1 490 EUR', priceSuffix: 'paiement unique',
      description: 'Un cluster thématique complet d’un coup : une page pilier et neuf articles satellites. 149 EUR par article.',
      features: ['1 page pilier de plus de 3 000 mots', '9 articles satellites d’environ 1 800 mots', 'Plan de maillage interne', 'Relus par un expert SEO humain', 'Images à la une libres de droits', 'Publiés sur votre WordPress'],
      isPopular: true, cta: 'Construire mon cluster',
    },
  },
};
