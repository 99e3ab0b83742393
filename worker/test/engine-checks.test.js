// The article engine's checks as pure functions (worker/src/engine): claims and their passages
// (BM25), the figures check, structured data (FAQPage only with an FAQ), French typography of
// the text nodes, the outline fitted to the brief.
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { citedSentences, figuresIn, findClaims, missingFigures, passagesOf } from '../dist/engine/claims.js';
import { faqOf, structuredData } from '../dist/engine/structured-data.js';
import { frenchText, frenchTypography } from '../dist/engine/typography.js';
import { fitOutline, keepKnownCitations, parseJsonAnswer } from '../dist/engine/write.js';

const SOURCE_1 =
  "Le levain naturel se prépare avec de la farine et de l'eau. Il faut le rafraîchir chaque jour pendant une semaine. " +
  'Une pâte hydratée à 70 % donne une mie plus alvéolée. La cuisson se fait à 240 degrés pendant 35 minutes. ' +
  'Le pain se conserve trois jours dans un torchon.';
const SOURCE_2 =
  'En 2023, la France comptait 33 000 boulangeries artisanales. Le prix moyen de la baguette était de 0,95 euro. ' +
  "Les Français consomment en moyenne 120 grammes de pain par jour, selon l'Observatoire du pain.";

const sources = [
  { n: 1, url: 'https://a.test/levain', kind: 'serp', position: 1, title: 'Levain', status: 'read', error: null, words: 60, headings: [], text: SOURCE_1 },
  { n: 2, url: 'https://b.test/chiffres', kind: 'serp', position: 2, title: 'Chiffres', status: 'read', error: null, words: 40, headings: [], text: SOURCE_2 },
  { n: 3, url: 'https://c.test/404', kind: 'serp', position: 3, title: null, status: 'failed', error: 'HTTP 404', words: null, headings: [], text: null },
];

describe('claims', () => {
  it('each cited sentence gets the passage of its source it rests on', () => {
    const html =
      '<h1>Pain au levain</h1><p>Pour une mie alvéolée, hydratez la pâte à 70 % [1]. La France compte 33\u00a0000 boulangeries artisanales [2].</p>' +
      '<ul><li>Cuisez le pain à 240 degrés [1].</li></ul><p>Une phrase sans source.</p>';
    const claims = findClaims(html, sources, 'fr');
    assert.equal(claims.length, 3);
    assert.deepEqual(claims.map((c) => c.n), [1, 2, 1]);
    assert.match(claims[0].passage, /hydratée à 70 %/);
    assert.equal(claims[0].supported, true);
    assert.deepEqual(claims[0].missing, []);
    assert.equal(claims[0].sentence, 'Pour une mie alvéolée, hydratez la pâte à 70 %.');
    assert.equal(claims[0].url, 'https://a.test/levain');
    assert.match(claims[1].passage, /33 000 boulangeries/);
    assert.equal(claims[1].supported, true, 'a no-break space in the thousands still matches');
    assert.match(claims[2].passage, /240 degrés/);
    assert.ok(!claims[2].passage.includes('levain naturel se prépare') || claims[2].passage.includes('240'));
  });

  it('a sentence whose number is not in its source is unsupported, the figure listed', () => {
    const html = '<p>La cuisson se fait à 260 degrés pendant 35 minutes [1]. En 2021, la baguette coûtait 0,95 euro [2].</p>';
    const [cuisson, prix] = findClaims(html, sources, 'fr');
    assert.equal(cuisson.supported, false);
    assert.deepEqual(cuisson.missing, ['260']);
    assert.match(cuisson.passage, /240 degrés pendant 35 minutes/, 'the passage it rests on, all the same');
    assert.equal(prix.supported, false);
    assert.deepEqual(prix.missing, ['2021']);
  });

  it('a source that was not read supports nothing; a marker after the full stop belongs to the sentence before', () => {
    const html = '<p>Le pain se conserve 3 jours. [3] Gardez-le dans un torchon [1].</p>';
    const claims = findClaims(html, sources, 'fr');
    assert.deepEqual(claims.map((c) => [c.n, c.supported, c.passage]), [
      [3, false, null],
      [1, true, claims[1].passage],
    ]);
    assert.deepEqual(claims[0].missing, ['3']);
    assert.equal(claims[0].sentence, 'Le pain se conserve 3 jours.');
    assert.ok(claims[1].passage);
  });

  it('a sentence citing two sources may take each figure from either', () => {
    const claims = findClaims('<p>Une pâte hydratée à 70 % et 33 000 boulangeries [1][2]. Une pâte hydratée à 75 % [1][2].</p>', sources, 'fr');
    assert.deepEqual(claims.map((c) => [c.n, c.supported, c.missing]), [
      [1, true, []],
      [2, true, []],
      [1, false, ['75 %']],
      [2, false, ['75 %']],
    ]);
  });

  it('figures: percentages, decimals, thousands, years; passages are windows of one to three sentences', () => {
    assert.deepEqual(figuresIn('Entre 2020 et 2024, +12,5 % et 1 200 euros [4].').map((f) => f.value), ['2020', '2024', '12.5', '1200']);
    assert.deepEqual(missingFigures('70 % des boulangers', 'soixante-dix pour cent, soit 70%'), []);
    assert.deepEqual(missingFigures('1,000 pains et 2.5 kg', 'mille pains (1000) et 2,5 kg'), []);
    const passages = passagesOf('Un. Deux. Trois. Quatre.', 'fr');
    assert.ok(passages.includes('Un. Deux. Trois.'));
    assert.ok(!passages.some((p) => p.includes('Un.') && p.includes('Quatre.')));
    assert.deepEqual(citedSentences('<p>A [1, 2]. B.</p>', 'fr'), [{ sentence: 'A.', cites: [1, 2] }]);
  });
});

describe('structured data', () => {
  const page = { page_name: 'Pain au levain', page_url: 'https://www.example.com/pain', site_name: 'Example', site_url: 'https://www.example.com' };
  const base = { language: 'fr', page, datePublished: '2026-11-26T10:00:00.000Z', dateModified: '2026-11-26T11:00:00.000Z' };

  it('Article only when the article has no FAQ', () => {
    const data = structuredData({ ...base, html: '<h1>Le pain au levain</h1><p>Un guide complet [1].</p><h2>Le levain</h2><h3>Pourquoi ?</h3><p>Parce que.</p>' });
    assert.equal(data.length, 1);
    assert.equal(data[0]['@type'], 'Article');
    assert.equal(data[0].headline, 'Le pain au levain');
    assert.equal(data[0].description, 'Un guide complet.');
    assert.equal(data[0].inLanguage, 'fr');
    assert.deepEqual(data[0].mainEntityOfPage, { '@type': 'WebPage', '@id': 'https://www.example.com/pain' });
    assert.equal(data[0].publisher.name, 'Example');
    assert.equal(data[0].author.url, 'https://www.example.com');
    assert.equal(data[0].image, undefined, 'no cover, no image');
  });

  it('FAQPage with the questions and answers of the FAQ section; the cover as image', () => {
    const html =
      '<h1>Pain</h1><p>Intro.</p><h2>Cuisson</h2><h3>À quelle température ?</h3><p>Pas une question de FAQ.</p>' +
      '<h2 id="faq">Questions fréquentes</h2><h3>Combien de temps dure la pousse ?</h3><p>Entre 4 et 6 heures [1].</p><p>Plus en hiver.</p>' +
      '<h3>Faut-il du sel ?</h3><ul><li>Oui, 2 %.</li></ul><h2>Conclusion</h2><p>Fin.</p>';
    const data = structuredData({ ...base, html, image: 'https://cdn.test/cover.png' });
    assert.deepEqual(data.map((d) => d['@type']), ['Article', 'FAQPage']);
    assert.deepEqual(data[0].image, ['https://cdn.test/cover.png']);
    assert.deepEqual(data[1].mainEntity, [
      { '@type': 'Question', name: 'Combien de temps dure la pousse ?', acceptedAnswer: { '@type': 'Answer', text: 'Entre 4 et 6 heures. Plus en hiver.' } },
      { '@type': 'Question', name: 'Faut-il du sel ?', acceptedAnswer: { '@type': 'Answer', text: 'Oui, 2 %.' } },
    ]);
    assert.deepEqual(faqOf('<h2>Frequently asked questions</h2><h3>Why?</h3><p>Because.</p>'), [{ question: 'Why?', answer: 'Because.' }]);
  });
});

describe('French typography', () => {
  it('no-break spaces before ? ! : ; and inside « », in text nodes only', () => {
    assert.equal(frenchText('Pourquoi? Parce que : voilà ; « levain » !'), 'Pourquoi\u00a0? Parce que\u00a0: voilà\u00a0; «\u00a0levain\u00a0»\u00a0!');
    assert.equal(frenchText('à 10:30, voir https://a.test/x?y=1'), 'à 10:30, voir https://a.test/x?y=1');
    assert.equal(frenchText("l'eau..."), 'l’eau…');
    const html = frenchTypography('<p><strong>Attention</strong>: <a href="https://a.test/?q=1">le four</a> chauffe ! <code>a: b</code></p>');
    assert.equal(html, '<p><strong>Attention</strong>\u00a0: <a href="https://a.test/?q=1">le four</a> chauffe\u00a0! <code>a: b</code></p>');
    assert.equal(frenchTypography(html), html, 'idempotent');
  });
});

describe('writing helpers', () => {
  const brief = {
    version: 1, language: 'fr', keywords: ['pain au levain'], keywordsDerived: false, targetWords: 1500,
    competitorWords: null, sections: [], editedAt: null, questions: [],
    terms: [{ term: 'levain naturel', weight: 1, sources: 3, target: 3 }, { term: 'farine', weight: 0.5, sources: 2, target: 2 }, { term: 'cuisson', weight: 0.4, sources: 2, target: 1 }],
  };

  it('the outline keeps read sources only, gives every brief term to a section and spreads the target length', () => {
    const outline = fitOutline(
      { title: 'T', description: '', sections: [{ title: 'A', subsections: [], sources: [1, 9], terms: ['Farine'], words: 600 }, { title: 'B', subsections: ['b1'], sources: [], terms: [], words: 300 }] },
      brief, [1, 2], 4,
    );
    assert.deepEqual(outline.sections[0].sources, [1]);
    assert.deepEqual(outline.sections[1].sources, [2], 'a section without sources gets one');
    assert.deepEqual(outline.sections.flatMap((s) => s.terms).sort(), ['cuisson', 'farine', 'levain naturel']);
    assert.ok(outline.sections[0].words > outline.sections[1].words);
    const total = outline.introWords + outline.faqWords + outline.sections.reduce((a, s) => a + s.words, 0);
    assert.ok(Math.abs(total - 1500) <= 30, `total ${total}`);
  });

  it('JSON answers in a fence or with text around are read; unknown citations removed', () => {
    assert.deepEqual(parseJsonAnswer('Voici :\n```json\n{"a": 1}\n```'), { a: 1 });
    assert.equal(parseJsonAnswer('pas de JSON'), null);
    assert.deepEqual(keepKnownCitations('<p>A [1]. B [7]. C [1, 7].</p>', [1]), { html: '<p>A [1]. B. C [1].</p>', dropped: [7] });
  });
});
