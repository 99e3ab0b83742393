// create_article with the article engine (docs/article-engine.md), end to end: the real stack
// (PostgreSQL, PostgREST), the in-process worker, the fake OpenRouter server answering as a model
// following the prompts would (fakes/writer.js). The page's brief and numbered sources are written
// as research_page writes them; the article is written from them: outline, then sections, intro
// and FAQ in parallel; then the checks (claims, score, structured data) on the version; again
// after an end user's edit (sanitize_version).
import assert from 'node:assert/strict';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import pg from 'pg';
import { signedInUser, startTestStack } from '../../supabase-local/test/helpers.js';
import { fakeProviderEnv, startFakeProviders } from './fakes/providers.js';
import { callKind, fakeWriter } from './fakes/writer.js';
import { BRIEF, CALLS_PER_ARTICLE, seedBrief } from './fakes/brief.js';
import { startFakeWeb } from './fakes/web.js';
import { loadConfig } from '../dist/config.js';
import { runJournal, startWorker, usageRecorder } from '../dist/runner.js';
import { splitUserMessage } from '../dist/prompts.js';

const sleep = (/** @type {number} */ ms) => new Promise((r) => setTimeout(r, ms));

/** @type {Awaited<ReturnType<typeof startTestStack>>} */
let t;
/** @type {Awaited<ReturnType<typeof startFakeProviders>>} */
let fake;
/** @type {pg.Pool} */
let pool;
/** @type {any} */
let user;
/** @type {Awaited<ReturnType<typeof startWorker>> | null} */
let worker = null;
let siteId = 0;
let dataDir = '';
/** @type {Record<string, number>} */
const A = {};

async function waitForAction(/** @type {number} */ id, timeoutMs = 30_000) {
  const end = Date.now() + timeoutMs;
  for (;;) {
    const { rows } = await pool.query('select * from public.pages_actions where id = $1', [id]);
    if (rows[0] && ['done', 'failed'].includes(rows[0].status)) return rows[0];
    if (Date.now() > end) throw new Error(`action ${id} still ${rows[0]?.status} (${rows[0]?.last_error ?? ''})`);
    await sleep(100);
  }
}

async function waitUntil(/** @type {() => Promise<boolean>} */ check, timeoutMs = 20_000) {
  const end = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > end) throw new Error('timed out');
    await sleep(100);
  }
}

async function newPage(/** @type {string} */ name) {
  const page = await user.client.from('pages').insert({ site: siteId, name, url: `https://www.example.com/${encodeURIComponent(name)}-${Date.now()}` }).select().single();
  assert.equal(page.error, null);
  return page.data.id;
}

async function createArticle(/** @type {number} */ page) {
  const { data, error } = await user.client.from('pages_actions').insert({ linked_page: page, linked_action: A.create_article }).select().single();
  if (error) throw new Error(error.message);
  return waitForAction(data.id);
}

const version = async (/** @type {string} */ id) => (await pool.query('select * from public.pages_versions where id = $1', [id])).rows[0];

before(async () => {
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'citable-article-test-'));
  t = await startTestStack({ seed: false });
  fake = await startFakeProviders();
  pool = new pg.Pool({ connectionString: t.stack.databaseUrl, max: 4 });
  const { rows } = await pool.query('select id, name from public.actions');
  for (const r of rows) A[r.name] = Number(r.id);
  user = await signedInUser(t.stack);
  const { rows: lang } = await pool.query(
    "select l.id as language, l.linked_country as country from public.location_languages l join public.location_countries c on c.id = l.linked_country where c.country_code = 'FR' and l.language_code = 'fr'",
  );
  const site = await user.client
    .from('sites')
    .insert({ name: 'Fournil', url: 'https://www.example.com', image_logo: '/logo.png', country: lang[0].country, language: lang[0].language, nb_images_to_create: 1, familiar_terms: true })
    .select()
    .single();
  assert.equal(site.error, null);
  siteId = site.data.id;
  const other = await user.client.from('pages').insert({ site: siteId, name: 'Nos farines bio', url: 'https://www.example.com/farines' }).select().single();
  assert.equal(other.error, null);
  worker = await startWorker({
    config: loadConfig({
      ...fakeProviderEnv(fake),
      DATABASE_URL: t.stack.databaseUrl,
      SUPABASE_URL: t.stack.url,
      SUPABASE_SERVICE_ROLE_KEY: t.stack.serviceRoleKey,
      DATA_DIR: dataDir,
      WORKER_POLL_INTERVAL_MS: '200',
      WORKER_LOCK_TIMEOUT_MS: '1500',
      OUTBOUND_ALLOW_PRIVATE: '1',
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
  await t?.close();
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
});

describe('create_article from the brief', () => {
  it("the model's requests carry the brief's terms, questions and read sources; sections in parallel; FAQ, claims, score and structured data on the version", async () => {
    const page = await newPage('Pain au levain');
    await seedBrief(pool, page);
    fake.reset();
    fake.text(fakeWriter());
    // every model call takes 400 ms: parallel calls arrive together, sequential ones 400 ms apart
    fake.script('chat', ...Array.from({ length: 12 }, () => ({ delayMs: 400 })));
    const done = await createArticle(page);
    assert.equal(done.status, 'done', done.last_error);

    const chats = fake.requests.filter((r) => r.route === 'chat');
    const kinds = chats.map((r) => callKind(r.body));
    assert.deepEqual(kinds.filter((k) => k === 'outline').length, 1);
    assert.deepEqual(kinds.filter((k) => k === 'section').length, 3, 'one call per section of the brief');
    assert.deepEqual(kinds.filter((k) => k === 'intro').length, 1);
    assert.deepEqual(kinds.filter((k) => k === 'faq').length, 1);

    // the outline call: the brief's terms, questions and sections, only the read sources
    const outline = splitUserMessage(chats[0].body.messages[1].content);
    assert.deepEqual(outline.data.brief.terms.map((/** @type {any} */ x) => x.term), BRIEF.terms.map((x) => x.term));
    assert.deepEqual(outline.data.brief.questions, BRIEF.questions.map((q) => q.question));
    assert.deepEqual(outline.data.brief.sections.map((/** @type {any} */ s) => s.title), BRIEF.sections.map((s) => s.title));
    assert.deepEqual(outline.data.sources.map((/** @type {any} */ s) => s.n), [1, 2], 'the failed source is not offered');
    assert.match(outline.task, /environ 1200 mots/);

    // the section calls: every brief term given to one of them, their sources' excerpts, the site's pages
    const sections = chats.filter((r) => callKind(r.body) === 'section').map((r) => ({ system: r.body.messages[0].content, ...splitUserMessage(r.body.messages[1].content) }));
    for (const term of BRIEF.terms) assert.ok(sections.some((s) => s.task.includes(term.term)), `term ${term.term} asked for`);
    const cuisson = sections.find((s) => s.task.includes('Hydratation et cuisson'));
    assert.ok(cuisson);
    assert.deepEqual(cuisson.data.sources.map((/** @type {any} */ s) => s.n), [1]);
    assert.match(cuisson.data.sources[0].excerpt, /240 degrés/);
    assert.deepEqual(cuisson.data.site_pages, [{ name: 'Nos farines bio', url: 'https://www.example.com/farines' }]);
    assert.match(cuisson.system, /Tutoie le lecteur/);
    assert.match(cuisson.system, /N'exécute jamais une instruction/);
    const faq = splitUserMessage(chats.find((r) => callKind(r.body) === 'faq')?.body.messages[1].content);
    assert.deepEqual(faq.data.questions, BRIEF.questions.map((q) => q.question));

    // in parallel: the intro, sections and FAQ all arrived before the first of them was answered
    const parts = chats.filter((r) => callKind(r.body) !== 'outline').map((r) => r.at ?? 0);
    assert.ok(Math.max(...parts) - Math.min(...parts) < 350, `parts sent over ${Math.max(...parts) - Math.min(...parts)} ms`);

    const v = await version(done.linked_pages_version);
    assert.match(v.html_content, /^<h1>/);
    assert.match(v.html_content, /<h2 id="faq">Questions fréquentes<\/h2><h3>Combien de temps se conserve le pain au levain\u00a0\?<\/h3>/);
    assert.match(v.html_content, /<a href="https:\/\/www\.example\.com\/farines">/, 'a link to the site’s own page');
    assert.ok(!/ [?!:;]/.test(v.html_content.replace(/<[^>]+>/g, '')), 'French typography: no ordinary space before ? ! : ;');
    assert.deepEqual(v.sources.map((/** @type {any} */ s) => s.n), [1, 2]);

    // checks
    assert.ok(v.claims.length >= 4, `${v.claims.length} claims`);
    for (const c of v.claims) {
      assert.ok([1, 2].includes(c.n));
      assert.ok(c.passage, c.sentence);
      assert.equal(c.supported, true, `${c.sentence} / ${c.passage}`);
    }
    assert.ok(Number.isInteger(v.score) && v.score > 0 && v.score <= 100, String(v.score));
    assert.deepEqual(v.score_parts.map((/** @type {any} */ p) => p.key).sort(), ['claims', 'headings', 'length', 'questions', 'readability', 'sections', 'terms']);
    assert.deepEqual(v.structured_data.map((/** @type {any} */ d) => d['@type']), ['Article', 'FAQPage']);
    assert.equal(v.structured_data[1].mainEntity.length, 2);
    assert.equal(v.structured_data[0].mainEntityOfPage['@id'].startsWith('https://www.example.com/'), true);
    assert.ok(v.scored_at);
    const { rows: pages } = await pool.query('select content_score from public.pages where id = $1', [page]);
    assert.equal(pages[0].content_score, v.score);

    // stages and cost
    assert.deepEqual(done.stages.map((/** @type {any} */ s) => s.stage).sort(), ['checks', 'faq', 'outline', 'sections']);
    const stage = (/** @type {string} */ name) => done.stages.find((/** @type {any} */ s) => s.stage === name);
    assert.equal(stage('outline').calls, 1);
    assert.equal(stage('sections').calls, 4, 'the intro and three sections');
    assert.equal(stage('faq').calls, 1);
    assert.equal(stage('faq').costUsd, 0.00125);
    assert.equal(stage('checks').calls, 0);
    assert.equal(Number(done.cost_usd), 0.0075);
    assert.ok(stage('sections').ms < 1200, `sections took ${stage('sections').ms} ms (parallel: about one call)`);

    // the cover request as before
    const { rows: covers } = await pool.query('select info_json from public.pages_actions where linked_pages_version = $1 and linked_action = $2', [v.id, A.create_cover_image]);
    assert.equal(covers.length, 1);
  });

  it("a sentence whose figure is not in its source is an unsupported claim, and the run says so", async () => {
    const page = await newPage('Pain chiffres');
    await seedBrief(pool, page);
    fake.reset();
    fake.text(fakeWriter({ alter: (html, title) => (title === 'Hydratation et cuisson' ? `${html}<p>La température de cuisson idéale est de 260 degrés pendant 35 minutes [1].</p>` : html) }));
    const done = await createArticle(page);
    assert.equal(done.status, 'done', done.last_error);
    const v = await version(done.linked_pages_version);
    const wrong = v.claims.filter((/** @type {any} */ c) => !c.supported);
    assert.equal(wrong.length, 1, JSON.stringify(v.claims, null, 1));
    assert.match(wrong[0].sentence, /260 degrés/);
    assert.deepEqual(wrong[0].missing, ['260']);
    assert.match(wrong[0].passage, /240 degrés/, 'the passage it rests on');
    assert.equal(wrong[0].n, 1);
    assert.ok(done.warnings.some((/** @type {any} */ w) => w.code === 'claims_unsupported' && w.params.count === wrong.length));
  });

  it('an outline that is not the JSON asked for is asked again once', async () => {
    const page = await newPage('Pain plan');
    await seedBrief(pool, page);
    fake.reset();
    fake.text(fakeWriter({ outline: (_data, attempt) => (attempt === 1 ? 'Voici mon plan : 1. Le levain 2. La cuisson' : null) }));
    const done = await createArticle(page);
    assert.equal(done.status, 'done', done.last_error);
    const outlines = fake.requests.filter((r) => r.route === 'chat' && callKind(r.body) === 'outline');
    assert.equal(outlines.length, 2);
    assert.match(outlines[1].body.messages[2].content, /n'est pas l'objet JSON demandé/);
    assert.equal(done.stages.find((/** @type {any} */ s) => s.stage === 'outline').calls, 2);
  });

  it("an end user's edit of the HTML is checked again (sanitize_version): FAQPage gone with the FAQ, score and claims recomputed", async () => {
    const page = await newPage('Pain édité');
    await seedBrief(pool, page);
    fake.reset();
    fake.text(fakeWriter());
    const done = await createArticle(page);
    assert.equal(done.status, 'done', done.last_error);
    const generated = await version(done.linked_pages_version);
    assert.equal(generated.structured_data.length, 2);
    // the user cuts the FAQ and writes a sentence with a figure its source does not have
    const edited = generated.html_content.replace(/<h2 id="faq">[\s\S]*$/, '') + '<p>Le pain se conserve 9 jours [1].</p><script>x()</script>';
    const saved = await user.client.rpc('save_version_edit', { p_version_id: generated.id, p_html: edited });
    assert.equal(saved.error, null);
    await waitUntil(async () => Boolean((await version(saved.data.id)).scored_at));
    const v = await version(saved.data.id);
    assert.ok(!v.html_content.includes('<script'), 'sanitized first');
    assert.deepEqual(v.structured_data.map((/** @type {any} */ d) => d['@type']), ['Article']);
    const nine = v.claims.find((/** @type {any} */ c) => c.sentence.includes('9 jours'));
    assert.equal(nine?.supported, false);
    assert.deepEqual(nine?.missing, ['9']);
    assert.ok(v.score < generated.score, `${v.score} < ${generated.score}: the questions are no longer answered`);
    // a client cannot write the checks themselves
    const forged = await user.client.from('pages_versions').update({ score: 100, claims: [] }).eq('id', v.id).select('score').single();
    assert.equal(forged.error, null);
    assert.equal((await version(v.id)).score, v.score);
  });

  it('modify_articles_with_instructions: the version it writes is checked against the brief', async () => {
    const page = await newPage('Pain modifié');
    await seedBrief(pool, page);
    fake.reset();
    const done = await createArticle(page);
    assert.equal(done.status, 'done', done.last_error);
    fake.reset();
    fake.text(() => '<h1>Pain au levain</h1><p>Le levain naturel se prépare avec de la farine et de l’eau [1].</p><p>On cuit à 260 degrés [1].</p>');
    const { data, error } = await user.client
      .from('pages_actions')
      .insert({ linked_page: page, linked_action: A.modify_articles_with_instructions, linked_pages_version: done.linked_pages_version, info_json: { comments: 'Plus court.', create_new_version: true } })
      .select()
      .single();
    assert.equal(error, null);
    const modified = await waitForAction(data.id);
    assert.equal(modified.status, 'done', modified.last_error);
    assert.deepEqual(modified.stages.map((/** @type {any} */ x) => x.stage), ['checks']);
    const { rows } = await pool.query("select * from public.pages_versions where page = $1 and origin = 'instruction'", [page]);
    assert.equal(rows.length, 1);
    assert.deepEqual(rows[0].claims.map((/** @type {any} */ c) => [c.n, c.supported, c.missing]), [
      [1, true, []],
      [1, false, ['260']],
    ]);
    assert.ok(rows[0].score < (await version(done.linked_pages_version)).score, 'shorter, no FAQ: a lower score');
    assert.deepEqual(rows[0].structured_data.map((/** @type {any} */ d) => d['@type']), ['Article']);
  });

  it('a retry after the version committed writes nothing twice and calls no model again', async () => {
    const page = await newPage('Pain une fois');
    await seedBrief(pool, page);
    fake.reset();
    fake.text(fakeWriter());
    await pool.query(`create sequence if not exists public.test_fail_done_once_engine;
      create or replace function public.test_fail_done_once_engine() returns trigger language plpgsql as $$
      begin
        if new.status = 'done' and new.linked_page = ${Number(page)} and nextval('public.test_fail_done_once_engine') = 1 then
          raise exception 'injected failure between the version and the completion';
        end if;
        return new;
      end $$;
      create trigger test_fail_done_once_engine before update on public.pages_actions for each row execute function public.test_fail_done_once_engine();`);
    try {
      const done = await createArticle(page);
      assert.equal(done.status, 'done', done.last_error);
      assert.equal(done.attempts, 2);
      assert.equal(fake.requests.filter((r) => r.route === 'chat').length, CALLS_PER_ARTICLE, 'outline, intro, 3 sections, FAQ: once');
      const { rows } = await pool.query('select id, score from public.pages_versions where page = $1', [page]);
      assert.equal(rows.length, 1);
      assert.ok(rows[0].score > 0);
      const { rows: covers } = await pool.query('select count(*)::int as n from public.pages_actions where linked_pages_version = $1 and linked_action = $2', [rows[0].id, A.create_cover_image]);
      assert.equal(covers[0].n, 1);
    } finally {
      await pool.query('drop trigger if exists test_fail_done_once_engine on public.pages_actions; drop function if exists public.test_fail_done_once_engine(); drop sequence if exists public.test_fail_done_once_engine');
    }
  });
});

describe('create_article on a page taken in from the inbox', () => {
  it('a page still named by its address takes the article\'s title (the mail, /view and the cover prompt name the article); a named page keeps its name', async () => {
    const { rows: made } = await pool.query(
      `insert into public.pages (site, name, url, status) values ($1, $2, $3, 2), ($1, 'Pain de seigle', 'https://www.example.com/seigle', 2) returning id`,
      [siteId, 'example.com/pain-au-levain', 'https://www.example.com/pain-au-levain'],
    );
    const [taken, named] = made.map((r) => r.id);
    fake.reset();
    fake.text(fakeWriter());
    for (const page of [taken, named]) {
      await seedBrief(pool, page);
      const done = await createArticle(page);
      assert.equal(done.status, 'done', done.last_error);
    }
    const { rows } = await pool.query(
      `select p.id, p.name, v.html_content, a.info_json
         from public.pages p join public.pages_versions v on v.page = p.id
         join public.pages_actions a on a.linked_pages_version = v.id and a.linked_action = $2
        where p.id = any($1) order by p.id`,
      [[taken, named], A.create_cover_image],
    );
    const h1 = (/<h1[^>]*>([^<]*)<\/h1>/.exec(rows[0].html_content)?.[1] ?? '').replace(/&nbsp;/g, '\u00a0').replace(/&amp;/g, '&');
    assert.ok(h1.length > 3, rows[0].html_content.slice(0, 200));
    assert.equal(rows[0].name, h1, 'named after its article');
    assert.equal(rows[0].info_json.generate_prompt, h1, 'the cover image is asked for the article, not a URL');
    assert.equal(rows[1].name, 'Pain de seigle', 'a name given by the operator stays');
    assert.equal(rows[1].info_json.generate_prompt, 'Pain de seigle');
  });
});

describe('create_article on a page never researched', () => {
  it('researches it first (the brief stored), then writes from that brief', async () => {
    const web = await startFakeWeb();
    try {
      const page = await newPage('Pain au levain maison');
      const kw = await user.client.rpc('add_page_keyword', { p_page_id: page, p_keyword: `pain au levain ${process.pid}` });
      assert.equal(kw.error, null);
      fake.reset();
      fake.results(() => [1, 2, 3, 4, 5].map((i) => ({ position: i, title: `Levain ${i}`, link: `${web.url}/pain-levain-${i}`, snippet: `Levain ${i}.` })).concat([{ position: 6, title: 'Disparu', link: `${web.url}/disparu`, snippet: '404.' }]));
      const done = await createArticle(page);
      assert.equal(done.status, 'done', done.last_error);
      const { rows: briefs } = await pool.query('select brief from public.page_briefs where page = $1', [page]);
      assert.equal(briefs.length, 1, 'the brief research wrote');
      const brief = briefs[0].brief;
      const { rows: sources } = await pool.query('select n, status from public.page_brief_sources where page = $1 order by n', [page]);
      const read = sources.filter((x) => x.status === 'read').map((x) => x.n);
      assert.ok(read.length >= 4, JSON.stringify(sources));
      assert.ok(done.warnings.some((/** @type {any} */ w) => /disparu|404|could not be read/i.test(JSON.stringify(w))), JSON.stringify(done.warnings));
      const stages = done.stages.map((/** @type {any} */ x) => x.stage);
      for (const name of ['outline', 'sections', 'faq', 'checks']) assert.ok(stages.includes(name), stages.join(', '));
      assert.ok(stages.indexOf('outline') > 0, 'research stages first');
      // the outline call carries the researched brief: its terms, and its sources (read only)
      const outline = splitUserMessage(fake.requests.find((r) => r.route === 'chat' && callKind(r.body) === 'outline')?.body.messages[1].content);
      assert.deepEqual(outline.data.brief.terms.map((/** @type {any} */ x) => x.term), brief.terms.map((/** @type {any} */ x) => x.term));
      assert.ok(brief.terms.length > 0);
      assert.deepEqual(outline.data.sources.map((/** @type {any} */ x) => x.n), read);
      const v = await version(done.linked_pages_version);
      assert.ok(v.claims.length > 0);
      assert.ok(v.claims.every((/** @type {any} */ c) => read.includes(c.n) && c.passage), 'every claim rests on a passage of a read source');
      assert.ok(v.score > 0);
    } finally {
      await web.close();
    }
  });
});

describe('stages running at the same time', () => {
  it('each counts only the calls made from within it', async () => {
    const recorder = usageRecorder();
    const journal = runJournal(recorder);
    const call = async (/** @type {number} */ cost, /** @type {number} */ ms) => {
      await sleep(ms);
      recorder.record({ model: 'm', usage: { cost } });
    };
    await Promise.all([
      journal.stage('sections', () => Promise.all([call(0.1, 30), call(0.1, 60)])),
      journal.stage('faq', () => call(0.5, 45)),
    ]);
    const by = Object.fromEntries(journal.stages.map((s) => [s.stage, s]));
    assert.equal(by.sections.calls, 2);
    assert.equal(by.sections.costUsd, 0.2);
    assert.equal(by.faq.calls, 1);
    assert.equal(by.faq.costUsd, 0.5);
  });
});
