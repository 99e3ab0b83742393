import type { ReviewShot, Testimonial } from '../../content/types';

/** Customer testimonials. `avatar` holds the initials drawn in the avatar disc (no external images). */
export const testimonials: Testimonial[] = [
    { quote: 'Our blog went from 300 to 4,200 monthly visits in five months. Every article reads like we wrote it ourselves.', name: 'Sophie Moreau', title: 'Founder, Atelier Lumen', avatar: 'SM' },
    { quote: 'I used to spend my Sundays fighting with AI drafts. Now I approve an article in five minutes and it is live on WordPress.', name: 'Julien Petit', title: 'Solopreneur, Nomad Finance', avatar: 'JP' },
    { quote: 'They found 200+ keywords we were missing and built clusters around them. Organic revenue is up 70%.', name: 'Sarah Klein', title: 'Head of Growth, Parcel SaaS', avatar: 'SK' },
    { quote: 'As an agency we needed a partner who writes well and knows SEO. The editing makes all the difference.', name: 'Thomas Garnier', title: 'Director, Agence Nord', avatar: 'TG' },
    { quote: 'Our product pages finally have supporting articles that rank. ChatGPT now cites two of them.', name: 'Inès Haddad', title: 'E-commerce Manager, Maison Sable', avatar: 'IH' },
    { quote: 'The 15-minute call was worth it alone: a clear plan for the quarter, and articles that follow it.', name: 'David Laurent', title: 'Marketing Lead, Fleetly', avatar: 'DL' },
  ];

export const reviewShots: ReviewShot[] = [
    { reviewer: 'Marc D.', date: 'March 2025', stars: 5, source: 'Google review', text: 'First article ranked on page one for our main keyword in six weeks. Clear process, fast delivery, real SEO thinking.' },
    { reviewer: 'Léa R.', date: 'February 2025', stars: 5, source: 'Google review', text: 'Nothing like the generic AI content I tried before. Sources, structure, tone: everything was right on the first draft.' },
    { reviewer: 'Hugo B.', date: 'January 2025', stars: 5, source: 'Google review', text: 'They publish straight to WordPress with a nice featured image. I just read and approve. Exactly what a small team needs.' },
  ];
