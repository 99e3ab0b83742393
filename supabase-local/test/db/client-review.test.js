// The operator's desk, the client's side (migration 20261130000400, docs/operator-desk.md):
// send_version_to_client (validation, ownership, the site's client, language, rate limit, the job),
// the review functions' races and who decides (client_comments), and what /view reads of the site.
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

let n = 0;
/**
 * A site of DEMO_USER with one page and one draft version (committed, as the superuser).
 * @param {{ language?: number | null, clientEmail?: string | null, clientName?: string | null, html?: string | null, logo?: string | null }} [o]
 */
async function fixture(o = {}) {
  n += 1;
  const { rows: [site] } = await db.pool.query(
    `insert into public.sites (name, url, linked_user, language, client_email, client_name, image_logo)
     values ($1, $2, $3, $4, $5, $6, $7) returning id`,
    [`Site client ${n}`, `https://client-${n}.example`, DEMO_USER, o.language ?? null, o.clientEmail ?? null, o.clientName ?? null,
      o.logo === undefined ? '/storage/v1/object/public/seo1/logos/placeholder.png' : o.logo]);
  const { rows: [page] } = await db.pool.query(
    "insert into public.pages (site, name, url) values ($1, $2, 'https://client.example/article') returning id", [site.id, `Article ${n}`]);
  const { rows: [version] } = await db.pool.query(
    'insert into public.pages_versions (page, html_content) values ($1, $2) returning id',
    [page.id, o.html === undefined ? '<h1>Titre</h1><p>Texte.</p>' : o.html]);
  return { site: site.id, page: page.id, version: version.id };
}

const send = (/** @type {string} */ version, /** @type {string|null} */ email = null, /** @type {string|null} */ name = null) =>
  asRole(db.pool, { ...asUser(DEMO_USER), commit: true }, async (c) =>
    (await c.query('select public.send_version_to_client($1, $2, $3) as r', [version, email, name])).rows[0].r);

const sendError = (/** @type {{ role: 'anon' | 'authenticated', sub?: string }} */ who, /** @type {string} */ version, email = null) =>
  errorOf(db.pool, who, 'select public.send_version_to_client($1, $2) as r', [version, email]);

describe('send_version_to_client', () => {
  it('records a queued send, makes the address the site\'s client and enqueues the worker\'s job', async () => {
    const f = await fixture();
    const r = await send(f.version, '  Claire@Client.example ', 'Claire Dupont');
    assert.equal(r.status, 'queued');
    assert.equal(r.to_email, 'Claire@Client.example');
    assert.equal(r.to_name, 'Claire Dupont');
    assert.equal(r.language, 'fr', 'French by default (the site has no language)');
    assert.equal(r.sends_of_version, 1);
    const { rows: [site] } = await db.pool.query('select client_email, client_name from public.sites where id = $1', [f.site]);
    assert.deepEqual(site, { client_email: 'Claire@Client.example', client_name: 'Claire Dupont' });
    const { rows: [row] } = await db.pool.query('select page::int, sent_by, status from public.version_sends where id = $1', [r.id]);
    assert.deepEqual(row, { page: Number(f.page), sent_by: DEMO_USER, status: 'queued' });
    const { rows: jobs } = await db.pool.query(
      "select j.payload from graphile_worker._private_jobs j join graphile_worker._private_tasks t on t.id = j.task_id where t.identifier = 'send_version' and j.key = $1",
      [`send_version:${r.id}`]);
    assert.equal(jobs.length, 1);
    assert.equal(Number(jobs[0].payload.id), Number(r.id));
  });

  it('defaults to the site\'s client, and a changed address replaces it (with the name given, or none)', async () => {
    const f = await fixture({ clientEmail: 'ancien@client.example', clientName: 'Ancien Client' });
    const first = await send(f.version);
    assert.equal(first.to_email, 'ancien@client.example');
    assert.equal(first.to_name, 'Ancien Client');
    const second = await send(f.version, 'nouveau@client.example');
    assert.equal(second.to_email, 'nouveau@client.example');
    assert.equal(second.to_name, null, 'the old name belonged to the old address');
    assert.equal(second.sends_of_version, 2, 'a resend is counted');
    const { rows: [site] } = await db.pool.query('select client_email, client_name from public.sites where id = $1', [f.site]);
    assert.deepEqual(site, { client_email: 'nouveau@client.example', client_name: null });
  });

  it('sends in English when the site\'s language is English', async () => {
    const { rows: [en] } = await db.pool.query("select id from public.location_languages where language_code = 'en' limit 1");
    const f = await fixture({ language: en.id });
    assert.equal((await send(f.version, 'client@example.com')).language, 'en');
  });

  it('refuses a missing or malformed address, a long name and an empty version, with the field in the hint', async () => {
    const f = await fixture();
    for (const email of [null, 'pas-une-adresse', 'a@b', 'deux espaces@x.fr']) {
      const e = await sendError(asUser(DEMO_USER), f.version, email);
      assert.equal(e?.code, '22023', `${email}: ${e?.message}`);
      assert.equal(e?.hint, 'email');
    }
    const long = await errorOf(db.pool, asUser(DEMO_USER), 'select public.send_version_to_client($1, $2, $3)', [f.version, 'a@b.fr', 'x'.repeat(201)]);
    assert.equal(long?.hint, 'name');
    const empty = await fixture({ html: '  ' });
    const e = await sendError(asUser(DEMO_USER), empty.version, 'a@b.fr');
    assert.equal(e?.code, '22023');
    assert.equal(e?.hint, 'version_empty');
    const { rows } = await db.pool.query('select count(*)::int as n from public.version_sends where version = any($1::uuid[])', [[f.version, empty.version]]);
    assert.equal(rows[0].n, 0, 'nothing recorded');
  });

  it('is for the page\'s owner only: anon is denied, another user finds no version', async () => {
    const f = await fixture();
    assert.equal((await sendError(asAnon, f.version, 'a@b.fr'))?.code, '42501');
    const other = await sendError(asUser(OTHER_USER), f.version, 'a@b.fr');
    assert.equal(other?.hint, 'not_found');
    const { rows: [site] } = await db.pool.query('select client_email from public.sites where id = $1', [f.site]);
    assert.equal(site.client_email, null, 'another user changed nothing');
    // the owner reads the sends of their pages; another user reads none
    await send(f.version, 'a@b.fr');
    const count = (/** @type {string} */ sub) => asRole(db.pool, asUser(sub), async (c) =>
      (await c.query('select count(*)::int as n from public.version_sends where page = $1', [f.page])).rows[0].n);
    assert.equal(await count(DEMO_USER), 1);
    assert.equal(await count(OTHER_USER), 0);
    assert.equal((await errorOf(db.pool, asUser(DEMO_USER), "insert into public.version_sends (version, page, to_email) values ($1, $2, 'x@y.fr')", [f.version, f.page]))?.code, '42501');
  });

  it('allows 5 sends of a version per hour, then says to wait', async () => {
    const f = await fixture({ clientEmail: 'client@example.com' });
    for (let i = 0; i < 5; i += 1) await send(f.version);
    const e = await sendError(asUser(DEMO_USER), f.version);
    assert.equal(e?.hint, 'rate_limited', e?.message);
    assert.match(e?.message ?? '', /5 times in the last hour/);
    // an hour later it may be sent again
    await db.pool.query("update public.version_sends set created_at = now() - interval '61 minutes' where version = $1", [f.version]);
    assert.equal((await send(f.version)).sends_of_version, 6);
  });
});

describe('review functions: races and who decides', () => {
  /** Two connections, each in its own transaction, as the anonymous client on /view. */
  async function twoTabs() {
    const tabs = [await db.pool.connect(), await db.pool.connect()];
    for (const c of tabs) {
      await c.query('begin');
      await c.query("select set_config('request.jwt.claims', '{\"role\":\"anon\"}', true)");
      await c.query('set local role anon');
    }
    return tabs;
  }

  it('two tabs approving at once: one wins, the other is told the version was already approved', async () => {
    const f = await fixture();
    const [a, b] = await twoTabs();
    try {
      await a.query('select public.approve_version($1)', [f.version]);
      // b waits for a's lock on the version row
      const second = b.query('select public.approve_version($1)', [f.version]).then(() => null, (e) => e);
      await new Promise((r) => setTimeout(r, 150));
      await a.query('commit');
      const error = await second;
      assert.ok(error, 'the second approval fails');
      assert.equal(error.hint, 'invalid_transition');
      assert.equal(error.detail, 'approved');
      assert.match(error.message, /already been approved/);
    } finally {
      await b.query('rollback').catch(() => {});
      a.release();
      b.release();
    }
    const { rows: [v] } = await db.pool.query('select approved, sent_in_revision from public.pages_versions where id = $1', [f.version]);
    assert.deepEqual(v, { approved: true, sent_in_revision: false });
  });

  it('a revision request on a version just approved in another tab is refused with a clear message', async () => {
    const f = await fixture();
    const [a, b] = await twoTabs();
    try {
      await a.query('select public.approve_version($1)', [f.version]);
      const second = b.query("select public.send_for_revision($1, 'Revoir le titre')", [f.version]).then(() => null, (e) => e);
      await new Promise((r) => setTimeout(r, 150));
      await a.query('commit');
      const error = await second;
      assert.equal(error?.hint, 'invalid_transition');
      assert.equal(error?.detail, 'approved');
      assert.match(error.message, /just been approved/);
    } finally {
      await b.query('rollback').catch(() => {});
      a.release();
      b.release();
    }
    const { rows: [v] } = await db.pool.query('select approved, sent_in_revision, client_comments from public.pages_versions where id = $1', [f.version]);
    assert.deepEqual(v, { approved: true, sent_in_revision: false, client_comments: null });
  });

  it('keeps client_comments for the client (anonymous or another account), never for the owner', async () => {
    const asClient = await fixture();
    const r = await asRole(db.pool, asAnon, async (c) => (await c.query("select public.send_for_revision($1, 'Plus d’exemples, merci.') as r", [asClient.version])).rows[0].r);
    assert.equal(r.client_comments, 'Plus d’exemples, merci.');
    assert.equal(r.comments_to_modify, null, 'comments_to_modify is the operator\'s field: never handed to the client');

    const other = await fixture();
    const r2 = await asRole(db.pool, asUser(OTHER_USER), async (c) => (await c.query("select public.send_for_revision($1, 'Un autre compte') as r", [other.version])).rows[0].r);
    assert.equal(r2.client_comments, 'Un autre compte');

    const owner = await fixture();
    const r3 = await asRole(db.pool, asUser(DEMO_USER), async (c) => (await c.query("select public.send_for_revision($1, 'Consigne interne') as r", [owner.version])).rows[0].r);
    assert.equal(r3.client_comments, null, 'the owner\'s comments are not the client\'s');
    assert.equal(r3.comments_to_modify, 'Consigne interne');
  });

  it('a client who cancels their request takes their comments back', async () => {
    const f = await fixture();
    await asRole(db.pool, { ...asAnon, commit: true }, (c) => c.query("select public.send_for_revision($1, 'Changer l’introduction')", [f.version]));
    const r = await asRole(db.pool, asAnon, async (c) => (await c.query('select public.cancel_revision($1) as r', [f.version])).rows[0].r);
    assert.equal(r.sent_in_revision, false);
    assert.equal(r.client_comments, null);
    const again = await errorOf(db.pool, asAnon, 'select public.cancel_approval($1)', [f.version]);
    assert.equal(again?.hint, 'invalid_transition');
    assert.equal(again?.detail, 'in_revision');
  });
});

describe('/view reads the site and the client\'s comments', () => {
  const view = (/** @type {string} */ version) => asRole(db.pool, asAnon, async (c) =>
    (await c.query('select public.get_article_for_view($1) as a', [version])).rows[0].a);
  const context = (/** @type {string} */ version) => asRole(db.pool, asAnon, async (c) =>
    (await c.query('select public.get_article_view_context($1) as c', [version])).rows[0].c);

  it('returns the site\'s name and logo, the claim\'s placeholder counting as no logo', async () => {
    const placeholder = await fixture();
    const a = await view(placeholder.version);
    assert.deepEqual(a.site, { name: `Site client ${n}`, logo_url: null });
    for (const key of ['version', 'page', 'is_demo', 'cover_image_url', 'images', 'sources', 'unsupported_claims']) assert.ok(key in a, key);
    assert.ok('comments_to_modify' in a.version && 'client_comments' in a.version);
    const withLogo = await fixture({ logo: '/storage/v1/object/public/seo1/logos/abc.png' });
    assert.equal((await view(withLogo.version)).site.logo_url, '/storage/v1/object/public/seo1/logos/abc.png');
    assert.ok(!JSON.stringify(a).includes(DEMO_USER), 'never the owner');
  });

  it('"what changed since your request" carries the client\'s comments, never the operator\'s instruction', async () => {
    const f = await fixture();
    await asRole(db.pool, { ...asAnon, commit: true }, (c) => c.query("select public.send_for_revision($1, 'Mes commentaires de client')", [f.version]));
    // the operator modifies the version sent back, with an internal instruction
    await asRole(db.pool, { ...asUser(DEMO_USER), commit: true }, (c) => c.query("select public.request_version_modification($1, 'Consigne interne de l’opérateur')", [f.version]));
    const { rows: [next] } = await db.pool.query(
      "insert into public.pages_versions (page, html_content, parent_version, origin, instruction) values ($1, '<p>Nouveau</p>', $2, 'instruction', 'Consigne interne de l’opérateur') returning id",
      [f.page, f.version]);
    const c = await context(next.id);
    assert.equal(c.sent_back.client_comments, 'Mes commentaires de client');
    assert.doesNotMatch(JSON.stringify(c), /Consigne interne/);
    // the version sent back holds the instruction now: the client's /view of it never shows it, the owner's does
    assert.doesNotMatch(JSON.stringify(await view(f.version)), /Consigne interne/);
    const asOwner = await asRole(db.pool, asUser(DEMO_USER), async (cl) =>
      (await cl.query('select public.get_article_for_view($1) as a', [f.version])).rows[0].a);
    assert.equal(asOwner.version.comments_to_modify, 'Consigne interne de l’opérateur');
    const asOtherAccount = await asRole(db.pool, asUser(OTHER_USER), async (cl) =>
      (await cl.query('select public.get_article_for_view($1) as a', [f.version])).rows[0].a);
    assert.equal(asOtherAccount.version.comments_to_modify, null);
  });

  it('a version the operator only modified (never sent back by the client) has no "what changed"', async () => {
    const f = await fixture();
    await asRole(db.pool, { ...asUser(DEMO_USER), commit: true }, (c) => c.query("select public.request_version_modification($1, 'Consigne interne')", [f.version]));
    const { rows: [next] } = await db.pool.query(
      "insert into public.pages_versions (page, html_content, parent_version, origin) values ($1, '<p>Nouveau</p>', $2, 'instruction') returning id",
      [f.page, f.version]);
    assert.equal((await context(next.id)).sent_back, null);
  });
});

describe('a claim fills its site\'s client', () => {
  it('the requester\'s e-mail becomes the claimed site\'s client_email', async () => {
    const email = `claim-${Date.now()}@boulangerie.example`;
    const r = await asRole(db.pool, { ...asAnon, commit: true }, async (c) =>
      (await c.query("select public.claim_first_article($1, $2, 'fr') as r", [`https://claim-${Date.now()}.example`, email])).rows[0].r);
    const { rows: [site] } = await db.pool.query('select client_email, linked_user from public.sites where id = $1', [r.site_id]);
    assert.equal(site.client_email, email);
    // the claimed site's placeholder logo is no logo on /view
    const { rows: [v] } = await db.pool.query(
      "insert into public.pages (site, name, url) values ($1, 'Premier article', 'https://x.example/a') returning id", [r.site_id]);
    const { rows: [version] } = await db.pool.query("insert into public.pages_versions (page, html_content) values ($1, '<p>x</p>') returning id", [v.id]);
    const a = await asRole(db.pool, asAnon, async (c) => (await c.query('select public.get_article_for_view($1) as a', [version.id])).rows[0].a);
    assert.equal(a.site.logo_url, null);
  });
});
