#!/usr/bin/env node
// npm run eval:article — the article engine against the real providers (not in CI).
//
// Writes one article for each of a fixed list of topics (ten French, two English) through the
// whole pipeline — research (SERP, the top results read), brief, outline, sections, FAQ, checks —
// on an embedded PostgreSQL of its own with worker processes (worker/bench/article-pipeline.mjs),
// and prints per article: words, content score, citations per 300 words, unsupported claims,
// cost and time. Needs OPENROUTER_API_KEY and a SERP provider's key (SERP_API_KEY for Serper or
// SerpApi with SERP_PROVIDER, or DATAFORSEO_LOGIN and DATAFORSEO_PASSWORD); ARTICLE_MODEL chooses
// the model (openai/gpt-4o-mini by default). Without them it says what it needs and exits 1.
// EVAL_FAKES=1 runs the same table against the local fakes (no key, no network): a check of the
// harness, not of the writing. EVAL_TOPICS=3 takes the first topics only.
import { JSDOM } from 'jsdom';
import { countWords } from '@citable/shared/engine';
import { median, startPipeline } from '../bench/article-pipeline.mjs';

export const TOPICS = [
  { lang: 'fr', keyword: 'pain au levain maison' },
  { lang: 'fr', keyword: 'compost en appartement' },
  { lang: 'fr', keyword: 'isolation des combles perdus' },
  { lang: 'fr', keyword: 'choisir un vélo électrique' },
  { lang: 'fr', keyword: 'créer une micro-entreprise' },
  { lang: 'fr', keyword: 'récupérer l’eau de pluie' },
  { lang: 'fr', keyword: 'apprendre le piano adulte' },
  { lang: 'fr', keyword: 'randonnée GR20 préparation' },
  { lang: 'fr', keyword: 'pompe à chaleur air eau' },
  { lang: 'fr', keyword: 'référencement local google business profile' },
  { lang: 'en', keyword: 'sourdough starter from scratch' },
  { lang: 'en', keyword: 'how to start a vegetable garden' },
];

const fakes = /^(1|true|yes)$/i.test(process.env.EVAL_FAKES ?? '');

function missingKeys() {
  const missing = [];
  if (!process.env.OPENROUTER_API_KEY) missing.push('OPENROUTER_API_KEY (an OpenRouter key; ARTICLE_MODEL picks the model, openai/gpt-4o-mini by default)');
  const provider = (process.env.SERP_PROVIDER || 'serper').toLowerCase();
  if (provider === 'dataforseo' ? !(process.env.DATAFORSEO_LOGIN && process.env.DATAFORSEO_PASSWORD) : !process.env.SERP_API_KEY) {
    missing.push('a SERP key: SERP_API_KEY (Serper, or SerpApi with SERP_PROVIDER=serpapi), or DATAFORSEO_LOGIN and DATAFORSEO_PASSWORD with SERP_PROVIDER=dataforseo');
  }
  return missing;
}

/** The article's visible text, without the [n] markers. */
function textOf(/** @type {string} */ html) {
  return (new JSDOM(`<body>${html}</body>`).window.document.body.textContent ?? '').replace(/\[\d{1,3}\]/g, ' ');
}

const pad = (/** @type {unknown} */ v, /** @type {number} */ n, left = false) => (left ? String(v).padStart(n) : String(v).padEnd(n));

async function main() {
  if (!fakes) {
    const missing = missingKeys();
    if (missing.length > 0) {
      console.log('eval:article writes real articles with the real providers, and needs:');
      for (const m of missing) console.log(`  - ${m}`);
      console.log('Nothing was run. (EVAL_FAKES=1 runs the same table against the local fakes, as a check of the harness.)');
      process.exit(1);
    }
  }
  const topics = TOPICS.slice(0, Number(process.env.EVAL_TOPICS) || TOPICS.length);
  console.log(`eval:article — ${new Date().toISOString()} — ${fakes ? 'LOCAL FAKES (EVAL_FAKES=1): figures check the harness, not the writing' : `model ${process.env.ARTICLE_MODEL || 'openai/gpt-4o-mini'}, SERP ${process.env.SERP_PROVIDER || 'serper'}`}`);
  const pipeline = await startPipeline({ real: !fakes });
  const workers = pipeline.startWorkers(2, { WORKER_CONCURRENCY: '3' });
  try {
    await Promise.all(workers.map((w) => w.ready));
    pipeline.arm();
    const sites = { fr: await pipeline.addSite('fr', 'Eval FR'), en: await pipeline.addSite('en', 'Eval EN') };
    const pages = [];
    for (const t of topics) pages.push(await pipeline.addPage(sites[/** @type {'fr' | 'en'} */ (t.lang)], t.keyword));
    const ids = await pipeline.queueArticles(pages);
    const rows = await pipeline.waitDone(ids, 60 * 60_000);
    console.log('');
    const header = `${pad('topic', 44)} ${pad('lang', 4)} ${pad('status', 6)} ${pad('words', 6, true)} ${pad('target', 6, true)} ${pad('score', 5, true)} ${pad('cit/300w', 8, true)} ${pad('unsupp.', 9, true)} ${pad('cost $', 8, true)} ${pad('time s', 7, true)}`;
    console.log(header);
    console.log('-'.repeat(header.length));
    const totals = { words: /** @type {number[]} */ ([]), score: /** @type {number[]} */ ([]), cites: /** @type {number[]} */ ([]), cost: 0, unsupported: 0, claims: 0 };
    for (const [i, t] of topics.entries()) {
      const row = rows.find((r) => Number(r.id) === ids[i]);
      const { rows: v } = await pipeline.pool.query('select html_content, claims, score from public.pages_versions where id = $1', [row?.linked_pages_version]);
      const { rows: b } = await pipeline.pool.query('select brief from public.page_briefs where page = $1', [pages[i]]);
      const version = v[0];
      if (!row || row.status !== 'done' || !version) {
        console.log(`${pad(t.keyword.slice(0, 44), 44)} ${pad(t.lang, 4)} ${pad(row?.status ?? '?', 6)} ${String(row?.last_error ?? '').slice(0, 80)}`);
        continue;
      }
      const words = countWords(textOf(version.html_content));
      const cites = (version.html_content.match(/\[\d{1,3}\]/g) ?? []).length;
      const claims = version.claims ?? [];
      const unsupported = claims.filter((/** @type {any} */ c) => !c.supported).length;
      const perWords = words ? (cites * 300) / words : 0;
      totals.words.push(words);
      totals.score.push(version.score ?? 0);
      totals.cites.push(perWords);
      totals.cost += Number(row.cost_usd) || 0;
      totals.unsupported += unsupported;
      totals.claims += claims.length;
      console.log(
        `${pad(t.keyword.slice(0, 44), 44)} ${pad(t.lang, 4)} ${pad(row.status, 6)} ${pad(words, 6, true)} ${pad(b[0]?.brief.targetWords ?? '-', 6, true)} ${pad(version.score ?? '-', 5, true)} ${pad(perWords.toFixed(1), 8, true)} ${pad(`${unsupported}/${claims.length}`, 9, true)} ${pad(row.cost_usd === null ? '-' : Number(row.cost_usd).toFixed(4), 8, true)} ${pad(((row.duration_ms ?? 0) / 1000).toFixed(1), 7, true)}`,
      );
    }
    console.log('-'.repeat(header.length));
    console.log(
      `medians: ${median(totals.words)} words, score ${median(totals.score)}, ${median(totals.cites).toFixed(1)} citations per 300 words; ${totals.unsupported} unsupported of ${totals.claims} claims; total cost $${totals.cost.toFixed(4)}`,
    );
    const failed = rows.filter((r) => r.status !== 'done').length;
    if (failed > 0) process.exitCode = 1;
  } finally {
    await Promise.all(workers.map((w) => w.stop()));
    await pipeline.stop();
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
