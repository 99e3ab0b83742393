import { AuthApiError, AuthRetryableFetchError, AuthSessionMissingError, AuthWeakPasswordError } from '@supabase/supabase-js';
import { i18n } from '@citable/shared';
import { toDataError, type Translate } from '@citable/shared/data';
import { authErrorMessage } from './errorMessage';
import frAuth from '../i18n/on-demand/fr/auth-errors.json';
import enAuth from '../i18n/on-demand/en/auth-errors.json';
import frErrors from '../i18n/on-demand/fr/data-errors.json';
import enErrors from '../i18n/on-demand/en/data-errors.json';

const tFr: Translate = i18n.getFixedT('fr');
const tEn: Translate = i18n.getFixedT('en');
const fr = { auth: frAuth, data: frErrors.data };
const en = { auth: enAuth, data: enErrors.data };

describe('the auth error texts (loaded with this entry, not with the main one)', () => {
  it('have the same codes in French and English, none empty', () => {
    expect(Object.keys(frAuth).sort()).toEqual(Object.keys(enAuth).sort());
    for (const text of [...Object.values(frAuth), ...Object.values(enAuth)]) expect(text.trim()).not.toBe('');
  });

  it('are in the errors namespace once this module is loaded', () => {
    expect(i18n.t('errors:auth.invalid_credentials', { lng: 'fr' })).toBe('Adresse e-mail ou mot de passe incorrect.');
    // next to the main entry's texts, which stay
    expect(i18n.t('errors:data.network', { lng: 'en' })).toBe(enErrors.data.network);
  });
});

describe('authErrorMessage', () => {
  const api = (code: string, message = 'server text', status = 400) => new AuthApiError(message, status, code);

  it.each([
    ['invalid_credentials', 'Adresse e-mail ou mot de passe incorrect.', 'Incorrect e-mail address or password.'],
    ['email_not_confirmed', fr.auth.email_not_confirmed, en.auth.email_not_confirmed],
    ['user_already_exists', fr.auth.user_already_exists, en.auth.user_already_exists],
    ['email_exists', fr.auth.user_already_exists, en.auth.user_already_exists],
    ['same_password', 'Le nouveau mot de passe doit être différent de l’ancien.', 'The new password must be different from the old one.'],
    ['email_address_invalid', fr.auth.email_address_invalid, en.auth.email_address_invalid],
    ['over_request_rate_limit', fr.auth.over_request_rate_limit, en.auth.over_request_rate_limit],
    ['signup_disabled', fr.auth.signup_disabled, en.auth.signup_disabled],
    ['session_expired', fr.auth.session_expired, en.auth.session_expired],
    ['session_not_found', fr.auth.session_expired, en.auth.session_expired],
    ['refresh_token_not_found', fr.auth.session_expired, en.auth.session_expired],
    ['otp_expired', fr.auth.otp_expired, en.auth.otp_expired],
    ['user_banned', fr.auth.user_banned, en.auth.user_banned],
  ])('%s', (code, french, english) => {
    expect(authErrorMessage(api(code), tFr)).toBe(french);
    expect(authErrorMessage(api(code), tEn)).toBe(english);
  });

  it('weak_password: the minimum length, or the reason', () => {
    const short = new AuthWeakPasswordError('Password should be at least 8 characters.', 422, ['length']);
    expect(authErrorMessage(short, tFr)).toBe('Le mot de passe doit contenir au moins 8\u00a0caractères.');
    expect(authErrorMessage(short, tEn)).toBe('The password must be at least 8 characters long.');
    const pwned = new AuthWeakPasswordError('Password is known to be weak and easy to guess, please choose a different one.', 422, ['pwned']);
    expect(authErrorMessage(pwned, tEn)).toBe(en.auth.weak_password_pwned);
    const mixed = new AuthWeakPasswordError('Password should contain at least one character of each: abcdefghijklmnopqrstuvwxyz, 0123456789', 422, ['characters']);
    expect(authErrorMessage(mixed, tFr)).toBe(fr.auth.weak_password_characters);
    expect(authErrorMessage(api('weak_password', 'weak', 422), tFr)).toBe(fr.auth.weak_password);
  });

  it('over_email_send_rate_limit: the wait the server asks for', () => {
    const error = api('over_email_send_rate_limit', 'For security purposes, you can only request this after 42 seconds.', 429);
    expect(authErrorMessage(error, tFr)).toBe('Par sécurité, vous pourrez refaire cette demande dans 42\u00a0secondes.');
    expect(authErrorMessage(error, tEn)).toBe('For security reasons, you can ask again in 42 seconds.');
    expect(authErrorMessage(api('over_email_send_rate_limit', 'Email rate limit exceeded', 429), tEn)).toBe(en.auth.over_email_send_rate_limit);
  });

  it('validation_failed about the e-mail: the form’s own text', () => {
    const error = api('validation_failed', 'Unable to validate email address: invalid format');
    expect(authErrorMessage(error, tFr)).toBe('Adresse e-mail invalide');
  });

  it('the missing session of auth-js (spec §8: Auth session missing!)', () => {
    expect(authErrorMessage(new AuthSessionMissingError(), tEn)).toBe(en.auth.session_expired);
  });

  it('network and server failures get the data layer’s texts', () => {
    expect(authErrorMessage(new AuthRetryableFetchError('Failed to fetch', 0), tFr)).toBe(fr.data.network);
    expect(authErrorMessage(new AuthRetryableFetchError('Service Unavailable', 503), tEn)).toBe(en.data.server);
  });

  it('an unknown code falls back to the server message, then to a generic text', () => {
    expect(authErrorMessage(api('flow_state_expired', 'Flow state has expired'), tFr)).toBe('Flow state has expired');
    expect(authErrorMessage(api('x', ''), tFr)).toBe(fr.data.unknown);
    expect(authErrorMessage(null, tEn)).toBe(en.data.unknown);
  });

  it('reads the auth error inside a DataError', () => {
    expect(authErrorMessage(toDataError(api('invalid_credentials')), tEn)).toBe('Incorrect e-mail address or password.');
  });
});
