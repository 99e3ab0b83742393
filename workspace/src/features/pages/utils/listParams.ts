/**
 * The page list's view (docs/product-rules.md#screens "Page list", §9): search, status filter, review-state
 * filter (docs/operator-desk.md#where-work-stands), sort, page and page size, read from and written to the address's query string, so a reload, a shared link and Back
 * show the same view. Bad values are replaced by the defaults (never an error).
 */

export const PAGE_SIZES = [5, 10, 20, 50] as const;
export const DEFAULT_PAGE_SIZE = 10;
export const SORT_COLUMNS = ['name', 'url', 'date_modified', 'content_score'] as const;
export type SortColumn = (typeof SORT_COLUMNS)[number];

/** pages.review_state: the latest version's review state, kept by the database (20261130000300). */
export const REVIEW_STATES = ['none', 'draft', 'revision', 'approved'] as const;
export type ReviewState = (typeof REVIEW_STATES)[number];
export const isReviewState = (value: unknown): value is ReviewState => (REVIEW_STATES as readonly unknown[]).includes(value);

export interface PageListView {
  /** trimmed search text ('' = none) */
  search: string;
  /** status id, or null for all */
  status: number | null;
  /** review state, or null for all */
  review: ReviewState | null;
  sort: SortColumn;
  ascending: boolean;
  /** 1-based */
  page: number;
  pageSize: number;
}

export const DEFAULT_VIEW: PageListView = {
  search: '',
  status: null,
  review: null,
  sort: 'date_modified',
  ascending: false,
  page: 1,
  pageSize: DEFAULT_PAGE_SIZE,
};

/** The first click on a column: names and URLs A→Z, dates newest first, scores best first. */
export const defaultAscending = (column: SortColumn) => column !== 'date_modified' && column !== 'content_score';

const MAX_SEARCH = 200;
const positiveInt = (raw: string | null) => (raw !== null && /^\d{1,9}$/.test(raw) ? Number(raw) : null);

/** Reads the view from the query string; anything unknown or malformed falls back to the default. */
export function readView(params: URLSearchParams): PageListView {
  const sortRaw = params.get('sort');
  const sort = (SORT_COLUMNS as readonly string[]).includes(sortRaw ?? '') ? (sortRaw as SortColumn) : DEFAULT_VIEW.sort;
  const dir = params.get('dir');
  const ascending = dir === 'asc' ? true : dir === 'desc' ? false : sortRaw === sort ? defaultAscending(sort) : DEFAULT_VIEW.ascending;
  const size = positiveInt(params.get('size'));
  const page = positiveInt(params.get('page'));
  const status = positiveInt(params.get('status'));
  const review = params.get('review');
  return {
    search: (params.get('q') ?? '').trim().slice(0, MAX_SEARCH),
    status: status !== null && status > 0 ? status : null,
    review: isReviewState(review) ? review : null,
    sort,
    ascending,
    page: page !== null && page >= 1 ? page : 1,
    pageSize: size !== null && (PAGE_SIZES as readonly number[]).includes(size) ? size : DEFAULT_PAGE_SIZE,
  };
}

/** The query string of a view: only what differs from the default, in a stable order. */
export function writeView(view: PageListView): URLSearchParams {
  const params = new URLSearchParams();
  if (view.search) params.set('q', view.search);
  if (view.status !== null) params.set('status', String(view.status));
  if (view.review !== null) params.set('review', view.review);
  if (view.sort !== DEFAULT_VIEW.sort || view.ascending !== DEFAULT_VIEW.ascending) {
    params.set('sort', view.sort);
    params.set('dir', view.ascending ? 'asc' : 'desc');
  }
  if (view.page !== 1) params.set('page', String(view.page));
  if (view.pageSize !== DEFAULT_PAGE_SIZE) params.set('size', String(view.pageSize));
  return params;
}

/** True when the query string is not the canonical form of the view it reads as (bad or default values). */
export const needsCanonicalUrl = (params: URLSearchParams) => writeView(readView(params)).toString() !== params.toString();

/** Number of pages for `total` rows (at least 1). */
export const pageCountOf = (total: number, pageSize: number) => Math.max(1, Math.ceil(total / pageSize));

/** The rows a page shows, 1-based and inclusive: 'Showing x-y of n' (0-0 when there is none). */
export function shownRange(page: number, pageSize: number, total: number): { from: number; to: number } {
  if (total <= 0) return { from: 0, to: 0 };
  const from = (page - 1) * pageSize + 1;
  return { from: Math.min(from, total), to: Math.min(page * pageSize, total) };
}

/**
 * The search as a value of PostgREST's `or=(name.ilike.<v>,url.ilike.<v>)`: contains, case-insensitive.
 * LIKE's own wildcards (% _ \) are escaped so they match themselves; PostgREST turns every `*` into `%`
 * and has no escape for it, so a typed `*` becomes `_` (any one character, the `*` included); the value
 * is double-quoted so `,` `(` `)` `.` `:` are plain text, with `"` and `\` escaped for the quotes.
 */
export function searchFilterValue(search: string): string {
  const like = search.replace(/[\\%_]/g, (c) => `\\${c}`).replace(/\*/g, '_');
  const quoted = `*${like}*`.replace(/["\\]/g, (c) => `\\${c}`);
  return `"${quoted}"`;
}

/**
 * The search form of a text, as public.search_fold gives pages.name_search (migration 20261201004000):
 * lower case, accents dropped, typographic apostrophes as the typed one, no-break spaces as spaces,
 * œ and æ spelt out. "Pain d’Épices" and "pain d'epices" are the same search.
 */
export function foldSearch(text: string): string {
  return text
    .toLowerCase()
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[’‘ʼ`´′]/g, "'")
    .replace(/[\u00a0\u202f]/g, ' ')
    .replace(/œ/g, 'oe')
    .replace(/æ/g, 'ae');
}

/**
 * The `or` filter for a search on name or URL: the name through its search form (accents, case and
 * apostrophes do not matter), the URL as typed (case-insensitive).
 */
export const searchFilter = (search: string) => `name_search.ilike.${searchFilterValue(foldSearch(search))},url.ilike.${searchFilterValue(search)}`;
