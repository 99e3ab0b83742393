// A worker that runs only the named tasks of the page-actions worker (worker/dist), against the e2e
// backend's database and local mailbox: a spec drives the job it tests through the real queue
// (graphile-worker) and the real task code, without the other tasks picking up the jobs other specs
// left queued (their runs would reach for providers and sites the tests do not fake).
//   node e2e/support/task-worker.mjs send_version
// Environment: DATABASE_URL, DATA_DIR (the backend's: the mailbox file), APP_URL. Prints "ready".
import { run } from 'graphile-worker';
import pg from 'pg';
import { loadConfig } from '../../worker/dist/config.js';
import { createMailer } from '../../worker/dist/mail/mailer.js';
import { sendVersion } from '../../worker/dist/actions/send-version.js';

const TASKS = {
  send_version: (ctx) => async (payload, helpers) => {
    await sendVersion(ctx, Number(payload.id), helpers.job);
  },
};

const names = process.argv.slice(2);
const unknown = names.filter((n) => !(n in TASKS));
if (names.length === 0 || unknown.length > 0) {
  console.error(`usage: task-worker.mjs <${Object.keys(TASKS).join('|')}>…${unknown.length ? ` (unknown: ${unknown.join(', ')})` : ''}`);
  process.exit(2);
}
const config = loadConfig(process.env);
if (!config.databaseUrl) {
  console.error('DATABASE_URL is not set');
  process.exit(2);
}
const pool = new pg.Pool({ connectionString: config.databaseUrl, max: 3 });
const mailer = await createMailer({ dataDir: config.dataDir, log: (m) => console.log(m) });
const ctx = { pool, config, mailer, log: (m) => console.log(m) };
const runner = await run({
  pgPool: pool,
  concurrency: 1,
  pollInterval: 200,
  noHandleSignals: true,
  taskList: Object.fromEntries(names.map((n) => [n, TASKS[n](ctx)])),
});
console.log('ready');
const stop = async () => {
  await runner.stop().catch(() => {});
  await mailer.close();
  await pool.end().catch(() => {});
  process.exit(0);
};
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
