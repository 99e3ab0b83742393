// Signed URL routes: sign one or many download URLs, download by a signed URL, sign an upload URL,
// upload to a signed upload URL (storage-api's getSignedURL(s), getSignedObject, getSignedUploadURL,
// uploadSignedObject).
import { randomUUID } from 'node:crypto';
import { caller, ownerOf } from '../auth.js';
import { asCaller, findObject, getBucket, testAsCaller } from '../db.js';
import { E, keyMustBeFree } from '../errors.js';
import { sendObject } from '../files.js';
import { UPLOAD_URL_TTL, signToken, validExpiresIn, verifySignedToken } from '../tokens.js';
import { writeUpload } from '../upload.js';
import { isRecord, jsonBody, upsertHeader, validateBucketId, validateKey } from '../validate.js';

/** @typedef {import('../types.js').RequestContext} RequestContext */
/** @typedef {import('../types.js').RouteResult} RouteResult */

/** @param {RequestContext} ctx */
function target(ctx) {
  return { bucket: validateBucketId(ctx.params.bucket), key: validateKey(ctx.params.key) };
}

/**
 * POST /object/sign/:bucket/* — signs what the caller may read (RLS).
 * @param {RequestContext} ctx
 * @returns {Promise<RouteResult>}
 */
export async function signUrl(ctx) {
  const who = await caller(ctx);
  const { bucket, key } = target(ctx);
  const b = await jsonBody(ctx.req, 64 * 1024);
  const expiresIn = validExpiresIn(b.expiresIn);
  if (isRecord(b.transform) && Object.keys(b.transform).length > 0) throw E.noTransformations();
  const row = await asCaller(ctx.deps.pool, who, (db) => findObject(db, bucket, key));
  if (!row) throw E.notFound();
  const url = `${bucket}/${key}`;
  const token = await signToken(ctx.deps.signingKey, { url, scope: 'download' }, expiresIn);
  return [200, { signedURL: `/object/sign/${url}?token=${token}` }];
}

/**
 * POST /object/sign/:bucket — several paths; a path the caller cannot read gets storage-api's per-path error.
 * @param {RequestContext} ctx
 * @returns {Promise<RouteResult>}
 */
export async function signUrls(ctx) {
  const who = await caller(ctx);
  const bucket = validateBucketId(ctx.params.bucket);
  const b = await jsonBody(ctx.req);
  const expiresIn = validExpiresIn(b.expiresIn);
  const paths = b.paths;
  if (!Array.isArray(paths)) throw E.missing('body', 'paths');
  if (paths.length > 1000 || !paths.every((p) => typeof p === 'string')) throw E.badRequest('body/paths must be an array of at most 1000 strings');
  /** @type {Set<string>} */
  const found = await asCaller(ctx.deps.pool, who, async (db) =>
    new Set((await db.query('select name from storage.objects where bucket_id = $1 and name = any($2::text[])', [bucket, paths])).rows.map((r) => r.name)),
  );
  const out = [];
  for (const p of /** @type {string[]} */ (paths)) {
    if (found.has(p)) {
      const url = `${bucket}/${p}`;
      const token = await signToken(ctx.deps.signingKey, { url, scope: 'download' }, expiresIn);
      out.push({ error: null, path: p, signedURL: `/object/sign/${url}?token=${token}` });
    } else {
      out.push({ error: 'Either the object does not exist or you do not have access to it', path: p, signedURL: null });
    }
  }
  return [200, out];
}

/**
 * GET|HEAD /object/sign/:bucket/*?token= — the object, for whoever holds the token.
 * @param {RequestContext} ctx
 * @returns {Promise<RouteResult>}
 */
export async function getSignedObject(ctx) {
  const { bucket, key } = target(ctx);
  const payload = await verifySignedToken(ctx.deps.signingKey, ctx.query.get('token'), bucket, key, 'download');
  const row = await findObject(ctx.deps.pool, bucket, key);
  if (!row) throw E.notFound();
  await sendObject(ctx, bucket, key, row, { expires: new Date(payload.exp * 1000).toUTCString() });
}

/**
 * POST /object/upload/sign/:bucket/* — checks the caller may insert (RLS, rolled back), then signs.
 * @param {RequestContext} ctx
 * @returns {Promise<RouteResult>}
 */
export async function signUploadUrl(ctx) {
  const who = await caller(ctx);
  const { bucket, key } = target(ctx);
  ctx.req.resume();
  const upsert = upsertHeader(ctx.req);
  const owner = ownerOf(who);
  await getBucket(ctx.deps.pool, bucket);
  await testAsCaller(ctx.deps.pool, who, async (db) => {
    await keyMustBeFree(() =>
      db.query(
        `insert into storage.objects (bucket_id, name, owner, owner_id, metadata, version) values ($1, $2, $3::uuid, $3::text, '{}', $4)
         ${upsert ? 'on conflict (bucket_id, name) do update set owner = excluded.owner, owner_id = excluded.owner_id, version = excluded.version' : ''}`,
        [bucket, key, owner, randomUUID()],
      ),
    );
  });
  const url = `${bucket}/${key}`;
  const token = await signToken(ctx.deps.signingKey, { owner: owner ?? undefined, url, upsert, scope: 'upload', jti: randomUUID() }, UPLOAD_URL_TTL);
  return [200, { url: `/object/upload/sign/${url}?token=${token}`, token }];
}

/**
 * PUT /object/upload/sign/:bucket/*?token= — one upload per token, as the token's owner.
 * @param {RequestContext} ctx
 * @returns {Promise<RouteResult>}
 */
export async function uploadToSignedUrl(ctx) {
  const { bucket, key } = target(ctx);
  const token = ctx.query.get('token');
  const payload = await verifySignedToken(ctx.deps.signingKey, token, bucket, key, 'upload');
  const owner = typeof payload.owner === 'string' && /^[0-9a-f-]{36}$/i.test(payload.owner) ? payload.owner : null;
  const jti = typeof payload.jti === 'string' ? payload.jti : token || undefined;
  await writeUpload(ctx, { who: null, bucket, key, mode: 'create', upsert: payload.upsert === true, owner, jti, jtiExp: payload.exp });
  return [200, { Key: `${bucket}/${key}` }];
}
