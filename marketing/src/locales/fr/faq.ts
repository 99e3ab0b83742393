import type { PricingVariant } from '../../content/plans';
import type { FaqItem } from '../../content/types';

/** Main landing page FAQ. */
export const mainFaq: FaqItem[] = [
    { question: 'L’article offert est-il vraiment gratuit ?', answer: 'Oui. L’article gratuit est offert une fois, à l’essai, sans piège : ni carte, ni abonnement. S’il vous convient, vous choisissez une formule ; sinon, vous le gardez.' },
    { question: 'Quelle différence avec un outil de rédaction IA ?', answer: 'L’IA fait la recherche et le premier jet. Un expert SEO humain relit ensuite chaque article : structure, faits, ton, liens internes et intention de recherche. Vous recevez un article fini, pas un brouillon à corriger.' },
    { question: 'Quelle est la longueur d’un article ?', answer: 'Environ 1 800 mots en moyenne, selon ce qu’il faut pour dépasser le top 10 des résultats sur votre mot-clé.' },
    { question: 'Publiez-vous sur mon site ?', answer: 'Oui. Nous publions sur votre site WordPress, en brouillon ou directement, avec une image à la une libre de droits, comme vous préférez.' },
    { question: 'Mes articles seront-ils cités par les assistants IA ?', answer: 'Chaque article est structuré avec des réponses claires, des sources et des entités pour que moteurs de recherche et assistants IA puissent le citer. Personne ne peut garantir une citation, mais nous écrivons pour cela.' },
    { question: 'Puis-je arrêter ?', answer: 'Les formules sont à l’article et au mois, sans contrat. Arrêtez quand vous voulez.' },
  ];

/** Home: FAQ of 4 questions. */
export const homeFaq: FaqItem[] = [
    { question: 'Qui rédige les articles ?', answer: 'L’IA rédige à partir de nos recherches, puis un expert SEO humain relit chaque ligne avant que vous la voyiez.' },
    { question: 'Quel est le délai de livraison ?', answer: 'Votre premier article arrive sous 24 à 48 heures après votre brief de 5 minutes.' },
    { question: 'Et si un article ne me plaît pas ?', answer: 'Chaque formule inclut des séries de révisions. Nous retravaillons l’article jusqu’à ce qu’il corresponde à votre ton.' },
    { question: 'Faut-il un site WordPress ?', answer: 'Nous publions directement sur WordPress. Pour les autres plateformes, nous livrons le HTML prêt à coller et les images.' },
  ];

/** Home2: FAQ with different copy. */
export const home2Faq: FaqItem[] = [
    { question: 'Qu’ai-je à faire ?', answer: 'Remplir un brief de 5 minutes. Nous nous chargeons des mots-clés, de la rédaction, de la relecture, des images et de la publication.' },
    { question: 'Quels mots-clés allez-vous cibler ?', answer: 'Nous analysons votre site et le top 10 de votre marché, puis proposons un cluster thématique que vous validez.' },
    { question: 'Le contenu est-il original ?', answer: 'Chaque article est écrit pour vous, vérifié pour son originalité et relu par un expert humain.' },
    { question: 'Y a-t-il un contrat ?', answer: 'Non. Vous payez à l’article et pouvez arrêter à tout moment.' },
  ];

/** Home3: FAQ in two categories. */
export const home3Faq: FaqItem[] = [
    { category: 'Service', question: 'Que comprend chaque article ?', answer: 'Recherche de mots-clés, analyse des SERP, premier jet IA, relecture SEO humaine, image à la une libre de droits et publication sur WordPress.' },
    { category: 'Service', question: 'Pouvez-vous respecter le ton de ma marque ?', answer: 'Oui. Votre brief décrit votre ton, vos mots et ceux à éviter ; chaque relecteur s’y conforme.' },
    { category: 'Service', question: 'Comment choisissez-vous les sujets ?', answer: 'Nous construisons des clusters thématiques à partir de votre offre et de ce qui se positionne déjà, pour que chaque article renforce les autres.' },
    { category: 'Facturation', question: 'Comment suis-je facturé ?', answer: 'À l’article, sans engagement : vous payez chaque article commandé, et vous arrêtez quand vous voulez.' },
    { category: 'Facturation', question: 'Y a-t-il des remises sur volume ?', answer: 'Oui : les formules Pro et Enterprise baissent le prix par article, et nous établissons un devis au-delà de 20 articles par mois.' },
    { category: 'Facturation', question: 'Puis-je être remboursé ?', answer: 'Si un article ne convient toujours pas après les révisions, dites-le-nous et nous trouverons une solution.' },
  ];

/** Home4 (solo author): 5-question FAQ. Also used by the pricing and discovery variants. */
export const home4Faq: FaqItem[] = [
    { question: 'Qui va écrire mon article ?', answer: 'Moi, avec l’IA comme assistante de recherche. Je suis spécialiste SEO : je planifie, relis et vérifie chaque article moi-même.' },
    { question: 'Qu’est-ce que j’obtiens exactement pour 195 € ?', answer: 'Un article d’environ 1 800 mots ciblant votre mot-clé, une analyse du top 10 Google, une image à la une libre de droits et la publication sur votre site WordPress.' },
    { question: 'Et si je ne suis pas satisfait ?', answer: 'Je réécris jusqu’à ce que vous soyez satisfait. Si vous ne l’êtes toujours pas, vous ne payez rien.' },
    { question: 'Quel est le délai de livraison ?', answer: 'De 24 à 48 heures après votre brief de 5 minutes.' },
    { question: 'Peut-on échanger avant ?', answer: 'Bien sûr. Réservez un appel stratégique gratuit de 15 minutes et je regarderai votre site avec vous.' },
  ];

/** Home5 (solo author, other persona). */
export const home5Faq: FaqItem[] = [
    { question: 'Pourquoi ne pas engager un rédacteur freelance ?', answer: 'Un bon freelance coûte plus cher et fait rarement la recherche SEO, les images et la publication. Ici, tout est inclus pour un seul prix.' },
    { question: 'Pourquoi ne pas simplement utiliser un outil IA ?', answer: 'Les outils IA donnent un brouillon. Il reste la recherche, la relecture, la vérification et la publication. Je fais tout cela pour vous.' },
    { question: 'Travaillez-vous avec des agences ?', answer: 'Oui. J’écris en marque blanche pour vos clients, avec des tarifs dégressifs.' },
    { question: 'De quoi avez-vous besoin ?', answer: 'L’adresse de votre site, votre offre principale et 5 minutes pour remplir le brief.' },
  ];

/** Extra questions for the discovery-offer variants. */
export const discoveryFaq: FaqItem[] = [
    { question: 'Pourquoi payer 1 € plutôt que rien ?', answer: 'Je facture 1 € au lieu d’offrir l’article, pour m’assurer que chaque demande est sérieuse. Une seule offre par client.' },
    { question: 'Que se passe-t-il après le premier article ?', answer: 'Rien d’automatique. Si vous en voulez d’autres, chaque article coûte 195 €. Sans abonnement.' },
    ...home4Faq.slice(2),
  ];

/** FAQ de chaque variante tarifaire de Home4, conforme à l’offre de la page (l’article à 195 €, le pack mensuel à 690 €, le cluster à 1 490 €). */
export const pricingVariantFaqs: Record<PricingVariant, FaqItem[]> = {
  google: home4Faq,
  openai: [
    home4Faq[0],
    { question: 'Qu’est-ce que j’obtiens exactement pour 690 € par mois ?', answer: 'Quatre articles d’environ 1 800 mots, un par semaine, planifiés ensemble en cluster thématique : une analyse du top 10 Google pour chacun, des images à la une libres de droits, la publication sur votre site WordPress et un appel stratégique de 15 minutes chaque mois. Soit 172,50 € par article.' },
    { question: 'Y a-t-il un engagement ?', answer: 'Non. Le pack est facturé de mois en mois et résiliable à tout moment.' },
    { question: 'Comment les sujets sont-ils choisis ?', answer: 'Au début de chaque mois, je planifie le cluster à partir de votre offre et de ce qui se positionne déjà, et vous le validez. Chaque nouvel article renforce ainsi les autres.' },
    { question: 'Et si un article ne me satisfait pas ?', answer: 'Je le réécris jusqu’à ce que vous soyez satisfait. Si vous ne l’êtes toujours pas, vous ne payez pas cet article.' },
    home4Faq[4],
  ],
  antropic: [
    home4Faq[0],
    { question: 'Qu’est-ce que j’obtiens exactement pour 1 490 € ?', answer: 'Un cluster thématique complet : une page pilier de plus de 3 000 mots et neuf articles satellites d’environ 1 800 mots, un plan de maillage interne, une analyse du top 10 Google, des images à la une libres de droits et la publication sur votre site WordPress. Soit 149 € par article.' },
    { question: 'Pourquoi tout un cluster d’un coup ?', answer: 'Dix articles sur un même sujet, reliés autour d’une page pilier, montrent aux moteurs de recherche et aux assistants IA que votre site fait autorité sur ce sujet. Publiés ensemble, ils se renforcent dès le premier jour.' },
    { question: 'Est-ce un abonnement ?', answer: 'Non. Vous payez 1 490 € une seule fois pour les dix articles. Rien ne se renouvelle.' },
    { question: 'Et si un article ne me satisfait pas ?', answer: 'Je le réécris jusqu’à ce que vous soyez satisfait. Si vous ne l’êtes toujours pas, vous ne payez pas cet article.' },
    { question: 'Peut-on choisir le sujet ensemble ?', answer: 'Bien sûr. Réservez un appel stratégique gratuit de 15 minutes : je vous aide à choisir le sujet et les mots-clés, puis je planifie la page pilier et les neuf articles autour.' },
  ],
};
