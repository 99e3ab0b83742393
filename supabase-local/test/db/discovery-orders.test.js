// The 1 EUR discovery order (issue 34, supabase/migrations/20261201006000_discovery_orders.sql;
// docs/payments.md): who reads orders, who may call the order functions, one order per client, a
// Stripe event applied once, paid → the first-article request, refund by staff.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { asAnon, asRole, asUser, DEMO_USER, errorOf, OTHER_USER, startSeededDatabase } from './helpers.js';

/** @type {Awaited<ReturnType<typeof startSeededDatabase>>} */
let db;
before(async () => {
  db = await startSeededDatabase();
});
after(async () => {
  await db?.stop();
});

const asService = /** @type {const} */ ({ role: 'service_role', commit: true });
/** One function call as the server makes it (service role, committed). */
const server = (/** @type {string} */ sql, /** @type {unknown[]} */ params = []) =>
  asRole(db.pool, /** @type {any} */ (asService), async (c) => (await c.query(sql, params)).rows[0].r);
const start = (/** @type {string} */ email, /** @type {string} */ url) =>
  server("select public.discovery_order_start($1, $2, 'fr', 100) as r", [email, url]);
const attach = (/** @type {number} */ id, /** @type {string} */ session) =>
  server("select public.discovery_order_attach($1, $2, now() + interval '30 minutes') as r", [id, session]);
const event = (/** @type {string} */ id, /** @type {string} */ type, /** @type {string} */ session, paymentStatus = 'paid') =>
  server("select public.discovery_order_event($1, $2, $3, $4, 'pi_' || $1) as r", [id, type, session, paymentStatus]);
const orderOf = async (/** @type {number} */ id) => (await db.pool.query('select * from public.discovery_orders where id = $1', [id])).rows[0];

describe('discovery orders: reads and calls', () => {
  it('staff read the orders; another user reads none; anon is refused; nobody writes them directly', async () => {
    const { order_id: id } = await start('rls@commande.fr', 'https://rls-commande.fr');
    const count = (/** @type {any} */ who) =>
      asRole(db.pool, who, async (c) => (await c.query('select count(*)::int as n from public.discovery_orders where id = $1', [id])).rows[0].n);
    assert.equal(await count(asUser(DEMO_USER)), 1);
    assert.equal(await count(asUser(OTHER_USER)), 0);
    assert.equal((await errorOf(db.pool, asAnon, 'select * from public.discovery_orders'))?.code, '42501');
    for (const sql of ["update public.discovery_orders set status = 'paid'", 'delete from public.discovery_orders',
      "insert into public.discovery_orders (email, site_url, site_key, amount_cents) values ('a@b.fr', 'b.fr', 'b.fr', 1)"]) {
      assert.equal((await errorOf(db.pool, asUser(DEMO_USER), sql))?.code, '42501', sql);
    }
    assert.equal((await errorOf(db.pool, asUser(DEMO_USER), 'select * from private.stripe_events'))?.code, '42501');
  });

  it('the server\'s functions are refused to anon and to every signed-in user, staff included', async () => {
    for (const sql of [
      "select public.discovery_order_start('a@b.fr', 'https://b.fr', 'fr', 100)",
      "select public.discovery_order_attach(1, 'cs_x', now())",
      'select public.discovery_order_abandon(1)',
      "select public.discovery_order_event('evt_x', 'checkout.session.completed', 'cs_x', 'paid', 'pi_x')",
      "select public.discovery_order_refunded(1, 're_x', null)",
    ]) {
      for (const who of [asAnon, asUser(DEMO_USER), asUser(OTHER_USER)]) {
        assert.equal((await errorOf(db.pool, who, sql))?.code, '42501', `${sql} as ${who.role}`);
      }
    }
    assert.equal((await errorOf(db.pool, asAnon, 'select public.discovery_order_refund_check(1)'))?.code, '42501');
    assert.equal((await errorOf(db.pool, asUser(OTHER_USER), 'select public.discovery_order_refund_check(1)'))?.hint, 'staff_only');
  });

  it('bad input is refused with the field in the hint', async () => {
    const refused = async (/** @type {string} */ sql) => (await errorOf(db.pool, /** @type {any} */ ({ role: 'service_role' }), sql))?.hint;
    assert.equal(await refused("select public.discovery_order_start('a@b.fr', '', 'fr', 100)"), 'url');
    assert.equal(await refused("select public.discovery_order_start('a@b.fr', 'pas une url', 'fr', 100)"), 'url');
    assert.equal(await refused("select public.discovery_order_start('pas-un-email', 'https://b.fr', 'fr', 100)"), 'email');
    assert.equal(await refused("select public.discovery_order_start('a@b.fr', 'https://b.fr', 'de', 100)"), 'language');
    assert.equal(await refused("select public.discovery_order_start('a@b.fr', 'https://b.fr', 'fr', 0)"), 'amount');
  });
});

describe('discovery orders: the life of an order', () => {
  it('paid by the webhook: the request is created once, a replayed event changes nothing', async () => {
    const { order_id: id, superseded } = await start('Paye@Commande.fr', 'https://www.paye-commande.fr/blog');
    assert.deepEqual(superseded, []);
    await attach(id, 'cs_test_paid');
    assert.equal((await orderOf(id)).status, 'pending');
    const first = await event('evt_paid_1', 'checkout.session.completed', 'cs_test_paid');
    assert.equal(first.duplicate, false);
    assert.equal(first.status, 'paid');
    const order = await orderOf(id);
    assert.equal(order.stripe_payment_intent, 'pi_evt_paid_1');
    const { rows: requests } = await db.pool.query('select * from public.first_article_requests where id = $1', [order.request]);
    assert.equal(requests.length, 1);
    assert.equal(requests[0].stripe_email, 'Paye@Commande.fr');
    assert.equal(requests[0].status, 'new');
    // staff are told of the new request (the claim's trigger)
    const { rows: [{ n }] } = await db.pool.query("select count(*)::int as n from public.notifications where request = $1 and kind = 'new_request'", [order.request]);
    assert.ok(n >= 1);

    const again = await event('evt_paid_1', 'checkout.session.completed', 'cs_test_paid');
    assert.equal(again.duplicate, true);
    const { rows: [{ n: count }] } = await db.pool.query("select count(*)::int as n from public.first_article_requests where lower(stripe_email) = 'paye@commande.fr'");
    assert.equal(count, 1);
    // another event id for the same session (Stripe retried with a new event): still one request
    await event('evt_paid_2', 'checkout.session.completed', 'cs_test_paid');
    assert.equal((await orderOf(id)).request, order.request);
  });

  it('one per client: a second order for the same e-mail or website is refused before payment', async () => {
    const refusal = async (/** @type {string} */ email, /** @type {string} */ url) =>
      errorOf(db.pool, /** @type {any} */ ({ role: 'service_role' }), "select public.discovery_order_start($1, $2, 'fr', 100)", [email, url]);
    const byEmail = await refusal('paye@commande.FR', 'https://autre-site.fr');
    assert.equal(byEmail?.hint, 'already_ordered');
    assert.equal(/** @type {any} */ (byEmail).detail, 'email');
    const bySite = await refusal('autre@client.fr', 'http://PAYE-commande.fr:8080/');
    assert.equal(bySite?.hint, 'already_ordered');
    assert.equal(/** @type {any} */ (bySite).detail, 'site');
    // a free claim counts as the first article too
    await asRole(db.pool, { ...asAnon, commit: true }, (c) => c.query("select public.claim_first_article('https://gratuit-deja.fr', 'gratuit@deja.fr')"));
    assert.equal((await refusal('gratuit@deja.fr', 'https://encore-autre.fr'))?.hint, 'already_ordered');
  });

  it('cancelled: the order stays pending, then expires (Stripe\'s expired event, or its time passed)', async () => {
    const { order_id: id } = await start('annule@commande.fr', 'https://annule-commande.fr');
    await attach(id, 'cs_test_cancelled');
    assert.equal((await orderOf(id)).status, 'pending');
    const r = await event('evt_expired_1', 'checkout.session.expired', 'cs_test_cancelled', 'unpaid');
    assert.equal(r.status, 'expired');
    const { rows } = await db.pool.query("select 1 from public.first_article_requests where stripe_email = 'annule@commande.fr'");
    assert.equal(rows.length, 0);

    const late = await start('tard@commande.fr', 'https://tard-commande.fr');
    await db.pool.query("update public.discovery_orders set expires_at = now() - interval '1 minute' where id = $1", [late.order_id]);
    await start('quelquun@autre.fr', 'https://quelquun-autre.fr');
    assert.equal((await orderOf(late.order_id)).status, 'expired');
  });

  it('a new checkout by the same client replaces the pending one (its session is returned to be expired)', async () => {
    const first = await start('retente@commande.fr', 'https://retente-commande.fr');
    await attach(first.order_id, 'cs_test_first_try');
    const second = await start('retente@commande.fr', 'https://retente-commande.fr');
    assert.deepEqual(second.superseded, ['cs_test_first_try']);
    assert.equal((await orderOf(first.order_id)).status, 'expired');
    assert.equal((await orderOf(second.order_id)).status, 'pending');
    // an order that cannot get its session is abandoned
    assert.equal((await server('select public.discovery_order_abandon($1) as r', [second.order_id])).status, 'expired');
  });

  it('refund: staff check a paid order, the server records Stripe\'s refund; twice is refused', async () => {
    const { order_id: id } = await start('rembourse@commande.fr', 'https://rembourse-commande.fr');
    await attach(id, 'cs_test_refund');
    assert.equal((await errorOf(db.pool, asUser(DEMO_USER), 'select public.discovery_order_refund_check($1)', [id]))?.hint, 'not_paid');
    await event('evt_refund_paid', 'checkout.session.completed', 'cs_test_refund');
    const check = await asRole(db.pool, asUser(DEMO_USER), async (c) => (await c.query('select public.discovery_order_refund_check($1) as r', [id])).rows[0].r);
    assert.deepEqual(check, { order_id: id, payment_intent: 'pi_evt_refund_paid', amount_cents: 100, currency: 'eur', staff: DEMO_USER });
    const done = await server('select public.discovery_order_refunded($1, $2, $3) as r', [id, 're_test_1', DEMO_USER]);
    assert.equal(done.status, 'refunded');
    const order = await orderOf(id);
    assert.equal(order.refunded_by, DEMO_USER);
    assert.equal(order.stripe_refund_id, 're_test_1');
    assert.equal((await errorOf(db.pool, asUser(DEMO_USER), 'select public.discovery_order_refund_check($1)', [id]))?.hint, 'already_refunded');
    assert.equal((await errorOf(db.pool, asUser(DEMO_USER), 'select public.discovery_order_refund_check(0)'))?.hint, 'not_found');
    // refunded still counts as the client's first article
    assert.equal((await errorOf(db.pool, /** @type {any} */ ({ role: 'service_role' }),
      "select public.discovery_order_start('rembourse@commande.fr', 'https://x-rembourse.fr', 'fr', 100)"))?.hint, 'already_ordered');
  });
});
