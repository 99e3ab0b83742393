// WordPress failures (issue 31): one code per case the screens translate (WORDPRESS_MESSAGES, French
// and English, word for word the workspace's texts), and the two error classes the client throws —
// WordPressError (running again cannot fix it) and WordPressTransientError (time-outs, network, 5xx, 429).
// Neither ever carries the password or the Authorization header.
import { PermanentError, TransientError } from '../errors.js';

export type WordPressFailure =
  | 'invalid_url'
  | 'plain_http'
  | 'unreachable'
  | 'no_rest_api'
  | 'wrong_credentials'
  | 'cannot_publish'
  | 'not_found'
  | 'too_large'
  | 'rejected'
  | 'timeout'
  | 'server_error'
  | 'rate_limited';

/** The texts of each failure, for the screens and the action's result (French first). */
export const WORDPRESS_MESSAGES: Record<WordPressFailure, { fr: string; en: string }> = {
  invalid_url: { fr: 'L’adresse du site WordPress n’est pas valide.', en: 'The WordPress site address is not valid.' },
  plain_http: {
    fr: 'Le site n’est pas en HTTPS\u00a0: le mot de passe circulerait en clair. Confirmez pour l’utiliser quand même.',
    en: 'The site is not on HTTPS: the password would travel in clear. Confirm to use it anyway.',
  },
  unreachable: { fr: 'Le site WordPress est injoignable.', en: 'The WordPress site cannot be reached.' },
  no_rest_api: {
    fr: 'L’API REST de WordPress ne répond pas (désactivée ou bloquée par une extension de sécurité).',
    en: 'The WordPress REST API does not answer (disabled, or blocked by a security plugin).',
  },
  wrong_credentials: {
    fr: 'WordPress refuse l’identifiant ou le mot de passe d’application.',
    en: 'WordPress refuses the username or the application password.',
  },
  cannot_publish: {
    fr: 'Cet utilisateur WordPress n’a pas le droit de publier.',
    en: 'This WordPress user is not allowed to publish.',
  },
  not_found: {
    fr: 'La publication n’existe plus dans WordPress (supprimée)\u00a0; elle peut être publiée à nouveau.',
    en: 'The post no longer exists in WordPress (deleted); it can be published anew.',
  },
  too_large: { fr: 'WordPress refuse le fichier\u00a0: il est trop lourd.', en: 'WordPress refuses the file: it is too large.' },
  rejected: { fr: 'WordPress a refusé la demande.', en: 'WordPress refused the request.' },
  timeout: { fr: 'Le site WordPress n’a pas répondu à temps.', en: 'The WordPress site did not answer in time.' },
  server_error: { fr: 'Le site WordPress est en erreur.', en: 'The WordPress site answered with an error.' },
  rate_limited: { fr: 'Le site WordPress limite les requêtes\u00a0; nouvel essai plus tard.', en: 'The WordPress site is limiting requests; trying again later.' },
};

interface ErrorDetails {
  status?: number;
  /** WordPress's own error code (rest_cannot_create, incorrect_password…). */
  wpCode?: string;
  retryAfterMs?: number;
}

/** A WordPress failure that running again cannot fix. */
export class WordPressError extends PermanentError {
  readonly code: WordPressFailure;
  readonly status: number | undefined;
  readonly wpCode: string | undefined;

  constructor(code: WordPressFailure, message: string, details: ErrorDetails = {}, options?: ErrorOptions) {
    super(message, options);
    this.name = 'WordPressError';
    this.code = code;
    this.status = details.status;
    this.wpCode = details.wpCode;
  }
}

/** A WordPress failure worth retrying (time-out, network, 5xx, 429). */
export class WordPressTransientError extends TransientError {
  readonly code: WordPressFailure;
  readonly wpCode: string | undefined;

  constructor(code: WordPressFailure, message: string, details: ErrorDetails = {}, options?: ErrorOptions) {
    super(message, { ...options, status: details.status, retryAfterMs: details.retryAfterMs });
    this.name = 'WordPressTransientError';
    this.code = code;
    this.wpCode = details.wpCode;
  }
}

/** The failure code of any error a client call threw (null when it is not a WordPress error). */
export const failureOf = (error: unknown): WordPressFailure | null => (error instanceof WordPressError || error instanceof WordPressTransientError ? error.code : null);
