import {
  analyze,
  contentStems,
  countTermOccurrences,
  countWords,
  foldAccents,
  isStopWord,
  stem,
  termKey,
  tokenize,
} from './index';

describe('tokenize', () => {
  it('removes French elisions and keeps numbers apart', () => {
    expect(tokenize("L'hydratation du levain, jusqu'à 250g d’eau : qu'on mélange aujourd'hui.", 'fr')).toEqual([
      'hydratation',
      'du',
      'levain',
      'à',
      '250',
      'g',
      'eau',
      'on',
      'mélange',
      "aujourd'hui",
    ]);
  });

  it('keeps decimals, hyphenated words and accents, lower-cased', () => {
    expect(tokenize('Pâte à 1,5 kg ; PEUT-ÊTRE 72 % d’Hydratation', 'fr')).toEqual([
      'pâte',
      'à',
      '1,5',
      'kg',
      'peut-être',
      '72',
      'hydratation',
    ]);
  });

  it('drops English possessives and keeps contractions whole', () => {
    expect(tokenize("The baker's sourdough starters don't rise in 3.5 hours.", 'en')).toEqual([
      'the',
      'baker',
      'sourdough',
      'starters',
      "don't",
      'rise',
      'in',
      '3.5',
      'hours',
    ]);
  });

  it('has no token for punctuation or spaces only', () => {
    expect(tokenize(' — « » ? ! … ', 'fr')).toEqual([]);
  });
});

describe('isStopWord', () => {
  it('knows French function words, not content words', () => {
    for (const w of ['le', 'les', 'de', 'pour', 'avec', 'Dans', 'quelle', 'après', 'apres']) expect(isStopWord(w, 'fr')).toBe(true);
    for (const w of ['levain', 'farine', 'cuisson', 'naturel', 'pain']) expect(isStopWord(w, 'fr')).toBe(false);
  });

  it('knows English function words, not content words', () => {
    for (const w of ['the', 'which', 'and', 'With', 'should']) expect(isStopWord(w, 'en')).toBe(true);
    for (const w of ['sourdough', 'flour', 'oven', 'bread']) expect(isStopWord(w, 'en')).toBe(false);
  });

  it('is per language', () => {
    expect(isStopWord('the', 'fr')).toBe(false);
    expect(isStopWord('les', 'en')).toBe(false);
  });
});

describe('stem', () => {
  it('merges French inflections, accent-insensitive', () => {
    expect(stem('levains', 'fr')).toBe(stem('levain', 'fr'));
    expect(stem('farines', 'fr')).toBe(stem('Farine', 'fr'));
    expect(stem('températures', 'fr')).toBe('temperatur');
    expect(stem('naturelle', 'fr')).toBe(stem('naturel', 'fr'));
    expect(stem('levain', 'fr')).not.toBe(stem('farine', 'fr'));
  });

  it('merges English inflections', () => {
    expect(stem('baking', 'en')).toBe(stem('baked', 'en'));
    expect(stem('starters', 'en')).toBe('starter');
    expect(stem('breads', 'en')).toBe('bread');
  });

  it('leaves numbers alone', () => {
    expect(stem('250', 'fr')).toBe('250');
  });
});

describe('termKey', () => {
  it('drops stop words and merges stems and accents', () => {
    expect(termKey('Températures de cuisson', 'fr')).toBe('temperatur cuisson');
    expect(termKey('la temperature cuisson', 'fr')).toBe(termKey('températures de cuisson', 'fr'));
    expect(termKey('levain naturel', 'fr')).toBe(termKey('Levains naturels', 'fr'));
    expect(termKey('sourdough starters', 'en')).toBe(termKey('the sourdough starter', 'en'));
  });

  it('keeps a phrase of stop words only', () => {
    expect(termKey('pour quoi', 'fr')).toBe('pour quoi');
  });

  it('is empty for no word', () => {
    expect(termKey(' ; ', 'fr')).toBe('');
  });
});

describe('countTermOccurrences', () => {
  const text =
    "Le levain naturel demande du temps. Un levain, c'est de la farine et de l'eau ; nourrissez vos levains naturels chaque jour. La température de cuisson du pain au levain : 240 °C.";

  it('counts one word by its stem', () => {
    expect(countTermOccurrences(text, 'levain', 'fr')).toBe(4);
    expect(countTermOccurrences(text, 'Levains', 'fr')).toBe(4);
  });

  it('counts a phrase as consecutive content words', () => {
    expect(countTermOccurrences(text, 'levain naturel', 'fr')).toBe(2);
    expect(countTermOccurrences(text, 'températures cuisson', 'fr')).toBe(1);
    expect(countTermOccurrences(text, 'cuisson température', 'fr')).toBe(0);
  });

  it('counts in English, and on precomputed stems', () => {
    const en = 'Feed your sourdough starter daily. Sourdough starters like warm water; a starter doubles.';
    expect(countTermOccurrences(en, 'sourdough starter', 'en')).toBe(2);
    expect(countTermOccurrences(contentStems(en, 'en'), 'starter', 'en')).toBe(3);
  });

  it('is 0 for an absent or empty term', () => {
    expect(countTermOccurrences(text, 'seigle', 'fr')).toBe(0);
    expect(countTermOccurrences(text, '', 'fr')).toBe(0);
  });
});

describe('helpers', () => {
  it('folds accents', () => {
    expect(foldAccents('Pétrissage à l’œil, façonnage')).toBe('Petrissage a l’œil, faconnage');
  });

  it('counts words and numbers, not punctuation', () => {
    expect(countWords("L'eau à 25 °C : c'est parfait !")).toBe(6);
  });

  it('marks stop words in analyze', () => {
    expect(analyze('le levain', 'fr')).toEqual([
      { word: 'le', stem: 'le', stop: true },
      { word: 'levain', stem: 'levain', stop: false },
    ]);
  });
});
