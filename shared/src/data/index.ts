/**
 * @citable/shared/data — the data layer: typed errors (DataError and its kinds), the fetch helpers
 * over supabase-js (request, requestWithCount, requestCount, unwrap) and the users' messages for
 * each kind of error. An entry of its own, with its texts (i18n/on-demand/), so that a public page
 * downloads it with the first call that needs it, not with the main entry. Row types stay in the main
 * entry (types only: nothing to load).
 */
// the page's one i18n instance, through the package (this entry is a federated module of its own)
import { addTranslations } from '@citable/shared';
import fr from '../i18n/on-demand/fr/data-errors.json';
import en from '../i18n/on-demand/en/data-errors.json';

// errors:data.<kind>
addTranslations('errors', { fr, en });

export { DataError, isDataError, toDataError, unwrap } from './errors';
export type { DataErrorKind, DataErrorInit, DataOf, SupabaseResult } from './errors';
export { request, requestCount, requestWithCount } from './request';
export type { CountedResult } from './request';
export { dataErrorMessage } from './messages';
export type { Translate } from './messages';
