// Deleted image rows take their stored objects with them, on the server (issue 16): the AFTER
// DELETE triggers of supabase/migrations/20261127000200_page_images_storage.sql enqueue a
// storage_cleanup job in the deleting transaction, and the worker removes the object through
// the storage API — for a row deleted alone, for rows deleted by cascade (a page, a site), and
// for a site's logo. Objects that are not the row's own (the seed's shared files, an object
// another row still shows, a logo uploaded by somebody else) stay. The real stack: PostgreSQL,
// PostgREST, storage, supabase-js as the apps use it, the worker in this process.
import assert from 'node:assert/strict';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import pg from 'pg';
import { makeClient, PNG_1X1, signedInUser, startTestStack } from '../../supabase-local/test/helpers.js';
import { loadConfig } from '../dist/config.js';
import { startWorker } from '../dist/runner.js';

const sleep = (/** @type {number} */ ms) => new Promise((r) => setTimeout(r, ms));

/** @type {Awaited<ReturnType<typeof startTestStack>>} */
let t;
/** @type {pg.Pool} */
let pool;
/** @type {any} */
let user;
/** @type {any} */
let admin;
/** @type {Awaited<ReturnType<typeof startWorker>> | null} */
let worker = null;
let dataDir = '';
let country = 0;
let language = 0;
/** @type {string[]} */
const logs = [];

const startTheWorker = () =>
  startWorker({
    config: loadConfig({
      DATABASE_URL: t.stack.databaseUrl,
      SUPABASE_URL: t.stack.url,
      SUPABASE_SERVICE_ROLE_KEY: t.stack.serviceRoleKey,
      DATA_DIR: dataDir,
      WORKER_POLL_INTERVAL_MS: '200',
    }),
    log: (m) => logs.push(m),
    mailer: { send: async () => {} },
  });

/** Where the object is: its storage.objects row, and its public URL answering 200 (the file). */
async function storedState(/** @type {string} */ bucket, /** @type {string} */ key) {
  const { rowCount } = await pool.query('select 1 from storage.objects where bucket_id = $1 and name = $2', [bucket, key]);
  const response = await fetch(`${t.stack.url}/storage/v1/object/public/${bucket}/${key}`);
  await response.arrayBuffer();
  return { row: Boolean(rowCount), file: response.status === 200 };
}

/** Stored: both the row and the file (a removal in progress counts as stored). */
async function stored(/** @type {string} */ bucket, /** @type {string} */ key) {
  const state = await storedState(bucket, key);
  return state.row || state.file;
}

async function waitUntilGone(/** @type {string} */ bucket, /** @type {string} */ key, timeoutMs = 20_000) {
  const end = Date.now() + timeoutMs;
  while (await stored(bucket, key)) {
    if (Date.now() > end) throw new Error(`${bucket}/${key} is still stored (worker log: ${logs.join(' | ')})`);
    await sleep(100);
  }
}

/** Waits until the queue holds no storage_cleanup job (each one ran). */
async function waitForCleanupJobs(timeoutMs = 20_000) {
  const end = Date.now() + timeoutMs;
  for (;;) {
    const { rows } = await pool.query("select count(*)::int as n from graphile_worker.jobs where task_identifier = 'storage_cleanup'");
    if (rows[0].n === 0) return;
    if (Date.now() > end) throw new Error(`${rows[0].n} storage_cleanup job(s) left (worker log: ${logs.join(' | ')})`);
    await sleep(100);
  }
}

const cleanupJobs = async () =>
  (
    await pool.query(
      `select j.payload from graphile_worker._private_jobs j join graphile_worker._private_tasks k on k.id = j.task_id
        where k.identifier = 'storage_cleanup' order by j.id`,
    )
  ).rows.map((r) => r.payload);

async function newSite(/** @type {any} */ client, /** @type {Record<string, unknown>} */ extra = {}) {
  const { data, error } = await client
    .from('sites')
    .insert({ name: 'Jardin', url: `https://jardin-${Date.now()}-${Math.random().toString(36).slice(2, 6)}.fr`, country, language, ...extra })
    .select()
    .single();
  assert.equal(error, null);
  return data;
}

async function newPage(/** @type {number} */ siteId) {
  const { data, error } = await user.client.from('pages').insert({ site: siteId, name: 'Haies', url: `https://jardin.fr/${Date.now()}` }).select().single();
  assert.equal(error, null);
  return data;
}

/** Uploads a file as the user (as the images screen does) and returns its public URL. */
async function upload(/** @type {any} */ client, /** @type {string} */ bucket, /** @type {string} */ key) {
  const { error } = await client.storage.from(bucket).upload(key, new Blob([PNG_1X1], { type: 'image/png' }), { contentType: 'image/png' });
  assert.equal(error, null, `upload ${bucket}/${key}: ${error?.message}`);
  assert.deepEqual(await storedState(bucket, key), { row: true, file: true });
  return client.storage.from(bucket).getPublicUrl(key).data.publicUrl;
}

async function addImage(/** @type {number} */ pageId, /** @type {string} */ imageUrl, type = 'example') {
  const { data, error } = await user.client.from('pages_versions_images').insert({ linked_page: pageId, image_url: imageUrl, type }).select().single();
  assert.equal(error, null);
  return data;
}

before(async () => {
  dataDir = await mkdtemp(path.join(os.tmpdir(), 'citable-storage-cleanup-test-'));
  t = await startTestStack({ seed: false });
  pool = new pg.Pool({ connectionString: t.stack.databaseUrl, max: 4 });
  admin = makeClient(t.stack, t.stack.serviceRoleKey);
  const { rows } = await pool.query(
    "select l.id as language, l.linked_country as country from public.location_languages l join public.location_countries c on c.id = l.linked_country where c.country_code = 'FR' and l.language_code = 'fr'",
  );
  country = rows[0].country;
  language = rows[0].language;
  user = await signedInUser(t.stack);
});

after(async () => {
  await worker?.stop();
  await pool?.end();
  await t?.close();
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
});

describe('stored objects of deleted image rows', () => {
  it('a deleted row enqueues the removal of its object in the same transaction (none when it rolls back)', async () => {
    const site = await newSite(user.client);
    const page = await newPage(site.id);
    const url = await upload(user.client, 'page-images', `${page.id}/kept-by-rollback.png`);
    const image = await addImage(page.id, url);
    const client = await pool.connect();
    try {
      await client.query('begin');
      await client.query('delete from public.pages_versions_images where id = $1', [image.id]);
      await client.query('rollback');
    } finally {
      client.release();
    }
    assert.deepEqual(await cleanupJobs(), []);
    const { error } = await user.client.from('pages_versions_images').delete().eq('id', image.id);
    assert.equal(error, null);
    assert.deepEqual(await cleanupJobs(), [{ bucket: 'page-images', path: `${page.id}/kept-by-rollback.png`, page: page.id }]);
    // no worker yet: the object waits for it
    assert.deepEqual(await storedState('page-images', `${page.id}/kept-by-rollback.png`), { row: true, file: true });
    worker = await startTheWorker();
    await waitUntilGone('page-images', `${page.id}/kept-by-rollback.png`);
    await waitForCleanupJobs();
  });

  it("deleting a page removes its images' objects; shared and still-used objects stay", async () => {
    const site = await newSite(user.client);
    const page = await newPage(site.id);
    const other = await newPage(site.id);
    const example = await upload(user.client, 'page-images', `${page.id}/example.png`);
    const proposition = await upload(user.client, 'page-images', `${page.id}/proposition.png`);
    const sharedWithOther = await upload(user.client, 'page-images', `${page.id}/shown-elsewhere.png`);
    // the seed's kind of file: outside the page's folder, shown by many pages
    const { error: seedError } = await admin.storage.from('page-images').upload('seed/shared-test.png', new Blob([PNG_1X1], { type: 'image/png' }), { contentType: 'image/png' });
    assert.equal(seedError, null);
    await addImage(page.id, example);
    await addImage(page.id, proposition, 'proposition');
    await addImage(page.id, sharedWithOther, 'proposition');
    await addImage(other.id, sharedWithOther, 'proposition');
    await addImage(page.id, '/storage/v1/object/public/page-images/seed/shared-test.png', 'proposition');
    await addImage(page.id, 'https://cdn.example.org/photo.png', 'proposition');

    const { error } = await user.client.from('pages').delete().eq('id', page.id);
    assert.equal(error, null);
    const { rows } = await pool.query('select count(*)::int as n from public.pages_versions_images where linked_page = $1', [page.id]);
    assert.equal(rows[0].n, 0, 'the rows went by cascade');

    await waitUntilGone('page-images', `${page.id}/example.png`);
    await waitUntilGone('page-images', `${page.id}/proposition.png`);
    await waitForCleanupJobs();
    assert.deepEqual(await storedState('page-images', `${page.id}/shown-elsewhere.png`), { row: true, file: true }, 'another page still shows it');
    assert.deepEqual(await storedState('page-images', 'seed/shared-test.png'), { row: true, file: true }, 'not in the page folder');
  });

  it("deleting a site removes its pages' images and its logo; a logo somebody else uploaded stays", async () => {
    const logoUrl = await upload(user.client, 'seo1', `logos/own-${Date.now()}.png`);
    const logoKey = logoUrl.replace(/^.*\/seo1\//, '');
    const site = await newSite(user.client, { image_logo: logoUrl });
    const page = await newPage(site.id);
    const image = await upload(user.client, 'page-images', `${page.id}/cover.png`);
    await addImage(page.id, image, 'proposition');
    // a second site of the same user showing a logo uploaded by another user
    const stranger = await signedInUser(t.stack);
    const foreignUrl = await upload(stranger.client, 'seo1', `logos/foreign-${Date.now()}.png`);
    const foreignKey = foreignUrl.replace(/^.*\/seo1\//, '');
    const second = await newSite(user.client, { image_logo: foreignUrl });

    assert.equal((await user.client.from('sites').delete().eq('id', site.id)).error, null);
    await waitUntilGone('page-images', `${page.id}/cover.png`);
    await waitUntilGone('seo1', logoKey);
    assert.equal((await user.client.from('sites').delete().eq('id', second.id)).error, null);
    await waitForCleanupJobs();
    assert.deepEqual(await storedState('seo1', foreignKey), { row: true, file: true }, "the stranger's upload");
  });

  it("a replaced logo is removed; the browser's own removal after the worker's is no error", async () => {
    const first = await upload(user.client, 'seo1', `logos/first-${Date.now()}.png`);
    const second = await upload(user.client, 'seo1', `logos/second-${Date.now()}.png`);
    const site = await newSite(user.client, { image_logo: first });
    assert.equal((await user.client.from('sites').update({ image_logo: second }).eq('id', site.id)).error, null);
    const firstKey = first.replace(/^.*\/seo1\//, '');
    await waitUntilGone('seo1', firstKey);
    assert.deepEqual(await storedState('seo1', second.replace(/^.*\/seo1\//, '')), { row: true, file: true });
    // the browser's fast path (workspace removeLogo / deleteImage) runs after the worker's
    const { data, error } = await user.client.storage.from('seo1').remove([firstKey]);
    assert.equal(error, null);
    assert.deepEqual(data, []);
  });
});
