// The discovery orders' expiry sweep (docs/payments.md, worker/src/jobs/expire-orders.ts): a cron task
// of the worker's queue (Graphile's crontab) expires the pending orders whose Stripe session is over —
// what Stripe's checkout.session.expired did not reach. The real runner on the embedded PostgreSQL.
import assert from 'node:assert/strict';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { asRole, startSeededDatabase } from '../../supabase-local/test/db/helpers.js';
import { loadConfig } from '../dist/config.js';
import { CRON_ITEMS, EXPIRE_ORDERS_TASK, startWorker } from '../dist/runner.js';

/** @type {Awaited<ReturnType<typeof startSeededDatabase>>} */
let db;
/** @type {Awaited<ReturnType<typeof startWorker>>} */
let worker;
let dataDir = '';
/** @type {string[]} */
const logs = [];

before(async () => {
  db = await startSeededDatabase();
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'citable-expire-orders-'));
  worker = await startWorker({
    config: loadConfig({ DATABASE_URL: db.url, DATA_DIR: dataDir, WORKER_POLL_INTERVAL_MS: '100' }),
    mailer: { send: async () => {} },
    log: (m) => logs.push(m),
  });
});
after(async () => {
  await worker?.stop();
  await db?.stop();
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
});

/** A pending order as the server starts it (a start expires the overdue ones itself: set the times after). */
async function pendingOrder(/** @type {string} */ name) {
  const r = await asRole(db.pool, /** @type {any} */ ({ role: 'service_role', commit: true }), async (c) =>
    (await c.query("select public.discovery_order_start($1, $2, 'fr', 100) as r", [`${name}@expiry.fr`, `https://${name}-expiry.fr`])).rows[0].r);
  return r.order_id;
}
/** Its session ends at this offset from now (explicit, far from now). */
const endsIn = (/** @type {number} */ id, /** @type {string} */ offset) =>
  db.pool.query('update public.discovery_orders set expires_at = now() + $2::interval where id = $1', [id, offset]);
const statusOf = async (/** @type {number} */ id) => (await db.pool.query('select status from public.discovery_orders where id = $1', [id])).rows[0].status;

describe('expire_discovery_orders', () => {
  it('is in the worker\'s crontab every 10 minutes, registered with the queue', async () => {
    assert.equal(CRON_ITEMS.length, 1);
    const [item] = CRON_ITEMS;
    assert.equal(item.task, EXPIRE_ORDERS_TASK);
    const at = (/** @type {number} */ min) => item.match({ min, hour: 3, date: 2, month: 12, dow: 3 });
    assert.deepEqual([0, 10, 20, 50].map(at), [true, true, true, true]);
    assert.deepEqual([5, 11, 59].map(at), [false, false, false]);
    // the runner's cron has registered it (Graphile's table of the crontab items it schedules)
    const end = Date.now() + 10_000;
    let rows = [];
    while (Date.now() < end) {
      ({ rows } = await db.pool.query('select identifier from graphile_worker._private_known_crontabs where identifier = $1', [EXPIRE_ORDERS_TASK]));
      if (rows.length) break;
      await new Promise((r) => setTimeout(r, 100));
    }
    assert.deepEqual(rows, [{ identifier: EXPIRE_ORDERS_TASK }]);
  });

  it('run by the queue, it expires the pending orders whose session is over, and only those', async () => {
    const over = await pendingOrder('over');
    const open = await pendingOrder('open');
    await endsIn(over, '-2 hours');
    await endsIn(open, '2 hours');
    assert.equal(await statusOf(over), 'pending');
    await db.pool.query('select graphile_worker.add_job($1)', [EXPIRE_ORDERS_TASK]);
    const end = Date.now() + 20_000;
    // done when the job has left the queue (the task logs before it returns)
    const queued = async () => (await db.pool.query('select count(*)::int as n from graphile_worker.jobs where task_identifier = $1', [EXPIRE_ORDERS_TASK])).rows[0].n;
    while ((await queued()) > 0) {
      if (Date.now() > end) throw new Error(`the ${EXPIRE_ORDERS_TASK} job is still queued (worker log: ${logs.join(' | ')})`);
      await new Promise((r) => setTimeout(r, 100));
    }
    assert.equal(await statusOf(over), 'expired');
    assert.equal(await statusOf(open), 'pending');
    assert.ok(logs.some((m) => m.includes(`[${EXPIRE_ORDERS_TASK}] 1 pending order(s) expired`)), JSON.stringify(logs));
  });
});
