// Users in the auth schema: loading, creating, and the JSON GoTrue answers for a user and its
// identities and factors (GoTrue's models.User as marshalled).
import { randomUUID } from 'node:crypto';
import { hashPassword } from './password.js';
import { isPlainObject } from './request.js';

/** @typedef {import('./types.js').Db} Db */
/** @typedef {import('./types.js').UserRow} UserRow */
/** @typedef {import('./types.js').IdentityRow} IdentityRow */
/** @typedef {import('./types.js').FactorRow} FactorRow */
/** @typedef {import('./types.js').Timestamp} Timestamp */

/** @param {Timestamp | undefined} d */
export const iso = (d) => (d ? new Date(d).toISOString() : undefined);

/**
 * A copy without the undefined fields (GoTrue's omitempty).
 * @template {object} T
 * @param {T} obj
 * @returns {T}
 */
function omitUndefined(obj) {
  return /** @type {T} */ (Object.fromEntries(Object.entries(obj).filter(([, v]) => v !== undefined)));
}

/** True while the user's ban lasts. @param {UserRow} u */
export const isBanned = (u) => Boolean(u.banned_until && new Date(u.banned_until) > new Date());

/** The PostgreSQL error code of `e`, if it is a database error. @param {unknown} e @returns {string | undefined} */
export function pgCode(e) {
  return e instanceof Error && 'code' in e && typeof e.code === 'string' ? e.code : undefined;
}

/**
 * The query's result, or `fallback` when it failed because an id is not a uuid (22P02); other errors go on.
 * @template T
 * @param {Promise<T>} query
 * @param {T} fallback
 * @returns {Promise<T>}
 */
export function unlessBadUuid(query, fallback) {
  return query.catch((/** @type {unknown} */ e) => {
    if (pgCode(e) === '22P02') return fallback;
    throw e;
  });
}

/** @param {FactorRow} f */
export function factorJson(f) {
  return omitUndefined({
    id: f.id,
    friendly_name: f.friendly_name || undefined,
    factor_type: f.factor_type,
    status: f.status,
    created_at: iso(f.created_at),
    updated_at: iso(f.updated_at),
    last_challenged_at: iso(f.last_challenged_at),
  });
}

/**
 * @param {UserRow} u
 * @param {IdentityRow[]} [identities]
 * @param {FactorRow[]} [factors]
 */
export function userJson(u, identities = [], factors = []) {
  return omitUndefined({
    id: u.id,
    aud: u.aud || 'authenticated',
    role: u.role || 'authenticated',
    email: u.email || '',
    email_confirmed_at: iso(u.email_confirmed_at),
    invited_at: iso(u.invited_at),
    phone: u.phone || '',
    confirmation_sent_at: iso(u.confirmation_sent_at),
    confirmed_at: iso(u.email_confirmed_at || u.phone_confirmed_at),
    recovery_sent_at: iso(u.recovery_sent_at),
    new_email: u.email_change || undefined,
    email_change_sent_at: iso(u.email_change_sent_at),
    last_sign_in_at: iso(u.last_sign_in_at),
    app_metadata: u.raw_app_meta_data || { provider: 'email', providers: ['email'] },
    user_metadata: u.raw_user_meta_data || {},
    identities: identities.map((i) => ({
      identity_id: i.id,
      id: i.provider_id,
      user_id: i.user_id,
      identity_data: i.identity_data,
      provider: i.provider,
      last_sign_in_at: iso(i.last_sign_in_at),
      created_at: iso(i.created_at),
      updated_at: iso(i.updated_at),
      email: i.identity_data?.email,
    })),
    created_at: iso(u.created_at),
    updated_at: iso(u.updated_at),
    banned_until: iso(u.banned_until),
    is_anonymous: Boolean(u.is_anonymous),
    factors: factors.length ? factors.map(factorJson) : undefined,
  });
}

/**
 * The live (not deleted) user whose `column` is `value`.
 * @param {Db} db
 * @param {'id' | 'email'} column
 * @param {unknown} value
 * @returns {Promise<UserRow | null>}
 */
export async function loadUser(db, column, value) {
  const { rows } = await db.query(`select * from auth.users where ${column} = $1 and deleted_at is null limit 1`, [value]);
  return rows[0] || null;
}

/**
 * Runs a statement that returns one auth.users row (`update … returning *`) and gives that row.
 * @param {Db} db
 * @param {string} sql
 * @param {unknown[]} values
 * @returns {Promise<UserRow>}
 */
export async function userRow(db, sql, values) {
  const { rows } = await db.query(sql, values);
  return rows[0];
}

/** @param {Db} db @param {string} userId @returns {Promise<IdentityRow[]>} */
export async function loadIdentities(db, userId) {
  const { rows } = await db.query(
    'select id, provider_id, user_id, identity_data, provider, last_sign_in_at, created_at, updated_at from auth.identities where user_id = $1 order by created_at',
    [userId],
  );
  return rows;
}

/** @param {Db} db @param {string} userId @returns {Promise<FactorRow[]>} */
export async function loadFactors(db, userId) {
  const { rows } = await db.query('select * from auth.mfa_factors where user_id = $1 order by created_at, id', [userId]);
  return rows;
}

/** The user's JSON with its identities and factors. @param {Db} db @param {UserRow} u */
export async function fullUserJson(db, u) {
  return userJson(u, await loadIdentities(db, u.id), await loadFactors(db, u.id));
}

/**
 * Metadata merged GoTrue's way: a null value removes the key.
 * @param {Record<string, unknown> | null} current
 * @param {Record<string, unknown>} patch
 * @returns {Record<string, unknown>}
 */
export function applyMetadata(current, patch) {
  /** @type {Record<string, unknown>} */
  const merged = { ...(current || {}) };
  for (const [k, v] of Object.entries(patch)) {
    if (v === null) delete merged[k];
    else merged[k] = v;
  }
  return merged;
}

/**
 * @typedef {object} NewUser
 * @property {string} email
 * @property {string} [password] none for an invited user
 * @property {Record<string, unknown>} [userMeta]
 * @property {unknown} [appMeta] merged into the provider fields when an object
 * @property {boolean} confirmed sets email_confirmed_at
 * @property {string} [role]
 * @property {boolean} [invited] sets invited_at
 */

/**
 * Creates a user and its email identity.
 * @param {Db} db
 * @param {NewUser} user
 * @returns {Promise<UserRow>}
 */
export async function insertUser(db, { email, password, userMeta = {}, appMeta, confirmed, role = 'authenticated', invited = false }) {
  const id = randomUUID();
  const now = new Date();
  const hash = password ? await hashPassword(password) : '';
  const app = { provider: 'email', providers: ['email'], ...(isPlainObject(appMeta) ? appMeta : {}) };
  const u = await userRow(
    db,
    `insert into auth.users (id, aud, role, email, encrypted_password, email_confirmed_at,
       raw_app_meta_data, raw_user_meta_data, created_at, updated_at, is_anonymous, invited_at)
     values ($1, 'authenticated', $2, $3, $4, $5, $6, $7, $8, $8, false, $9) returning *`,
    [id, role, email, hash, confirmed ? now : null, app, userMeta, now, invited ? now : null],
  );
  await db.query(
    `insert into auth.identities (provider_id, user_id, identity_data, provider, last_sign_in_at, created_at, updated_at)
     values ($1, $2, $3, 'email', null, $4, $4)`,
    [id, id, { sub: id, email, email_verified: Boolean(confirmed), phone_verified: false }, now],
  );
  return u;
}
