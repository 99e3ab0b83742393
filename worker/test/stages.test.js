// An action's warnings and stages (ctx.warn, ctx.stage): saved on pages_actions when the run ends,
// done or failed, with each stage's time, calls and cost from the usage it recorded; a new run
// starts empty. The real stack (PostgreSQL, PostgREST) and the in-process worker, running a test
// action registered in ACTIONS in place of research_page.
import assert from 'node:assert/strict';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import pg from 'pg';
import { signedInUser, startTestStack } from '../../supabase-local/test/helpers.js';
import { loadConfig } from '../dist/config.js';
import { ACTIONS, runJournal, startWorker, usageRecorder } from '../dist/runner.js';

const sleep = (/** @type {number} */ ms) => new Promise((r) => setTimeout(r, ms));

/** @type {Awaited<ReturnType<typeof startTestStack>>} */
let t;
/** @type {pg.Pool} */
let pool;
/** @type {any} */
let user;
/** @type {Awaited<ReturnType<typeof startWorker>> | null} */
let worker = null;
let pageId = 0;
let dataDir = '';
const original = ACTIONS.research_page;
/** What the test action does on its next run. @type {(ctx: any) => Promise<any>} */
let behaviour = async () => {};

async function waitForAction(/** @type {number} */ id, timeoutMs = 20_000) {
  const end = Date.now() + timeoutMs;
  for (;;) {
    const { rows } = await pool.query('select * from public.pages_actions where id = $1', [id]);
    if (rows[0] && ['done', 'failed'].includes(rows[0].status)) return rows[0];
    if (Date.now() > end) throw new Error(`action ${id} still ${rows[0]?.status}`);
    await sleep(100);
  }
}

before(async () => {
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'citable-stages-test-'));
  t = await startTestStack({ seed: false });
  pool = new pg.Pool({ connectionString: t.stack.databaseUrl, max: 2 });
  user = await signedInUser(t.stack);
  const { rows: lang } = await pool.query(
    "select l.id as language, l.linked_country as country from public.location_languages l join public.location_countries c on c.id = l.linked_country where c.country_code = 'FR' and l.language_code = 'fr'",
  );
  const site = await user.client.from('sites').insert({ name: 'Stages', url: 'https://stages.example', country: lang[0].country, language: lang[0].language }).select().single();
  assert.equal(site.error, null);
  const page = await user.client.from('pages').insert({ site: site.data.id, name: 'Page', url: 'https://stages.example/page' }).select().single();
  assert.equal(page.error, null);
  pageId = page.data.id;
  ACTIONS.research_page = (ctx) => behaviour(ctx);
  worker = await startWorker({
    config: loadConfig({ DATABASE_URL: t.stack.databaseUrl, WORKER_POLL_INTERVAL_MS: '200', DATA_DIR: dataDir }),
    log: () => {},
    mailer: { send: async () => {} },
  });
});

after(async () => {
  if (original) ACTIONS.research_page = original;
  else delete ACTIONS.research_page;
  await worker?.stop();
  await pool?.end();
  await t?.close();
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
});

describe('action warnings and stages', () => {
  it('runJournal: a stage records its time, calls and cost delta, also when it throws', async () => {
    const recorder = usageRecorder();
    const journal = runJournal(recorder);
    recorder.record({ model: 'before', usage: { cost: 1 } });
    await journal.stage('priced', async () => {
      recorder.record({ model: 'a', usage: { cost: 0.25 } });
      recorder.record({ serp_queries: 1, cost: 0.001 });
      await sleep(30);
    });
    await journal.stage('unpriced', async () => recorder.record({ model: 'b', usage: { prompt_tokens: 3 } }));
    await journal.stage('cpu', async () => 42);
    await assert.rejects(
      journal.stage('broken', async () => {
        recorder.record({ model: 'c', usage: { cost: 0.5 } });
        throw new Error('boom');
      }),
      /boom/,
    );
    const [priced, unpriced, cpu, broken] = journal.stages;
    assert.deepEqual({ ...priced, ms: 0 }, { stage: 'priced', ms: 0, costUsd: 0.251, calls: 2 });
    assert.ok(priced.ms >= 25, `${priced.ms} ms`);
    assert.equal(unpriced.costUsd, null, 'calls without a price: unknown cost');
    assert.equal(unpriced.calls, 1);
    assert.deepEqual({ ...cpu, ms: 0 }, { stage: 'cpu', ms: 0, costUsd: 0, calls: 0 });
    assert.equal(broken.costUsd, 0.5);
  });

  it('a done run saves its warnings and stages; a failed run too; a new run starts empty', async () => {
    behaviour = async (ctx) => {
      await ctx.stage('serp', async () => {
        ctx.recordUsage({ serp_queries: 1, cost: 0.002 });
      });
      await ctx.stage('read', async () => {
        await sleep(20);
        ctx.warn({ stage: 'read', code: 'unread_results', message: '1 of 2 results could not be read: x (HTTP 404)', params: { unread: 1, total: 2 } });
      });
    };
    const { data: action, error } = await user.client.from('pages_actions').insert({ linked_page: pageId, linked_action: 7 }).select().single();
    assert.equal(error, null);
    const done = await waitForAction(action.id);
    assert.equal(done.status, 'done', done.last_error);
    assert.deepEqual(done.warnings, [
      { stage: 'read', code: 'unread_results', message: '1 of 2 results could not be read: x (HTTP 404)', params: { unread: 1, total: 2 } },
    ]);
    assert.deepEqual(done.stages.map((/** @type {any} */ s) => [s.stage, s.costUsd, s.calls]), [
      ['serp', 0.002, 1],
      ['read', 0, 0],
    ]);
    assert.ok(done.stages[1].ms >= 15);
    assert.equal(Number(done.cost_usd), 0.002);

    // The user reads them through PostgREST too.
    const read = await user.client.from('pages_actions').select('warnings, stages').eq('id', action.id).single();
    assert.equal(read.error, null);
    assert.equal(read.data.warnings.length, 1);

    // A refresh that fails for good: its own warnings and stages, none of the previous run's.
    behaviour = async (ctx) => {
      ctx.warn({ stage: 'keywords', code: 'no_keyword', message: 'no keyword: used « page »', params: { keywords: ['page'] } });
      await ctx.stage('serp', async () => {
        throw Object.assign(new Error('nothing to research'), { permanent: true });
      });
    };
    await pool.query("update public.pages_actions set created_date = now(), status = 'queued', attempts = 0 where id = $1", [action.id]);
    const failed = await waitForAction(action.id);
    assert.equal(failed.status, 'failed');
    assert.equal(failed.last_error, 'nothing to research');
    assert.deepEqual(failed.warnings.map((/** @type {any} */ w) => w.code), ['no_keyword']);
    assert.deepEqual(failed.stages.map((/** @type {any} */ s) => s.stage), ['serp']);

    // A run with nothing to say: empty lists, not the failed run's.
    behaviour = async () => {};
    await pool.query("update public.pages_actions set created_date = now(), status = 'queued', attempts = 0 where id = $1", [action.id]);
    const quiet = await waitForAction(action.id);
    assert.equal(quiet.status, 'done');
    assert.deepEqual(quiet.warnings, []);
    assert.deepEqual(quiet.stages, []);
  });
});
