// Access tokens (HS256 JWTs with GoTrue's claims) and refresh tokens.
import { randomBytes } from 'node:crypto';
import { SignJWT, jwtVerify, errors as joseErrors } from 'jose';
import { errors } from './errors.js';

/** @typedef {import('./types.js').AuthKeys} AuthKeys */
/** @typedef {import('./types.js').AccessClaims} AccessClaims */
/** @typedef {import('./types.js').Assurance} Assurance */
/** @typedef {import('./types.js').UserRow} UserRow */

/** @param {string} jwtSecret @param {() => string} publicUrl @returns {AuthKeys} */
export function authKeys(jwtSecret, publicUrl) {
  return { secretKey: new TextEncoder().encode(jwtSecret), issuer: () => `${publicUrl()}/auth/v1` };
}

export const newRefreshToken = () => randomBytes(24).toString('base64url');

/**
 * The access token of `u` for a session.
 * @param {AuthKeys} keys
 * @param {number} jwtExpiry seconds
 * @param {UserRow} u
 * @param {string} sessionId
 * @param {Assurance} assurance
 */
export async function accessToken(keys, jwtExpiry, u, sessionId, { aal, amr }) {
  const now = Math.floor(Date.now() / 1000);
  return new SignJWT({
    aud: 'authenticated',
    sub: u.id,
    email: u.email || '',
    phone: u.phone || '',
    app_metadata: u.raw_app_meta_data || {},
    user_metadata: u.raw_user_meta_data || {},
    role: u.role || 'authenticated',
    aal,
    amr,
    session_id: sessionId,
    is_anonymous: Boolean(u.is_anonymous),
  })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setIssuer(keys.issuer())
    .setIssuedAt(now)
    .setExpirationTime(now + jwtExpiry)
    .sign(keys.secretKey);
}

/**
 * The claims of a valid token signed with the service's key; 403 bad_jwt otherwise.
 * @param {AuthKeys} keys
 * @param {string} token
 * @returns {Promise<AccessClaims>}
 */
export async function verifyJwt(keys, token) {
  try {
    const { payload } = await jwtVerify(token, keys.secretKey, { algorithms: ['HS256'] });
    return payload;
  } catch (e) {
    if (e instanceof joseErrors.JWTExpired) throw errors.badJwt('token has invalid claims: token is expired');
    const signatureFailed = e instanceof joseErrors.JOSEError && e.code === 'ERR_JWS_SIGNATURE_VERIFICATION_FAILED';
    throw errors.badJwt(signatureFailed ? 'signature is invalid' : 'token is malformed');
  }
}
