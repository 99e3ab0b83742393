// Notifications (issue 30, migration 20261130000200): who is told what by the triggers, the
// operator's e-mail job, mark_notifications_read, and what a user may do with notification rows.
import assert from 'node:assert/strict';
import { after, before, beforeEach, describe, it } from 'node:test';
import { asAnon, asRole, asUser, DEMO_USER, errorOf, OTHER_USER, startSeededDatabase } from './helpers.js';

/** @type {Awaited<ReturnType<typeof startSeededDatabase>>} */
let db;
let siteId = 0;
let pageId = 0;
before(async () => {
  db = await startSeededDatabase();
  const site = await db.pool.query("insert into public.sites (url, name, linked_user) values ('https://notif.example.fr', 'Notif', $1) returning id", [DEMO_USER]);
  siteId = site.rows[0].id;
  const page = await db.pool.query("insert into public.pages (site, name, url) values ($1, 'Pain au levain', 'https://notif.example.fr/pain') returning id", [siteId]);
  pageId = page.rows[0].id;
});
after(async () => {
  await db?.stop();
});
beforeEach(async () => {
  await db.pool.query('delete from public.notifications');
  await db.pool.query("delete from graphile_worker._private_jobs where task_id in (select id from graphile_worker._private_tasks where identifier = 'notification_mail')");
  await db.pool.query('delete from public.user_settings');
});

/** A fresh draft version of the test page. */
async function newVersion(page = pageId) {
  const { rows } = await db.pool.query("insert into public.pages_versions (page, html_content) values ($1, '<p>Texte</p>') returning id", [page]);
  return /** @type {string} */ (rows[0].id);
}

/** @param {string} [user] */
async function notificationsOf(user = DEMO_USER) {
  return (await db.pool.query('select * from public.notifications where user_id = $1 order by id', [user])).rows;
}

async function mailJobs() {
  const { rows } = await db.pool.query(
    "select j.payload, j.key from graphile_worker._private_jobs j join graphile_worker._private_tasks t on t.id = j.task_id where t.identifier = 'notification_mail' order by j.id");
  return rows;
}

/** Calls a review RPC as `who` and commits, as /view does. */
function review(/** @type {any} */ who, /** @type {string} */ sql, /** @type {unknown[]} */ params) {
  return asRole(db.pool, { ...who, commit: true }, (client) => client.query(sql, params));
}

describe('client decisions', () => {
  it('an approval on /view (anon) tells the site owner, titled by the page, and queues the e-mail', async () => {
    const version = await newVersion();
    await review(asAnon, 'select public.approve_version($1)', [version]);
    const [n, ...rest] = await notificationsOf();
    assert.equal(rest.length, 0);
    assert.equal(n.kind, 'client_approved');
    assert.equal(n.title, 'Pain au levain');
    assert.equal(String(n.site), String(siteId));
    assert.equal(String(n.page), String(pageId));
    assert.equal(n.version, version);
    assert.equal(n.read_at, null);
    assert.deepEqual((await mailJobs()).map((j) => [j.payload, j.key]), [[{ id: Number(n.id) }, `notification_mail:${n.id}`]]);
    assert.equal((await notificationsOf(OTHER_USER)).length, 0);
  });

  it('a revision asked by another account carries the comments, cut to 2000 characters', async () => {
    const version = await newVersion();
    const comments = `  ${'Plus court, s’il vous plaît. '.repeat(200)}  `;
    await review(asUser(OTHER_USER), 'select public.send_for_revision($1, $2)', [version, comments]);
    const [n] = await notificationsOf();
    assert.equal(n.kind, 'client_revision');
    assert.equal(n.body.length, 2000);
    assert.ok(n.body.startsWith('Plus court, s’il vous plaît.'));
    assert.ok(n.body.endsWith('…'));
    assert.equal((await mailJobs()).length, 1);
  });

  it('the owner reviewing their own version is not told, nor is anyone when the site has no owner', async () => {
    const version = await newVersion();
    await review(asUser(DEMO_USER), 'select public.approve_version($1)', [version]);
    await review(asUser(DEMO_USER), 'select public.cancel_approval($1)', [version]);
    await review(asUser(DEMO_USER), "select public.send_for_revision($1, 'à revoir')", [version]);
    assert.equal((await notificationsOf()).length, 0);

    const orphan = await db.pool.query("insert into public.sites (url) values ('https://sans-proprio.fr') returning id");
    const page = await db.pool.query("insert into public.pages (site, name, url) values ($1, 'Orpheline', 'https://sans-proprio.fr/a') returning id", [orphan.rows[0].id]);
    await review(asAnon, 'select public.approve_version($1)', [await newVersion(page.rows[0].id)]);
    assert.equal((await db.pool.query('select count(*)::int as n from public.notifications')).rows[0].n, 0);
    assert.equal((await mailJobs()).length, 0);
  });

  it('with e-mails turned off in the settings, the bell is told but no e-mail is queued', async () => {
    await asRole(db.pool, { ...asUser(DEMO_USER), commit: true }, (c) =>
      c.query('insert into public.user_settings (notification_emails) values (false) on conflict (user_id) do update set notification_emails = false'));
    await review(asAnon, 'select public.approve_version($1)', [await newVersion()]);
    assert.equal((await notificationsOf()).length, 1);
    assert.equal((await mailJobs()).length, 0);
    // turned on again: e-mails again
    await asRole(db.pool, { ...asUser(DEMO_USER), commit: true }, (c) => c.query('update public.user_settings set notification_emails = true'));
    await review(asAnon, "select public.send_for_revision($1, 'Un exemple de plus')", [await newVersion()]);
    assert.equal((await mailJobs()).length, 1);
  });

  it('a refused transition (approving a version just sent in revision) writes nothing', async () => {
    const version = await newVersion();
    await review(asAnon, "select public.send_for_revision($1, 'Changer le titre')", [version]);
    const error = await errorOf(db.pool, asAnon, 'select public.approve_version($1)', [version]);
    assert.equal(error?.hint, 'invalid_transition');
    assert.deepEqual((await notificationsOf()).map((n) => n.kind), ['client_revision']);
  });
});

describe('page actions', () => {
  /** @param {string} name */
  async function action(name, version = /** @type {string | null} */ (null)) {
    const { rows } = await db.pool.query(
      "insert into public.pages_actions (linked_page, linked_action, linked_pages_version, status) select $1, id, $3, 'running' from public.actions where name = $2 returning id",
      [pageId, name, version]);
    return rows[0].id;
  }

  it('an article written (done) tells the owner, with the version it wrote', async () => {
    const id = await action('create_article');
    const { rows } = await db.pool.query("insert into public.pages_versions (page, html_content, generated_by_action) values ($1, '<p>Neuf</p>', $2) returning id", [pageId, id]);
    await db.pool.query("update public.pages_actions set status = 'done' where id = $1", [id]);
    const [n, ...rest] = await notificationsOf();
    assert.equal(rest.length, 0);
    assert.deepEqual([n.kind, n.version, n.title, n.body], ['version_ready', rows[0].id, 'Pain au levain', null]);
    // the same status written again tells nobody twice
    await db.pool.query("update public.pages_actions set status = 'done' where id = $1", [id]);
    assert.equal((await notificationsOf()).length, 1);
    assert.equal((await mailJobs()).length, 0, 'no e-mail for a ready version');
  });

  it('a failed action (any kind) tells the owner why; another action done tells nobody', async () => {
    const failed = await action('serps');
    await db.pool.query("update public.pages_actions set status = 'failed', last_error = $2 where id = $1", [failed, '  SERP_API_KEY is not configured  ']);
    const done = await action('serps');
    await db.pool.query("update public.pages_actions set status = 'done' where id = $1", [done]);
    const rows = await notificationsOf();
    assert.deepEqual(rows.map((n) => [n.kind, n.body]), [['action_failed', 'SERP_API_KEY is not configured']]);
  });
});

describe('staff inbox', () => {
  before(async () => {
    await db.pool.query(`update auth.users set raw_app_meta_data = coalesce(raw_app_meta_data, '{}'::jsonb) || '{"staff": true}' where id = $1`, [DEMO_USER]);
  });
  after(async () => {
    await db.pool.query("update auth.users set raw_app_meta_data = raw_app_meta_data - 'staff' where id = $1", [DEMO_USER]);
  });

  it('a contact message and a first-article request tell every staff account, and nobody else', async () => {
    await asRole(db.pool, { ...asAnon, commit: true }, async (c) => {
      await c.query("select public.submit_contact_message('Jeanne Martin', 'jeanne@martin.test', 'Bonjour, je voudrais un devis.')");
      await c.query("select public.claim_first_article('https://boulangerie-notif.fr', 'patron@boulangerie-notif.fr', 'fr')");
    });
    const rows = await notificationsOf();
    assert.deepEqual(rows.map((n) => n.kind), ['new_message', 'new_request']);
    assert.equal(rows[0].title, 'Jeanne Martin <jeanne@martin.test>');
    assert.equal(rows[0].body, 'Bonjour, je voudrais un devis.');
    assert.ok(rows[0].message);
    assert.match(rows[1].title, /^https:\/\/boulangerie-notif\.fr/);
    assert.equal(rows[1].body, 'patron@boulangerie-notif.fr');
    assert.ok(rows[1].request && rows[1].site);
    assert.equal((await notificationsOf(OTHER_USER)).length, 0);
  });
});

describe('reading and marking read (RLS and grants)', () => {
  /** @type {string[]} */
  let mine = [];
  /** @type {string[]} */
  let theirs = [];
  beforeEach(async () => {
    const insert = (/** @type {string} */ user, /** @type {string} */ kind) =>
      db.pool.query("insert into public.notifications (user_id, kind, site, page, title) values ($1, $2, $3, $4, 'Pain au levain') returning id::text", [user, kind, siteId, pageId]);
    mine = [(await insert(DEMO_USER, 'client_approved')).rows[0].id, (await insert(DEMO_USER, 'version_ready')).rows[0].id, (await insert(DEMO_USER, 'action_failed')).rows[0].id];
    theirs = [(await insert(OTHER_USER, 'client_revision')).rows[0].id];
  });

  it('a user reads only their own; anon reads none', async () => {
    const ids = await asRole(db.pool, asUser(OTHER_USER), async (c) => (await c.query('select id::text from public.notifications')).rows.map((r) => r.id));
    assert.deepEqual(ids, theirs);
    assert.equal((await errorOf(db.pool, asAnon, 'select * from public.notifications'))?.code, '42501');
  });

  it('a user cannot insert, delete, or change anything but read_at, nor touch another user\'s', async () => {
    assert.equal((await errorOf(db.pool, asUser(DEMO_USER), "insert into public.notifications (user_id, kind) values ($1, 'client_approved')", [DEMO_USER]))?.code, '42501');
    assert.equal((await errorOf(db.pool, asUser(DEMO_USER), 'delete from public.notifications where id = $1', [mine[0]]))?.code, '42501');
    for (const set of ["kind = 'new_request'", `user_id = '${OTHER_USER}'`, "title = 'x'", "body = 'x'", 'page = null']) {
      assert.equal((await errorOf(db.pool, asUser(DEMO_USER), `update public.notifications set ${set} where id = $1`, [mine[0]]))?.code, '42501', set);
    }
    const updated = await asRole(db.pool, { ...asUser(DEMO_USER), commit: true }, (c) =>
      c.query('update public.notifications set read_at = now() where id = any($1::bigint[]) returning id', [[...theirs, mine[0]]]));
    assert.deepEqual(updated.rows.map((r) => String(r.id)), [mine[0]]);
    const other = await db.pool.query('select read_at from public.notifications where id = $1', [theirs[0]]);
    assert.equal(other.rows[0].read_at, null);
  });

  it('mark_notifications_read: listed ids (only the caller\'s), then all; counts what it marked', async () => {
    const call = (/** @type {string} */ user, /** @type {unknown} */ ids) =>
      asRole(db.pool, { ...asUser(user), commit: true }, async (c) => (await c.query('select public.mark_notifications_read($1::bigint[]) as n', [ids])).rows[0].n);
    assert.equal(await call(OTHER_USER, mine), 0, 'another user\'s ids mark nothing');
    assert.equal(await call(DEMO_USER, [mine[0], theirs[0]]), 1);
    assert.equal(await call(DEMO_USER, [mine[0]]), 0, 'already read');
    assert.equal(await asRole(db.pool, { ...asUser(DEMO_USER), commit: true }, async (c) => (await c.query('select public.mark_notifications_read() as n')).rows[0].n), 2);
    assert.equal((await notificationsOf()).filter((n) => n.read_at === null).length, 0);
    assert.equal((await notificationsOf(OTHER_USER))[0].read_at, null);
    assert.equal((await errorOf(db.pool, asAnon, 'select public.mark_notifications_read()'))?.code, '42501');
  });

  it('a notification whose page is deleted keeps its title (page set null)', async () => {
    const page = await db.pool.query("insert into public.pages (site, name, url) values ($1, 'Page éphémère', 'https://notif.example.fr/eph') returning id", [siteId]);
    const version = await newVersion(page.rows[0].id);
    await review(asAnon, 'select public.approve_version($1)', [version]);
    await asRole(db.pool, { ...asUser(DEMO_USER), commit: true }, (c) => c.query('delete from public.pages where id = $1', [page.rows[0].id]));
    const n = (await notificationsOf()).find((r) => r.kind === 'client_approved' && r.title === 'Page éphémère');
    assert.ok(n);
    assert.deepEqual([n.page, n.version, String(n.site)], [null, null, String(siteId)]);
    // and the owner still reads it
    const seen = await asRole(db.pool, asUser(DEMO_USER), async (c) => (await c.query('select title from public.notifications where id = $1', [n.id])).rows);
    assert.deepEqual(seen, [{ title: 'Page éphémère' }]);
  });

  it('user settings: each user reads and writes only their own row', async () => {
    await asRole(db.pool, { ...asUser(OTHER_USER), commit: true }, (c) => c.query('insert into public.user_settings (notification_emails) values (false)'));
    const seen = await asRole(db.pool, asUser(DEMO_USER), async (c) => (await c.query('select * from public.user_settings')).rows);
    assert.deepEqual(seen, []);
    assert.equal((await errorOf(db.pool, asUser(DEMO_USER), 'insert into public.user_settings (user_id) values ($1)', [OTHER_USER]))?.code, '42501');
    const changed = await asRole(db.pool, asUser(DEMO_USER), async (c) => (await c.query('update public.user_settings set notification_emails = true returning user_id')).rowCount);
    assert.equal(changed, 0);
  });
});
