// AI visibility (issue 33, migration 20261201007000): who reads and writes the prompts, settings and
// runs; only the worker writes visibility answers; the figures in the database (visibility_series,
// visibility_version_counts, visibility_overview); manual runs; the schedule; the monthly budget.
import assert from 'node:assert/strict';
import { after, before, beforeEach, describe, it } from 'node:test';
import { asAnon, asRole, asUser, DEMO_USER, errorOf, OTHER_USER, startSeededDatabase } from './helpers.js';

/** @type {Awaited<ReturnType<typeof startSeededDatabase>>} */
let db;
let siteId = '';
let pageId = '';
let otherPage = '';
before(async () => {
  db = await startSeededDatabase();
  siteId = (await db.pool.query("insert into public.sites (url, name, linked_user) values ('https://visi.example.fr', 'Visi', $1) returning id::text", [DEMO_USER])).rows[0].id;
  pageId = (await db.pool.query("insert into public.pages (site, name, url) values ($1, 'Pain', 'https://visi.example.fr/pain') returning id::text", [siteId])).rows[0].id;
  otherPage = (await db.pool.query("insert into public.pages (site, name, url) values ($1, 'Brioche', 'https://visi.example.fr/brioche') returning id::text", [siteId])).rows[0].id;
});
after(async () => {
  await db?.stop();
});
beforeEach(async () => {
  await db.pool.query('delete from public.pages_llm_answers where linked_page = any($1::bigint[])', [[pageId, otherPage]]);
  await db.pool.query('delete from public.visibility_runs where site = $1', [siteId]);
  await db.pool.query('delete from public.visibility_prompts where page = any($1::bigint[])', [[pageId, otherPage]]);
  await db.pool.query('delete from public.visibility_settings where site = $1', [siteId]);
  await db.pool.query('delete from public.notifications where site = $1', [siteId]);
  await db.pool.query("delete from graphile_worker._private_jobs where task_id in (select id from graphile_worker._private_tasks where identifier = 'visibility_run')");
});

/** @param {string} page */
async function addPrompt(page = pageId, active = true) {
  return (await db.pool.query(
    "insert into public.visibility_prompts (page, question, phrasings, active) values ($1, 'Quel pain choisir ?', array['Quel pain choisir ?', 'Quel est le meilleur pain ?'], $2) returning id::text",
    [page, active],
  )).rows[0].id;
}
async function visibilityJobs() {
  return (await db.pool.query(
    "select j.payload from graphile_worker._private_jobs j join graphile_worker._private_tasks t on t.id = j.task_id where t.identifier = 'visibility_run' order by j.id",
  )).rows.map((r) => r.payload);
}

describe('prompts and settings: owner only', () => {
  it('the owner creates, reads and edits prompts and settings; another user and anon see nothing', async () => {
    await asRole(db.pool, asUser(DEMO_USER), async (c) => {
      await c.query("insert into public.visibility_prompts (page, question, phrasings, source) values ($1, 'Où acheter du pain ?', array['Où acheter du pain ?'], 'keywords')", [pageId]);
      await c.query("insert into public.visibility_settings (site, schedule, runs_per_prompt, monthly_budget_usd) values ($1, 'daily', 5, 12.5)", [siteId]);
      assert.equal((await c.query("update public.visibility_prompts set phrasings = array['Où acheter du bon pain ?'] where page = $1", [pageId])).rowCount, 1);
      assert.equal((await c.query("update public.visibility_settings set schedule = 'paused' where site = $1", [siteId])).rowCount, 1);
      // the screen's save: an upsert, as PostgREST writes it (on conflict, every column set again)
      await c.query(`insert into public.visibility_settings (site, engines, runs_per_prompt, schedule, monthly_budget_usd, target_margin)
        values ($1, null, 5, 'daily', 12.5, 0.1)
        on conflict (site) do update set site = excluded.site, engines = excluded.engines, runs_per_prompt = excluded.runs_per_prompt,
          schedule = excluded.schedule, monthly_budget_usd = excluded.monthly_budget_usd, target_margin = excluded.target_margin`, [siteId]);
      assert.deepEqual((await c.query('select runs_per_prompt, schedule from public.visibility_settings where site = $1', [siteId])).rows, [{ runs_per_prompt: 5, schedule: 'daily' }]);
    });
    await asRole(db.pool, asUser(OTHER_USER), async (c) => {
      assert.equal((await c.query('select * from public.visibility_prompts where page = $1', [pageId])).rowCount, 0);
      assert.equal((await c.query('select * from public.visibility_settings where site = $1', [siteId])).rowCount, 0);
      assert.equal((await c.query("update public.visibility_settings set schedule = 'daily' where site = $1", [siteId])).rowCount, 0);
      assert.equal((await c.query('delete from public.visibility_prompts where page = $1', [pageId])).rowCount, 0);
    });
    const intrude = await errorOf(db.pool, asUser(OTHER_USER), "insert into public.visibility_prompts (page, question, phrasings) values ($1, 'Intrus ?', array['Intrus ?'])", [pageId]);
    assert.equal(intrude?.code, '42501');
    const intrudeSettings = await errorOf(db.pool, asUser(OTHER_USER), 'insert into public.visibility_settings (site) values ($1) on conflict (site) do update set site = excluded.site', [siteId]);
    assert.equal(intrudeSettings?.code, '42501');
    assert.equal((await errorOf(db.pool, asAnon, 'select * from public.visibility_prompts'))?.code, '42501');
    assert.equal((await errorOf(db.pool, asAnon, 'select * from public.visibility_runs'))?.code, '42501');
  });

  it('refuses bad values with a check violation, and the worker columns to end users', async () => {
    for (const [sql, params] of [
      ["insert into public.visibility_prompts (page, question, phrasings) values ($1, 'ab', array['Quel pain ?'])", [pageId]],
      ["insert into public.visibility_prompts (page, question, phrasings) values ($1, 'Quel pain ?', array[]::text[])", [pageId]],
      ["insert into public.visibility_prompts (page, question, phrasings) values ($1, 'Quel pain ?', array['  '])", [pageId]],
      ["insert into public.visibility_settings (site, schedule) values ($1, 'hourly')", [siteId]],
      ['insert into public.visibility_settings (site, runs_per_prompt) values ($1, 0)', [siteId]],
      ['insert into public.visibility_settings (site, monthly_budget_usd) values ($1, -1)', [siteId]],
    ]) {
      assert.equal((await errorOf(db.pool, asUser(DEMO_USER), sql, params))?.code, '23514', sql);
    }
    assert.equal((await errorOf(db.pool, asUser(DEMO_USER), 'insert into public.visibility_settings (site, next_run_at) values ($1, now())', [siteId]))?.code, '42501');
    assert.equal((await errorOf(db.pool, asUser(DEMO_USER), "insert into public.visibility_runs (site, trigger) values ($1, 'manual')", [siteId]))?.code, '42501');
  });

  it('only the worker writes visibility answers', async () => {
    const prompt = await addPrompt();
    const insert = await errorOf(db.pool, asUser(DEMO_USER),
      "insert into public.pages_llm_answers (linked_page, linked_llm, answer, prompt) values ($1, 1, 'x', $2)", [pageId, prompt]);
    assert.equal(insert?.code, '42501');
    const { rows } = await db.pool.query("insert into public.pages_llm_answers (linked_page, linked_llm, answer, prompt, cost_usd) values ($1, 1, 'x', $2, 0.01) returning id", [pageId, prompt]);
    const update = await errorOf(db.pool, asUser(DEMO_USER), 'update public.pages_llm_answers set cost_usd = 0 where id = $1', [rows[0].id]);
    assert.equal(update?.code, '42501');
    // the llm_answers action's rows stay the owner's to write
    assert.equal(await errorOf(db.pool, asUser(DEMO_USER), "insert into public.pages_llm_answers (linked_page, linked_llm, answer) values ($1, 1, 'x')", [pageId]), null);
  });
});

describe('figures in the database', () => {
  it('visibility_series counts per engine and week, page or site; the version counts per prompt', async () => {
    const prompt = await addPrompt();
    const prompt2 = await addPrompt(otherPage);
    const v1 = (await db.pool.query("insert into public.pages_versions (page, html_content, created_date) values ($1, '<p>1</p>', '2026-10-01') returning id", [pageId])).rows[0].id;
    // week of 2026-10-05: engine 1, 4 answers, 2 cited, 3 mentioned; engine 2, 2 answers, 0 cited
    const rows = [
      [pageId, 1, true, true, '2026-10-06', prompt], [pageId, 1, true, true, '2026-10-07', prompt], [pageId, 1, false, true, '2026-10-08', prompt],
      [pageId, 1, false, false, '2026-10-09', prompt], [pageId, 2, false, false, '2026-10-06', prompt], [pageId, 2, false, true, '2026-10-06', prompt],
      [otherPage, 1, true, true, '2026-10-06', prompt2],
    ];
    for (const [page, llm, cited, mentioned, at, p] of rows) {
      await db.pool.query(
        `insert into public.pages_llm_answers (linked_page, linked_llm, answer, domain_cited, brand_mentioned, cited_urls, cited_domains, analysed_at, created_at, prompt, pages_version)
         values ($1, $2, 'x', $3, $4, '{}', '{}', now(), $5, $6, $7)`, [page, llm, cited, mentioned, at, p, page === pageId ? v1 : null]);
    }
    // not analysed, and not a visibility answer: left out
    await db.pool.query("insert into public.pages_llm_answers (linked_page, linked_llm, answer, created_at, prompt) values ($1, 1, 'x', '2026-10-06', $2)", [pageId, prompt]);
    await db.pool.query("insert into public.pages_llm_answers (linked_page, linked_llm, answer, domain_cited, brand_mentioned, cited_urls, cited_domains, analysed_at, created_at) values ($1, 1, 'x', true, true, '{}', '{}', now(), '2026-10-06')", [pageId]);

    await asRole(db.pool, asUser(DEMO_USER), async (c) => {
      const page = (await c.query("select bucket::text, engine::int, answers, cited, mentioned from public.visibility_series($1, $2, 'week', '2026-01-01')", [siteId, pageId])).rows;
      assert.deepEqual(page, [
        { bucket: '2026-10-05', engine: 1, answers: 4, cited: 2, mentioned: 3 },
        { bucket: '2026-10-05', engine: 2, answers: 2, cited: 0, mentioned: 1 },
      ]);
      const site = (await c.query("select engine::int, answers, cited from public.visibility_series($1, null, 'week', '2026-01-01')", [siteId])).rows;
      assert.deepEqual(site, [{ engine: 1, answers: 5, cited: 3 }, { engine: 2, answers: 2, cited: 0 }]);
      const days = (await c.query("select count(*)::int as n from public.visibility_series($1, $2, 'day', '2026-01-01')", [siteId, pageId])).rows[0].n;
      assert.equal(days, 5);
      const counts = (await c.query('select version, engine::int, prompt::text, answers, cited from public.visibility_version_counts($1) order by engine', [pageId])).rows;
      assert.deepEqual(counts, [{ version: v1, engine: 1, prompt, answers: 4, cited: 2 }, { version: v1, engine: 2, prompt, answers: 2, cited: 0 }]);
    });
    assert.equal((await errorOf(db.pool, asUser(DEMO_USER), "select * from public.visibility_series($1, $2, 'hour')", [siteId, pageId]))?.hint, 'bucket');
    assert.equal((await errorOf(db.pool, asUser(OTHER_USER), 'select * from public.visibility_series($1, $2)', [siteId, pageId]))?.hint, 'not_found');
    assert.equal((await errorOf(db.pool, asUser(OTHER_USER), 'select * from public.visibility_version_counts($1)', [pageId]))?.hint, 'not_found');
  });

  it('visibility_overview: defaults, calls per run, spend, cost per call', async () => {
    await addPrompt();
    await addPrompt();
    await addPrompt(pageId, false);
    await db.pool.query("insert into public.visibility_settings (site, engines, runs_per_prompt) values ($1, '{1,2}', 4)", [siteId]);
    const run = (await db.pool.query("insert into public.visibility_runs (site, trigger, cost_usd, status) values ($1, 'manual', 1.5, 'done') returning id", [siteId])).rows[0].id;
    await db.pool.query("insert into public.pages_llm_answers (linked_page, linked_llm, answer, run, cost_usd) values ($1, 1, 'x', $2, 0.02), ($1, 1, 'x', $2, 0.04)", [pageId, run]);
    const overview = await asRole(db.pool, asUser(DEMO_USER), async (c) => (await c.query('select public.visibility_overview($1, $2) as r', [siteId, pageId])).rows[0].r);
    assert.equal(overview.settings.saved, true);
    assert.equal(overview.settings.schedule, 'weekly');
    assert.equal(overview.calls_per_run, 2 * 2 * 4);
    assert.equal(Number(overview.month_spend_usd), 1.5);
    assert.ok(Math.abs(overview.cost_per_call['1'] - 0.03) < 1e-9);
    assert.equal(overview.runs.length, 1);
  });
});

describe('visibility answers apart from the LLM answers (20261202002000)', () => {
  it("the LLM answers screen's query and the page's llm_answers_count see the llm_answers action's answers only, also once the prompt is deleted", async () => {
    const prompt = await addPrompt();
    const count = async () => (await db.pool.query('select llm_answers_count as n from public.pages where id = $1', [pageId])).rows[0].n;
    const before = await count();
    await db.pool.query(
      `insert into public.pages_llm_answers (linked_page, linked_llm, answer, domain_cited, brand_mentioned, cited_urls, cited_domains, analysed_at, created_at, prompt)
       values ($1, 1, 'visi', true, true, '{}', '{}', now(), '2026-10-06', $2), ($1, 2, 'visi', false, false, '{}', '{}', now(), '2026-10-06', $2)`, [pageId, prompt]);
    await db.pool.query("insert into public.pages_llm_answers (linked_page, linked_llm, answer, created_at) values ($1, 1, 'action', '2026-10-06')", [pageId]);
    assert.equal(await count(), before + 1);
    // the screen's request (workspace/src/features/llm-answers/api/answers.ts): visibility = false
    const screen = async () => asRole(db.pool, asUser(DEMO_USER), async (c) =>
      (await c.query('select answer from public.pages_llm_answers where linked_page = $1 and visibility = false', [pageId])).rows.map((r) => r.answer));
    assert.deepEqual(await screen(), ['action']);
    // the prompt deleted (its answers' prompt set null): still visibility answers, kept out of the screen and the count
    await db.pool.query('delete from public.visibility_prompts where id = $1', [prompt]);
    assert.deepEqual(await screen(), ['action']);
    assert.equal(await count(), before + 1);
    const series = await asRole(db.pool, asUser(DEMO_USER), async (c) =>
      (await c.query("select sum(answers)::int as n from public.visibility_series($1, $2, 'week', '2026-01-01')", [siteId, pageId])).rows[0].n);
    assert.equal(series, 2);
    // the flag cannot be changed, by the owner nor by a direct write; an owner's insert cannot set it
    await asRole(db.pool, asUser(DEMO_USER), async (c) => {
      await c.query("update public.pages_llm_answers set visibility = true where linked_page = $1 and answer = 'action'", [pageId]);
      assert.equal((await c.query("select visibility from public.pages_llm_answers where linked_page = $1 and answer = 'action'", [pageId])).rows[0].visibility, false);
      await c.query("insert into public.pages_llm_answers (linked_page, linked_llm, answer, visibility) values ($1, 1, 'owner', true)", [pageId]);
      assert.equal((await c.query("select visibility from public.pages_llm_answers where answer = 'owner'")).rows[0].visibility, false);
    });
    await db.pool.query("update public.pages_llm_answers set visibility = false where linked_page = $1 and answer = 'visi'", [pageId]);
    assert.equal((await db.pool.query("select count(*)::int as n from public.pages_llm_answers where linked_page = $1 and visibility", [pageId])).rows[0].n, 2);
    assert.equal(await count(), before + 1);
  });
});

describe('share of voice, export, report links (20261202002100)', () => {
  /** Visibility answers of the page at given times: [engine, cited domains, cited, at]. */
  async function answers(/** @type {[number, string[], boolean, string][]} */ rows, page = pageId) {
    const prompt = await addPrompt(page);
    for (const [engine, domains, cited, at] of rows) {
      await db.pool.query(
        `insert into public.pages_llm_answers (linked_page, linked_llm, answer, question, domain_cited, brand_mentioned, cited_urls, cited_domains, analysed_at, created_at, prompt)
         values ($1, $2, 'réponse', 'Quel pain ?', $3, $3, '{}', $4, now(), $5, $6)`, [page, engine, cited, domains, at, prompt]);
    }
    return prompt;
  }

  it('share of voice per engine in the database: a domain once per answer, the site and its subdomains as one, the site always listed', async () => {
    await answers([
      [1, ['visi.example.fr', 'boulangerie.fr'], true, '2026-10-06'],
      [1, ['blog.visi.example.fr', 'visi.example.fr', 'boulangerie.fr'], true, '2026-10-07'],
      [1, ['boulangerie.fr', 'painrustique.com'], false, '2026-10-08'],
      [1, [], false, '2026-10-08'],
      [2, ['boulangerie.fr'], false, '2026-10-06'],
      [1, ['boulangerie.fr'], false, '2025-01-01'], // before the period
    ]);
    await answers([[1, ['visi.example.fr'], true, '2026-10-06']], otherPage);
    const sov = (/** @type {string | null} */ page, top = 10) => asRole(db.pool, asUser(DEMO_USER), async (c) => (await c.query(
      "select engine::int, domain, is_site, answers, round(share::numeric, 4)::float8 as share, engine_answers, engine_citations from public.visibility_share_of_voice($1, $2, '2026-10-01', '2026-11-01', $3)",
      [siteId, page, top])).rows);
    // engine 1 on the page: 4 answers; citations: site 2 (the subdomain folded in), boulangerie 3, painrustique 1 = 6
    assert.deepEqual(await sov(pageId), [
      { engine: 1, domain: 'boulangerie.fr', is_site: false, answers: 3, share: 0.5, engine_answers: 4, engine_citations: 6 },
      { engine: 1, domain: 'visi.example.fr', is_site: true, answers: 2, share: 0.3333, engine_answers: 4, engine_citations: 6 },
      { engine: 1, domain: 'painrustique.com', is_site: false, answers: 1, share: 0.1667, engine_answers: 4, engine_citations: 6 },
      { engine: 2, domain: 'boulangerie.fr', is_site: false, answers: 1, share: 1, engine_answers: 1, engine_citations: 1 },
      { engine: 2, domain: 'visi.example.fr', is_site: true, answers: 0, share: 0, engine_answers: 1, engine_citations: 1 },
    ]);
    // the site: the other page's answer too; top 1 still lists the site's row
    const site = await sov(null, 1);
    assert.deepEqual(site.filter((r) => r.engine === 1).map((r) => [r.domain, r.answers]), [['boulangerie.fr', 3], ['visi.example.fr', 3]]);
    assert.equal((await errorOf(db.pool, asUser(OTHER_USER), 'select * from public.visibility_share_of_voice($1, $2)', [siteId, pageId]))?.hint, 'not_found');
    assert.equal((await errorOf(db.pool, asUser(DEMO_USER), 'select * from public.visibility_share_of_voice($1, null, null, null, 0)', [siteId]))?.hint, 'top');
    assert.equal((await errorOf(db.pool, asUser(DEMO_USER), "select * from public.visibility_share_of_voice($1, null, '2026-11-01', '2026-10-01')", [siteId]))?.hint, 'period');
    assert.equal((await errorOf(db.pool, asAnon, 'select * from public.visibility_share_of_voice($1)', [siteId]))?.code, '42501');
  });

  it('the export: one row per visibility answer of the page in the period, oldest first, with its engine, prompt and version', async () => {
    const v1 = (await db.pool.query("insert into public.pages_versions (page, html_content, created_date) values ($1, '<p>1</p>', '2026-09-01') returning id", [pageId])).rows[0].id;
    await answers([[2, ['b.fr'], false, '2026-10-07'], [1, ['visi.example.fr'], true, '2026-10-06']]);
    await db.pool.query("update public.pages_llm_answers set pages_version = $2 where linked_page = $1", [pageId, v1]);
    await db.pool.query("insert into public.pages_llm_answers (linked_page, linked_llm, answer, created_at) values ($1, 1, 'action', '2026-10-06')", [pageId]);
    const rows = await asRole(db.pool, asUser(DEMO_USER), async (c) => (await c.query(
      "select created_at::date::text as d, engine, page, prompt, phrasing, version_created::date::text as v, cited, mentioned, cited_domains from public.visibility_answers_export($1, $2, '2026-10-01', '2026-11-01')",
      [siteId, pageId])).rows);
    const engine = async (/** @type {number} */ id) => (await db.pool.query('select name from public.llms where id = $1', [id])).rows[0].name;
    assert.deepEqual(rows, [
      { d: '2026-10-06', engine: await engine(1), page: 'Pain', prompt: 'Quel pain choisir ?', phrasing: 'Quel pain ?', v: '2026-09-01', cited: true, mentioned: true, cited_domains: ['visi.example.fr'] },
      { d: '2026-10-07', engine: await engine(2), page: 'Pain', prompt: 'Quel pain choisir ?', phrasing: 'Quel pain ?', v: '2026-09-01', cited: false, mentioned: false, cited_domains: ['b.fr'] },
    ]);
    assert.equal((await errorOf(db.pool, asUser(OTHER_USER), 'select * from public.visibility_answers_export($1, $2)', [siteId, pageId]))?.hint, 'not_found');
    assert.equal((await errorOf(db.pool, asAnon, 'select * from public.visibility_answers_export($1, $2)', [siteId, pageId]))?.code, '42501');
  });

  it('report links: the owner creates one live link and revokes it for good; a live token gives that site aggregate figures only, to anyone', async () => {
    await db.pool.query('delete from public.visibility_report_links where site = $1', [siteId]);
    await answers([[1, ['visi.example.fr', 'boulangerie.fr'], true, new Date(Date.now() - 86_400_000).toISOString()],
      [1, ['boulangerie.fr'], false, new Date(Date.now() - 2 * 86_400_000).toISOString()],
      [1, ['visi.example.fr'], true, '2020-01-01']]); // before the link's 12 weeks
    const other = (await db.pool.query("insert into public.sites (url, name, linked_user) values ('https://autre.example.fr', 'Autre', $1) returning id::text", [OTHER_USER])).rows[0].id;
    // another user cannot make a link to this site; the token is the database's
    assert.ok(await errorOf(db.pool, asUser(OTHER_USER), 'insert into public.visibility_report_links (site) values ($1)', [siteId]));
    assert.equal((await errorOf(db.pool, asUser(DEMO_USER), "insert into public.visibility_report_links (site, token) values ($1, repeat('a', 64))", [siteId]))?.code, '42501');
    const link = await asRole(db.pool, { ...asUser(DEMO_USER), commit: true }, async (c) =>
      (await c.query('insert into public.visibility_report_links (site) values ($1) returning token, weeks', [siteId])).rows[0]);
    assert.match(link.token, /^[0-9a-f]{64}$/);
    assert.equal(link.weeks, 12);
    assert.equal((await errorOf(db.pool, asUser(DEMO_USER), 'insert into public.visibility_report_links (site) values ($1)', [siteId]))?.code, '23505');
    await asRole(db.pool, asUser(OTHER_USER), async (c) => assert.equal((await c.query('select * from public.visibility_report_links')).rowCount, 0));
    const otherLink = (await db.pool.query('insert into public.visibility_report_links (site) values ($1) returning token', [other])).rows[0].token;

    const report = await asRole(db.pool, asAnon, async (c) => (await c.query('select public.get_visibility_report($1) as r', [link.token])).rows[0].r);
    assert.deepEqual(report.site, { name: 'Visi', domain: 'visi.example.fr', logo_url: null, language: 'fr' });
    assert.equal(report.period.weeks, 12);
    assert.deepEqual(report.series.map((/** @type {{ answers: number }} */ s) => s.answers).reduce((/** @type {number} */ a, /** @type {number} */ b) => a + b, 0), 2);
    assert.deepEqual(report.share_of_voice.map((/** @type {{ domain: string, answers: number, is_site: boolean }} */ r) => [r.domain, r.answers, r.is_site]),
      [['boulangerie.fr', 2, false], ['visi.example.fr', 1, true]]);
    // aggregates only: no page, prompt, answer text or cost anywhere in it
    const text = JSON.stringify(report);
    for (const secret of ['Pain', 'Quel pain', 'réponse', 'cost', 'budget']) assert.ok(!text.includes(secret), secret);
    // the other site's token gives the other site, never this one
    const theirs = await asRole(db.pool, asAnon, async (c) => (await c.query('select public.get_visibility_report($1) as r', [otherLink])).rows[0].r);
    assert.equal(theirs.site.name, 'Autre');
    assert.deepEqual(theirs.series, []);

    // revoked: not found, for good (the owner cannot bring it back)
    await asRole(db.pool, { ...asUser(DEMO_USER), commit: true }, (c) => c.query('update public.visibility_report_links set revoked_at = now() where site = $1', [siteId]));
    assert.equal((await errorOf(db.pool, asAnon, 'select public.get_visibility_report($1)', [link.token]))?.hint, 'not_found');
    assert.equal((await errorOf(db.pool, asUser(DEMO_USER), 'update public.visibility_report_links set revoked_at = null where site = $1', [siteId]))?.hint, 'revoked');
    for (const bad of ['', 'x', 'A'.repeat(64), '0'.repeat(64), "' or 1=1 --"]) {
      assert.equal((await errorOf(db.pool, asAnon, 'select public.get_visibility_report($1)', [bad]))?.hint, 'not_found', bad);
    }
    // a new live link after the revocation
    await asRole(db.pool, asUser(DEMO_USER), (c) => c.query('insert into public.visibility_report_links (site) values ($1)', [siteId]));
    await db.pool.query('delete from public.sites where id = $1', [other]);
  });

  it('the report is rate-limited per source: 300 reads an hour', async () => {
    await db.pool.query('delete from public.visibility_report_links where site = $1', [siteId]);
    const token = (await db.pool.query('insert into public.visibility_report_links (site) values ($1) returning token', [siteId])).rows[0].token;
    await db.pool.query("delete from private.public_submissions where kind = 'visibility_report'");
    await db.pool.query("insert into private.public_submissions (kind, source) select 'visibility_report', '198.51.100.7' from generate_series(1, 300)");
    const read = (/** @type {string} */ ip) => errorOf(db.pool, asAnon, "select set_config('request.headers', $2, true), public.get_visibility_report($1)", [token, JSON.stringify({ 'x-forwarded-for': ip })]);
    assert.equal((await read('198.51.100.7'))?.hint, 'rate_limited');
    assert.equal(await read('198.51.100.8'), null);
    await db.pool.query("delete from private.public_submissions where kind = 'visibility_report'");
  });
});

describe('runs: manual, scheduled, budget', () => {
  it('queue_visibility_run: refuses without prompts, queues one run and its job, refuses a second', async () => {
    assert.equal((await errorOf(db.pool, asUser(DEMO_USER), 'select public.queue_visibility_run($1, $2)', [siteId, pageId]))?.hint, 'no_prompts');
    await addPrompt();
    const r = await asRole(db.pool, { ...asUser(DEMO_USER), commit: true }, async (c) => (await c.query('select public.queue_visibility_run($1, $2) as r', [siteId, pageId])).rows[0].r);
    const llms = (await db.pool.query('select count(*)::int as n from public.llms')).rows[0].n;
    assert.equal(r.calls_planned, llms * 3);
    assert.deepEqual(await visibilityJobs(), [{ id: r.id }]);
    assert.equal((await errorOf(db.pool, asUser(DEMO_USER), 'select public.queue_visibility_run($1, $2)', [siteId, pageId]))?.hint, 'run_in_progress');
    assert.equal((await errorOf(db.pool, asUser(OTHER_USER), 'select public.queue_visibility_run($1, $2)', [siteId, pageId]))?.hint, 'not_found');
  });

  it('the schedule queues due sites, moves next_run_at on, skips paused ones and resumes them', async () => {
    await addPrompt();
    const due = () => db.pool.query('select citable_worker.queue_due_visibility_runs() as n').then((r) => r.rows[0].n);
    const mine = async () => (await visibilityJobs()).length;
    assert.ok((await due()) >= 1);
    assert.equal(await mine(), 1);
    const next = (await db.pool.query('select next_run_at > now() + interval \'6 days\' as ok from public.visibility_settings where site = $1', [siteId])).rows[0];
    assert.equal(next.ok, true);
    // not due again before next_run_at
    await db.pool.query("update public.visibility_runs set status = 'done' where site = $1", [siteId]);
    await due();
    assert.equal(await mine(), 1);
    // paused by the owner: never queued, even when due
    await asRole(db.pool, { ...asUser(DEMO_USER), commit: true }, (c) => c.query("update public.visibility_settings set schedule = 'paused' where site = $1", [siteId]));
    await due();
    assert.equal(await mine(), 1);
    // resumed: due at once (next_run_at cleared), then daily
    await asRole(db.pool, { ...asUser(DEMO_USER), commit: true }, (c) => c.query("update public.visibility_settings set schedule = 'daily' where site = $1", [siteId]));
    await due();
    assert.equal(await mine(), 2);
    const daily = (await db.pool.query("select next_run_at between now() + interval '23 hours' and now() + interval '25 hours' as ok from public.visibility_settings where site = $1", [siteId])).rows[0];
    assert.equal(daily.ok, true);
  });

  it('reserve_visibility_call never lets the month pass the budget; the owner is told once', async () => {
    await db.pool.query('insert into public.visibility_settings (site, monthly_budget_usd) values ($1, 1)', [siteId]);
    const run = (await db.pool.query("insert into public.visibility_runs (site, trigger, cost_usd) values ($1, 'schedule', 0.7) returning id", [siteId])).rows[0].id;
    const reserve = (/** @type {number} */ usd) => db.pool.query('select citable_worker.reserve_visibility_call($1, $2) as ok', [run, usd]).then((r) => r.rows[0].ok);
    assert.equal(await reserve(0.2), true);
    assert.equal(await reserve(0.2), false); // 0.7 + 0.2 held + 0.2 > 1
    assert.equal(await reserve(0.1), true); // exactly 1
    const notify = () => db.pool.query('select citable_worker.notify_visibility_budget($1) as ok', [run]).then((r) => r.rows[0].ok);
    assert.equal(await notify(), true);
    assert.equal(await notify(), false);
    const n = (await db.pool.query("select user_id, kind from public.notifications where site = $1", [siteId])).rows;
    assert.deepEqual(n, [{ user_id: DEMO_USER, kind: 'visibility_budget' }]);
    assert.equal((await errorOf(db.pool, asUser(DEMO_USER), 'select public.queue_visibility_run($1)', [siteId]))?.hint, 'no_prompts');
    await addPrompt();
    assert.equal((await errorOf(db.pool, asUser(DEMO_USER), 'select public.queue_visibility_run($1)', [siteId]))?.hint, 'budget_exhausted');
  });
});
