// Password hashing: bcrypt (cost 10, like GoTrue) through @node-rs/bcrypt, a native
// binding whose async calls run on libuv's thread pool, so hashing never blocks the
// gateway's event loop. Verifies $2a$/$2b$/$2y$ hashes, including pgcrypto's crypt().
import { hash, hashSync, verify } from '@node-rs/bcrypt';

export const BCRYPT_COST = 10;

// A real hash of a random password, compared when the user is unknown so that the
// response time does not reveal whether an account exists.
const DUMMY_HASH = hashSync(`${Math.random()}${Date.now()}`, { cost: BCRYPT_COST });

/** @param {string} password */
export function hashPassword(password) {
  return hash(password, { cost: BCRYPT_COST });
}

/**
 * Resolves false (never rejects) for a wrong password or a malformed/missing hash.
 * @param {string} password @param {string | null | undefined} stored
 */
export async function verifyPassword(password, stored) {
  try {
    return await verify(password, stored || DUMMY_HASH);
  } catch {
    return false;
  }
}
