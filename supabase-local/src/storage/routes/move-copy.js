// POST /object/move and POST /object/copy, within a bucket or to another (destinationBucket), as
// the caller (RLS decides on the source and the destination rows); the destination bucket's size
// limit and types apply, the bytes checked as an upload's are.
import { randomUUID } from 'node:crypto';
import { copyFile, mkdir, rename } from 'node:fs/promises';
import path from 'node:path';
import { caller, ownerOf } from '../auth.js';
import { checkForBucket, validContentType } from '../content.js';
import { asCaller, getBucket } from '../db.js';
import { E, keyMustBeFree } from '../errors.js';
import { filePath } from '../files.js';
import { isRecord, jsonBody, parseUserMetadata, requireString, sanitizeCacheControl, upsertHeader, validateBucketId, validateKey } from '../validate.js';

/** @typedef {import('../types.js').RequestContext} RequestContext */
/** @typedef {import('../types.js').RouteResult} RouteResult */
/** @typedef {import('../types.js').ObjectRow} ObjectRow */
/** @typedef {import('../types.js').ObjectMetadata} ObjectMetadata */

/**
 * The source and destination of a move or copy body (storage-api: bucketId, sourceKey, destinationKey, destinationBucket).
 * @param {Record<string, unknown>} b
 */
function moveCopyTarget(b) {
  const bucket = validateBucketId(encodeURIComponent(requireString(b, 'bucketId')));
  const from = validateKey(encodeURIComponent(requireString(b, 'sourceKey')));
  const to = validateKey(encodeURIComponent(requireString(b, 'destinationKey')));
  const destBucket = b.destinationBucket ? validateBucketId(encodeURIComponent(String(b.destinationBucket))) : bucket;
  return { bucket, from, to, destBucket };
}

/**
 * POST /object/move — answers { message, Id, Key } (Key: the destination key, as storage-api).
 * @param {RequestContext} ctx
 * @returns {Promise<RouteResult>}
 */
export async function moveObject(ctx) {
  const { pool, root, maxUploadBytes } = ctx.deps;
  const who = await caller(ctx);
  const { bucket, from, to, destBucket } = moveCopyTarget(await jsonBody(ctx.req, 64 * 1024));
  const destRow = await getBucket(pool, destBucket);
  const id = await asCaller(pool, who, async (db) => {
    /** @type {Pick<ObjectRow, 'id' | 'metadata'> | undefined} */
    const src = (await db.query('select id, metadata from storage.objects where bucket_id = $1 and name = $2', [bucket, from])).rows[0];
    if (!src) throw E.notFound();
    if (bucket === destBucket && from === to) return src.id;
    // Another bucket's size limit and types apply (storage-api moves without checking them).
    if (bucket !== destBucket) await checkForBucket(destRow, src.metadata || {}, filePath(root, bucket, from), maxUploadBytes);
    /** @type {{ id: string }[]} */
    const rows = (
      await keyMustBeFree(() =>
        db.query(
          `update storage.objects set bucket_id = $3, name = $4, owner = coalesce($5::uuid, owner), owner_id = coalesce($5::text, owner_id),
                  version = $6, updated_at = now()
           where bucket_id = $1 and name = $2 returning id`,
          [bucket, from, destBucket, to, ownerOf(who), randomUUID()],
        ),
      )
    ).rows;
    if (!rows[0]) throw E.notFound();
    const dest = filePath(root, destBucket, to);
    await mkdir(path.dirname(dest), { recursive: true });
    await rename(filePath(root, bucket, from), dest);
    return rows[0].id;
  });
  return [200, { message: 'Successfully moved', Id: id, Key: to }];
}

/**
 * The copy's file metadata: the source's, or (copyMetadata: false) with the body's overrides.
 * @param {ObjectMetadata} source
 * @param {boolean} copyMetadata
 * @param {unknown} overrides
 * @returns {ObjectMetadata}
 */
function copiedMetadata(source, copyMetadata, overrides) {
  const metadata = { ...source };
  if (!copyMetadata && isRecord(overrides)) {
    if (typeof overrides.cacheControl === 'string') metadata.cacheControl = sanitizeCacheControl(overrides.cacheControl);
    if (typeof overrides.mimetype === 'string') {
      if (!validContentType(overrides.mimetype)) throw E.mime(overrides.mimetype.slice(0, 100));
      metadata.mimetype = overrides.mimetype.trim();
    }
  }
  return metadata;
}

/**
 * POST /object/copy — answers { Id, Key: '<bucket>/<key>', ...the new row } as storage-api.
 * @param {RequestContext} ctx
 * @returns {Promise<RouteResult>}
 */
export async function copyObject(ctx) {
  const { pool, root, maxUploadBytes } = ctx.deps;
  const who = await caller(ctx);
  const b = await jsonBody(ctx.req, 64 * 1024);
  const { bucket, from, to, destBucket } = moveCopyTarget(b);
  const copyMetadata = b.copyMetadata ?? true;
  if (typeof copyMetadata !== 'boolean') throw E.badRequest('body/copyMetadata must be boolean');
  const upsert = upsertHeader(ctx.req);
  const dest = await getBucket(pool, destBucket);
  const row = await asCaller(pool, who, async (db) => {
    /** @type {ObjectRow | undefined} */
    const src = (await db.query('select * from storage.objects where bucket_id = $1 and name = $2', [bucket, from])).rows[0];
    if (!src) throw E.notFound();
    const metadata = copiedMetadata(src.metadata || {}, copyMetadata, b.metadata);
    metadata.mimetype = await checkForBucket(dest, metadata, filePath(root, bucket, from), maxUploadBytes);
    metadata.lastModified = new Date().toUTCString();
    const userMetadata = copyMetadata ? src.user_metadata : parseUserMetadata(ctx.req.headers['x-metadata'], true);
    /** @type {ObjectRow[]} */
    const rows = (
      await keyMustBeFree(() =>
        db.query(
          `insert into storage.objects (bucket_id, name, owner, owner_id, metadata, user_metadata, version)
           values ($1, $2, $3::uuid, $3::text, $4, $5, $6)
           ${upsert ? `on conflict (bucket_id, name) do update set metadata = excluded.metadata, user_metadata = excluded.user_metadata,
             version = excluded.version, owner = excluded.owner, owner_id = excluded.owner_id, updated_at = now()` : ''}
           returning id, name, bucket_id, owner, owner_id, version, metadata, user_metadata, created_at, updated_at, last_accessed_at`,
          [destBucket, to, ownerOf(who), metadata, userMetadata, randomUUID()],
        ),
      )
    ).rows;
    const target = filePath(root, destBucket, to);
    await mkdir(path.dirname(target), { recursive: true });
    await copyFile(filePath(root, bucket, from), target);
    return rows[0];
  });
  return [200, { Id: row.id, Key: `${destBucket}/${to}`, ...row }];
}
