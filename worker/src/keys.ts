// Project keys: the anon and service_role keys are HS256 JWTs signed with the
// project's JWT secret, exactly like Supabase's self-hosted demo keys, so any
// client that knows the secret can mint them (stable for a given secret).
import { SignJWT } from 'jose';

export const DEFAULT_JWT_SECRET = 'super-secret-jwt-token-with-at-least-32-characters-long';

// Same fixed iat/exp as the keys of Supabase's self-hosted docker setup.
const FIXED_IAT = 1641769200;
const FAR_EXP = 1799535600 + 10 * 365 * 24 * 3600; // about 2036

export interface ProjectKeys {
  anonKey: string;
  serviceRoleKey: string;
}

/** The project's anon and service_role keys for a JWT secret (at least 32 characters). */
export async function mintKeys(secret: string = DEFAULT_JWT_SECRET): Promise<ProjectKeys> {
  if (typeof secret !== 'string' || secret.length < 32) {
    throw new Error('JWT secret must be a string of at least 32 characters');
  }
  const key = new TextEncoder().encode(secret);
  const sign = (role: 'anon' | 'service_role') =>
    new SignJWT({ iss: 'supabase-demo', iat: FIXED_IAT, exp: FAR_EXP, role }).setProtectedHeader({ alg: 'HS256', typ: 'JWT' }).sign(key);
  const [anonKey, serviceRoleKey] = await Promise.all([sign('anon'), sign('service_role')]);
  return { anonKey, serviceRoleKey };
}
