/**
 * @citable/shared/auth-errors — GoTrue's error codes in the user's language. An entry of its own, with
 * its texts (i18n/on-demand/), so that only the pages with auth forms download them, not every public
 * page with the main entry.
 */
// through the package, not relative paths: this entry is a federated module of its own, and must
// meet the page's one copy of the main entry (its i18n instance) rather than bundle a second one
import { addTranslations, i18n } from '@citable/shared';
import { dataErrorMessage, isDataError, toDataError, type Translate } from '@citable/shared/data';
import fr from '../i18n/on-demand/fr/auth-errors.json';
import en from '../i18n/on-demand/en/auth-errors.json';

// errors:auth.<code>, next to errors:data.<kind> of the main entry
addTranslations('errors', { fr: { auth: fr }, en: { auth: en } });

const defaultTranslate: Translate = (key, options) => i18n.t(key, options);

/** GoTrue error codes with a text of their own (errors:auth.<code>). */
const KNOWN_CODES = new Set([
  'invalid_credentials',
  'email_not_confirmed',
  'user_already_exists',
  'weak_password',
  'same_password',
  'email_address_invalid',
  'email_address_not_authorized',
  'over_email_send_rate_limit',
  'over_request_rate_limit',
  'signup_disabled',
  'session_expired',
  'otp_expired',
  'user_banned',
  'mfa_verification_failed',
  'mfa_challenge_expired',
  'insufficient_aal',
  'mfa_factor_not_found',
]);

/** Codes that mean the same thing to a user. */
const ALIASES: Record<string, string> = {
  email_exists: 'user_already_exists',
  session_not_found: 'session_expired',
  refresh_token_not_found: 'session_expired',
  refresh_token_already_used: 'session_expired',
  bad_jwt: 'session_expired',
  invalid_jwt: 'session_expired',
  no_authorization: 'session_expired',
  // the user of the token no longer exists (GoTrue answers it for a JWT whose sub is gone)
  user_not_found: 'session_expired',
};

/** auth-js errors raised by the client itself, without a code (spec §8: 'Auth session missing!'). */
const CODE_BY_NAME: Record<string, string> = {
  AuthSessionMissingError: 'session_expired',
  AuthInvalidJwtError: 'session_expired',
};

interface AuthErrorLike {
  code?: unknown;
  name?: unknown;
  message?: unknown;
  reasons?: unknown;
}

/**
 * The text to show for an auth error (GoTrue `error.code`, auth-js error classes), in the user's
 * language; for a code without a text of its own, the server's message — what the auth toasts showed
 * before (docs/product-rules.md#errors) — and for network and server failures the data layer's texts.
 *
 *   const { error } = await signIn(email, password);
 *   if (error) showErrorToast(t('toast.loginError.title'), authErrorMessage(error, t));
 */
export function authErrorMessage(error: unknown, t: Translate = defaultTranslate): string {
  const raw = isDataError(error) && error.cause !== undefined ? error.cause : error;
  const e = (typeof raw === 'object' && raw !== null ? raw : {}) as AuthErrorLike;
  const given = typeof e.code === 'string' && e.code ? e.code : CODE_BY_NAME[String(e.name)];
  const code = given ? (ALIASES[given] ?? given) : undefined;
  const message = typeof e.message === 'string' && e.message.trim() !== '{}' ? e.message.trim() : '';

  if (code === 'weak_password') {
    const reasons = Array.isArray(e.reasons) ? (e.reasons as unknown[]) : [];
    const minLength = /at least (\d+) character/i.exec(message)?.[1];
    if (reasons.includes('pwned')) return t('errors:auth.weak_password_pwned');
    if (minLength) return t('errors:auth.weak_password_length', { count: Number(minLength) });
    if (reasons.includes('characters')) return t('errors:auth.weak_password_characters');
  }
  if (code === 'over_email_send_rate_limit') {
    const seconds = /after (\d+) seconds?/i.exec(message)?.[1];
    if (seconds) return t('errors:auth.over_email_send_rate_limit_wait', { count: Number(seconds) });
  }
  if (code === 'validation_failed' && /e-?mail/i.test(message)) return t('errors:auth.validation_email');
  if (code && KNOWN_CODES.has(code)) return t(`errors:auth.${code}`);

  const { kind } = toDataError(raw);
  if (kind === 'network' || kind === 'server' || kind === 'rate_limited') return dataErrorMessage(raw, t);
  return message || t('errors:data.unknown');
}
