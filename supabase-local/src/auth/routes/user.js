// The signed-in user (GoTrue's user.go, logout.go, reauthenticate.go): GET /user, PUT /user
// (password, metadata, e-mail change), POST /logout, GET /reauthenticate.
import { checkEmailInterval } from '../email-limits.js';
import { AuthError, errors } from '../errors.js';
import { sendTemplate, startEmailChange } from '../mail.js';
import { setOtp, tokenHash } from '../one-time-tokens.js';
import { hashPassword, verifyPassword } from '../password.js';
import { checkPassword, isPlainObject, normalizeEmail, readBody, safeRedirect } from '../request.js';
import { requireSession, requireUser } from '../sessions.js';
import { applyMetadata, fullUserJson, loadUser, userRow } from '../users.js';

/** @typedef {import('../types.js').AuthContext} AuthContext */
/** @typedef {import('../types.js').RouteResult} RouteResult */
/** @typedef {import('../sessions.js').Authenticated} Authenticated */

/** GET /user. @param {AuthContext} ctx @returns {Promise<RouteResult>} */
export async function getUser(ctx) {
  const { user } = await requireUser(ctx);
  return [200, await fullUserJson(ctx.pool, user)];
}

/** PUT /user: { password, nonce }, { data }, { email }. @param {AuthContext} ctx @returns {Promise<RouteResult>} */
export async function putUser(ctx) {
  const { config } = ctx;
  const { user, session } = await requireUser(ctx);
  const body = await readBody(ctx.req);
  return ctx.tx(async (db) => {
    let u = (await loadUser(db, 'id', user.id)) || user;
    const password = body.password;
    if (password !== undefined && password !== null) {
      checkPassword(password, config.minPasswordLength);
      // GoTrue's secure password change: a session older than 24 h needs the nonce of GET /reauthenticate.
      const sessionAge = session ? Date.now() - new Date(session.created_at ?? 0).getTime() : Infinity;
      if (config.updatePasswordRequireReauthentication && sessionAge > 86_400_000) {
        if (typeof body.nonce !== 'string' || body.nonce === '') throw errors.reauthenticationNeeded();
        const fresh = u.reauthentication_sent_at && Date.now() - new Date(u.reauthentication_sent_at).getTime() < config.otpExpiry * 1000;
        if (!u.reauthentication_token || !fresh || u.reauthentication_token !== tokenHash(u.email, body.nonce.trim())) {
          throw errors.reauthenticationNotValid();
        }
        u = await userRow(db, `update auth.users set reauthentication_token = '' where id = $1 returning *`, [u.id]);
      }
      if (u.encrypted_password && (await verifyPassword(password, u.encrypted_password))) throw errors.samePassword();
      const hash = await hashPassword(password);
      u = await userRow(db, 'update auth.users set encrypted_password = $2, updated_at = now() where id = $1 returning *', [u.id, hash]);
    }
    if (body.data !== undefined && body.data !== null) {
      if (!isPlainObject(body.data)) throw errors.validation('data must be an object');
      const merged = applyMetadata(u.raw_user_meta_data, body.data);
      u = await userRow(db, 'update auth.users set raw_user_meta_data = $2, updated_at = now() where id = $1 returning *', [u.id, merged]);
    }
    if (body.email !== undefined && body.email !== null && body.email !== '') {
      const email = normalizeEmail(body.email);
      if (email !== u.email) {
        const taken = await loadUser(db, 'email', email);
        if (taken) throw errors.emailExists();
        if (!config.confirmEmail) {
          u = await userRow(db, 'update auth.users set email = $2, updated_at = now() where id = $1 returning *', [u.id, email]);
          await db.query(
            `update auth.identities set identity_data = identity_data || jsonb_build_object('email', $2::text), updated_at = now()
             where user_id = $1 and provider = 'email'`,
            [u.id, email],
          );
        } else {
          checkEmailInterval(config.emailMinInterval, u.email_change_sent_at);
          u = await userRow(db, 'update auth.users set email_change = $2 where id = $1 returning *', [u.id, email]);
          u = await startEmailChange(ctx, db, u, email, safeRedirect(config, ctx.query.get('redirect_to') || body.redirect_to));
        }
      }
    }
    return [200, await fullUserJson(db, u)];
  });
}

/** POST /logout?scope=global|local|others. @param {AuthContext} ctx @returns {Promise<RouteResult>} */
export async function logout(ctx) {
  const { pool } = ctx;
  /** @type {Authenticated} */
  let auth;
  try {
    auth = await requireUser(ctx);
  } catch (e) {
    // GoTrue: signing out an already-ended session is not an error for the client.
    if (e instanceof AuthError && (e.errorCode === 'session_not_found' || e.errorCode === 'user_not_found')) return [204, undefined];
    throw e;
  }
  const scope = ctx.query.get('scope') || 'global';
  const sid = auth.claims.session_id;
  if (scope === 'local') {
    if (sid) await pool.query('delete from auth.sessions where id = $1', [sid]);
  } else if (scope === 'others') {
    await pool.query('delete from auth.sessions where user_id = $1 and id is distinct from $2', [auth.user.id, sid || null]);
  } else if (scope === 'global') {
    await pool.query('delete from auth.sessions where user_id = $1', [auth.user.id]);
  } else {
    throw errors.validation(`Unsupported logout scope "${scope}"`);
  }
  // Sessions cascade to refresh tokens in Supabase's schema; revoke explicitly as well.
  await pool.query(
    'update auth.refresh_tokens set revoked = true, updated_at = now() where user_id = $1 and (session_id is null or session_id not in (select id from auth.sessions))',
    [String(auth.user.id)],
  );
  return [204, undefined];
}

/** GET /reauthenticate: a 6-digit nonce by e-mail, for the secure password change. @param {AuthContext} ctx @returns {Promise<RouteResult>} */
export async function reauthenticate(ctx) {
  const { user } = await requireSession(ctx);
  if (!user.email) throw errors.validation('Reauthentication requires the user to have an email or a phone number');
  const email = user.email;
  return ctx.tx(async (db) => {
    const u = (await loadUser(db, 'id', user.id)) || user;
    checkEmailInterval(ctx.config.emailMinInterval, u.reauthentication_sent_at);
    const { code } = await setOtp(db, u, 'reauthentication_token', 'reauthentication_sent_at');
    await sendTemplate(ctx, 'reauthentication', u.email || email, '', code);
    return [200, {}];
  });
}
