// One-time tokens (GoTrue's): a 6-digit code is mailed with a link whose token is
// sha224(e-mail + code); the database keeps that hash, the code itself is never stored.
import { createHash, randomInt } from 'node:crypto';
import { isBanned, userRow } from './users.js';

/** @typedef {import('./types.js').Db} Db */
/** @typedef {import('./types.js').UserRow} UserRow */
/** @typedef {import('./types.js').TokenColumn} TokenColumn */
/** @typedef {import('./types.js').SentColumn} SentColumn */

/** @param {string} s */
const sha256 = (s) => createHash('sha256').update(s).digest('hex');

/**
 * GoTrue's token hash: the e-mailed link carries it, the 6-digit code hashes to it with the address.
 * @param {string | null} email
 * @param {string} code
 */
export const tokenHash = (email, code) => createHash('sha224').update(`${email}${code}`).digest('hex');

const newOtp = () => String(randomInt(0, 1_000_000)).padStart(6, '0');

/**
 * Stores the hash of a new code for `email` (by default the user's) in `tokCol`, dates it in `sentCol`.
 * @param {Db} db
 * @param {UserRow} u
 * @param {TokenColumn} tokCol
 * @param {SentColumn} sentCol
 * @param {string | null} [email]
 * @returns {Promise<{ user: UserRow, code: string, hash: string }>} the updated user, the code and its hash
 */
export async function setOtp(db, u, tokCol, sentCol, email = u.email) {
  const code = newOtp();
  const hash = tokenHash(email, code);
  const user = await userRow(db, `update auth.users set ${tokCol} = $2, ${sentCol} = now(), updated_at = now() where id = $1 returning *`, [u.id, hash]);
  return { user, code, hash };
}

/** @typedef {'confirm' | 'recover' | 'email_change'} Effect */

/** @type {Record<string, [TokenColumn, SentColumn, Effect][] | undefined>} Where each verification type keeps its token. */
const TOKEN_COLUMNS = {
  signup: [['confirmation_token', 'confirmation_sent_at', 'confirm']],
  invite: [['confirmation_token', 'confirmation_sent_at', 'confirm']],
  recovery: [['recovery_token', 'recovery_sent_at', 'recover']],
  magiclink: [['recovery_token', 'recovery_sent_at', 'recover']],
  email_change: [
    ['email_change_token_new', 'email_change_sent_at', 'email_change'],
    ['email_change_token_current', 'email_change_sent_at', 'email_change'],
  ],
  email: [
    ['confirmation_token', 'confirmation_sent_at', 'confirm'],
    ['recovery_token', 'recovery_sent_at', 'recover'],
    ['email_change_token_new', 'email_change_sent_at', 'email_change'],
    ['email_change_token_current', 'email_change_sent_at', 'email_change'],
  ],
};

/**
 * A link's token is the stored hash (sha224, 56 hex digits); links mailed before held a secret stored as sha256.
 * @param {string} linkToken
 */
export const storedForms = (linkToken) => (/^[0-9a-f]{56}$/.test(linkToken) ? [linkToken] : [sha256(linkToken)]);

/** The authentication method (amr) a verification signs in with. @param {string} type */
export const verifyMethod = (type) => (type === 'recovery' ? 'recovery' : 'otp');

/**
 * Finds the user whose unexpired token of this type is one of `hashes` (optionally only for `email`),
 * applies the verification (confirm, recover, e-mail change) and returns the updated user, or null.
 * @param {Db} db
 * @param {number} otpExpiry seconds
 * @param {string} type
 * @param {string[]} hashes
 * @param {string} [email]
 * @returns {Promise<UserRow | null>}
 */
export async function consumeToken(db, otpExpiry, type, hashes, email) {
  const cols = Object.hasOwn(TOKEN_COLUMNS, type) ? TOKEN_COLUMNS[type] : undefined;
  if (!cols || !hashes.length || hashes.some((h) => !h)) return null;
  for (const [tokCol, sentCol, effect] of cols) {
    /** @type {unknown[]} */
    const params = [hashes, otpExpiry];
    let where = `${tokCol} = any($1) and ${sentCol} > now() - make_interval(secs => $2) and deleted_at is null`;
    if (email) {
      params.push(email);
      where += effect === 'email_change' && tokCol === 'email_change_token_new' ? ' and email_change = $3' : ' and email = $3';
    }
    const { rows } = await db.query(`select * from auth.users where ${where} limit 1 for update`, params);
    /** @type {UserRow | undefined} */
    const u = rows[0];
    if (!u) continue;
    if (isBanned(u)) return null;
    let sql;
    if (effect === 'email_change') {
      sql = `update auth.users set email = email_change, email_change = '', email_change_token_new = '', email_change_token_current = '',
               email_confirmed_at = coalesce(email_confirmed_at, now()), updated_at = now() where id = $1 returning *`;
    } else {
      sql = `update auth.users set ${tokCol} = '', email_confirmed_at = coalesce(email_confirmed_at, now()),
               updated_at = now() where id = $1 returning *`;
    }
    const updated = await userRow(db, sql, [u.id]);
    await db.query(
      `update auth.identities set identity_data = identity_data || jsonb_build_object('email', $2::text, 'email_verified', true), updated_at = now()
       where user_id = $1 and provider = 'email'`,
      [u.id, updated.email],
    );
    return updated;
  }
  return null;
}
