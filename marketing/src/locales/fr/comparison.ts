import type { ComparisonRow } from '../../content/types';

/** DIY AI tools vs the service (learning curve, customization, publishing, pricing...). */
export const diyComparison: ComparisonRow[] = [
    { feature: 'Prise en main', diy: { text: 'Prompts, réglages et extensions SEO à maîtriser', rating: 'bad' }, citable: { text: 'Un brief de 5 minutes, nous faisons le reste', rating: 'good' } },
    { feature: 'Personnalisation', diy: { text: 'Ton générique sauf si vous le réécrivez', rating: 'neutral' }, citable: { text: 'Votre ton, relu par un expert SEO humain', rating: 'good' } },
    { feature: 'Recherche', diy: { text: 'À votre charge', rating: 'bad' }, citable: { text: 'Clusters thématiques et analyse du top 10 Google', rating: 'good' } },
    { feature: 'Publication', diy: { text: 'Copier, coller, mettre en forme, trouver une image', rating: 'bad' }, citable: { text: 'Publié sur votre WordPress avec une image à la une', rating: 'good' } },
    { feature: 'Tarif', diy: { text: 'Un abonnement, plus votre temps', rating: 'neutral' }, citable: { text: 'Paiement à l’article, sans contrat', rating: 'good' } },
  ];

/** Home5: 3-way comparison of the service, freelance writers and DIY AI tools. */
export const threeWayComparison: ComparisonRow[] = [
    { feature: 'Prix par article', citable: { text: '50 € HT, tout compris', rating: 'good' }, freelance: { text: '250 à 500 €, SEO en plus', rating: 'bad' }, diy: { text: '20 à 100 € par mois, plus votre temps', rating: 'neutral' } },
    { feature: 'Recherche SEO', citable: { text: 'Analyse du top 10 et clusters', rating: 'good' }, freelance: { text: 'Rarement incluse', rating: 'neutral' }, diy: { text: 'À votre charge', rating: 'bad' } },
    { feature: 'Qualité', citable: { text: 'Relu par moi, ligne à ligne', rating: 'good' }, freelance: { text: 'Dépend du rédacteur', rating: 'neutral' }, diy: { text: 'Générique, à réécrire', rating: 'bad' } },
    { feature: 'Délai', citable: { text: '24 à 48 heures', rating: 'good' }, freelance: { text: '1 à 2 semaines', rating: 'bad' }, diy: { text: 'Brouillon immédiat, des heures de reprise', rating: 'neutral' } },
    { feature: 'Publication et image', citable: { text: 'Faites pour vous', rating: 'good' }, freelance: { text: 'Généralement non incluses', rating: 'bad' }, diy: { text: 'À vous de le faire', rating: 'bad' } },
  ];
