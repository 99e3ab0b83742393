// GoTrue's Verify: GET /verify (a mailed link: a session in the redirect's fragment) and
// POST /verify ({ type, token_hash } or { type, email, token }: the session as JSON).
import { isDbDownError } from '../../http-util.js';
import { errors } from '../errors.js';
import { consumeToken, storedForms, tokenHash, verifyMethod } from '../one-time-tokens.js';
import { normalizeEmail, readBody, safeRedirect } from '../request.js';
import { issueSession } from '../sessions.js';

/** @typedef {import('../types.js').AuthContext} AuthContext */
/** @typedef {import('../types.js').RouteResult} RouteResult */
/** @typedef {import('../types.js').UserRow} UserRow */

/**
 * GET /verify: consumes the link's token and redirects (303) with the session, or the error, in the fragment.
 * @param {AuthContext} ctx
 * @returns {Promise<undefined>} the response is written here
 */
export async function verifyGet(ctx) {
  const { query, config, res } = ctx;
  const type = query.get('type') || '';
  const redirectTo = safeRedirect(config, query.get('redirect_to'));
  const tokenValue = (query.get('token') || '').replace(/-/g, '');
  let fragment;
  try {
    const result = await ctx.tx(async (db) => {
      if (type === 'email' || !tokenValue) return null; // GoTrue: links carry one of the link types
      const u = await consumeToken(db, config.otpExpiry, type, storedForms(tokenValue));
      if (!u) return null;
      return issueSession(ctx, db, u, verifyMethod(type));
    });
    if (result) {
      fragment = new URLSearchParams({
        access_token: result.access_token,
        expires_at: String(result.expires_at),
        expires_in: String(result.expires_in),
        refresh_token: result.refresh_token,
        token_type: 'bearer',
        type,
      }).toString();
    } else {
      fragment = new URLSearchParams({
        error: 'access_denied',
        error_code: 'otp_expired',
        error_description: 'Email link is invalid or has expired',
      }).toString();
    }
  } catch (e) {
    if (isDbDownError(e)) throw e;
    ctx.log(`auth: verify failed: ${e instanceof Error ? e.message : String(e)}`);
    fragment = new URLSearchParams({ error: 'server_error', error_code: 'unexpected_failure', error_description: 'Unexpected failure' }).toString();
  }
  const target = new URL(redirectTo);
  target.hash = fragment;
  res.writeHead(303, { location: target.toString(), 'cache-control': 'no-store' });
  res.end();
  return undefined;
}

/**
 * POST /verify: { type, token_hash } (a link's token) or { type, email, token } (the 6-digit code).
 * @param {AuthContext} ctx
 * @returns {Promise<RouteResult>}
 */
export async function verifyPost(ctx) {
  const body = await readBody(ctx.req);
  const { otpExpiry } = ctx.config;
  const type = typeof body.type === 'string' ? body.type : '';
  const hashParam = typeof body.token_hash === 'string' ? body.token_hash : '';
  const code = typeof body.token === 'string' ? body.token.replace(/-/g, '') : '';
  if (!hashParam && !code) throw errors.validation('Verify requires either a token or a token hash');
  if (!type) throw errors.validation('Verify requires a verification type');
  return ctx.tx(async (db) => {
    /** @type {UserRow | null} */
    let u;
    if (hashParam) {
      u = await consumeToken(db, otpExpiry, type, storedForms(hashParam));
      if (!u) throw errors.otpExpired();
    } else {
      if (!body.email) {
        if (body.phone) throw errors.phoneDisabled();
        throw errors.validation('Only an email address or phone number should be provided on verify');
      }
      const email = normalizeEmail(body.email);
      // An unknown address, type or code all answer the same (no account enumeration).
      u = await consumeToken(db, otpExpiry, type, [tokenHash(email, code)], email);
      if (!u) throw errors.tokenExpiredOrInvalid();
    }
    return [200, await issueSession(ctx, db, u, verifyMethod(type))];
  });
}
