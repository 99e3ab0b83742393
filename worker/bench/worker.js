#!/usr/bin/env node
// npm run bench:worker — the page-actions worker's throughput and the queue's overhead.
//
// An embedded PostgreSQL (migrated, not seeded) and the fake providers of worker/test/fakes,
// answering at once. For 1, 2 and 4 worker processes (`node worker/dist/cli.js`, each with
// WORKER_CONCURRENCY slots): BENCH_JOBS serps actions (one page and keyword each, one result: a dequeue, a
// Serper request, the serps rows replaced, the status updates) inserted in one statement, timed
// from the commit until every row is done → jobs per second. Each configuration runs BENCH_RUNS
// times: median and spread (min–max).
// Queue overhead per job: a Graphile Worker runner in this process with one slot and a task that
// does nothing drains BENCH_NOOP_JOBS jobs; wall time / jobs = what dequeuing and completing one
// job costs (no action work).
// Env: BENCH_JOBS (1000), BENCH_RUNS (3), BENCH_PROCESSES ("1,2,4"), WORKER_CONCURRENCY (8),
// BENCH_NOOP_JOBS (2000).
import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { Logger, makeWorkerUtils, run } from 'graphile-worker';
import { prepareDatabase } from '../dist/db/migrate.js';
import { startDatabase } from '../../supabase-local/src/db/postgres.js';
import { fakeProviderEnv, startFakeProviders } from '../test/fakes/providers.js';

const HERE = path.dirname(fileURLToPath(import.meta.url));
const WORKER_CLI = path.resolve(HERE, '../dist/cli.js');
const JOBS = Number(process.env.BENCH_JOBS || 1000);
const RUNS = Number(process.env.BENCH_RUNS || 3);
const PROCESSES = (process.env.BENCH_PROCESSES || '1,2,4').split(',').map(Number);
const CONCURRENCY = process.env.WORKER_CONCURRENCY || '8';
const NOOP_JOBS = Number(process.env.BENCH_NOOP_JOBS || 2000);
const sleep = (/** @type {number} */ ms) => new Promise((r) => setTimeout(r, ms));
const silent = new Logger(() => () => {});

/** @param {number[]} xs */
const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};

/** @param {Record<string, string>} env */
function startWorkerProcess(env) {
  const child = spawn(process.execPath, [WORKER_CLI], { env: { PATH: process.env.PATH, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
  let out = '';
  child.stdout.on('data', (d) => (out += d));
  child.stderr.on('data', (d) => (out += d));
  const ready = new Promise((resolve, reject) => {
    child.stdout.on('data', () => /Worker .* ready/.test(out) && resolve(undefined));
    child.on('exit', (code) => reject(new Error(`worker exited ${code}: ${out}`)));
  });
  return { child, ready };
}

async function main() {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'citable-bench-worker-'));
  const db = await startDatabase({ dataDir, port: 0 });
  const fake = await startFakeProviders();
  const pool = new pg.Pool({ connectionString: db.url, max: 4 });
  pool.on('error', (e) => console.error(`[bench pool] ${e.message}`));
  try {
    await prepareDatabase(db.url, { seed: false, authenticatorPassword: 'bench' });
    fake.results(() => [{ position: 1, title: 'One', link: 'https://one.test/', snippet: 'One.' }]);
    const { rows: site } = await pool.query("insert into public.sites (name, url, serps_nb_results) values ('Bench', 'https://bench.test', 1) returning id");
    // One page and one keyword per job, as real actions are spread over pages.
    const { rows: pages } = await pool.query(
      "insert into public.pages (site, name, url) select $1, 'Bench page ' || g, 'https://bench.test/p' || g from generate_series(1, $2) g returning id",
      [site[0].id, JOBS],
    );
    const { rows: keywords } = await pool.query("insert into public.keywords (keyword) select 'bench keyword ' || g from generate_series(1, $1) g returning id", [JOBS]);
    const { rows: action } = await pool.query("select id from public.actions where name = 'serps'");
    const env = {
      ...fakeProviderEnv(fake),
      DATABASE_URL: db.url,
      DATA_DIR: dataDir,
      WORKER_CONCURRENCY: CONCURRENCY,
      WORKER_LOCAL_QUEUE_SIZE: process.env.WORKER_LOCAL_QUEUE_SIZE || '0',
      WORKER_POLL_INTERVAL_MS: '1000',
    };

    console.log(`Worker benchmark — ${new Date().toISOString()}, ${os.cpus().length} CPU(s), Node ${process.version}`);
    console.log(`${JOBS} serps actions per run, ${RUNS} runs, WORKER_CONCURRENCY=${CONCURRENCY} per process, fake providers answering at once\n`);
    for (const n of PROCESSES) {
      const workers = Array.from({ length: n }, (_, i) => startWorkerProcess({ ...env, WORKER_NAME: `bench-${n}-${i}` }));
      await Promise.all(workers.map((w) => w.ready));
      /** @type {number[]} */
      const rates = [];
      /** @type {number[]} */
      const durations = [];
      for (let r = 0; r < RUNS; r += 1) {
        await pool.query('delete from public.pages_actions');
        const started = performance.now();
        const { rows } = await pool.query(
          `insert into public.pages_actions (linked_page, linked_action, info2)
           select p, $2, k::text from unnest($1::bigint[], $3::bigint[]) as t(p, k) returning id`,
          [pages.map((x) => x.id), action[0].id, keywords.map((x) => x.id)],
        );
        const ids = rows.map((x) => x.id);
        for (;;) {
          const { rows: left } = await pool.query("select count(*)::int as n from public.pages_actions where id = any($1::bigint[]) and status not in ('done', 'failed')", [ids]);
          if (left[0].n === 0) break;
          await sleep(20);
        }
        const seconds = (performance.now() - started) / 1000;
        const { rows: bad } = await pool.query("select count(*)::int as n from public.pages_actions where id = any($1::bigint[]) and (status <> 'done' or attempts <> 1)", [ids]);
        if (bad[0].n > 0) throw new Error(`${bad[0].n} action(s) did not run exactly once`);
        rates.push(JOBS / seconds);
        const { rows: d } = await pool.query('select avg(duration_ms)::float as mean from public.pages_actions where id = any($1::bigint[])', [ids]);
        durations.push(d[0].mean);
      }
      console.log(
        `${n} process(es): ${median(rates).toFixed(0)} jobs/s median (spread ${Math.min(...rates).toFixed(0)}–${Math.max(...rates).toFixed(0)}; runs ${rates.map((x) => x.toFixed(0)).join(', ')}); mean action run ${median(durations).toFixed(1)} ms`,
      );
      await Promise.all(
        workers.map(
          (w) =>
            new Promise((resolve) => {
              w.child.once('exit', resolve);
              w.child.kill('SIGTERM');
            }),
        ),
      );
    }

    // Queue overhead: one slot, tasks that do nothing.
    /** @type {number[]} */
    const overheads = [];
    // Graphile's pool is ours, with an error handler: the server's shutdown at the end ('terminating
    // connection due to administrator command' on an idle connection) must not crash the bench.
    const queuePool = new pg.Pool({ connectionString: db.url, max: 4 });
    queuePool.on('error', () => {});
    queuePool.on('connect', (client) => client.on('error', () => {}));
    const utils = await makeWorkerUtils({ pgPool: queuePool, logger: silent });
    for (let r = 0; r < RUNS; r += 1) {
      await pool.query(`select graphile_worker.add_job('noop', '{}'::json) from generate_series(1, $1)`, [NOOP_JOBS]);
      let done = 0;
      const started = performance.now();
      /** @type {() => void} */
      let finished = () => {};
      const all = new Promise((resolve) => (finished = () => resolve(undefined)));
      const runner = await run({
        pgPool: queuePool,
        concurrency: 1,
        noHandleSignals: true,
        pollInterval: 1000,
        logger: silent,
        taskList: {
          noop: async () => {
            done += 1;
            if (done === NOOP_JOBS) finished();
          },
        },
      });
      await all;
      const ms = performance.now() - started;
      await runner.stop();
      overheads.push(ms / NOOP_JOBS);
    }
    await utils.release();
    await queuePool.end();
    console.log(
      `\nQueue overhead per job (1 slot, no-op task, ${NOOP_JOBS} jobs): ${median(overheads).toFixed(2)} ms median (spread ${Math.min(...overheads).toFixed(2)}–${Math.max(...overheads).toFixed(2)} ms)`,
    );
  } finally {
    await pool.end();
    await fake.close();
    await db.stop();
    await rm(dataDir, { recursive: true, force: true });
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
