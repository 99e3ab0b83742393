// Errors in storage-api's shape: { statusCode, code, error, message }, with its codes
// (src/internal/errors/codes.ts), legacy `error` names and messages.
import { isDbDownError } from '../http-util.js';

export class StorageError extends Error {
  /**
   * @param {number} status the status storage-api reports in the body (statusCode)
   * @param {string} code storage-api's ErrorCode
   * @param {string} message
   * @param {string} [error] storage-api's legacy `error` field (defaults to the code)
   * @param {boolean} [keepStatus] answer with `status` itself rather than storage-api's HTTP 400 for 4xx
   */
  constructor(status, code, message, error, keepStatus = false) {
    super(message);
    this.status = status;
    this.code = code;
    this.error = error || code;
    this.keepStatus = keepStatus;
  }
}

export const E = {
  notFound: () => new StorageError(404, 'NoSuchKey', 'Object not found', 'not_found'),
  bucketNotFound: () => new StorageError(404, 'NoSuchBucket', 'Bucket not found', 'Bucket not found'),
  invalidBucketName: () => new StorageError(400, 'InvalidBucketName', 'Bucket name invalid', 'Invalid Input'),
  bucketNotEmpty: () => new StorageError(409, 'ResourceNotEmpty', 'The bucket you tried to delete is not empty'),
  /** @param {string} key */
  invalidKey: (key) => new StorageError(400, 'InvalidKey', `Invalid key: ${key}`),
  rls: (m = 'new row violates row-level security policy') => new StorageError(403, 'AccessDenied', m, 'Unauthorized'),
  duplicate: () => new StorageError(409, 'ResourceAlreadyExists', 'The resource already exists', 'Duplicate'),
  keyExists: () => new StorageError(409, 'KeyAlreadyExists', 'The resource already exists', 'Duplicate'),
  tooLarge: () => new StorageError(413, 'EntityTooLarge', 'The object exceeded the maximum allowed size', 'Payload too large'),
  /** @param {string} m */
  mime: (m) => new StorageError(415, 'InvalidMimeType', `mime type ${m} is not supported`, 'invalid_mime_type'),
  /**
   * Stricter than Supabase: the bytes must be of an allowed type too (README, Backend).
   * @param {string} declared @param {string | undefined} sniffed
   */
  mismatch: (declared, sniffed) =>
    new StorageError(415, 'InvalidMimeType', `File content (${sniffed || 'unrecognised'}) does not match the allowed types (declared ${declared})`, 'invalid_mime_type'),
  /** storage-api's schema validation of its authSchema (FST_ERR_VALIDATION → InvalidRequest, error: the Error's name). */
  noAuth: () => new StorageError(400, 'InvalidRequest', "headers must have required property 'authorization'", 'Error'),
  /** @param {string} m */
  badJwt: (m) => new StorageError(400, 'InvalidJWT', m),
  invalidSignature: (m = 'Invalid signature') => new StorageError(400, 'InvalidSignature', m),
  expiredSignature: () => new StorageError(400, 'ExpiredToken', 'The provided token has expired.'),
  usedUploadToken: () => new StorageError(400, 'InvalidSignature', 'The signed upload URL has already been used'),
  /** @param {string} name */
  invalidParameter: (name) => new StorageError(400, 'InvalidParameter', `Invalid Parameter ${name}`),
  /** @param {string} where @param {string} name */
  missing: (where, name) => new StorageError(400, 'InvalidRequest', `${where} must have required property '${name}'`),
  /** @param {string} m */
  badRequest: (m) => new StorageError(400, 'InvalidRequest', m),
  noContent: () => new StorageError(400, 'InvalidRequest', 'No content provided'),
  invalidFileSize: () => new StorageError(400, 'InvalidRequest', 'Invalid file size format, hint: use 20GB / 20MB / 30KB / 3B'),
  noFile: () => new StorageError(400, 'InvalidRequest', 'Empty file: the upload has no content'),
  featureNotEnabled: () => new StorageError(409, 'FeatureNotEnabled', 'The feature iceberg_catalog is not enabled for this resource'),
  noTransformations: () => new StorageError(400, 'InvalidRequest', 'Image transformations are not available on the local backend'),
  /** An unknown route is the HTTP server's own 404 (storage-api's web framework), not a storage error. @param {string} method @param {string} subpath */
  noRoute: (method, subpath) => new StorageError(404, 'NotFound', `Route ${method}:${subpath} not found`, 'Not Found', true),
  dbDown: () => new StorageError(503, 'DatabaseError', 'Database unavailable: the storage service cannot reach PostgreSQL', 'DatabaseUnavailable'),
  internal: () => new StorageError(500, 'InternalError', 'Internal Server Error', 'Internal'),
};

/** @param {StorageError} e */
export function errorBody(e) {
  return { statusCode: String(e.status), code: e.code, error: e.error, message: e.message };
}

/**
 * storage-api answers every 4xx with HTTP 400 and the real status in the body's statusCode
 * (a legacy choice its maintainers keep); 5xx keep their status.
 * @param {StorageError} e
 */
export function httpStatus(e) {
  return e.status >= 500 || e.keepStatus ? e.status : 400;
}

/** @param {unknown} e @returns {string | undefined} */
export function pgCode(e) {
  return e && typeof e === 'object' && 'code' in e && typeof e.code === 'string' ? e.code : undefined;
}

/** @param {unknown} e */
export function messageOf(e) {
  return e instanceof Error ? e.message : String(e);
}

/**
 * Maps any error to storage-api's: PostgreSQL's RLS refusal, unique and foreign-key violations,
 * an unreachable database; anything else is logged and answered as an internal error.
 * @param {unknown} e
 * @param {(message: string) => void} logUnexpected
 * @returns {StorageError}
 */
export function toStorageError(e, logUnexpected) {
  if (e instanceof StorageError) return e;
  const code = pgCode(e);
  if (code === '42501') return E.rls(/row-level security/.test(messageOf(e)) ? undefined : messageOf(e));
  if (code === '23505') return E.duplicate();
  if (code === '23503') return E.bucketNotFound();
  if (isDbDownError(e)) return E.dbDown();
  logUnexpected(e instanceof Error ? e.stack || e.message : String(e));
  return E.internal();
}

/**
 * Runs `fn`, turning a unique violation into KeyAlreadyExists (an object key that is taken).
 * @template T
 * @param {() => Promise<T>} fn
 * @returns {Promise<T>}
 */
export async function keyMustBeFree(fn) {
  try {
    return await fn();
  } catch (e) {
    if (pgCode(e) === '23505') throw E.keyExists();
    throw e;
  }
}
