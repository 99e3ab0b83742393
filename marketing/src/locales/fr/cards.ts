import type { Customer, IconCard, Stat } from '../../content/types';

/** Three-step how-it-works. */
export const threeSteps: IconCard[] = [
    { icon: 'message', title: '1. Parlez-nous de votre site', description: 'Un brief de 5 minutes : votre offre, votre public, votre ton. Appel stratégique de 15 minutes offert en option.' },
    { icon: 'search', title: '2. Nous cherchons et rédigeons', description: 'Clusters thématiques, analyse du top 10 Google, un premier jet IA, puis un expert SEO humain relit chaque ligne.' },
    { icon: 'world-upload', title: '3. Nous publions', description: 'L’article est publié sur votre WordPress avec une image à la une libre de droits. Vous n’avez qu’à valider.' },
  ];

/** The three steps told by one author (/home-5 speaks in the first person singular). */
export const soloThreeSteps: IconCard[] = [
    { icon: 'message', title: '1. Parlez-moi de votre site', description: 'Un brief de 5 minutes : votre offre, votre public, votre ton. Appel stratégique de 15 minutes offert en option.' },
    { icon: 'search', title: '2. Je cherche et je rédige', description: 'Clusters thématiques, analyse du top 10 Google, un premier jet IA, puis je relis chaque ligne.' },
    { icon: 'world-upload', title: '3. Je publie', description: 'L’article est publié sur votre WordPress avec une image à la une libre de droits. Vous n’avez qu’à valider.' },
  ];

/** Home3: 4-step path. */
export const fourSteps: IconCard[] = [
    { icon: 'message', title: 'Brief', description: '5 minutes pour partager votre offre, votre public et votre ton.' },
    { icon: 'target', title: 'Stratégie', description: 'Nous cartographions les clusters thématiques et choisissons des mots-clés à votre portée.' },
    { icon: 'pencil', title: 'Rédaction et relecture', description: 'L’IA rédige, un expert SEO humain relit, vérifie et ajoute les liens.' },
    { icon: 'rocket', title: 'Publication', description: 'En ligne sur votre WordPress avec une image à la une, prêt à se positionner.' },
  ];

/** Home4: hybrid process (AI + human). */
export const hybridSteps: IconCard[] = [
    { icon: 'robot', title: 'L’IA fait le gros du travail', description: 'Analyse du top 10, plan et premier jet en quelques minutes.' },
    { icon: 'user-check', title: 'Je m’occupe de la réflexion', description: 'Je vérifie chaque fait, affine l’angle, ajoute votre expertise et les liens internes.' },
    { icon: 'world-upload', title: 'Vous recevez un article fini', description: 'Publié sur votre WordPress avec une image à la une, sous 24 à 48 heures.' },
  ];

/** Six feature cards. */
export const sixFeatures: IconCard[] = [
    { icon: 'target', title: 'Recherche de clusters', description: 'Des articles pensés en clusters pour que chacun renforce les autres.' },
    { icon: 'chart', title: 'Analyse du top 10 Google', description: 'Nous étudions ce qui se positionne aujourd’hui et écrivons pour faire mieux.' },
    { icon: 'user-check', title: 'Relecture SEO humaine', description: 'Un expert corrige structure, faits, ton et liens.' },
    { icon: 'photo', title: 'Image à la une libre de droits', description: 'Chaque article est livré avec une image utilisable librement.' },
    { icon: 'world-upload', title: 'Publication WordPress', description: 'Nous publions pour vous, en brouillon ou en ligne.' },
    { icon: 'sparkles', title: 'Écrit pour être cité par l’IA', description: 'Des réponses claires et sourcées que les assistants IA peuvent citer.' },
  ];

/** Home3: eight feature cards. */
export const eightFeatures: IconCard[] = [
    ...sixFeatures,
    { icon: 'clock', title: 'Livraison en 24 à 48 heures', description: 'Votre article est prêt à être relu en deux jours au plus.' },
    { icon: 'phone', title: 'Appel stratégique de 15 minutes offert', description: 'Échangez directement avec les créateurs, sans agence.' },
  ];

/** Home4/Home5 benefits. */
export const benefits: IconCard[] = [
    { icon: 'clock', title: 'Retrouvez vos soirées', description: 'Fini la page blanche et les brouillons IA à corriger. Un brief de 5 minutes et c’est tout.' },
    { icon: 'trending-up', title: 'Un trafic qui s’accumule', description: 'Les articles intemporels attirent des visiteurs des mois après leur publication.' },
    { icon: 'sparkles', title: 'Écrit pour être cité', description: 'Des réponses claires et des sources que moteurs de recherche et assistants IA peuvent citer.' },
    { icon: 'heart', title: 'Un interlocuteur unique', description: 'Vous me parlez directement. Pas d’agence, pas de chef de projet.' },
  ];

/** Claimed figures (docs/public-site.md#what-it-sells). */
export const stats: Stat[] = [
    { value: '1 800', label: 'mots par article en moyenne' },
    { value: '100+', label: 'clients' },
    { value: '+70 %', label: 'de chiffre d’affaires organique' },
    { value: '200+', label: 'mots-clés positionnés' },
  ];

/** Customers table with four sample companies. */
export const customers: Customer[] = [
    { company: 'Atelier Lumen', sector: 'Studio de design', result: '+1 300 % de trafic sur le blog', articles: '24 articles' },
    { company: 'Parcel SaaS', sector: 'Logiciel B2B', result: '+70 % de CA organique', articles: '60 articles' },
    { company: 'Maison Sable', sector: 'E-commerce', result: 'Cité par ChatGPT', articles: '18 articles' },
    { company: 'Agence Nord', sector: 'Agence marketing', result: 'Plus de 200 mots-clés positionnés', articles: '120 articles' },
  ];
