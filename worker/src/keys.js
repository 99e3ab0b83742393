// Project keys: the anon and service_role keys are HS256 JWTs signed with the
// project's JWT secret, exactly like Supabase's self-hosted demo keys, so any
// client that knows the secret can mint them (stable for a given secret).
import { createHmac, timingSafeEqual } from 'node:crypto';

export const DEFAULT_JWT_SECRET = 'super-secret-jwt-token-with-at-least-32-characters-long';

// Same fixed iat/exp as the keys of Supabase's self-hosted docker setup.
const FIXED_IAT = 1641769200;
const FAR_EXP = 1799535600 + 10 * 365 * 24 * 3600; // about 2036

const b64url = (input) => Buffer.from(input).toString('base64url');

/** Signs a payload as an HS256 JWT, synchronously. */
export function signHS256(payload, secret) {
  const header = b64url(JSON.stringify({ alg: 'HS256', typ: 'JWT' }));
  const body = b64url(JSON.stringify(payload));
  const sig = createHmac('sha256', secret).update(`${header}.${body}`).digest('base64url');
  return `${header}.${body}.${sig}`;
}

/** Returns true when the token's HS256 signature matches the secret (no claim checks). */
export function hasValidSignature(token, secret) {
  const parts = String(token).split('.');
  if (parts.length !== 3) return false;
  const expected = createHmac('sha256', secret).update(`${parts[0]}.${parts[1]}`).digest();
  let given;
  try {
    given = Buffer.from(parts[2], 'base64url');
  } catch {
    return false;
  }
  return given.length === expected.length && timingSafeEqual(given, expected);
}

export function mintKeys(secret = DEFAULT_JWT_SECRET) {
  if (typeof secret !== 'string' || secret.length < 32) {
    throw new Error('JWT secret must be a string of at least 32 characters');
  }
  const base = { iss: 'supabase-demo', iat: FIXED_IAT, exp: FAR_EXP };
  return {
    anonKey: signHS256({ ...base, role: 'anon' }, secret),
    serviceRoleKey: signHS256({ ...base, role: 'service_role' }, secret),
  };
}
