// AI visibility runs (issue 33, worker/src/actions/visibility.ts) through the real queue against
// fake providers with known citation rates: the measured rates and their intervals, phrasings and
// web search, the monthly budget that stops a run and tells the owner, the schedule (cron task) with
// pause and resume, and a run that resumes after its worker is killed without asking twice.
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { after, before, beforeEach, describe, it } from 'node:test';
import { asRole, asUser, DEMO_USER, startSeededDatabase } from '../../supabase-local/test/db/helpers.js';
import { citingAnswers, fakeProviderEnv, startFakeProviders } from './fakes/providers.js';
import { loadConfig } from '../dist/config.js';
import { startWorker } from '../dist/runner.js';
import { compareProportions, wilsonInterval } from '@citable/shared/stats';

const WORKER_CLI = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../dist/cli.js');
const GPT = 'openai/gpt-4o';
const SONAR = 'perplexity/sonar';

/** @type {Awaited<ReturnType<typeof startSeededDatabase>>} */
let db;
/** @type {Awaited<ReturnType<typeof startFakeProviders>>} */
let fake;
/** @type {Awaited<ReturnType<typeof startWorker>> | null} */
let worker = null;
let dataDir = '';
/** @type {Record<string, string>} */
let engineIds = {};

const env = (/** @type {Record<string, string>} */ extra = {}) => ({
  ...fakeProviderEnv(fake),
  DATABASE_URL: db.url,
  DATA_DIR: dataDir,
  WORKER_POLL_INTERVAL_MS: '100',
  WORKER_LOCK_TIMEOUT_MS: '1000',
  VISIBILITY_CRON: 'off',
  VISIBILITY_CALL_ESTIMATE_USD: '0.002',
  ...extra,
});
const quiet = (/** @type {string} */ m) => {
  if (process.env.BACKEND_TEST_VERBOSE) console.log(m);
};
const start = async (/** @type {Record<string, string>} */ extra = {}) => {
  worker = await startWorker({ config: loadConfig(env(extra)), log: quiet, mailer: { send: async () => {} } });
};

before(async () => {
  db = await startSeededDatabase();
  fake = await startFakeProviders();
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'citable-visibility-'));
  const { rows } = await db.pool.query('select id::text, name_openrouter from public.llms where name_openrouter = any($1)', [[GPT, SONAR]]);
  engineIds = Object.fromEntries(rows.map((r) => [r.name_openrouter, r.id]));
});
after(async () => {
  await worker?.stop();
  await fake?.close();
  await db?.stop();
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
});
beforeEach(async () => {
  await worker?.stop();
  worker = null;
  fake.reset();
});

let n = 0;
/** A site of DEMO_USER with one page, its version and `prompts` prompts of two phrasings; settings. */
async function fixture({ prompts = 2, runs = 3, budget = 20, engines = [GPT, SONAR], schedule = 'weekly' } = {}) {
  n += 1;
  const domain = `fournil-${n}.example`;
  const site = (await db.pool.query("insert into public.sites (name, url, linked_user) values ($1, $2, $3) returning id::text",
    [`Fournil ${n}`, `https://${domain}`, DEMO_USER])).rows[0].id;
  const page = (await db.pool.query("insert into public.pages (site, name, url) values ($1, 'Pain au levain', $2) returning id::text",
    [site, `https://${domain}/levain`])).rows[0].id;
  const version = (await db.pool.query("insert into public.pages_versions (page, html_content) values ($1, '<p>v1</p>') returning id", [page])).rows[0].id;
  for (let i = 0; i < prompts; i += 1) {
    await db.pool.query('insert into public.visibility_prompts (page, question, phrasings) values ($1, $2, $3)',
      [page, `Question ${i} ?`, [`Comment réussir un levain ${i} ?`, `Quelle farine pour un levain ${i} ?`]]);
  }
  await db.pool.query('insert into public.visibility_settings (site, engines, runs_per_prompt, monthly_budget_usd, schedule) values ($1, $2, $3, $4, $5)',
    [site, engines.map((e) => engineIds[e]), runs, budget, schedule]);
  return { site, page, version, domain, brand: `Fournil ${n}` };
}

const queueRun = (/** @type {string} */ site, /** @type {string} */ page) =>
  asRole(db.pool, { ...asUser(DEMO_USER), commit: true }, async (c) => (await c.query('select public.queue_visibility_run($1, $2) as r', [site, page])).rows[0].r);

async function finished(/** @type {number|string} */ run, timeoutMs = 30_000) {
  const end = Date.now() + timeoutMs;
  for (;;) {
    const { rows: [row] } = await db.pool.query('select * from public.visibility_runs where id = $1', [run]);
    if (!['queued', 'running'].includes(row.status)) return row;
    if (Date.now() > end) throw new Error(`run ${run} still ${row.status}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

describe('visibility runs', () => {
  it('measures known citation rates (30 % and 60 %) within their intervals, with web search and every phrasing', async () => {
    const f = await fixture({ prompts: 4, runs: 40 });
    fake.text(citingAnswers({ rates: { [GPT]: 0.3, [SONAR]: 0.6 }, domain: f.domain, brand: f.brand, seed: 33 }));
    await start();
    const queued = await queueRun(f.site, f.page);
    assert.equal(queued.calls_planned, 4 * 2 * 40);
    const run = await finished(queued.id, 60_000);
    assert.equal(run.status, 'done', run.error);
    assert.equal(run.calls_done, 320);
    assert.ok(Math.abs(Number(run.cost_usd) - 320 * 0.00125) < 1e-9);

    const chats = fake.requests.filter((r) => r.route === 'chat');
    assert.equal(chats.length, 320);
    // (web search: OpenRouter's web plugin goes only to openrouter.ai — providers.test.js checks the body)
    const asked = new Set(chats.map((r) => r.body.messages[0].content));
    assert.equal(asked.size, 8, 'both phrasings of the four prompts');

    const series = await asRole(db.pool, asUser(DEMO_USER), async (c) =>
      (await c.query('select engine::text, sum(answers)::int as n, sum(cited)::int as k from public.visibility_series($1, $2) group by 1', [f.site, f.page])).rows);
    for (const [model, rate] of [[GPT, 0.3], [SONAR, 0.6]]) {
      const row = series.find((r) => r.engine === engineIds[model]);
      const w = wilsonInterval(row.k, row.n);
      assert.ok(w && w.low <= rate && rate <= w.high, `${model}: ${row.k}/${row.n}, interval ${w?.low}–${w?.high} covers ${rate}`);
    }
    const [gpt, sonar] = [GPT, SONAR].map((m) => series.find((r) => r.engine === engineIds[m]));
    assert.equal(compareProportions(sonar.k, sonar.n, gpt.k, gpt.n)?.verdict, 'higher');
    const versions = (await db.pool.query('select distinct pages_version from public.pages_llm_answers where run = $1', [queued.id])).rows;
    assert.deepEqual(versions.map((r) => r.pages_version), [f.version]);
  });

  it('stops at the monthly budget, never past it, and tells the owner once', async () => {
    const f = await fixture({ prompts: 2, runs: 20, budget: 0.02 });
    fake.text(citingAnswers({ rates: { [GPT]: 0.3, [SONAR]: 0.6 }, domain: f.domain, brand: f.brand }));
    await start();
    const run = await finished((await queueRun(f.site, f.page)).id);
    assert.equal(run.status, 'stopped_budget');
    assert.ok(run.calls_done > 0 && run.calls_done < 80, `${run.calls_done} calls`);
    const spent = (await db.pool.query('select sum(cost_usd)::float8 as s from public.visibility_runs where site = $1', [f.site])).rows[0].s;
    assert.ok(spent <= 0.02, `spent ${spent}`);
    const answers = (await db.pool.query('select count(*)::int as n from public.pages_llm_answers where run = $1', [run.id])).rows[0].n;
    assert.equal(answers, run.calls_done);
    const told = (await db.pool.query("select user_id, kind from public.notifications where site = $1", [f.site])).rows;
    assert.deepEqual(told, [{ user_id: DEMO_USER, kind: 'visibility_budget' }]);
    // another run this month stops at the budget too, without a second notification
    const again = await finished((await queueRun(f.site, f.page)).id);
    assert.equal(again.status, 'stopped_budget');
    const total = (await db.pool.query('select sum(cost_usd)::float8 as s from public.visibility_runs where site = $1', [f.site])).rows[0].s;
    assert.ok(total <= 0.02, `spent ${total}`);
    assert.equal((await db.pool.query('select count(*)::int as n from public.notifications where site = $1', [f.site])).rows[0].n, 1);
  });

  it('the schedule (cron task) queues due sites, not paused ones, and resumes them', async () => {
    const f = await fixture({ prompts: 1, runs: 1, engines: [GPT] });
    const paused = await fixture({ prompts: 1, runs: 1, engines: [GPT], schedule: 'paused' });
    fake.text(citingAnswers({ rates: { [GPT]: 0.5 }, domain: f.domain, brand: f.brand }));
    // the cron item is registered with Graphile (its ticks come each minute: the test adds the job itself)
    await start({ VISIBILITY_CRON: '*/10 * * * *' });
    const knownBy = Date.now() + 10_000;
    let known = [];
    while (!known.includes('visibility_schedule') && Date.now() < knownBy) {
      known = (await db.pool.query('select identifier from graphile_worker._private_known_crontabs')).rows.map((r) => r.identifier);
      await new Promise((r) => setTimeout(r, 100));
    }
    assert.ok(known.includes('visibility_schedule'), JSON.stringify(known));
    const tick = () => db.pool.query("select graphile_worker.add_job('visibility_schedule', '{}'::json)");
    const runsOf = async (/** @type {string} */ site) => (await db.pool.query('select id, status from public.visibility_runs where site = $1 order by id', [site])).rows;
    await tick();
    const deadline = Date.now() + 15_000;
    while ((await runsOf(f.site)).length === 0 && Date.now() < deadline) await new Promise((r) => setTimeout(r, 100));
    const [first] = await runsOf(f.site);
    assert.ok(first, 'the due site got a run');
    assert.equal((await finished(first.id)).status, 'done');
    assert.deepEqual(await runsOf(paused.site), []);
    // resumed by its owner: due at once
    await asRole(db.pool, { ...asUser(DEMO_USER), commit: true }, (c) => c.query("update public.visibility_settings set schedule = 'daily' where site = $1", [paused.site]));
    await tick();
    const end = Date.now() + 15_000;
    while ((await runsOf(paused.site)).length === 0 && Date.now() < end) await new Promise((r) => setTimeout(r, 100));
    const [resumed] = await runsOf(paused.site);
    assert.ok(resumed, 'the resumed site got a run');
    assert.equal((await finished(resumed.id)).status, 'done');
    // not due again this week
    await tick();
    await new Promise((r) => setTimeout(r, 500));
    assert.equal((await runsOf(f.site)).length, 1);
  });

  it('a run resumes after its worker is killed, without asking twice', async () => {
    const f = await fixture({ prompts: 2, runs: 3 });
    fake.text(citingAnswers({ rates: { [GPT]: 0.3, [SONAR]: 0.6 }, domain: f.domain, brand: f.brand }));
    // every answer takes 300 ms; two at a time: the run needs about 12 × 300 / 2 = 1.8 s
    fake.script('chat', ...Array.from({ length: 12 }, () => ({ delayMs: 300 })));
    const child = spawn(process.execPath, [WORKER_CLI], { env: { PATH: process.env.PATH, ...env({ VISIBILITY_CONCURRENCY: '2' }) }, stdio: 'ignore' });
    try {
      const run = await queueRun(f.site, f.page);
      const end = Date.now() + 20_000;
      while ((await db.pool.query('select calls_done from public.visibility_runs where id = $1', [run.id])).rows[0].calls_done < 3) {
        if (Date.now() > end) throw new Error('the child worker did not start the run');
        await new Promise((r) => setTimeout(r, 50));
      }
      child.kill('SIGKILL');
      await new Promise((r) => child.once('exit', r));
      const partial = (await db.pool.query('select count(*)::int as n from public.pages_llm_answers where run = $1', [run.id])).rows[0].n;
      assert.ok(partial < 12, `killed after ${partial} answers`);
      await start();
      const done = await finished(run.id, 30_000);
      assert.equal(done.status, 'done', done.error);
      const { rows } = await db.pool.query(
        'select prompt, linked_llm, count(*)::int as n from public.pages_llm_answers where run = $1 group by 1, 2', [run.id]);
      assert.equal(rows.length, 4);
      assert.ok(rows.every((r) => r.n === 3), JSON.stringify(rows));
    } finally {
      if (child.exitCode === null) child.kill('SIGKILL');
    }
  });
});
