import type { RouteKey } from '../../config/paths';
import type { PageMeta } from '../../content/types';

/** Unique title and meta description per public route and language. */
export const pageMeta: Record<RouteKey, PageMeta> = {
  home: { title: 'Citable : articles SEO rédigés avec l’IA, relus par des experts', description: 'Des articles SEO longs, recherchés avec l’IA, relus par un expert SEO humain et publiés sur votre WordPress. Votre premier article est offert.' },
  homeWhyAi: { title: 'Pourquoi l’IA seule ne suffit pas : les articles SEO Citable', description: 'Recherche et rédaction par l’IA, relecture SEO humaine : la méthode Citable, des formules dès 40 $ US par article et un premier article offert.' },
  home1: { title: 'Contenu SEO clé en main en 3 étapes | Citable', description: 'Brief, recherche, publication : des articles SEO dès 40 €, relus par des humains, avec clusters thématiques, analyse SERP et publication WordPress.' },
  home2: { title: 'Arrêtez d’écrire vos articles de blog vous-même | Citable', description: 'Confiez votre blog à des experts SEO qui utilisent bien l’IA. Articles recherchés, rédigés, relus et publiés pour vous, à l’article.' },
  home3: { title: 'Articles SEO sans contrat, payés à l’article | Citable', description: 'Sans engagement, paiement à l’article, arrêt quand vous voulez. 4 étapes du brief à la publication, 8 services inclus, dès 40 €.' },
  home4: { title: 'Votre article SEO écrit par un spécialiste : 195 € | Citable', description: 'Un spécialiste SEO indépendant écrit votre article avec l’IA comme assistante. 195 €, publié sur WordPress, satisfaction garantie.' },
  home5: { title: 'Mieux qu’un freelance, plus malin qu’un outil IA | Citable', description: 'Comparez Citable aux rédacteurs freelances et aux outils IA : recherche SEO, relecture humaine et publication dès 50 € HT par article.' },
  pricingGoogle: { title: 'Articles SEO hybrides IA + humain, 195 € l’unité | Citable', description: 'Une rédactrice SEO avec une méthode hybride IA et humaine. De vrais avis, un prix clair de 195 € par article, FAQ.' },
  pricingOpenai: { title: 'Pack mensuel de contenu SEO : 4 articles pour 690 € | Citable', description: 'Un article SEO relu par un expert chaque semaine, planifié en cluster et publié sur WordPress. 690 € par mois, sans engagement.' },
  pricingAntropic: { title: 'Pack autorité : un cluster complet de 10 articles | Citable', description: 'Une page pilier et neuf articles satellites avec maillage interne, relus par un expert SEO humain. 1 490 € en une fois.' },
  discovery: { title: 'Offre découverte : votre premier article SEO pour 1 € | Citable', description: 'Essayez un article SEO relu par un expert pour 1 €, une fois par client, puis 195 € l’article. Sans abonnement.' },
  discoveryTimeline: { title: 'De 1 € à un article publié en 48 heures | Citable', description: 'Chaque étape de l’offre découverte à 1 € : brief aujourd’hui, article sous 48 heures, puis vous décidez. Un article découverte par client.' },
  firstArticle: { title: 'Configuration du premier article | Citable', description: 'Indiquez votre site et votre adresse e-mail : nous commençons la rédaction de votre premier article optimisé SEO.' },
  firstArticleSuccess: { title: 'Merci : votre premier article est en route | Citable', description: 'Nous analysons votre site et vos mots-clés, rédigeons votre premier article SEO et vous l’envoyons sous 24 à 48 heures.' },
  discoverySuccess: { title: 'Merci : votre paiement est confirmé | Citable', description: 'Votre premier article est commandé : livraison sous 24 à 48 heures. Le reçu vous est envoyé par Stripe.' },
  maintenance: { title: 'Maintenance programmée | Citable', description: 'Citable est en maintenance programmée et revient très vite.' },
  comingSoon: { title: 'Site en cours de développement | Citable', description: 'Le site Citable est en cours de développement. Le lancement est prévu très prochainement.' },
};
