// Bucket routes (storage-api's src/http/routes/bucket): list, get, create, update, delete, empty.
// Read and written as the caller: RLS on storage.buckets decides.
import { rm, unlink } from 'node:fs/promises';
import path from 'node:path';
import { withTransaction } from '../../pg-tx.js';
import { caller, ownerOf } from '../auth.js';
import { asCaller, becomeCaller } from '../db.js';
import { E, pgCode } from '../errors.js';
import { filePath } from '../files.js';
import { isValidBucketName, jsonBody, parseAllowedMimeTypes, parseFileSizeLimit, validateBucketId } from '../validate.js';

/** @typedef {import('../types.js').RequestContext} RequestContext */
/** @typedef {import('../types.js').RouteResult} RouteResult */
/** @typedef {import('../types.js').BucketRow} BucketRow */

/**
 * A bucket as storage-api's bucketSchema serialises it (a null owner is "").
 * @param {BucketRow} b
 */
const bucketJson = (b) => ({
  id: b.id,
  name: b.name,
  owner: b.owner || '',
  public: Boolean(b.public),
  file_size_limit: b.file_size_limit === null ? null : Number(b.file_size_limit),
  allowed_mime_types: b.allowed_mime_types,
  created_at: b.created_at,
  updated_at: b.updated_at,
});

const LIST_COLUMNS = ['id', 'name', 'created_at', 'updated_at'];

/**
 * GET /bucket — storage-api's getAllBuckets (limit, offset, sortColumn, sortOrder, search); entries carry `type`.
 * @param {RequestContext} ctx
 * @returns {Promise<RouteResult>}
 */
export async function listBuckets(ctx) {
  const who = await caller(ctx);
  const q = ctx.query;
  /** @param {string} name @param {number} min */
  const int = (name, min) => {
    if (!q.has(name)) return undefined;
    const n = Number(q.get(name));
    if (!Number.isInteger(n) || n < min) throw E.badRequest(`querystring/${name} must be >= ${min}`);
    return n;
  };
  const limit = int('limit', 1);
  const offset = int('offset', 0);
  const column = q.get('sortColumn') || 'name';
  const order = q.get('sortOrder') || 'asc';
  if (!LIST_COLUMNS.includes(column)) throw E.badRequest('querystring/sortColumn must be equal to one of the allowed values');
  if (order !== 'asc' && order !== 'desc') throw E.badRequest('querystring/sortOrder must be equal to one of the allowed values');
  const search = q.get('search') || '';
  /** @type {BucketRow[]} */
  const rows = await asCaller(ctx.deps.pool, who, async (db) =>
    (await db.query(
      `select * from storage.buckets where ($1 = '' or name ilike '%' || $1 || '%')
       order by ${column} ${order}, id limit $2 offset $3`,
      [search.replace(/[\\%_]/g, '\\$&'), limit ?? null, offset ?? 0],
    )).rows,
  );
  return [200, rows.map((b) => ({ ...bucketJson(b), type: 'STANDARD' }))];
}

/**
 * GET /bucket/:id — the columns storage-api's getBucket selects (no `type`).
 * @param {RequestContext} ctx
 * @returns {Promise<RouteResult>}
 */
export async function getBucket(ctx) {
  const who = await caller(ctx);
  const bucket = validateBucketId(ctx.params.bucket);
  /** @type {BucketRow[]} */
  const rows = await asCaller(ctx.deps.pool, who, async (db) => (await db.query('select * from storage.buckets where id = $1', [bucket])).rows);
  if (!rows[0]) throw E.bucketNotFound();
  return [200, bucketJson(rows[0])];
}

/**
 * POST /bucket — answers { name }.
 * @param {RequestContext} ctx
 * @returns {Promise<RouteResult>}
 */
export async function createBucket(ctx) {
  const who = await caller(ctx);
  const b = await jsonBody(ctx.req, 64 * 1024);
  if (typeof b.name !== 'string') throw E.missing('body', 'name');
  const id = typeof b.id === 'string' && b.id ? b.id : b.name;
  if (!isValidBucketName(b.name) || !isValidBucketName(id)) throw E.invalidBucketName();
  if (b.type !== undefined && b.type !== 'STANDARD') throw E.featureNotEnabled();
  if (b.public !== undefined && typeof b.public !== 'boolean') throw E.badRequest('body/public must be boolean');
  const size = parseFileSizeLimit(b.file_size_limit, ctx.deps.maxUploadBytes);
  const mimes = parseAllowedMimeTypes(b.allowed_mime_types);
  const owner = ownerOf(who);
  await asCaller(ctx.deps.pool, who, async (db) => {
    try {
      await db.query(
        `insert into storage.buckets (id, name, owner, owner_id, public, file_size_limit, allowed_mime_types)
         values ($1, $2, $3, $4, $5, $6, $7)`,
        [id, b.name, owner, typeof who.claims.sub === 'string' ? who.claims.sub : null, b.public ?? false, size ?? null, mimes ?? null],
      );
    } catch (e) {
      if (pgCode(e) === '23505') throw E.duplicate();
      throw e;
    }
  });
  return [200, { name: b.name }];
}

/**
 * PUT /bucket/:id — public, file_size_limit, allowed_mime_types (null clears).
 * @param {RequestContext} ctx
 * @returns {Promise<RouteResult>}
 */
export async function updateBucket(ctx) {
  const who = await caller(ctx);
  const id = validateBucketId(ctx.params.bucket);
  const b = await jsonBody(ctx.req, 64 * 1024);
  if (b.public !== undefined && typeof b.public !== 'boolean') throw E.badRequest('body/public must be boolean');
  const size = parseFileSizeLimit(b.file_size_limit, ctx.deps.maxUploadBytes);
  const mimes = parseAllowedMimeTypes(b.allowed_mime_types);
  /** @type {string[]} */
  const sets = [];
  /** @type {unknown[]} */
  const values = [id];
  /** @param {string} col @param {unknown} v */
  const set = (col, v) => {
    if (v === undefined) return;
    values.push(v);
    sets.push(`${col} = $${values.length}`);
  };
  set('public', b.public);
  set('file_size_limit', size);
  set('allowed_mime_types', mimes);
  if (sets.length === 0) throw E.noContent();
  const rows = await asCaller(ctx.deps.pool, who, async (db) =>
    (await db.query(`update storage.buckets set ${sets.join(', ')}, updated_at = now() where id = $1 returning id`, values)).rows,
  );
  if (!rows[0]) throw E.bucketNotFound();
  return [200, { message: 'Successfully updated' }];
}

/**
 * DELETE /bucket/:id — only when it holds no object (storage-api's BucketNotEmpty otherwise).
 * @param {RequestContext} ctx
 * @returns {Promise<RouteResult>}
 */
export async function deleteBucket(ctx) {
  const who = await caller(ctx);
  const id = validateBucketId(ctx.params.bucket);
  ctx.req.resume();
  await withTransaction(ctx.deps.pool, async (db) => {
    const found = await db.query('select id from storage.buckets where id = $1 for update', [id]);
    if (!found.rows[0]) throw E.bucketNotFound();
    const objects = await db.query('select 1 from storage.objects where bucket_id = $1 limit 1', [id]);
    if (objects.rows[0]) throw E.bucketNotEmpty();
    await becomeCaller(db, who);
    const deleted = await db.query('delete from storage.buckets where id = $1 returning id', [id]);
    if (!deleted.rows[0]) throw E.bucketNotFound();
  });
  await rm(path.join(ctx.deps.root, id), { recursive: true, force: true }).catch(() => {});
  return [200, { message: 'Successfully deleted' }];
}

/**
 * POST /bucket/:id/empty — removes the objects the caller may delete (RLS on storage.objects), at once.
 * @param {RequestContext} ctx
 * @returns {Promise<RouteResult>}
 */
export async function emptyBucket(ctx) {
  const who = await caller(ctx);
  const id = validateBucketId(ctx.params.bucket);
  ctx.req.resume();
  /** @type {string[]} */
  const names = await asCaller(ctx.deps.pool, who, async (db) => {
    const found = await db.query('select id from storage.buckets where id = $1', [id]);
    if (!found.rows[0]) throw E.bucketNotFound();
    return (await db.query('delete from storage.objects where bucket_id = $1 returning name', [id])).rows.map((r) => r.name);
  });
  for (const name of names) await unlink(filePath(ctx.deps.root, id, name)).catch(() => {});
  return [200, { message: 'Successfully emptied' }];
}
