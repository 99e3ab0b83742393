// Sessions: creating one with its first refresh token, the session JSON GoTrue answers, the
// assurance level of a session (aal, amr), and the checks that a request comes from a signed-in
// user (GoTrue's requireAuthentication) or from the service role (requireAdmin).
import { randomUUID } from 'node:crypto';
import { bearerToken } from '../http-util.js';
import { errors } from './errors.js';
import { accessToken, newRefreshToken, verifyJwt } from './tokens.js';
import { fullUserJson, loadUser, unlessBadUuid, userRow } from './users.js';

/** @typedef {import('./types.js').AuthContext} AuthContext */
/** @typedef {import('./types.js').AccessClaims} AccessClaims */
/** @typedef {import('./types.js').Assurance} Assurance */
/** @typedef {import('./types.js').Db} Db */
/** @typedef {import('./types.js').SessionRow} SessionRow */
/** @typedef {import('./types.js').UserRow} UserRow */

/** Authentication methods that make a session aal2 (GoTrue's CalculateAALAndAMR). */
export const AAL2_METHODS = new Set(['totp', 'mfa/totp', 'mfa/phone', 'mfa/webauthn', 'sso/saml']);

/**
 * GoTrue's Session.CalculateAALAndAMR: the session's claims, newest first; a second factor makes it aal2.
 * @param {Db} db
 * @param {string} sessionId
 * @returns {Promise<Assurance>}
 */
export async function sessionAssurance(db, sessionId) {
  const { rows } = await db.query(
    'select authentication_method, updated_at from auth.mfa_amr_claims where session_id = $1 order by updated_at desc, authentication_method',
    [sessionId],
  );
  /** @type {Assurance['aal']} */
  let aal = 'aal1';
  /** @type {Assurance['amr']} */
  const amr = rows.map((/** @type {{ authentication_method: string, updated_at: Date }} */ r) => {
    if (AAL2_METHODS.has(r.authentication_method)) aal = 'aal2';
    return { method: r.authentication_method, timestamp: Math.floor(new Date(r.updated_at).getTime() / 1000) };
  });
  if (!amr.length) {
    // A session from before the claims were recorded: password, at its creation.
    const { rows: s } = await db.query('select created_at from auth.sessions where id = $1', [sessionId]);
    amr.push({ method: 'password', timestamp: Math.floor(new Date(s[0]?.created_at || Date.now()).getTime() / 1000) });
  }
  return { aal, amr };
}

/** Records (or renews) an authentication method of a session. @param {Db} db @param {string} sessionId @param {string} method */
export async function addClaim(db, sessionId, method) {
  await db.query(
    `insert into auth.mfa_amr_claims (id, session_id, created_at, updated_at, authentication_method)
     values ($1, $2, now(), now(), $3)
     on conflict (session_id, authentication_method) do update set updated_at = now()`,
    [randomUUID(), sessionId, method],
  );
}

/**
 * The GoTrue session JSON: a fresh access token, the refresh token, the user.
 * @param {AuthContext} ctx
 * @param {Db} db
 * @param {UserRow} u
 * @param {string} sessionId
 * @param {string} refresh
 */
export async function sessionJson(ctx, db, u, sessionId, refresh) {
  const { jwtExpiry } = ctx.config;
  const token = await accessToken(ctx.keys, jwtExpiry, u, sessionId, await sessionAssurance(db, sessionId));
  const expiresAt = Math.floor(Date.now() / 1000) + jwtExpiry;
  return {
    access_token: token,
    token_type: 'bearer',
    expires_in: jwtExpiry,
    expires_at: expiresAt,
    refresh_token: refresh,
    user: await fullUserJson(db, u),
  };
}

/**
 * Creates a session + first refresh token and returns the GoTrue session JSON.
 * @param {AuthContext} ctx
 * @param {Db} db
 * @param {UserRow} u
 * @param {string} method the authentication method (amr): password, otp, recovery…
 */
export async function issueSession(ctx, db, u, method) {
  const { req } = ctx;
  const sessionId = randomUUID();
  const now = new Date();
  await db.query(
    `insert into auth.sessions (id, user_id, created_at, updated_at, aal, user_agent, ip)
     values ($1, $2, $3, $3, 'aal1', $4, $5)`,
    [sessionId, u.id, now, String(req.headers['user-agent'] || '').slice(0, 500) || null, req.socket.remoteAddress || null],
  );
  const refresh = newRefreshToken();
  await db.query(
    `insert into auth.refresh_tokens (token, user_id, revoked, created_at, updated_at, parent, session_id)
     values ($1, $2, false, $3, $3, null, $4)`,
    [refresh, String(u.id), now, sessionId],
  );
  const fresh = await userRow(db, 'update auth.users set last_sign_in_at = $2, updated_at = $2 where id = $1 returning *', [u.id, now]);
  await db.query('update auth.identities set last_sign_in_at = $2 where user_id = $1', [u.id, now]);
  await addClaim(db, sessionId, method);
  return sessionJson(ctx, db, fresh || u, sessionId, refresh);
}

/**
 * @typedef {object} Authenticated
 * @property {UserRow} user
 * @property {AccessClaims} claims
 * @property {SessionRow | null} session null for a token without session_id
 */

/**
 * GoTrue's requireAuthentication + loadUser + session check.
 * @param {AuthContext} ctx
 * @returns {Promise<Authenticated>}
 */
export async function requireUser({ req, pool, keys }) {
  const token = bearerToken(req);
  if (!token) throw errors.noAuthorization();
  const claims = await verifyJwt(keys, token);
  if (!claims.sub) throw errors.missingSub();
  const u = await unlessBadUuid(loadUser(pool, 'id', claims.sub), null); // a sub that is not a uuid: no user
  if (!u) throw errors.userFromSubMissing();
  /** @type {SessionRow | null} */
  let session = null;
  if (claims.session_id) {
    const { rows } = await pool.query('select * from auth.sessions where id = $1 and user_id = $2', [claims.session_id, u.id]);
    session = rows[0];
    if (!session) throw errors.sessionNotFound();
  }
  return { user: u, claims, session };
}

/**
 * GoTrue's requireAuthentication for /factors and /reauthenticate: a user with a live session.
 * @param {AuthContext} ctx
 * @returns {Promise<Authenticated & { session: SessionRow }>}
 */
export async function requireSession(ctx) {
  const { user, claims, session } = await requireUser(ctx);
  if (!session) throw errors.sessionNotFound();
  return { user, claims, session };
}

/**
 * GoTrue's requireAdmin: a valid JWT whose role is service_role (or supabase_admin).
 * @param {AuthContext} ctx
 * @returns {Promise<AccessClaims>}
 */
export async function requireAdmin({ req, keys }) {
  const token = bearerToken(req);
  if (!token) throw errors.noAuthorization();
  const claims = await verifyJwt(keys, token);
  if (claims.role !== 'service_role' && claims.role !== 'supabase_admin') throw errors.notAdmin();
  return claims;
}
