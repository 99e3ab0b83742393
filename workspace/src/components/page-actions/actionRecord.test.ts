import i18next from 'i18next';
import en from './locales/en.json';
import fr from './locales/fr.json';
import { durationText, parseStages, parseWarnings, warningText } from './actionRecord';

async function translator(lng: 'fr' | 'en') {
  const i18n = i18next.createInstance();
  await i18n.init({ lng, resources: { fr: { pageActions: fr }, en: { pageActions: en } }, defaultNS: 'pageActions', interpolation: { escapeValue: false } });
  return i18n.getFixedT(lng, 'pageActions') as unknown as (key: string, options?: Record<string, unknown>) => string;
}

describe("an action's warnings", () => {
  it('reads the warnings column, leaving out what is not a warning', () => {
    expect(parseWarnings(null)).toEqual([]);
    expect(parseWarnings([{ code: 'x', message: 'm', stage: 'read', params: { a: 1, b: ['u', 2], c: { no: 1 } } }, { message: 'no code' }, 'str'])).toEqual([
      { code: 'x', message: 'm', stage: 'read', params: { a: 1, b: ['u', '2'] } },
    ]);
  });

  it('translates a known code with its params (plural, lists joined), in French and English', async () => {
    const unread = { stage: 'read', code: 'unread_results', message: '3 of 10 results could not be read', params: { count: 3, total: 10 } };
    const derived = { stage: 'keywords', code: 'no_keyword', message: 'no keyword', params: { keywords: ['pain au levain', 'levain'] } };
    const frT = await translator('fr');
    expect(warningText(unread, frT, 'fr')).toBe('3 résultats sur 10 n’ont pas pu être lus.');
    expect(warningText({ ...unread, params: { count: 1, total: 10 } }, frT, 'fr')).toBe('1 résultat sur 10 n’a pas pu être lu.');
    // each keyword in its own quotes, the participle agreeing with how many there are
    expect(warningText(derived, frT, 'fr')).toBe(
      'La page n’a pas de mot-clé\u00a0: la recherche a utilisé «\u00a0pain au levain\u00a0» et «\u00a0levain\u00a0», déduits de son nom et de son adresse.',
    );
    expect(warningText({ ...derived, params: { keywords: ['levain'] } }, frT, 'fr')).toBe(
      'La page n’a pas de mot-clé\u00a0: la recherche a utilisé «\u00a0levain\u00a0», déduit de son nom et de son adresse.',
    );
    // a list that is not keywords is joined as is
    expect(warningText({ stage: 'claims', code: 'unknown_citations_removed', message: '', params: { numbers: ['4', '7'] } }, frT, 'fr')).toBe(
      'Citations de sources non lues retirées\u00a0: 4 et 7.',
    );
    const enT = await translator('en');
    expect(warningText(unread, enT, 'en')).toBe('3 of 10 results could not be read.');
    expect(warningText(derived, enT, 'en')).toBe('The page has no keyword: the research used “pain au levain” and “levain”, derived from its name and address.');
  });

  it('an unknown code falls back to the worker’s message, then to the code', async () => {
    const frT = await translator('fr');
    expect(warningText({ stage: 'x', code: 'brand_new', message: 'Something new happened' }, frT, 'fr')).toBe('Something new happened');
    expect(warningText({ stage: 'x', code: 'brand_new', message: '' }, frT, 'fr')).toBe('brand_new');
  });
});

describe("an action's stages", () => {
  it('reads time, cost and calls of each stage; a stage without time is left out', () => {
    expect(
      parseStages([
        { stage: 'serp', ms: 200, costUsd: 0.003, calls: 1 },
        { stage: 'read', ms: 1500, costUsd: null },
        { stage: 'bad' },
        { stage: 'brief', ms: 12, costUsd: 'x' },
      ]),
    ).toEqual([
      { stage: 'serp', ms: 200, costUsd: 0.003, calls: 1 },
      { stage: 'read', ms: 1500, costUsd: null },
      { stage: 'brief', ms: 12, costUsd: null },
    ]);
    expect(parseStages({})).toEqual([]);
  });
});

describe("what a run took", () => {
  it('seconds under a minute, then minutes (and seconds), in French and English', async () => {
    const frT = await translator('fr');
    expect(durationText(4200, frT, 'fr')).toBe('durée 4,2\u00a0s');
    expect(durationText(180_000, frT, 'fr')).toBe('durée 3\u00a0min');
    expect(durationText(125_400, frT, 'fr')).toBe('durée 2\u00a0min 5\u00a0s');
    // 59,6 s rounds to a minute, not to "0 min 60 s"
    expect(durationText(59_600, frT, 'fr')).toBe('durée 59,6\u00a0s');
    expect(durationText(119_700, frT, 'fr')).toBe('durée 2\u00a0min');
    const enT = await translator('en');
    expect(durationText(120_000, enT, 'en')).toBe('took 2 min');
  });
});
