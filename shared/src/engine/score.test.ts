import { contentScore, headingIssues, readArticle, readability, SCORE_WEIGHTS, syllables } from './score';
import { countWords } from './text';
import type { Brief, Claim, ScorePartKey } from './types';

const brief = (over: Partial<Brief> = {}): Brief => ({
  version: 1,
  language: 'fr',
  keywords: ['pain au levain'],
  keywordsDerived: false,
  targetWords: 200,
  competitorWords: { median: 200, min: 120, max: 400, count: 5 },
  sections: [
    { title: 'Préparer le levain naturel', coveredBy: [1, 2, 3] },
    { title: 'La cuisson du pain', coveredBy: [1, 2] },
  ],
  terms: [
    { term: 'levain naturel', weight: 1, sources: 5, target: 3 },
    { term: 'température de cuisson', weight: 0.8, sources: 4, target: 1 },
    { term: 'farine de seigle', weight: 0.5, sources: 3, target: 1 },
  ],
  questions: [{ question: 'Combien de temps garder un levain au réfrigérateur ?', from: 'serp' }],
  editedAt: null,
  ...over,
});

/** Plain French sentences of about ten words, to pad an article to a length. */
const filler = (words: number) => {
  const sentence = 'Le pain se garde bien dans un torchon propre et sec.';
  const per = 11;
  return Array.from({ length: Math.ceil(words / per) }, () => sentence).join(' ');
};

const article = ({ body = '', h2 = ['Préparer le levain naturel'], extraWords = 0 } = {}) =>
  `<h1>Le pain au levain maison</h1>` +
  `<p>Un levain naturel donne du goût. ${body}</p>` +
  h2.map((title) => `<h2>${title}</h2><p>${filler(40)}</p>`).join('') +
  (extraWords > 0 ? `<p>${filler(extraWords)}</p>` : '');

const partOf = (score: ReturnType<typeof contentScore>, key: ScorePartKey) => {
  const part = score.parts.find((p) => p.key === key);
  if (!part) throw new Error(`no part ${key}`);
  return part;
};

describe('contentScore', () => {
  it('has the seven parts, whose weights add up to 100, and a total between 0 and 100', () => {
    const score = contentScore({ html: article(), brief: brief(), claims: [] });
    expect(score.parts.map((p) => p.key)).toEqual(['terms', 'sections', 'questions', 'length', 'headings', 'readability', 'claims']);
    expect(score.parts.reduce((sum, p) => sum + p.weight, 0)).toBe(100);
    expect(Object.values(SCORE_WEIGHTS).reduce((a, b) => a + b, 0)).toBe(100);
    expect(score.total).toBeGreaterThan(0);
    expect(score.total).toBeLessThan(100);
    expect(score.total).toBe(Math.round(score.parts.reduce((sum, p) => sum + p.value * p.weight, 0)));
  });

  it('rises when a missing term is added, and its advice names the missing terms', () => {
    const before = contentScore({ html: article(), brief: brief(), claims: [] });
    expect(partOf(before, 'terms').advice).toEqual({
      code: 'add_terms',
      params: { terms: ['levain naturel', 'température de cuisson', 'farine de seigle'], count: 3 },
    });
    // « températures de cuisson » (plural) counts for « température de cuisson »
    const after = contentScore({
      html: article({ body: 'Surveillez les températures de cuisson du four.' }),
      brief: brief(),
      claims: [],
    });
    expect(partOf(after, 'terms').value).toBeGreaterThan(partOf(before, 'terms').value);
    expect(after.total).toBeGreaterThan(before.total);
    expect(partOf(after, 'terms').advice?.params?.terms).toEqual(['levain naturel', 'farine de seigle']);
  });

  it('rises when a section of the brief gets a heading', () => {
    const before = contentScore({ html: article(), brief: brief(), claims: [] });
    expect(partOf(before, 'sections').value).toBe(0.5);
    expect(partOf(before, 'sections').advice).toEqual({ code: 'add_sections', params: { sections: ['La cuisson du pain'], count: 1 } });
    const after = contentScore({ html: article({ h2: ['Préparer le levain naturel', 'Réussir la cuisson de votre pain'] }), brief: brief(), claims: [] });
    expect(partOf(after, 'sections').value).toBe(1);
    expect(partOf(after, 'sections').advice).toBeNull();
    expect(after.total).toBeGreaterThan(before.total);
  });

  it('counts a question as answered by a heading or an FAQ entry', () => {
    const none = contentScore({ html: article(), brief: brief(), claims: [] });
    expect(partOf(none, 'questions').value).toBe(0);
    expect(partOf(none, 'questions').advice?.code).toBe('answer_questions');
    const faq = contentScore({
      html: `${article()}<h2>FAQ</h2><dl><dt>Combien de temps garder le levain au réfrigérateur ?</dt><dd>Une semaine.</dd></dl>`,
      brief: brief(),
      claims: [],
    });
    expect(partOf(faq, 'questions').value).toBe(1);
    const heading = contentScore({
      html: `${article()}<h3>Combien de temps peut-on garder un levain au réfrigérateur ?</h3><p>Une semaine.</p>`,
      brief: brief(),
      claims: [],
    });
    expect(partOf(heading, 'questions').value).toBe(1);
  });

  it('rises as words come toward the target, full marks within ±15 %, and falls beyond', () => {
    const values = [0, 30, 60, 100].map((extra) => partOf(contentScore({ html: article({ extraWords: extra }), brief: brief(), claims: [] }), 'length'));
    for (let i = 1; i < values.length; i++) expect(values[i].value).toBeGreaterThan(values[i - 1].value);
    expect(values[0].advice).toMatchObject({ code: 'add_words', params: { target: 200 } });
    const html = article({ extraWords: 110 });
    const count = countWords(readArticle(html).text);
    const atTarget = partOf(contentScore({ html, brief: brief({ targetWords: Math.round(count * 1.1) }), claims: [] }), 'length');
    expect(atTarget.value).toBe(1);
    expect(atTarget.advice).toBeNull();
    const tooLong = partOf(contentScore({ html: article({ extraWords: 600 }), brief: brief(), claims: [] }), 'length');
    expect(tooLong.value).toBeLessThan(1);
    expect(tooLong.advice?.code).toBe('cut_words');
  });

  it('falls with an unsupported claim, and says how many and which figures', () => {
    const supported: Claim = { sentence: 'Le levain se garde une semaine [1].', n: 1, url: 'https://a.example/', passage: 'une semaine', supported: true, missing: [] };
    const unsupported: Claim = { sentence: 'Il lève de 40 % en 3 heures [2].', n: 2, url: 'https://b.example/', passage: 'il lève', supported: false, missing: ['40 %', '3'] };
    const ok = contentScore({ html: article(), brief: brief(), claims: [supported] });
    const bad = contentScore({ html: article(), brief: brief(), claims: [supported, unsupported] });
    expect(partOf(ok, 'claims').value).toBe(1);
    expect(partOf(bad, 'claims').value).toBeLessThan(1);
    expect(bad.total).toBeLessThan(ok.total);
    expect(partOf(bad, 'claims').advice).toEqual({ code: 'fix_claims', params: { count: 1, figures: ['40 %', '3'] } });
    // not checked yet: no penalty, but said
    expect(partOf(contentScore({ html: article(), brief: brief(), claims: null }), 'claims')).toMatchObject({ value: 1, advice: { code: 'claims_not_checked' } });
  });

  it('checks the headings: one h1, h2s, no skipped level, no empty heading', () => {
    expect(headingIssues(readArticle(article()).headings)).toEqual([]);
    expect(headingIssues(readArticle('<h2>A</h2><h4>B</h4><h3></h3>').headings)).toEqual(['no_h1', 'skipped_level', 'empty_heading']);
    expect(headingIssues(readArticle('<h1>A</h1><h1>B</h1><p>x</p>').headings)).toEqual(['several_h1', 'no_h2']);
    const bad = contentScore({ html: '<h2>A</h2><h4>B</h4><p>Texte.</p>', brief: brief(), claims: [] });
    expect(partOf(bad, 'headings').value).toBe(0.5);
    expect(partOf(bad, 'headings').advice).toEqual({ code: 'fix_headings', params: { issues: ['no_h1', 'skipped_level'] } });
  });

  it('reads text as a browser does: entities decoded, scripts and styles skipped, blocks apart', () => {
    const read = readArticle('<h1>Pain&nbsp;&amp;&nbsp;levain</h1><p>un<br>deux</p><script>var levain = 1</script><style>p{}</style><li>trois</li>');
    expect(read.headings).toEqual([{ level: 1, text: 'Pain & levain' }]);
    expect(read.text.split('\n')).toEqual(['Pain & levain', 'un', 'deux', 'trois']);
  });

  it('empty HTML scores low and says there is no text', () => {
    const score = contentScore({ html: '', brief: brief(), claims: null });
    expect(partOf(score, 'readability').advice).toEqual({ code: 'no_text' });
    expect(partOf(score, 'length').value).toBe(0);
    expect(score.total).toBeLessThan(40);
  });
});

describe('readability', () => {
  const text =
    'La fermentation lente développe les arômes du pain. Le boulanger nourrit son levain chaque jour avec de la farine et de l’eau tiède.';

  it('uses Kandel & Moles for French and Flesch for English, which differ on the same text', () => {
    const fr = readability(text, 'fr');
    const en = readability(text, 'en');
    expect(fr.formula).toBe('kandel-moles');
    expect(en.formula).toBe('flesch');
    expect(fr.sentences).toBe(2);
    expect(fr.ease).not.toBeNull();
    expect(en.ease).not.toBeNull();
    expect(Math.abs((fr.ease as number) - (en.ease as number))).toBeGreaterThan(3);
    // Kandel & Moles by hand: 207 − 1.015 × words/sentence − 73.6 × syllables/word
    expect(fr.ease).toBeCloseTo(207 - 1.015 * fr.wordsPerSentence - 73.6 * fr.syllablesPerWord, 6);
    expect(en.ease).toBeCloseTo(206.835 - 1.015 * en.wordsPerSentence - 84.6 * en.syllablesPerWord, 6);
  });

  it('counts syllables per language: the French mute e, the English silent e', () => {
    expect(syllables('boulangère', 'fr')).toBe(3);
    expect(syllables('farine', 'fr')).toBe(2);
    expect(syllables('pâtes', 'fr')).toBe(1);
    expect(syllables('fermentation', 'fr')).toBe(4);
    expect(syllables('bake', 'en')).toBe(1);
    expect(syllables('table', 'en')).toBe(2);
    expect(syllables('baked', 'en')).toBe(1);
    expect(syllables('temperature', 'en')).toBe(4);
  });

  it('long sentences lower the score and the advice asks for shorter ones', () => {
    const long = `<h1>T</h1><h2>S</h2><p>${'Le boulanger prépare soigneusement la pâte fermentée '.repeat(8)}.</p>`;
    const score = contentScore({ html: long, brief: brief({ terms: [], sections: [], questions: [] }), claims: [] });
    const part = score.parts.find((p) => p.key === 'readability');
    expect(part?.value).toBeLessThan(1);
    expect(part?.advice?.code).toBe('shorter_sentences');
  });
});
