import type { Localized, Testimonial } from './types';

/** Customer testimonials. `avatar` holds the initials drawn in the avatar disc (no external images). */
export const testimonials: Localized<Testimonial[]> = {
  en: [
    { quote: 'Our blog went from 300 to 4,200 monthly visits in five months. Every article reads like we wrote it ourselves.', name: 'Camille Moreau', title: 'Founder, Atelier Lumen', avatar: 'CM' },
    { quote: 'I used to spend my Sundays fighting with AI drafts. Now I approve an article in five minutes and it is live on WordPress.', name: 'Julien Petit', title: 'Solopreneur, Nomad Finance', avatar: 'JP' },
    { quote: 'They found 200+ keywords we were missing and built clusters around them. Organic revenue is up 70%.', name: 'Sarah Klein', title: 'Head of Growth, Parcel SaaS', avatar: 'SK' },
    { quote: 'As an agency we needed a partner who writes well and knows SEO. The editing makes all the difference.', name: 'Thomas Garnier', title: 'Director, Agence Nord', avatar: 'TG' },
    { quote: 'Our product pages finally have supporting articles that rank. ChatGPT now cites two of them.', name: 'Inès Haddad', title: 'E-commerce Manager, Maison Sable', avatar: 'IH' },
    { quote: 'The 15-minute call was worth it alone: a clear plan for the quarter, and articles that follow it.', name: 'David Laurent', title: 'Marketing Lead, Fleetly', avatar: 'DL' },
  ],
  fr: [
    { quote: 'Notre blog est passé de 300 à 4 200 visites par mois en cinq mois. Chaque article semble écrit par nous.', name: 'Camille Moreau', title: 'Fondatrice, Atelier Lumen', avatar: 'CM' },
    { quote: 'Je passais mes dimanches à corriger des brouillons IA. Maintenant je valide un article en cinq minutes et il est en ligne sur WordPress.', name: 'Julien Petit', title: 'Solopreneur, Nomad Finance', avatar: 'JP' },
    { quote: 'Ils ont trouvé plus de 200 mots-clés qui nous échappaient et construit des clusters autour. Le chiffre d’affaires organique a augmenté de 70 %.', name: 'Sarah Klein', title: 'Head of Growth, Parcel SaaS', avatar: 'SK' },
    { quote: 'En tant qu’agence, il nous fallait un partenaire qui écrit bien et connaît le SEO. La relecture fait toute la différence.', name: 'Thomas Garnier', title: 'Directeur, Agence Nord', avatar: 'TG' },
    { quote: 'Nos fiches produits ont enfin des articles de soutien qui se positionnent. ChatGPT en cite désormais deux.', name: 'Inès Haddad', title: 'Responsable e-commerce, Maison Sable', avatar: 'IH' },
    { quote: 'L’appel de 15 minutes valait déjà le coup : un plan clair pour le trimestre, et des articles qui le suivent.', name: 'David Laurent', title: 'Responsable marketing, Fleetly', avatar: 'DL' },
  ],
};

/** Client review "screenshots" (drawn as review cards): reviewer, stars, date, text. */
export interface ReviewShot { reviewer: string; date: string; stars: number; text: string; source: string }
export const reviewShots: Localized<ReviewShot[]> = {
  en: [
    { reviewer: 'Marc D.', date: 'March 2025', stars: 5, source: 'Google review', text: 'First article ranked on page one for our main keyword in six weeks. Clear process, fast delivery, real SEO thinking.' },
    { reviewer: 'Léa R.', date: 'February 2025', stars: 5, source: 'Google review', text: 'Nothing like the generic AI content I tried before. Sources, structure, tone: everything was right on the first draft.' },
    { reviewer: 'Hugo B.', date: 'January 2025', stars: 5, source: 'Google review', text: 'They publish straight to WordPress with a nice featured image. I just read and approve. Exactly what a small team needs.' },
  ],
  fr: [
    { reviewer: 'Marc D.', date: 'mars 2025', stars: 5, source: 'Avis Google', text: 'Premier article en première page sur notre mot-clé principal en six semaines. Process clair, livraison rapide, vraie réflexion SEO.' },
    { reviewer: 'Léa R.', date: 'février 2025', stars: 5, source: 'Avis Google', text: 'Rien à voir avec le contenu IA générique que j’avais testé. Sources, structure, ton : tout était juste dès le premier jet.' },
    { reviewer: 'Hugo B.', date: 'janvier 2025', stars: 5, source: 'Avis Google', text: 'Publication directe sur WordPress avec une belle image à la une. Je lis et je valide. Exactement ce qu’il faut à une petite équipe.' },
  ],
};
