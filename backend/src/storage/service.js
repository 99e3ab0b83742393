// Storage service with storage-api's routes, response and error shapes.
// Files live under `${root}/<bucket>/<path>`; metadata rows live in
// storage.objects and are read and written UNDER THE CALLER'S ROLE with
// request.jwt.claims set, so the database's RLS policies decide, like Supabase.
import { createHash, randomUUID } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { mkdir, readdir, readFile, rename, rm, stat, unlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { Transform } from 'node:stream';
import busboy from 'busboy';
import { fileTypeFromBuffer } from 'file-type';
import { bearerToken, isDbDownError, readJson, sendJson } from '../http-util.js';
import { withTransaction } from '../pg-tx.js';

const API_ROLES = new Set(['anon', 'authenticated', 'service_role']);
const KEY_RE = /^(\w|\/|!|-|\.|\*|'|\(|\)| |&|\$|@|=|;|:|\+|,|\?)*$/u;
const SNIFF_BYTES = 4100;

class StorageError extends Error {
  constructor(status, error, message) {
    super(message);
    this.status = status;
    this.error = error;
  }
}

const E = {
  notFound: () => new StorageError(404, 'not_found', 'Object not found'),
  bucketNotFound: () => new StorageError(404, 'Bucket not found', 'Bucket not found'),
  invalidKey: (key) => new StorageError(400, 'InvalidKey', `Invalid key: ${key}`),
  rls: () => new StorageError(403, 'Unauthorized', 'new row violates row-level security policy'),
  duplicate: () => new StorageError(409, 'Duplicate', 'The resource already exists'),
  tooLarge: () => new StorageError(413, 'Payload too large', 'The object exceeded the maximum allowed size'),
  mime: (m) => new StorageError(400, 'InvalidMimeType', `mime type ${m} is not supported`),
  mismatch: (declared, sniffed) =>
    new StorageError(400, 'InvalidMimeType', `File content (${sniffed || 'unrecognised'}) does not match the allowed types (declared ${declared})`),
  noAuth: () => new StorageError(400, 'InvalidJWT', 'headers must have required property \'authorization\''),
  badJwt: (m) => new StorageError(400, 'InvalidJWT', m),
  badRequest: (m) => new StorageError(400, 'InvalidRequest', m),
  noFile: () => new StorageError(400, 'InvalidRequest', 'Empty file: the upload has no content'),
  dbDown: () => new StorageError(503, 'DatabaseUnavailable', 'Database unavailable: the storage service cannot reach PostgreSQL'),
  internal: () => new StorageError(500, 'InternalError', 'Internal Server Error'),
};

function errorBody(e) {
  return { statusCode: String(e.status), error: e.error, message: e.message };
}

/** Validates and splits an object key. Refuses traversal, absolute paths, backslashes, NUL. */
export function validateKey(raw) {
  let key;
  try {
    key = decodeURIComponent(raw);
  } catch {
    throw E.invalidKey(raw);
  }
  if (!key || key.length > 1024 || key.startsWith('/') || key.includes('\\') || key.includes('\0') || !KEY_RE.test(key)) {
    throw E.invalidKey(key);
  }
  const parts = key.split('/');
  if (parts.some((p) => p === '' || p === '.' || p === '..')) throw E.invalidKey(key);
  return key;
}

function validateBucketId(raw) {
  let id;
  try {
    id = decodeURIComponent(raw);
  } catch {
    throw E.bucketNotFound();
  }
  if (!/^[A-Za-z0-9_.-]{1,100}$/.test(id) || id === '.' || id === '..') throw E.bucketNotFound();
  return id;
}

function mimeAllowed(mime, allowed) {
  if (!allowed || allowed.length === 0) return true;
  const m = String(mime || '').split(';')[0].trim().toLowerCase();
  return allowed.some((a) => {
    const x = String(a).toLowerCase();
    return x === m || (x.endsWith('/*') && m.startsWith(x.slice(0, -1)));
  });
}

function sanitizeCacheControl(v) {
  if (v === undefined || v === null || v === '') return 'no-cache';
  const s = String(v).trim();
  if (/^\d+$/.test(s)) return `max-age=${s}`;
  return /^[\w=, -]{1,200}$/.test(s) ? s : 'no-cache';
}

export function createStorageService({ pool, root, verifyJwt, maxUploadBytes = 50 * 1024 * 1024, log = () => {} }) {
  const tmpDir = path.join(root, '.tmp');

  function filePath(bucket, key) {
    const base = path.resolve(root, bucket);
    const p = path.resolve(base, ...key.split('/'));
    if (!p.startsWith(base + path.sep)) throw E.invalidKey(key);
    return p;
  }

  async function caller(req, required = true) {
    const token = bearerToken(req);
    if (!token) {
      if (required) throw E.noAuth();
      return null;
    }
    let claims;
    try {
      claims = await verifyJwt(token);
    } catch (e) {
      throw E.badJwt(/expired/.test(e.message) ? 'jwt expired' : 'invalid signature');
    }
    const role = claims.role || 'anon';
    if (!API_ROLES.has(role)) throw E.badJwt(`role "${role}" is not allowed`);
    return { role, claims };
  }

  /** Runs fn(client) in a transaction as the caller's role with its JWT claims. */
  /** Runs `fn` in a transaction as the caller's role with its JWT claims, like Supabase: RLS decides. */
  function asCaller(who, fn) {
    return withTransaction(pool, async (client) => {
      await client.query(
        `select set_config('role', $1, true), set_config('request.jwt.claims', $2, true),
                set_config('request.jwt.claim.sub', $3, true), set_config('request.jwt.claim.role', $1, true)`,
        [who.role, JSON.stringify(who.claims), who.claims.sub || ''],
      );
      return fn(client);
    });
  }

  async function getBucket(id) {
    const { rows } = await pool.query('select * from storage.buckets where id = $1', [id]);
    if (!rows[0]) throw E.bucketNotFound();
    return rows[0];
  }

  /** Streams the upload to a temp file; returns { tmp, size, head, md5, declaredType, fields }. */
  async function receiveUpload(req, limit) {
    await mkdir(tmpDir, { recursive: true });
    const tmp = path.join(tmpDir, randomUUID());
    const ct = String(req.headers['content-type'] || '');
    const declaredLength = Number(req.headers['content-length']);
    if (Number.isFinite(declaredLength) && declaredLength > limit + 64 * 1024) {
      req.resume();
      throw E.tooLarge();
    }
    const state = { size: 0, head: Buffer.alloc(0), md5: createHash('md5'), tooLarge: false };
    const meter = () =>
      new Transform({
        transform(chunk, _enc, cb) {
          state.size += chunk.length;
          if (state.size > limit) {
            state.tooLarge = true;
            cb(E.tooLarge());
            return;
          }
          if (state.head.length < SNIFF_BYTES) state.head = Buffer.concat([state.head, chunk.subarray(0, SNIFF_BYTES - state.head.length)]);
          state.md5.update(chunk);
          cb(null, chunk);
        },
      });
    const cleanup = () => rm(tmp, { force: true }).catch(() => {});
    try {
      if (/^multipart\/form-data/i.test(ct)) {
        const fields = {};
        let declaredType = null;
        let gotFile = false;
        await new Promise((resolve, reject) => {
          let bb;
          try {
            bb = busboy({ headers: req.headers, limits: { files: 1, fields: 20, fieldSize: 64 * 1024, fileSize: limit + 1 } });
          } catch {
            reject(E.badRequest('Malformed multipart body'));
            return;
          }
          let filePromise = null;
          bb.on('field', (name, value) => {
            fields[name] = value;
          });
          bb.on('file', (_name, stream, info) => {
            if (gotFile) {
              stream.resume();
              return;
            }
            gotFile = true;
            declaredType = info.mimeType;
            filePromise = pipeline(stream, meter(), createWriteStream(tmp));
            filePromise.catch(() => {});
          });
          bb.on('error', () => reject(E.badRequest('Malformed multipart body')));
          bb.on('close', () => {
            if (!filePromise) {
              resolve();
              return;
            }
            filePromise.then(resolve, reject);
          });
          req.pipe(bb);
        });
        if (!gotFile) throw E.noFile();
        return { tmp, ...state, md5: state.md5.digest('hex'), declaredType, fields, cacheControl: fields.cacheControl };
      }
      await pipeline(req, meter(), createWriteStream(tmp));
      return {
        tmp,
        ...state,
        md5: state.md5.digest('hex'),
        declaredType: ct || 'application/octet-stream',
        fields: {},
        cacheControl: req.headers['cache-control'],
      };
    } catch (e) {
      await cleanup();
      if (state.tooLarge) {
        req.resume();
        throw E.tooLarge();
      }
      throw e instanceof StorageError ? e : E.badRequest('The upload could not be read');
    }
  }

  async function upload(req, bucketId, rawKey, mode) {
    const who = await caller(req);
    if (who.role === 'anon') {
      req.resume();
      throw E.rls();
    }
    const bucket = validateBucketId(bucketId);
    const key = validateKey(rawKey);
    const b = await getBucket(bucket);
    const limit = Math.min(maxUploadBytes, b.file_size_limit ? Number(b.file_size_limit) : Infinity);
    const up = await receiveUpload(req, limit);
    try {
      if (up.size === 0) throw E.noFile();
      const declared = String(up.declaredType || 'application/octet-stream').split(';')[0].trim().toLowerCase();
      let mimetype = declared;
      if (b.allowed_mime_types && b.allowed_mime_types.length) {
        if (!mimeAllowed(declared, b.allowed_mime_types)) throw E.mime(declared);
        const sniffed = await fileTypeFromBuffer(up.head);
        if (!sniffed || !mimeAllowed(sniffed.mime, b.allowed_mime_types)) throw E.mismatch(declared, sniffed?.mime);
        mimetype = sniffed.mime; // serve what the bytes really are
      }
      const cacheControl = sanitizeCacheControl(up.cacheControl);
      const metadata = {
        eTag: `"${up.md5}"`,
        size: up.size,
        mimetype,
        cacheControl,
        lastModified: new Date().toISOString(),
        contentLength: up.size,
        httpStatusCode: 200,
      };
      const dest = filePath(bucket, key);
      const upsert = mode === 'update' || String(req.headers['x-upsert']).toLowerCase() === 'true';
      const id = await asCaller(who, async (db) => {
        let rows;
        const owner = who.claims.sub || null;
        if (mode === 'update') {
          ({ rows } = await db.query(
            `update storage.objects set metadata = $3, version = $4, owner = $5, owner_id = $6, updated_at = now(), last_accessed_at = now()
             where bucket_id = $1 and name = $2 returning id`,
            [bucket, key, metadata, randomUUID(), owner, owner],
          ));
          if (!rows[0]) throw E.notFound();
        } else {
          ({ rows } = await db.query(
            `insert into storage.objects (bucket_id, name, owner, owner_id, metadata, version)
             values ($1, $2, $3, $4, $5, $6)
             ${upsert ? 'on conflict (bucket_id, name) do update set metadata = excluded.metadata, version = excluded.version, owner = excluded.owner, owner_id = excluded.owner_id, updated_at = now(), last_accessed_at = now()' : ''}
             returning id`,
            [bucket, key, owner, owner, metadata, randomUUID()],
          ));
        }
        await mkdir(path.dirname(dest), { recursive: true });
        await rename(up.tmp, dest);
        return rows[0].id;
      });
      return [200, { Id: id, Key: `${bucket}/${key}` }];
    } catch (e) {
      if (e.code === 'ENOTDIR' || e.code === 'EISDIR' || e.code === 'EEXIST') throw E.badRequest('A file and a folder cannot have the same name');
      throw e;
    } finally {
      await rm(up.tmp, { force: true }).catch(() => {});
    }
  }

  async function sendObject(req, res, bucket, key, row) {
    const meta = row.metadata || {};
    const p = filePath(bucket, key);
    let st;
    try {
      st = await stat(p);
    } catch {
      throw E.notFound();
    }
    const etag = meta.eTag || `"${st.size}-${st.mtimeMs}"`;
    const headers = {
      'content-type': meta.mimetype || 'application/octet-stream',
      'cache-control': meta.cacheControl || 'no-cache',
      etag,
      'last-modified': new Date(row.updated_at || st.mtime).toUTCString(),
      'x-content-type-options': 'nosniff',
      'content-security-policy': "default-src 'none'; sandbox",
    };
    const q = new URL(req.url, 'http://x').searchParams;
    if (q.has('download')) {
      const name = q.get('download') || key.split('/').pop();
      headers['content-disposition'] = `attachment; filename*=UTF-8''${encodeURIComponent(name)}`;
    }
    if (req.headers['if-none-match'] === etag) {
      res.writeHead(304, headers);
      res.end();
      return;
    }
    headers['content-length'] = String(st.size);
    res.writeHead(200, headers);
    if (req.method === 'HEAD') {
      res.end();
      return;
    }
    await pipeline(createReadStream(p), res).catch(() => res.destroy());
  }

  async function getPublic(req, res, bucketId, rawKey) {
    const bucket = validateBucketId(bucketId);
    const key = validateKey(rawKey);
    const { rows: brows } = await pool.query('select public from storage.buckets where id = $1', [bucket]);
    if (!brows[0] || !brows[0].public) throw E.notFound();
    const { rows } = await pool.query('select * from storage.objects where bucket_id = $1 and name = $2', [bucket, key]);
    if (!rows[0]) throw E.notFound();
    await sendObject(req, res, bucket, key, rows[0]);
  }

  async function getAuthenticated(req, res, bucketId, rawKey) {
    const who = await caller(req);
    const bucket = validateBucketId(bucketId);
    const key = validateKey(rawKey);
    const rows = await asCaller(who, async (db) =>
      (await db.query('select * from storage.objects where bucket_id = $1 and name = $2', [bucket, key])).rows,
    );
    if (!rows[0]) throw E.notFound();
    await sendObject(req, res, bucket, key, rows[0]);
  }

  async function removeObjects(req, bucketId) {
    const who = await caller(req);
    const bucket = validateBucketId(bucketId);
    const body = await readJson(req, 256 * 1024, null).catch(() => {
      throw E.badRequest('Body must be JSON');
    });
    const prefixes = body.prefixes;
    if (!Array.isArray(prefixes) || prefixes.length === 0 || prefixes.length > 1000 || !prefixes.every((p) => typeof p === 'string')) {
      throw E.badRequest('body/prefixes must be a non-empty array of strings (at most 1000)');
    }
    if (who.role === 'anon') throw E.rls();
    const keys = prefixes.map((p) => validateKey(encodeURIComponent(p)));
    await getBucket(bucket);
    const rows = await asCaller(who, async (db) =>
      (await db.query('delete from storage.objects where bucket_id = $1 and name = any($2::text[]) returning *', [bucket, keys])).rows,
    );
    for (const r of rows) await unlink(filePath(bucket, r.name)).catch(() => {});
    return [200, rows];
  }

  async function list(req, bucketId) {
    const who = await caller(req);
    const bucket = validateBucketId(bucketId);
    const body = await readJson(req, 64 * 1024, null).catch(() => {
      throw E.badRequest('Body must be JSON');
    });
    let prefix = typeof body.prefix === 'string' ? body.prefix : '';
    if (prefix.includes('\0') || prefix.includes('\\') || prefix.split('/').some((s) => s === '..')) throw E.invalidKey(prefix);
    prefix = prefix.replace(/^\/+/, '');
    if (prefix && !prefix.endsWith('/')) prefix += '/';
    const limit = body.limit === undefined ? 100 : Number(body.limit);
    const offset = body.offset === undefined ? 0 : Number(body.offset);
    if (!Number.isInteger(limit) || limit < 1 || limit > 1000) throw E.badRequest('limit must be an integer from 1 to 1000');
    if (!Number.isInteger(offset) || offset < 0) throw E.badRequest('offset must be a non-negative integer');
    const column = body.sortBy?.column ?? 'name';
    const order = String(body.sortBy?.order ?? 'asc').toLowerCase();
    if (!['name', 'created_at', 'updated_at', 'last_accessed_at'].includes(column)) throw E.badRequest(`cannot sort by ${column}`);
    if (order !== 'asc' && order !== 'desc') throw E.badRequest('order must be asc or desc');
    const search = typeof body.search === 'string' ? body.search : '';
    await getBucket(bucket);
    const rows = await asCaller(who, async (db) =>
      (await db.query(
        'select id, name, updated_at, created_at, last_accessed_at, metadata from storage.objects where bucket_id = $1 and starts_with(name, $2)',
        [bucket, prefix],
      )).rows,
    );
    const folders = new Map();
    const files = [];
    for (const r of rows) {
      const rest = r.name.slice(prefix.length);
      const slash = rest.indexOf('/');
      const name = slash === -1 ? rest : rest.slice(0, slash);
      if (search && !name.toLowerCase().startsWith(search.toLowerCase())) continue;
      if (slash === -1) files.push({ name, id: r.id, updated_at: r.updated_at, created_at: r.created_at, last_accessed_at: r.last_accessed_at, metadata: r.metadata });
      else if (!folders.has(name)) folders.set(name, { name, id: null, updated_at: null, created_at: null, last_accessed_at: null, metadata: null });
    }
    const all = [...folders.values(), ...files];
    const dir = order === 'desc' ? -1 : 1;
    all.sort((a, b) => {
      const va = column === 'name' ? a.name : a[column] ? new Date(a[column]).getTime() : -Infinity;
      const vb = column === 'name' ? b.name : b[column] ? new Date(b[column]).getTime() : -Infinity;
      if (va < vb) return -dir;
      if (va > vb) return dir;
      return a.name < b.name ? -1 : a.name > b.name ? 1 : 0;
    });
    return [200, all.slice(offset, offset + limit)];
  }

  const bucketJson = (b) => ({
    id: b.id, name: b.name, owner: b.owner || '', public: Boolean(b.public), file_size_limit: b.file_size_limit === null ? null : Number(b.file_size_limit),
    allowed_mime_types: b.allowed_mime_types, created_at: b.created_at, updated_at: b.updated_at,
  });

  async function listBuckets(req) {
    const who = await caller(req);
    const rows = await asCaller(who, async (db) => (await db.query('select * from storage.buckets order by name')).rows);
    return [200, rows.map(bucketJson)];
  }

  async function getBucketRoute(req, id) {
    const who = await caller(req);
    const bucket = validateBucketId(id);
    const rows = await asCaller(who, async (db) => (await db.query('select * from storage.buckets where id = $1', [bucket])).rows);
    if (!rows[0]) throw E.bucketNotFound();
    return [200, bucketJson(rows[0])];
  }

  async function route(req, res, subpath) {
    const m = req.method;
    let match;
    if (subpath === '/bucket' || subpath === '/bucket/') {
      if (m === 'GET') return listBuckets(req);
    } else if ((match = /^\/bucket\/([^/]+)$/.exec(subpath))) {
      if (m === 'GET') return getBucketRoute(req, match[1]);
    } else if ((match = /^\/object\/list\/([^/]+)$/.exec(subpath))) {
      if (m === 'POST') return list(req, match[1]);
    } else if ((match = /^\/object\/public\/([^/]+)\/(.+)$/.exec(subpath))) {
      if (m === 'GET' || m === 'HEAD') return getPublic(req, res, match[1], match[2]);
    } else if ((match = /^\/object\/authenticated\/([^/]+)\/(.+)$/.exec(subpath))) {
      if (m === 'GET' || m === 'HEAD') return getAuthenticated(req, res, match[1], match[2]);
    } else if ((match = /^\/object\/([^/]+)\/?$/.exec(subpath))) {
      if (m === 'DELETE') return removeObjects(req, match[1]);
    } else if ((match = /^\/object\/([^/]+)\/(.+)$/.exec(subpath))) {
      if (m === 'POST') return upload(req, match[1], match[2], 'create');
      if (m === 'PUT') return upload(req, match[1], match[2], 'update');
      if (m === 'GET' || m === 'HEAD') return getAuthenticated(req, res, match[1], match[2]);
    } else if (subpath === '/status' || subpath === '/health') {
      return [200, { status: 'ok' }];
    }
    req.resume();
    throw new StorageError(404, 'not_found', 'Route not found');
  }

  /**
   * Local seeding: copies `<dir>/<bucket>/<name>` files into the store and records them in
   * storage.objects (as the superuser pool, like a service-role upload), skipping objects that
   * already exist. Used once after supabase/seed.sql ran, so the seeded image URLs resolve.
   */
  async function seedFiles(dir) {
    let added = 0;
    let buckets;
    try {
      buckets = await readdir(dir, { withFileTypes: true });
    } catch {
      return 0;
    }
    for (const b of buckets.filter((d) => d.isDirectory())) {
      const bucket = validateBucketId(b.name);
      const files = (await readdir(path.join(dir, b.name), { recursive: true, withFileTypes: true })).filter((f) => f.isFile());
      for (const f of files) {
        const abs = path.join(f.parentPath ?? f.path, f.name);
        const key = validateKey(path.relative(path.join(dir, b.name), abs).split(path.sep).join('/'));
        const bytes = await readFile(abs);
        const sniffed = await fileTypeFromBuffer(bytes);
        const metadata = {
          eTag: `"${createHash('md5').update(bytes).digest('hex')}"`,
          size: bytes.length,
          mimetype: sniffed?.mime || 'application/octet-stream',
          cacheControl: 'max-age=3600',
          lastModified: new Date().toISOString(),
          contentLength: bytes.length,
          httpStatusCode: 200,
        };
        const { rowCount } = await pool.query(
          `insert into storage.objects (bucket_id, name, metadata, version) values ($1, $2, $3, $4)
           on conflict (bucket_id, name) do nothing`,
          [bucket, key, metadata, randomUUID()],
        );
        if (rowCount) {
          const dest = filePath(bucket, key);
          await mkdir(path.dirname(dest), { recursive: true });
          await writeFile(dest, bytes);
          added++;
        }
      }
    }
    if (added) log(`[storage] seeded ${added} file(s) from ${dir}`);
    return added;
  }

  async function handle(req, res, subpath) {
    try {
      const out = await route(req, res, subpath);
      if (out) sendJson(res, out[0], out[1]);
    } catch (e) {
      let err = e;
      if (!(e instanceof StorageError)) {
        if (e.code === '42501') err = E.rls();
        else if (e.code === '23505') err = E.duplicate();
        else if (e.code === '23503') err = E.bucketNotFound();
        else if (isDbDownError(e)) err = E.dbDown();
        else {
          log(`storage: unexpected error on ${req.method} ${subpath}: ${e.stack || e.message}`);
          err = E.internal();
        }
      }
      if (!req.complete) req.resume();
      sendJson(res, err.status, errorBody(err));
    }
  }

  return { handle, seedFiles };
}
