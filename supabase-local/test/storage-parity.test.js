// Storage parity (issue 28): what supabase-js's storage client gets back from the local stand-in, checked
// against what Supabase Storage (storage-api) answers for the same calls — list v2 folders and cursors,
// moves and copies across buckets, object info, bucket get/empty, a request without authorization, and
// uploads whose bytes are of another allowed type than the one declared.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { createClient } from '@supabase/supabase-js';
import ws from 'ws';
import { PNG_1X1, makeClient, signedInUser, startTestStack } from './helpers.js';

// The smallest baseline JPEG (1×1) and GIF (1×1).
const JPEG_1X1 = Buffer.from(
  '/9j/4AAQSkZJRgABAQEASABIAAD/2wBDAP//////////////////////////////////////////////////////////////////////////////////////wgALCAABAAEBAREA/8QAFBABAAAAAAAAAAAAAAAAAAAAAP/aAAgBAQABPxA=',
  'base64',
);
const GIF_1X1 = Buffer.from('R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7', 'base64');

let n = 0;
const unique = (tag) => `${tag}-${process.pid}-${Date.now()}-${++n}`;

/** storage-api answers every 4xx with HTTP 400 and the real status in the body. */
function assertStorageError(error, statusCode, code, message) {
  assert.ok(error, `expected a ${statusCode} ${code} error`);
  assert.equal(error.name, 'StorageApiError');
  assert.equal(error.status, 400);
  assert.equal(error.statusCode, statusCode);
  assert.equal(error.code, code);
  if (message instanceof RegExp) assert.match(error.message, message);
  else if (message) assert.equal(error.message, message);
}

describe('storage parity with Supabase Storage through supabase-js', () => {
  let env;
  let stack;
  let service;
  let a;

  before(async () => {
    env = await startTestStack();
    stack = env.stack;
    service = makeClient(stack, stack.serviceRoleKey);
    a = await signedInUser(stack);
  });

  after(async () => {
    await env?.close();
  });

  /** A supabase-js client whose requests carry no key: supabase-js always sends it, so a fetch that drops it (and the apikey the gateway would use instead). */
  function bareClient() {
    return createClient(stack.url, stack.anonKey, {
      realtime: { transport: ws },
      auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
      global: {
        fetch: (input, init = {}) => {
          const headers = new Headers(init.headers);
          headers.delete('authorization');
          headers.delete('apikey');
          return fetch(input, { ...init, headers });
        },
      },
    });
  }

  test('list v2: folders are { id: null, name } with the full prefix; objects carry their key under the prefix; cursor pages', async () => {
    const bucket = unique('listv2');
    assert.equal((await service.storage.createBucket(bucket, { public: false })).error, null);
    const api = service.storage.from(bucket);
    for (const f of ['a.txt', 'dir/c.txt', 'dir/sub/d.txt', 'dir/sub/e.txt', 'e/f.txt', 'z.txt']) {
      assert.equal((await api.upload(f, `content of ${f}`, { contentType: 'text/plain' })).error, null);
    }

    const top = await api.listV2({ with_delimiter: true });
    assert.equal(top.error, null);
    // storage-api: folders are { id: null, name: '<prefix>/' }; objects carry key = their name under the prefix (search_v2).
    assert.deepEqual(top.data.folders, [{ id: null, name: 'dir/' }, { id: null, name: 'e/' }]);
    assert.deepEqual(top.data.objects.map((o) => [o.name, o.key]), [['a.txt', 'a.txt'], ['z.txt', 'z.txt']]);
    assert.deepEqual(Object.keys(top.data.objects[0]).sort(), ['created_at', 'id', 'key', 'last_accessed_at', 'metadata', 'name', 'updated_at']);
    assert.equal(top.data.hasNext, false);
    assert.equal('nextCursor' in top.data, false);

    const dir = await api.listV2({ prefix: 'dir/', with_delimiter: true });
    assert.deepEqual(dir.data.folders, [{ id: null, name: 'dir/sub/' }]);
    assert.deepEqual(dir.data.objects.map((o) => [o.name, o.key]), [['dir/c.txt', 'c.txt']]);

    // Without a delimiter: every object, full names, no key (storage-api selects the row's columns only).
    const flat = await api.listV2({ prefix: 'dir/' });
    assert.deepEqual(flat.data.folders, []);
    assert.deepEqual(flat.data.objects.map((o) => o.name), ['dir/c.txt', 'dir/sub/d.txt', 'dir/sub/e.txt']);
    assert.equal('key' in flat.data.objects[0], false);

    // One entry a page, folders included: the cursor names the last entry (nextCursorKey), a folder's too.
    const pages = [];
    let cursor;
    do {
      const page = await api.listV2({ limit: 1, with_delimiter: true, ...(cursor ? { cursor } : {}) });
      assert.equal(page.error, null);
      assert.equal(page.data.folders.length + page.data.objects.length, 1);
      const entry = page.data.folders[0] ?? page.data.objects[0];
      pages.push(entry.name);
      if (page.data.hasNext) assert.equal(page.data.nextCursorKey, entry.name);
      cursor = page.data.nextCursor;
      assert.equal(page.data.hasNext, Boolean(cursor));
    } while (cursor && pages.length < 10);
    assert.deepEqual(pages, ['a.txt', 'dir/', 'e/', 'z.txt']);
  });

  test('move and copy across buckets (destinationBucket): bytes, metadata, response shapes, the destination bucket rules', async () => {
    const src = unique('from');
    const dst = unique('to');
    const images = unique('imgs');
    assert.equal((await service.storage.createBucket(src, { public: false })).error, null);
    assert.equal((await service.storage.createBucket(dst, { public: true })).error, null);
    assert.equal((await service.storage.createBucket(images, { public: true, allowedMimeTypes: ['image/png'] })).error, null);
    const from = service.storage.from(src);
    const meta = { origin: 'parity' };
    assert.equal((await from.upload('one.txt', 'one', { contentType: 'text/plain', metadata: meta, cacheControl: '60' })).error, null);
    assert.equal((await from.upload('two.txt', 'two', { contentType: 'text/plain' })).error, null);

    const moved = await from.move('one.txt', 'moved/one.txt', { destinationBucket: dst });
    assert.equal(moved.error, null);
    assert.equal(moved.data.message, 'Successfully moved');
    assert.equal((await from.exists('one.txt')).data, false);
    const movedInfo = await service.storage.from(dst).info('moved/one.txt');
    assert.equal(movedInfo.error, null);
    assert.equal(movedInfo.data.bucketId, dst);
    assert.deepEqual(movedInfo.data.metadata, meta);
    assert.equal(movedInfo.data.cacheControl, 'max-age=60');
    const pub = await fetch(service.storage.from(dst).getPublicUrl('moved/one.txt').data.publicUrl);
    assert.equal(pub.status, 200);
    assert.equal(await pub.text(), 'one');

    const copied = await from.copy('two.txt', 'copies/two.txt', { destinationBucket: dst });
    assert.equal(copied.error, null);
    assert.deepEqual(copied.data, { path: `${dst}/copies/two.txt` });
    assert.equal(await (await fetch(service.storage.from(dst).getPublicUrl('copies/two.txt').data.publicUrl)).text(), 'two');
    assert.equal((await from.exists('two.txt')).data, true, 'a copy keeps its source');

    // An existing key in the destination bucket; a missing destination bucket; a type the destination refuses.
    assertStorageError((await from.copy('two.txt', 'copies/two.txt', { destinationBucket: dst })).error, '409', 'KeyAlreadyExists');
    assertStorageError((await from.move('two.txt', 'moved/one.txt', { destinationBucket: dst })).error, '409', 'KeyAlreadyExists');
    assertStorageError((await from.move('two.txt', 'x.txt', { destinationBucket: unique('missing') })).error, '404', 'NoSuchBucket');
    assertStorageError((await from.copy('two.txt', 'x.txt', { destinationBucket: images })).error, '415', 'InvalidMimeType');
    assert.equal((await from.upload('pic.png', PNG_1X1, { contentType: 'image/png' })).error, null);
    assert.equal((await from.move('pic.png', 'pic.png', { destinationBucket: images })).error, null);
    assert.equal((await service.storage.from(images).info('pic.png')).data.contentType, 'image/png');
  });

  test('object info: the fields storage-api renders, camel-cased by storage-js', async () => {
    const bucket = unique('info');
    assert.equal((await service.storage.createBucket(bucket, { public: false })).error, null);
    assert.equal((await a.client.storage.from('seo1').upload(`logos/${bucket}.png`, PNG_1X1, { contentType: 'image/png', metadata: { k: 'v' } })).error, null);
    const info = await a.client.storage.from('seo1').info(`logos/${bucket}.png`);
    assert.equal(info.error, null);
    assert.deepEqual(Object.keys(info.data).sort(), [
      'bucketId', 'cacheControl', 'contentType', 'createdAt', 'etag', 'id', 'lastModified', 'metadata', 'name', 'size', 'version',
    ]);
    assert.equal(info.data.name, `logos/${bucket}.png`);
    assert.equal(info.data.bucketId, 'seo1');
    assert.equal(info.data.size, PNG_1X1.length);
    assert.equal(info.data.contentType, 'image/png');
    assert.equal(info.data.cacheControl, 'max-age=3600');
    assert.match(info.data.etag, /^"[0-9a-f]{32}"$/);
    assert.deepEqual(info.data.metadata, { k: 'v' });
    assert.ok(!Number.isNaN(Date.parse(info.data.lastModified)) && !Number.isNaN(Date.parse(info.data.createdAt)));
    assert.match(info.data.version, /^[0-9a-f-]{36}$/);
    assert.equal((await a.client.storage.from('seo1').remove([`logos/${bucket}.png`])).error, null);
  });

  test('bucket get answers the bucket row storage-api selects; empty answers "Successfully emptied"', async () => {
    const id = unique('row');
    assert.equal((await service.storage.createBucket(id, { public: true, fileSizeLimit: 1024, allowedMimeTypes: ['text/plain'] })).error, null);
    const got = await service.storage.getBucket(id);
    assert.equal(got.error, null);
    assert.deepEqual(Object.keys(got.data).sort(), ['allowed_mime_types', 'created_at', 'file_size_limit', 'id', 'name', 'owner', 'public', 'updated_at']);
    assert.deepEqual(
      { ...got.data, created_at: typeof got.data.created_at, updated_at: typeof got.data.updated_at },
      { id, name: id, owner: '', public: true, file_size_limit: 1024, allowed_mime_types: ['text/plain'], created_at: 'string', updated_at: 'string' },
    );
    assert.ok(!Number.isNaN(Date.parse(got.data.created_at)));
    assert.equal((await service.storage.from(id).upload('t.txt', 't', { contentType: 'text/plain' })).error, null);
    const emptied = await service.storage.emptyBucket(id);
    assert.equal(emptied.error, null);
    assert.deepEqual(emptied.data, { message: 'Successfully emptied' });
    assert.deepEqual((await service.storage.from(id).list()).data, []);
  });

  test('no authorization header: storage-api\'s schema error, HTTP 400', async () => {
    const bare = bareClient();
    const { error } = await bare.storage.listBuckets();
    assertStorageError(error, '400', 'InvalidRequest', "headers must have required property 'authorization'");
    const res = await fetch(`${stack.url}/storage/v1/bucket`);
    assert.equal(res.status, 400);
    assert.deepEqual(await res.json(), {
      statusCode: '400', code: 'InvalidRequest', error: 'Error', message: "headers must have required property 'authorization'",
    });
    // Listing needs it too (storage-api's authSchema is on every authenticated route).
    const objects = await bare.storage.from('seo1').list('logos');
    assertStorageError(objects.error, '400', 'InvalidRequest');
  });

  test('info and HEAD of an object without a token: a public bucket\'s answer, a private bucket is not found', async () => {
    // storage-api's GET /object/info/:bucket/* and HEAD /object/:bucket/* take no token (allowInvalidJwt).
    const bare = bareClient();
    const pub = unique('pub');
    const priv = unique('priv');
    assert.equal((await service.storage.createBucket(pub, { public: true })).error, null);
    assert.equal((await service.storage.createBucket(priv, { public: false })).error, null);
    for (const bucket of [pub, priv]) assert.equal((await service.storage.from(bucket).upload('p.txt', 'public?', { contentType: 'text/plain' })).error, null);
    const info = await bare.storage.from(pub).info('p.txt');
    assert.equal(info.error, null);
    assert.equal(info.data.contentType, 'text/plain');
    assert.deepEqual(await bare.storage.from(pub).exists('p.txt'), { data: true, error: null });
    assertStorageError((await bare.storage.from(priv).info('p.txt')).error, '404', 'NoSuchBucket');
    const head = await fetch(`${stack.url}/storage/v1/object/${pub}/p.txt`, { method: 'HEAD' });
    assert.equal(head.status, 200);
    assert.equal(head.headers.get('content-type'), 'text/plain');
    assert.equal(head.headers.get('content-length'), String('public?'.length));
    assert.equal((await fetch(`${stack.url}/storage/v1/object/${priv}/p.txt`, { method: 'HEAD' })).status, 400);
    // An invalid token there counts as none.
    const forged = await fetch(`${stack.url}/storage/v1/object/info/${pub}/p.txt`, { headers: { authorization: 'Bearer not-a-jwt' } });
    assert.equal(forged.status, 200);
    assert.equal((await forged.json()).name, 'p.txt');
  });

  test('bytes of another allowed type than declared: accepted, stored as detected; a type the bucket refuses is still refused', async () => {
    const bucket = unique('imgs');
    assert.equal((await service.storage.createBucket(bucket, { public: true, allowedMimeTypes: ['image/png', 'image/jpeg'] })).error, null);
    const api = a.client.storage.from('seo1');
    const svc = service.storage.from(bucket);

    const up = await svc.upload('photo.png', JPEG_1X1, { contentType: 'image/png' });
    assert.equal(up.error, null);
    assert.equal((await svc.info('photo.png')).data.contentType, 'image/jpeg');
    const res = await fetch(svc.getPublicUrl('photo.png').data.publicUrl);
    assert.equal(res.status, 200);
    assert.equal(res.headers.get('content-type'), 'image/jpeg');
    assert.deepEqual(Buffer.from(await res.arrayBuffer()), JPEG_1X1);
    // Multipart (a Blob with its type) goes the same way.
    assert.equal((await svc.upload('blob.png', new Blob([JPEG_1X1], { type: 'image/png' }))).error, null);
    assert.equal((await svc.info('blob.png')).data.contentType, 'image/jpeg');

    // GIF bytes declared PNG: the bucket does not take GIFs.
    assertStorageError((await svc.upload('anim.png', GIF_1X1, { contentType: 'image/png' })).error, '415', 'InvalidMimeType', /File content \(image\/gif\)/);
    // A declared type the bucket refuses, whatever the bytes.
    assertStorageError((await svc.upload('anim.gif', GIF_1X1, { contentType: 'image/gif' })).error, '415', 'InvalidMimeType', 'mime type image/gif is not supported');
    // seo1 (images): a JPEG declared PNG by a user is stored as a JPEG too.
    const logo = `logos/${unique('jpeg')}.png`;
    assert.equal((await api.upload(logo, JPEG_1X1, { contentType: 'image/png' })).error, null);
    assert.equal((await api.info(logo)).data.contentType, 'image/jpeg');
    assert.equal((await api.remove([logo])).error, null);
  });
});
