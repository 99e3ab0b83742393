import type { ReviewShot, Testimonial } from '../../content/types';

/** Customer testimonials. `avatar` holds the initials drawn in the avatar disc (no external images). */
export const testimonials: Testimonial[] = [
    { quote: 'Notre blog est passé de 300 à 4 200 visites par mois en cinq mois. Chaque article semble écrit par nous.', name: 'Sophie Moreau', title: 'Fondatrice, Atelier Lumen', avatar: 'SM' },
    { quote: 'Je passais mes dimanches à corriger des brouillons IA. Maintenant, je valide un article en cinq minutes et il est en ligne sur WordPress.', name: 'Julien Petit', title: 'Entrepreneur indépendant, Nomad Finance', avatar: 'JP' },
    { quote: 'Ils ont trouvé plus de 200 mots-clés qui nous échappaient et construit des clusters autour. Le chiffre d’affaires organique a augmenté de 70 %.', name: 'Sarah Klein', title: 'Responsable de la croissance, Parcel SaaS', avatar: 'SK' },
    { quote: 'En tant qu’agence, il nous fallait un partenaire qui écrive bien et connaisse le SEO. La relecture fait toute la différence.', name: 'Thomas Garnier', title: 'Directeur, Agence Nord', avatar: 'TG' },
    { quote: 'Nos fiches produits ont enfin des articles de soutien qui se positionnent. ChatGPT en cite désormais deux.', name: 'Inès Haddad', title: 'Responsable e-commerce, Maison Sable', avatar: 'IH' },
    { quote: 'L’appel de 15 minutes valait déjà le coup : un plan clair pour le trimestre, et des articles qui le suivent.', name: 'David Laurent', title: 'Responsable marketing, Fleetly', avatar: 'DL' },
  ];

export const reviewShots: ReviewShot[] = [
    { reviewer: 'Marc D.', date: 'mars 2025', stars: 5, source: 'Avis Google', text: 'Premier article en première page sur notre mot-clé principal en six semaines. Méthode claire, livraison rapide, vraie réflexion SEO.' },
    { reviewer: 'Léa R.', date: 'février 2025', stars: 5, source: 'Avis Google', text: 'Rien à voir avec le contenu IA générique que j’avais testé. Sources, structure, ton : tout était juste dès le premier jet.' },
    { reviewer: 'Hugo B.', date: 'janvier 2025', stars: 5, source: 'Avis Google', text: 'Publication directe sur WordPress avec une belle image à la une. Je lis et je valide. Exactement ce qu’il faut à une petite équipe.' },
  ];
