#!/usr/bin/env node
// npm run bench:visibility — the AI-visibility figures (issue 33) computed in the database: with
// 100,000 stored answers over 52 weeks, 5 engines and 20 prompts (5 pages × 4) for one site, the time
// for what the page's screen asks (visibility_series for the page, visibility_version_counts,
// visibility_overview, visibility_share_of_voice) and what the site's figures ask (visibility_series,
// visibility_overview and visibility_share_of_voice for the site), each as the signed-in owner (role authenticated with its JWT claims, RLS and
// the functions' ownership checks on, as PostgREST runs them), and the client's report
// (get_visibility_report of a 52-week link, as anon). Another site's 100,000 answers sit in
// the same table so the site filter has something to skip. Prints the median and the spread of
// BENCH_RUNS runs (default 9) after one warm-up; results in RESULTS.md next to this file.
// Env: BENCH_ANSWERS (100000), BENCH_RUNS (9).
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { prepareDatabase } from '@citable/worker/db/migrate.js';
import { startDatabase } from '../../src/db/postgres.js';

const ANSWERS = Number(process.env.BENCH_ANSWERS ?? 100_000);
const RUNS = Number(process.env.BENCH_RUNS ?? 9);
const OWNER = '00000000-0000-4000-8000-00000000be01';
const LIMIT_MS = 500;

const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'citable-bench-visibility-'));
const db = await startDatabase({ dataDir, port: 0 });
const pool = new pg.Pool({ connectionString: db.url, max: 2 });
try {
  await prepareDatabase(db.url, { authenticatorPassword: 'bench-authenticator' });
  await pool.query(
    `insert into auth.users (id, email, aud, role, email_confirmed_at) values ($1, 'bench-visibility@example.com', 'authenticated', 'authenticated', now())
     on conflict (id) do nothing`, [OWNER]);

  /** One site with 5 pages × 4 prompts, 5 engines, a version every 13 weeks, ANSWERS answers over 52 weeks. */
  const seedSite = async (/** @type {string} */ url, /** @type {string | null} */ owner) => {
    const site = (await pool.query('insert into public.sites (url, name, linked_user) values ($1, $2, $3) returning id', [url, new URL(url).hostname, owner])).rows[0].id;
    const pages = [];
    for (let p = 0; p < 5; p += 1) {
      const page = (await pool.query('insert into public.pages (site, name, url) values ($1, $2, $3) returning id', [site, `Page ${p}`, `${url}/p${p}`])).rows[0].id;
      pages.push(page);
      for (let v = 0; v < 4; v += 1) {
        await pool.query("insert into public.pages_versions (page, html_content, created_date) values ($1, '<p>v</p>', now() - make_interval(weeks => 52 - 13 * $2))", [page, v]);
      }
      for (let q = 0; q < 4; q += 1) {
        await pool.query("insert into public.visibility_prompts (page, question, phrasings) values ($1, $2, array[$2])", [page, `Question ${q} de la page ${p} ?`]);
      }
    }
    // the answers in one statement: page, prompt, engine spread evenly; time spread over 52 weeks;
    // the version live then; cited ~30 % (engine 1) to ~60 % (engine 5), mentioned a bit more often
    await pool.query('alter table public.pages_llm_answers disable trigger user');
    // cited domains: the site's when cited, and 0–3 of 40 competitors (spread by g), as the analysis stores them
    await pool.query(
      `insert into public.pages_llm_answers (linked_page, linked_llm, answer, question, domain_cited, brand_mentioned, cited_urls, cited_domains,
                                             analysed_at, created_at, prompt, pages_version, cost_usd, visibility)
       select pr.page, e.engine, 'Réponse', pr.question, r.cited, r.mentioned, '{}',
              (case when r.cited then array[$3::text] else '{}'::text[] end)
                || array(select 'concurrent-' || ((g * 7 + k * 13) % 40) || '.fr' from generate_series(1, g % 4) k),
              at, at, pr.id,
              (select v.id from public.pages_versions v where v.page = pr.page and v.created_date <= at order by v.created_date desc limit 1),
              0.004, true
         from generate_series(0, $2::int - 1) g
         cross join lateral (select now() - make_interval(secs => (g::float8 / $2) * 52 * 7 * 86400) as at, 1 + g % 5 as engine) e
         cross join lateral (select random() < 0.3 + 0.075 * (e.engine - 1) + 0 * g as cited, random() < 0.4 + 0.075 * (e.engine - 1) + 0 * g as mentioned) r
         join lateral (select vp.id, vp.page, vp.question from public.visibility_prompts vp join public.pages p on p.id = vp.page
                        where p.site = $1 order by vp.id offset (g / 5) % 20 limit 1) pr on true`,
      [site, ANSWERS, new URL(url).hostname.replace(/^www\./, '')],
    );
    await pool.query('alter table public.pages_llm_answers enable trigger user');
    // the client's report link: its whole year
    const token = (await pool.query('insert into public.visibility_report_links (site, weeks) values ($1, 52) returning token', [site])).rows[0].token;
    return { site, page: pages[0], token };
  };

  const started = performance.now();
  const mine = await seedSite('https://bench-visibilite.fr', OWNER);
  await seedSite('https://autre-site.fr', null);
  // a table in use: vacuumed (its visibility map set, so the figures read the index alone) and analysed
  await pool.query('vacuum analyze public.pages_llm_answers');
  await pool.query('analyze');
  const seeded = (await pool.query('select count(*)::int as n from public.pages_llm_answers where visibility')).rows[0].n;
  console.log(`seeded ${seeded} answers (two sites) in ${((performance.now() - started) / 1000).toFixed(1)} s`);

  /**
   * Runs the statements as the owner (or, anon, as a signed-out visitor from one address) in one
   * transaction, read-only for the owner, as PostgREST would; returns ms and row counts.
   */
  const asOwner = async (/** @type {[string, unknown[]][]} */ statements, anon = false) => {
    const client = await pool.connect();
    try {
      const t0 = performance.now();
      await client.query(anon ? 'begin' : 'begin read only');
      const claims = anon ? { role: 'anon' } : { sub: OWNER, role: 'authenticated', aud: 'authenticated' };
      await client.query("select set_config('request.jwt.claims', $1, true)", [JSON.stringify(claims)]);
      await client.query("select set_config('request.headers', $1, true)", [JSON.stringify({ 'x-forwarded-for': '192.0.2.10' })]);
      await client.query(`set local role ${anon ? 'anon' : 'authenticated'}`);
      const rows = [];
      for (const [sql, params] of statements) rows.push((await client.query(sql, params)).rowCount);
      await client.query('commit');
      return { ms: performance.now() - t0, rows };
    } finally {
      client.release();
    }
  };
  const scenarios = {
    page: /** @type {[string, unknown[]][]} */ ([
      ['select * from public.visibility_series($1, $2)', [mine.site, mine.page]],
      ['select * from public.visibility_version_counts($1)', [mine.page]],
      ['select public.visibility_overview($1, $2)', [mine.site, mine.page]],
      ['select * from public.visibility_share_of_voice($1, $2)', [mine.site, mine.page]],
    ]),
    site: /** @type {[string, unknown[]][]} */ ([
      ['select * from public.visibility_series($1)', [mine.site]],
      ['select public.visibility_overview($1)', [mine.site]],
      ['select * from public.visibility_share_of_voice($1)', [mine.site]],
    ]),
    report: /** @type {[string, unknown[]][]} */ ([['select public.get_visibility_report($1)', [mine.token]]]),
  };
  let failed = false;
  for (const [name, statements] of Object.entries(scenarios)) {
    const anon = name === 'report';
    // the report's reads count against the per-source limit (300 an hour): cleared before each
    const reset = () => (anon ? pool.query("delete from private.public_submissions where kind = 'visibility_report'") : null);
    await reset();
    const warm = await asOwner(statements, anon);
    const times = [];
    for (let i = 0; i < RUNS; i += 1) {
      await reset();
      times.push((await asOwner(statements, anon)).ms);
    }
    times.sort((a, b) => a - b);
    const median = times[Math.floor(times.length / 2)];
    console.log(`${name} figures: median ${median.toFixed(1)} ms, min ${times[0].toFixed(1)}, max ${times.at(-1)?.toFixed(1)} over ${RUNS} runs (rows: ${warm.rows.join(', ')})`);
    if (median > LIMIT_MS) failed = true;
  }
  if (failed) {
    console.error(`a median is above ${LIMIT_MS} ms`);
    process.exitCode = 1;
  }
} finally {
  await pool.end();
  await db.stop();
  await fs.rm(dataDir, { recursive: true, force: true });
}
