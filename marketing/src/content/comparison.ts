import type { ComparisonRow, Localized } from './types';

/** DIY AI tools vs the service (learning curve, customization, publishing, pricing...). */
export const diyComparison: Localized<ComparisonRow[]> = {
  en: [
    { feature: 'Learning curve', diy: { text: 'Prompts, settings and SEO plugins to master', rating: 'bad' }, citable: { text: 'A 5-minute brief, we do the rest', rating: 'good' } },
    { feature: 'Customization', diy: { text: 'Generic tone unless you rewrite it', rating: 'neutral' }, citable: { text: 'Your voice, edited by a human SEO expert', rating: 'good' } },
    { feature: 'Research', diy: { text: 'Up to you', rating: 'bad' }, citable: { text: 'Topic clusters and top-10 SERP analysis', rating: 'good' } },
    { feature: 'Publishing', diy: { text: 'Copy, paste, format, find an image', rating: 'bad' }, citable: { text: 'Published to your WordPress with a featured image', rating: 'good' } },
    { feature: 'Pricing', diy: { text: 'Subscription plus your time', rating: 'neutral' }, citable: { text: 'Pay per article, no contract', rating: 'good' } },
  ],
  fr: [
    { feature: 'Prise en main', diy: { text: 'Prompts, réglages et extensions SEO à maîtriser', rating: 'bad' }, citable: { text: 'Un brief de 5 minutes, nous faisons le reste', rating: 'good' } },
    { feature: 'Personnalisation', diy: { text: 'Ton générique sauf si vous le réécrivez', rating: 'neutral' }, citable: { text: 'Votre ton, relu par un expert SEO humain', rating: 'good' } },
    { feature: 'Recherche', diy: { text: 'À votre charge', rating: 'bad' }, citable: { text: 'Clusters thématiques et analyse du top 10 Google', rating: 'good' } },
    { feature: 'Publication', diy: { text: 'Copier, coller, mettre en forme, trouver une image', rating: 'bad' }, citable: { text: 'Publié sur votre WordPress avec une image à la une', rating: 'good' } },
    { feature: 'Tarif', diy: { text: 'Abonnement plus votre temps', rating: 'neutral' }, citable: { text: 'Paiement à l’article, sans contrat', rating: 'good' } },
  ],
};

/** Home5: 3-way comparison of the service, freelance writers and DIY AI tools. */
export const threeWayComparison: Localized<ComparisonRow[]> = {
  en: [
    { feature: 'Price per article', citable: { text: '50 EUR excl. VAT, all included', rating: 'good' }, freelance: { text: '250-500 EUR, SEO extra', rating: 'bad' }, diy: { text: '20-100 EUR a month plus your time', rating: 'neutral' } },
    { feature: 'SEO research', citable: { text: 'Top-10 SERP analysis and clusters', rating: 'good' }, freelance: { text: 'Rarely included', rating: 'neutral' }, diy: { text: 'Up to you', rating: 'bad' } },
    { feature: 'Quality', citable: { text: 'Edited by a human SEO expert', rating: 'good' }, freelance: { text: 'Depends on the writer', rating: 'neutral' }, diy: { text: 'Generic, needs rewriting', rating: 'bad' } },
    { feature: 'Turnaround', citable: { text: '24-48 hours', rating: 'good' }, freelance: { text: '1-2 weeks', rating: 'bad' }, diy: { text: 'Instant draft, hours of editing', rating: 'neutral' } },
    { feature: 'Publishing and image', citable: { text: 'Done for you', rating: 'good' }, freelance: { text: 'Usually not included', rating: 'bad' }, diy: { text: 'You do it', rating: 'bad' } },
  ],
  fr: [
    { feature: 'Prix par article', citable: { text: '50 EUR HT, tout compris', rating: 'good' }, freelance: { text: '250 à 500 EUR, SEO en plus', rating: 'bad' }, diy: { text: '20 à 100 EUR par mois plus votre temps', rating: 'neutral' } },
    { feature: 'Recherche SEO', citable: { text: 'Analyse du top 10 et clusters', rating: 'good' }, freelance: { text: 'Rarement incluse', rating: 'neutral' }, diy: { text: 'À votre charge', rating: 'bad' } },
    { feature: 'Qualité', citable: { text: 'Relu par un expert SEO humain', rating: 'good' }, freelance: { text: 'Dépend du rédacteur', rating: 'neutral' }, diy: { text: 'Générique, à réécrire', rating: 'bad' } },
    { feature: 'Délai', citable: { text: '24 à 48 heures', rating: 'good' }, freelance: { text: '1 à 2 semaines', rating: 'bad' }, diy: { text: 'Brouillon immédiat, des heures de reprise', rating: 'neutral' } },
    { feature: 'Publication et image', citable: { text: 'Faites pour vous', rating: 'good' }, freelance: { text: 'Généralement non incluses', rating: 'bad' }, diy: { text: 'À vous de le faire', rating: 'bad' } },
  ],
};
