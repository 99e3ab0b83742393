import { AuthApiError, AuthRetryableFetchError, AuthSessionMissingError, AuthWeakPasswordError } from '@supabase/supabase-js';
import { StorageApiError } from '@supabase/storage-js';
import { i18n } from '../i18n';
import { authErrorMessage } from '../auth/errorMessage';
import { DataError, toDataError, type DataErrorKind } from './errors';
import { dataErrorMessage, type Translate } from './messages';
import fr from '../i18n/locales/fr/errors.json';
import en from '../i18n/locales/en/errors.json';

const tFr: Translate = i18n.getFixedT('fr');
const tEn: Translate = i18n.getFixedT('en');

const KINDS: DataErrorKind[] = ['network', 'unauthorized', 'forbidden', 'not_found', 'conflict', 'invalid', 'rate_limited', 'server', 'unknown'];

describe('the errors namespace', () => {
  const keys = (o: object, prefix = ''): string[] =>
    Object.entries(o).flatMap(([k, v]) => (typeof v === 'object' ? keys(v, `${prefix}${k}.`) : [`${prefix}${k}`]));

  it('has the same keys in French and English, none empty, and a text per kind', () => {
    expect(keys(fr).sort()).toEqual(keys(en).sort());
    for (const text of [...Object.values(fr.data), ...Object.values(fr.auth), ...Object.values(en.data), ...Object.values(en.auth)]) {
      expect(text.trim()).not.toBe('');
    }
    for (const kind of KINDS) expect(Object.keys(fr.data)).toContain(kind);
  });
});

describe('dataErrorMessage', () => {
  it.each(KINDS.filter((kind) => kind !== 'unknown'))('%s: a sentence of its own in each language', (kind) => {
    const error = new DataError(kind, 'raw server text');
    const french = dataErrorMessage(error, tFr);
    const english = dataErrorMessage(error, tEn);
    expect(french).toBe(fr.data[kind]);
    expect(english).toBe(en.data[kind]);
    expect(french).not.toBe(english);
    expect(french).not.toContain('raw server text');
  });

  it('examples: network, RLS refusal, rate-limited RPC', () => {
    expect(dataErrorMessage(new TypeError('Failed to fetch'), tFr)).toBe(
      'Impossible de joindre le serveur. Vérifiez votre connexion internet puis réessayez.',
    );
    const rls = toDataError({ code: '42501', message: 'new row violates row-level security policy for table "pages"' }, { status: 403 });
    // the spec's words for a refusal (spec/app.md §6)
    expect(dataErrorMessage(rls, tEn)).toBe("Sorry, you don't have permission to do this.");
    const flood = { code: 'P0001', message: 'Too many messages were sent from this address. Please try again later.', hint: 'rate_limited' };
    expect(dataErrorMessage(flood, tFr)).toBe('Trop de demandes en peu de temps. Patientez quelques minutes avant de réessayer.');
  });

  it('says "too large" for a 413 (an upload over the limit)', () => {
    const error = new StorageApiError('The object exceeded the maximum allowed size', 413, '413');
    expect(dataErrorMessage(error, tEn)).toBe('The file or content sent is too large.');
    expect(dataErrorMessage(error, tFr)).toBe('Le fichier ou le contenu envoyé est trop volumineux.');
  });

  it('unknown kind: the server message when there is one, never a JavaScript failure', () => {
    expect(dataErrorMessage(new Error('Page not found'), tEn)).toBe('Page not found');
    expect(dataErrorMessage(new TypeError("Cannot read properties of undefined (reading 'id')"), tEn)).toBe(
      'An unexpected error occurred. Please try again.',
    );
    expect(dataErrorMessage(undefined, tFr)).toBe('Une erreur inattendue est survenue. Veuillez réessayer.');
    expect(dataErrorMessage({ message: '{}' }, tFr)).toBe('Une erreur inattendue est survenue. Veuillez réessayer.');
  });

  it('uses the current language without a t', async () => {
    await i18n.changeLanguage('en');
    expect(dataErrorMessage(new DataError('not_found', 'x'))).toBe('This item does not exist or has been deleted.');
    await i18n.changeLanguage('fr');
    expect(dataErrorMessage(new DataError('not_found', 'x'))).toBe("Cet élément n'existe pas ou a été supprimé.");
  });
});

describe('authErrorMessage', () => {
  const api = (code: string, message = 'server text', status = 400) => new AuthApiError(message, status, code);

  it.each([
    ['invalid_credentials', 'Adresse e-mail ou mot de passe incorrect.', 'Incorrect e-mail address or password.'],
    ['email_not_confirmed', fr.auth.email_not_confirmed, en.auth.email_not_confirmed],
    ['user_already_exists', fr.auth.user_already_exists, en.auth.user_already_exists],
    ['email_exists', fr.auth.user_already_exists, en.auth.user_already_exists],
    ['same_password', 'Le nouveau mot de passe doit être différent de l\'ancien.', 'The new password must be different from the old one.'],
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
    expect(authErrorMessage(short, tFr)).toBe('Le mot de passe doit contenir au moins 8 caractères.');
    expect(authErrorMessage(short, tEn)).toBe('The password must be at least 8 characters long.');
    const pwned = new AuthWeakPasswordError('Password is known to be weak and easy to guess, please choose a different one.', 422, ['pwned']);
    expect(authErrorMessage(pwned, tEn)).toBe(en.auth.weak_password_pwned);
    const mixed = new AuthWeakPasswordError('Password should contain at least one character of each: abcdefghijklmnopqrstuvwxyz, 0123456789', 422, ['characters']);
    expect(authErrorMessage(mixed, tFr)).toBe(fr.auth.weak_password_characters);
    expect(authErrorMessage(api('weak_password', 'weak', 422), tFr)).toBe(fr.auth.weak_password);
  });

  it('over_email_send_rate_limit: the wait the server asks for', () => {
    const error = api('over_email_send_rate_limit', 'For security purposes, you can only request this after 42 seconds.', 429);
    expect(authErrorMessage(error, tFr)).toBe('Par sécurité, vous pourrez refaire cette demande dans 42 secondes.');
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
