// A page's brief and numbered sources as research_page writes them (page_briefs,
// page_brief_sources), for the tests of what comes after research: writing and checks.
// CALLS_PER_ARTICLE: the model calls of an article written from BRIEF (outline, introduction,
// three sections, FAQ) by the fake model of writer.js.

export const SOURCE_1 =
  "Le levain naturel se prépare avec de la farine et de l'eau. Il faut rafraîchir le levain naturel chaque jour pendant une semaine. " +
  "Une hydratation de 70 % donne une mie plus alvéolée. La température de cuisson idéale est de 240 degrés pendant 35 minutes. " +
  'Le pain au levain se conserve trois jours dans un torchon. Le sel représente 2 % du poids de la farine.';
export const SOURCE_2 =
  'En 2023, la France comptait 33 000 boulangeries artisanales. Le prix moyen de la baguette était de 0,95 euro. ' +
  "Les Français consomment en moyenne 120 grammes de pain par jour, selon l'Observatoire du pain. La cuisson au four à bois reste rare.";

export const BRIEF = {
  version: 1,
  language: 'fr',
  keywords: ['pain au levain'],
  keywordsDerived: false,
  targetWords: 1200,
  competitorWords: { median: 1200, min: 800, max: 1800, count: 2 },
  sections: [
    { title: 'Préparer le levain naturel', coveredBy: [1] },
    { title: 'Hydratation et cuisson', coveredBy: [1] },
    { title: 'Le marché du pain', coveredBy: [2] },
  ],
  terms: [
    { term: 'levain naturel', weight: 1, sources: 2, target: 3 },
    { term: 'hydratation', weight: 0.7, sources: 2, target: 2 },
    { term: 'température de cuisson', weight: 0.5, sources: 1, target: 1 },
    { term: 'boulangeries artisanales', weight: 0.3, sources: 1, target: 1 },
  ],
  questions: [
    { question: 'Combien de temps se conserve le pain au levain ?', from: 'serp' },
    { question: 'Quelle quantité de sel mettre ?', from: 'page', n: 1 },
  ],
  editedAt: null,
};

/** The brief and sources of a page, written as research_page writes them. */
export async function seedBrief(/** @type {import('pg').Pool} */ pool, /** @type {number} */ page, brief = BRIEF) {
  await pool.query('insert into public.page_briefs (page, brief, researched_at) values ($1, $2, now()) on conflict (page) do update set brief = excluded.brief', [page, JSON.stringify(brief)]);
  await pool.query('delete from public.page_brief_sources where page = $1', [page]);
  const rows = [
    [1, 'https://levain.test/guide', 'Guide du levain', 'read', null, 60, SOURCE_1],
    [2, 'https://chiffres.test/pain', 'Le pain en chiffres', 'read', null, 45, SOURCE_2],
    [3, 'https://broken.test/', null, 'failed', 'HTTP 404', null, null],
  ];
  for (const [n, url, title, status, error, words, text] of rows) {
    await pool.query(
      `insert into public.page_brief_sources (page, n, url, kind, position, title, status, error, words, headings, text)
       values ($1, $2, $3, 'serp', $2, $4, $5, $6, $7, '[{"level":2,"text":"Préparer le levain"}]', $8)`,
      [page, n, url, title, status, error, words, text],
    );
  }
}

/** Outline, introduction, three sections, FAQ. */
export const CALLS_PER_ARTICLE = 6;
