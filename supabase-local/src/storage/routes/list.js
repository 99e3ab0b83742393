// Listing routes: POST /object/list/:bucket (storage-api's search: one folder level, folders as
// entries with null fields) and POST /object/list-v2/:bucket (listObjectsV2: folders apart, cursor pages).
import { caller } from '../auth.js';
import { asCaller, getBucket } from '../db.js';
import { E } from '../errors.js';
import { isRecord, jsonBody, listPrefix, validateBucketId } from '../validate.js';

/** @typedef {import('../types.js').RequestContext} RequestContext */
/** @typedef {import('../types.js').RouteResult} RouteResult */
/** @typedef {import('../types.js').Caller} Caller */
/** @typedef {Pick<import('../types.js').ObjectRow, 'id' | 'name' | 'updated_at' | 'created_at' | 'last_accessed_at' | 'metadata'>} ListedRow */

/**
 * The rows under `prefix` the caller may read (RLS).
 * @param {RequestContext} ctx @param {Caller} who @param {string} bucket @param {string} prefix
 * @returns {Promise<ListedRow[]>}
 */
async function rowsUnder(ctx, who, bucket, prefix) {
  await getBucket(ctx.deps.pool, bucket);
  return asCaller(ctx.deps.pool, who, async (db) =>
    (await db.query(
      'select id, name, updated_at, created_at, last_accessed_at, metadata from storage.objects where bucket_id = $1 and starts_with(name, $2)',
      [bucket, prefix],
    )).rows,
  );
}

/** @param {string} x @param {string} y */
const byName = (x, y) => (x < y ? -1 : x > y ? 1 : 0);

/**
 * POST /object/list/:bucket — storage-api's search (storage-js list()).
 * @param {RequestContext} ctx
 * @returns {Promise<RouteResult>}
 */
export async function list(ctx) {
  const who = await caller(ctx);
  const bucket = validateBucketId(ctx.params.bucket);
  const b = await jsonBody(ctx.req, 64 * 1024);
  let prefix = listPrefix(b.prefix);
  if (prefix && !prefix.endsWith('/')) prefix += '/';
  const limit = b.limit === undefined ? 100 : Number(b.limit);
  const offset = b.offset === undefined ? 0 : Number(b.offset);
  if (!Number.isInteger(limit) || limit < 1 || limit > 1000) throw E.badRequest('limit must be an integer from 1 to 1000');
  if (!Number.isInteger(offset) || offset < 0) throw E.badRequest('offset must be a non-negative integer');
  const sortBy = isRecord(b.sortBy) ? b.sortBy : {};
  const column = String(sortBy.column ?? 'name');
  const order = String(sortBy.order ?? 'asc').toLowerCase();
  if (column !== 'name' && column !== 'created_at' && column !== 'updated_at' && column !== 'last_accessed_at') throw E.badRequest(`cannot sort by ${column}`);
  if (order !== 'asc' && order !== 'desc') throw E.badRequest('order must be asc or desc');
  const search = typeof b.search === 'string' ? b.search.toLowerCase() : '';
  const rows = await rowsUnder(ctx, who, bucket, prefix);
  /** @type {Map<string, ListedRow | { name: string, id: null, updated_at: null, created_at: null, last_accessed_at: null, metadata: null }>} */
  const folders = new Map();
  /** @type {ListedRow[]} */
  const files = [];
  for (const r of rows) {
    const rest = r.name.slice(prefix.length);
    const slash = rest.indexOf('/');
    const name = slash === -1 ? rest : rest.slice(0, slash);
    if (search && !name.toLowerCase().startsWith(search)) continue;
    if (slash === -1) files.push({ ...r, name });
    else if (!folders.has(name)) folders.set(name, { name, id: null, updated_at: null, created_at: null, last_accessed_at: null, metadata: null });
  }
  const all = [...folders.values(), ...files];
  const dir = order === 'desc' ? -1 : 1;
  /** @param {(typeof all)[number]} e */
  const valueOf = (e) => (column === 'name' ? e.name : e[column] ? new Date(e[column]).getTime() : -Infinity);
  all.sort((x, y) => {
    const va = valueOf(x);
    const vb = valueOf(y);
    if (va < vb) return -dir;
    if (va > vb) return dir;
    return byName(x.name, y.name);
  });
  return [200, all.slice(offset, offset + limit).map((e) => ({ name: e.name, id: e.id, updated_at: e.updated_at, created_at: e.created_at, last_accessed_at: e.last_accessed_at, metadata: e.metadata }))];
}

// list v2 continuation tokens, in storage-api's format: base64 of "l:<last name>\no:<order>\nc:<column>\na:<column value>".
/** @typedef {{ startAfter: string, sortOrder: string, sortColumn?: string, sortColumnAfter?: string }} Cursor */
/** @type {ReadonlyArray<[string, keyof Cursor]>} */
const CURSOR_PARTS = [['l', 'startAfter'], ['o', 'sortOrder'], ['c', 'sortColumn'], ['a', 'sortColumnAfter']];

/** @param {Partial<Cursor>} info */
function encodeCursor(info) {
  const lines = CURSOR_PARTS.filter(([, k]) => info[k]).map(([p, k]) => `${p}:${info[k]}`);
  return Buffer.from(lines.join('\n')).toString('base64');
}

/** @param {string} token @returns {Cursor} */
function decodeCursor(token) {
  /** @type {Cursor} */
  const out = { startAfter: '', sortOrder: 'asc' };
  for (const part of Buffer.from(token, 'base64').toString().split('\n')) {
    const m = /^(\S):(.*)$/.exec(part);
    const entry = m && CURSOR_PARTS.find(([p]) => p === m[1]);
    if (!m || !entry) throw E.invalidParameter('continuation token');
    out[entry[1]] = m[2];
  }
  if (!['asc', 'desc'].includes(out.sortOrder)) throw E.invalidParameter('continuation token');
  if (out.sortColumn && !['name', 'created_at', 'updated_at'].includes(out.sortColumn)) throw E.invalidParameter('continuation token');
  if (out.sortColumnAfter && Number.isNaN(Date.parse(out.sortColumnAfter))) throw E.invalidParameter('continuation token');
  return out;
}

/** @param {string} s @param {number} n PostgreSQL's split_part(s, '/', n) */
const splitPart = (s, n) => s.split('/')[n - 1] ?? '';

/**
 * POST /object/list-v2/:bucket — storage-api's listObjectsV2. With with_delimiter, a folder is
 * `{ id: null, name: '<full prefix>/' }` and an object carries `key`, its name's segment at the
 * prefix's depth (search_v2); without, objects are plain rows. Pages follow the cursor.
 * @param {RequestContext} ctx
 * @returns {Promise<RouteResult>}
 */
export async function listV2(ctx) {
  const who = await caller(ctx);
  const bucket = validateBucketId(ctx.params.bucket);
  const b = await jsonBody(ctx.req, 64 * 1024);
  const prefix = listPrefix(b.prefix);
  if (b.limit !== undefined && (!Number.isInteger(b.limit) || Number(b.limit) < 1)) throw E.badRequest('body/limit must be >= 1');
  const limit = Math.min(Number(b.limit ?? 1000), 1000);
  if (b.with_delimiter !== undefined && typeof b.with_delimiter !== 'boolean') throw E.badRequest('body/with_delimiter must be boolean');
  if (b.cursor !== undefined && typeof b.cursor !== 'string') throw E.badRequest('body/cursor must be string');
  /** @type {{ column?: string, order?: string }} */
  let sortBy = {};
  if (b.sortBy !== undefined) {
    if (!isRecord(b.sortBy) || !['name', 'updated_at', 'created_at'].includes(String(b.sortBy.column))) {
      throw E.badRequest('body/sortBy/column must be equal to one of the allowed values');
    }
    if (b.sortBy.order !== undefined && !['asc', 'desc'].includes(String(b.sortBy.order))) throw E.badRequest('body/sortBy/order must be equal to one of the allowed values');
    sortBy = { column: String(b.sortBy.column), order: b.sortBy.order === undefined ? undefined : String(b.sortBy.order) };
  }
  const cursor = b.cursor ? decodeCursor(b.cursor) : null;
  const column = /** @type {'name' | 'created_at' | 'updated_at'} */ (cursor?.sortColumn || sortBy.column || 'name');
  const order = cursor?.sortOrder || sortBy.order || 'asc';
  const rows = await rowsUnder(ctx, who, bucket, prefix);
  const delimited = b.with_delimiter === true;
  const levels = prefix ? prefix.split('/').length : 1;
  /** @typedef {{ folder: true, name: string }} FolderEntry */
  /** @typedef {{ folder: false, name: string, created_at: Date, updated_at: Date, row: ListedRow & { key?: string } }} ObjectEntry */
  /** @type {(FolderEntry | ObjectEntry)[]} */
  const entries = [];
  const seen = new Set();
  for (const r of rows) {
    const slash = delimited ? r.name.indexOf('/', prefix.length) : -1;
    if (slash === -1) {
      const row = delimited ? { key: splitPart(r.name, levels), ...r } : r;
      entries.push({ folder: false, name: r.name, created_at: r.created_at, updated_at: r.updated_at, row });
    } else {
      const name = r.name.slice(0, slash + 1);
      if (seen.has(name)) continue;
      seen.add(name);
      entries.push({ folder: true, name });
    }
  }
  const dir = order === 'desc' ? -1 : 1;
  /** @param {{ folder: boolean, name: string, created_at?: Date | null, updated_at?: Date | null }} e */
  const timeOf = (e) => {
    const v = column === 'name' || e.folder ? null : e[column];
    return v ? new Date(v).getTime() : 0;
  };
  /** @param {{ folder: boolean, name: string, created_at?: Date | null, updated_at?: Date | null }} x @param {{ folder: boolean, name: string, created_at?: Date | null, updated_at?: Date | null }} y */
  const cmp = (x, y) => {
    if (column !== 'name' && timeOf(x) !== timeOf(y)) return (timeOf(x) - timeOf(y)) * dir;
    return byName(x.name, y.name) * dir;
  };
  entries.sort(cmp);
  let rest = entries;
  if (cursor?.startAfter) {
    const after = cursor.sortColumnAfter ? new Date(cursor.sortColumnAfter) : null;
    const mark = { folder: false, name: cursor.startAfter, created_at: after, updated_at: after };
    rest = entries.filter((e) => cmp(e, mark) > 0);
  }
  const page = rest.slice(0, limit);
  const hasNext = rest.length > limit;
  const last = page[page.length - 1];
  /** @type {{ hasNext: boolean, nextCursor?: string, nextCursorKey?: string, folders: { id: null, name: string }[], objects: object[] }} */
  const out = { hasNext, folders: [], objects: [] };
  for (const e of page) {
    if (e.folder) out.folders.push({ id: null, name: e.name });
    else out.objects.push(e.row);
  }
  if (hasNext && last) {
    const lastTime = !last.folder && column !== 'name' ? last[column] : null;
    out.nextCursor = encodeCursor({
      startAfter: last.name,
      sortOrder: order,
      sortColumn: cursor?.sortColumn || sortBy.column,
      sortColumnAfter: lastTime ? new Date(lastTime).toISOString() : undefined,
    });
    out.nextCursorKey = last.name;
  }
  return [200, out];
}
