// A fake web of competitor pages for research tests and the article benchmark: a local HTTP server
// (127.0.0.1 only) serving pages of the shapes research meets on the real web.
//   /pain-levain-1 … /pain-levain-5   French articles about bread with levain, each in another
//                                     template (nav, cookie banner, sidebar, comments, footer, TOC)
//   /enorme                           an article followed by several MB of inline JSON (a huge page)
//   /r/1 -> /r/2 -> /pain-levain-4    a redirect chain (301 then 302)
//   /fiche-levain                     a PDF (application/pdf), no extension in the URL
//   /disparu                          404
//   /lent                             answers after `slowMs` (beyond the research timeout)
//   /court                            a stub page: too little text to be an article
//   /notre-boulangerie                the site's own "about" page (a to_scrape page)
// web.variant('long') adds sections to every article (the competitors get longer); web.requests
// lists the paths asked for; web.latency(ms) delays every page (the benchmark).
import http from 'node:http';

const NAV = `<header class="site-header"><a class="logo" href="/">Le Fournil Gourmand</a>
<nav class="main-menu"><ul><li><a href="/">Accueil</a></li><li><a href="/recettes">Recettes</a></li><li><a href="/boutique">Boutique</a></li><li><a href="/ateliers">Ateliers</a></li><li><a href="/contact">Contact</a></li></ul></nav>
<form class="search" role="search"><input type="search" name="q" placeholder="Rechercher une recette"><button>Rechercher</button></form></header>`;

const COOKIES = `<div id="cookie-banner" class="cookie-consent gdpr-banner" role="dialog"><p>Nous utilisons des cookies pour mesurer l'audience de notre boutique et personnaliser les publicités. En cliquant sur « Accepter », vous consentez à l'utilisation des cookies publicitaires par nos partenaires.</p><button>Accepter les cookies</button><button>Refuser les cookies</button><a href="/confidentialite">Paramétrer les cookies</a></div>`;

const SIDEBAR = `<aside class="sidebar widget-area"><section class="widget"><h3>Articles populaires</h3><ul><li><a href="/brioche">Brioche vendéenne facile</a></li><li><a href="/crepes">Pâte à crêpes inratable</a></li><li><a href="/galette">Galette des rois frangipane</a></li></ul></section>
<section class="widget newsletter"><h3>Newsletter gourmande</h3><p>Inscrivez-vous à la newsletter gourmande et recevez un ebook offert de recettes gourmandes !</p><input type="email" placeholder="Votre adresse e-mail"><button>Je m'inscris</button></section>
<section class="widget"><h3>Boutique</h3><p>Banneton en rotin, lame de boulanger, grigne et corbeille : découvrez la boutique du fournil, livraison offerte dès 49 euros.</p></section></aside>`;

const FOOTER = `<footer class="site-footer"><p>Le Fournil Gourmand © 2026 — Tous droits réservés.</p><ul><li><a href="/mentions-legales">Mentions légales</a></li><li><a href="/cgv">Conditions générales de vente</a></li><li><a href="/confidentialite">Politique de confidentialité</a></li><li><a href="/plan">Plan du site</a></li></ul><p>Suivez le fournil sur Instagram, Facebook et Pinterest.</p></footer>`;

const COMMENTS = `<section id="comments" class="comments-area"><h2>12 commentaires</h2>
<div class="comment"><p class="comment-author">Martine</p><p>Merci pour la recette, super blog, je partage avec ma belle-sœur !</p><a class="reply" href="#">Répondre</a></div>
<div class="comment"><p class="comment-author">Jojo75</p><p>Trop bien, merci merci, je teste ce week-end avec les enfants.</p><a class="reply" href="#">Répondre</a></div>
<form class="comment-form"><label>Votre commentaire</label><textarea></textarea><button>Publier le commentaire</button></form></section>`;

/**
 * The articles: title, introduction, sections (h2, optional h3 subsections, paragraphs).
 * @typedef {{ h: string, level?: 2 | 3, p: string[] }} Section
 * @typedef {{ title: string, intro: string[], sections: Section[], extra: Section[] }} Article
 * @type {Article[]}
 */
const ARTICLES = [
  {
    title: 'Pain au levain maison : la recette complète pas à pas',
    intro: [
      "Faire son pain au levain à la maison demande un peu de patience, mais le résultat n'a rien à voir avec une baguette industrielle : une mie alvéolée, une croûte épaisse et croustillante, et ce petit goût acidulé que donne la fermentation lente. Dans ce guide, nous reprenons chaque étape, de la préparation du levain naturel à la cuisson en cocotte.",
    ],
    sections: [
      {
        h: 'Les ingrédients du pain au levain',
        p: [
          "Pour une miche d'environ 900 grammes, il vous faut 500 grammes de farine de blé T65, 350 grammes d'eau tiède, 100 grammes de levain naturel actif et 10 grammes de sel. La farine T65, dite bise, contient assez de protéines pour développer un bon réseau de gluten, tout en gardant une partie du son qui nourrit la fermentation.",
          "Choisissez de préférence une farine bio, moulue sur meule de pierre : elle est plus riche en micro-organismes et en enzymes, ce qui aide le levain à travailler. L'eau doit être peu chlorée ; si l'eau du robinet sent le chlore, laissez-la reposer une nuit à température ambiante.",
        ],
      },
      {
        h: 'Rafraîchir son levain la veille',
        p: [
          "La veille au soir, rafraîchissez votre levain : mélangez 50 grammes de levain chef avec 50 grammes de farine et 50 grammes d'eau. Couvrez et laissez à température ambiante. Le lendemain matin, le levain doit avoir doublé de volume, présenter de nombreuses bulles et dégager une odeur légèrement acide, proche du yaourt.",
          "Un levain trop jeune fait un pain dense ; un levain trop vieux donne une pâte collante et un goût très aigre. Le bon moment pour l'utiliser, c'est au pic de son activité, juste avant qu'il ne retombe.",
        ],
      },
      {
        h: "L'autolyse et le pétrissage",
        p: [
          "Mélangez la farine et 320 grammes d'eau, sans le levain ni le sel, et laissez reposer une heure : c'est l'autolyse. Pendant ce repos, la farine s'hydrate et le gluten commence à se former seul, ce qui raccourcit le pétrissage et améliore l'extensibilité de la pâte.",
          "Ajoutez ensuite le levain, puis le sel dissous dans le reste de l'eau. Pétrissez dix minutes à la main, ou cinq minutes au robot à vitesse lente. La pâte est prête quand elle se décolle des parois et qu'une fine membrane se forme quand on l'étire entre les doigts.",
        ],
      },
      {
        h: 'Le pointage et les rabats',
        p: [
          "Le pointage est la première fermentation, en masse. Comptez trois à quatre heures à 24 degrés. Pendant la première heure et demie, faites une série de rabats toutes les trente minutes : étirez un bord de la pâte vers le haut et rabattez-le sur le dessus, en tournant le bol d'un quart de tour.",
          "Les rabats renforcent le réseau de gluten sans pétrissage supplémentaire et répartissent la chaleur dans la pâte. À la fin du pointage, la pâte doit avoir gonflé d'environ cinquante pour cent et être bombée, souple et pleine de bulles.",
        ],
      },
      {
        h: 'Le façonnage et l’apprêt au réfrigérateur',
        p: [
          "Renversez la pâte sur le plan de travail légèrement fariné, pré-façonnez une boule et laissez détendre vingt minutes. Façonnez ensuite un bâtard ou une boule bien serrée, puis déposez-la soudure vers le haut dans un banneton fariné.",
          "L'apprêt se fait au réfrigérateur, entre 12 et 16 heures. Cette fermentation lente au froid développe les arômes, rend la pâte plus facile à grigner et permet de cuire le pain le matin.",
        ],
      },
      {
        h: 'La cuisson en cocotte',
        p: [
          "Préchauffez le four à 250 degrés avec la cocotte en fonte à l'intérieur pendant 45 minutes. Retournez le pâton sur une feuille de papier cuisson, grignez-le d'un coup de lame franc, puis déposez-le dans la cocotte brûlante et fermez le couvercle.",
          "Faites cuire 25 minutes couvert à 250 degrés, puis retirez le couvercle et poursuivez la cuisson 20 minutes à 230 degrés. La vapeur emprisonnée dans la cocotte permet au pain de bien se développer ; la croûte est dorée quand le dessous du pain sonne creux.",
        ],
      },
      {
        h: 'Comment savoir si le levain est prêt ?',
        p: [
          "Faites le test du flottement : déposez une cuillère de levain dans un verre d'eau. S'il flotte, il est assez chargé en gaz pour faire lever la pâte. S'il coule, attendez une heure ou deux et recommencez.",
        ],
      },
    ],
    extra: [
      {
        h: 'Varier les farines',
        p: [
          "Une fois la recette maîtrisée, remplacez 20 pour cent de la farine de blé par de la farine de seigle, d'épeautre ou de petit épeautre. Le seigle apporte un goût plus rustique et une mie plus dense ; l'épeautre rend la pâte plus fragile, il faut alors réduire un peu l'hydratation. Chaque farine boit l'eau différemment : ajoutez-la progressivement pendant le pétrissage et observez la texture de la pâte plutôt que de suivre aveuglément les grammes de la recette.",
          "Vous pouvez aussi ajouter des graines : lin, tournesol, courge ou sésame, trempées la veille pour qu'elles ne pompent pas l'eau de la pâte. Incorporez-les au moment des rabats, jamais pendant l'autolyse, et comptez environ 15 pour cent du poids de farine. Les graines torréfiées à sec dans une poêle donnent un goût de noisette qui se marie très bien avec l'acidité du levain naturel.",
        ],
      },
    ],
  },
  {
    title: 'Réussir son pain au levain naturel : nos conseils de boulanger',
    intro: [
      "Le levain naturel, c'est simplement un mélange de farine et d'eau dans lequel se développent des levures sauvages et des bactéries lactiques. Il remplace la levure de boulanger et donne au pain une meilleure conservation, une mie plus digeste et une saveur incomparable. Voici comment nous travaillons au fournil.",
    ],
    sections: [
      {
        h: 'Créer son levain naturel en cinq jours',
        p: [
          "Le premier jour, mélangez 50 grammes de farine de seigle complète et 50 grammes d'eau tiède dans un bocal propre. Couvrez sans fermer hermétiquement et laissez à température ambiante, idéalement autour de 25 degrés. Les jours suivants, jetez la moitié du mélange et nourrissez-le avec la même quantité de farine et d'eau.",
          "Vers le quatrième ou le cinquième jour, le levain double de volume en quelques heures après chaque rafraîchi : il est prêt. S'il sent l'acétone, c'est qu'il a faim ; nourrissez-le plus souvent.",
        ],
      },
      {
        h: 'Ingrédients',
        p: [
          "Pour deux pains : 1 kilogramme de farine de blé T80, 700 grammes d'eau, 200 grammes de levain naturel rafraîchi et 20 grammes de sel de Guérande. Avec 70 pour cent d'hydratation, la pâte reste facile à travailler pour un débutant tout en donnant une mie bien alvéolée.",
        ],
      },
      {
        h: 'Le pétrissage de la pâte',
        p: [
          "Délayez le levain dans l'eau, ajoutez la farine et mélangez grossièrement. Après trente minutes d'autolyse, ajoutez le sel et pétrissez jusqu'à obtenir une pâte lisse. Un pétrissage trop long réchauffe la pâte : la température de la pâte en fin de pétrissage doit rester proche de 24 degrés.",
          "Si vous n'avez pas de robot, la méthode des rabats fonctionne très bien : quatre séries de rabats espacées de trente minutes remplacent un pétrissage intensif.",
        ],
      },
      {
        h: 'Première fermentation : le pointage',
        p: [
          "Laissez la pâte fermenter trois heures dans un bol couvert. La fermentation du levain est plus lente que celle de la levure : ne vous fiez pas au temps mais à l'aspect de la pâte, qui doit être gonflée, légère et parsemée de bulles en surface.",
        ],
      },
      {
        h: 'Façonnage',
        p: [
          "Divisez la pâte en deux, boulez chaque pâton sans écraser les bulles, puis façonnez en serrant bien la surface. Placez les pâtons dans des bannetons farinés de farine de riz, qui ne colle pas, puis au réfrigérateur pour la nuit.",
        ],
      },
      {
        h: 'La cuisson du pain au levain',
        p: [
          "Cuisez sur une pierre à pain préchauffée à 240 degrés, avec un récipient d'eau en bas du four pour créer de la vapeur. Grignez chaque pain avant l'enfournement. Après 15 minutes, retirez l'eau et baissez à 220 degrés pour 25 minutes de cuisson.",
          "Laissez refroidir au moins une heure sur une grille avant de trancher : la mie finit de cuire pendant le refroidissement.",
        ],
      },
      {
        h: 'Comment savoir si mon levain est prêt ?',
        p: [
          "Un levain prêt a doublé de volume, sa surface est bombée et couverte de bulles, et il sent bon le fruit et le yaourt. Le test du verre d'eau confirme : une cuillerée de levain actif flotte.",
        ],
      },
      {
        h: 'Pourquoi mon pain au levain est-il trop plat ?',
        p: [
          "Un pain plat vient presque toujours d'un levain pas assez actif, d'un pointage trop court ou trop long, ou d'un façonnage pas assez serré. Vérifiez aussi l'hydratation : une pâte trop hydratée s'étale à la cuisson.",
        ],
      },
    ],
    extra: [
      {
        h: 'Adapter la recette aux saisons',
        p: [
          "En été, la fermentation s'accélère : utilisez une eau plus fraîche, réduisez la quantité de levain et surveillez le pointage de près, car la pâte peut lever en deux heures seulement. En hiver, au contraire, placez le bol près d'une source de chaleur douce ou dans le four éteint avec la lumière allumée pour garder la pâte autour de 24 degrés.",
          "Notez à chaque fournée la température de la pièce, la durée du pointage et l'aspect du pain : au bout de quelques semaines, ce carnet de boulanger vous permettra d'ajuster la recette sans hésiter, quelle que soit la saison. Les boulangers professionnels calculent d'ailleurs la température de l'eau pour obtenir une pâte toujours à la même température en fin de pétrissage.",
        ],
      },
    ],
  },
  {
    title: 'Levain naturel et pain maison : le guide pour débutants',
    intro: [
      "Vous rêvez de sortir de votre four une belle miche dorée ? Le pain au levain est à la portée de tous, à condition de comprendre comment vit le levain. Ce guide pour débutants explique l'entretien du levain, la recette de base et les erreurs fréquentes.",
    ],
    sections: [
      {
        h: "Qu'est-ce que le levain naturel ?",
        p: [
          "Le levain naturel est une culture de levures sauvages et de bactéries lactiques qui vivent dans la farine. Nourri régulièrement de farine et d'eau, il fait lever la pâte tout en produisant des acides qui parfument le pain et ralentissent son rassissement.",
        ],
      },
      {
        h: 'Entretenir et nourrir son levain',
        p: [
          "Un levain conservé à température ambiante se nourrit chaque jour : retirez la moitié, ajoutez autant de farine que d'eau, mélangez. Si vous faites du pain une fois par semaine, gardez le levain au réfrigérateur et nourrissez-le une fois par semaine ; sortez-le la veille de la fournée et rafraîchissez-le deux fois.",
          "Le liquide grisâtre qui apparaît parfois à la surface s'appelle l'hooch : c'est le signe que le levain a faim. Versez-le ou mélangez-le, puis nourrissez le levain.",
        ],
      },
      {
        h: 'La recette de base du pain au levain',
        p: [
          "Mélangez 400 grammes de farine T65, 100 grammes de farine complète, 360 grammes d'eau et 100 grammes de levain actif. Après une heure d'autolyse, ajoutez 10 grammes de sel et pétrissez. Laissez pointer quatre heures avec trois séries de rabats, façonnez, puis laissez l'apprêt se faire une nuit au réfrigérateur.",
        ],
      },
      {
        h: 'La cuisson',
        p: [
          "Le lendemain, préchauffez le four à 250 degrés avec une cocotte en fonte. Grignez le pâton, enfournez dans la cocotte fermée pendant 20 minutes, puis découvrez et laissez cuire encore 20 à 25 minutes jusqu'à obtenir une croûte bien dorée.",
        ],
      },
      {
        h: 'Conserver son pain au levain',
        p: [
          "Le pain au levain se conserve quatre à cinq jours dans un torchon ou une boîte à pain en bois. Évitez le réfrigérateur, qui accélère le rassissement. Vous pouvez aussi le trancher et congeler les tranches, à passer directement au grille-pain.",
        ],
      },
      {
        h: 'Combien de temps faut-il pour faire un levain ?',
        p: [
          "Comptez cinq à sept jours pour qu'un levain créé de zéro soit assez actif pour faire lever un pain. Il continuera à gagner en force et en arômes pendant les premières semaines.",
        ],
      },
    ],
    extra: [
      {
        h: 'Les erreurs fréquentes des débutants',
        p: [
          "La première erreur est de vouloir aller trop vite : un levain de trois jours n'a pas encore la force de faire lever une miche, et un pointage écourté donne une mie serrée et un pain lourd. La deuxième est de trop fariner le plan de travail au façonnage : la farine crue empêche la pâte de se souder et crée des trous sous la croûte.",
          "Autre piège : couper le pain encore chaud. La mie est alors collante et le pain sèche plus vite. Enfin, ne jetez pas votre levain s'il semble paresseux après une semaine au réfrigérateur : deux ou trois rafraîchis à température ambiante suffisent presque toujours à le réveiller. Le levain est robuste, bien plus qu'on ne le croit.",
        ],
      },
    ],
  },
  {
    title: 'Pain au levain : recette facile et astuces pour une belle grigne',
    intro: [
      "On nous demande souvent comment obtenir une belle grigne, cette oreille croustillante qui se soulève à la cuisson. Tout se joue entre la force du levain, le façonnage et la vapeur dans le four. Voici notre recette facile, testée des dizaines de fois.",
    ],
    sections: [
      {
        h: 'Les ingrédients',
        p: [
          "450 grammes de farine de blé T65, 50 grammes de farine de seigle, 340 grammes d'eau, 120 grammes de levain naturel au pic de son activité, 10 grammes de sel fin. Le peu de seigle apporte du goût et nourrit le levain pendant la fermentation.",
        ],
      },
      {
        h: 'Pétrissage et rabats',
        p: [
          "Mélangez l'eau et le levain, ajoutez les farines puis le sel. Pétrissez cinq minutes, juste assez pour obtenir une pâte homogène, puis faites quatre séries de rabats à trente minutes d'intervalle. La pâte devient lisse, élastique et gonflée.",
        ],
      },
      {
        h: 'Le pointage',
        p: [
          "Après les rabats, laissez la pâte pointer encore deux heures à température ambiante. Elle doit avoir augmenté de moitié. Un pointage bien mené est la clé d'une mie aérée et d'une belle grigne.",
        ],
      },
      {
        h: 'Façonner une boule bien tendue',
        p: [
          "Pour une grigne qui s'ouvre, la surface du pâton doit être tendue. Façonnez en ramenant les bords vers le centre, retournez, puis faites rouler la boule vers vous sur le plan de travail pour tendre la peau. Placez-la dans un banneton et laissez l'apprêt se faire au froid.",
        ],
      },
      {
        h: 'Grigner et cuire le pain au levain',
        p: [
          "Sortez le pâton du réfrigérateur au dernier moment : une pâte froide se grigne plus facilement. Incisez d'un geste vif, lame inclinée à 30 degrés, sur un centimètre de profondeur. Enfournez dans une cocotte préchauffée à 250 degrés, 20 minutes couvert, puis 25 minutes à découvert.",
          "La vapeur est indispensable : sans elle, la croûte durcit trop tôt et la grigne ne s'ouvre pas.",
        ],
      },
      {
        h: 'Comment savoir si le levain est prêt ?',
        p: [
          "Il a doublé, il est bombé et plein de bulles, et une cuillerée flotte dans l'eau. Utilisez-le à ce moment-là, pas avant ni longtemps après.",
        ],
      },
    ],
    extra: [
      {
        h: 'Les différentes grignes',
        p: [
          "La grigne en épi, la grigne en croix, le saucisson ou la grigne décorative en feuilles : chaque motif change la façon dont le pain se développe au four. Une seule incision longue et inclinée donne l'oreille la plus spectaculaire sur un bâtard ; une croix ouvre une boule de manière régulière. Les motifs décoratifs, plus superficiels, se font au ciseau ou avec une lame très fine.",
          "Pour vous entraîner, farinez légèrement le dessus du pâton avant d'inciser : le contraste entre la farine et la croûte dorée met la grigne en valeur. Essuyez la lame entre deux coups pour qu'elle ne colle pas, et gardez toujours la même inclinaison d'un bout à l'autre de l'incision.",
        ],
      },
    ],
  },
  {
    title: 'Mon pain au levain du dimanche',
    intro: [
      "Chaque dimanche, je prépare deux pains au levain pour la semaine. Au fil des années, j'ai simplifié ma méthode pour qu'elle tienne dans une journée ordinaire. Je vous la partage, avec mon calendrier et mes petites astuces.",
    ],
    sections: [
      {
        h: 'Mon levain',
        p: [
          "Mon levain a six ans. Il vit au réfrigérateur et je le nourris le samedi soir avec de la farine T80 et de l'eau, à parts égales. Le dimanche matin, il a doublé et il est prêt à être utilisé.",
        ],
      },
      {
        h: 'Les ingrédients pour deux pains',
        p: [
          "Un kilo de farine T65, 720 grammes d'eau, 200 grammes de levain naturel et 22 grammes de sel. J'ajoute parfois une poignée de graines de tournesol.",
        ],
      },
      {
        h: 'Le pétrissage',
        p: [
          "Je mélange tout à la main dans un grand saladier, puis je laisse reposer trente minutes avant de faire des rabats. Pas de robot : les rabats suffisent, et j'aime sentir la pâte changer sous mes doigts.",
        ],
      },
      {
        h: 'La fermentation',
        p: [
          "La fermentation dure environ quatre heures dans ma cuisine, avec des rabats toutes les demi-heures au début. Quand la pâte est bien gonflée, je façonne deux boules que je laisse au réfrigérateur jusqu'au lendemain matin.",
        ],
      },
      {
        h: 'La cuisson en cocotte',
        p: [
          "Le lundi matin, je préchauffe le four à 250 degrés avec la cocotte en fonte, je grigne et j'enfourne : 25 minutes avec le couvercle, 20 minutes sans. Le pain au levain embaume toute la maison.",
        ],
      },
      {
        h: 'Conservation du pain',
        p: [
          "Enveloppé dans un torchon de lin, mon pain se garde facilement cinq jours. Le dernier jour, il finit en pain perdu ou en croûtons.",
        ],
      },
    ],
    extra: [
      {
        h: 'Mon calendrier de la semaine',
        p: [
          "Samedi soir, je nourris le levain ; dimanche matin, je mélange la pâte et je fais les rabats jusqu'au déjeuner ; dimanche après-midi, je façonne et les pâtons partent au réfrigérateur ; lundi matin, je cuis avant de partir travailler. Ce rythme me permet de faire mon pain sans y penser, comme une habitude.",
          "Quand je pars en vacances, le levain reste au réfrigérateur, dans un bocal bien fermé, après un dernier repas plus épais que d'habitude. Il supporte sans problème deux ou trois semaines d'absence. Au retour, deux rafraîchis et il est de nouveau prêt pour la fournée du dimanche.",
        ],
      },
    ],
  },
  {
    title: 'Le pain au levain, un savoir-faire de boulanger',
    intro: [
      "Avant l'arrivée de la levure industrielle au dix-neuvième siècle, tout le pain était fait au levain. Ce savoir-faire revient aujourd'hui chez les artisans comme chez les particuliers. Nous avons interrogé un boulanger sur sa façon de travailler le levain naturel.",
    ],
    sections: [
      {
        h: 'Un levain naturel bien nourri',
        p: [
          "Au fournil, le levain chef est rafraîchi trois fois par jour avec de la farine de meule. Sa consistance est ferme, ce qui limite l'acidité. Le boulanger le goûte et le sent avant chaque fournée : un bon levain a une odeur fruitée, jamais piquante.",
        ],
      },
      {
        h: 'Ingrédients et hydratation de la pâte',
        p: [
          "La recette de base tient en quatre ingrédients : farine, eau, levain naturel et sel. L'hydratation de la pâte varie de 65 à 80 pour cent selon la farine. Une hydratation élevée donne une mie plus ouverte mais une pâte plus difficile à façonner.",
        ],
      },
      {
        h: 'Le pétrissage',
        p: [
          "Le pétrissage est lent et court, pour ne pas trop oxyder la pâte et préserver les arômes de la farine. La pâte est ensuite rabattue plusieurs fois pendant le pointage, qui dure trois heures.",
        ],
      },
      {
        h: 'Le façonnage',
        p: [
          "Les pâtons sont pesés, pré-façonnés, détendus puis façonnés à la main avant de passer la nuit en chambre froide. Cette fermentation lente au froid donne au pain au levain sa saveur profonde.",
        ],
      },
      {
        h: 'La cuisson au four à sole',
        p: [
          "Le pain est cuit sur la sole du four, à 250 degrés, avec un coup de buée à l'enfournement. La cuisson dure 45 minutes pour une miche d'un kilo ; la croûte doit être bien colorée, presque brune.",
        ],
      },
    ],
    extra: [
      {
        h: 'Le métier de boulanger aujourd’hui',
        p: [
          "Les horaires restent exigeants : le pétrissage commence souvent à trois heures du matin. Mais le levain permet une organisation différente, car la fermentation lente au froid laisse les pâtons attendre la cuisson sans surveillance. Beaucoup de jeunes artisans choisissent ce mode de travail pour concilier qualité du pain et vie de famille.",
          "Les clients, eux, redécouvrent le goût du pain au levain et acceptent de le payer un peu plus cher, parce qu'il se garde plus longtemps et qu'il est plus digeste. Certains boulangers proposent même des ateliers pour apprendre à entretenir un levain à la maison, avec un pot de levain chef offert à chaque participant.",
        ],
      },
    ],
  },
];

/** @param {string} s */
const esc = (s) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** @param {Section[]} sections */
const sectionsHtml = (sections) =>
  sections.map((s) => `<h${s.level ?? 2}>${esc(s.h)}</h${s.level ?? 2}>\n${s.p.map((p) => `<p>${esc(p)}</p>`).join('\n')}`).join('\n');

/**
 * An article page in one of several site templates.
 * @param {Article} a @param {number} shape @param {boolean} long
 */
function articlePage(a, shape, long) {
  const sections = long ? [...a.sections, ...a.extra, ...a.extra.map((e) => ({ ...e, h: `${e.h} (suite)` }))] : a.sections;
  const body = `<h1>${esc(a.title)}</h1>\n${a.intro.map((p) => `<p class="intro">${esc(p)}</p>`).join('\n')}\n${sectionsHtml(sections)}`;
  const head = `<!doctype html><html lang="fr"><head><meta charset="utf-8"><title>${esc(a.title)} | Le Fournil Gourmand</title><meta name="description" content="${esc(a.intro[0].slice(0, 150))}"><link rel="stylesheet" href="/style.css"><script>window.dataLayer=[];function gtag(){dataLayer.push(arguments)}</script></head>`;
  const toc = `<nav class="toc"><p>Sommaire</p><ol>${sections.map((s, i) => `<li><a href="#s${i}">${esc(s.h)}</a></li>`).join('')}</ol></nav>`;
  switch (shape % 5) {
    case 0: // a WordPress-like blog: article, sidebar, comments
      return `${head}<body class="single-post">${COOKIES}${NAV}<div class="container"><main id="main"><article class="post hentry"><div class="entry-meta">Publié le 4 mars 2026 par Claire · 8 min de lecture</div><div class="entry-content">${body}</div><div class="share">Partager : Facebook Twitter Pinterest</div></article>${COMMENTS}</main>${SIDEBAR}</div>${FOOTER}</body></html>`;
    case 1: // a div soup with a table of contents
      return `${head}<body>${NAV}<div id="wrapper"><div class="breadcrumb">Accueil › Recettes › Pains</div><div class="content-area"><div class="post-content">${toc}${body}</div><div class="related"><h3>Vous aimerez aussi</h3><ul><li>Fougasse aux olives</li><li>Pain de mie moelleux</li></ul></div></div></div>${FOOTER}${COOKIES}</body></html>`;
    case 2: // a magazine: main, sidebar first, newsletter box in the article
      return `${head}<body>${NAV}${COOKIES}<div class="layout">${SIDEBAR}<main><article><header><p class="kicker">Cuisine</p></header>${body}<div class="newsletter-box">Recevez nos recettes chaque semaine : inscrivez-vous à la newsletter gourmande !</div></article></main></div>${FOOTER}</body></html>`;
    case 3: // a shop's blog: product carousel, article in section
      return `${head}<body>${NAV}<div class="promo-bar">Livraison offerte dès 49 euros — code FOURNIL10</div><section class="products"><h2>Nos bannetons</h2><p>Banneton rond 22 cm — 19,90 €</p><p>Lame de boulanger — 7,50 €</p></section><section class="blog-article">${body}</section>${FOOTER}${COOKIES}</body></html>`;
    default: // a plain page: body paragraphs, heavy footer
      return `${head}<body>${COOKIES}${NAV}<div id="page"><div class="text">${body}</div></div>${SIDEBAR}${FOOTER}</body></html>`;
  }
}

const STUB = `<!doctype html><html lang="fr"><head><title>Pain au levain - Forum</title></head><body>${NAV}<main><h1>Pain au levain</h1><p>Connectez-vous pour lire la suite de cette discussion.</p><p><a href="/login">Se connecter</a></p></main>${FOOTER}</body></html>`;

const ABOUT = `<!doctype html><html lang="fr"><head><title>Notre boulangerie</title></head><body>${NAV}<main><article><h1>Notre boulangerie</h1>
<p>Depuis 1987, notre boulangerie de quartier cuit chaque matin des pains au levain naturel, façonnés à la main avec des farines bio de la minoterie voisine. Notre levain chef a plus de trente ans : il est nourri trois fois par jour et nous le partageons volontiers avec nos clients qui veulent faire leur pain à la maison.</p>
<p>Nos pains de campagne, de seigle et d'épeautre fermentent lentement pendant une nuit entière avant d'être cuits au four à sole. Nous proposons aussi des ateliers le samedi matin pour apprendre le pétrissage, le façonnage et la cuisson du pain au levain, en petit groupe de six personnes au maximum.</p>
<p>Notre équipe compte quatre boulangers et deux vendeuses. Nous livrons les restaurants et les épiceries du quartier chaque matin avant sept heures, et nos pains sont disponibles en boutique du mardi au dimanche, de sept heures à vingt heures.</p>
</article></main>${FOOTER}</body></html>`;

/** A minimal but real PDF (one page, one line of text). */
const PDF = Buffer.from(
  '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[3 0 R]/Count 1>>endobj\n3 0 obj<</Type/Page/Parent 2 0 R/MediaBox[0 0 612 792]/Contents 4 0 R/Resources<</Font<</F1 5 0 R>>>>>>endobj\n4 0 obj<</Length 44>>stream\nBT /F1 18 Tf 72 720 Td (Fiche levain) Tj ET\nendstream endobj\n5 0 obj<</Type/Font/Subtype/Type1/BaseFont/Helvetica>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n',
);

/**
 * @param {{ slowMs?: number }} [options]
 */
export async function startFakeWeb(options = {}) {
  let slowMs = options.slowMs ?? 5000;
  let long = false;
  let latencyMs = 0;
  /** @type {string[]} */
  const requests = [];
  /** @type {Set<() => void>} */
  const pending = new Set();
  const wait = (/** @type {number} */ ms) =>
    new Promise((resolve) => {
      const timer = setTimeout(done, ms);
      function done() {
        clearTimeout(timer);
        pending.delete(done);
        resolve(undefined);
      }
      pending.add(done);
    });

  const server = http.createServer(async (req, res) => {
    const path = new URL(req.url ?? '/', 'http://web').pathname;
    requests.push(path);
    if (latencyMs) await wait(latencyMs);
    const html = (/** @type {string} */ body) => {
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      res.end(body);
    };
    const article = /^\/pain-levain-(\d)$/.exec(path);
    if (article && ARTICLES[Number(article[1]) - 1]) return html(articlePage(ARTICLES[Number(article[1]) - 1], Number(article[1]) - 1, long));
    if (path === '/enorme') {
      // the sixth article, then several MB of a framework's inline state
      const page = articlePage(ARTICLES[5], 4, long);
      const junk = `<script id="__NEXT_DATA__" type="application/json">${JSON.stringify({ props: { items: Array.from({ length: 60000 }, (_, i) => ({ id: i, label: `Produit ${i}`, price: i % 100 })) } })}</script>`;
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      res.end(page.replace('</body>', `${junk}</body>`));
      return;
    }
    if (path === '/r/1') {
      res.writeHead(301, { location: '/r/2' });
      return res.end();
    }
    if (path === '/r/2') {
      res.writeHead(302, { location: '/pain-levain-4' });
      return res.end();
    }
    if (path === '/fiche-levain') {
      res.writeHead(200, { 'content-type': 'application/pdf', 'content-length': String(PDF.length) });
      return res.end(PDF);
    }
    if (path === '/lent') {
      await wait(slowMs);
      if (res.destroyed) return;
      return html(articlePage(ARTICLES[0], 0, long));
    }
    if (path === '/court') return html(STUB);
    if (path === '/notre-boulangerie') return html(ABOUT);
    res.writeHead(404, { 'content-type': 'text/html; charset=utf-8' });
    res.end(`<!doctype html><html><head><title>Page introuvable</title></head><body>${NAV}<h1>Erreur 404</h1><p>Cette page n'existe pas ou plus.</p>${FOOTER}</body></html>`);
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(undefined)));
  const { port } = /** @type {import('node:net').AddressInfo} */ (server.address());
  const url = `http://127.0.0.1:${port}`;
  return {
    url,
    requests,
    /** The French articles' data (titles, sections), for tests. */
    articles: ARTICLES,
    /** @param {'short' | 'long'} v */
    variant(v) {
      long = v === 'long';
    },
    /** @param {number} ms */
    latency(ms) {
      latencyMs = ms;
    },
    /** @param {number} ms */
    slow(ms) {
      slowMs = ms;
    },
    async close() {
      for (const done of [...pending]) done();
      server.closeAllConnections();
      await new Promise((resolve) => server.close(() => resolve(undefined)));
    },
  };
}
