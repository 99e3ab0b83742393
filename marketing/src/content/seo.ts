import type { RouteKey } from '../config/paths';
import type { Localized } from './types';

export interface PageMeta { title: string; description: string }

/** Unique title and meta description per public route and language. */
export const pageMeta: Record<RouteKey, Localized<PageMeta>> = {
  home: {
    en: { title: 'Citable: SEO articles written with AI, edited by experts', description: 'Long-form SEO articles researched with AI, edited by a human SEO expert and published to your WordPress. Get your first article free.' },
    fr: { title: 'Citable : articles SEO rédigés avec l’IA, relus par des experts', description: 'Des articles SEO longs, recherchés avec l’IA, relus par un expert SEO humain et publiés sur votre WordPress. Votre premier article est offert.' },
  },
  homeWhyAi: {
    en: { title: 'Why AI alone is not enough: Citable SEO articles', description: 'AI research and writing plus human SEO editing: the Citable method, plans from 40 USD per article and a free first article.' },
    fr: { title: 'Pourquoi l’IA seule ne suffit pas : les articles SEO Citable', description: 'Recherche et rédaction par l’IA, relecture SEO humaine : la méthode Citable, des formules dès 40 USD par article et un premier article offert.' },
  },
  home1: {
    en: { title: 'Done-for-you SEO content in 3 steps | Citable', description: 'Brief, research, publish: SEO articles from 40 EUR, edited by humans, with topic clusters, SERP analysis and WordPress publishing.' },
    fr: { title: 'Contenu SEO clé en main en 3 étapes | Citable', description: 'Brief, recherche, publication : des articles SEO dès 40 EUR, relus par des humains, avec clusters thématiques, analyse SERP et publication WordPress.' },
  },
  home2: {
    en: { title: 'Stop writing blog posts yourself | Citable', description: 'Hand your blog to SEO experts who use AI the right way. Articles researched, written, edited and published for you, per article.' },
    fr: { title: 'Arrêtez d’écrire vos articles de blog vous-même | Citable', description: 'Confiez votre blog à des experts SEO qui utilisent bien l’IA. Articles recherchés, rédigés, relus et publiés pour vous, à l’article.' },
  },
  home3: {
    en: { title: 'SEO articles with no contracts, pay per article | Citable', description: 'No contracts, pay per article, cancel anytime. A 4-step path from brief to published, 8 features included, plans from 40 EUR.' },
    fr: { title: 'Articles SEO sans contrat, payés à l’article | Citable', description: 'Sans contrat, paiement à l’article, résiliable à tout moment. 4 étapes du brief à la publication, 8 services inclus, dès 40 EUR.' },
  },
  home4: {
    en: { title: 'Your SEO article, written by a specialist: 195 EUR | Citable', description: 'A solo SEO specialist writes your article with AI as research assistant. 195 EUR, published to WordPress, satisfaction guaranteed.' },
    fr: { title: 'Votre article SEO écrit par un spécialiste : 195 EUR | Citable', description: 'Un spécialiste SEO indépendant écrit votre article avec l’IA comme assistante. 195 EUR, publié sur WordPress, satisfaction garantie.' },
  },
  home5: {
    en: { title: 'Better than a freelancer, smarter than an AI tool | Citable', description: 'Compare Citable with freelance writers and DIY AI tools: SEO research, human editing and publishing from 50 EUR excl. VAT per article.' },
    fr: { title: 'Mieux qu’un freelance, plus malin qu’un outil IA | Citable', description: 'Comparez Citable aux rédacteurs freelance et aux outils IA : recherche SEO, relecture humaine et publication dès 50 EUR HT par article.' },
  },
  pricingGoogle: {
    en: { title: 'Hybrid AI + human SEO articles, 195 EUR each | Citable', description: 'A personal-brand SEO writer with a hybrid AI and human method. Real reviews, one clear price of 195 EUR per article, FAQ.' },
    fr: { title: 'Articles SEO hybrides IA + humain, 195 EUR l’unité | Citable', description: 'Une rédactrice SEO avec une méthode hybride IA et humaine. De vrais avis, un prix clair de 195 EUR par article, FAQ.' },
  },
  pricingOpenai: {
    en: { title: 'Monthly SEO content pack: 4 articles for 690 EUR | Citable', description: 'One expert-edited SEO article a week, planned as a topic cluster and published to WordPress. 690 EUR a month, cancel anytime.' },
    fr: { title: 'Pack mensuel de contenu SEO : 4 articles pour 690 EUR | Citable', description: 'Un article SEO relu par un expert chaque semaine, planifié en cluster et publié sur WordPress. 690 EUR par mois, sans engagement.' },
  },
  pricingAntropic: {
    en: { title: 'Authority pack: a full topic cluster of 10 articles | Citable', description: 'One pillar page and nine supporting articles with internal linking, edited by a human SEO expert. 1,490 EUR one-off.' },
    fr: { title: 'Pack autorité : un cluster complet de 10 articles | Citable', description: 'Une page pilier et neuf articles satellites avec maillage interne, relus par un expert SEO humain. 1 490 EUR en une fois.' },
  },
  discovery: {
    en: { title: 'Discovery offer: your first SEO article for 1 EUR | Citable', description: 'Try an expert-edited SEO article for 1 EUR, one per client, then 195 EUR per article. No subscription.' },
    fr: { title: 'Offre découverte : votre premier article SEO pour 1 EUR | Citable', description: 'Essayez un article SEO relu par un expert pour 1 EUR, une fois par client, puis 195 EUR l’article. Sans abonnement.' },
  },
  discoveryTimeline: {
    en: { title: 'From 1 EUR to a published article in 48 hours | Citable', description: 'See each step of the 1 EUR discovery offer: brief today, article in 48 hours, then decide. One per client.' },
    fr: { title: 'De 1 EUR à un article publié en 48 heures | Citable', description: 'Chaque étape de l’offre découverte à 1 EUR : brief aujourd’hui, article sous 48 heures, puis vous décidez. Une par client.' },
  },
  firstArticle: {
    en: { title: 'First Article Setup | Citable', description: 'Tell us your website and e-mail address and we start writing your first SEO-optimised article.' },
    fr: { title: 'Configuration du premier article | Citable', description: 'Indiquez votre site et votre adresse e-mail et nous commençons la rédaction de votre premier article optimisé SEO.' },
  },
  firstArticleSuccess: {
    en: { title: 'Thank you: your first article is on its way | Citable', description: 'We analyze your site and keywords, write your first SEO article and send it within 24-48 hours.' },
    fr: { title: 'Merci : votre premier article est en route | Citable', description: 'Nous analysons votre site et vos mots-clés, rédigeons votre premier article SEO et vous l’envoyons sous 24 à 48 heures.' },
  },
  maintenance: {
    en: { title: 'Scheduled maintenance | Citable', description: 'Citable is undergoing scheduled maintenance and will be back shortly.' },
    fr: { title: 'Maintenance programmée | Citable', description: 'Citable est en maintenance programmée et revient très vite.' },
  },
  comingSoon: {
    en: { title: 'Site under development | Citable', description: 'The Citable site is under development. Launch is planned soon.' },
    fr: { title: 'Site en cours de développement | Citable', description: 'Le site Citable est en cours de développement. Le lancement est prévu très prochainement.' },
  },
};
