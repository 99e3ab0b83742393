/** Pure rules of the page form (docs/product-rules.md#states "Page status", §5 "Page form"). */
import { normalizeWebUrl } from '@citable/shared';

export const DEFAULT_STATUS_ID = 1;

/** The statuses of §3, used when the statuses table cannot be read ('Unable to load page statuses'). */
export const FALLBACK_STATUSES = [
  { id: 1, name: 'Published' },
  { id: 2, name: 'Draft' },
  { id: 3, name: 'In Review' },
] as const;

/** The filter's order of §2: published, in review, draft, then any other status by id. */
export function orderStatuses<T extends { id: number }>(statuses: readonly T[]): T[] {
  const rank = (id: number) => {
    const i = [1, 3, 2].indexOf(id);
    return i === -1 ? 3 + id : i;
  };
  return [...statuses].sort((a, b) => rank(a.id) - rank(b.id));
}

export interface PageFormValues {
  name: string;
  url: string;
  status: string;
  /** demo article: hide_revisions_texts_from_preview */
  hideRevisionsTexts: boolean;
  /** hide_cover_image_from_preview */
  hideCoverImage: boolean;
}

export interface PageFormErrors {
  name?: 'nameRequired';
  /** blank; not a web address (javascript:, ftp://…); not a valid address; over 2,048 characters */
  url?: 'urlRequired' | 'urlNotWeb' | 'urlInvalid' | 'urlTooLong';
}

const URL_ERRORS = { empty: 'urlRequired', scheme: 'urlNotWeb', invalid: 'urlInvalid', tooLong: 'urlTooLong' } as const;

/** The form's errors; the URL is checked as it will be stored (see normalizePageUrl). */
export function validatePageForm(values: Pick<PageFormValues, 'name' | 'url' | 'status'>, siteUrl?: string | null): PageFormErrors {
  const errors: PageFormErrors = {};
  if (!values.name.trim()) errors.name = 'nameRequired';
  const url = normalizeWebUrl(values.url, { base: siteUrl });
  if (!url.ok) errors.url = URL_ERRORS[url.problem];
  return errors;
}

/**
 * The stored URL of a page (§5), by the one normaliser of @citable/shared: an http(s) address is kept
 * (scheme and host lower-cased); a path ('/blog/post' or 'blog/post') is a page of the site: the site's
 * address, one slash, the path; a host ('example.com/post') gets https://. Null when it is not a web
 * address (javascript:, ftp://…) or not a valid one: validatePageForm says why.
 */
export function normalizePageUrl(input: string, siteUrl?: string | null): string | null {
  const url = normalizeWebUrl(input, { base: siteUrl });
  return url.ok ? url.url : null;
}

/** The status id to store: an unknown one becomes 1 (§4). */
export function statusIdOf(raw: string, known: readonly { id: number }[]): number {
  const id = Number(raw);
  return known.some((s) => s.id === id) ? id : DEFAULT_STATUS_ID;
}
