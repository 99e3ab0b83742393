// GoTrue-compatible auth service (the subset Citable and supabase-js use).
// Users, identities, sessions and refresh tokens live in the auth schema of the
// same PostgreSQL database, with Supabase's column names.
//
// Laid out as supabase/auth's internal/api: a table of routes (routes/index.js), one module per
// group of routes (routes/*.js), shared pieces beside this file (sessions, tokens, users, one-time
// tokens, mail, e-mail limits, request parsing), and a request context passed to every handler.
import { HttpError, isDbDownError, sendJson } from '../http-util.js';
import { withTransaction } from '../pg-tx.js';
import { createUnknownAddressLimiter } from './email-limits.js';
import { API_VERSION, AuthError, authErrorBody, errors } from './errors.js';
import { ROUTES } from './routes/index.js';
import { ADMIN_PREFIX, createRouter } from './router.js';
import { requireAdmin } from './sessions.js';
import { authKeys, verifyJwt } from './tokens.js';

/** @typedef {import('./types.js').AuthOptions} AuthOptions */
/** @typedef {import('./types.js').AuthConfig} AuthConfig */
/** @typedef {import('./types.js').AuthContext} AuthContext */
/** @typedef {import('./types.js').AuthDeps} AuthDeps */
/** @typedef {import('./types.js').RouteResult} RouteResult */

/**
 * The settings with GoTrue's defaults (durations in seconds).
 * @param {AuthOptions} options
 * @returns {AuthConfig}
 */
function authConfig({
  publicUrl,
  siteUrl,
  redirectAllowList = [],
  confirmEmail = true,
  jwtExpiry = 3600,
  minPasswordLength = 6,
  otpExpiry = 3600,
  emailMinInterval = 60,
  disableSignup = false,
  updatePasswordRequireReauthentication = false,
  mfaFactorExpiry = 300,
  mfaChallengeExpiry = 300,
  maxEnrolledFactors = 10,
  refreshTokenReuseInterval = 10,
}) {
  return {
    publicUrl,
    siteUrl,
    redirectAllowList,
    confirmEmail,
    jwtExpiry,
    minPasswordLength,
    otpExpiry,
    emailMinInterval,
    disableSignup,
    updatePasswordRequireReauthentication,
    mfaFactorExpiry,
    mfaChallengeExpiry,
    maxEnrolledFactors,
    refreshTokenReuseInterval,
  };
}

/**
 * The error answered for `e`: an AuthError as it is, a body too large or bad JSON as GoTrue's,
 * an unreachable database as 503, anything else as 500 (logged).
 * @param {unknown} e
 * @param {() => void} logUnexpected
 * @returns {AuthError}
 */
function asAuthError(e, logUnexpected) {
  if (e instanceof AuthError) return e;
  if (e instanceof HttpError && e.status === 413) return errors.payloadTooLarge();
  if (e instanceof HttpError && e.status === 400) return errors.badJson();
  if (isDbDownError(e)) return errors.dbUnavailable();
  logUnexpected();
  return errors.unexpected();
}

/** @param {AuthOptions} options */
export function createAuthService(options) {
  const { pool, jwtSecret, mailer, log = () => {} } = options;
  const config = authConfig(options);
  /** @type {AuthDeps} */
  const deps = {
    pool,
    config,
    keys: authKeys(jwtSecret, config.publicUrl),
    mailer,
    log,
    unknownAddresses: createUnknownAddressLimiter(config.emailMinInterval),
  };
  const match = createRouter(ROUTES);

  /** @param {AuthContext} ctx @returns {Promise<RouteResult | undefined>} */
  async function dispatch(ctx) {
    const found = match(ctx.req.method || '', ctx.subpath);
    if (ctx.subpath.startsWith(ADMIN_PREFIX) || found?.admin) await requireAdmin(ctx);
    if (!found) throw errors.notFound();
    ctx.params = found.params;
    return found.handler(ctx);
  }

  /**
   * Answers one request below /auth/v1.
   * @param {import('node:http').IncomingMessage} req
   * @param {import('node:http').ServerResponse} res
   * @param {string} subpath
   * @param {URLSearchParams} query
   */
  async function handle(req, res, subpath, query) {
    const headers = { 'x-supabase-api-version': API_VERSION, 'cache-control': 'no-store' };
    /** @type {AuthContext} */
    const ctx = { ...deps, req, res, subpath, query, params: {}, tx: (fn) => withTransaction(pool, fn) };
    try {
      const out = await dispatch(ctx);
      if (!out) return; // response already written (redirect)
      const [status, body, extra] = out;
      if (status === 204) {
        res.writeHead(204, headers);
        res.end();
        return;
      }
      sendJson(res, status, body, { ...headers, ...extra });
    } catch (e) {
      const err = asAuthError(e, () => {
        log(`auth: unexpected error on ${req.method} ${subpath}: ${e instanceof Error ? e.stack || e.message : String(e)}`);
      });
      sendJson(res, err.status, authErrorBody(err, req), headers);
    }
  }

  return {
    handle,
    /** @param {string} token */
    verifyJwt: (token) => verifyJwt(deps.keys, token),
    rateLimitedError: errors.overRequestRateLimit,
  };
}

export { authErrorBody, errors as authErrors };
