// research_page end to end: the real stack (PostgreSQL, PostgREST), the in-process worker, the fake
// SERP provider (worker/test/fakes/providers.js) pointing at a fake web of competitor pages on
// loopback (worker/test/fakes/web.js: French articles in several templates, a PDF, a 404, a
// redirect chain, a slow page, a huge page, a stub). OUTBOUND_ALLOW_PRIVATE=1 lets the
// outbound-fetch module reach 127.0.0.1.
import assert from 'node:assert/strict';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import pg from 'pg';
import { termKey } from '@citable/shared/engine';
import { signedInUser, startTestStack } from '../../supabase-local/test/helpers.js';
import { fakeProviderEnv, startFakeProviders } from './fakes/providers.js';
import { startFakeWeb } from './fakes/web.js';
import { loadConfig } from '../dist/config.js';
import { startWorker } from '../dist/runner.js';
import { loadBrief } from '../dist/engine/research.js';

const sleep = (/** @type {number} */ ms) => new Promise((r) => setTimeout(r, ms));
const SITE_URL = 'https://www.fournil-test.fr';
// extraction runs in worker threads (engine/extract-pool.ts): the reads' time-outs measure the
// network, so a realistic one holds even with the 2.8 MB page parsed meanwhile
const TIMEOUT_MS = 1500;

/** @type {Awaited<ReturnType<typeof startTestStack>>} */
let t;
/** @type {Awaited<ReturnType<typeof startFakeProviders>>} */
let fake;
/** @type {Awaited<ReturnType<typeof startFakeWeb>>} */
let web;
/** @type {pg.Pool} */
let pool;
/** @type {any} */
let user;
/** @type {Awaited<ReturnType<typeof startWorker>> | null} */
let worker = null;
let siteId = 0;
let pageId = 0;
let dataDir = '';
const RESEARCH = 7;

/** The SERP the fake answers: competitor pages of every shape, and one of the site's own. */
const serp = () =>
  [
    ['/pain-levain-1', 'Pain au levain maison'],
    [`${SITE_URL}/pain-au-levain`, 'Notre pain au levain'],
    ['/pain-levain-2', 'Réussir son pain au levain naturel'],
    ['/fiche-levain', 'Fiche technique levain'],
    ['/pain-levain-3', 'Levain naturel : le guide'],
    ['/disparu', 'Pain au levain (ancien article)'],
    ['/r/1', 'Pain au levain facile'],
    ['/lent', 'Pain au levain — le site lent'],
    ['/pain-levain-5', 'Mon pain au levain du dimanche'],
    ['/enorme', 'Le pain au levain, un savoir-faire'],
    ['/guide-levain.pdf', 'Guide du levain (PDF)'],
    ['/court', 'Forum : pain au levain'],
  ].map(([p, title], i) => ({ position: i + 1, title, link: p.startsWith('http') ? p : `${web.url}${p}`, snippet: `Extrait ${i + 1}.` }));

const PAA = ['Comment faire un levain naturel ?', 'Combien de temps pour faire un pain au levain ?'];

async function waitForAction(/** @type {number} */ id, timeoutMs = 30_000) {
  const end = Date.now() + timeoutMs;
  for (;;) {
    const { rows } = await pool.query('select * from public.pages_actions where id = $1', [id]);
    if (rows[0] && ['done', 'failed'].includes(rows[0].status)) return rows[0];
    if (Date.now() > end) throw new Error(`action ${id} still ${rows[0]?.status} (${rows[0]?.last_error ?? ''})`);
    await sleep(100);
  }
}

async function research(/** @type {number} */ page) {
  const { data, error } = await user.client.from('pages_actions').insert({ linked_page: page, linked_action: RESEARCH }).select().single();
  if (error) throw new Error(error.message);
  return waitForAction(data.id);
}

/** Runs a done action again (a refresh, as the apps do). */
async function refresh(/** @type {number} */ id) {
  await pool.query("update public.pages_actions set created_date = now(), status = 'queued', attempts = 0 where id = $1", [id]);
  return waitForAction(id);
}

async function newPage(/** @type {string} */ name, /** @type {string} */ url) {
  const page = await user.client.from('pages').insert({ site: siteId, name, url }).select().single();
  assert.equal(page.error, null);
  return page.data.id;
}

const median = (/** @type {number[]} */ v) => {
  const s = [...v].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};

before(async () => {
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'citable-research-test-'));
  t = await startTestStack({ seed: false });
  fake = await startFakeProviders();
  web = await startFakeWeb({ slowMs: TIMEOUT_MS * 2.5 });
  pool = new pg.Pool({ connectionString: t.stack.databaseUrl, max: 3 });
  user = await signedInUser(t.stack);
  const { rows: lang } = await pool.query(
    "select l.id as language, l.linked_country as country from public.location_languages l join public.location_countries c on c.id = l.linked_country where c.country_code = 'FR' and l.language_code = 'fr'",
  );
  const site = await user.client
    .from('sites')
    .insert({
      name: 'Le Fournil',
      url: SITE_URL,
      country: lang[0].country,
      language: lang[0].language,
      serps_nb_results: 12,
      to_scrape: `${web.url}/notre-boulangerie\n${web.url}/plus-en-ligne`,
    })
    .select()
    .single();
  assert.equal(site.error, null);
  siteId = site.data.id;
  pageId = await newPage('Pain au levain', `${SITE_URL}/pain-au-levain`);
  const kw = await user.client.rpc('add_page_keyword', { p_page_id: pageId, p_keyword: 'pain au levain' });
  assert.equal(kw.error, null);
  worker = await startWorker({
    config: loadConfig({
      ...fakeProviderEnv(fake),
      DATABASE_URL: t.stack.databaseUrl,
      DATA_DIR: dataDir,
      WORKER_POLL_INTERVAL_MS: '200',
      OUTBOUND_ALLOW_PRIVATE: '1',
      SCRAPE_TIMEOUT_MS: String(TIMEOUT_MS),
    }),
    log: (m) => {
      if (process.env.BACKEND_TEST_VERBOSE) console.log(m);
    },
    mailer: { send: async () => {} },
  });
});

after(async () => {
  await worker?.stop();
  await pool?.end();
  await fake?.close();
  await web?.close();
  await t?.close();
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
});

describe('research_page', () => {
  /** @type {any} */
  let firstRun;
  /** @type {any} */
  let first;

  it('reads the top results and writes a brief from them; unreadable pages are sources with their reason and one warning; done', async () => {
    fake.reset();
    fake.results(() => serp());
    fake.questions(() => PAA);
    web.requests.length = 0;
    const done = await research(pageId);
    firstRun = done;
    assert.equal(done.status, 'done', done.last_error);
    assert.equal(done.last_error, null);

    // one SERP query, for the site's country
    const serperCalls = fake.requests.filter((r) => r.route === 'serper');
    assert.equal(serperCalls.length, 1);
    assert.equal(serperCalls[0].body.q, 'pain au levain');
    assert.equal(serperCalls[0].body.gl, 'fr');
    assert.equal(serperCalls[0].body.num, 12);

    const stored = await loadBrief(pool, pageId);
    assert.ok(stored);
    first = stored;
    const { brief, sources } = stored;
    const byPath = Object.fromEntries(sources.map((/** @type {any} */ s) => [s.url.replace(web.url, ''), s]));

    // every result is a numbered source, read or with the reason it was not
    assert.deepEqual(
      sources.map((/** @type {any} */ s) => s.n),
      Array.from({ length: 14 }, (_, i) => i + 1),
    );
    assert.deepEqual(
      sources.filter((/** @type {any} */ s) => s.kind === 'serp').map((/** @type {any} */ s) => s.position),
      Array.from({ length: 12 }, (_, i) => i + 1),
    );
    const own = byPath[`${SITE_URL}/pain-au-levain`];
    assert.deepEqual([own.status, own.error], ['skipped', "the site's own page"]);
    assert.deepEqual([byPath['/fiche-levain'].status, byPath['/fiche-levain'].error], ['skipped', 'not HTML (application/pdf)']);
    assert.deepEqual([byPath['/guide-levain.pdf'].status, byPath['/guide-levain.pdf'].error], ['skipped', 'not HTML (.pdf file)']);
    assert.deepEqual([byPath['/disparu'].status, byPath['/disparu'].error], ['failed', 'HTTP 404']);
    assert.deepEqual([byPath['/lent'].status, byPath['/lent'].error], ['failed', 'no answer within 1.5 s']);
    assert.equal(byPath['/court'].status, 'failed');
    assert.match(byPath['/court'].error, /^too little text \(\d+ words\)$/);
    for (const p of ['/fiche-levain', '/disparu', '/lent', '/court']) {
      assert.equal(byPath[p].text, null, p);
      assert.equal(byPath[p].words, null, p);
    }
    assert.ok(!web.requests.includes('/guide-levain.pdf'), 'a .pdf URL is not fetched');
    assert.ok(!web.requests.some((r) => r.includes('fournil-test')), "the site's own page is not fetched");

    // read pages: title, outline, words, main text without the page furniture
    const read = sources.filter((/** @type {any} */ s) => s.status === 'read');
    assert.deepEqual(read.map((/** @type {any} */ s) => s.url.replace(web.url, '')).sort(), [
      '/enorme',
      '/notre-boulangerie',
      '/pain-levain-1',
      '/pain-levain-2',
      '/pain-levain-3',
      '/pain-levain-5',
      '/r/1',
    ]);
    const redirected = byPath['/r/1'];
    assert.equal(redirected.title, web.articles[3].title, 'the redirect chain ends at the fourth article');
    assert.deepEqual(
      redirected.headings.filter((/** @type {any} */ h) => h.level === 2).map((/** @type {any} */ h) => h.text),
      web.articles[3].sections.map((s) => s.h),
    );
    assert.deepEqual(
      byPath['/pain-levain-1'].headings.map((/** @type {any} */ h) => h.text),
      web.articles[0].sections.map((s) => s.h),
      'the outline of the article, not of the sidebar or the comments',
    );
    assert.equal(byPath['/enorme'].title, web.articles[5].title, 'a page of several MB is read within the cap');
    assert.ok(byPath['/enorme'].text.length < 20_000, 'its inline JSON is not main text');
    for (const s of read) {
      assert.ok(s.words >= (s.kind === 'serp' ? 150 : 40), `${s.url}: ${s.words} words`);
      assert.doesNotMatch(s.text, /Accepter les cookies|Newsletter gourmande|Mentions légales|Articles populaires/, s.url);
    }
    assert.equal(byPath['/notre-boulangerie'].kind, 'scraped');
    assert.equal(byPath['/notre-boulangerie'].position, null);
    assert.deepEqual([byPath['/plus-en-ligne'].kind, byPath['/plus-en-ligne'].status, byPath['/plus-en-ligne'].error], ['scraped', 'failed', 'HTTP 404']);

    // one summary warning for the results, one for the site's pages to scrape
    assert.deepEqual(done.warnings.map((/** @type {any} */ w) => w.code), ['unread_results', 'unread_scraped']);
    const [unread] = done.warnings;
    assert.equal(unread.stage, 'read');
    assert.match(unread.message, /^5 of 11 results could not be read: /);
    for (const reason of ['(HTTP 404)', '(not HTML (application/pdf))', '(no answer within 1.5 s)', '(not HTML (.pdf file))', 'too little text']) {
      assert.ok(unread.message.includes(reason), `${reason} in ${unread.message}`);
    }
    assert.equal(unread.params.count, 5);
    assert.equal(unread.params.total, 11);
    assert.match(done.warnings[1].message, /^1 of 2 pages to scrape could not be read: 127\.0\.0\.1:\d+ \(HTTP 404\)$/);

    // stages with their time and cost
    assert.deepEqual(done.stages.map((/** @type {any} */ s) => s.stage), ['serp', 'read', 'brief', 'store']);
    assert.equal(done.stages[0].calls, 1);
    assert.ok(done.stages[1].ms >= TIMEOUT_MS - 100, 'the read stage waited for the slow page up to the timeout, not longer');
    assert.ok(done.stages[1].ms < TIMEOUT_MS * 2.5, `read stage ${done.stages[1].ms} ms`);

    // the brief: from the pages read
    assert.equal(brief.version, 1);
    assert.equal(brief.language, 'fr');
    assert.deepEqual(brief.keywords, ['pain au levain']);
    assert.equal(brief.keywordsDerived, false);
    assert.equal(brief.editedAt, null);
    const competitorWords = read.filter((/** @type {any} */ s) => s.kind === 'serp').map((/** @type {any} */ s) => s.words);
    assert.equal(competitorWords.length, 6);
    assert.deepEqual(brief.competitorWords, {
      median: Math.round(median(competitorWords)),
      min: Math.min(...competitorWords),
      max: Math.max(...competitorWords),
      count: 6,
    });
    assert.equal(brief.targetWords, Math.round(median(competitorWords) / 50) * 50);

    const keys = brief.terms.map((/** @type {any} */ x) => termKey(x.term, 'fr'));
    assert.ok(brief.terms.length >= 15 && brief.terms.length <= 30, `${brief.terms.length} terms`);
    for (const term of ['levain', 'levain naturel', 'farine', 'pétrissage', 'fermentation', 'cuisson']) {
      assert.ok(keys.includes(termKey(term, 'fr')), `« ${term} » in ${brief.terms.map((/** @type {any} */ x) => x.term).join(', ')}`);
    }
    assert.equal(brief.terms[0].weight, 1);
    for (const x of brief.terms) {
      assert.ok(x.weight > 0 && x.weight <= 1);
      assert.ok(x.sources >= 2 && x.sources <= 6, `${x.term}: ${x.sources} sources`);
      assert.ok(Number.isInteger(x.target) && x.target >= 1);
    }
    const levain = brief.terms.find((/** @type {any} */ x) => x.term === 'levain');
    assert.ok(levain, 'the most frequent written form is shown (« levain », not « levains »)');
    assert.equal(levain.sources, 6);
    // nothing of the page furniture (menus, cookie banners, sidebars, footers, comments)
    const furniture = ['cookies', 'newsletter', 'accueil', 'boutique', 'mentions légales', 'publicités', 'instagram', 'commentaires', 'partager', 'inscrivez', 'articles populaires', 'livraison offerte'];
    for (const word of furniture) {
      const key = termKey(word, 'fr');
      assert.ok(!keys.some((/** @type {string} */ k) => k.split(' ').some((s) => key.split(' ').includes(s))), `« ${word} » is not a term`);
    }

    // questions: the SERP's "people also ask", then question headings of the pages, each once
    assert.deepEqual(brief.questions.slice(0, 2), PAA.map((question) => ({ question, from: 'serp' })));
    const pageQuestions = brief.questions.filter((/** @type {any} */ q) => q.from === 'page');
    const ready = pageQuestions.find((/** @type {any} */ q) => q.question === 'Comment savoir si le levain est prêt ?');
    assert.ok(ready, 'a question heading is a question');
    assert.equal(byPath['/pain-levain-1'].n, ready.n);
    assert.ok(!pageQuestions.some((/** @type {any} */ q) => q.question === 'Comment savoir si mon levain est prêt ?'), 'the same question, asked in other words, once');
    assert.ok(pageQuestions.some((/** @type {any} */ q) => q.question === 'Pourquoi mon pain au levain est-il trop plat ?'));

    // sections the results share, most covered first
    assert.ok(brief.sections.length >= 4);
    for (let i = 1; i < brief.sections.length; i++) assert.ok(brief.sections[i - 1].coveredBy.length >= brief.sections[i].coveredBy.length);
    const readNumbers = new Set(read.map((/** @type {any} */ s) => s.n));
    for (const s of brief.sections) {
      assert.ok(s.coveredBy.length >= 2);
      assert.ok(s.coveredBy.every((/** @type {number} */ n) => readNumbers.has(n)));
    }
    const ingredients = brief.sections.find((/** @type {any} */ s) => /ingrédients/i.test(s.title));
    assert.ok(ingredients, brief.sections.map((/** @type {any} */ s) => s.title).join(' | '));
    assert.ok(ingredients.coveredBy.length >= 4, 'near-duplicate headings (« Ingrédients », « Les ingrédients du pain au levain ») are one section');
    assert.ok(brief.sections.some((/** @type {any} */ s) => /cuisson/i.test(s.title)));

    // stored for the page's owner (RLS), the SERP rows too
    const own1 = await user.client.from('page_briefs').select('brief, researched_at, research_action, edited_at').eq('page', pageId).single();
    assert.equal(own1.error, null);
    assert.equal(String(own1.data.research_action), String(done.id));
    assert.ok(own1.data.researched_at);
    assert.equal(own1.data.edited_at, null);
    const ownSources = await user.client.from('page_brief_sources').select('n, status').eq('page', pageId);
    assert.equal(ownSources.data?.length, 14);
    const { rows: serps } = await pool.query('select count(*)::int as n from public.serps where site = $1', [siteId]);
    assert.equal(serps[0].n, 12);
  });

  it('targetWords follows the competitors: longer pages, a longer target; a new run replaces the brief, an operator edit included', async () => {
    assert.ok(first, 'runs after the first test');
    // the operator edits the brief
    const edited = { ...first.brief, targetWords: 4000, terms: [...first.brief.terms, { term: 'banneton', weight: 0, sources: 0, target: 1, added: true }] };
    const upd = await user.client.from('page_briefs').update({ brief: edited }).eq('page', pageId).select('edited_at').single();
    assert.equal(upd.error, null);
    assert.ok(upd.data.edited_at);

    web.variant('long');
    try {
      const done = await refresh(firstRun.id);
      assert.equal(done.status, 'done', done.last_error);
      const stored = await loadBrief(pool, pageId);
      assert.ok(stored);
      const words = stored.sources.filter((/** @type {any} */ s) => s.kind === 'serp' && s.status === 'read').map((/** @type {any} */ s) => s.words);
      assert.equal(words.length, 6);
      assert.ok(median(words) > first.brief.competitorWords.median + 100, `${median(words)} words against ${first.brief.competitorWords.median}`);
      assert.equal(stored.brief.targetWords, Math.round(median(words) / 50) * 50);
      assert.ok(stored.brief.targetWords > first.brief.targetWords);
      assert.ok(!stored.brief.terms.some((/** @type {any} */ x) => x.added), "research replaces the operator's brief");
      assert.equal(stored.sources.length, 14, 'the sources are replaced, not added to');
      const row = await pool.query('select edited_at, research_action from public.page_briefs where page = $1', [pageId]);
      assert.equal(row.rows[0].edited_at, null);
    } finally {
      web.variant('short');
    }
  });

  it('a page without keyword: keywords derived from its name and URL, with a no_keyword warning', async () => {
    fake.reset();
    fake.results(() => serp().filter((r) => /pain-levain-[123]/.test(r.link)));
    fake.questions(() => []);
    const page = await newPage('Pain de campagne au levain !', `${SITE_URL}/blog/pain-campagne-levain`);
    const done = await research(page);
    assert.equal(done.status, 'done', done.last_error);
    assert.deepEqual(done.warnings.map((/** @type {any} */ w) => w.code), ['no_keyword', 'unread_scraped']);
    assert.deepEqual(done.warnings.slice(0, 1), [
      {
        stage: 'keywords',
        code: 'no_keyword',
        message: 'no keyword: used « pain de campagne au levain »',
        params: { keywords: ['pain de campagne au levain'] },
      },
    ]);
    const calls = fake.requests.filter((r) => r.route === 'serper');
    assert.deepEqual(calls.map((c) => c.body.q), ['pain de campagne au levain']);
    const stored = await loadBrief(pool, page);
    assert.ok(stored);
    assert.equal(stored.brief.keywordsDerived, true);
    assert.deepEqual(stored.brief.keywords, ['pain de campagne au levain']);
    assert.equal(stored.brief.competitorWords?.count, 3);
    assert.ok(stored.brief.terms.some((/** @type {any} */ x) => x.term === 'levain'));

    // a URL that says something else than the name: both searched
    fake.reset();
    fake.results(() => serp().filter((r) => /pain-levain-[12]/.test(r.link)));
    const other = await newPage('Notre recette', `${SITE_URL}/recettes/fougasse-aux-olives`);
    const both = await research(other);
    assert.equal(both.status, 'done', both.last_error);
    assert.deepEqual(both.warnings[0].params.keywords, ['notre recette', 'fougasse aux olives']);
    assert.deepEqual(fake.requests.filter((r) => r.route === 'serper').map((c) => c.body.q), ['notre recette', 'fougasse aux olives']);
  });

  it('fails only when nothing could be researched: no keyword, no page read, no question', async () => {
    fake.reset();
    fake.results(() => serp().filter((r) => /disparu|fiche-levain/.test(r.link)));
    fake.questions(() => []);
    const page = await newPage('Pain perdu', `${SITE_URL}/pain-perdu`);
    const failed = await research(page);
    assert.equal(failed.status, 'failed');
    assert.match(failed.last_error, /^Nothing could be researched: the page has no keyword \(tried « pain perdu »\) and no result could be read: add a keyword$/);
    assert.deepEqual(failed.warnings.map((/** @type {any} */ w) => w.code), ['no_keyword', 'unread_results', 'unread_scraped']);
    assert.equal(failed.attempts, 1, 'a permanent failure');
    assert.equal(await loadBrief(pool, page), null, 'no brief stored');

    // the same with a keyword of the operator's: done, the brief carries the keyword and the warning
    const kw = await user.client.rpc('add_page_keyword', { p_page_id: page, p_keyword: 'pain perdu' });
    assert.equal(kw.error, null);
    const done = await refresh(failed.id);
    assert.equal(done.status, 'done', done.last_error);
    assert.match(done.warnings[0].message, /^2 of 2 results could not be read/);
    const stored = await loadBrief(pool, page);
    assert.equal(stored?.brief.competitorWords, null);
    assert.equal(stored?.brief.targetWords, 1800);
    assert.deepEqual(stored?.brief.terms, []);
  });
});
