// Where work stands (migration 20261130000300, docs/operator-desk.md#where-work-stands):
// pages.review_state follows the latest version for every writer, date_modified moves with the
// versions, the "Articles" work list (list_work_queue) and "Mark as published" (set_page_published).
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { asAnon, asRole, asUser, DEMO_USER, errorOf, OTHER_USER, startSeededDatabase } from './helpers.js';

/** @type {Awaited<ReturnType<typeof startSeededDatabase>>} */
let db;
/** the demo user's first site */
let mySite = '';

/** @param {string} sql @param {unknown[]} [params] */
const one = async (sql, params = []) => (await db.pool.query(sql, params)).rows[0];

/** A fresh page of `site`, dated in the past so any move of date_modified shows. */
async function newPage(site = mySite, name = `rs-${Math.random().toString(36).slice(2, 8)}`) {
  return (
    await one(
      `insert into public.pages (site, name, url, date_created, date_modified)
       values ($1, $2, $3, now() - interval '30 days', now() - interval '30 days') returning id::text`,
      [site, name, `https://demo.test/${name}`],
    )
  ).id;
}

/** @param {string} page @param {{ html?: string | null, ago?: string }} [o] */
async function addVersion(page, o = {}) {
  const html = o.html === undefined ? '<h1>T</h1><p>x</p>' : o.html;
  return (
    await one(
      `insert into public.pages_versions (page, html_content, created_date) values ($1, $2, now() - $3::interval) returning id`,
      [page, html, o.ago ?? '0 seconds'],
    )
  ).id;
}

/** @param {string} page */
const pageRow = (page) => one('select review_state, date_modified, published_at from public.pages where id = $1', [page]);

/** The caller's queue, as `who`. @param {string} user */
const queueOf = (user) =>
  asRole(db.pool, asUser(user), async (client) => (await client.query('select * from public.list_work_queue()')).rows);

before(async () => {
  db = await startSeededDatabase();
  mySite = (await one('select id::text from public.sites where linked_user = $1 order by id limit 1', [DEMO_USER])).id;
});
after(() => db?.stop());

describe('pages.review_state follows the latest version', () => {
  it('none → draft → revision → draft → approved; a newer version wins; deleting it goes back', async () => {
    const page = await newPage();
    assert.equal((await pageRow(page)).review_state, 'none');
    const v1 = await addVersion(page, { ago: '2 hours' });
    assert.equal((await pageRow(page)).review_state, 'draft');

    // the review RPCs, as the client holding the link (anon)
    await asRole(db.pool, { ...asAnon, commit: true }, (c) => c.query("select public.send_for_revision($1, 'Plus court')", [v1]));
    assert.equal((await pageRow(page)).review_state, 'revision');
    await asRole(db.pool, { ...asAnon, commit: true }, (c) => c.query('select public.cancel_revision($1)', [v1]));
    assert.equal((await pageRow(page)).review_state, 'draft');
    await asRole(db.pool, { ...asAnon, commit: true }, (c) => c.query('select public.approve_version($1)', [v1]));
    assert.equal((await pageRow(page)).review_state, 'approved');

    // a newer version is the latest: its state (draft), whatever the older one's
    const v2 = await addVersion(page);
    assert.equal((await pageRow(page)).review_state, 'draft');
    // an older version's change does not change the page's state
    await db.pool.query('update public.pages_versions set approved = false where id = $1', [v1]);
    assert.equal((await pageRow(page)).review_state, 'draft');
    await db.pool.query('update public.pages_versions set sent_in_revision = true where id = $1', [v1]);
    assert.equal((await pageRow(page)).review_state, 'draft');

    // the latest deleted: the previous one's state; none left: none
    await db.pool.query('delete from public.pages_versions where id = $1', [v2]);
    assert.equal((await pageRow(page)).review_state, 'revision');
    await db.pool.query('delete from public.pages_versions where id = $1', [v1]);
    assert.equal((await pageRow(page)).review_state, 'none');
  });

  it('ties on created_date are broken by id, as the latest version everywhere else', async () => {
    const page = await newPage();
    const at = (await one("select now() - interval '1 hour' as t")).t;
    const ids = ['00000000-0000-4000-8000-0000000ff001', '00000000-0000-4000-8000-0000000ff002'];
    await db.pool.query(
      `insert into public.pages_versions (id, page, html_content, created_date, approved) values ($1, $3, '<p>a</p>', $4, false), ($2, $3, '<p>b</p>', $4, true)`,
      [...ids, page, at],
    );
    assert.equal((await pageRow(page)).review_state, 'approved', 'the higher id is the latest');
  });

  it('a client writes neither review_state nor published_at (column grants)', async () => {
    const page = await newPage();
    for (const set of ["review_state = 'approved'", 'published_at = now()']) {
      const error = await errorOf(db.pool, asUser(DEMO_USER), `update public.pages set ${set} where id = $1`, [page]);
      assert.equal(error?.code, '42501', set);
    }
    // and a client's own write of a version keeps the page right (every writer)
    const v = await asRole(db.pool, { ...asUser(DEMO_USER), commit: true }, async (c) =>
      (await c.query("insert into public.pages_versions (page, html_content) values ($1, '<p>x</p>') returning id", [page])).rows[0].id,
    );
    await asRole(db.pool, { ...asUser(DEMO_USER), commit: true }, (c) =>
      c.query('update public.pages_versions set sent_in_revision = true where id = $1', [v]),
    );
    assert.equal((await pageRow(page)).review_state, 'revision');
  });

  it('the seed and the backfill agree with the latest versions', async () => {
    const { rows } = await db.pool.query(`
      select p.id, p.review_state,
             coalesce((select case when v.approved then 'approved' when v.sent_in_revision then 'revision' else 'draft' end
                         from public.pages_versions v where v.page = p.id order by v.created_date desc, v.id desc limit 1), 'none') as expected
        from public.pages p`);
    assert.ok(rows.length > 5);
    assert.deepEqual(rows.filter((r) => r.review_state !== r.expected), []);
    assert.ok(rows.some((r) => r.review_state === 'approved') && rows.some((r) => r.review_state === 'revision'));
  });
});

describe('pages.date_modified follows the versions and their review state', () => {
  it('moves when a version is added, approved or sent in revision; not on a content edit', async () => {
    const page = await newPage();
    const before0 = (await pageRow(page)).date_modified;
    const v = await addVersion(page);
    const afterInsert = (await pageRow(page)).date_modified;
    assert.ok(afterInsert > before0, 'a new version moves date_modified');

    await db.pool.query("update public.pages set date_modified = now() - interval '10 days' where id = $1", [page]);
    const old = (await pageRow(page)).date_modified;
    await db.pool.query("update public.pages_versions set html_content = '<p>edit</p>' where id = $1", [v]);
    assert.deepEqual((await pageRow(page)).date_modified, old, 'editing the html is not a review change');

    await asRole(db.pool, { ...asAnon, commit: true }, (c) => c.query('select public.approve_version($1)', [v]));
    const afterApprove = (await pageRow(page)).date_modified;
    assert.ok(afterApprove > old, 'approving moves date_modified');
    const at = (await one('select review_state_at from public.pages_versions where id = $1', [v])).review_state_at;
    assert.ok(at > old, 'the version records when its review state changed');
  });

  it('an older version added (an import) does not move date_modified back, nor past its own date', async () => {
    const page = await newPage();
    const before0 = (await pageRow(page)).date_modified;
    await addVersion(page, { ago: '40 days' });
    assert.deepEqual((await pageRow(page)).date_modified, before0);
    await addVersion(page, { ago: '5 days' });
    const moved = (await pageRow(page)).date_modified;
    const expected = (await one("select max(created_date) as d from public.pages_versions where page = $1", [page])).d;
    assert.deepEqual(moved, expected);
  });

  it('the default sort (date_modified desc) brings the page with fresh work to the top', async () => {
    const a = await newPage(mySite, 'rs-sort-a');
    const b = await newPage(mySite, 'rs-sort-b');
    await db.pool.query("update public.pages set date_modified = now() - interval '1 day' where id = $1", [b]);
    await addVersion(a);
    const top = await asRole(db.pool, asUser(DEMO_USER), async (c) =>
      (await c.query("select id::text from public.pages where site = $1 and name like 'rs-sort-%' order by date_modified desc, id desc", [mySite])).rows,
    );
    assert.deepEqual(top.map((r) => r.id), [a, b]);
  });

  it('the page list filter by review state uses its index', async () => {
    const index = await one("select indexdef from pg_indexes where indexname = 'pages_site_review_state_idx'");
    assert.match(index.indexdef, /\(site, review_state, date_modified DESC\)/);
    const plan = await asRole(db.pool, asUser(DEMO_USER), async (c) => {
      await c.query('set local enable_seqscan = off');
      const { rows } = await c.query(
        `explain select id from public.pages where site = ${Number(mySite)} and review_state = 'revision' order by date_modified desc limit 10`,
      );
      return rows.map((r) => r['QUERY PLAN']).join('\n');
    });
    assert.match(plan, /pages_site_review_state_idx/);
  });
});

describe('list_work_queue(): what waits for the operator', () => {
  it('lists each reason with its time, oldest first, and only the caller\'s pages', async () => {
    // a clean user: the other account, with a site of its own
    const site = (await one("insert into public.sites (url, name, linked_user) values ('https://queue.test', 'Queue', $1) returning id::text", [OTHER_USER])).id;
    const revision = await newPage(site, 'q-revision');
    const failed = await newPage(site, 'q-failed');
    const ready = await newPage(site, 'q-ready');
    const approved = await newPage(site, 'q-approved');
    const sent = await newPage(site, 'q-sent');
    const empty = await newPage(site, 'q-empty-draft');
    const retried = await newPage(site, 'q-retried');

    const vRevision = await addVersion(revision, { ago: '3 days' });
    await asRole(db.pool, { ...asAnon, commit: true }, (c) => c.query("select public.send_for_revision($1, 'Trop long')", [vRevision]));
    await db.pool.query("update public.pages_versions set review_state_at = now() - interval '4 days' where id = $1", [vRevision]);
    const rsAt = (await one('select review_state_at from public.pages_versions where id = $1', [vRevision])).review_state_at;
    assert.ok(Date.now() - rsAt.getTime() < 60_000, 'a client cannot rewrite review_state_at');

    const vFailedOld = await addVersion(failed, { ago: '10 days' });
    // a failed action older than the latest version does not count; a newer one does
    await db.pool.query(
      `insert into public.pages_actions (linked_page, linked_action, status, last_error, created_date, updated_at)
       values ($1, 1, 'failed', 'old', now() - interval '12 days', now() - interval '11 days'),
              ($1, 2, 'failed', 'Le modèle ne répond pas', now() - interval '9 days', now() - interval '8 days')`,
      [failed],
    );
    const vReady = await addVersion(ready, { ago: '2 days' });
    const vApproved = await addVersion(approved, { ago: '7 days' });
    await asRole(db.pool, { ...asAnon, commit: true }, (c) => c.query('select public.approve_version($1)', [vApproved]));
    const vSent = await addVersion(sent, { ago: '1 day' });
    await db.pool.query("insert into public.version_sends (version, page, to_email, status) values ($1, $2, 'c@client.test', 'sent')", [vSent, sent]);
    await addVersion(empty, { html: null });
    // failed, then retried and done: nothing waits
    await db.pool.query(
      `insert into public.pages_actions (linked_page, linked_action, status, last_error, created_date, updated_at)
       values ($1, 3, 'failed', 'boom', now() - interval '6 days', now() - interval '6 days'),
              ($1, 3, 'done', null, now() - interval '5 days', now() - interval '5 days')`,
      [retried],
    );

    const rows = (await queueOf(OTHER_USER)).filter((r) => r.site_id === site);
    // q-failed's latest version is also a draft never sent: listed for both reasons
    assert.deepEqual(
      rows.map((r) => [r.page_name, r.reason]),
      [
        ['q-failed', 'ready_to_send'],
        ['q-failed', 'failed'],
        ['q-ready', 'ready_to_send'],
        ['q-revision', 'revision'],
        ['q-approved', 'approved'],
      ],
    );
    const byPage = Object.fromEntries(rows.filter((r) => r.reason !== 'ready_to_send' || r.page_name !== 'q-failed').map((r) => [r.page_name, r]));
    assert.equal(byPage['q-failed'].action_name, 'modify_articles_with_instructions');
    assert.equal(byPage['q-failed'].action_error, 'Le modèle ne répond pas');
    assert.equal(byPage['q-failed'].version_id, vFailedOld);
    assert.equal(byPage['q-ready'].version_id, vReady);
    assert.equal(byPage['q-revision'].version_id, vRevision);
    assert.equal(byPage['q-revision'].site_name, 'Queue');
    assert.equal(byPage['q-revision'].page_url, 'https://demo.test/q-revision');
    // oldest first
    const times = rows.map((r) => r.since.getTime());
    assert.deepEqual(times, [...times].sort((x, y) => x - y));

    // a failed send leaves the version ready to send
    await db.pool.query("update public.version_sends set status = 'failed' where version = $1", [vSent]);
    assert.ok((await queueOf(OTHER_USER)).some((r) => r.page_name === 'q-sent' && r.reason === 'ready_to_send'));

    // marked published: the approved page leaves the list; approved again later: it is back
    await asRole(db.pool, { ...asUser(OTHER_USER), commit: true }, (c) => c.query('select public.set_page_published($1, true)', [approved]));
    assert.ok(!(await queueOf(OTHER_USER)).some((r) => r.page_name === 'q-approved'));
    const vApproved2 = await addVersion(approved);
    await asRole(db.pool, { ...asAnon, commit: true }, (c) => c.query('select public.approve_version($1)', [vApproved2]));
    assert.ok((await queueOf(OTHER_USER)).some((r) => r.page_name === 'q-approved' && r.reason === 'approved' && r.version_id === vApproved2));

    // a new version of the failed page: the failure is behind it
    await addVersion(failed);
    assert.ok(!(await queueOf(OTHER_USER)).some((r) => r.page_name === 'q-failed' && r.reason === 'failed'));

    // another user never sees these pages, anon cannot ask
    const demoQueue = await queueOf(DEMO_USER);
    assert.ok(demoQueue.length > 0, 'the demo user has work of their own');
    assert.ok(!demoQueue.some((r) => r.site_id === site));
    const mine = (await db.pool.query('select s.id::text from public.sites s where s.linked_user = $1', [DEMO_USER])).rows.map((r) => r.id);
    assert.ok(demoQueue.every((r) => mine.includes(r.site_id)));
    assert.equal((await errorOf(db.pool, asAnon, 'select * from public.list_work_queue()'))?.code, '42501');
  });

  it('never lists another user\'s demo article, which everyone may read', async () => {
    const demoPage = (await one(`select p.id::text from public.pages p join public.sites s on s.id = p.site
      where p.hide_revisions_texts_from_preview and s.linked_user = $1 limit 1`, [DEMO_USER])).id;
    assert.ok(!(await queueOf(OTHER_USER)).some((r) => r.page_id === demoPage));
    // nor, for its owner, as something to review or send
    assert.ok(!(await queueOf(DEMO_USER)).some((r) => r.page_id === demoPage && r.reason !== 'failed'));
  });
});

describe('list_work_queue(): publishing to WordPress from the list (20261201002000)', () => {
  it('says whether the site is connected, the page\'s latest publication and its post; never the password; another user\'s connection never', async () => {
    const site = (await one("insert into public.sites (url, name, linked_user) values ('https://wp-queue.test', 'WP queue', $1) returning id::text", [OTHER_USER])).id;
    const page = await newPage(site, 'q-wp');
    const v1 = await addVersion(page, { ago: '2 days' });
    await asRole(db.pool, { ...asAnon, commit: true }, (c) => c.query('select public.approve_version($1)', [v1]));
    const row = async () => (await queueOf(OTHER_USER)).find((r) => r.page_id === page && r.reason === 'approved');

    assert.deepEqual(
      (({ wordpress_connection, wordpress_link, wordpress_version, publish_status, publish_error, publish_warnings, publish_version }) => ({
        wordpress_connection, wordpress_link, wordpress_version, publish_status, publish_error, publish_warnings, publish_version,
      }))(await row()),
      { wordpress_connection: 'none', wordpress_link: null, wordpress_version: null, publish_status: null, publish_error: null, publish_warnings: null, publish_version: null },
    );

    // a connection whose test failed, then passed (the worker writes it; the password encrypted)
    const SECRET = 'v1.abcdefgh.c2VjcmV0.c2VjcmV0.dGFn';
    await db.pool.query(
      "insert into public.wordpress_connections (site, wp_url, username, password_encrypted, test_status) values ($1, 'https://blog.wp-queue.test', 'editor', $2, 'wrong_credentials')",
      [site, SECRET],
    );
    assert.equal((await row()).wordpress_connection, 'failed');
    await db.pool.query("update public.wordpress_connections set test_status = 'ok' where site = $1", [site]);
    assert.equal((await row()).wordpress_connection, 'ok');
    // the same site seen by its owner only: the demo user's queue has no such site, and the encrypted password is in no row
    assert.ok(!(await queueOf(DEMO_USER)).some((r) => r.site_id === site));
    assert.ok(!JSON.stringify(await queueOf(OTHER_USER)).includes(SECRET));
    // the caller's connections only, through the private function; anon cannot call it
    const theirs = await asRole(db.pool, asUser(DEMO_USER), async (c) => (await c.query('select * from private.my_wordpress_connections() where site = $1', [site])).rows);
    assert.deepEqual(theirs, []);
    assert.equal((await errorOf(db.pool, asAnon, 'select * from private.my_wordpress_connections()'))?.code, '42501');

    // queued by the operator (as the Articles button does), then failed with its warning, then done
    const action = (
      await asRole(db.pool, { ...asUser(OTHER_USER), commit: true }, async (c) =>
        (await c.query("insert into public.pages_actions (linked_page, linked_action, linked_pages_version, info_json) values ($1, 8, $2, '{}') returning id::text", [page, v1])).rows[0],
      )
    ).id;
    assert.deepEqual([(await row()).publish_status, (await row()).publish_version], ['queued', v1]);
    await db.pool.query(
      `update public.pages_actions set status = 'failed', last_error = 'WordPress (blog.wp-queue.test) answered 413',
              warnings = '[{"stage":"image","code":"wordpress_too_large","message":"too large"}]' where id = $1`,
      [action],
    );
    let r = await row();
    assert.equal(r.publish_status, 'failed');
    assert.equal(r.publish_error, 'WordPress (blog.wp-queue.test) answered 413');
    assert.equal(r.publish_warnings[0].code, 'wordpress_too_large');
    // the failed action is also a 'failed' row of its own
    assert.ok((await queueOf(OTHER_USER)).some((x) => x.page_id === page && x.reason === 'failed' && x.action_name === 'publish_wordpress'));

    // done as a draft: the post's link and version; the page stays to publish (published_at unset)
    await db.pool.query("update public.pages_actions set status = 'done', last_error = null, warnings = '[]' where id = $1", [action]);
    await db.pool.query(
      "update public.pages set wordpress_post_id = 9, wordpress_post_type = 'posts', wordpress_link = 'https://blog.wp-queue.test/?p=9', wordpress_status = 'draft', wordpress_version = $2 where id = $1",
      [page, v1],
    );
    r = await row();
    assert.deepEqual([r.publish_status, r.wordpress_link, r.wordpress_status, r.wordpress_version], ['done', 'https://blog.wp-queue.test/?p=9', 'draft', v1]);
    // public: published_at set (as the worker does), the page leaves the list
    await db.pool.query("update public.pages set wordpress_status = 'publish', published_at = now() where id = $1", [page]);
    assert.equal(await row(), undefined);
  });
});

describe('set_page_published(p_page, p_published)', () => {
  it('marks an approved page published and back; refuses a draft, another user and anon', async () => {
    const page = await newPage();
    const v = await addVersion(page);
    const call = (/** @type {any} */ who, /** @type {unknown} */ published) =>
      asRole(db.pool, { ...who, commit: true }, async (c) => (await c.query('select public.set_page_published($1, $2) as r', [page, published])).rows[0].r);

    assert.equal((await errorOf(db.pool, asUser(DEMO_USER), 'select public.set_page_published($1, true)', [page]))?.hint, 'not_approved');
    await asRole(db.pool, { ...asAnon, commit: true }, (c) => c.query('select public.approve_version($1)', [v]));
    const r = await call(asUser(DEMO_USER), true);
    assert.equal(r.review_state, 'approved');
    assert.ok(r.published_at);
    assert.ok((await pageRow(page)).published_at);
    assert.equal((await call(asUser(DEMO_USER), false)).published_at, null);
    assert.equal((await pageRow(page)).published_at, null);

    assert.equal((await errorOf(db.pool, asUser(OTHER_USER), 'select public.set_page_published($1, true)', [page]))?.hint, 'not_found');
    assert.equal((await errorOf(db.pool, asAnon, 'select public.set_page_published($1, true)', [page]))?.code, '42501');
    assert.equal((await errorOf(db.pool, asUser(DEMO_USER), 'select public.set_page_published($1, null)', [page]))?.hint, 'published');
    assert.equal((await errorOf(db.pool, asUser(DEMO_USER), 'select public.set_page_published(-1, true)'))?.hint, 'not_found');
  });
});
