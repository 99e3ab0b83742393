// Receiving an upload (raw body or storage-js's multipart form) into a temp file, then writing the
// object: bucket rules (size, types), metadata, the storage.objects row as the caller, the file.
import { createHash, randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, rename, rm } from 'node:fs/promises';
import path from 'node:path';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import busboy from 'busboy';
import { withTransaction } from '../pg-tx.js';
import { SNIFF_BYTES, contentTypeFor, sizeLimit } from './content.js';
import { asCaller, getBucket } from './db.js';
import { E, StorageError, keyMustBeFree, pgCode } from './errors.js';
import { filePath } from './files.js';
import { parseUserMetadata, sanitizeCacheControl } from './validate.js';

/** @typedef {import('./types.js').RequestContext} RequestContext */
/** @typedef {import('./types.js').ReceivedUpload} ReceivedUpload */
/** @typedef {import('./types.js').Caller} Caller */
/** @typedef {import('pg').PoolClient} PoolClient */

/**
 * Streams the upload to a temp file, counting, hashing and keeping the first bytes.
 * @param {RequestContext} ctx
 * @param {number} limit the most bytes taken
 * @returns {Promise<ReceivedUpload>}
 */
export async function receiveUpload(ctx, limit) {
  const { req } = ctx;
  await mkdir(ctx.deps.tmpDir, { recursive: true });
  const tmp = path.join(ctx.deps.tmpDir, randomUUID());
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
        const buf = /** @type {Buffer} */ (chunk);
        state.size += buf.length;
        if (state.size > limit) {
          state.tooLarge = true;
          cb(E.tooLarge());
          return;
        }
        if (state.head.length < SNIFF_BYTES) state.head = Buffer.concat([state.head, buf.subarray(0, SNIFF_BYTES - state.head.length)]);
        state.md5.update(buf);
        cb(null, buf);
      },
    });
  /** @param {string | undefined} declaredType @param {Record<string, string>} fields @param {string | undefined} cacheControl @param {boolean} multipart */
  const received = (declaredType, fields, cacheControl, multipart) => ({
    tmp,
    size: state.size,
    head: state.head,
    md5: state.md5.digest('hex'),
    declaredType: declaredType || 'application/octet-stream',
    fields,
    cacheControl,
    multipart,
  });
  try {
    if (/^multipart\/form-data/i.test(ct)) {
      const { fields, declaredType } = await receiveMultipart(ctx, tmp, limit, meter);
      return received(declaredType, fields, fields.cacheControl, true);
    }
    await pipeline(req, meter(), createWriteStream(tmp));
    const cacheControl = req.headers['cache-control'];
    return received(ct, {}, typeof cacheControl === 'string' ? cacheControl : undefined, false);
  } catch (e) {
    await rm(tmp, { force: true }).catch(() => {});
    if (state.tooLarge) {
      req.resume();
      throw E.tooLarge();
    }
    throw e instanceof StorageError ? e : E.badRequest('The upload could not be read');
  }
}

/**
 * The first file of a multipart form into `tmp`, and the form's fields.
 * @param {RequestContext} ctx
 * @param {string} tmp
 * @param {number} limit
 * @param {() => Transform} meter
 * @returns {Promise<{ fields: Record<string, string>, declaredType: string | undefined }>}
 */
function receiveMultipart(ctx, tmp, limit, meter) {
  const { req } = ctx;
  /** @type {Record<string, string>} */
  const fields = {};
  /** @type {string | undefined} */
  let declaredType;
  let gotFile = false;
  return new Promise((resolve, reject) => {
    let bb;
    try {
      bb = busboy({ headers: req.headers, limits: { files: 1, fields: 20, fieldSize: 64 * 1024, fileSize: limit + 1 } });
    } catch {
      reject(E.badRequest('Malformed multipart body'));
      return;
    }
    /** @type {Promise<void> | null} */
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
        reject(E.noFile());
        return;
      }
      filePromise.then(() => resolve({ fields, declaredType }), reject);
    });
    req.pipe(bb);
  });
}

/**
 * @typedef {object} WriteOptions
 * @property {Caller | null} who the caller (RLS decides), or null for a signed upload URL, which
 *   writes as storage-api's superuser with the token's owner
 * @property {string} bucket
 * @property {string} key
 * @property {'create' | 'update'} mode
 * @property {boolean} upsert
 * @property {string | null} owner
 * @property {string} [jti] a signed upload URL's token id: one upload per token
 * @property {number} [jtiExp]
 */

/**
 * Receives an upload and writes the object; returns its id.
 * @param {RequestContext} ctx
 * @param {WriteOptions} options
 * @returns {Promise<string>}
 */
export async function writeUpload(ctx, { who, bucket, key, mode, upsert, owner, jti, jtiExp }) {
  const { pool, maxUploadBytes } = ctx.deps;
  const b = await getBucket(pool, bucket);
  const up = await receiveUpload(ctx, sizeLimit(b, maxUploadBytes));
  try {
    if (up.size === 0) throw E.noFile();
    const mimetype = await contentTypeFor(b, up);
    const userMetadata = up.multipart ? parseUserMetadata(up.fields.metadata, false) : parseUserMetadata(ctx.req.headers['x-metadata'], true);
    const metadata = {
      eTag: `"${up.md5}"`,
      size: up.size,
      mimetype,
      cacheControl: sanitizeCacheControl(up.cacheControl),
      lastModified: new Date().toUTCString(),
      contentLength: up.size,
      httpStatusCode: 200,
    };
    const dest = filePath(ctx.deps.root, bucket, key);
    /** @param {(db: PoolClient) => Promise<string>} fn */
    const run = (fn) => (who ? asCaller(pool, who, fn) : withTransaction(pool, fn));
    return await run(async (db) => {
      /** @type {{ id: string }[]} */
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
        ({ rows } = await keyMustBeFree(() =>
          db.query(
            `insert into storage.objects (bucket_id, name, owner, owner_id, metadata, user_metadata, version)
             values ($1, $2, $3::uuid, $3::text, $4, $5, $6)
             ${upsert ? `on conflict (bucket_id, name) do update set metadata = excluded.metadata, user_metadata = excluded.user_metadata,
               version = excluded.version, owner = excluded.owner, owner_id = excluded.owner_id, updated_at = now(), last_accessed_at = now()` : ''}
             returning id`,
            [bucket, key, owner, metadata, userMetadata, randomUUID()],
          ),
        ));
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
  } catch (e) {
    const code = pgCode(e);
    if (code === 'ENOTDIR' || code === 'EISDIR' || code === 'EEXIST') throw E.badRequest('A file and a folder cannot have the same name');
    throw e;
  } finally {
    await rm(up.tmp, { force: true }).catch(() => {});
  }
}
