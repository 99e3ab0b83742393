#!/usr/bin/env node
// Part of npm run bench:visibility (issue 33): a scheduled AI-visibility run of 20 prompts × 5 engines
// × 3 samples = 300 model calls against the fake providers answering each call after 1 s, through the
// real queue: the schedule's job (visibility_schedule) queues the run, the worker (startWorker, in this
// process, VISIBILITY_CONCURRENCY calls at a time) asks, analyses and stores every answer. Timed from
// the schedule's job to the run's end, against what its concurrency allows: ceil(300 / concurrency)
// seconds. Prints the median and spread of BENCH_RUNS runs and the ratio.
// Env: BENCH_RUNS (3), VISIBILITY_CONCURRENCY (8), BENCH_LATENCY_MS (1000).
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { prepareDatabase } from '../dist/db/migrate.js';
import { loadConfig } from '../dist/config.js';
import { startWorker } from '../dist/runner.js';
import { startDatabase } from '../../supabase-local/src/db/postgres.js';
import { citingAnswers, fakeProviderEnv, startFakeProviders } from '../test/fakes/providers.js';

const RUNS = Number(process.env.BENCH_RUNS || 3);
const CONCURRENCY = Number(process.env.VISIBILITY_CONCURRENCY || 8);
const LATENCY_MS = Number(process.env.BENCH_LATENCY_MS || 1000);
const PROMPTS = 20;
const ENGINES = 5;
const SAMPLES = 3;
const CALLS = PROMPTS * ENGINES * SAMPLES;

const dataDir = await mkdtemp(path.join(os.tmpdir(), 'citable-bench-visibility-run-'));
const db = await startDatabase({ dataDir, port: 0 });
const fake = await startFakeProviders();
const pool = new pg.Pool({ connectionString: db.url, max: 4 });
/** @type {Awaited<ReturnType<typeof startWorker>> | null} */
let worker = null;
try {
  await prepareDatabase(db.url, { authenticatorPassword: 'bench-authenticator' });
  const engines = (await pool.query('select id, name_openrouter from public.llms order by id limit $1', [ENGINES])).rows;
  fake.text(citingAnswers({ rates: Object.fromEntries(engines.map((e, i) => [e.name_openrouter, 0.2 + 0.1 * i])), domain: 'bench-fournil.fr', brand: 'Bench' }));
  worker = await startWorker({
    config: loadConfig({ ...fakeProviderEnv(fake), DATABASE_URL: db.url, DATA_DIR: dataDir, WORKER_POLL_INTERVAL_MS: '200', VISIBILITY_CRON: 'off', VISIBILITY_CONCURRENCY: String(CONCURRENCY), VISIBILITY_CALL_ESTIMATE_USD: '0.002' }),
    log: () => {},
    mailer: { send: async () => {} },
  });
  const ideal = Math.ceil(CALLS / CONCURRENCY) * (LATENCY_MS / 1000);
  const times = [];
  for (let run = 0; run < RUNS; run += 1) {
    const site = (await pool.query("insert into public.sites (url, name) values ($1, 'Bench') returning id", [`https://bench-${run}.fr`])).rows[0].id;
    for (let p = 0; p < PROMPTS / 4; p += 1) {
      const page = (await pool.query("insert into public.pages (site, name, url) values ($1, $2, $3) returning id", [site, `Page ${p}`, `https://bench-${run}.fr/${p}`])).rows[0].id;
      for (let q = 0; q < 4; q += 1) {
        await pool.query('insert into public.visibility_prompts (page, question, phrasings) values ($1, $2, $3)', [page, `Question ${p}.${q} ?`, [`Question ${p}.${q} ?`, `Autre question ${p}.${q} ?`]]);
      }
    }
    await pool.query('insert into public.visibility_settings (site, engines, runs_per_prompt, monthly_budget_usd) values ($1, $2, $3, 100)', [site, engines.map((e) => e.id), SAMPLES]);
    // the other benches' sites are done for the week: only this one is due
    fake.script('chat', ...Array.from({ length: CALLS }, () => ({ delayMs: LATENCY_MS })));
    const started = performance.now();
    await pool.query("select graphile_worker.add_job('visibility_schedule', '{}'::json)");
    for (;;) {
      const { rows } = await pool.query('select status, calls_done from public.visibility_runs where site = $1', [site]);
      if (rows[0] && !['queued', 'running'].includes(rows[0].status)) {
        if (rows[0].status !== 'done' || rows[0].calls_done !== CALLS) throw new Error(`run ended ${rows[0].status} after ${rows[0].calls_done} calls`);
        break;
      }
      await new Promise((r) => setTimeout(r, 50));
    }
    const seconds = (performance.now() - started) / 1000;
    times.push(seconds);
    console.log(`run ${run + 1}: ${CALLS} calls in ${seconds.toFixed(2)} s (ideal ${ideal} s, ratio ${(seconds / ideal).toFixed(3)})`);
  }
  times.sort((a, b) => a - b);
  const median = times[Math.floor(times.length / 2)];
  console.log(
    `scheduled run of ${PROMPTS} prompts × ${ENGINES} engines × ${SAMPLES} samples, ${LATENCY_MS} ms per call, ${CONCURRENCY} at a time: ` +
      `median ${median.toFixed(2)} s (min ${times[0].toFixed(2)}, max ${times.at(-1)?.toFixed(2)}), ideal ${ideal} s, ratio ${(median / ideal).toFixed(3)}`,
  );
} finally {
  await worker?.stop();
  await fake.close();
  await pool.end();
  await db.stop();
  await rm(dataDir, { recursive: true, force: true });
}
