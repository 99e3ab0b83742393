// The mailed one-time links and codes: POST /recover (password recovery), POST /resend (the
// confirmation or e-mail change mail again) and POST /otp (GoTrue's MagicLink). Addresses without an
// account get the same answers as accounts and no mail (no account enumeration).
import { randomBytes } from 'node:crypto';
import { checkEmailInterval } from '../email-limits.js';
import { errors } from '../errors.js';
import { sendTemplate, startConfirmation, startEmailChange, verifyLink } from '../mail.js';
import { setOtp } from '../one-time-tokens.js';
import { isPlainObject, normalizeEmail, readBody, safeRedirect } from '../request.js';
import { insertUser, loadUser } from '../users.js';

/** @typedef {import('../types.js').AuthContext} AuthContext */
/** @typedef {import('../types.js').RouteResult} RouteResult */

/** POST /recover: a recovery link and code by mail. @param {AuthContext} ctx @returns {Promise<RouteResult>} */
export async function recover(ctx) {
  const { config } = ctx;
  const body = await readBody(ctx.req);
  const email = normalizeEmail(body.email);
  const redirectTo = safeRedirect(config, ctx.query.get('redirect_to') || body.redirect_to);
  return ctx.tx(async (db) => {
    const u = await loadUser(db, 'email', email);
    if (!u) {
      // No account: no mail, and the same answers as for an account (200, then 429 within the interval).
      ctx.unknownAddresses.check('recovery', email);
      return [200, {}];
    }
    checkEmailInterval(config.emailMinInterval, u.recovery_sent_at);
    const { code, hash } = await setOtp(db, u, 'recovery_token', 'recovery_sent_at');
    await sendTemplate(ctx, 'recovery', u.email || '', verifyLink(ctx, 'recovery', hash, redirectTo), code);
    return [200, {}];
  });
}

/** POST /resend: the sign-up confirmation or the e-mail change mail again (GoTrue's Resend). @param {AuthContext} ctx @returns {Promise<RouteResult>} */
export async function resend(ctx) {
  const { config } = ctx;
  const body = await readBody(ctx.req);
  const type = body.type;
  if (type !== 'signup' && type !== 'email_change' && type !== 'sms' && type !== 'phone_change') {
    throw errors.validation('Missing one of these types: signup, email_change, sms, phone_change');
  }
  if (!body.email && type === 'signup') throw errors.validation('Type provided requires an email address');
  if (body.email && body.phone) throw errors.validation('Only an email address or phone number should be provided.');
  if (type === 'sms' || type === 'phone_change' || (!body.email && body.phone)) throw errors.phoneDisabled();
  const email = normalizeEmail(body.email);
  const redirectTo = safeRedirect(config, ctx.query.get('redirect_to') || body.redirect_to);
  return ctx.tx(async (db) => {
    const u = await loadUser(db, 'email', email);
    if (!u) return [200, {}];
    if (type === 'signup') {
      if (u.email_confirmed_at) return [200, {}];
      checkEmailInterval(config.emailMinInterval, u.confirmation_sent_at);
      await startConfirmation(ctx, db, u, redirectTo, u.invited_at ? 'invite' : 'signup');
    } else {
      if (!u.email_change) return [200, {}];
      checkEmailInterval(config.emailMinInterval, u.email_change_sent_at);
      await startEmailChange(ctx, db, u, u.email_change, redirectTo);
    }
    return [200, {}];
  });
}

/**
 * POST /otp (e-mail): GoTrue's MagicLink — a link and a 6-digit code; unknown or unconfirmed addresses sign up.
 * @param {AuthContext} ctx
 * @returns {Promise<RouteResult>}
 */
export async function otp(ctx) {
  const { config } = ctx;
  const body = await readBody(ctx.req);
  if (body.email && body.phone) throw errors.validation('Only an email address or phone number should be provided');
  if (!body.email && body.phone) throw errors.phoneDisabled();
  const email = normalizeEmail(body.email);
  const createUser = body.create_user !== false;
  const data = isPlainObject(body.data) ? body.data : {};
  const redirectTo = safeRedirect(config, ctx.query.get('redirect_to') || body.redirect_to);
  return ctx.tx(async (db) => {
    await db.query('select pg_advisory_xact_lock(hashtext($1))', [`signup:${email}`]);
    let u = await loadUser(db, 'email', email);
    if (!u && !createUser) {
      // GoTrue answers 422 otp_disabled here, which tells who has an account; this answers as for an
      // account (200, then 429 within the interval) and mails nobody.
      ctx.unknownAddresses.check('recovery', email);
      return [200, {}];
    }
    if (!u || !u.email_confirmed_at) {
      // GoTrue signs the address up (random password): the confirmation mail, or the link when auto-confirmed.
      if (config.disableSignup) throw errors.signupDisabled();
      if (!u) u = await insertUser(db, { email, password: randomBytes(36).toString('base64url'), userMeta: data, confirmed: !config.confirmEmail });
      if (config.confirmEmail) {
        checkEmailInterval(config.emailMinInterval, u.confirmation_sent_at);
        await startConfirmation(ctx, db, u, redirectTo);
        return [200, {}];
      }
    }
    checkEmailInterval(config.emailMinInterval, u.recovery_sent_at);
    const { code, hash } = await setOtp(db, u, 'recovery_token', 'recovery_sent_at');
    await sendTemplate(ctx, 'magiclink', u.email || '', verifyLink(ctx, 'magiclink', hash, redirectTo), code);
    return [200, {}];
  });
}
