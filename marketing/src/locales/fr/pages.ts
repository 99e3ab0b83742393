import type { HeroCopy, LandingKey, SectionCopy } from '../../content/types';

/** Hero copy of each landing page, per locale. */
export const heroes: Record<LandingKey, HeroCopy> = {
  main: { eyebrow: 'Contenu SEO x IA', title: 'Des articles qui se positionnent sur Google et sont cités par l’IA', subtitle: 'L’IA recherche et rédige. Un expert SEO humain relit. Nous publions sur votre WordPress. Votre premier article est offert.' },
  home1: { eyebrow: 'Contenu SEO clé en main', title: 'Votre blog, rédigé et publié pour vous', subtitle: 'Des articles guidés par les mots-clés, recherchés avec l’IA et relus par des experts SEO, pour les fondateurs, les SaaS, les agences et les boutiques en ligne.' },
  home2: { eyebrow: 'Pour les fondateurs pressés', title: 'Arrêtez d’écrire. Commencez à vous positionner.', subtitle: 'Donnez-nous 5 minutes. Nous vous livrons des articles SEO qui amènent des clients, relus par des humains et publiés pour vous.' },
  home3: { eyebrow: 'Articles SEO à la demande', title: 'Des articles SEO d’expert, un par un', subtitle: 'Commandez exactement ce dont vous avez besoin. Chaque article est recherché, rédigé, relu et publié pour vous.', bullets: ['Sans engagement', 'Paiement à l’article', 'Arrêt quand vous voulez'] },
  home4: { eyebrow: 'Bonjour, j’écris des articles SEO', title: 'J’écris les articles dont votre blog a besoin pour se positionner', subtitle: 'L’IA est mon assistante de recherche ; le jugement reste le mien. Un prix clair, 195 € par article, satisfaction garantie.' },
  home5: { eyebrow: 'Pour les équipes SaaS et e-commerce', title: 'Mieux qu’un freelance. Plus malin qu’un outil IA.', subtitle: 'J’associe la recherche par l’IA et l’expertise SEO pour livrer des articles qui se positionnent, moins cher qu’un freelance et sans texte d’IA à retoucher.' },
  pricingGoogle: { eyebrow: 'Camille, rédactrice SEO à Paris', title: 'Des articles SEO en méthode hybride : la vitesse de l’IA, le jugement humain', subtitle: 'J’ai aidé plus de 100 clients à développer leur trafic organique. Un article, un prix : 195 €, publié sur votre WordPress.' },
  pricingOpenai: { eyebrow: 'Camille, rédactrice SEO à Paris', title: 'Un article d’expert chaque semaine, sans y penser', subtitle: 'Un pack mensuel de 4 articles planifiés en cluster thématique : 690 € par mois, sans engagement.' },
  pricingAntropic: { eyebrow: 'Camille, rédactrice SEO à Paris', title: 'Imposez-vous sur un sujet : un cluster complet de 10 articles', subtitle: 'Une page pilier et neuf articles satellites, reliés entre eux pour bâtir votre autorité. 1 490 € en une fois.' },
  discovery: { eyebrow: 'Offre découverte', title: 'Essayez un vrai article SEO pour 1 €', subtitle: 'Une seule fois par client. Si l’article vous convient, les suivants coûtent 195 € chacun ; sinon, vous le gardez.' },
  discoveryTimeline: { eyebrow: 'Offre découverte', title: 'De 1 € à votre article, livré sous 24 à 48 heures', subtitle: 'Voici exactement ce qui se passe quand vous essayez votre premier article.' },
};

/** Home2 uses its own section titles. */
export const home2Sections: Record<'how' | 'comparison' | 'features' | 'testimonials' | 'pricing' | 'faq' | 'finalCta', SectionCopy> = {
    how: { title: 'Trois étapes, cinq minutes de votre temps', subtitle: 'Nous faisons la recherche, la rédaction et la publication.' },
    comparison: { title: 'Vous pourriez le faire vous-même. Voici ce que cela demande.' },
    features: { title: 'Ce que vous obtenez avec chaque article' },
    testimonials: { title: 'Des fondateurs qui n’écrivent plus' },
    pricing: { title: 'Choisissez votre formule', subtitle: 'À l’article, sans contrat.' },
    faq: { title: 'Vos questions avant de commencer' },
    finalCta: { title: 'Votre prochain article peut être en ligne cette semaine', subtitle: 'Choisissez une formule, remplissez le brief, validez.' },
  };

/** Final call-to-action steps (Home). */
export const finalCtaSteps: string[] = ['Demandez votre article gratuit', 'Remplissez le brief de 5 minutes', 'Recevez-le sous 24 à 48 heures'];
