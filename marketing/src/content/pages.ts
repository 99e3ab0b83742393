import type { Localized } from './types';

export interface HeroCopy { eyebrow: string; title: string; subtitle: string; bullets?: string[] }
export interface SectionCopy { title: string; subtitle?: string }

export type LandingKey =
  | 'main' | 'home1' | 'home2' | 'home3' | 'home4' | 'home5'
  | 'pricingGoogle' | 'pricingOpenai' | 'pricingAntropic' | 'discovery' | 'discoveryTimeline';

/** Hero copy of each landing page, per locale. */
export const heroes: Record<LandingKey, Localized<HeroCopy>> = {
  main: {
    en: { eyebrow: 'SEO x AI content', title: 'Articles that rank on Google and get cited by AI', subtitle: 'AI researches and drafts. A human SEO expert edits. We publish to your WordPress. Your first article is free.' },
    fr: { eyebrow: 'Contenu SEO x IA', title: 'Des articles qui se positionnent sur Google et sont cités par l’IA', subtitle: 'L’IA recherche et rédige. Un expert SEO humain relit. Nous publions sur votre WordPress. Votre premier article est offert.' },
  },
  home1: {
    en: { eyebrow: 'Done-for-you SEO content', title: 'Your blog, written and published for you', subtitle: 'Keyword-driven articles researched with AI and edited by SEO experts, for founders, SaaS companies, agencies and stores.' },
    fr: { eyebrow: 'Contenu SEO clé en main', title: 'Votre blog, rédigé et publié pour vous', subtitle: 'Des articles guidés par les mots-clés, recherchés avec l’IA et relus par des experts SEO, pour fondateurs, SaaS, agences et boutiques.' },
  },
  home2: {
    en: { eyebrow: 'For busy founders', title: 'Stop writing blog posts. Start ranking.', subtitle: 'Give us 5 minutes. We give you SEO articles that bring customers, edited by humans and published for you.' },
    fr: { eyebrow: 'Pour les fondateurs pressés', title: 'Arrêtez d’écrire. Commencez à vous positionner.', subtitle: 'Donnez-nous 5 minutes. Nous vous livrons des articles SEO qui amènent des clients, relus par des humains et publiés pour vous.' },
  },
  home3: {
    en: { eyebrow: 'SEO articles, on demand', title: 'Expert SEO articles, one at a time', subtitle: 'Order exactly what you need. Every article is researched, written, edited and published for you.', bullets: ['No contracts', 'Pay per article', 'Cancel anytime'] },
    fr: { eyebrow: 'Articles SEO à la demande', title: 'Des articles SEO d’expert, un par un', subtitle: 'Commandez exactement ce dont vous avez besoin. Chaque article est recherché, rédigé, relu et publié pour vous.', bullets: ['Sans contrat', 'Paiement à l’article', 'Résiliable à tout moment'] },
  },
  home4: {
    en: { eyebrow: 'Hi, I write SEO articles', title: 'I write the articles your blog needs to rank', subtitle: 'AI is my research assistant; the judgement is mine. One clear price, 195 EUR per article, satisfaction guaranteed.' },
    fr: { eyebrow: 'Bonjour, j’écris des articles SEO', title: 'J’écris les articles dont votre blog a besoin pour se positionner', subtitle: 'L’IA est mon assistante de recherche ; le jugement reste le mien. Un prix clair, 195 EUR par article, satisfaction garantie.' },
  },
  home5: {
    en: { eyebrow: 'For SaaS and e-commerce teams', title: 'Better than a freelancer. Smarter than an AI tool.', subtitle: 'I combine AI research with SEO expertise to deliver articles that rank, for less than a freelance writer and without the AI cleanup.' },
    fr: { eyebrow: 'Pour les équipes SaaS et e-commerce', title: 'Mieux qu’un freelance. Plus malin qu’un outil IA.', subtitle: 'J’associe la recherche par l’IA et l’expertise SEO pour livrer des articles qui se positionnent, moins cher qu’un freelance et sans nettoyage de texte IA.' },
  },
  pricingGoogle: {
    en: { eyebrow: 'Camille, SEO writer in Paris', title: 'SEO articles with a hybrid method: AI speed, human judgement', subtitle: 'I have helped 100+ clients grow organic traffic. One article, one price: 195 EUR, published to your WordPress.' },
    fr: { eyebrow: 'Camille, rédactrice SEO à Paris', title: 'Des articles SEO en méthode hybride : la vitesse de l’IA, le jugement humain', subtitle: 'J’ai aidé plus de 100 clients à développer leur trafic organique. Un article, un prix : 195 EUR, publié sur votre WordPress.' },
  },
  pricingOpenai: {
    en: { eyebrow: 'Camille, SEO writer in Paris', title: 'One expert article every week, without thinking about it', subtitle: 'A monthly pack of 4 articles planned as a topic cluster: 690 EUR a month, cancel anytime.' },
    fr: { eyebrow: 'Camille, rédactrice SEO à Paris', title: 'Un article d’expert chaque semaine, sans y penser', subtitle: 'Un pack mensuel de 4 articles planifiés en cluster thématique : 690 EUR par mois, sans engagement.' },
  },
  pricingAntropic: {
    en: { eyebrow: 'Camille, SEO writer in Paris', title: 'Own a topic: a complete cluster of 10 articles', subtitle: 'One pillar page and nine supporting articles, linked together to build authority. 1,490 EUR one-off.' },
    fr: { eyebrow: 'Camille, rédactrice SEO à Paris', title: 'Imposez-vous sur un sujet : un cluster complet de 10 articles', subtitle: 'Une page pilier et neuf articles satellites, reliés entre eux pour bâtir votre autorité. 1 490 EUR en une fois.' },
  },
  discovery: {
    en: { eyebrow: 'Discovery offer', title: 'Try a real SEO article for 1 EUR', subtitle: 'One per client. If you like it, next articles are 195 EUR each. If not, you keep it.' },
    fr: { eyebrow: 'Offre découverte', title: 'Essayez un vrai article SEO pour 1 EUR', subtitle: 'Une fois par client. S’il vous plaît, les articles suivants coûtent 195 EUR. Sinon, vous le gardez.' },
  },
  discoveryTimeline: {
    en: { eyebrow: 'Discovery offer', title: 'From 1 EUR to a published article in 48 hours', subtitle: 'Here is exactly what happens when you try your first article.' },
    fr: { eyebrow: 'Offre découverte', title: 'De 1 EUR à un article publié en 48 heures', subtitle: 'Voici exactement ce qui se passe quand vous essayez votre premier article.' },
  },
};

/** Home2 uses its own section titles. */
export const home2Sections: Localized<Record<'how' | 'comparison' | 'features' | 'testimonials' | 'pricing' | 'faq' | 'finalCta', SectionCopy>> = {
  en: {
    how: { title: 'Three steps, five minutes of your time', subtitle: 'We do the research, the writing and the publishing.' },
    comparison: { title: 'You could do it yourself. Here is what it takes.' },
    features: { title: 'What you get with every article' },
    testimonials: { title: 'Founders who stopped writing' },
    pricing: { title: 'Choose your plan', subtitle: 'Per article, no contract.' },
    faq: { title: 'Questions before you start' },
    finalCta: { title: 'Your next article could be live this week', subtitle: 'Pick a plan, fill in the brief, approve.' },
  },
  fr: {
    how: { title: 'Trois étapes, cinq minutes de votre temps', subtitle: 'Nous faisons la recherche, la rédaction et la publication.' },
    comparison: { title: 'Vous pourriez le faire vous-même. Voici ce que cela demande.' },
    features: { title: 'Ce que vous obtenez avec chaque article' },
    testimonials: { title: 'Des fondateurs qui n’écrivent plus' },
    pricing: { title: 'Choisissez votre formule', subtitle: 'À l’article, sans contrat.' },
    faq: { title: 'Vos questions avant de commencer' },
    finalCta: { title: 'Votre prochain article peut être en ligne cette semaine', subtitle: 'Choisissez une formule, remplissez le brief, validez.' },
  },
};

/** Final call-to-action steps (Home). */
export const finalCtaSteps: Localized<string[]> = {
  en: ['Claim your free article', 'Fill in the 5-minute brief', 'Receive it within 24-48 hours'],
  fr: ['Demandez votre article gratuit', 'Remplissez le brief de 5 minutes', 'Recevez-le sous 24 à 48 heures'],
};
