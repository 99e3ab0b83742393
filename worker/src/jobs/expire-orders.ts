// expire_discovery_orders (issue 34 follow-up; docs/payments.md, docs/worker.md): a cron task of the
// worker's queue. A discovery order stays pending while its Stripe Checkout Session is open; when the
// client cancels or leaves, Stripe sends checkout.session.expired at the session's end (the webhook
// marks the order at once), and this task catches what that event did not reach (a delivery lost, the
// webhook not subscribed, an order whose session was never created): every pending order whose
// expires_at has passed becomes expired (citable_worker.expire_discovery_orders(),
// supabase/migrations/20261202001000_discovery_order_gaps.sql). A late payment still counts: the
// webhook marks an expired order paid.
import { parseCronItems, type ParsedCronItem } from 'graphile-worker';
import type { TaskContext } from '../runner.js';

export const EXPIRE_ORDERS_TASK = 'expire_discovery_orders';

/**
 * Every 10 minutes (Stripe's sessions last 30 minutes or more). Graphile's cron schedules each run
 * once for all the worker processes sharing the database; a run missed while no worker was up is not
 * made up (backfillPeriod 0): the next one expires everything overdue anyway.
 */
export const CRON_ITEMS: ParsedCronItem[] = parseCronItems([
  {
    task: EXPIRE_ORDERS_TASK,
    match: '*/10 * * * *',
    identifier: EXPIRE_ORDERS_TASK,
    options: { backfillPeriod: 0, maxAttempts: 3, jobKey: EXPIRE_ORDERS_TASK, jobKeyMode: 'replace' },
  },
]);

/** The task: expires the overdue pending orders; answers how many. */
export async function expireDiscoveryOrders(base: Pick<TaskContext, 'pool' | 'log'>): Promise<number> {
  const { rows } = await base.pool.query<{ n: number }>('select citable_worker.expire_discovery_orders() as n');
  const n = rows[0]?.n ?? 0;
  if (n > 0) base.log(`[${EXPIRE_ORDERS_TASK}] ${n} pending order(s) expired`);
  return n;
}
