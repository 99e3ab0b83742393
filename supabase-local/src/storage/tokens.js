// Signed-URL tokens, as storage-api signs and checks them: HS256 JWTs naming `<bucket>/<key>`,
// scoped for download or upload.
import { SignJWT, jwtVerify } from 'jose';
import { E, messageOf } from './errors.js';

/** @typedef {import('./types.js').SignedTokenPayload} SignedTokenPayload */

/** Signed upload URLs live two hours, as in storage-api (UPLOAD_SIGNED_URL_EXPIRATION_TIME). */
export const UPLOAD_URL_TTL = 7200;
const MAX_SIGNED_URL_TTL = 100 * 365 * 24 * 3600;

/**
 * @param {Uint8Array} key
 * @param {Record<string, unknown>} payload
 * @param {number} expiresIn seconds
 */
export async function signToken(key, payload, expiresIn) {
  const now = Math.floor(Date.now() / 1000);
  return new SignJWT(payload).setProtectedHeader({ alg: 'HS256', typ: 'JWT' }).setIssuedAt(now).setExpirationTime(now + expiresIn).sign(key);
}

/** @param {unknown} v @returns {number} */
export function validExpiresIn(v) {
  if (typeof v !== 'number' || !Number.isFinite(v)) throw E.invalidParameter('expiresIn');
  const n = Math.floor(v);
  if (n < 1 || n > MAX_SIGNED_URL_TTL) throw E.invalidParameter('expiresIn');
  return n;
}

/**
 * storage-api's verifyObjectSignature: signature, scope, object path, expiry.
 * @param {Uint8Array} key
 * @param {string | null} token
 * @param {string} bucket
 * @param {string} objectKey
 * @param {'download' | 'upload'} scope
 * @returns {Promise<SignedTokenPayload & { exp: number }>}
 */
export async function verifySignedToken(key, token, bucket, objectKey, scope) {
  if (typeof token !== 'string' || token === '') throw E.missing('querystring', 'token');
  /** @type {SignedTokenPayload} */
  let payload;
  try {
    ({ payload } = await jwtVerify(token, key, { algorithms: ['HS256'] }));
  } catch (e) {
    throw E.badJwt(messageOf(e) || 'Invalid JWT');
  }
  const hasUpsert = Object.prototype.hasOwnProperty.call(payload, 'upsert');
  const scoped =
    scope === 'upload'
      ? payload.scope === 'upload' || (payload.scope === undefined && hasUpsert)
      : payload.scope === 'download' || (payload.scope === undefined && !hasUpsert);
  if (!scoped) throw E.invalidSignature(`Token is not scoped for ${scope}`);
  if (payload.url !== `${bucket}/${objectKey}`) throw E.invalidSignature();
  const exp = payload.exp;
  if (typeof exp !== 'number' || exp * 1000 < Date.now()) throw E.expiredSignature();
  return { ...payload, exp };
}
