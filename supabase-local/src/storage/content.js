// Content types: what a bucket allows, and what the bytes are (file-type's detection). An upload whose
// bytes are of another type than declared is stored as what the bytes are, when the bucket allows it.
import { open } from 'node:fs/promises';
import { fileTypeFromBuffer, supportedMimeTypes } from 'file-type';
import { E } from './errors.js';

/** @typedef {import('./types.js').BucketRow} BucketRow */
/** @typedef {import('./types.js').ObjectMetadata} ObjectMetadata */

/** How many first bytes detection reads (file-type's sample size). */
export const SNIFF_BYTES = 4100;

/** @param {unknown} mime */
export const baseType = (mime) => String(mime || '').split(';')[0].trim().toLowerCase();

/**
 * @param {string} mime
 * @param {string[] | null} allowed the bucket's allowed_mime_types (none: anything)
 */
export function mimeAllowed(mime, allowed) {
  if (!allowed || allowed.length === 0) return true;
  const m = baseType(mime);
  return allowed.some((a) => {
    const x = baseType(a);
    return x === '*' || x === '*/*' || x === m || (x.endsWith('/*') && m.startsWith(x.slice(0, -1)));
  });
}

/**
 * A content type that can be stored and sent back as a header: type/subtype, then printable parameters.
 * @param {unknown} v
 */
export function validContentType(v) {
  const s = String(v).trim();
  return /^[\x20-\x7e]{1,255}$/.test(s) && /^[\w.+-]+\/[\w.+-]+$/.test(baseType(s));
}

/**
 * The type the bytes are, when file-type recognises them.
 * @param {Uint8Array} head the first bytes
 * @returns {Promise<string | undefined>}
 */
export async function detectType(head) {
  return (await fileTypeFromBuffer(head))?.mime;
}

/**
 * Checks the bytes against the bucket's rules; returns the content type to store (with its parameters).
 * @param {Pick<BucketRow, 'allowed_mime_types'>} bucket
 * @param {{ declaredType: string | undefined, head: Uint8Array }} upload
 * @returns {Promise<string>}
 */
export async function contentTypeFor(bucket, upload) {
  const declaredFull = String(upload.declaredType || 'application/octet-stream').trim();
  const declared = baseType(declaredFull);
  if (!validContentType(declaredFull)) throw E.mime(declaredFull.slice(0, 100));
  const allowed = bucket.allowed_mime_types;
  if (!allowed || allowed.length === 0) return declaredFull;
  if (!mimeAllowed(declared, allowed)) throw E.mime(declared);
  // Bytes the detector recognises must be of an allowed type; unrecognised bytes pass only for a declared
  // type the detector never recognises (text, JSON…), not for one it does (a PNG that is not a PNG).
  const detected = await detectType(upload.head);
  if (!detected) {
    if (supportedMimeTypes.has(declared)) throw E.mismatch(declared, undefined);
    return declaredFull;
  }
  if (!mimeAllowed(detected, allowed)) throw E.mismatch(declared, detected);
  return detected === declared ? declaredFull : detected; // serve what the bytes really are
}

/**
 * Reads a stored file's first bytes.
 * @param {string} file
 * @returns {Promise<Buffer>}
 */
export async function readHead(file) {
  const fh = await open(file, 'r').catch(() => {
    throw E.notFound();
  });
  try {
    const buf = Buffer.alloc(SNIFF_BYTES);
    const { bytesRead } = await fh.read(buf, 0, SNIFF_BYTES, 0);
    return buf.subarray(0, bytesRead);
  } finally {
    await fh.close();
  }
}

/**
 * Checks a stored object against another bucket's size limit and types (copy, move), reading its
 * first bytes as an upload's are read; returns the content type to store.
 * @param {BucketRow} bucket the destination
 * @param {ObjectMetadata} metadata the object's metadata (size, declared type)
 * @param {string} source the object's file
 * @param {number} maxUploadBytes
 * @returns {Promise<string>}
 */
export async function checkForBucket(bucket, metadata, source, maxUploadBytes) {
  if (Number(metadata.size) > sizeLimit(bucket, maxUploadBytes)) throw E.tooLarge();
  const head = bucket.allowed_mime_types && bucket.allowed_mime_types.length ? await readHead(source) : Buffer.alloc(0);
  return contentTypeFor(bucket, { declaredType: metadata.mimetype, head });
}

/**
 * The largest object the bucket takes.
 * @param {Pick<BucketRow, 'file_size_limit'>} bucket
 * @param {number} maxUploadBytes the service's own limit
 */
export function sizeLimit(bucket, maxUploadBytes) {
  return Math.min(maxUploadBytes, bucket.file_size_limit ? Number(bucket.file_size_limit) : Infinity);
}
