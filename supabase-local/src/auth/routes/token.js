// POST /token (GoTrue's Token): grant_type=password and grant_type=refresh_token, with the
// refresh token rotation, its reuse interval and the reuse detection.
import { errors } from '../errors.js';
import { verifyPassword } from '../password.js';
import { readBody } from '../request.js';
import { issueSession, sessionJson } from '../sessions.js';
import { newRefreshToken } from '../tokens.js';
import { isBanned, loadUser } from '../users.js';

/** @typedef {import('../types.js').AuthContext} AuthContext */
/** @typedef {import('../types.js').JsonBody} JsonBody */
/** @typedef {import('../types.js').RefreshTokenRow} RefreshTokenRow */
/** @typedef {import('../types.js').RouteResult} RouteResult */

/** @param {AuthContext} ctx @returns {Promise<RouteResult>} */
export async function token(ctx) {
  const grant = ctx.query.get('grant_type');
  const body = await readBody(ctx.req);
  if (grant === 'password') return passwordGrant(ctx, body);
  if (grant === 'refresh_token') return refreshTokenGrant(ctx, body);
  throw errors.unsupportedGrant();
}

/** @param {AuthContext} ctx @param {JsonBody} body @returns {Promise<RouteResult>} */
async function passwordGrant(ctx, body) {
  if (!body.email && !body.phone) throw errors.validation('missing email or phone');
  if (typeof body.password !== 'string' || body.password === '') throw errors.invalidCredentials();
  if (!body.email) throw errors.invalidCredentials();
  if (typeof body.email !== 'string') throw errors.invalidCredentials();
  const email = body.email.trim().toLowerCase();
  const u = await loadUser(ctx.pool, 'email', email);
  // An unknown user is compared against a dummy hash so timing does not leak existence.
  const ok = await verifyPassword(body.password, u?.encrypted_password);
  if (!u || !ok) throw errors.invalidCredentials();
  if (isBanned(u)) throw errors.userBanned();
  if (!u.email_confirmed_at && ctx.config.confirmEmail) throw errors.emailNotConfirmed();
  return [200, await ctx.tx((db) => issueSession(ctx, db, u, 'password'))];
}

/** @param {AuthContext} ctx @param {JsonBody} body @returns {Promise<RouteResult>} */
async function refreshTokenGrant(ctx, body) {
  const rt = body.refresh_token;
  if (typeof rt !== 'string' || rt === '') throw errors.refreshNotFound();
  const { refreshTokenReuseInterval } = ctx.config;
  return ctx.tx(async (db) => {
    const { rows } = await db.query('select * from auth.refresh_tokens where token = $1 for update', [rt]);
    /** @type {RefreshTokenRow | undefined} */
    const row = rows[0];
    if (!row) throw errors.refreshNotFound();
    if (row.revoked) {
      // GoTrue's refresh_token_reuse_interval: within a few seconds of its rotation, the token
      // gives the session its rotation made (two tabs refreshing at once both get it).
      const reusable =
        refreshTokenReuseInterval > 0 &&
        row.session_id &&
        row.updated_at &&
        Date.now() - new Date(row.updated_at).getTime() <= refreshTokenReuseInterval * 1000;
      if (reusable && row.session_id) {
        const { rows: active } = await db.query(
          'select * from auth.refresh_tokens where session_id = $1 and not revoked order by id desc limit 1',
          [row.session_id],
        );
        /** @type {RefreshTokenRow | undefined} */
        const current = active[0];
        const u = current && current.parent === rt ? await loadUser(db, 'id', row.user_id) : null;
        if (current && u && !isBanned(u)) {
          return [200, await sessionJson(ctx, db, u, row.session_id, current.token)];
        }
      }
      // Reuse of a rotated token: treat as theft and end the whole session.
      if (row.session_id) {
        await db.query('update auth.refresh_tokens set revoked = true, updated_at = now() where session_id = $1', [row.session_id]);
        await db.query('delete from auth.sessions where id = $1', [row.session_id]);
      }
      // The session ends even though the request fails: commit, then leave an empty transaction to roll back.
      await db.query('commit');
      await db.query('begin');
      throw errors.refreshAlreadyUsed();
    }
    const { rows: srows } = await db.query('select * from auth.sessions where id = $1', [row.session_id]);
    if (!srows[0] || !row.session_id) throw errors.refreshNotFound();
    const u = await loadUser(db, 'id', row.user_id);
    if (!u) throw errors.refreshNotFound();
    if (isBanned(u)) throw errors.userBanned();
    const next = newRefreshToken();
    await db.query('update auth.refresh_tokens set revoked = true, updated_at = now() where id = $1', [row.id]);
    await db.query(
      `insert into auth.refresh_tokens (token, user_id, revoked, created_at, updated_at, parent, session_id)
       values ($1, $2, false, now(), now(), $3, $4)`,
      [next, String(u.id), rt, row.session_id],
    );
    await db.query('update auth.sessions set refreshed_at = now(), updated_at = now() where id = $1', [row.session_id]);
    return [200, await sessionJson(ctx, db, u, row.session_id, next)];
  });
}
