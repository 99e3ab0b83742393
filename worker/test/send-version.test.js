// "Send to client" (docs/operator-desk.md): send_version_to_client records a send, its trigger queues
// the job send_version, and the worker (startWorker, the real runner and the real local mailer) mails
// the /view link in the site's language, then marks the row sent — or failed, with a 'send_failed'
// notification for the page's owner, when the mail bounces (an address @bounce.invalid).
import assert from 'node:assert/strict';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { asRole, asUser, DEMO_USER, startSeededDatabase } from '../../supabase-local/test/db/helpers.js';
import { loadConfig } from '../dist/config.js';
import { startWorker } from '../dist/runner.js';
import { createMailer, MailDeliveryError } from '../dist/mail/mailer.js';
import { VERSION_MAIL } from '../dist/actions/send-version.js';

const APP_URL = 'http://app.citable.test';
const NBSP = '\u00a0';

/** @type {Awaited<ReturnType<typeof startSeededDatabase>>} */
let db;
/** @type {Awaited<ReturnType<typeof createMailer>>} */
let mailer;
/** @type {Awaited<ReturnType<typeof startWorker>>} */
let worker;
let dataDir = '';

before(async () => {
  db = await startSeededDatabase();
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'citable-send-version-'));
  mailer = await createMailer({});
  worker = await startWorker({
    config: loadConfig({ DATABASE_URL: db.url, DATA_DIR: dataDir, APP_URL: `${APP_URL}/`, WORKER_POLL_INTERVAL_MS: '100', CONTACT_EMAIL: 'team@citable.test' }),
    mailer,
    log: (m) => {
      if (process.env.BACKEND_TEST_VERBOSE) console.log(m);
    },
  });
});
after(async () => {
  await worker?.stop();
  await db?.stop();
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
});

let n = 0;
/** A site of DEMO_USER (in the given language) with a page and a version. */
async function fixture(languageCode = null) {
  n += 1;
  const language = languageCode
    ? (await db.pool.query('select id from public.location_languages where language_code = $1 limit 1', [languageCode])).rows[0].id
    : null;
  const { rows: [site] } = await db.pool.query(
    "insert into public.sites (name, url, linked_user, language) values ($1, 'https://fournil.example', $2, $3) returning id",
    [`Fournil ${n}`, DEMO_USER, language]);
  const { rows: [page] } = await db.pool.query(
    "insert into public.pages (site, name, url) values ($1, 'Réussir son pain au levain', 'https://fournil.example/levain') returning id", [site.id]);
  const { rows: [version] } = await db.pool.query(
    "insert into public.pages_versions (page, html_content) values ($1, '<h1>Levain</h1><p>Texte.</p>') returning id", [page.id]);
  return { site: site.id, page: page.id, version: version.id };
}

const send = (/** @type {string} */ version, /** @type {string} */ email, /** @type {string|null} */ name = null) =>
  asRole(db.pool, { ...asUser(DEMO_USER), commit: true }, async (c) =>
    (await c.query('select public.send_version_to_client($1, $2, $3) as r', [version, email, name])).rows[0].r);

/** Waits until the send leaves 'queued'. */
async function settled(/** @type {number} */ id) {
  const end = Date.now() + 20_000;
  for (;;) {
    const { rows: [row] } = await db.pool.query('select status, error, sent_at from public.version_sends where id = $1', [id]);
    if (row.status !== 'queued') return row;
    if (Date.now() > end) throw new Error(`send ${id} still queued (${row.error ?? ''})`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

describe('send_version', () => {
  it('mails the client the /view link in French, once, and marks the send sent', async () => {
    const f = await fixture();
    const r = await send(f.version, 'claire@client.test', 'Claire');
    const row = await settled(r.id);
    assert.equal(row.status, 'sent');
    assert.ok(row.sent_at instanceof Date);
    assert.equal(row.error, null);
    const mails = mailer.list('claire@client.test');
    assert.equal(mails.length, 1);
    assert.equal(mails[0].subject, `«${NBSP}Réussir son pain au levain${NBSP}»${NBSP}: votre article à relire`);
    assert.match(mails[0].text, /^Bonjour Claire,/);
    assert.ok(mails[0].text.includes(`${APP_URL}/view/${f.version}\n`), mails[0].text);
    assert.match(mails[0].text, new RegExp(`Cordialement,\\nFournil ${n}\\n$`), 'signed with the site\'s name');
    assert.doesNotMatch(mails[0].text, / [?!:;]/, 'French typography: no plain space before ? ! : ;');
    // the job run again (a retry after a crash): the key in sent_mails stops a second mail
    await db.pool.query("update public.version_sends set status = 'queued' where id = $1", [r.id]);
    await db.pool.query("select graphile_worker.add_job('send_version', json_build_object('id', $1::bigint))", [r.id]);
    assert.equal((await settled(r.id)).status, 'sent');
    assert.equal(mailer.list('claire@client.test').length, 1, 'sent once');
  });

  it('writes in English for a site in English', async () => {
    const f = await fixture('en');
    const r = await send(f.version, 'john@client.test');
    assert.equal((await settled(r.id)).status, 'sent');
    const [mail] = mailer.list('john@client.test');
    assert.equal(mail.subject, '"Réussir son pain au levain": your article is ready for review');
    assert.match(mail.text, /^Hello,\n/);
    assert.match(mail.text, /Best regards,/);
  });

  it('a bounce marks the send failed with the reason and notifies the page\'s owner', async () => {
    const f = await fixture();
    const r = await send(f.version, 'personne@bounce.invalid');
    const row = await settled(r.id);
    assert.equal(row.status, 'failed');
    assert.match(row.error, /bounced/);
    assert.equal(row.sent_at, null);
    const { rows: notes } = await db.pool.query(
      "select user_id, kind, page::int, version, title, body from public.notifications where version = $1", [f.version]);
    assert.equal(notes.length, 1);
    assert.deepEqual({ ...notes[0], body: undefined }, {
      user_id: DEMO_USER, kind: 'send_failed', page: Number(f.page), version: f.version, title: 'Réussir son pain au levain', body: undefined,
    });
    assert.match(notes[0].body, /^personne@bounce\.invalid: .*bounced/);
    // no retry for a bounce: the job is done with
    const { rows: jobs } = await db.pool.query("select 1 from graphile_worker.jobs where task_identifier = 'send_version' and key = $1", [`send_version:${r.id}`]);
    assert.equal(jobs.length, 0);
    // the owner reads it; nobody else does (RLS)
    const seen = await asRole(db.pool, asUser(DEMO_USER), async (c) => (await c.query('select count(*)::int as n from public.notifications where version = $1', [f.version])).rows[0].n);
    assert.equal(seen, 1);
  });
});

describe('the local mailer', () => {
  it('refuses addresses @bounce.invalid with a permanent MailDeliveryError and keeps the others', async () => {
    const local = await createMailer({});
    await assert.rejects(local.send({ to: 'X@Bounce.Invalid', subject: 's', text: 't' }), (e) => e instanceof MailDeliveryError && e.permanent === true);
    assert.equal(local.list().length, 0);
    await local.send({ to: 'ok@example.test', subject: 's', text: 't' });
    assert.equal(local.list().length, 1);
  });

  it('has the mail in both languages, with the link and no empty greeting name', () => {
    const input = { title: 'T', link: 'http://x/view/1', siteName: 'S', toName: null };
    assert.match(VERSION_MAIL.fr(input).text, /^Bonjour,\n/);
    assert.match(VERSION_MAIL.en(input).text, /http:\/\/x\/view\/1/);
  });
});
