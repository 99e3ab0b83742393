// GoTrue-compatible error bodies. GoTrue answers with the 2024-01-01 shape
// `{ code: '<error_code>', message }` when the client sends
// `X-Supabase-Api-Version: 2024-01-01` (supabase-js always does) and with the
// legacy shape `{ code: <status>, error_code, msg }` otherwise.
import { HttpError } from '../http-util.js';

export const API_VERSION = '2024-01-01';

/** An auth API error: its HTTP status, GoTrue's error code, the message and extra body fields. */
export class AuthError extends HttpError {
  /**
   * @param {number} status
   * @param {string} errorCode
   * @param {string} message
   * @param {Record<string, unknown>} [extra]
   */
  constructor(status, errorCode, message, extra = {}) {
    super(status, { message });
    this.errorCode = errorCode;
    this.message = message;
    this.extra = extra;
  }
}

/**
 * The error body in the shape the client asked for (X-Supabase-Api-Version).
 * @param {AuthError} err
 * @param {import('node:http').IncomingMessage} req
 */
export function authErrorBody(err, req) {
  const requested = String(req.headers['x-supabase-api-version'] || '');
  const modern = /^\d{4}-\d{2}-\d{2}$/.test(requested) && requested >= API_VERSION;
  const body = modern
    ? { code: err.errorCode, message: err.message }
    : { code: err.status, error_code: err.errorCode, msg: err.message };
  return { ...body, ...err.extra };
}

export const errors = {
  invalidCredentials: () => new AuthError(400, 'invalid_credentials', 'Invalid login credentials'),
  emailNotConfirmed: () => new AuthError(400, 'email_not_confirmed', 'Email not confirmed'),
  userBanned: () => new AuthError(400, 'user_banned', 'User is banned'),
  userAlreadyExists: () => new AuthError(422, 'user_already_exists', 'User already registered'),
  emailExists: () => new AuthError(422, 'email_exists', 'A user with this email address has already been registered'),
  weakPassword: (/** @type {number} */ min) =>
    new AuthError(422, 'weak_password', `Password should be at least ${min} characters.`, {
      weak_password: { reasons: ['length'] },
    }),
  samePassword: () => new AuthError(422, 'same_password', 'New password should be different from the old password.'),
  invalidEmail: () => new AuthError(400, 'validation_failed', 'Unable to validate email address: invalid format'),
  emailRequired: () => new AuthError(400, 'validation_failed', 'An email address is required'),
  validation: (/** @type {string} */ msg) => new AuthError(400, 'validation_failed', msg),
  badJson: () => new AuthError(400, 'bad_json', 'Could not parse request body as JSON'),
  refreshNotFound: () => new AuthError(400, 'refresh_token_not_found', 'Invalid Refresh Token: Refresh Token Not Found'),
  refreshAlreadyUsed: () => new AuthError(400, 'refresh_token_already_used', 'Invalid Refresh Token: Already Used'),
  unsupportedGrant: () =>
    new AuthError(400, 'unsupported_grant_type', 'unsupported_grant_type'),
  noAuthorization: () => new AuthError(401, 'no_authorization', 'This endpoint requires a Bearer token'),
  badJwt: (/** @type {string} */ detail) => new AuthError(403, 'bad_jwt', `invalid JWT: unable to parse or verify signature, ${detail}`),
  missingSub: () => new AuthError(403, 'bad_jwt', 'invalid claim: missing sub claim'),
  userFromSubMissing: () => new AuthError(403, 'user_not_found', 'User from sub claim in JWT does not exist'),
  sessionNotFound: () => new AuthError(403, 'session_not_found', 'Session from session_id claim in JWT does not exist'),
  notAdmin: () => new AuthError(403, 'not_admin', 'User not allowed'),
  userNotFound: () => new AuthError(404, 'user_not_found', 'User not found'),
  otpExpired: () => new AuthError(403, 'otp_expired', 'Email link is invalid or has expired'),
  tokenExpiredOrInvalid: () => new AuthError(403, 'otp_expired', 'Token has expired or is invalid'),
  otpSignupsDisabled: () => new AuthError(422, 'otp_disabled', 'Signups not allowed for otp'),
  phoneDisabled: () => new AuthError(400, 'phone_provider_disabled', 'Unsupported phone provider'),
  factorNotFound: () => new AuthError(404, 'mfa_factor_not_found', 'Factor not found'),
  reauthenticationNeeded: () => new AuthError(400, 'reauthentication_needed', 'Password update requires reauthentication'),
  reauthenticationNotValid: () => new AuthError(422, 'reauthentication_not_valid', 'Nonce has expired or is invalid'),
  overRequestRateLimit: () => new AuthError(429, 'over_request_rate_limit', 'Request rate limit reached'),
  overEmailRateLimit: (/** @type {number} */ seconds) =>
    new AuthError(429, 'over_email_send_rate_limit', `For security purposes, you can only request this after ${seconds} seconds.`),
  signupDisabled: () => new AuthError(422, 'signup_disabled', 'Signups not allowed for this instance'),
  notFound: () => new AuthError(404, 'not_found', 'Not found'),
  methodNotAllowed: () => new AuthError(405, 'method_not_allowed', 'Method not allowed'),
  payloadTooLarge: () => new AuthError(413, 'request_too_large', 'Request body too large'),
  dbUnavailable: () => new AuthError(503, 'unexpected_failure', 'Database unavailable: the auth service cannot reach PostgreSQL'),
  unexpected: () => new AuthError(500, 'unexpected_failure', 'Unexpected failure, please check server logs for more information'),
};
