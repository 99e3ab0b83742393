// A worker that runs only the named tasks of the page-actions worker (worker/dist), against the e2e
// backend's database and local mailbox: a spec drives the job it tests through the real queue
// (graphile-worker) and the real task code, without the other tasks picking up the jobs other specs
// left queued (their runs would reach for providers and sites the tests do not fake).
//   node e2e/support/task-worker.mjs send_version notification_mail pages_action
// Environment: DATABASE_URL, DATA_DIR (the backend's: the mailbox file), APP_URL, and what the tasks
// need (OPENROUTER_*, SERP_*, WORDPRESS_SECRET_KEY, OUTBOUND_ALLOW_PRIVATE=1 for fakes on loopback).
// TASK_WORKER_OWNER (a user id) limits pages_action to the actions on that user's sites: another
// spec's queued action is put back for later, untouched. Prints "ready".
import { run } from 'graphile-worker';
import pg from 'pg';
import { loadConfig } from '../../worker/dist/config.js';
import { createMailer } from '../../worker/dist/mail/mailer.js';
import { createOpenRouter } from '../../worker/dist/providers/openrouter.js';
import { createSerp } from '../../worker/dist/providers/serp.js';
import { runPageAction } from '../../worker/dist/runner.js';
import { sendVersion } from '../../worker/dist/actions/send-version.js';
import { sendNotificationMail } from '../../worker/dist/actions/notification-mail.js';
import { runWordPressConnect, ensureSealingKey, keysOf } from '../../worker/dist/wordpress/connect.js';

const owner = process.env.TASK_WORKER_OWNER || null;

/** true when the pages_actions row is on a site of TASK_WORKER_OWNER (or when no owner is set). */
async function isOwnersAction(ctx, id) {
  if (!owner) return true;
  const { rows } = await ctx.pool.query(
    `select 1 from public.pages_actions pa join public.pages p on p.id = pa.linked_page join public.sites s on s.id = p.site
      where pa.id = $1 and s.linked_user = $2`,
    [id, owner],
  );
  return rows.length > 0;
}

const TASKS = {
  send_version: (ctx) => async (payload, helpers) => {
    await sendVersion(ctx, Number(payload.id), helpers.job);
  },
  notification_mail: (ctx) => async (payload) => {
    await sendNotificationMail(ctx, Number(payload.id));
  },
  wordpress_connect: (ctx) => async (payload) => {
    await runWordPressConnect(ctx, payload);
  },
  pages_action: (ctx) => async (payload, helpers) => {
    if (!(await isOwnersAction(ctx, Number(payload.id)))) {
      // not this spec's: back in the queue for a later attempt, the row untouched
      throw new Error(`pages_actions ${payload.id} is not on a site of TASK_WORKER_OWNER: left for later`);
    }
    await runPageAction(ctx, { id: Number(payload.id) }, helpers);
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
const pool = new pg.Pool({ connectionString: config.databaseUrl, max: 5 });
const log = (m) => console.log(m);
const mailer = await createMailer({ dataDir: config.dataDir, log });
const ctx = { pool, config, mailer, log, openrouter: createOpenRouter(config.openrouter), serp: createSerp(config.serp) };
if (names.includes('wordpress_connect') && config.wordpress.secretKey) await ensureSealingKey(pool, keysOf(config));
const runner = await run({
  pgPool: pool,
  concurrency: 2,
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
