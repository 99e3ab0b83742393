// publish_wordpress end to end (issue 31): the real stack (PostgreSQL, PostgREST, storage), the
// in-process worker, and the fake WordPress site (fakes/wordpress.js) on loopback. A client approves
// on /view (approve_version) → the post created with its featured image and blocks; approved again
// after an edit → the same post updated; a time-out on create followed by the retry → one post;
// each failure mode; the password in no API answer (every answer a client got in this file is recorded
// and checked in after(), and a sweep reads every table and view of the API), table a client reads, or
// log line.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { after, before, beforeEach, describe, it } from 'node:test';
import pg from 'pg';
import { parse } from '@wordpress/block-serialization-default-parser';
import { makeClient, PNG_1X1, signedInUser, startTestStack } from '../../supabase-local/test/helpers.js';
import { startFakeWordPress } from './fakes/wordpress.js';
import { loadConfig } from '../dist/config.js';
import { startWorker } from '../dist/runner.js';
import { sanitizeArticleHtml } from '../dist/sanitize.js';
import { encryptSecret, secretKeysFrom } from '../dist/wordpress/secret.js';
import { testWordPressConnection } from '../dist/wordpress/client.js';

const sleep = (/** @type {number} */ ms) => new Promise((r) => setTimeout(r, ms));
const PUBLISH = 8;
const PASSWORD = 'Zq9x 4Tt7 Lm2p Kd8s Wv3n Hy6r';
const SECRET_KEY = Buffer.alloc(32, 42).toString('base64');
const ARTICLE = sanitizeArticleHtml(fs.readFileSync(path.join(path.dirname(fileURLToPath(import.meta.url)), 'fixtures', 'articles', 'engine-fr.html'), 'utf8'));
const SOURCES = [
  { n: 1, url: 'https://ademe.example/pac', title: 'ADEME', kind: 'serp' },
  { n: 2, url: 'https://prix.example/pac', title: 'Prix', kind: 'serp' },
  { n: 3, url: 'https://guide.example/cop', title: 'Guide du COP', kind: 'serp' },
  { n: 4, url: 'https://jamais-cite.example/', title: 'Non cité', kind: 'serp' },
];

/** @type {Awaited<ReturnType<typeof startTestStack>>} */
let t;
/** @type {Awaited<ReturnType<typeof startFakeWordPress>>} */
let wp;
/** @type {pg.Pool} */
let pool;
/** @type {any} */
let user;
/** @type {any} */
let other;
/** @type {Awaited<ReturnType<typeof startWorker>> | null} */
let worker = null;
let siteId = 0;
let dataDir = '';
/** Every line the worker logged. */
const logs = /** @type {string[]} */ ([]);

/**
 * Every answer the API (the local Supabase gateway: PostgREST, auth, storage) gave a client in this
 * file, status, headers and body: anon and signed-in users, not the service role. after() checks the
 * password is in none of them.
 */
const apiAnswers = /** @type {string[]} */ ([]);
const realFetch = globalThis.fetch;
globalThis.fetch = async (input, init) => {
  const response = await realFetch(input, init);
  const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
  const apikey = new Headers(init?.headers ?? (input instanceof Request ? input.headers : undefined)).get('apikey');
  if (t?.stack && url.startsWith(t.stack.url) && apikey !== t.stack.serviceRoleKey) {
    apiAnswers.push(`${init?.method ?? 'GET'} ${url} → ${response.status}\n${[...response.headers].map(([k, v]) => `${k}: ${v}`).join('\n')}\n${await response.clone().text()}`);
  }
  return response;
};

/** Every form the password could take in an answer or a line: as typed, without spaces, in a Basic header. */
const LEAKS = [PASSWORD, PASSWORD.replace(/\s+/g, ''), Buffer.from(`editor:${PASSWORD}`).toString('base64')];

async function waitForAction(/** @type {number | string} */ id, timeoutMs = 30_000) {
  const end = Date.now() + timeoutMs;
  for (;;) {
    const { rows } = await pool.query('select * from public.pages_actions where id = $1', [id]);
    if (rows[0] && ['done', 'failed'].includes(rows[0].status)) return rows[0];
    if (Date.now() > end) throw new Error(`action ${id} still ${rows[0]?.status} (${rows[0]?.last_error ?? ''})`);
    await sleep(100);
  }
}

/** A page with an approved-able version of the sample article and a chosen cover in storage. */
async function newPage(/** @type {string} */ name, /** @type {string} */ slug, { cover = true } = {}) {
  const page = await user.client.from('pages').insert({ site: siteId, name, url: `https://www.pac-test.fr/blog/${slug}` }).select().single();
  assert.equal(page.error, null);
  const pageId = page.data.id;
  const version = await newVersion(pageId, ARTICLE);
  if (cover) {
    const objectPath = `${pageId}/cover-${Date.now()}.png`;
    const uploaded = await user.client.storage.from('page-images').upload(objectPath, PNG_1X1, { contentType: 'image/png' });
    assert.equal(uploaded.error, null);
    await pool.query("insert into public.pages_versions_images (linked_page, image_url, type, chosen) values ($1, $2, 'proposition', true)", [pageId, `/storage/v1/object/public/page-images/${objectPath}`]);
  }
  return { pageId, version };
}

async function newVersion(/** @type {number} */ pageId, /** @type {string} */ html) {
  const { rows } = await pool.query('insert into public.pages_versions (page, html_content, sources) values ($1, $2, $3) returning id', [pageId, html, JSON.stringify(SOURCES)]);
  return rows[0].id;
}

/** The site's connection, as the connection flow stores it: the password encrypted, what the test found. */
async function connect({ autoPublish = true, password = PASSWORD } = {}) {
  const result = await testWordPressConnection({ url: wp.url, username: 'editor', password }, { allowPrivate: true, allowPlainHttp: true });
  const keys = secretKeysFrom({ WORDPRESS_SECRET_KEY: SECRET_KEY });
  await pool.query(
    `insert into public.wordpress_connections (site, wp_url, username, password_encrypted, plain_http_confirmed, auto_publish, rest_style, test_status, test_message, found, tested_at)
     values ($1, $2, 'editor', $3, true, $4, $5, $6, $7, $8, now())
     on conflict (site) do update set password_encrypted = excluded.password_encrypted, auto_publish = excluded.auto_publish,
       rest_style = excluded.rest_style, test_status = excluded.test_status, test_message = excluded.test_message, found = excluded.found, tested_at = now()`,
    [siteId, wp.url, encryptSecret(password, keys, `site:${siteId}`), autoPublish, result.ok ? result.found.restStyle : 'pretty', result.ok ? 'ok' : result.code, result.ok ? null : result.message, result.ok ? JSON.stringify(result.found) : null],
  );
  return result;
}

/** Approves a version as a client does on /view (anonymous, the review link), then waits for the publication it queues. */
async function approveOnView(/** @type {string} */ versionId) {
  const anon = makeClient(t.stack);
  const approved = await anon.rpc('approve_version', { p_version_id: versionId });
  assert.equal(approved.error, null, approved.error?.message);
  const { rows } = await pool.query('select id from public.pages_actions where linked_pages_version = $1 and linked_action = $2 order by id desc limit 1', [versionId, PUBLISH]);
  assert.ok(rows[0], 'approving queued publish_wordpress');
  return waitForAction(rows[0].id);
}

/** Publishes as the operator does (the button): a publish_wordpress row through supabase-js. */
async function publish(/** @type {number} */ pageId, /** @type {string} */ versionId, /** @type {object} */ info = {}) {
  const { data, error } = await user.client.from('pages_actions').insert({ linked_page: pageId, linked_action: PUBLISH, linked_pages_version: versionId, info_json: info }).select().single();
  if (error) return { error };
  return { action: await waitForAction(data.id) };
}

const pageRow = async (/** @type {number} */ id) => (await pool.query('select * from public.pages where id = $1', [id])).rows[0];
const postsOf = (/** @type {number} */ pageId) => [...wp.posts.values()].filter((p) => p.meta.citable_page_id === String(pageId) || p.title.startsWith(`Page ${pageId} `));

before(async () => {
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'citable-wordpress-test-'));
  t = await startTestStack({ seed: false });
  wp = await startFakeWordPress({ password: PASSWORD, username: 'editor', citableMeta: true });
  pool = new pg.Pool({ connectionString: t.stack.databaseUrl, max: 3 });
  user = await signedInUser(t.stack);
  other = await signedInUser(t.stack);
  const { rows: lang } = await pool.query(
    "select l.id as language, l.linked_country as country from public.location_languages l join public.location_countries c on c.id = l.linked_country where c.country_code = 'FR' and l.language_code = 'fr'",
  );
  const site = await user.client
    .from('sites')
    .insert({ name: 'PAC test', url: 'https://www.pac-test.fr', country: lang[0].country, language: lang[0].language, default_status: 'publish', auto_publish_image: true, default_type_page_post: 'post' })
    .select()
    .single();
  assert.equal(site.error, null);
  siteId = site.data.id;
  worker = await startWorker({
    config: loadConfig({
      DATABASE_URL: t.stack.databaseUrl,
      SUPABASE_URL: t.stack.url,
      SUPABASE_SERVICE_ROLE_KEY: t.stack.serviceRoleKey,
      DATA_DIR: dataDir,
      WORKER_POLL_INTERVAL_MS: '200',
      OUTBOUND_ALLOW_PRIVATE: '1',
      WORDPRESS_SECRET_KEY: SECRET_KEY,
      WORDPRESS_TIMEOUT_MS: '1500',
    }),
    log: (m) => {
      logs.push(m);
      if (process.env.BACKEND_TEST_VERBOSE) console.log(m);
    },
    mailer: { send: async () => {} },
  });
});

after(async () => {
  await worker?.stop();
  globalThis.fetch = realFetch;
  try {
    // the password is in no line the worker logged, nor in any action's error or warnings
    const all = logs.join('\n');
    const { rows } = await pool.query("select coalesce(string_agg(coalesce(last_error, '') || warnings::text, '\n'), '') as t from public.pages_actions");
    for (const leak of LEAKS) {
      assert.ok(!all.includes(leak), 'a log line holds the password');
      assert.ok(!rows[0].t.includes(leak), 'an action holds the password');
    }
    // nor in any answer the API gave a client all along this file (the connection form, the
    // publications, the reads), nor its encrypted form
    const { rows: stored } = await pool.query('select password_encrypted from public.wordpress_connections');
    assert.ok(stored.length > 0, 'a connection is still stored');
    assert.ok(apiAnswers.length > 50, `the API's answers were recorded (${apiAnswers.length})`);
    assert.ok(apiAnswers.some((a) => a.includes('/rpc/get_wordpress_connection') && /"has_password"\s*:\s*true/.test(a)), 'the connection was read through the API');
    for (const [i, answer] of apiAnswers.entries()) {
      for (const leak of [...LEAKS, ...stored.map((r) => r.password_encrypted)]) {
        assert.ok(!answer.includes(leak), `API answer ${i} holds the password: ${answer.slice(0, 200)}`);
      }
    }
  } finally {
    await pool?.end();
    await wp?.close();
    await t?.close();
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  }
});


beforeEach(() => {
  wp.reset();
  wp.set({ restDisabled: false, seo: null, citableMeta: true, maxUpload: 10 * 1024 * 1024 });
});

describe('publish_wordpress', () => {
  it('is refused for a version that is not approved, and for a site without a connection (4xx with a hint)', async () => {
    const { pageId, version } = await newPage('Page refus', 'refus', { cover: false });
    let { error } = await publish(pageId, version);
    assert.equal(error?.hint, 'not_approved', JSON.stringify(error));
    await pool.query('update public.pages_versions set approved = true where id = $1', [version]);
    ({ error } = await publish(pageId, version));
    assert.equal(error?.hint, 'no_wordpress_connection', JSON.stringify(error));
  });

  it('the connection: no client reads the table; the owner reads it without the password, another user not at all', async () => {
    await connect();
    const direct = await user.client.from('wordpress_connections').select('*');
    assert.ok(direct.error, 'the table is not readable by clients');
    const anonDirect = await makeClient(t.stack).from('wordpress_connections').select('*');
    assert.ok(anonDirect.error);
    const mine = await user.client.rpc('get_wordpress_connection', { p_site: siteId });
    assert.equal(mine.error, null);
    assert.equal(mine.data.username, 'editor');
    assert.equal(mine.data.has_password, true);
    assert.equal(mine.data.test_status, 'ok');
    assert.equal(mine.data.found.siteName, 'Le blog de test');
    const text = JSON.stringify(mine.data);
    assert.ok(!text.includes(PASSWORD) && !text.includes('password_encrypted') && !/v1\.[0-9a-f]{8}\./.test(text), text);
    const theirs = await other.client.rpc('get_wordpress_connection', { p_site: siteId });
    assert.equal(theirs.error?.hint, 'not_found');
    const anon = await makeClient(t.stack).rpc('get_wordpress_connection', { p_site: siteId });
    assert.ok(anon.error);
    // the pages' WordPress columns are the worker's
    const { pageId } = await newPage('Page colonnes', 'colonnes', { cover: false });
    const write = await user.client.from('pages').update({ wordpress_post_id: 1 }).eq('id', pageId);
    assert.equal(write.error?.code, '42501');
  });

  it('approve on /view → the post created with its featured image and blocks; approved again after an edit → the same post updated', async () => {
    await connect();
    const { pageId, version } = await newPage('Pompe à chaleur air-eau', 'pompe-a-chaleur');
    const done = await approveOnView(version);
    assert.equal(done.status, 'done', done.last_error);
    const posts = postsOf(pageId);
    assert.equal(posts.length, 1);
    const [post] = posts;
    assert.equal(post.title, 'Pompe à chaleur air-eau');
    assert.equal(post.slug, 'pompe-a-chaleur');
    assert.equal(post.status, 'publish');
    assert.equal(post.meta.citable_version, version);
    // the featured image: the cover, its alt text the page's name
    const media = wp.media.get(post.featured_media);
    assert.ok(media, 'a featured image');
    assert.equal(media.alt_text, 'Pompe à chaleur air-eau');
    assert.equal(media.size, PNG_1X1.length);
    assert.match(media.filename, /^pompe-a-chaleur\.png$/);
    // blocks, not one Classic block: the FAQ group, the cited sources at the end (not the uncited one)
    const blocks = parse(post.content).filter((b) => b.blockName);
    assert.ok(blocks.length > 10);
    assert.ok(blocks.every((b) => b.blockName !== 'core/freeform' && b.blockName !== 'core/html'));
    assert.equal(blocks.at(-2)?.attrs.className, 'citable-faq');
    assert.equal(blocks.at(-1)?.attrs.className, 'citable-sources');
    assert.equal(blocks.at(-1)?.innerBlocks[1].innerBlocks.length, 3);
    assert.doesNotMatch(post.content, /jamais-cite/);
    // the page remembers it; public: Published
    let row = await pageRow(pageId);
    assert.equal(Number(row.wordpress_post_id), post.id);
    assert.equal(row.wordpress_link, `${wp.url}/pompe-a-chaleur/`);
    assert.equal(row.wordpress_version, version);
    assert.equal(row.wordpress_status, 'publish');
    assert.equal(Number(row.status), 1);
    assert.ok(row.wordpress_published_at);
    // public: the approved article is published, it leaves the operator's Articles list
    assert.ok(row.published_at);
    const queue = await user.client.rpc('list_work_queue');
    assert.equal(queue.error, null);
    assert.ok(!queue.data.some((/** @type {any} */ r) => r.page_id === pageId && r.reason === 'approved'), JSON.stringify(queue.data));
    // no SEO plugin: said in the action's warnings
    assert.ok(done.warnings.some((/** @type {any} */ w) => w.code === 'wordpress_seo_not_written' && w.params.reason === 'no_plugin'), JSON.stringify(done.warnings));

    // an edit, approved again: the same post, updated; the cover not uploaded again
    const mediaCount = wp.media.size;
    const edited = await newVersion(pageId, ARTICLE.replace('Voici ce qu', 'Voici, mis à jour, ce qu'));
    const again = await approveOnView(edited);
    assert.equal(again.status, 'done', again.last_error);
    assert.equal(postsOf(pageId).length, 1);
    assert.match(wp.posts.get(post.id).content, /Voici, mis à jour, ce qu/);
    assert.equal(wp.posts.get(post.id).meta.citable_version, edited);
    assert.equal(wp.media.size, mediaCount);
    row = await pageRow(pageId);
    assert.equal(row.wordpress_version, edited);
  });

  it('a time-out on create, then the retry: one post', async () => {
    await connect({ autoPublish: false });
    const { pageId, version } = await newPage('Délai dépassé', 'delai', { cover: false });
    await pool.query('update public.pages_versions set approved = true where id = $1', [version]);
    wp.script('POST /wp/v2/posts', { afterHandling: true }); // WordPress creates it, the answer never comes
    const { action } = await publish(pageId, version);
    assert.equal(action?.status, 'done', action?.last_error);
    assert.equal(action.attempts, 2);
    assert.equal(postsOf(pageId).length, 1);
    const [post] = postsOf(pageId);
    assert.equal(Number((await pageRow(pageId)).wordpress_post_id), post.id);
    // the second attempt found it (slug and meta) and updated it
    const calls = wp.requests.map((r) => `${r.method} ${r.route}`);
    assert.deepEqual(calls.filter((c) => c.startsWith('POST /wp/v2/posts')), ['POST /wp/v2/posts', `POST /wp/v2/posts/${post.id}`]);
  });

  it('Yoast fields written when the REST API exposes them', async () => {
    wp.set({ seo: 'yoast-rest' });
    await connect({ autoPublish: false });
    const { pageId, version } = await newPage('Page Yoast', 'yoast', { cover: false });
    const kw = await user.client.rpc('add_page_keyword', { p_page_id: pageId, p_keyword: 'pompe à chaleur' });
    assert.equal(kw.error, null);
    await pool.query('update public.pages_versions set approved = true where id = $1', [version]);
    const { action } = await publish(pageId, version);
    assert.equal(action?.status, 'done', action?.last_error);
    const [post] = postsOf(pageId);
    assert.equal(post.meta._yoast_wpseo_title, 'Page Yoast');
    assert.equal(post.meta._yoast_wpseo_focuskw, 'pompe à chaleur');
    assert.match(post.meta._yoast_wpseo_metadesc, /^Voici ce qu/);
    assert.ok(!action.warnings.some((/** @type {any} */ w) => w.code === 'wordpress_seo_not_written'));
  });

  it('failures: 401, 403, REST disabled, 413 fail at once with their reason; a 500 is retried', async () => {
    await connect({ autoPublish: false });
    /** @type {[string, () => void, string][]} */
    const cases = [
      ['401', () => wp.script('POST /wp/v2/posts', { status: 401, body: { code: 'incorrect_password', message: 'Mot de passe incorrect.' } }), 'wrong_credentials'],
      ['403', () => wp.script('POST /wp/v2/posts', { status: 403, body: { code: 'rest_cannot_publish', message: 'Désolé.' } }), 'cannot_publish'],
      ['rest', () => wp.set({ restDisabled: true }), 'no_rest_api'],
      ['413', () => wp.set({ maxUpload: 10 }), 'too_large'],
    ];
    for (const [label, arrange, code] of cases) {
      wp.reset();
      wp.set({ restDisabled: false, maxUpload: 10 * 1024 * 1024 });
      const { pageId, version } = await newPage(`Page ${label}`, `echec-${label}`, { cover: label === '413' });
      await pool.query('update public.pages_versions set approved = true where id = $1', [version]);
      arrange();
      const { action } = await publish(pageId, version);
      assert.equal(action?.status, 'failed', label);
      assert.equal(action.attempts, 1, `${label}: not retried`);
      assert.ok(action.warnings.some((/** @type {any} */ w) => w.code === `wordpress_${code}`), `${label}: ${JSON.stringify(action.warnings)}`);
      assert.match(action.last_error, /127\.0\.0\.1/);
      assert.equal(postsOf(pageId).length, 0);
    }
    wp.reset();
    wp.set({ restDisabled: false, maxUpload: 10 * 1024 * 1024 });
    const { pageId, version } = await newPage('Page 500', 'echec-500', { cover: false });
    await pool.query('update public.pages_versions set approved = true where id = $1', [version]);
    wp.script('POST /wp/v2/posts', { status: 500, body: { code: 'internal_server_error', message: 'Erreur critique.' } });
    const { action } = await publish(pageId, version);
    assert.equal(action?.status, 'done', action?.last_error);
    assert.equal(action.attempts, 2);
    assert.equal(postsOf(pageId).length, 1);
  });

  it('a post deleted in WordPress: said so; published anew on request', async () => {
    await connect({ autoPublish: false });
    const { pageId, version } = await newPage('Page supprimée', 'supprimee', { cover: false });
    await pool.query('update public.pages_versions set approved = true where id = $1', [version]);
    const first = (await publish(pageId, version)).action;
    assert.equal(first?.status, 'done', first?.last_error);
    const [post] = postsOf(pageId);
    wp.deletePost(post.id);
    const again = (await publish(pageId, version)).action;
    assert.equal(again?.status, 'failed');
    assert.match(again.last_error, /deleted in WordPress/);
    assert.ok(again.warnings.some((/** @type {any} */ w) => w.code === 'wordpress_not_found'));
    assert.equal((await pageRow(pageId)).wordpress_status, 'deleted');
    const anew = (await publish(pageId, version, { republish: true })).action;
    assert.equal(anew?.status, 'done', anew?.last_error);
    const posts = postsOf(pageId);
    assert.equal(posts.length, 1);
    assert.notEqual(posts[0].id, post.id);
    assert.equal(Number((await pageRow(pageId)).wordpress_post_id), posts[0].id);
  });

  it('a wrong stored key: a clear failure, no request to WordPress', async () => {
    await connect({ autoPublish: false });
    const { pageId, version } = await newPage('Page clé', 'cle', { cover: false });
    await pool.query('update public.pages_versions set approved = true where id = $1', [version]);
    const otherKeys = secretKeysFrom({ WORDPRESS_SECRET_KEY: Buffer.alloc(32, 1).toString('base64') });
    await pool.query('update public.wordpress_connections set password_encrypted = $2 where site = $1', [siteId, encryptSecret(PASSWORD, otherKeys, `site:${siteId}`)]);
    wp.reset();
    const { action } = await publish(pageId, version);
    assert.equal(action?.status, 'failed');
    assert.match(action.last_error, /another WORDPRESS_SECRET_KEY/);
    assert.equal(wp.requests.length, 0);
  });
});

/** The password sealed as the site form does in the browser: WebCrypto RSA-OAEP (SHA-256) with the worker's public key. */
async function seal(/** @type {string} */ password, /** @type {any} */ key) {
  const publicKey = await globalThis.crypto.subtle.importKey('jwk', key.jwk, { name: 'RSA-OAEP', hash: 'SHA-256' }, false, ['encrypt']);
  const sealed = await globalThis.crypto.subtle.encrypt({ name: 'RSA-OAEP' }, publicKey, new TextEncoder().encode(password));
  return Buffer.from(sealed).toString('base64');
}

/** Waits until the site's pending connection request was handled; the owner's view of it. */
async function connectionAfterTest(/** @type {number} */ site) {
  const end = Date.now() + 20_000;
  for (;;) {
    const { data, error } = await user.client.rpc('get_wordpress_connection', { p_site: site });
    assert.equal(error, null);
    if (data && (!data.pending || data.pending.error)) return data;
    if (Date.now() > end) throw new Error(`connection still pending: ${JSON.stringify(data)}`);
    await sleep(100);
  }
}

describe('the connection form (save_wordpress_connection)', () => {
  it('the password sealed in the browser, tested and stored encrypted by the worker; never returned', async () => {
    const site = await user.client.from('sites').insert({ name: 'Formulaire', url: 'https://www.formulaire-test.fr', default_status: 'draft' }).select().single();
    assert.equal(site.error, null);
    const siteId2 = site.data.id;
    const { data: key, error: keyError } = await user.client.rpc('get_wordpress_public_key');
    assert.equal(keyError, null);
    assert.equal(key.alg, 'RSA-OAEP-256');
    assert.ok(key.jwk.n && !key.jwk.d, 'a public key only');
    assert.ok((await makeClient(t.stack).rpc('get_wordpress_public_key')).error, 'anon gets no key');
    const form = { p_site: siteId2, p_url: wp.url, p_username: 'editor', p_kid: key.kid, p_auto_publish: false };

    // refused with a hint: plain http unconfirmed, a password not sealed with the key, none at all, another user's site
    let saved = await user.client.rpc('save_wordpress_connection', { ...form, p_password_sealed: await seal(PASSWORD, key) });
    assert.equal(saved.error?.hint, 'plain_http');
    saved = await user.client.rpc('save_wordpress_connection', { ...form, p_plain_http_confirmed: true, p_password_sealed: 'not sealed!' });
    assert.equal(saved.error?.hint, 'password');
    saved = await user.client.rpc('save_wordpress_connection', { ...form, p_plain_http_confirmed: true });
    assert.equal(saved.error?.hint, 'password');
    saved = await user.client.rpc('save_wordpress_connection', { ...form, p_plain_http_confirmed: true, p_url: 'javascript:alert(1)', p_password_sealed: await seal(PASSWORD, key) });
    assert.equal(saved.error?.hint, 'wp_url');
    saved = await other.client.rpc('save_wordpress_connection', { ...form, p_plain_http_confirmed: true, p_password_sealed: await seal(PASSWORD, key) });
    assert.equal(saved.error?.hint, 'not_found');

    // a wrong password: stored with the test's failure
    saved = await user.client.rpc('save_wordpress_connection', { ...form, p_plain_http_confirmed: true, p_password_sealed: await seal('wrong wrong wrong', key) });
    assert.equal(saved.error, null, saved.error?.message);
    let connection = await connectionAfterTest(siteId2);
    assert.equal(connection.test_status, 'wrong_credentials');
    assert.match(connection.test_message, /wrong username or application password/);

    // the right one
    saved = await user.client.rpc('save_wordpress_connection', { ...form, p_plain_http_confirmed: true, p_auto_publish: true, p_password_sealed: await seal(PASSWORD, key) });
    assert.equal(saved.error, null);
    connection = await connectionAfterTest(siteId2);
    assert.equal(connection.test_status, 'ok', connection.test_message);
    assert.equal(connection.found.siteName, 'Le blog de test');
    assert.equal(connection.has_password, true);
    assert.equal(connection.auto_publish, true);
    assert.equal(connection.pending, null);
    const shown = JSON.stringify(connection);
    assert.ok(!shown.includes(PASSWORD) && !/v1\.[\w-]{8}\./.test(shown), shown);
    // stored encrypted, bound to the site; the request (sealed password) gone
    const { rows } = await pool.query('select password_encrypted from public.wordpress_connections where site = $1', [siteId2]);
    assert.ok(!rows[0].password_encrypted.includes(PASSWORD));
    const { decryptSecret } = await import('../dist/wordpress/secret.js');
    assert.equal(decryptSecret(rows[0].password_encrypted, secretKeysFrom({ WORDPRESS_SECRET_KEY: SECRET_KEY }), `site:${siteId2}`), PASSWORD);
    assert.equal((await pool.query('select count(*)::int as n from citable_worker.wordpress_connection_requests')).rows[0].n, 0);

    // saved again without a password: the stored one kept and tested again
    saved = await user.client.rpc('save_wordpress_connection', { ...form, p_kid: null, p_plain_http_confirmed: true, p_auto_publish: true, p_username: 'editor' });
    assert.equal(saved.error, null, saved.error?.message);
    connection = await connectionAfterTest(siteId2);
    assert.equal(connection.test_status, 'ok');

    // deleted by its owner only
    assert.equal((await other.client.rpc('delete_wordpress_connection', { p_site: siteId2 })).error?.hint, 'not_found');
    const deleted = await user.client.rpc('delete_wordpress_connection', { p_site: siteId2 });
    assert.equal(deleted.data, true);
    assert.equal((await user.client.rpc('get_wordpress_connection', { p_site: siteId2 })).data, null);
  });
});

describe('the password in no API answer (issue 31: "the password absent from every API response")', () => {
  it('every table and view of the API and the connection and queue RPCs, read by the owner, another user and anon: neither the password nor its encrypted form', async () => {
    await connect();
    const { rows: stored } = await pool.query('select password_encrypted from public.wordpress_connections where site = $1', [siteId]);
    const encrypted = stored[0].password_encrypted;
    // the probe finds the encrypted password where it is: the service role reads the table
    const service = makeClient(t.stack, t.stack.serviceRoleKey);
    const direct = await service.from('wordpress_connections').select('*').eq('site', siteId);
    assert.ok(JSON.stringify(direct.data).includes(encrypted), 'the service role reads the stored password');

    const { rows: relations } = await pool.query("select table_name from information_schema.tables where table_schema = 'public' order by 1");
    assert.ok(relations.some((r) => r.table_name === 'wordpress_connections') && relations.some((r) => r.table_name === 'pages'));
    const answers = /** @type {string[]} */ ([]);
    for (const client of [user.client, other.client, makeClient(t.stack)]) {
      for (const { table_name: name } of relations) {
        const read = await client.from(name).select('*').limit(500);
        answers.push(`${name}: ${JSON.stringify(read.error ?? read.data)}`);
      }
      for (const [fn, args] of /** @type {[string, object][]} */ ([
        ['get_wordpress_connection', { p_site: siteId }],
        ['get_wordpress_public_key', {}],
        ['list_work_queue', {}],
      ])) {
        const called = await client.rpc(fn, args);
        answers.push(`${fn}: ${JSON.stringify(called.error ?? called.data)}`);
      }
    }
    // the owner did read their pages and their connection (the sweep is not all refusals)
    assert.ok(answers.some((a) => a.startsWith('get_wordpress_connection: {') && a.includes('"has_password":true')));
    assert.ok(answers.some((a) => a.startsWith('pages: [{')));
    for (const answer of answers) {
      for (const leak of [...LEAKS, encrypted]) assert.ok(!answer.includes(leak), `an answer holds the password: ${answer.slice(0, 200)}`);
    }
  });
});
