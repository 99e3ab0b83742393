// Validation of what callers send: object keys, bucket names, bucket settings, cache control,
// user metadata, JSON bodies. Errors are storage-api's (errors.js).
import { readJson } from '../http-util.js';
import { E } from './errors.js';

const KEY_RE = /^(\w|\/|!|-|\.|\*|'|\(|\)| |&|\$|@|=|;|:|\+|,|\?)*$/u;

/**
 * Validates and decodes an object key. Refuses traversal, absolute paths, backslashes, NUL.
 * @param {string} raw the key, URL-encoded
 * @returns {string}
 */
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

/** @param {unknown} id @returns {id is string} */
export function isValidBucketName(id) {
  return typeof id === 'string' && BUCKET_NAME_RE.test(id) && id.trim() === id && !['.', '..', '.tmp'].includes(id);
}

/**
 * @param {string} raw the bucket id, URL-encoded
 * @returns {string}
 */
export function validateBucketId(raw) {
  let id;
  try {
    id = decodeURIComponent(raw);
  } catch {
    throw E.invalidBucketName();
  }
  if (!isValidBucketName(id)) throw E.invalidBucketName();
  return id;
}

/** @param {unknown} v @returns {string} */
export function sanitizeCacheControl(v) {
  if (v === undefined || v === null || v === '') return 'no-cache';
  const s = String(v).trim();
  if (/^\d+$/.test(s)) return `max-age=${s}`;
  return /^[\w=, -]{1,200}$/.test(s) ? s : 'no-cache';
}

/**
 * storage-api's file size rule: an integer of bytes, or "20GB" / "20MB" / "30KB" / "3B".
 * @param {unknown} v
 * @param {number} max
 * @returns {number | null | undefined}
 */
export function parseFileSizeLimit(v, max) {
  if (v === undefined || v === null) return v;
  let n;
  if (typeof v === 'number') {
    if (!Number.isSafeInteger(v) || v < 0) throw E.invalidFileSize();
    n = v;
  } else if (typeof v === 'string') {
    const m = /^([0-9]+(?:\.[0-9]+)?)(gb|mb|kb|b)$/i.exec(v);
    if (!m) throw E.invalidFileSize();
    /** @type {Record<string, number>} */
    const units = { GB: 1e9, MB: 1e6, KB: 1e3, B: 1 };
    n = Math.round(+parseFloat(m[1]).toPrecision(3) * units[m[2].toUpperCase()]);
  } else {
    throw E.invalidFileSize();
  }
  if (n > max) throw E.tooLarge();
  return n;
}

/**
 * storage-api's allowed_mime_types rule; a refused entry answers InvalidMimeType (415).
 * @param {unknown} v
 * @returns {string[] | null | undefined}
 */
export function parseAllowedMimeTypes(v) {
  if (v === undefined || v === null) return v;
  if (!Array.isArray(v) || !v.every((x) => typeof x === 'string')) throw E.badRequest('body/allowed_mime_types must be array of strings');
  /** @type {string[]} */
  const list = v.filter((x) => x);
  for (const t of list) {
    if (t.length > 1000 || !/^([a-zA-Z0-9\-+.]+)\/([a-zA-Z0-9\-+.]+)(;\s*charset=[a-zA-Z0-9-]+)?$|\*$/.test(t)) throw E.mime(t);
  }
  return list;
}

/**
 * Decodes storage-js's user metadata: the x-metadata header (base64 JSON) or the multipart field (JSON).
 * @param {unknown} value
 * @param {boolean} base64
 * @returns {Record<string, unknown> | null}
 */
export function parseUserMetadata(value, base64) {
  if (value === undefined || value === null || value === '') return null;
  /** @type {unknown} */
  let parsed;
  try {
    parsed = JSON.parse(base64 ? Buffer.from(String(value), 'base64').toString('utf8') : String(value));
  } catch {
    throw E.badRequest('metadata must be a JSON object');
  }
  if (!isRecord(parsed)) throw E.badRequest('metadata must be a JSON object');
  if (JSON.stringify(parsed).length > 64 * 1024) throw E.badRequest('metadata must be at most 64 KB');
  return parsed;
}

/** @param {unknown} v @returns {v is Record<string, unknown>} */
export function isRecord(v) {
  return Boolean(v) && typeof v === 'object' && !Array.isArray(v);
}

/**
 * @param {Record<string, unknown>} body
 * @param {string} name
 * @returns {string}
 */
export function requireString(body, name) {
  const v = body[name];
  if (typeof v !== 'string' || v === '') throw E.missing('body', name);
  return v;
}

/**
 * A listing prefix: no traversal, no leading slash.
 * @param {unknown} raw
 * @returns {string}
 */
export function listPrefix(raw) {
  const prefix = typeof raw === 'string' ? raw : '';
  if (prefix.includes('\0') || prefix.includes('\\') || prefix.split('/').some((s) => s === '..')) throw E.invalidKey(prefix);
  return prefix.replace(/^\/+/, '');
}

/** The x-upsert header, as storage-js sends it. @param {import('node:http').IncomingMessage} req */
export function upsertHeader(req) {
  return String(req.headers['x-upsert']).toLowerCase() === 'true';
}

/**
 * Reads a JSON object body (an empty body is {}).
 * @param {import('node:http').IncomingMessage} req
 * @param {number} [limit]
 * @returns {Promise<Record<string, unknown>>}
 */
export async function jsonBody(req, limit = 256 * 1024) {
  /** @type {unknown} */
  let parsed;
  try {
    parsed = await readJson(req, limit, null);
  } catch (e) {
    if (e && typeof e === 'object' && 'status' in e && e.status === 413) throw E.tooLarge();
    throw E.badRequest('Body must be JSON');
  }
  return isRecord(parsed) ? parsed : {};
}
