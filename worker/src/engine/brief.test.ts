import { termKey } from '@citable/shared/engine';
import { buildBrief, isQuestion, questionsOf, sectionsOf, targetLength, termsOf, DEFAULT_TARGET_WORDS, type ReadDocument } from './brief';
import { deriveKeywords, engineLanguage, mergeResults } from './keywords';

const doc = (n: number, text: string, headings: string[] = []): ReadDocument => ({
  n,
  text,
  words: text.split(/\s+/).filter(Boolean).length,
  headings: headings.map((h) => ({ level: 2 as const, text: h })),
});

describe('targetLength', () => {
  it('is the median of the competitors, rounded to 50, within 300–5,000', () => {
    expect(targetLength([900, 1210, 1500])).toEqual({ targetWords: 1200, competitorWords: { median: 1210, min: 900, max: 1500, count: 3 } });
    expect(targetLength([1000, 2000]).targetWords).toBe(1500);
    expect(targetLength([120, 200]).targetWords).toBe(300);
    expect(targetLength([9000, 12000, 20000]).targetWords).toBe(5000);
  });

  it('moves with the competitors', () => {
    expect(targetLength([800, 900, 1000]).targetWords).toBeLessThan(targetLength([1600, 1800, 2000]).targetWords);
  });

  it('has a default and no stats when nothing was read', () => {
    expect(targetLength([])).toEqual({ targetWords: DEFAULT_TARGET_WORDS, competitorWords: null });
  });
});

describe('questions', () => {
  it('knows French and English questions', () => {
    expect(isQuestion('Comment nourrir son levain', 'fr')).toBe(true);
    expect(isQuestion('Quelle farine choisir ?', 'fr')).toBe(true);
    expect(isQuestion('La cuisson', 'fr')).toBe(false);
    expect(isQuestion('How long to proof sourdough', 'en')).toBe(true);
    expect(isQuestion('Baking times', 'en')).toBe(false);
  });

  it('puts the SERP questions first, then the headings most sources ask, each once', () => {
    const docs = [
      doc(1, 'x', ['Pourquoi le pain est plat ?', 'Comment savoir si le levain est prêt ?']),
      doc(2, 'x', ['Comment savoir si mon levain est prêt ?', 'La cuisson']),
    ];
    expect(questionsOf(['Comment faire un levain ?', 'comment faire un levain ?'], docs, 'fr')).toEqual([
      { question: 'Comment faire un levain ?', from: 'serp' },
      { question: 'Comment savoir si le levain est prêt ?', from: 'page', n: 1 },
      { question: 'Pourquoi le pain est plat ?', from: 'page', n: 1 },
    ]);
  });
});

describe('sectionsOf', () => {
  it('clusters near-duplicate headings across sources, most covered first, keywords left out', () => {
    const docs = [
      doc(1, 'x', ['Les ingrédients du pain au levain', "L'autolyse et le pétrissage", 'La cuisson en cocotte', 'Notre histoire']),
      doc(2, 'x', ['Ingrédients', 'Le pétrissage de la pâte', 'La cuisson du pain au levain']),
      doc(3, 'x', ['Les ingrédients', 'Le pétrissage', 'Pain au levain']),
    ];
    const sections = sectionsOf(docs, 'fr', ['pain au levain']);
    expect(sections).toEqual([
      { title: 'Ingrédients', coveredBy: [1, 2, 3] },
      { title: 'Le pétrissage', coveredBy: [1, 2, 3] },
      { title: 'La cuisson du pain au levain', coveredBy: [1, 2] },
    ]);
  });

  it('keeps no heading of one source only, nor one that is only the keywords', () => {
    expect(sectionsOf([doc(1, 'x', ['Le levain']), doc(2, 'x', ['Levain', 'Conclusion'])], 'fr', ['levain'])).toEqual([]);
  });
});

describe('termsOf', () => {
  const fr = [
    "Le levain naturel nourrit la pâte. Rafraîchir le levain chaque jour avec de la farine de seigle. La température de cuisson du pain dépend du four. Acceptez les cookies de notre site.",
    "Un levain naturel actif double de volume. La farine de seigle nourrit le levain. Surveillez la température de cuisson : le four doit être chaud. Inscrivez-vous à la newsletter.",
    'Nourrir son levain demande de la farine. Les levains naturels aiment la farine de seigle. La température de cuisson et le four font la croûte. Partager sur Facebook.',
  ].map((t, i) => doc(i + 1, t));

  it('weighs the terms the sources share against the background; stems merged, stop words out', () => {
    const terms = termsOf(fr, 'fr', 1000);
    const keys = terms.map((t) => termKey(t.term, 'fr'));
    expect(terms[0].weight).toBe(1);
    for (const term of ['levain', 'levain naturel', 'farine de seigle', 'température de cuisson', 'four']) expect(keys).toContain(termKey(term, 'fr'));
    // shown in its most frequent written form
    expect(terms.find((t) => termKey(t.term, 'fr') === termKey('levain naturel', 'fr'))?.term).toBe('levain naturel');
    // one source only, or generic web words: not terms
    for (const word of ['cookies', 'newsletter', 'facebook', 'croûte']) expect(keys).not.toContain(termKey(word, 'fr'));
    expect(terms.every((t) => !/^(le|la|de|du)\b/.test(t.term))).toBe(true);
    const levain = terms.find((t) => t.term === 'levain')!;
    expect(levain.sources).toBe(3);
    // the median uses per 1,000 words, scaled to the target
    expect(levain.target).toBeGreaterThan(termsOf(fr, 'fr', 300).find((t) => t.term === 'levain')!.target);
  });

  it('works in English', () => {
    const en = [
      'Feed your sourdough starter with rye flour. A healthy sourdough starter doubles in size. Accept cookies.',
      'Sourdough starters need rye flour and water. Bake the loaf in a dutch oven. Subscribe to our newsletter.',
      'Keep the sourdough starter warm, feed it rye flour. The dutch oven traps steam.',
    ].map((t, i) => doc(i + 1, t));
    const keys = termsOf(en, 'en', 800).map((t) => termKey(t.term, 'en'));
    for (const term of ['sourdough starter', 'rye flour', 'dutch oven']) expect(keys).toContain(termKey(term, 'en'));
    expect(keys).not.toContain(termKey('cookies', 'en'));
  });

  it('is empty without sources', () => {
    expect(termsOf([], 'fr', 1000)).toEqual([]);
  });
});

describe('buildBrief', () => {
  it('puts it together, editedAt null', () => {
    const brief = buildBrief({ language: 'fr', keywords: ['levain'], keywordsDerived: true, docs: [], serpQuestions: ['Quoi ?'] });
    expect(brief).toEqual({
      version: 1,
      language: 'fr',
      keywords: ['levain'],
      keywordsDerived: true,
      targetWords: DEFAULT_TARGET_WORDS,
      competitorWords: null,
      sections: [],
      terms: [],
      questions: [{ question: 'Quoi ?', from: 'serp' }],
      editedAt: null,
    });
  });
});

describe('keywords', () => {
  it('derives keywords from the name and the URL slug, each meaning once', () => {
    expect(deriveKeywords('Pain de campagne au levain !', 'https://x.fr/blog/pain-campagne-levain', 'fr')).toEqual(['pain de campagne au levain']);
    expect(deriveKeywords('Notre recette', 'https://x.fr/recettes/fougasse-aux-olives.html', 'fr')).toEqual(['notre recette', 'fougasse aux olives']);
    expect(deriveKeywords('', 'https://x.fr/p/123', 'fr')).toEqual([]);
    expect(deriveKeywords(null, 'not a url', 'en')).toEqual([]);
  });

  it('a name that is only the address (a request taken in from the inbox) is no keyword: the slug, else the domain', () => {
    // take_in_request names the page « host/path » until the operator renames it (docs/operator-desk.md)
    expect(deriveKeywords('fournil-des-halles.fr/pain-au-levain', 'https://www.fournil-des-halles.fr/pain-au-levain', 'fr')).toEqual(['pain au levain']);
    expect(deriveKeywords('fromagerie-des-alpes.fr', 'https://www.fromagerie-des-alpes.fr', 'fr')).toEqual(['fromagerie des alpes']);
    expect(deriveKeywords('green-garden.co.uk', 'https://green-garden.co.uk', 'en')).toEqual(['green garden']);
    expect(deriveKeywords('https://boulangerie.fr/p/123', 'https://boulangerie.fr/p/123', 'fr')).toEqual(['boulangerie']);
    expect(deriveKeywords('x.fr/p/1', 'https://x.fr/p/1', 'fr')).toEqual([]);
    // a real name with a dot stays a name
    expect(deriveKeywords('Web 2.0 : le guide', 'https://x.fr/web', 'fr')).toEqual(['web 2 0 le guide', 'web']);
  });

  it('merges several keywords’ results, best positions first, each URL once', () => {
    const r = (url: string, position: number) => ({ url, position, title: null, snippet: null, type: 'organic' });
    expect(mergeResults([[r('a', 1), r('b', 2), r('c', 3)], [r('b', 1), r('d', 2)]], 4).map((x) => x.url)).toEqual(['a', 'b', 'd', 'c']);
    expect(mergeResults([[r('a', 2), r('b', 1)]], 1).map((x) => x.url)).toEqual(['b']);
  });

  it('uses French rules for French, English ones otherwise', () => {
    expect(engineLanguage('fr')).toBe('fr');
    expect(engineLanguage('fr-CA')).toBe('fr');
    expect(engineLanguage('en')).toBe('en');
    expect(engineLanguage(null)).toBe('en');
  });
});
