// Storage service with storage-api's routes, response and error shapes.
// Files live under `${root}/<bucket>/<path>`; metadata rows live in
// storage.objects and are read and written UNDER THE CALLER'S ROLE with
// request.jwt.claims set, so the database's RLS policies decide, like Supabase.
import { createHash, randomUUID } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { copyFile, mkdir, open, readdir, readFile, rename, rm, stat, unlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { Transform } from 'node:stream';
import busboy from 'busboy';
import { fileTypeFromBuffer, supportedMimeTypes } from 'file-type';
import { SignJWT, jwtVerify } from 'jose';
import { bearerToken, isDbDownError, readJson, sendJson } from '../http-util.js';
import { withTransaction } from '../pg-tx.js';

const API_ROLES = new Set(['anon', 'authenticated', 'service_role']);
const KEY_RE = /^(\w|\/|!|-|\.|\*|'|\(|\)| |&|\$|@|=|;|:|\+|,|\?)*$/u;
const SNIFF_BYTES = 4100;

class StorageError extends Error {
  /**
   * @param {number} status the status storage-api reports in the body (statusCode)
   * @param {string} code storage-api's ErrorCode
   * @param {string} message
   * @param {string} [error] storage-api's legacy `error` field (defaults to the code)
   */
  constructor(status, code, message, error) {
    super(message);
    this.status = status;
    this.code = code;
    this.error = error || code;
  }
}

// storage-api's ERRORS (src/internal/errors/codes.ts): same codes, legacy `error` names and messages.
const E = {
  notFound: () => new StorageError(404, 'NoSuchKey', 'Object not found', 'not_found'),
  bucketNotFound: () => new StorageError(404, 'NoSuchBucket', 'Bucket not found', 'Bucket not found'),
  invalidBucketName: () => new StorageError(400, 'InvalidBucketName', 'Bucket name invalid', 'Invalid Input'),
  bucketNotEmpty: () => new StorageError(409, 'ResourceNotEmpty', 'The bucket you tried to delete is not empty'),
  invalidKey: (key) => new StorageError(400, 'InvalidKey', `Invalid key: ${key}`),
  rls: (m = 'new row violates row-level security policy') => new StorageError(403, 'AccessDenied', m, 'Unauthorized'),
  duplicate: () => new StorageError(409, 'ResourceAlreadyExists', 'The resource already exists', 'Duplicate'),
  keyExists: () => new StorageError(409, 'KeyAlreadyExists', 'The resource already exists', 'Duplicate'),
  tooLarge: () => new StorageError(413, 'EntityTooLarge', 'The object exceeded the maximum allowed size', 'Payload too large'),
  mime: (m) => new StorageError(415, 'InvalidMimeType', `mime type ${m} is not supported`, 'invalid_mime_type'),
  // Stricter than Supabase: the bytes must be of an allowed type too (README, Backend).
  mismatch: (declared, sniffed) =>
    new StorageError(415, 'InvalidMimeType', `File content (${sniffed || 'unrecognised'}) does not match the allowed types (declared ${declared})`, 'invalid_mime_type'),
  noAuth: () => new StorageError(400, 'InvalidJWT', 'headers must have required property \'authorization\''),
  badJwt: (m) => new StorageError(400, 'InvalidJWT', m),
  invalidSignature: (m = 'Invalid signature') => new StorageError(400, 'InvalidSignature', m),
  expiredSignature: () => new StorageError(400, 'ExpiredToken', 'The provided token has expired.'),
  usedUploadToken: () => new StorageError(400, 'InvalidSignature', 'The signed upload URL has already been used'),
  invalidParameter: (name) => new StorageError(400, 'InvalidParameter', `Invalid Parameter ${name}`),
  missing: (where, name) => new StorageError(400, 'InvalidRequest', `${where} must have required property '${name}'`),
  badRequest: (m) => new StorageError(400, 'InvalidRequest', m),
  noContent: () => new StorageError(400, 'InvalidRequest', 'No content provided'),
  invalidFileSize: () => new StorageError(400, 'InvalidRequest', 'Invalid file size format, hint: use 20GB / 20MB / 30KB / 3B'),
  noFile: () => new StorageError(400, 'InvalidRequest', 'Empty file: the upload has no content'),
  dbDown: () => new StorageError(503, 'DatabaseError', 'Database unavailable: the storage service cannot reach PostgreSQL', 'DatabaseUnavailable'),
  internal: () => new StorageError(500, 'InternalError', 'Internal Server Error', 'Internal'),
};

function errorBody(e) {
  return { statusCode: String(e.status), code: e.code, error: e.error, message: e.message };
}

/**
 * storage-api answers every 4xx with HTTP 400 and the real status in the body's statusCode
 * (a legacy choice its maintainers keep); 5xx keep their status.
 */
function httpStatus(e) {
  return e.status >= 500 || e.keepStatus ? e.status : 400;
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

// storage-api's bucket name rule (src/storage/limits.ts); '.', '..' and '.tmp' are refused too,
// since buckets are folders here (`.tmp` holds uploads in progress).
const BUCKET_NAME_RE = /^[A-Za-z0-9_!.*'() &$=@;:+,?-]{1,100}$/;

function isValidBucketName(id) {
  return typeof id === 'string' && BUCKET_NAME_RE.test(id) && id.trim() === id && !['.', '..', '.tmp'].includes(id);
}

function validateBucketId(raw) {
  let id;
  try {
    id = decodeURIComponent(raw);
  } catch {
    throw E.invalidBucketName();
  }
  if (!isValidBucketName(id)) throw E.invalidBucketName();
  return id;
}

const baseType = (mime) => String(mime || '').split(';')[0].trim().toLowerCase();

function mimeAllowed(mime, allowed) {
  if (!allowed || allowed.length === 0) return true;
  const m = baseType(mime);
  return allowed.some((a) => {
    const x = baseType(a);
    return x === '*' || x === '*/*' || x === m || (x.endsWith('/*') && m.startsWith(x.slice(0, -1)));
  });
}

function sanitizeCacheControl(v) {
  if (v === undefined || v === null || v === '') return 'no-cache';
  const s = String(v).trim();
  if (/^\d+$/.test(s)) return `max-age=${s}`;
  return /^[\w=, -]{1,200}$/.test(s) ? s : 'no-cache';
}

/** A content type that can be stored and sent back as a header: type/subtype, then printable parameters. */
function validContentType(v) {
  const s = String(v).trim();
  return /^[\x20-\x7e]{1,255}$/.test(s) && /^[\w.+-]+\/[\w.+-]+$/.test(baseType(s));
}

/** storage-api's file size rule: an integer of bytes, or "20GB" / "20MB" / "30KB" / "3B". */
function parseFileSizeLimit(v, max) {
  if (v === undefined || v === null) return v;
  let n;
  if (typeof v === 'number') {
    if (!Number.isSafeInteger(v) || v < 0) throw E.invalidFileSize();
    n = v;
  } else if (typeof v === 'string') {
    const m = /^([0-9]+(?:\.[0-9]+)?)(gb|mb|kb|b)$/i.exec(v);
    if (!m) throw E.invalidFileSize();
    const unit = { GB: 1e9, MB: 1e6, KB: 1e3, B: 1 }[m[2].toUpperCase()];
    n = Math.round(+parseFloat(m[1]).toPrecision(3) * unit);
  } else {
    throw E.invalidFileSize();
  }
  if (n > max) throw E.tooLarge();
  return n;
}

/** storage-api's allowed_mime_types rule; a refused entry answers InvalidMimeType (415). */
function parseAllowedMimeTypes(v) {
  if (v === undefined || v === null) return v;
  if (!Array.isArray(v) || !v.every((x) => typeof x === 'string')) throw E.badRequest('body/allowed_mime_types must be array of strings');
  const list = v.filter((x) => x);
  for (const t of list) {
    if (t.length > 1000 || !/^([a-zA-Z0-9\-+.]+)\/([a-zA-Z0-9\-+.]+)(;\s*charset=[a-zA-Z0-9-]+)?$|\*$/.test(t)) throw E.mime(t);
  }
  return list;
}

/** Decodes storage-js's user metadata: the x-metadata header (base64 JSON) or the multipart field (JSON). */
function parseUserMetadata(value, base64) {
  if (value === undefined || value === null || value === '') return null;
  let parsed;
  try {
    parsed = JSON.parse(base64 ? Buffer.from(String(value), 'base64').toString('utf8') : String(value));
  } catch {
    throw E.badRequest('metadata must be a JSON object');
  }
  if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) throw E.badRequest('metadata must be a JSON object');
  if (JSON.stringify(parsed).length > 64 * 1024) throw E.badRequest('metadata must be at most 64 KB');
  return parsed;
}

// list v2 continuation tokens, in storage-api's format: base64 of "l:<last name>\no:<order>\nc:<column>\na:<column value>".
const CURSOR_PARTS = { l: 'startAfter', o: 'sortOrder', c: 'sortColumn', a: 'sortColumnAfter' };

function encodeCursor(info) {
  const lines = Object.entries(CURSOR_PARTS).filter(([, k]) => info[k]).map(([p, k]) => `${p}:${info[k]}`);
  return Buffer.from(lines.join('\n')).toString('base64');
}

function decodeCursor(token) {
  const out = { startAfter: '', sortOrder: 'asc' };
  for (const part of Buffer.from(token, 'base64').toString().split('\n')) {
    const m = /^(\S):(.*)$/.exec(part);
    if (!m || !(m[1] in CURSOR_PARTS)) throw E.invalidParameter('continuation token');
    out[CURSOR_PARTS[m[1]]] = m[2];
  }
  if (!['asc', 'desc'].includes(out.sortOrder)) throw E.invalidParameter('continuation token');
  if (out.sortColumn && !['name', 'created_at', 'updated_at'].includes(out.sortColumn)) throw E.invalidParameter('continuation token');
  if (out.sortColumnAfter && Number.isNaN(Date.parse(out.sortColumnAfter))) throw E.invalidParameter('continuation token');
  return out;
}

const requireString = (body, name) => {
  if (typeof body[name] !== 'string' || body[name] === '') throw E.missing('body', name);
  return body[name];
};

/** Signed upload URLs live two hours, as in storage-api (UPLOAD_SIGNED_URL_EXPIRATION_TIME). */
const UPLOAD_URL_TTL = 7200;
const MAX_SIGNED_URL_TTL = 100 * 365 * 24 * 3600;
const ROLLBACK = Symbol('rollback');

export function createStorageService({ pool, root, verifyJwt, jwtSecret, maxUploadBytes = 50 * 1024 * 1024, log = () => {} }) {
  const tmpDir = path.join(root, '.tmp');
  const signingKey = new TextEncoder().encode(jwtSecret || '');

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

  /** Makes the rest of `client`'s transaction run as the caller's role with its JWT claims, like Supabase: RLS decides. */
  async function becomeCaller(client, who) {
    await client.query(
      `select set_config('role', $1, true), set_config('request.jwt.claims', $2, true),
              set_config('request.jwt.claim.sub', $3, true), set_config('request.jwt.claim.role', $1, true)`,
      [who.role, JSON.stringify(who.claims), who.claims.sub || ''],
    );
  }

  /** Runs `fn(client)` in a transaction as the caller (RLS decides). */
  function asCaller(who, fn) {
    return withTransaction(pool, async (client) => {
      await becomeCaller(client, who);
      return fn(client);
    });
  }

  /** Runs `fn(client)` as the caller in a transaction that is always rolled back (storage-api's testPermission). */
  async function testAsCaller(who, fn) {
    try {
      await asCaller(who, async (db) => {
        await fn(db);
        throw ROLLBACK;
      });
    } catch (e) {
      if (e !== ROLLBACK) throw e;
    }
  }

  const ownerOf = (who) => (who?.claims?.sub && /^[0-9a-f-]{36}$/i.test(who.claims.sub) ? who.claims.sub : null);

  async function getBucket(id) {
    const { rows } = await pool.query('select * from storage.buckets where id = $1', [id]);
    if (!rows[0]) throw E.bucketNotFound();
    return rows[0];
  }

  async function body(req, limit = 256 * 1024) {
    return readJson(req, limit, null).catch((e) => {
      if (e?.status === 413) throw E.tooLarge();
      throw E.badRequest('Body must be JSON');
    });
  }

  // ------------------------------------------------------------------ tokens

  async function signToken(payload, expiresIn) {
    const now = Math.floor(Date.now() / 1000);
    return new SignJWT(payload).setProtectedHeader({ alg: 'HS256', typ: 'JWT' }).setIssuedAt(now).setExpirationTime(now + expiresIn).sign(signingKey);
  }

  function validExpiresIn(v) {
    if (typeof v !== 'number' || !Number.isFinite(v)) throw E.invalidParameter('expiresIn');
    const n = Math.floor(v);
    if (n < 1 || n > MAX_SIGNED_URL_TTL) throw E.invalidParameter('expiresIn');
    return n;
  }

  /** storage-api's verifyObjectSignature: signature, scope, object path, expiry. */
  async function verifySignedToken(token, bucket, key, scope) {
    if (typeof token !== 'string' || token === '') throw E.missing('querystring', 'token');
    let payload;
    try {
      ({ payload } = await jwtVerify(token, signingKey, { algorithms: ['HS256'] }));
    } catch (e) {
      throw E.badJwt(e.message || 'Invalid JWT');
    }
    const hasUpsert = Object.prototype.hasOwnProperty.call(payload, 'upsert');
    const scoped = scope === 'upload' ? payload.scope === 'upload' || (payload.scope === undefined && hasUpsert) : payload.scope === 'download' || (payload.scope === undefined && !hasUpsert);
    if (!scoped) throw E.invalidSignature(`Token is not scoped for ${scope}`);
    if (payload.url !== `${bucket}/${key}`) throw E.invalidSignature();
    if (typeof payload.exp !== 'number' || payload.exp * 1000 < Date.now()) throw E.expiredSignature();
    return payload;
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
        return { tmp, ...state, md5: state.md5.digest('hex'), declaredType, fields, cacheControl: fields.cacheControl, multipart: true };
      }
      await pipeline(req, meter(), createWriteStream(tmp));
      return {
        tmp,
        ...state,
        md5: state.md5.digest('hex'),
        declaredType: ct || 'application/octet-stream',
        fields: {},
        cacheControl: req.headers['cache-control'],
        multipart: false,
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

  /** Checks the bytes against the bucket's rules; returns the content type to store (with its parameters). */
  async function contentTypeFor(b, up) {
    const declaredFull = String(up.declaredType || 'application/octet-stream').trim();
    const declared = baseType(declaredFull);
    if (!validContentType(declaredFull)) throw E.mime(declaredFull.slice(0, 100));
    if (!b.allowed_mime_types || b.allowed_mime_types.length === 0) return declaredFull;
    if (!mimeAllowed(declared, b.allowed_mime_types)) throw E.mime(declared);
    // Bytes the sniffer recognises must be of an allowed type; unrecognised bytes pass only for a declared
    // type the sniffer never recognises (text, JSON…), not for one it does (a PNG that is not a PNG).
    const sniffed = await fileTypeFromBuffer(up.head);
    if (!sniffed) {
      if (supportedMimeTypes.has(declared)) throw E.mismatch(declared, undefined);
      return declaredFull;
    }
    if (!mimeAllowed(sniffed.mime, b.allowed_mime_types)) throw E.mismatch(declared, sniffed.mime);
    return sniffed.mime === declared ? declaredFull : sniffed.mime; // serve what the bytes really are
  }

  /**
   * Checks a stored object against another bucket's size limit and types (copy, move), reading its
   * first bytes as an upload is read; returns the content type to store.
   */
  async function checkForBucket(b, metadata, source) {
    const limit = Math.min(maxUploadBytes, b.file_size_limit ? Number(b.file_size_limit) : Infinity);
    if (Number(metadata.size) > limit) throw E.tooLarge();
    let head = Buffer.alloc(0);
    if (b.allowed_mime_types && b.allowed_mime_types.length) {
      const fh = await open(source, 'r').catch(() => {
        throw E.notFound();
      });
      try {
        const buf = Buffer.alloc(SNIFF_BYTES);
        const { bytesRead } = await fh.read(buf, 0, SNIFF_BYTES, 0);
        head = buf.subarray(0, bytesRead);
      } finally {
        await fh.close();
      }
    }
    return contentTypeFor(b, { declaredType: metadata.mimetype, head });
  }

  /**
   * Receives an upload and writes the object. `who` is the caller (RLS decides) or null for a
   * signed upload URL, which writes as storage-api's superuser with the token's owner.
   */
  async function writeUpload(req, { who, bucket, key, mode, upsert, owner, jti, jtiExp }) {
    const b = await getBucket(bucket);
    const limit = Math.min(maxUploadBytes, b.file_size_limit ? Number(b.file_size_limit) : Infinity);
    const up = await receiveUpload(req, limit);
    try {
      if (up.size === 0) throw E.noFile();
      const mimetype = await contentTypeFor(b, up);
      const userMetadata = up.multipart ? parseUserMetadata(up.fields.metadata, false) : parseUserMetadata(req.headers['x-metadata'], true);
      const metadata = {
        eTag: `"${up.md5}"`,
        size: up.size,
        mimetype,
        cacheControl: sanitizeCacheControl(up.cacheControl),
        lastModified: new Date().toUTCString(),
        contentLength: up.size,
        httpStatusCode: 200,
      };
      const dest = filePath(bucket, key);
      const run = who ? (fn) => asCaller(who, fn) : (fn) => withTransaction(pool, fn);
      const id = await run(async (db) => {
        let rows;
        if (mode === 'update') {
          ({ rows } = await db.query(
            `update storage.objects set metadata = $3, user_metadata = $4, version = $5, owner = $6::uuid, owner_id = $6::text,
                    updated_at = now(), last_accessed_at = now()
             where bucket_id = $1 and name = $2 returning id`,
            [bucket, key, metadata, userMetadata, randomUUID(), owner],
          ));
          if (!rows[0]) throw E.notFound();
        } else {
          try {
            ({ rows } = await db.query(
              `insert into storage.objects (bucket_id, name, owner, owner_id, metadata, user_metadata, version)
               values ($1, $2, $3::uuid, $3::text, $4, $5, $6)
               ${upsert ? `on conflict (bucket_id, name) do update set metadata = excluded.metadata, user_metadata = excluded.user_metadata,
                 version = excluded.version, owner = excluded.owner, owner_id = excluded.owner_id, updated_at = now(), last_accessed_at = now()` : ''}
               returning id`,
              [bucket, key, owner, metadata, userMetadata, randomUUID()],
            ));
          } catch (e) {
            if (e.code === '23505') throw E.keyExists();
            throw e;
          }
        }
        if (jti) {
          // One upload per signed upload URL (stricter than storage-api, whose tokens work until they expire).
          await db.query('delete from storage.used_upload_tokens where expires_at < now()');
          const used = await db.query(
            'insert into storage.used_upload_tokens (jti, expires_at) values ($1, to_timestamp($2)) on conflict do nothing',
            [jti, jtiExp],
          );
          if (used.rowCount === 0) throw E.usedUploadToken();
        }
        await mkdir(path.dirname(dest), { recursive: true });
        await rename(up.tmp, dest);
        return rows[0].id;
      });
      return id;
    } catch (e) {
      if (e.code === 'ENOTDIR' || e.code === 'EISDIR' || e.code === 'EEXIST') throw E.badRequest('A file and a folder cannot have the same name');
      throw e;
    } finally {
      await rm(up.tmp, { force: true }).catch(() => {});
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
    const upsert = mode === 'update' || String(req.headers['x-upsert']).toLowerCase() === 'true';
    const id = await writeUpload(req, { who, bucket, key, mode, upsert, owner: ownerOf(who) });
    return [200, { Id: id, Key: `${bucket}/${key}` }];
  }

  async function sendObject(req, res, bucket, key, row, extraHeaders = {}) {
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
      ...extraHeaders,
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
    const b = await body(req);
    const prefixes = b.prefixes;
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

  function listPrefix(raw) {
    let prefix = typeof raw === 'string' ? raw : '';
    if (prefix.includes('\0') || prefix.includes('\\') || prefix.split('/').some((s) => s === '..')) throw E.invalidKey(prefix);
    return prefix.replace(/^\/+/, '');
  }

  async function list(req, bucketId) {
    const who = await caller(req);
    const bucket = validateBucketId(bucketId);
    const b = await body(req, 64 * 1024);
    let prefix = listPrefix(b.prefix);
    if (prefix && !prefix.endsWith('/')) prefix += '/';
    const limit = b.limit === undefined ? 100 : Number(b.limit);
    const offset = b.offset === undefined ? 0 : Number(b.offset);
    if (!Number.isInteger(limit) || limit < 1 || limit > 1000) throw E.badRequest('limit must be an integer from 1 to 1000');
    if (!Number.isInteger(offset) || offset < 0) throw E.badRequest('offset must be a non-negative integer');
    const column = b.sortBy?.column ?? 'name';
    const order = String(b.sortBy?.order ?? 'asc').toLowerCase();
    if (!['name', 'created_at', 'updated_at', 'last_accessed_at'].includes(column)) throw E.badRequest(`cannot sort by ${column}`);
    if (order !== 'asc' && order !== 'desc') throw E.badRequest('order must be asc or desc');
    const search = typeof b.search === 'string' ? b.search : '';
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
    all.sort((x, y) => {
      const va = column === 'name' ? x.name : x[column] ? new Date(x[column]).getTime() : -Infinity;
      const vb = column === 'name' ? y.name : y[column] ? new Date(y[column]).getTime() : -Infinity;
      if (va < vb) return -dir;
      if (va > vb) return dir;
      return x.name < y.name ? -1 : x.name > y.name ? 1 : 0;
    });
    return [200, all.slice(offset, offset + limit)];
  }

  /** POST /object/list-v2/:bucket — storage-api's listObjectsV2: full keys, folders with with_delimiter, cursor pages. */
  async function listV2(req, bucketId) {
    const who = await caller(req);
    const bucket = validateBucketId(bucketId);
    const b = await body(req, 64 * 1024);
    const prefix = listPrefix(b.prefix);
    if (b.limit !== undefined && (!Number.isInteger(b.limit) || b.limit < 1)) throw E.badRequest('body/limit must be >= 1');
    const limit = Math.min(b.limit ?? 1000, 1000);
    if (b.with_delimiter !== undefined && typeof b.with_delimiter !== 'boolean') throw E.badRequest('body/with_delimiter must be boolean');
    if (b.cursor !== undefined && typeof b.cursor !== 'string') throw E.badRequest('body/cursor must be string');
    if (b.sortBy !== undefined) {
      if (!b.sortBy || typeof b.sortBy !== 'object' || !['name', 'updated_at', 'created_at'].includes(b.sortBy.column)) {
        throw E.badRequest('body/sortBy/column must be equal to one of the allowed values');
      }
      if (b.sortBy.order !== undefined && !['asc', 'desc'].includes(b.sortBy.order)) throw E.badRequest('body/sortBy/order must be equal to one of the allowed values');
    }
    const cursor = b.cursor ? decodeCursor(b.cursor) : null;
    const column = cursor?.sortColumn || b.sortBy?.column || 'name';
    const order = cursor?.sortOrder || b.sortBy?.order || 'asc';
    await getBucket(bucket);
    const rows = await asCaller(who, async (db) =>
      (await db.query(
        'select id, name, updated_at, created_at, last_accessed_at, metadata from storage.objects where bucket_id = $1 and starts_with(name, $2)',
        [bucket, prefix],
      )).rows,
    );
    const entries = [];
    const seen = new Set();
    for (const r of rows) {
      const slash = b.with_delimiter ? r.name.indexOf('/', prefix.length) : -1;
      if (slash === -1) {
        entries.push({ key: r.name, name: r.name, id: r.id, updated_at: r.updated_at, created_at: r.created_at, last_accessed_at: r.last_accessed_at, metadata: r.metadata });
      } else {
        const folder = r.name.slice(0, slash + 1);
        if (seen.has(folder)) continue;
        seen.add(folder);
        entries.push({ key: folder, name: folder, id: null, updated_at: null, created_at: null, last_accessed_at: null, metadata: null });
      }
    }
    const dir = order === 'desc' ? -1 : 1;
    const timeOf = (e) => (e[column] ? new Date(e[column]).getTime() : 0);
    const cmp = (x, y) => {
      if (column !== 'name' && timeOf(x) !== timeOf(y)) return (timeOf(x) - timeOf(y)) * dir;
      return (x.name < y.name ? -1 : x.name > y.name ? 1 : 0) * dir;
    };
    entries.sort(cmp);
    let rest = entries;
    if (cursor?.startAfter) {
      const mark = { name: cursor.startAfter };
      if (column !== 'name') mark[column] = cursor.sortColumnAfter ? new Date(cursor.sortColumnAfter) : null;
      rest = entries.filter((e) => cmp(e, mark) > 0);
    }
    const page = rest.slice(0, limit);
    const hasNext = rest.length > limit;
    const last = page[page.length - 1];
    const out = {
      hasNext,
      folders: page.filter((e) => e.id === null),
      objects: page.filter((e) => e.id !== null),
    };
    if (hasNext) {
      out.nextCursor = encodeCursor({
        startAfter: last.name,
        sortOrder: order,
        sortColumn: cursor?.sortColumn || b.sortBy?.column,
        sortColumnAfter: column !== 'name' && last[column] ? new Date(last[column]).toISOString() : undefined,
      });
      out.nextCursorKey = last.name;
    }
    return [200, out];
  }

  // ----------------------------------------------------------------- buckets

  const bucketJson = (b) => ({
    id: b.id, name: b.name, owner: b.owner || '', public: Boolean(b.public), type: 'STANDARD',
    file_size_limit: b.file_size_limit === null ? null : Number(b.file_size_limit),
    allowed_mime_types: b.allowed_mime_types, created_at: b.created_at, updated_at: b.updated_at,
  });

  async function listBuckets(req) {
    const who = await caller(req);
    const q = new URL(req.url, 'http://x').searchParams;
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
    if (!['id', 'name', 'created_at', 'updated_at'].includes(column)) throw E.badRequest('querystring/sortColumn must be equal to one of the allowed values');
    if (!['asc', 'desc'].includes(order)) throw E.badRequest('querystring/sortOrder must be equal to one of the allowed values');
    const search = q.get('search') || '';
    const rows = await asCaller(who, async (db) =>
      (await db.query(
        `select * from storage.buckets where ($1 = '' or name ilike '%' || $1 || '%')
         order by ${column} ${order}, id limit $2 offset $3`,
        [search.replace(/[\\%_]/g, '\\$&'), limit ?? null, offset ?? 0],
      )).rows,
    );
    return [200, rows.map(bucketJson)];
  }

  async function getBucketRoute(req, id) {
    const who = await caller(req);
    const bucket = validateBucketId(id);
    const rows = await asCaller(who, async (db) => (await db.query('select * from storage.buckets where id = $1', [bucket])).rows);
    if (!rows[0]) throw E.bucketNotFound();
    const json = bucketJson(rows[0]);
    delete json.type; // storage-api's getBucket has no type (its listing does)
    return [200, json];
  }

  async function createBucket(req) {
    const who = await caller(req);
    const b = await body(req, 64 * 1024);
    if (typeof b.name !== 'string') throw E.missing('body', 'name');
    const id = typeof b.id === 'string' && b.id ? b.id : b.name;
    if (!isValidBucketName(b.name) || !isValidBucketName(id)) throw E.invalidBucketName();
    if (b.type !== undefined && b.type !== 'STANDARD') {
      throw new StorageError(409, 'FeatureNotEnabled', 'The feature iceberg_catalog is not enabled for this resource');
    }
    if (b.public !== undefined && typeof b.public !== 'boolean') throw E.badRequest('body/public must be boolean');
    const size = parseFileSizeLimit(b.file_size_limit, maxUploadBytes);
    const mimes = parseAllowedMimeTypes(b.allowed_mime_types);
    const owner = ownerOf(who);
    await asCaller(who, async (db) => {
      try {
        await db.query(
          `insert into storage.buckets (id, name, owner, owner_id, public, file_size_limit, allowed_mime_types)
           values ($1, $2, $3, $4, $5, $6, $7)`,
          [id, b.name, owner, who.claims.sub || null, b.public ?? false, size ?? null, mimes ?? null],
        );
      } catch (e) {
        if (e.code === '23505') throw E.duplicate();
        throw e;
      }
    });
    return [200, { name: b.name }];
  }

  async function updateBucket(req, rawId) {
    const who = await caller(req);
    const id = validateBucketId(rawId);
    const b = await body(req, 64 * 1024);
    if (b.public !== undefined && typeof b.public !== 'boolean') throw E.badRequest('body/public must be boolean');
    const size = parseFileSizeLimit(b.file_size_limit, maxUploadBytes);
    const mimes = parseAllowedMimeTypes(b.allowed_mime_types);
    const sets = [];
    const values = [id];
    const set = (col, v) => {
      if (v === undefined) return;
      values.push(v);
      sets.push(`${col} = $${values.length}`);
    };
    set('public', b.public);
    set('file_size_limit', size);
    set('allowed_mime_types', mimes);
    if (sets.length === 0) throw E.noContent();
    const rows = await asCaller(who, async (db) =>
      (await db.query(`update storage.buckets set ${sets.join(', ')}, updated_at = now() where id = $1 returning id`, values)).rows,
    );
    if (!rows[0]) throw E.bucketNotFound();
    return [200, { message: 'Successfully updated' }];
  }

  /** Deletes a bucket only when it holds no object (storage-api's BucketNotEmpty otherwise). */
  async function deleteBucket(req, rawId) {
    const who = await caller(req);
    const id = validateBucketId(rawId);
    req.resume();
    await withTransaction(pool, async (db) => {
      const found = await db.query('select id from storage.buckets where id = $1 for update', [id]);
      if (!found.rows[0]) throw E.bucketNotFound();
      const objects = await db.query('select 1 from storage.objects where bucket_id = $1 limit 1', [id]);
      if (objects.rows[0]) throw E.bucketNotEmpty();
      await becomeCaller(db, who);
      const deleted = await db.query('delete from storage.buckets where id = $1 returning id', [id]);
      if (!deleted.rows[0]) throw E.bucketNotFound();
    });
    await rm(path.join(root, id), { recursive: true, force: true }).catch(() => {});
    return [200, { message: 'Successfully deleted' }];
  }

  /** Removes the bucket's objects the caller may delete (RLS on storage.objects decides), at once. */
  async function emptyBucket(req, rawId) {
    const who = await caller(req);
    const id = validateBucketId(rawId);
    req.resume();
    const names = await asCaller(who, async (db) => {
      const found = await db.query('select id from storage.buckets where id = $1', [id]);
      if (!found.rows[0]) throw E.bucketNotFound();
      return (await db.query('delete from storage.objects where bucket_id = $1 returning name', [id])).rows.map((r) => r.name);
    });
    for (const name of names) await unlink(filePath(id, name)).catch(() => {});
    return [200, { message: 'Successfully emptied' }];
  }

  // ------------------------------------------------------------- signed URLs

  async function signUrl(req, bucketId, rawKey) {
    const who = await caller(req);
    const bucket = validateBucketId(bucketId);
    const key = validateKey(rawKey);
    const b = await body(req, 64 * 1024);
    const expiresIn = validExpiresIn(b.expiresIn);
    if (b.transform && typeof b.transform === 'object' && Object.keys(b.transform).length > 0) {
      throw new StorageError(400, 'InvalidRequest', 'Image transformations are not available on the local backend');
    }
    const rows = await asCaller(who, async (db) =>
      (await db.query('select id from storage.objects where bucket_id = $1 and name = $2', [bucket, key])).rows,
    );
    if (!rows[0]) throw E.notFound();
    const url = `${bucket}/${key}`;
    const token = await signToken({ url, scope: 'download' }, expiresIn);
    return [200, { signedURL: `/object/sign/${url}?token=${token}` }];
  }

  async function signUrls(req, bucketId) {
    const who = await caller(req);
    const bucket = validateBucketId(bucketId);
    const b = await body(req);
    const expiresIn = validExpiresIn(b.expiresIn);
    if (!Array.isArray(b.paths)) throw E.missing('body', 'paths');
    if (b.paths.length > 1000 || !b.paths.every((p) => typeof p === 'string')) throw E.badRequest('body/paths must be an array of at most 1000 strings');
    const found = await asCaller(who, async (db) =>
      new Set((await db.query('select name from storage.objects where bucket_id = $1 and name = any($2::text[])', [bucket, b.paths])).rows.map((r) => r.name)),
    );
    const out = [];
    for (const p of b.paths) {
      if (found.has(p)) {
        const url = `${bucket}/${p}`;
        const token = await signToken({ url, scope: 'download' }, expiresIn);
        out.push({ error: null, path: p, signedURL: `/object/sign/${url}?token=${token}` });
      } else {
        out.push({ error: 'Either the object does not exist or you do not have access to it', path: p, signedURL: null });
      }
    }
    return [200, out];
  }

  async function getSigned(req, res, bucketId, rawKey) {
    const bucket = validateBucketId(bucketId);
    const key = validateKey(rawKey);
    const q = new URL(req.url, 'http://x').searchParams;
    const payload = await verifySignedToken(q.get('token'), bucket, key, 'download');
    const { rows } = await pool.query('select * from storage.objects where bucket_id = $1 and name = $2', [bucket, key]);
    if (!rows[0]) throw E.notFound();
    await sendObject(req, res, bucket, key, rows[0], { expires: new Date(payload.exp * 1000).toUTCString() });
  }

  /** POST /object/upload/sign/:bucket/* — checks the caller may insert (RLS, rolled back), then signs. */
  async function signUploadUrl(req, bucketId, rawKey) {
    const who = await caller(req);
    const bucket = validateBucketId(bucketId);
    const key = validateKey(rawKey);
    req.resume();
    const upsert = String(req.headers['x-upsert']).toLowerCase() === 'true';
    const owner = ownerOf(who);
    await getBucket(bucket);
    await testAsCaller(who, async (db) => {
      try {
        await db.query(
          `insert into storage.objects (bucket_id, name, owner, owner_id, metadata, version) values ($1, $2, $3::uuid, $3::text, '{}', $4)
           ${upsert ? 'on conflict (bucket_id, name) do update set owner = excluded.owner, owner_id = excluded.owner_id, version = excluded.version' : ''}`,
          [bucket, key, owner, randomUUID()],
        );
      } catch (e) {
        if (e.code === '23505') throw E.keyExists();
        throw e;
      }
    });
    const url = `${bucket}/${key}`;
    const token = await signToken({ owner: owner ?? undefined, url, upsert, scope: 'upload', jti: randomUUID() }, UPLOAD_URL_TTL);
    return [200, { url: `/object/upload/sign/${url}?token=${token}`, token }];
  }

  /** PUT /object/upload/sign/:bucket/*?token= — one upload per token, as the token's owner. */
  async function uploadSigned(req, bucketId, rawKey) {
    const bucket = validateBucketId(bucketId);
    const key = validateKey(rawKey);
    const q = new URL(req.url, 'http://x').searchParams;
    const payload = await verifySignedToken(q.get('token'), bucket, key, 'upload');
    const owner = typeof payload.owner === 'string' && /^[0-9a-f-]{36}$/i.test(payload.owner) ? payload.owner : null;
    const jti = typeof payload.jti === 'string' ? payload.jti : q.get('token');
    await writeUpload(req, { who: null, bucket, key, mode: 'create', upsert: payload.upsert === true, owner, jti, jtiExp: payload.exp });
    return [200, { Key: `${bucket}/${key}` }];
  }

  // ------------------------------------------------------ move, copy, info

  /** The source and destination of a move or copy body (storage-api: bucketId, sourceKey, destinationKey, destinationBucket). */
  function moveCopyTarget(b) {
    const bucket = validateBucketId(encodeURIComponent(requireString(b, 'bucketId')));
    const from = validateKey(encodeURIComponent(requireString(b, 'sourceKey')));
    const to = validateKey(encodeURIComponent(requireString(b, 'destinationKey')));
    const destBucket = b.destinationBucket ? validateBucketId(encodeURIComponent(String(b.destinationBucket))) : bucket;
    return { bucket, from, to, destBucket };
  }

  async function moveObject(req) {
    const who = await caller(req);
    const b = await body(req, 64 * 1024);
    const { bucket, from, to, destBucket } = moveCopyTarget(b);
    const destRow = await getBucket(destBucket);
    const id = await asCaller(who, async (db) => {
      const src = await db.query('select id, metadata from storage.objects where bucket_id = $1 and name = $2', [bucket, from]);
      if (!src.rows[0]) throw E.notFound();
      if (bucket === destBucket && from === to) return src.rows[0].id;
      // Another bucket's size limit and types apply (storage-api moves without checking them).
      if (bucket !== destBucket) await checkForBucket(destRow, src.rows[0].metadata || {}, filePath(bucket, from));
      let rows;
      try {
        ({ rows } = await db.query(
          `update storage.objects set bucket_id = $3, name = $4, owner = coalesce($5::uuid, owner), owner_id = coalesce($5::text, owner_id),
                  version = $6, updated_at = now()
           where bucket_id = $1 and name = $2 returning id`,
          [bucket, from, destBucket, to, ownerOf(who), randomUUID()],
        ));
      } catch (e) {
        if (e.code === '23505') throw E.keyExists();
        throw e;
      }
      if (!rows[0]) throw E.notFound();
      const dest = filePath(destBucket, to);
      await mkdir(path.dirname(dest), { recursive: true });
      await rename(filePath(bucket, from), dest);
      return rows[0].id;
    });
    return [200, { message: 'Successfully moved', Id: id, Key: to }];
  }

  async function copyObject(req) {
    const who = await caller(req);
    const b = await body(req, 64 * 1024);
    const { bucket, from, to, destBucket } = moveCopyTarget(b);
    const copyMetadata = b.copyMetadata ?? true;
    if (typeof copyMetadata !== 'boolean') throw E.badRequest('body/copyMetadata must be boolean');
    const upsert = String(req.headers['x-upsert']).toLowerCase() === 'true';
    const dest = await getBucket(destBucket);
    const row = await asCaller(who, async (db) => {
      const src = (await db.query('select * from storage.objects where bucket_id = $1 and name = $2', [bucket, from])).rows[0];
      if (!src) throw E.notFound();
      const metadata = { ...(src.metadata || {}) };
      if (!copyMetadata && b.metadata && typeof b.metadata === 'object') {
        if (typeof b.metadata.cacheControl === 'string') metadata.cacheControl = sanitizeCacheControl(b.metadata.cacheControl);
        if (typeof b.metadata.mimetype === 'string') {
          if (!validContentType(b.metadata.mimetype)) throw E.mime(b.metadata.mimetype.slice(0, 100));
          metadata.mimetype = b.metadata.mimetype.trim();
        }
      }
      metadata.mimetype = await checkForBucket(dest, metadata, filePath(bucket, from));
      metadata.lastModified = new Date().toUTCString();
      const userMetadata = copyMetadata ? src.user_metadata : parseUserMetadata(req.headers['x-metadata'], true);
      let rows;
      try {
        ({ rows } = await db.query(
          `insert into storage.objects (bucket_id, name, owner, owner_id, metadata, user_metadata, version)
           values ($1, $2, $3::uuid, $3::text, $4, $5, $6)
           ${upsert ? `on conflict (bucket_id, name) do update set metadata = excluded.metadata, user_metadata = excluded.user_metadata,
             version = excluded.version, owner = excluded.owner, owner_id = excluded.owner_id, updated_at = now()` : ''}
           returning id, name, bucket_id, owner, owner_id, version, metadata, user_metadata, created_at, updated_at, last_accessed_at`,
          [destBucket, to, ownerOf(who), metadata, userMetadata, randomUUID()],
        ));
      } catch (e) {
        if (e.code === '23505') throw E.keyExists();
        throw e;
      }
      const target = filePath(destBucket, to);
      await mkdir(path.dirname(target), { recursive: true });
      await copyFile(filePath(bucket, from), target);
      return rows[0];
    });
    return [200, { Id: row.id, Key: `${destBucket}/${to}`, ...row }];
  }

  /** GET /object/info/(authenticated/|public/)?:bucket/* — storage-api's InfoRenderer body. */
  async function info(req, res, bucketId, rawKey, publicRoute) {
    const who = await caller(req, !publicRoute);
    const bucket = validateBucketId(bucketId);
    const key = validateKey(rawKey);
    const { rows: brows } = await pool.query('select public from storage.buckets where id = $1', [bucket]);
    if (!brows[0] || (publicRoute && !brows[0].public)) throw E.bucketNotFound();
    const query = 'select id, name, version, bucket_id, metadata, user_metadata, updated_at, created_at from storage.objects where bucket_id = $1 and name = $2';
    const rows = brows[0].public ? (await pool.query(query, [bucket, key])).rows : await asCaller(who, async (db) => (await db.query(query, [bucket, key])).rows);
    const obj = rows[0];
    if (!obj) throw E.notFound();
    const meta = obj.metadata || {};
    const json = {
      id: obj.id,
      name: obj.name,
      version: obj.version,
      bucket_id: obj.bucket_id,
      size: meta.size ?? null,
      content_type: meta.mimetype ?? null,
      cache_control: meta.cacheControl ?? null,
      etag: meta.eTag ?? null,
      metadata: obj.user_metadata,
      last_modified: obj.updated_at,
      created_at: obj.created_at,
    };
    const headers = { 'last-modified': new Date(obj.updated_at).toUTCString(), 'cache-control': meta.cacheControl || 'no-cache' };
    if (meta.eTag) headers.etag = meta.eTag;
    sendJson(res, 200, json, headers);
  }

  // ------------------------------------------------------------------ routes

  async function route(req, res, subpath) {
    const m = req.method;
    let match;
    if (subpath === '/bucket' || subpath === '/bucket/') {
      if (m === 'GET') return listBuckets(req);
      if (m === 'POST') return createBucket(req);
    } else if ((match = /^\/bucket\/([^/]+)\/empty$/.exec(subpath))) {
      if (m === 'POST') return emptyBucket(req, match[1]);
    } else if ((match = /^\/bucket\/([^/]+)$/.exec(subpath))) {
      if (m === 'GET') return getBucketRoute(req, match[1]);
      if (m === 'PUT') return updateBucket(req, match[1]);
      if (m === 'DELETE') return deleteBucket(req, match[1]);
    } else if ((match = /^\/object\/list\/([^/]+)$/.exec(subpath))) {
      if (m === 'POST') return list(req, match[1]);
    } else if ((match = /^\/object\/list-v2\/([^/]+)$/.exec(subpath))) {
      if (m === 'POST') return listV2(req, match[1]);
    } else if (subpath === '/object/move') {
      if (m === 'POST') return moveObject(req);
    } else if (subpath === '/object/copy') {
      if (m === 'POST') return copyObject(req);
    } else if ((match = /^\/object\/upload\/sign\/([^/]+)\/(.+)$/.exec(subpath))) {
      if (m === 'POST') return signUploadUrl(req, match[1], match[2]);
      if (m === 'PUT') return uploadSigned(req, match[1], match[2]);
    } else if ((match = /^\/object\/sign\/([^/]+)\/?$/.exec(subpath))) {
      if (m === 'POST') return signUrls(req, match[1]);
    } else if ((match = /^\/object\/sign\/([^/]+)\/(.+)$/.exec(subpath))) {
      if (m === 'POST') return signUrl(req, match[1], match[2]);
      if (m === 'GET' || m === 'HEAD') return getSigned(req, res, match[1], match[2]);
    } else if ((match = /^\/object\/info\/public\/([^/]+)\/(.+)$/.exec(subpath))) {
      if (m === 'GET') return info(req, res, match[1], match[2], true);
    } else if ((match = /^\/object\/info\/(?:authenticated\/)?([^/]+)\/(.+)$/.exec(subpath))) {
      if (m === 'GET') return info(req, res, match[1], match[2], false);
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
    // an unknown route is the HTTP server's own 404 (storage-api's web framework), not a storage error
    const notRoute = new StorageError(404, 'NotFound', `Route ${m}:${subpath} not found`, 'Not Found');
    notRoute.keepStatus = true;
    throw notRoute;
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
        if (e.code === '42501') err = E.rls(/row-level security/.test(e.message) ? undefined : e.message);
        else if (e.code === '23505') err = E.duplicate();
        else if (e.code === '23503') err = E.bucketNotFound();
        else if (isDbDownError(e)) err = E.dbDown();
        else {
          log(`storage: unexpected error on ${req.method} ${subpath}: ${e.stack || e.message}`);
          err = E.internal();
        }
      }
      if (!req.complete) req.resume();
      sendJson(res, httpStatus(err), errorBody(err));
    }
  }

  return { handle, seedFiles };
}
