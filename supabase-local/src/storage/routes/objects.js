// Object routes (storage-api's src/http/routes/object): upload, update, download (authenticated,
// public), remove, info and HEAD (exists).
import { unlink } from 'node:fs/promises';
import { sendJson } from '../../http-util.js';
import { caller, optionalCaller, ownerOf } from '../auth.js';
import { asCaller, findObject, getBucket } from '../db.js';
import { E } from '../errors.js';
import { filePath, sendObject } from '../files.js';
import { writeUpload } from '../upload.js';
import { upsertHeader, validateBucketId, validateKey, jsonBody } from '../validate.js';

/** @typedef {import('../types.js').RequestContext} RequestContext */
/** @typedef {import('../types.js').RouteResult} RouteResult */
/** @typedef {import('../types.js').ObjectRow} ObjectRow */

/** @param {RequestContext} ctx */
function target(ctx) {
  return { bucket: validateBucketId(ctx.params.bucket), key: validateKey(ctx.params.key) };
}

/**
 * POST (create) and PUT (update) /object/:bucket/* — as the caller; anon never writes.
 * @param {RequestContext} ctx
 * @param {'create' | 'update'} mode
 * @returns {Promise<RouteResult>}
 */
async function upload(ctx, mode) {
  const who = await caller(ctx);
  if (who.role === 'anon') {
    ctx.req.resume();
    throw E.rls();
  }
  const { bucket, key } = target(ctx);
  const upsert = mode === 'update' || upsertHeader(ctx.req);
  const id = await writeUpload(ctx, { who, bucket, key, mode, upsert, owner: ownerOf(who) });
  return [200, { Id: id, Key: `${bucket}/${key}` }];
}

/** @param {RequestContext} ctx */
export const createObject = (ctx) => upload(ctx, 'create');
/** @param {RequestContext} ctx */
export const updateObject = (ctx) => upload(ctx, 'update');

/**
 * GET /object/(authenticated/)?:bucket/* — the caller must be able to read the row (RLS).
 * @param {RequestContext} ctx
 * @returns {Promise<RouteResult>}
 */
export async function getObject(ctx) {
  const who = await caller(ctx);
  const { bucket, key } = target(ctx);
  const row = await asCaller(ctx.deps.pool, who, (db) => findObject(db, bucket, key));
  if (!row) throw E.notFound();
  await sendObject(ctx, bucket, key, row);
}

/**
 * GET|HEAD /object/public/:bucket/* — anyone, when the bucket is public.
 * @param {RequestContext} ctx
 * @returns {Promise<RouteResult>}
 */
export async function getPublicObject(ctx) {
  const { bucket, key } = target(ctx);
  const { rows } = await ctx.deps.pool.query('select public from storage.buckets where id = $1', [bucket]);
  if (!rows[0] || !rows[0].public) throw E.notFound();
  const row = await findObject(ctx.deps.pool, bucket, key);
  if (!row) throw E.notFound();
  await sendObject(ctx, bucket, key, row);
}

/**
 * DELETE /object/:bucket — removes the listed keys the caller may delete; answers the removed rows.
 * @param {RequestContext} ctx
 * @returns {Promise<RouteResult>}
 */
export async function removeObjects(ctx) {
  const who = await caller(ctx);
  const bucket = validateBucketId(ctx.params.bucket);
  const { prefixes } = await jsonBody(ctx.req);
  if (!Array.isArray(prefixes) || prefixes.length === 0 || prefixes.length > 1000 || !prefixes.every((p) => typeof p === 'string')) {
    throw E.badRequest('body/prefixes must be a non-empty array of strings (at most 1000)');
  }
  if (who.role === 'anon') throw E.rls();
  const keys = prefixes.map((p) => validateKey(encodeURIComponent(p)));
  await getBucket(ctx.deps.pool, bucket);
  /** @type {ObjectRow[]} */
  const rows = await asCaller(ctx.deps.pool, who, async (db) =>
    (await db.query('delete from storage.objects where bucket_id = $1 and name = any($2::text[]) returning *', [bucket, keys])).rows,
  );
  for (const r of rows) await unlink(filePath(ctx.deps.root, bucket, r.name)).catch(() => {});
  return [200, rows];
}

/**
 * The object an info or HEAD request is about, found as storage-api's getObjectInfo finds it:
 * a public bucket's objects as the superuser, a private bucket's as the caller (RLS); without a
 * caller, only a public bucket's.
 * @param {RequestContext} ctx
 * @param {'authenticated' | 'optional' | 'public'} access
 */
async function infoTarget(ctx, access) {
  const who = access === 'authenticated' ? await caller(ctx) : access === 'optional' ? await optionalCaller(ctx, { allowInvalid: true }) : null;
  const { bucket, key } = target(ctx);
  const { rows: buckets } = await ctx.deps.pool.query('select public from storage.buckets where id = $1', [bucket]);
  const isPublic = Boolean(buckets[0]?.public);
  if (!buckets[0] || (!who && !isPublic)) throw E.bucketNotFound();
  const row = isPublic || !who ? await findObject(ctx.deps.pool, bucket, key) : await asCaller(ctx.deps.pool, who, (db) => findObject(db, bucket, key));
  if (!row) throw E.notFound();
  return { bucket, key, row };
}

/**
 * GET /object/info/(authenticated/|public/)?:bucket/* — storage-api's InfoRenderer body, which
 * storage-js's info() camel-cases.
 * @param {RequestContext} ctx
 * @param {'authenticated' | 'optional' | 'public'} access
 * @returns {Promise<RouteResult>}
 */
async function info(ctx, access) {
  const { row } = await infoTarget(ctx, access);
  const meta = row.metadata || {};
  const json = {
    id: row.id,
    name: row.name,
    version: row.version,
    bucket_id: row.bucket_id,
    size: meta.size ?? null,
    content_type: meta.mimetype ?? null,
    cache_control: meta.cacheControl ?? null,
    etag: meta.eTag ?? null,
    metadata: row.user_metadata,
    last_modified: row.updated_at,
    created_at: row.created_at,
  };
  /** @type {Record<string, string>} */
  const headers = { 'last-modified': new Date(row.updated_at).toUTCString(), 'cache-control': meta.cacheControl || 'no-cache' };
  if (meta.eTag) headers.etag = meta.eTag;
  sendJson(ctx.res, 200, json, headers);
}

/** @param {RequestContext} ctx */
export const objectInfo = (ctx) => info(ctx, 'optional');
/** @param {RequestContext} ctx */
export const authenticatedObjectInfo = (ctx) => info(ctx, 'authenticated');
/** @param {RequestContext} ctx */
export const publicObjectInfo = (ctx) => info(ctx, 'public');

/**
 * HEAD /object/:bucket/* (storage-api: object info as headers, a token optional) and
 * HEAD /object/authenticated/:bucket/* (a token required).
 * @param {RequestContext} ctx
 * @returns {Promise<RouteResult>}
 */
export async function headObject(ctx) {
  const { bucket, key, row } = await infoTarget(ctx, 'optional');
  await sendObject(ctx, bucket, key, row);
}

/** @param {RequestContext} ctx @returns {Promise<RouteResult>} */
export async function headAuthenticatedObject(ctx) {
  const { bucket, key, row } = await infoTarget(ctx, 'authenticated');
  await sendObject(ctx, bucket, key, row);
}
