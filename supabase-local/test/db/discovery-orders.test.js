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

describe('discovery orders: keyword, one URL rule, refunds from Stripe, expiry sweep (20261202001000)', () => {
  const refusedHint = async (/** @type {string} */ sql, /** @type {unknown[]} */ params = []) =>
    (await errorOf(db.pool, /** @type {any} */ ({ role: 'service_role' }), sql, params))?.hint;

  it('one URL rule for the free claim and the paid order', async () => {
    const valid = async (/** @type {string} */ url) => (await db.pool.query('select private.is_valid_site_url($1) as ok', [url])).rows[0].ok;
    for (const url of ['exemple.fr', 'https://www.exemple.fr/blog?x=1', 'http://sous.domaine.exemple.co.uk:8080/a#b']) assert.equal(await valid(url), true, url);
    for (const url of ['', 'pas une url', 'exemple', 'ftp://exemple.fr', 'https://exemple.fr/a b', `https://exemple.fr/${'a'.repeat(2048)}`]) {
      assert.equal(await valid(url), false, url);
    }
    assert.equal((await db.pool.query('select private.is_valid_site_url(null) as ok')).rows[0].ok, false);
    // both functions refuse what the rule refuses, with the same hint
    assert.equal(await refusedHint("select public.discovery_order_start('a@b.fr', 'exemple', 'fr', 100)"), 'url');
    assert.equal(await refusedHint("select public.claim_first_article('exemple', 'a@b.fr')"), 'url');
    // and anon may not call the rule itself
    assert.equal((await errorOf(db.pool, asAnon, "select private.is_valid_site_url('exemple.fr')"))?.code, '42501');
  });

  it('the keyword aimed at is kept on the order and reaches the first-article request', async () => {
    const r = await server("select public.discovery_order_start('motcle@commande.fr', 'https://motcle-commande.fr', 'fr', 100, 'eur', $1) as r",
      ['  pain   au levain  ']);
    assert.equal((await orderOf(r.order_id)).target_keyword, 'pain au levain');
    await attach(r.order_id, 'cs_test_keyword');
    const paid = await event('evt_keyword_paid', 'checkout.session.completed', 'cs_test_keyword');
    const { rows: [request] } = await db.pool.query('select target_keyword from public.first_article_requests where id = $1', [paid.request_id]);
    assert.equal(request.target_keyword, 'pain au levain');
    // taken in by staff: the page made from the request starts with that keyword (20261202003000)
    const keywords = await asRole(db.pool, asUser(DEMO_USER), async (c) => {
      const { rows: [{ r: taken }] } = await c.query('select public.take_in_request($1) as r', [paid.request_id]);
      const { rows } = await c.query(
        'select k.keyword from public.pages_keywords pk join public.keywords k on k.id = pk.linked_keyword where pk.linked_page = $1',
        [taken.page_id],
      );
      return rows.map((row) => row.keyword);
    });
    assert.deepEqual(keywords, ['pain au levain']);
    // blank is none; too long or two lines is refused with its hint
    const blank = await server("select public.discovery_order_start('sansmot@commande.fr', 'https://sansmot-commande.fr', 'fr', 100, 'eur', '   ') as r");
    assert.equal((await orderOf(blank.order_id)).target_keyword, null);
    assert.equal(await refusedHint("select public.discovery_order_start('long@commande.fr', 'https://long-commande.fr', 'fr', 100, 'eur', $1)", ['m'.repeat(201)]), 'keyword');
    assert.equal(await refusedHint("select public.discovery_order_start('ligne@commande.fr', 'https://ligne-commande.fr', 'fr', 100, 'eur', $1)", ['a\u0007b']), 'keyword');
  });

  it('charge.refunded (a refund from Stripe\'s dashboard) refunds a paid order once; a partial refund changes nothing', async () => {
    const { order_id: id } = await start('tableau@commande.fr', 'https://tableau-commande.fr');
    await attach(id, 'cs_test_dashboard');
    await event('evt_dashboard_paid', 'checkout.session.completed', 'cs_test_dashboard');
    const refunded = (/** @type {string} */ eventId, full = true) =>
      server('select public.discovery_order_charge_refunded($1, $2, $3, $4) as r', [eventId, 'pi_evt_dashboard_paid', 're_dashboard', full]);
    const partial = await refunded('evt_charge_partial', false);
    assert.deepEqual([partial.duplicate, partial.status], [false, 'paid']);
    const first = await refunded('evt_charge_full');
    assert.deepEqual([first.duplicate, first.status], [false, 'refunded']);
    let order = await orderOf(id);
    assert.equal(order.stripe_refund_id, 're_dashboard');
    assert.equal(order.refunded_by, null);
    const refundedAt = order.refunded_at;
    const again = await refunded('evt_charge_full');
    assert.equal(again.duplicate, true);
    assert.deepEqual((await orderOf(id)).refunded_at, refundedAt);
    // an unknown payment is recorded and ignored
    const unknown = await server("select public.discovery_order_charge_refunded('evt_charge_unknown', 'pi_nobody', null, true) as r");
    assert.deepEqual([unknown.order_id, unknown.status], [null, null]);
    // the inbox's own refund whose charge.refunded arrived first: the staff member is filled in
    await server('select public.discovery_order_refunded($1, $2, $3) as r', [id, 're_dashboard', DEMO_USER]);
    order = await orderOf(id);
    assert.deepEqual([order.status, order.refunded_by], ['refunded', DEMO_USER]);
    // the service role only
    for (const who of [asAnon, asUser(DEMO_USER)]) {
      assert.equal((await errorOf(db.pool, who, "select public.discovery_order_charge_refunded('evt_y', 'pi_y', null, true)"))?.code, '42501');
    }
  });

  it('the sweep expires the pending orders whose session is over, and only those', async () => {
    const over = await start('sweep-over@commande.fr', 'https://sweep-over.fr');
    const open = await start('sweep-open@commande.fr', 'https://sweep-open.fr');
    // explicit times, far from now: one session ended an hour ago, the other ends in an hour
    await db.pool.query("update public.discovery_orders set expires_at = now() - interval '1 hour' where id = $1", [over.order_id]);
    await db.pool.query("update public.discovery_orders set expires_at = now() + interval '1 hour' where id = $1", [open.order_id]);
    const { rows: [{ n }] } = await db.pool.query('select citable_worker.expire_discovery_orders() as n');
    assert.ok(n >= 1);
    assert.equal((await orderOf(over.order_id)).status, 'expired');
    assert.ok((await orderOf(over.order_id)).expired_at);
    assert.equal((await orderOf(open.order_id)).status, 'pending');
    assert.equal((await db.pool.query('select citable_worker.expire_discovery_orders() as n')).rows[0].n, 0);
    // a late payment of an expired order still counts (Stripe took the money)
    await attach(over.order_id, 'cs_test_sweep_late');
    const late = await event('evt_sweep_late', 'checkout.session.completed', 'cs_test_sweep_late');
    assert.equal(late.status, 'paid');
  });
});
