// the page's one i18n instance, through the package (this file belongs to the @citable/shared/data entry)
import { i18n } from '@citable/shared';
import { toDataError } from './errors';

/**
 * A translate function of the page's i18next instance: `t` from useTranslation() (any namespace: the
 * keys used here name theirs) or i18n.t. Defaults to the current language.
 */
export type Translate = (key: string, options?: Record<string, unknown>) => string;

export const defaultTranslate: Translate = (key, options) => i18n.t(key, options);

/** A server message worth showing a person: not empty, not a serialized object. */
export function readableServerMessage(error: unknown): string | undefined {
  const raw = (error as { message?: unknown } | null)?.message;
  const message = typeof raw === 'string' ? raw.trim() : '';
  return message && message !== '{}' && message !== '[object Object]' ? message : undefined;
}

/**
 * A clear sentence in the user's language for any error of a data call (errors:data.<kind>).
 * The server's own message is shown only for errors of unknown kind, where it is the best there is.
 *
 *   notifications.show({ color: 'red', title: t('sites.loadError'), message: dataErrorMessage(error, t) });
 */
export function dataErrorMessage(error: unknown, t: Translate = defaultTranslate): string {
  const dataError = toDataError(error);
  // 20261128000400: more rows in one request than the database takes (PT413, hint too_many_rows)
  if (dataError.hint === 'too_many_rows') return t('errors:data.tooManyRows');
  if (dataError.status === 413) return t('errors:data.tooLarge');
  if (dataError.kind === 'unknown') {
    // a JavaScript failure (TypeError: x is undefined…) says nothing to a user
    const cause = dataError.cause;
    const isProgrammingError = [TypeError, RangeError, ReferenceError, SyntaxError].some((type) => cause instanceof type);
    const server = isProgrammingError ? undefined : readableServerMessage(dataError);
    if (server && server !== 'Unknown error') return server;
  }
  return t(`errors:data.${dataError.kind}`);
}
