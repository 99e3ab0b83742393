// Supabase Storage API parity: supabase-js's storage client (@supabase/storage-js) driven against the
// running local backend — buckets, signed URLs, signed uploads, list v2, move, copy, info, exists,
// user metadata, content types and storage-api's error bodies.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import pg from 'pg';
import { PNG_1X1, makeClient, rawRequest, signedInUser, startTestStack } from './helpers.js';

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
let n = 0;
const unique = (tag) => `${tag}-${process.pid}-${Date.now()}-${++n}`;
const jwtPayload = (token) => JSON.parse(Buffer.from(token.split('.')[1], 'base64url').toString('utf8'));

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

describe('storage API through supabase-js (local backend)', () => {
  let env;
  let stack;
  let service;
  let anon;
  let a;
  let b;
  let db;

  before(async () => {
    env = await startTestStack();
    stack = env.stack;
    service = makeClient(stack, stack.serviceRoleKey);
    anon = makeClient(stack);
    a = await signedInUser(stack);
    b = await signedInUser(stack);
    db = new pg.Pool({ connectionString: stack.databaseUrl, max: 2 });
  });

  after(async () => {
    await db?.end();
    await env?.close();
  });

  test('buckets as the service role: create, get, list, update, empty, delete (only when empty)', async () => {
    const id = unique('docs');
    const created = await service.storage.createBucket(id, { public: false, fileSizeLimit: '1MB', allowedMimeTypes: ['text/plain', 'image/png'] });
    assert.equal(created.error, null);
    assert.deepEqual(created.data, { name: id });

    const got = await service.storage.getBucket(id);
    assert.equal(got.error, null);
    assert.equal(got.data.id, id);
    assert.equal(got.data.name, id);
    assert.equal(got.data.public, false);
    assert.equal(got.data.file_size_limit, 1000000);
    assert.deepEqual(got.data.allowed_mime_types, ['text/plain', 'image/png']);

    const listed = await service.storage.listBuckets();
    assert.equal(listed.error, null);
    assert.ok(listed.data.some((x) => x.id === id && x.type === 'STANDARD'));
    assert.ok(listed.data.some((x) => x.id === 'seo1' && x.public === true));
    const searched = await service.storage.listBuckets({ search: id, limit: 5, sortColumn: 'created_at', sortOrder: 'desc' });
    assert.deepEqual(searched.data.map((x) => x.id), [id]);
    const paged = await service.storage.listBuckets({ limit: 1, offset: 0, sortColumn: 'id', sortOrder: 'asc' });
    assert.equal(paged.data.length, 1);

    // Duplicates, bad names, bad limits and MIME types answer storage-api's errors.
    assertStorageError((await service.storage.createBucket(id)).error, '409', 'ResourceAlreadyExists', 'The resource already exists');
    assert.equal((await service.storage.createBucket(id)).error.statusCode, '409');
    for (const bad of ['', ' padded ', 'a/b', '..', 'é', 'x'.repeat(101)]) {
      assertStorageError((await service.storage.createBucket(bad)).error, '400', 'InvalidBucketName', 'Bucket name invalid');
    }
    assertStorageError((await service.storage.createBucket(unique('x'), { public: true, fileSizeLimit: '12XB' })).error, '400', 'InvalidRequest', /Invalid file size format/);
    assertStorageError((await service.storage.createBucket(unique('x'), { public: true, fileSizeLimit: '60GB' })).error, '413', 'EntityTooLarge');
    assertStorageError((await service.storage.createBucket(unique('x'), { public: true, allowedMimeTypes: ['not a type'] })).error, '415', 'InvalidMimeType', 'mime type not a type is not supported');

    // Update: public, file size limit, allowed MIME types (null clears).
    const updated = await service.storage.updateBucket(id, { public: true, fileSizeLimit: 2048, allowedMimeTypes: null });
    assert.equal(updated.error, null);
    assert.deepEqual(updated.data, { message: 'Successfully updated' });
    const after1 = (await service.storage.getBucket(id)).data;
    assert.equal(after1.public, true);
    assert.equal(after1.file_size_limit, 2048);
    assert.equal(after1.allowed_mime_types, null);
    assertStorageError((await service.storage.updateBucket(unique('missing'), { public: true })).error, '404', 'NoSuchBucket', 'Bucket not found');
    assertStorageError((await service.storage.getBucket(unique('missing'))).error, '404', 'NoSuchBucket', 'Bucket not found');

    // The new limit applies to uploads: 2 KB.
    const big = await service.storage.from(id).upload('big.bin', Buffer.alloc(4096, 1), { contentType: 'application/octet-stream' });
    assertStorageError(big.error, '413', 'EntityTooLarge', 'The object exceeded the maximum allowed size');

    // Delete refuses a bucket with objects; empty removes them; then delete works.
    assert.equal((await service.storage.from(id).upload('x/one.txt', 'one', { contentType: 'text/plain' })).error, null);
    assert.equal((await service.storage.from(id).upload('two.txt', 'two', { contentType: 'text/plain' })).error, null);
    assertStorageError((await service.storage.deleteBucket(id)).error, '409', 'ResourceNotEmpty', 'The bucket you tried to delete is not empty');
    const emptied = await service.storage.emptyBucket(id);
    assert.equal(emptied.error, null);
    assert.equal(typeof emptied.data.message, 'string');
    assert.deepEqual((await service.storage.from(id).list()).data, []);
    assert.equal((await fetch(service.storage.from(id).getPublicUrl('two.txt').data.publicUrl)).status, 400);
    const deleted = await service.storage.deleteBucket(id);
    assert.equal(deleted.error, null);
    assert.deepEqual(deleted.data, { message: 'Successfully deleted' });
    assertStorageError((await service.storage.getBucket(id)).error, '404', 'NoSuchBucket');
    assertStorageError((await service.storage.deleteBucket(id)).error, '404', 'NoSuchBucket');
    assertStorageError((await service.storage.emptyBucket(id)).error, '404', 'NoSuchBucket');
  });

  test('buckets as users: RLS on storage.buckets decides', async () => {
    // Without a policy (this project's schema), users and anon cannot create or see buckets.
    assertStorageError((await a.client.storage.createBucket(unique('u'))).error, '403', 'AccessDenied', 'new row violates row-level security policy');
    assertStorageError((await anon.storage.createBucket(unique('u'))).error, '403', 'AccessDenied');
    assert.deepEqual((await a.client.storage.listBuckets()).data, []);
    assertStorageError((await a.client.storage.getBucket('seo1')).error, '404', 'NoSuchBucket');
    assertStorageError((await a.client.storage.updateBucket('seo1', { public: false })).error, '404', 'NoSuchBucket');
    const theirs = unique('svc');
    assert.equal((await service.storage.createBucket(theirs, { public: true })).error, null);
    assertStorageError((await a.client.storage.deleteBucket(theirs)).error, '404', 'NoSuchBucket');
    assertStorageError((await a.client.storage.emptyBucket(theirs)).error, '404', 'NoSuchBucket');
    assert.equal((await service.storage.getBucket(theirs)).error, null, 'still there');
    assert.equal((await service.storage.getBucket('seo1')).data.public, true, 'seo1 untouched');

    // With policies letting users manage buckets they own, each user sees and changes only theirs.
    const prefix = unique('own');
    await db.query(`
      create policy "test: users create their buckets" on storage.buckets for insert to authenticated
        with check (owner = (select auth.uid()) and name like '${prefix}-%');
      create policy "test: users read their buckets" on storage.buckets for select to authenticated using (owner = (select auth.uid()));
      create policy "test: users update their buckets" on storage.buckets for update to authenticated using (owner = (select auth.uid()));
      create policy "test: users delete their buckets" on storage.buckets for delete to authenticated using (owner = (select auth.uid()));
      create policy "test: users write in their buckets" on storage.objects for all to authenticated
        using (bucket_id like '${prefix}-%' and owner = (select auth.uid()))
        with check (bucket_id like '${prefix}-%' and owner = (select auth.uid()));`);
    try {
      const mine = `${prefix}-a`;
      assert.equal((await a.client.storage.createBucket(mine, { public: false, allowedMimeTypes: ['text/*'] })).error, null);
      assertStorageError((await a.client.storage.createBucket('elsewhere-' + prefix)).error, '403', 'AccessDenied');
      const got = await a.client.storage.getBucket(mine);
      assert.equal(got.data.owner, a.user.id);
      assert.deepEqual((await a.client.storage.listBuckets()).data.map((x) => x.id), [mine]);
      assert.equal((await a.client.storage.updateBucket(mine, { public: false, fileSizeLimit: 100 })).error, null);
      assert.equal((await service.storage.getBucket(mine)).data.file_size_limit, 100);

      // B sees nothing of A's bucket and cannot change or delete it.
      assertStorageError((await b.client.storage.getBucket(mine)).error, '404', 'NoSuchBucket');
      assert.deepEqual((await b.client.storage.listBuckets()).data, []);
      assertStorageError((await b.client.storage.updateBucket(mine, { public: true })).error, '404', 'NoSuchBucket');
      assertStorageError((await b.client.storage.deleteBucket(mine)).error, '404', 'NoSuchBucket');
      assertStorageError((await b.client.storage.emptyBucket(mine)).error, '404', 'NoSuchBucket');

      // A fills, empties and deletes it.
      assert.equal((await a.client.storage.from(mine).upload('n.txt', 'note', { contentType: 'text/plain' })).error, null);
      assertStorageError((await a.client.storage.deleteBucket(mine)).error, '409', 'ResourceNotEmpty');
      assert.equal((await a.client.storage.emptyBucket(mine)).error, null);
      assert.equal((await a.client.storage.deleteBucket(mine)).error, null);
      assertStorageError((await service.storage.getBucket(mine)).error, '404', 'NoSuchBucket');
    } finally {
      await db.query(`
        drop policy "test: users create their buckets" on storage.buckets;
        drop policy "test: users read their buckets" on storage.buckets;
        drop policy "test: users update their buckets" on storage.buckets;
        drop policy "test: users delete their buckets" on storage.buckets;
        drop policy "test: users write in their buckets" on storage.objects;`);
    }
  });

  test('signed URLs: createSignedUrl(s) with expiry and download names; expired, malformed and foreign tokens', async () => {
    const bucket = unique('private');
    assert.equal((await service.storage.createBucket(bucket, { public: false })).error, null);
    const file = 'reports/2026 q1.txt';
    const text = 'Bonjour, élan ✓\n';
    const up = await service.storage.from(bucket).upload(file, text, { contentType: 'text/plain;charset=UTF-8' });
    assert.equal(up.error, null);

    const { data, error } = await service.storage.from(bucket).createSignedUrl(file, 60);
    assert.equal(error, null);
    const url = new URL(data.signedUrl);
    assert.equal(url.pathname, `/storage/v1/object/sign/${bucket}/reports/2026%20q1.txt`);
    const token = url.searchParams.get('token');
    const claims = jwtPayload(token);
    assert.equal(claims.url, `${bucket}/${file}`);
    assert.equal(claims.scope, 'download');
    assert.equal(claims.exp - claims.iat, 60);
    const res = await fetch(data.signedUrl);
    assert.equal(res.status, 200);
    assert.equal(res.headers.get('content-type'), 'text/plain;charset=UTF-8');
    assert.equal(res.headers.get('content-disposition'), null);
    assert.equal(await res.text(), text);

    // download: true uses the object's name, a string names the file.
    const dl = await service.storage.from(bucket).createSignedUrl(file, 60, { download: true });
    assert.match((await fetch(dl.data.signedUrl)).headers.get('content-disposition'), /^attachment; filename\*=UTF-8''2026%20q1\.txt$/);
    const named = await service.storage.from(bucket).createSignedUrl(file, 60, { download: 'rapport.txt' });
    assert.match((await fetch(named.data.signedUrl)).headers.get('content-disposition'), /^attachment; filename\*=UTF-8''rapport\.txt$/);

    // Several at once; a missing path gets storage-api's per-path error.
    const many = await service.storage.from(bucket).createSignedUrls([file, 'nope.txt'], 60, { download: 'x.txt' });
    assert.equal(many.error, null);
    assert.equal(many.data.length, 2);
    assert.equal(many.data[0].error, null);
    assert.equal(many.data[0].path, file);
    assert.match(many.data[0].signedURL, new RegExp(`^/object/sign/${bucket}/reports/2026 q1\\.txt\\?token=`));
    const first = await fetch(many.data[0].signedUrl);
    assert.equal(first.status, 200);
    assert.match(first.headers.get('content-disposition'), /filename\*=UTF-8''x\.txt/);
    assert.deepEqual(
      { ...many.data[1] },
      { error: 'Either the object does not exist or you do not have access to it', path: 'nope.txt', signedURL: null, signedUrl: null },
    );

    // Users sign only what RLS lets them read: B cannot sign an object of a private bucket.
    assertStorageError((await b.client.storage.from(bucket).createSignedUrl(file, 60)).error, '404', 'NoSuchKey', 'Object not found');
    assert.equal((await b.client.storage.from(bucket).createSignedUrls([file], 60)).data[0].signedURL, null);
    assertStorageError((await service.storage.from(bucket).createSignedUrl('missing.txt', 60)).error, '404', 'NoSuchKey');
    for (const bad of [0, -5, 'soon']) {
      assertStorageError((await service.storage.from(bucket).createSignedUrl(file, bad)).error, '400', 'InvalidParameter', 'Invalid Parameter expiresIn');
    }

    // Bad tokens answer as storage-api does (HTTP 400, JSON body).
    const base = `${stack.url}/storage/v1/object/sign/${bucket}/reports/2026%20q1.txt`;
    const bad = async (query) => {
      const r = await fetch(`${base}${query}`);
      assert.equal(r.status, 400);
      return r.json();
    };
    assert.deepEqual(await bad('?token=not-a-jwt'), { statusCode: '400', code: 'InvalidJWT', error: 'InvalidJWT', message: 'Invalid Compact JWS' });
    assert.equal((await bad(`?token=${token.slice(0, -4)}AAAA`)).message, 'signature verification failed');
    assert.equal((await bad('')).message, "querystring must have required property 'token'");
    const other = await service.storage.from(bucket).upload('other.txt', 'other', { contentType: 'text/plain' });
    assert.equal(other.error, null);
    const r = await fetch(`${stack.url}/storage/v1/object/sign/${bucket}/other.txt?token=${token}`);
    assert.deepEqual(await r.json(), { statusCode: '400', code: 'InvalidSignature', error: 'InvalidSignature', message: 'Invalid signature' });
    // A user's access token is not a signed URL token.
    assert.equal((await bad(`?token=${a.session.access_token}`)).message, 'Invalid signature');

    // Expired.
    const short = await service.storage.from(bucket).createSignedUrl(file, 1);
    await sleep(2100);
    const expired = await fetch(short.data.signedUrl);
    assert.equal(expired.status, 400);
    assert.deepEqual(await expired.json(), { statusCode: '400', code: 'InvalidJWT', error: 'InvalidJWT', message: '"exp" claim timestamp check failed' });
  });

  test('signed upload URLs: one upload per token, RLS checked when signing, bucket rules when uploading', async () => {
    const bucket = unique('uploads');
    assert.equal((await service.storage.createBucket(bucket, { public: false, allowedMimeTypes: ['text/plain'] })).error, null);

    const signed = await service.storage.from(bucket).createSignedUploadUrl('in/a.txt');
    assert.equal(signed.error, null);
    assert.equal(signed.data.path, 'in/a.txt');
    const u = new URL(signed.data.signedUrl);
    assert.equal(u.pathname, `/storage/v1/object/upload/sign/${bucket}/in/a.txt`);
    assert.equal(u.searchParams.get('token'), signed.data.token);
    const claims = jwtPayload(signed.data.token);
    assert.equal(claims.url, `${bucket}/in/a.txt`);
    assert.equal(claims.scope, 'upload');
    assert.equal(claims.upsert, false);
    assert.equal(claims.exp - claims.iat, 7200);

    const put = await anon.storage.from(bucket).uploadToSignedUrl('in/a.txt', signed.data.token, Buffer.from('first'), { contentType: 'text/plain' });
    assert.equal(put.error, null);
    assert.deepEqual(put.data, { path: 'in/a.txt', fullPath: `${bucket}/in/a.txt` });
    assert.equal(await (await service.storage.from(bucket).download('in/a.txt')).data.text(), 'first');
    // The same token again: refused (the object exists and the token did not allow upsert).
    const again = await anon.storage.from(bucket).uploadToSignedUrl('in/a.txt', signed.data.token, Buffer.from('second'), { contentType: 'text/plain' });
    assertStorageError(again.error, '409', 'KeyAlreadyExists', 'The resource already exists');
    // Signing over an existing object without upsert is refused at once.
    assertStorageError((await service.storage.from(bucket).createSignedUploadUrl('in/a.txt')).error, '409', 'KeyAlreadyExists');

    // An upsert token replaces the object once; a second use is refused even so.
    const ups = await service.storage.from(bucket).createSignedUploadUrl('in/a.txt', { upsert: true });
    assert.equal(ups.error, null);
    assert.equal(jwtPayload(ups.data.token).upsert, true);
    assert.equal((await anon.storage.from(bucket).uploadToSignedUrl('in/a.txt', ups.data.token, Buffer.from('replaced'), { contentType: 'text/plain', upsert: true })).error, null);
    assert.equal(await (await service.storage.from(bucket).download('in/a.txt')).data.text(), 'replaced');
    const reused = await anon.storage.from(bucket).uploadToSignedUrl('in/a.txt', ups.data.token, Buffer.from('third'), { contentType: 'text/plain', upsert: true });
    assertStorageError(reused.error, '400', 'InvalidSignature', 'The signed upload URL has already been used');
    assert.equal(await (await service.storage.from(bucket).download('in/a.txt')).data.text(), 'replaced');

    // A failed upload does not use the token up: a refused type, then the right one.
    const t2 = await service.storage.from(bucket).createSignedUploadUrl('in/b.txt');
    const refused = await anon.storage.from(bucket).uploadToSignedUrl('in/b.txt', t2.data.token, Buffer.from('{}'), { contentType: 'application/json' });
    assertStorageError(refused.error, '415', 'InvalidMimeType', 'mime type application/json is not supported');
    assert.equal((await anon.storage.from(bucket).uploadToSignedUrl('in/b.txt', t2.data.token, Buffer.from('ok'), { contentType: 'text/plain' })).error, null);

    // Tokens bound to their path and scope; malformed and download tokens refused.
    const t3 = await service.storage.from(bucket).createSignedUploadUrl('in/c.txt');
    assertStorageError((await anon.storage.from(bucket).uploadToSignedUrl('in/elsewhere.txt', t3.data.token, Buffer.from('x'), { contentType: 'text/plain' })).error, '400', 'InvalidSignature', 'Invalid signature');
    assertStorageError((await anon.storage.from(bucket).uploadToSignedUrl('in/c.txt', 'garbage', Buffer.from('x'), { contentType: 'text/plain' })).error, '400', 'InvalidJWT', 'Invalid Compact JWS');
    const dlToken = new URL((await service.storage.from(bucket).createSignedUrl('in/b.txt', 60)).data.signedUrl).searchParams.get('token');
    const dlAsUpload = await rawRequest(stack.url, 'PUT', `/storage/v1/object/upload/sign/${bucket}/in/b.txt?token=${dlToken}`, { apikey: stack.anonKey, 'content-type': 'text/plain' }, 'x');
    assert.deepEqual(dlAsUpload.body, { statusCode: '400', code: 'InvalidSignature', error: 'InvalidSignature', message: 'Token is not scoped for upload' });
    const upAsDownload = await fetch(`${stack.url}/storage/v1/object/sign/${bucket}/in/c.txt?token=${t3.data.token}`);
    assert.equal((await upAsDownload.json()).message, 'Token is not scoped for download');

    // Users: RLS decides when signing; the upload is owned by the signer. seo1 takes images under logos/ only.
    const logo = `logos/${unique('signed')}.png`;
    const mine = await a.client.storage.from('seo1').createSignedUploadUrl(logo);
    assert.equal(mine.error, null);
    assert.equal(jwtPayload(mine.data.token).owner, a.user.id);
    assertStorageError((await a.client.storage.from('seo1').createSignedUploadUrl('elsewhere/x.png')).error, '403', 'AccessDenied', 'new row violates row-level security policy');
    assertStorageError((await anon.storage.from('seo1').createSignedUploadUrl('logos/anon.png')).error, '403', 'AccessDenied');
    const notImage = await anon.storage.from('seo1').uploadToSignedUrl(logo, mine.data.token, Buffer.from('hello'), { contentType: 'image/png' });
    assertStorageError(notImage.error, '415', 'InvalidMimeType', /File content \(unrecognised\) does not match/);
    assert.equal((await anon.storage.from('seo1').uploadToSignedUrl(logo, mine.data.token, new Blob([PNG_1X1], { type: 'image/png' }))).error, null);
    const { rows } = await db.query('select owner from storage.objects where bucket_id = $1 and name = $2', ['seo1', logo]);
    assert.equal(rows[0].owner, a.user.id);
    assert.equal((await a.client.storage.from('seo1').remove([logo])).data.length, 1, 'the signer owns the upload');
  });

  test('list v2 (folders, cursor pages), info, exists, user metadata, move, copy', async () => {
    const bucket = unique('files');
    assert.equal((await service.storage.createBucket(bucket, { public: false })).error, null);
    const files = ['a.txt', 'b.txt', 'dir/c.txt', 'dir/sub/d.txt', 'e/f.txt'];
    for (const f of files) assert.equal((await service.storage.from(bucket).upload(f, `content of ${f}`, { contentType: 'text/plain' })).error, null);
    const api = service.storage.from(bucket);

    const top = await api.listV2({ with_delimiter: true });
    assert.equal(top.error, null);
    assert.equal(top.data.hasNext, false);
    assert.deepEqual(top.data.folders.map((f) => f.name), ['dir/', 'e/']);
    assert.deepEqual(top.data.objects.map((o) => o.name), ['a.txt', 'b.txt']);
    assert.equal(top.data.objects[0].metadata.mimetype, 'text/plain');
    assert.equal(typeof top.data.objects[0].id, 'string');
    const dir = await api.listV2({ prefix: 'dir/', with_delimiter: true });
    // storage-api: a folder is { id: null, name: '<full prefix>' }; an object's key is its name under the prefix.
    assert.deepEqual(dir.data.folders, [{ id: null, name: 'dir/sub/' }]);
    assert.deepEqual(dir.data.objects.map((o) => [o.name, o.key]), [['dir/c.txt', 'c.txt']]);

    // Pages of two without delimiter: every key once, in order.
    const seen = [];
    let cursor;
    let pages = 0;
    do {
      const page = await api.listV2({ limit: 2, ...(cursor ? { cursor } : {}) });
      assert.equal(page.error, null);
      seen.push(...page.data.objects.map((o) => o.name));
      cursor = page.data.nextCursor;
      assert.equal(page.data.hasNext, Boolean(cursor));
      pages += 1;
    } while (cursor && pages < 10);
    assert.deepEqual(seen, files);
    assert.equal(pages, 3);
    // One entry a page with folders, newest first by name.
    const names = [];
    cursor = undefined;
    do {
      const page = await api.listV2({ limit: 1, with_delimiter: true, sortBy: { column: 'name', order: 'desc' }, ...(cursor ? { cursor } : {}) });
      names.push(...page.data.folders.map((f) => f.name), ...page.data.objects.map((o) => o.name));
      cursor = page.data.nextCursor;
    } while (cursor && names.length < 10);
    assert.deepEqual(names, ['e/', 'dir/', 'b.txt', 'a.txt']);
    // By creation date, two a page.
    const byDate = [];
    cursor = undefined;
    do {
      const page = await api.listV2({ limit: 2, sortBy: { column: 'created_at', order: 'asc' }, ...(cursor ? { cursor } : {}) });
      byDate.push(...page.data.objects.map((o) => o.name));
      cursor = page.data.nextCursor;
    } while (cursor && byDate.length < 10);
    assert.deepEqual(byDate, files);
    assertStorageError((await api.listV2({ cursor: Buffer.from('zz').toString('base64') })).error, '400', 'InvalidParameter', 'Invalid Parameter continuation token');
    assert.deepEqual((await b.client.storage.from(bucket).listV2()).data.objects, [], 'RLS: B lists nothing of a private bucket');

    // User metadata with an upload (raw body: x-metadata; multipart: the metadata field), returned by info.
    const meta = { origin: 'scanner', pages: 3, tags: ['a', 'b'] };
    assert.equal((await api.upload('meta.txt', 'Grüße', { contentType: 'text/plain; charset=utf-8', metadata: meta, cacheControl: '120' })).error, null);
    const info = await api.info('meta.txt');
    assert.equal(info.error, null);
    assert.equal(info.data.name, 'meta.txt');
    assert.equal(info.data.bucketId, bucket);
    assert.deepEqual(info.data.metadata, meta);
    assert.equal(info.data.contentType, 'text/plain; charset=utf-8');
    assert.equal(info.data.size, Buffer.byteLength('Grüße'));
    assert.equal(info.data.cacheControl, 'max-age=120');
    assert.match(info.data.etag, /^"[0-9a-f]{32}"$/);
    assert.ok(info.data.lastModified && info.data.createdAt && info.data.version && info.data.id);
    assert.equal(await (await api.download('meta.txt')).data.text(), 'Grüße');
    assert.equal((await api.upload('form.txt', new Blob(['form'], { type: 'text/plain' }), { metadata: { via: 'form' } })).error, null);
    assert.deepEqual((await api.info('form.txt')).data.metadata, { via: 'form' });
    assert.equal((await api.info('a.txt')).data.metadata, null);
    assertStorageError((await api.upload('bad-meta.txt', 'x', { contentType: 'text/plain', headers: { 'x-metadata': 'not base64 json' } })).error, '400', 'InvalidRequest', 'metadata must be a JSON object');
    assertStorageError((await api.info('nope.txt')).error, '404', 'NoSuchKey', 'Object not found');
    assertStorageError((await b.client.storage.from(bucket).info('meta.txt')).error, '404', 'NoSuchKey');

    // exists: true, false, and a thrown error for anything but a missing object.
    assert.deepEqual(await api.exists('meta.txt'), { data: true, error: null });
    const missing = await api.exists('nope.txt');
    assert.equal(missing.data, false);
    assert.equal(missing.error.code, 'NoSuchKey');
    assert.equal((await b.client.storage.from(bucket).exists('meta.txt')).data, false);

    // Move: the object, its bytes and its metadata go to the new key.
    const moved = await api.move('meta.txt', 'archive/meta.txt');
    assert.equal(moved.error, null);
    assert.equal(moved.data.message, 'Successfully moved');
    assert.equal((await api.exists('meta.txt')).data, false);
    assert.deepEqual((await api.info('archive/meta.txt')).data.metadata, meta);
    assert.equal(await (await api.download('archive/meta.txt')).data.text(), 'Grüße');
    assertStorageError((await api.move('a.txt', 'b.txt')).error, '409', 'KeyAlreadyExists');
    assertStorageError((await api.move('nope.txt', 'x.txt')).error, '404', 'NoSuchKey');
    assertStorageError((await api.move('a.txt', '../x.txt')).error, '400', 'InvalidKey');
    const other = unique('other');
    assert.equal((await service.storage.createBucket(other, { public: true })).error, null);
    assert.equal((await api.move('e/f.txt', 'f.txt', { destinationBucket: other })).error, null);
    assert.equal(await (await fetch(service.storage.from(other).getPublicUrl('f.txt').data.publicUrl)).text(), 'content of e/f.txt');

    // Copy: bytes, type and user metadata (or new metadata with copyMetadata: false).
    const copied = await api.copy('archive/meta.txt', 'copies/meta.txt');
    assert.equal(copied.error, null);
    assert.deepEqual(copied.data, { path: `${bucket}/copies/meta.txt` });
    assert.deepEqual((await api.info('copies/meta.txt')).data.metadata, meta);
    assert.equal((await api.info('copies/meta.txt')).data.contentType, 'text/plain; charset=utf-8');
    assert.equal(await (await api.download('archive/meta.txt')).data.text(), 'Grüße', 'the source stays');
    const fresh = await api.copy('archive/meta.txt', 'copies/fresh.md', { destinationBucket: other, copyMetadata: false, metadata: { mimetype: 'text/markdown; charset=utf-8', cacheControl: 'max-age=60' } });
    assert.equal(fresh.error, null);
    const freshRes = await fetch(service.storage.from(other).getPublicUrl('copies/fresh.md').data.publicUrl);
    assert.equal(await freshRes.text(), 'Grüße');
    assert.equal(freshRes.headers.get('content-type'), 'text/markdown; charset=utf-8');
    assert.equal(freshRes.headers.get('cache-control'), 'max-age=60');
    assert.equal((await service.storage.from(other).info('copies/fresh.md')).data.metadata, null, 'user metadata is not copied with copyMetadata: false');
    assertStorageError((await api.copy('a.txt', 'copies/bad.txt', { copyMetadata: false, metadata: { mimetype: 'text/plain\r\nx-evil: 1' } })).error, '415', 'InvalidMimeType');
    assertStorageError((await api.copy('a.txt', 'copies/meta.txt')).error, '409', 'KeyAlreadyExists');
    assertStorageError((await api.copy('nope.txt', 'x.txt')).error, '404', 'NoSuchKey');
    // Copying or moving into a bucket that refuses the type answers 415; its bytes are checked as an upload's are.
    assertStorageError((await api.copy('a.txt', 'logos/a.txt', { destinationBucket: 'seo1' })).error, '415', 'InvalidMimeType');
    assert.equal((await api.upload('fake.png', 'not an image', { contentType: 'image/png' })).error, null, 'no type rule in this bucket');
    assertStorageError((await api.copy('fake.png', 'logos/fake.png', { destinationBucket: 'seo1' })).error, '415', 'InvalidMimeType', /File content/);
    assertStorageError((await api.move('fake.png', 'logos/fake.png', { destinationBucket: 'seo1' })).error, '415', 'InvalidMimeType', /File content/);
    assert.equal((await api.exists('fake.png')).data, true, 'a refused move leaves the object');
    assert.equal((await api.upload('real.png', PNG_1X1, { contentType: 'image/png' })).error, null);
    const realKey = `logos/${unique('real')}.png`;
    assert.equal((await api.copy('real.png', realKey, { destinationBucket: 'seo1' })).error, null);
    assert.equal((await service.storage.from('seo1').remove([realKey])).data.length, 1);

    // RLS: B sees none of A's logos through the API (issue 27 #15: objects are read by their public URL,
    // listed and reached by API only by their owner), so B can neither move nor copy them; A can.
    const logo = `logos/${unique('mv')}.png`;
    assert.equal((await a.client.storage.from('seo1').upload(logo, PNG_1X1, { contentType: 'image/png' })).error, null);
    assertStorageError((await b.client.storage.from('seo1').move(logo, `logos/${unique('stolen')}.png`)).error, '404', 'NoSuchKey');
    assertStorageError((await b.client.storage.from('seo1').copy(logo, `logos/${unique('copy')}.png`)).error, '404', 'NoSuchKey');
    const aMoved = `logos/${unique('moved')}.png`;
    assert.equal((await a.client.storage.from('seo1').move(logo, aMoved)).error, null);
    const aCopy = `logos/${unique('copy')}.png`;
    assert.equal((await a.client.storage.from('seo1').copy(aMoved, aCopy)).error, null, 'A copies its own logo');
    assertStorageError((await a.client.storage.from('seo1').copy(aMoved, 'elsewhere/x.png')).error, '403', 'AccessDenied');
    assert.equal((await a.client.storage.from('seo1').remove([aCopy, aMoved])).data.length, 2);
  });

  test('response details: content type parameters, 415, storage-api error bodies', async () => {
    const bucket = unique('types');
    assert.equal((await service.storage.createBucket(bucket, { public: true })).error, null);
    // storage-js's default content type for strings keeps its charset.
    assert.equal((await service.storage.from(bucket).upload('default.txt', 'plain')).error, null);
    const res = await fetch(service.storage.from(bucket).getPublicUrl('default.txt').data.publicUrl);
    assert.equal(res.headers.get('content-type'), 'text/plain;charset=UTF-8');
    assert.equal(res.headers.get('x-content-type-options'), 'nosniff');
    assert.equal((await service.storage.from(bucket).upload('page.html', '<p>x</p>', { contentType: 'text/html; charset=iso-8859-1' })).error, null);
    const html = await fetch(service.storage.from(bucket).getPublicUrl('page.html').data.publicUrl);
    assert.equal(html.headers.get('content-type'), 'text/html; charset=iso-8859-1');
    assert.match(html.headers.get('content-security-policy'), /sandbox/);

    // 415 for a type the bucket refuses, and (stricter than Supabase) for bytes that are not what they claim.
    assertStorageError((await a.client.storage.from('seo1').upload('logos/t.txt', Buffer.from('hello'), { contentType: 'text/plain' })).error, '415', 'InvalidMimeType', 'mime type text/plain is not supported');
    assertStorageError((await a.client.storage.from('seo1').upload('logos/fake.png', Buffer.from('hello'), { contentType: 'image/png' })).error, '415', 'InvalidMimeType', /File content/);
    const png = await a.client.storage.from('seo1').upload(`logos/${unique('ok')}.png`, PNG_1X1, { contentType: 'image/png; charset=binary' });
    assert.equal(png.error, null, 'parameters do not stop an allowed type');

    // Error bodies: { statusCode, code, error, message } with HTTP 400 for client errors.
    const missing = await rawRequest(stack.url, 'GET', `/storage/v1/object/${bucket}/nope.txt`, { authorization: `Bearer ${stack.serviceRoleKey}` });
    assert.equal(missing.status, 400);
    assert.deepEqual(missing.body, { statusCode: '404', code: 'NoSuchKey', error: 'not_found', message: 'Object not found' });
    const noBucket = await rawRequest(stack.url, 'POST', '/storage/v1/object/list/no-such-bucket', { authorization: `Bearer ${stack.serviceRoleKey}`, 'content-type': 'application/json' }, '{}');
    assert.deepEqual(noBucket.body, { statusCode: '404', code: 'NoSuchBucket', error: 'Bucket not found', message: 'Bucket not found' });
    const dup = await service.storage.from(bucket).upload('default.txt', 'again');
    assertStorageError(dup.error, '409', 'KeyAlreadyExists', 'The resource already exists');
    const anonUp = await anon.storage.from('seo1').upload('logos/anon.png', PNG_1X1, { contentType: 'image/png' });
    assertStorageError(anonUp.error, '403', 'AccessDenied', 'new row violates row-level security policy');
    // Not offered: image transformations (an unknown route: HTTP 404) and signed transformed URLs.
    const render = await fetch(service.storage.from(bucket).getPublicUrl('default.txt', { transform: { width: 10 } }).data.publicUrl);
    assert.equal(render.status, 404);
    assert.match((await render.json()).message, /^Route GET:\/render\/image\/public\/.+ not found$/);
    assertStorageError((await service.storage.from(bucket).createSignedUrl('default.txt', 60, { transform: { width: 10 } })).error, '400', 'InvalidRequest', /not available on the local backend/);
    const noAuth = await rawRequest(stack.url, 'GET', '/storage/v1/bucket', {});
    assert.equal(noAuth.status, 400);
    assert.equal(noAuth.body.code, 'InvalidRequest');
    assert.equal(noAuth.body.message, "headers must have required property 'authorization'");
  });
});
