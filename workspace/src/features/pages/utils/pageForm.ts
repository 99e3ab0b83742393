/** Pure rules of the page form (docs/product-rules.md#states "Page status", §5 "Page form"). */

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
  url?: 'urlRequired';
}

export function validatePageForm(values: Pick<PageFormValues, 'name' | 'url' | 'status'>): PageFormErrors {
  const errors: PageFormErrors = {};
  if (!values.name.trim()) errors.name = 'nameRequired';
  if (!values.url.trim()) errors.url = 'urlRequired';
  return errors;
}

/**
 * The stored URL of a page (§5): an address with http:// or https:// is kept as typed; a path
 * ('/blog/post' or 'blog/post') is a page of the site: the site's address, one slash, the path
 * without its leading slashes; anything else (a host, 'example.com/post') gets https://.
 */
export function normalizePageUrl(input: string, siteUrl?: string | null): string {
  const url = input.trim();
  if (/^https?:\/\//i.test(url)) return url;
  const path = url.replace(/^\/+/, '');
  const firstSegment = path.split(/[/?#]/, 1)[0] ?? '';
  const looksLikeHost = /^[^\s.]+(\.[^\s.]+)+$/.test(firstSegment) && !url.startsWith('/');
  if (!looksLikeHost && siteUrl) {
    const base = (/^https?:\/\//i.test(siteUrl.trim()) ? siteUrl.trim() : `https://${siteUrl.trim()}`).replace(/\/+$/, '');
    return path ? `${base}/${path}` : base;
  }
  return `https://${path}`;
}

/** The status id to store: an unknown one becomes 1 (§4). */
export function statusIdOf(raw: string, known: readonly { id: number }[]): number {
  const id = Number(raw);
  return known.some((s) => s.id === id) ? id : DEFAULT_STATUS_ID;
}
