// The operator's e-mail of a client decision (job notification_mail, issue 30): the real stack
// (PostgreSQL, PostgREST, gateway), a client deciding on /view through supabase-js with the anon
// key, the worker in this process mailing into the backend's local mailbox (GET /mailbox/messages).
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import pg from 'pg';
import { mailboxFor, makeClient, signedInUser, startTestStack, uniqueEmail } from '../../supabase-local/test/helpers.js';
import { loadConfig } from '../dist/config.js';
import { startWorker } from '../dist/runner.js';
import { DECISION_MAIL, mailLanguage } from '../dist/actions/notification-mail.js';

const sleep = (/** @type {number} */ ms) => new Promise((r) => setTimeout(r, ms));
const NBSP = '\u00a0';
const APP_URL = 'https://app.citable.test';

/** @type {Awaited<ReturnType<typeof startTestStack>>} */
let t;
/** @type {pg.Pool} */
let pool;
/** @type {Awaited<ReturnType<typeof startWorker>>} */
let worker;

/** @param {() => Promise<boolean>} check */
async function waitUntil(check, timeoutMs = 20_000) {
  const end = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > end) throw new Error('timed out');
    await sleep(100);
  }
}
const noMailJobsLeft = async () =>
  (await pool.query("select count(*)::int as n from graphile_worker.jobs where task_identifier = 'notification_mail'")).rows[0].n === 0;

/** An operator with a site, a page and a draft version; returns what the test needs. */
async function operator(/** @type {Record<string, unknown>} */ metadata = {}, pageName = 'Pain au levain') {
  const email = uniqueEmail('operateur');
  const { user } = await signedInUser(t.stack, { email, data: metadata });
  const site = await pool.query("insert into public.sites (url, name, linked_user) values ('https://fournil.example.fr', 'Le Fournil', $1) returning id", [user.id]);
  const page = await pool.query("insert into public.pages (site, name, url) values ($1, $2, 'https://fournil.example.fr/levain') returning id", [site.rows[0].id, pageName]);
  const newVersion = async () =>
    (await pool.query("insert into public.pages_versions (page, html_content) values ($1, '<p>Texte</p>') returning id", [page.rows[0].id])).rows[0].id;
  return { email, userId: user.id, siteId: site.rows[0].id, pageId: page.rows[0].id, newVersion };
}

before(async () => {
  t = await startTestStack({ seed: false });
  pool = new pg.Pool({ connectionString: t.stack.databaseUrl, max: 4 });
  // no mailer given: the worker's own, the backend's local mailbox in DATA_DIR (no SMTP_URL)
  worker = await startWorker({
    config: loadConfig({
      DATABASE_URL: t.stack.databaseUrl,
      SUPABASE_URL: t.stack.url,
      SUPABASE_SERVICE_ROLE_KEY: t.stack.serviceRoleKey,
      DATA_DIR: t.dataDir,
      APP_URL: `${APP_URL}/`,
      WORKER_POLL_INTERVAL_MS: '200',
    }),
    log: (m) => {
      if (process.env.BACKEND_TEST_VERBOSE) console.log(m);
    },
  });
});

after(async () => {
  await worker?.stop();
  await pool?.end();
  await t?.close();
});

describe('notification_mail', () => {
  it('a revision asked on /view (anon) mails the operator in French, with the comments and the link to the versions', async () => {
    const op = await operator();
    const anon = makeClient(t.stack);
    const comments = 'Le titre est trop long.\nAjoutez un exemple chiffré.';
    const { error } = await anon.rpc('send_for_revision', { p_version_id: await op.newVersion(), p_comments: comments });
    assert.equal(error, null);
    /** @type {any[]} */
    let inbox = [];
    await waitUntil(async () => (inbox = await mailboxFor(t.stack, op.email)).length > 0);
    assert.equal(inbox.length, 1);
    const [mail] = inbox;
    assert.equal(mail.subject, `[Citable] Révision demandée par le client${NBSP}: «${NBSP}Pain au levain${NBSP}»`);
    assert.ok(mail.text.includes(`Votre client a demandé une révision de l’article «${NBSP}Pain au levain${NBSP}» (site Le Fournil).`), mail.text);
    assert.ok(mail.text.includes(`Ses commentaires${NBSP}:\n\n> Le titre est trop long.\n> Ajoutez un exemple chiffré.\n`), mail.text);
    assert.ok(mail.text.includes(`${APP_URL}/sites/${op.siteId}/pages/${op.pageId}/page-versions\n`), mail.text);
    assert.ok(mail.text.includes(`${APP_URL}/settings`));

    // once per notification: the job run again sends nothing
    const { rows } = await pool.query("select id from public.notifications where user_id = $1 and kind = 'client_revision'", [op.userId]);
    await pool.query("select graphile_worker.add_job('notification_mail', json_build_object('id', $1::bigint))", [rows[0].id]);
    await waitUntil(noMailJobsLeft);
    assert.equal((await mailboxFor(t.stack, op.email)).length, 1);
  });

  it('an approval mails in English when the account says so', async () => {
    const op = await operator({ language: 'en' }, 'Sourdough bread');
    const { error } = await makeClient(t.stack).rpc('approve_version', { p_version_id: await op.newVersion() });
    assert.equal(error, null);
    /** @type {any[]} */
    let inbox = [];
    await waitUntil(async () => (inbox = await mailboxFor(t.stack, op.email)).length > 0);
    assert.equal(inbox[0].subject, '[Citable] Article approved by the client: "Sourdough bread"');
    assert.match(inbox[0].text, /Your client approved the article "Sourdough bread" \(site Le Fournil\)\./);
    assert.match(inbox[0].text, /See the approved version: https:\/\/app\.citable\.test\/sites\/\d+\/pages\/\d+\/page-versions/);
  });

  it('no e-mail when the operator turned them off, also for a job queued before they did', async () => {
    const op = await operator();
    await pool.query('insert into public.user_settings (user_id, notification_emails) values ($1, false)', [op.userId]);
    await makeClient(t.stack).rpc('approve_version', { p_version_id: await op.newVersion() });
    // turned off after the job was queued: the job still sends nothing
    await pool.query('update public.user_settings set notification_emails = true where user_id = $1', [op.userId]);
    const second = await op.newVersion();
    await pool.query('update public.user_settings set notification_emails = false where user_id = $1', [op.userId]);
    // (a job queued while they were on, run after they were turned off)
    const queued = await pool.query(
      "insert into public.notifications (user_id, kind, site, page, version, title) values ($1, 'client_approved', $2, $3, $4, 'x') returning id",
      [op.userId, op.siteId, op.pageId, second]);
    await pool.query("select graphile_worker.add_job('notification_mail', json_build_object('id', $1::bigint))", [queued.rows[0].id]);
    await waitUntil(noMailJobsLeft);
    const notified = await pool.query('select count(*)::int as n from public.notifications where user_id = $1', [op.userId]);
    assert.equal(notified.rows[0].n, 2, 'the bell is told all the same');
    assert.equal((await mailboxFor(t.stack, op.email)).length, 0);
  });
});

describe('the mail texts', () => {
  it('French typography, and a deleted page says so instead of a link', () => {
    const m = DECISION_MAIL.fr({ decision: 'client_approved', title: 'Levain', siteName: null, comments: null, link: null, settingsLink: 'x/settings' });
    assert.match(m.text, /La page a été supprimée depuis\./);
    assert.doesNotMatch(m.text, / [:;!?]/, 'no ordinary space before : ; ! ?');
    assert.doesNotMatch(m.subject, / [:;!?»]|« /);
  });

  it('the language: English only when the account says so', () => {
    assert.equal(mailLanguage({ language: 'en' }), 'en');
    assert.equal(mailLanguage({ locale: 'en-GB' }), 'en');
    assert.equal(mailLanguage({ language: 'fr' }), 'fr');
    assert.equal(mailLanguage({}), 'fr');
    assert.equal(mailLanguage(null), 'fr');
  });
});
