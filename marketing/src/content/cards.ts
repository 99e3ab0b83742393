import type { Customer, IconCard, Localized, Stat } from './types';

/** Three-step how-it-works. */
export const threeSteps: Localized<IconCard[]> = {
  en: [
    { icon: 'message', title: '1. Tell us about your site', description: 'A 5-minute brief: your offer, your audience, your tone. Optional free 15-minute strategy call.' },
    { icon: 'search', title: '2. We research and write', description: 'Topic clusters, top-10 SERP analysis, an AI draft, then a human SEO expert edits every line.' },
    { icon: 'world-upload', title: '3. We publish', description: 'The article goes to your WordPress with a royalty-free featured image. You just approve.' },
  ],
  fr: [
    { icon: 'message', title: '1. Parlez-nous de votre site', description: 'Un brief de 5 minutes : votre offre, votre public, votre ton. Appel stratégique de 15 minutes offert en option.' },
    { icon: 'search', title: '2. Nous cherchons et rédigeons', description: 'Clusters thématiques, analyse du top 10 Google, un premier jet IA, puis un expert SEO humain relit chaque ligne.' },
    { icon: 'world-upload', title: '3. Nous publions', description: 'L’article part sur votre WordPress avec une image à la une libre de droits. Vous n’avez qu’à valider.' },
  ],
};

/** Home3: 4-step path. */
export const fourSteps: Localized<IconCard[]> = {
  en: [
    { icon: 'message', title: 'Brief', description: 'Five minutes to share your offer, audience and voice.' },
    { icon: 'target', title: 'Strategy', description: 'We map topic clusters and pick keywords you can win.' },
    { icon: 'pencil', title: 'Writing and editing', description: 'AI drafts, a human SEO expert edits, fact-checks and links.' },
    { icon: 'rocket', title: 'Publishing', description: 'Live on your WordPress with a featured image, ready to rank.' },
  ],
  fr: [
    { icon: 'message', title: 'Brief', description: 'Cinq minutes pour partager votre offre, votre public et votre ton.' },
    { icon: 'target', title: 'Stratégie', description: 'Nous cartographions les clusters thématiques et choisissons des mots-clés gagnables.' },
    { icon: 'pencil', title: 'Rédaction et relecture', description: 'L’IA rédige, un expert SEO humain relit, vérifie et ajoute les liens.' },
    { icon: 'rocket', title: 'Publication', description: 'En ligne sur votre WordPress avec une image à la une, prêt à se positionner.' },
  ],
};

/** Home4: hybrid process (AI + human). */
export const hybridSteps: Localized<IconCard[]> = {
  en: [
    { icon: 'robot', title: 'AI does the heavy lifting', description: 'Research of the top-10 results, outline and first draft in minutes.' },
    { icon: 'user-check', title: 'I do the thinking', description: 'I check every fact, sharpen the angle, add your expertise and internal links.' },
    { icon: 'world-upload', title: 'You get a finished article', description: 'Published to your WordPress with a featured image, within 24 to 48 hours.' },
  ],
  fr: [
    { icon: 'robot', title: 'L’IA fait le gros du travail', description: 'Recherche du top 10, plan et premier jet en quelques minutes.' },
    { icon: 'user-check', title: 'Je fais la réflexion', description: 'Je vérifie chaque fait, affine l’angle, ajoute votre expertise et les liens internes.' },
    { icon: 'world-upload', title: 'Vous recevez un article fini', description: 'Publié sur votre WordPress avec une image à la une, sous 24 à 48 heures.' },
  ],
};

/** Six feature cards. */
export const sixFeatures: Localized<IconCard[]> = {
  en: [
    { icon: 'target', title: 'Topic-cluster research', description: 'Articles planned as clusters so each one lifts the others.' },
    { icon: 'chart', title: 'Top-10 SERP analysis', description: 'We study what ranks today and write to beat it.' },
    { icon: 'user-check', title: 'Human SEO editing', description: 'An expert edits structure, facts, tone and links.' },
    { icon: 'photo', title: 'Royalty-free featured image', description: 'Every article comes with an image you can use freely.' },
    { icon: 'world-upload', title: 'WordPress publishing', description: 'We publish for you, as a draft or live.' },
    { icon: 'sparkles', title: 'Written to be cited by AI', description: 'Clear answers and sources that AI assistants can quote.' },
  ],
  fr: [
    { icon: 'target', title: 'Recherche de clusters', description: 'Des articles pensés en clusters pour que chacun renforce les autres.' },
    { icon: 'chart', title: 'Analyse du top 10 Google', description: 'Nous étudions ce qui se positionne aujourd’hui et écrivons pour faire mieux.' },
    { icon: 'user-check', title: 'Relecture SEO humaine', description: 'Un expert corrige structure, faits, ton et liens.' },
    { icon: 'photo', title: 'Image à la une libre de droits', description: 'Chaque article est livré avec une image utilisable librement.' },
    { icon: 'world-upload', title: 'Publication WordPress', description: 'Nous publions pour vous, en brouillon ou en ligne.' },
    { icon: 'sparkles', title: 'Écrit pour être cité par l’IA', description: 'Des réponses claires et sourcées que les assistants IA peuvent citer.' },
  ],
};

/** Home3: eight feature cards. */
export const eightFeatures: Localized<IconCard[]> = {
  en: [
    ...sixFeatures.en,
    { icon: 'clock', title: '24-48 hour delivery', description: 'Your article is ready to review within two days.' },
    { icon: 'phone', title: 'Free 15-minute strategy call', description: 'Talk directly with the makers, no agency in between.' },
  ],
  fr: [
    ...sixFeatures.fr,
    { icon: 'clock', title: 'Livraison en 24 à 48 heures', description: 'Votre article est prêt à relire en deux jours.' },
    { icon: 'phone', title: 'Appel stratégique offert de 15 minutes', description: 'Échangez directement avec les créateurs, sans agence.' },
  ],
};

/** Home4/Home5 benefits. */
export const benefits: Localized<IconCard[]> = {
  en: [
    { icon: 'clock', title: 'Get your evenings back', description: 'No more blank pages or AI drafts to fix. A 5-minute brief and you are done.' },
    { icon: 'trending-up', title: 'Traffic that compounds', description: 'Evergreen articles keep bringing visitors months after they are published.' },
    { icon: 'shield', title: 'No risk', description: 'I rewrite until you are satisfied, or you pay nothing.' },
    { icon: 'heart', title: 'Work with a person', description: 'You talk to me directly. No agency, no account manager.' },
  ],
  fr: [
    { icon: 'clock', title: 'Retrouvez vos soirées', description: 'Fini la page blanche et les brouillons IA à corriger. Un brief de 5 minutes et c’est tout.' },
    { icon: 'trending-up', title: 'Un trafic qui s’accumule', description: 'Les articles intemporels attirent des visiteurs des mois après leur publication.' },
    { icon: 'shield', title: 'Sans risque', description: 'Je réécris jusqu’à ce que vous soyez satisfait, ou vous ne payez rien.' },
    { icon: 'heart', title: 'Travaillez avec une personne', description: 'Vous me parlez directement. Pas d’agence, pas de chef de projet.' },
  ],
};

/** Claimed figures (spec/public.md §1). */
export const stats: Localized<Stat[]> = {
  en: [
    { value: '1,800', label: 'words per article on average' },
    { value: '100+', label: 'clients' },
    { value: '+70%', label: 'organic revenue' },
    { value: '200+', label: 'keywords ranked' },
  ],
  fr: [
    { value: '1 800', label: 'mots par article en moyenne' },
    { value: '100+', label: 'clients' },
    { value: '+70 %', label: 'de chiffre d’affaires organique' },
    { value: '200+', label: 'mots-clés positionnés' },
  ],
};

/** Customers table with four sample companies. */
export const customers: Localized<Customer[]> = {
  en: [
    { company: 'Atelier Lumen', sector: 'Design studio', result: '+1,300% blog traffic', articles: '24 articles' },
    { company: 'Parcel SaaS', sector: 'B2B software', result: '+70% organic revenue', articles: '60 articles' },
    { company: 'Maison Sable', sector: 'E-commerce', result: 'Cited by ChatGPT', articles: '18 articles' },
    { company: 'Agence Nord', sector: 'Marketing agency', result: '200+ keywords ranked', articles: '120 articles' },
  ],
  fr: [
    { company: 'Atelier Lumen', sector: 'Studio de design', result: '+1 300 % de trafic blog', articles: '24 articles' },
    { company: 'Parcel SaaS', sector: 'Logiciel B2B', result: '+70 % de CA organique', articles: '60 articles' },
    { company: 'Maison Sable', sector: 'E-commerce', result: 'Cité par ChatGPT', articles: '18 articles' },
    { company: 'Agence Nord', sector: 'Agence marketing', result: '200+ mots-clés positionnés', articles: '120 articles' },
  ],
};

/** Logo strip (company names drawn as word marks). */
export const logos = ['Atelier Lumen', 'Parcel', 'Maison Sable', 'Agence Nord', 'Fleetly', 'Nomad Finance'];
