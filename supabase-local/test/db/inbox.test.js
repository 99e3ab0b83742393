// The staff inbox (issue 30, supabase/migrations/20261130000100_inbox.sql; docs/operator-desk.md):
// who reads first-article requests and contact messages, "take in" as one transaction (two staff
// at once: one wins, the other is told who), the inbox states and their transitions.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { asAnon, asRole, asUser, DEMO_USER, errorOf, OTHER_USER, startSeededDatabase } from './helpers.js';

/** @type {Awaited<ReturnType<typeof startSeededDatabase>>} */
let db;
// a second staff account (the seed's demo account is the first)
const STAFF2 = '00000000-0000-4000-8000-0000000051a2';

before(async () => {
  db = await startSeededDatabase();
  await db.pool.query(
    `insert into auth.users (instance_id, id, aud, role, email, raw_app_meta_data, raw_user_meta_data, created_at, updated_at)
     values ('00000000-0000-0000-0000-000000000000', $1, 'authenticated', 'authenticated', 'staff2@citable.local',
             '{"provider":"email","staff":true}', '{"full_name":"Second Staff"}', now(), now())`,
    [STAFF2],
  );
});
after(async () => {
  await db?.stop();
});

/** A claim as a visitor makes it (the public RPC), returning its request and site ids. */
async function claim(/** @type {string} */ url, /** @type {string} */ email) {
  return asRole(db.pool, { ...asAnon, commit: true }, async (client) =>
    (await client.query('select public.claim_first_article($1, $2) as r', [url, email])).rows[0].r);
}

const call = (/** @type {string} */ sub, /** @type {string} */ sql, /** @type {unknown[]} */ params = []) =>
  asRole(db.pool, { ...asUser(sub), commit: true }, async (client) => (await client.query(sql, params)).rows[0]?.r);

describe('inbox: who reads requests and messages', () => {
  it('the seed makes the demo account staff, not the other one', async () => {
    const { rows } = await db.pool.query('select private.is_staff($1) as demo, private.is_staff($2) as other', [DEMO_USER, OTHER_USER]);
    assert.deepEqual(rows[0], { demo: true, other: false });
  });

  it('staff read every request and message; another user and anon read none', async () => {
    const { request_id: requestId } = await claim('https://www.rls-inbox.fr', 'rls@rls-inbox.fr');
    const { rows: [{ n: requests }] } = await db.pool.query('select count(*)::int as n from public.first_article_requests');
    const { rows: [{ n: messages }] } = await db.pool.query('select count(*)::int as n from public.contact_messages');
    assert.ok(requests >= 3 && messages >= 3, 'the seed fills the inbox');
    const count = (/** @type {any} */ who, /** @type {string} */ table) =>
      asRole(db.pool, who, async (c) => (await c.query(`select count(*)::int as n from public.${table}`)).rows[0].n);
    assert.equal(await count(asUser(DEMO_USER), 'first_article_requests'), requests);
    assert.equal(await count(asUser(STAFF2), 'contact_messages'), messages);
    assert.equal(await count(asUser(OTHER_USER), 'first_article_requests'), 0);
    assert.equal(await count(asUser(OTHER_USER), 'contact_messages'), 0);
    for (const table of ['first_article_requests', 'contact_messages']) {
      assert.equal((await errorOf(db.pool, asAnon, `select * from public.${table}`))?.code, '42501', `anon: ${table}`);
      // writes only through the functions, even for staff
      assert.equal((await errorOf(db.pool, asUser(DEMO_USER), `update public.${table} set status = 'spam'`))?.code, '42501');
      assert.equal((await errorOf(db.pool, asUser(DEMO_USER), `delete from public.${table}`))?.code, '42501');
    }
    const seen = await asRole(db.pool, asUser(OTHER_USER), async (c) =>
      (await c.query('select 1 from public.first_article_requests where id = $1', [requestId])).rowCount);
    assert.equal(seen, 0);
  });

  it('a staff member who loses the flag loses access at once (no new token needed)', async () => {
    await db.pool.query(`update auth.users set raw_app_meta_data = raw_app_meta_data - 'staff' where id = $1`, [STAFF2]);
    try {
      const n = await asRole(db.pool, asUser(STAFF2), async (c) => (await c.query('select count(*)::int as n from public.contact_messages')).rows[0].n);
      assert.equal(n, 0);
      assert.equal((await errorOf(db.pool, asUser(STAFF2), 'select public.staff_members()'))?.code, '42501');
    } finally {
      await db.pool.query(`update auth.users set raw_app_meta_data = raw_app_meta_data || '{"staff":true}' where id = $1`, [STAFF2]);
    }
  });

  it('staff_members names the team for the "taken by" column', async () => {
    const rows = await asRole(db.pool, asUser(DEMO_USER), async (c) => (await c.query('select * from public.staff_members()')).rows);
    const demo = rows.find((r) => r.id === DEMO_USER);
    assert.deepEqual(demo, { id: DEMO_USER, name: 'Démo Citable', email: 'demo@citable.local' });
    assert.ok(rows.some((r) => r.id === STAFF2));
    assert.ok(!rows.some((r) => r.id === OTHER_USER));
  });
});

describe('inbox: take in', () => {
  it('assigns the site, fills its client e-mail, creates the first page and marks the request taken', async () => {
    const { request_id: requestId, site_id: siteId } = await claim('www.boulangerie-martin.fr/pains/', 'Contact@Boulangerie-Martin.fr');
    const before = (await db.pool.query('select client_email from public.sites where id = $1', [siteId])).rows[0];
    assert.equal(before.client_email, 'Contact@Boulangerie-Martin.fr', 'the claim fills the client e-mail');
    const r = await call(DEMO_USER, 'select public.take_in_request($1) as r', [requestId]);
    assert.equal(r.site_id, siteId);
    assert.equal(r.request_id, requestId);
    const site = (await db.pool.query('select linked_user, client_email from public.sites where id = $1', [siteId])).rows[0];
    assert.deepEqual(site, { linked_user: DEMO_USER, client_email: 'Contact@Boulangerie-Martin.fr' });
    const page = (await db.pool.query('select site, name, url, status, creator from public.pages where id = $1', [r.page_id])).rows[0];
    assert.deepEqual(page, { site: String(siteId), name: 'boulangerie-martin.fr/pains', url: 'https://www.boulangerie-martin.fr/pains/', status: '2', creator: DEMO_USER });
    const request = (await db.pool.query('select status, taken_by, taken_at, page from public.first_article_requests where id = $1', [requestId])).rows[0];
    assert.equal(request.status, 'taken');
    assert.equal(request.taken_by, DEMO_USER);
    assert.ok(request.taken_at);
    assert.equal(request.page, String(r.page_id));
    // the staff member now owns the site through the ordinary RLS
    const mine = await asRole(db.pool, asUser(DEMO_USER), async (c) => (await c.query('select id from public.pages where site = $1', [siteId])).rowCount);
    assert.equal(mine, 1);
  });

  it('a second take-in is refused with already_taken, naming who took it; nothing changes', async () => {
    const { request_id: requestId, site_id: siteId } = await claim('https://www.deja-pris.fr', 'a@deja-pris.fr');
    await call(DEMO_USER, 'select public.take_in_request($1) as r', [requestId]);
    const error = await errorOf(db.pool, asUser(STAFF2), 'select public.take_in_request($1)', [requestId]);
    assert.equal(error?.hint, 'already_taken');
    assert.match(error?.message ?? '', /already taken in by Démo Citable on \d{4}-\d\d-\d\d/);
    const detail = JSON.parse(/** @type {any} */ (error).detail);
    assert.equal(detail.status, 'taken');
    assert.equal(detail.taken_by, 'Démo Citable');
    const { rows } = await db.pool.query('select count(*)::int as n from public.pages where site = $1', [siteId]);
    assert.equal(rows[0].n, 1, 'one page only');
  });

  it('two staff taking the same request at once: one wins, the other is told (two connections)', async () => {
    const { request_id: requestId, site_id: siteId } = await claim('https://www.en-meme-temps.fr', 'b@en-meme-temps.fr');
    const a = await db.pool.connect();
    const b = await db.pool.connect();
    const as = async (/** @type {import('pg').PoolClient} */ c, /** @type {string} */ sub) => {
      await c.query('begin');
      await c.query("select set_config('request.jwt.claims', $1, true)", [JSON.stringify({ sub, role: 'authenticated' })]);
      await c.query('set local role authenticated');
    };
    try {
      await as(a, DEMO_USER);
      await as(b, STAFF2);
      const first = await a.query('select public.take_in_request($1) as r', [requestId]);
      // b waits on a's row lock...
      let settled = false;
      const second = b.query('select public.take_in_request($1) as r', [requestId]).then(
        (r) => ({ ok: r.rows[0].r }),
        (e) => ({ error: e }),
      ).finally(() => { settled = true; });
      await new Promise((r) => setTimeout(r, 300));
      assert.equal(settled, false, 'the second take-in waits for the first transaction');
      await a.query('commit');
      const outcome = /** @type {any} */ (await second);
      await b.query('rollback');
      assert.ok(outcome.error, 'the second one is refused');
      assert.equal(outcome.error.hint, 'already_taken');
      assert.match(outcome.error.message, /Démo Citable/);
      const { rows } = await db.pool.query('select count(*)::int as n from public.pages where site = $1', [siteId]);
      assert.equal(rows[0].n, 1);
      const site = (await db.pool.query('select linked_user from public.sites where id = $1', [siteId])).rows[0];
      assert.equal(site.linked_user, DEMO_USER);
      assert.ok(first.rows[0].r.page_id);
    } finally {
      await a.query('rollback').catch(() => {});
      await b.query('rollback').catch(() => {});
      a.release();
      b.release();
    }
  });

  it('refuses non-staff (42501), an unknown request (not_found), a request marked spam (already_taken)', async () => {
    const { request_id: requestId } = await claim('https://www.refus.fr', 'c@refus.fr');
    const denied = await errorOf(db.pool, asUser(OTHER_USER), 'select public.take_in_request($1)', [requestId]);
    assert.equal(denied?.code, '42501');
    assert.equal(denied?.hint, 'staff_only');
    assert.equal((await errorOf(db.pool, asAnon, 'select public.take_in_request($1)', [requestId]))?.code, '42501');
    assert.equal((await errorOf(db.pool, asUser(DEMO_USER), 'select public.take_in_request($1)', [987654321]))?.hint, 'not_found');
    await call(DEMO_USER, "select public.set_request_status($1, 'spam') as r", [requestId]);
    const spam = await errorOf(db.pool, asUser(DEMO_USER), 'select public.take_in_request($1)', [requestId]);
    assert.equal(spam?.hint, 'already_taken');
    assert.equal(JSON.parse(/** @type {any} */ (spam).detail).status, 'spam');
    const untouched = (await db.pool.query('select status, taken_by from public.first_article_requests where id = $1', [requestId])).rows[0];
    assert.deepEqual(untouched, { status: 'spam', taken_by: null });
  });
});

describe('inbox: states', () => {
  it('requests: answered, spam and back to new; a taken request never goes back to new or spam', async () => {
    const { request_id: requestId } = await claim('https://www.etats.fr', 'd@etats.fr');
    const r = await call(DEMO_USER, "select public.set_request_status($1, 'answered') as r", [requestId]);
    assert.equal(r.status, 'answered');
    assert.ok(r.status_changed_at);
    assert.equal((await call(DEMO_USER, "select public.set_request_status($1, 'new') as r", [requestId])).status, 'new');
    const bad = await errorOf(db.pool, asUser(DEMO_USER), "select public.set_request_status($1, 'taken')", [requestId]);
    assert.equal(bad?.hint, 'status');
    assert.equal(bad?.code, '22023');
    await call(DEMO_USER, 'select public.take_in_request($1) as r', [requestId]);
    for (const status of ['new', 'spam']) {
      const refused = await errorOf(db.pool, asUser(DEMO_USER), 'select public.set_request_status($1, $2)', [requestId, status]);
      assert.equal(refused?.hint, 'invalid_transition', status);
    }
    assert.equal((await call(DEMO_USER, "select public.set_request_status($1, 'answered') as r", [requestId])).status, 'answered');
    assert.equal((await errorOf(db.pool, asUser(OTHER_USER), "select public.set_request_status($1, 'spam')", [requestId]))?.code, '42501');
  });

  it('messages: answered and spam record who and when; non-staff are refused', async () => {
    const id = await asRole(db.pool, { ...asAnon, commit: true }, async (c) =>
      (await c.query("select public.submit_contact_message('Alice Martin', 'alice@exemple.fr', 'Bonjour, un devis svp.') as r")).rows[0].r.id);
    const r = await call(STAFF2, "select public.set_message_status($1, 'spam') as r", [id]);
    assert.equal(r.status, 'spam');
    const row = (await db.pool.query('select status, status_changed_by, status_changed_at from public.contact_messages where id = $1', [id])).rows[0];
    assert.equal(row.status_changed_by, STAFF2);
    assert.ok(row.status_changed_at);
    assert.equal((await call(DEMO_USER, "select public.set_message_status($1, 'new') as r", [id])).status, 'new');
    assert.equal((await errorOf(db.pool, asUser(DEMO_USER), "select public.set_message_status($1, 'taken')", [id]))?.hint, 'status');
    assert.equal((await errorOf(db.pool, asUser(DEMO_USER), "select public.set_message_status($1, 'spam')", [987654321]))?.hint, 'not_found');
    assert.equal((await errorOf(db.pool, asUser(OTHER_USER), "select public.set_message_status($1, 'spam')", [id]))?.code, '42501');
    assert.equal((await errorOf(db.pool, asAnon, "select public.set_message_status($1, 'spam')", [id]))?.code, '42501');
  });
});
