// POST /signup (GoTrue's Signup): e-mail and password; a confirmation mail, or a session when
// confirmations are off.
import { randomUUID } from 'node:crypto';
import { checkEmailInterval } from '../email-limits.js';
import { errors } from '../errors.js';
import { startConfirmation } from '../mail.js';
import { hashPassword } from '../password.js';
import { checkPassword, isPlainObject, normalizeEmail, readBody, safeRedirect } from '../request.js';
import { issueSession } from '../sessions.js';
import { fullUserJson, insertUser, loadUser, userRow } from '../users.js';

/** @typedef {import('../types.js').AuthContext} AuthContext */
/** @typedef {import('../types.js').RouteResult} RouteResult */
/** @typedef {import('../types.js').UserRow} UserRow */

/** @param {AuthContext} ctx @returns {Promise<RouteResult>} */
export async function signup(ctx) {
  const { config, query } = ctx;
  if (config.disableSignup) throw errors.signupDisabled();
  const body = await readBody(ctx.req);
  if (!body.email && body.phone) throw errors.validation('Phone signups are disabled');
  const email = normalizeEmail(body.email);
  const password = body.password;
  checkPassword(password, config.minPasswordLength);
  const data = isPlainObject(body.data) ? body.data : {};
  const redirectTo = safeRedirect(config, query.get('redirect_to') || body.redirect_to || body.email_redirect_to);
  return ctx.tx(async (db) => {
    await db.query('select pg_advisory_xact_lock(hashtext($1))', [`signup:${email}`]);
    const existing = await loadUser(db, 'email', email);
    if (existing && existing.email_confirmed_at) {
      if (!config.confirmEmail) throw errors.userAlreadyExists();
      // GoTrue with confirmations on: an obfuscated user, to avoid account enumeration. The password
      // is hashed anyway, as for a new account: the answer takes as long (the hash is most of it).
      await hashPassword(password);
      const now = new Date().toISOString();
      return [200, {
        id: randomUUID(), aud: 'authenticated', role: 'authenticated', email, phone: '',
        confirmation_sent_at: now, app_metadata: { provider: 'email', providers: ['email'] },
        user_metadata: data, identities: [], created_at: now, updated_at: now, is_anonymous: false,
      }];
    }
    /** @type {UserRow} */
    let u;
    if (existing) {
      checkEmailInterval(config.emailMinInterval, existing.confirmation_sent_at);
      const hash = await hashPassword(password);
      u = await userRow(
        db,
        'update auth.users set encrypted_password = $2, raw_user_meta_data = $3, updated_at = now() where id = $1 returning *',
        [existing.id, hash, data],
      );
    } else {
      u = await insertUser(db, { email, password, userMeta: data, confirmed: !config.confirmEmail });
    }
    if (!config.confirmEmail) return [200, await issueSession(ctx, db, u, 'password')];
    u = await startConfirmation(ctx, db, u, redirectTo);
    return [200, await fullUserJson(db, u)];
  });
}
