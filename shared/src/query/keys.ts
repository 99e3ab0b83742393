/**
 * Query keys, one factory per domain (TkDodo's "effective query keys"): every key of a domain starts
 * with its `all` key, lists and details have their own prefixes, and list filters are an object, so
 * that invalidating a prefix reaches everything under it:
 *
 *   invalidate(queryKeys.pages.all)            // every page query
 *   invalidate(queryKeys.pages.lists(siteId))  // the page lists of one site, whatever their params
 *   invalidate(queryKeys.pages.detail(pageId)) // one page
 *
 * Ids are typed like the table's id column (numbers, uuids for page versions): a route param must be
 * converted before it becomes a key, or '42' and 42 would be two cache entries.
 */
import type { Page, PageVersion, Site, Keyword, ToneArticle, PageImage, Status } from '../data/types';

type SiteId = Site['id'];
type PageId = Page['id'];
type VersionId = PageVersion['id'];
type KeywordId = Keyword['id'];

/** Filters of the page list (docs/product-rules.md#screens "Page list"): search, sort, pagination. */
export interface PageListParams {
  search?: string;
  /** status id filter (none: every status) */
  status?: number;
  /** review-state filter (pages.review_state; none: every state) */
  reviewState?: string;
  sort?: { column: string; ascending: boolean };
  page?: number;
  pageSize?: number;
}

export const queryKeys = {
  sites: {
    all: ['sites'] as const,
    lists: () => [...queryKeys.sites.all, 'list'] as const,
    list: (params: { search?: string } = {}) => [...queryKeys.sites.lists(), params] as const,
    details: () => [...queryKeys.sites.all, 'detail'] as const,
    detail: (siteId: SiteId) => [...queryKeys.sites.details(), siteId] as const,
  },

  /** Countries and their languages (location_countries, location_languages). */
  locations: {
    all: ['locations'] as const,
    countries: () => [...queryKeys.locations.all, 'countries'] as const,
    languages: (countryId: number) => [...queryKeys.locations.all, 'languages', { countryId }] as const,
  },

  statuses: {
    all: ['statuses'] as const,
    list: () => [...queryKeys.statuses.all, 'list'] as const,
    detail: (statusId: Status['id']) => [...queryKeys.statuses.all, 'detail', statusId] as const,
  },

  /** The action lookup table (id by name: create_article, serps, llm_answers…). */
  actions: {
    all: ['actions'] as const,
    byName: (name: string) => [...queryKeys.actions.all, 'byName', name] as const,
  },

  pages: {
    all: ['pages'] as const,
    /** every page list, or those of one site */
    lists: (siteId?: SiteId) =>
      siteId === undefined ? ([...queryKeys.pages.all, 'list'] as const) : ([...queryKeys.pages.all, 'list', { siteId }] as const),
    list: (siteId: SiteId, params: PageListParams = {}) => [...queryKeys.pages.all, 'list', { siteId, ...params }] as const,
    details: () => [...queryKeys.pages.all, 'detail'] as const,
    detail: (pageId: PageId) => [...queryKeys.pages.details(), pageId] as const,
  },

  pageVersions: {
    all: ['pageVersions'] as const,
    lists: (pageId?: PageId) =>
      pageId === undefined
        ? ([...queryKeys.pageVersions.all, 'list'] as const)
        : ([...queryKeys.pageVersions.all, 'list', { pageId }] as const),
    /** versions of a page, newest first */
    list: (pageId: PageId) => [...queryKeys.pageVersions.all, 'list', { pageId }] as const,
    /** the latest version of each page of a list (sorted ids: the order of the list does not matter) */
    latest: (pageIds: readonly PageId[]) =>
      [...queryKeys.pageVersions.all, 'latest', { pageIds: [...pageIds].sort((a, b) => a - b) }] as const,
    details: () => [...queryKeys.pageVersions.all, 'detail'] as const,
    detail: (versionId: VersionId) => [...queryKeys.pageVersions.details(), versionId] as const,
  },

  keywords: {
    all: ['keywords'] as const,
    lists: () => [...queryKeys.keywords.all, 'list'] as const,
    /** the keywords linked to a page (pages_keywords with the keyword) */
    list: (pageId: PageId) => [...queryKeys.keywords.lists(), { pageId }] as const,
    /** case-insensitive lookup of a keyword by its text */
    search: (keyword: string) => [...queryKeys.keywords.all, 'search', keyword.trim().toLowerCase()] as const,
  },

  serps: {
    all: ['serps'] as const,
    lists: () => [...queryKeys.serps.all, 'list'] as const,
    /** the results of a keyword on a site, by position */
    list: (keywordId: KeywordId, siteId: SiteId) => [...queryKeys.serps.lists(), { keywordId, siteId }] as const,
    counts: () => [...queryKeys.serps.all, 'count'] as const,
    /** e.g. count({ siteId, ownSite: true }) for a site's own results, count({ keywordId }) */
    count: (filters: { siteId?: SiteId; keywordId?: KeywordId; ownSite?: boolean }) => [...queryKeys.serps.counts(), filters] as const,
  },

  llmAnswers: {
    all: ['llmAnswers'] as const,
    lists: () => [...queryKeys.llmAnswers.all, 'list'] as const,
    list: (pageId: PageId) => [...queryKeys.llmAnswers.lists(), { pageId }] as const,
  },

  /** Page images (pages_versions_images): propositions and examples. */
  images: {
    all: ['images'] as const,
    lists: (pageId?: PageId) =>
      pageId === undefined ? ([...queryKeys.images.all, 'list'] as const) : ([...queryKeys.images.all, 'list', { pageId }] as const),
    list: (pageId: PageId, type?: PageImage['type']) => [...queryKeys.images.all, 'list', { pageId, type }] as const,
  },

  toneArticles: {
    all: ['toneArticles'] as const,
    lists: () => [...queryKeys.toneArticles.all, 'list'] as const,
    /** every tone article with its parent's name */
    list: () => [...queryKeys.toneArticles.lists(), {}] as const,
    /** the groups only (no parent), by name */
    groups: () => [...queryKeys.toneArticles.lists(), { groupsOnly: true }] as const,
    detail: (toneArticleId: ToneArticle['id']) => [...queryKeys.toneArticles.all, 'detail', toneArticleId] as const,
  },

  /** The staff inbox (docs/operator-desk.md): first-article requests and contact messages, by state filter. */
  inbox: {
    all: ['inbox'] as const,
    requests: (params: { status: string } = { status: 'all' }) => [...queryKeys.inbox.all, 'requests', params] as const,
    messages: (params: { status: string } = { status: 'all' }) => [...queryKeys.inbox.all, 'messages', params] as const,
    /** the staff accounts, for "taken by" */
    staff: () => [...queryKeys.inbox.all, 'staff'] as const,
  },

  /** Queued page actions (pages_actions). */
  pageActions: {
    all: ['pageActions'] as const,
    lists: (pageId?: PageId) =>
      pageId === undefined
        ? ([...queryKeys.pageActions.all, 'list'] as const)
        : ([...queryKeys.pageActions.all, 'list', { pageId }] as const),
    list: (pageId: PageId, actionId?: number) => [...queryKeys.pageActions.all, 'list', { pageId, actionId }] as const,
  },

  /** The "Articles" work list (list_work_queue): the signed-in user's pages waiting for them. */
  workQueue: {
    all: ['workQueue'] as const,
  },

  /** The signed-in user's notifications (the bell: the latest ones and the unread count). */
  notifications: {
    all: ['notifications'] as const,
    latest: () => [...queryKeys.notifications.all, 'latest'] as const,
  },

  /** The signed-in user's settings (user_settings). */
  userSettings: {
    all: ['userSettings'] as const,
    detail: () => [...queryKeys.userSettings.all, 'detail'] as const,
  },
} as const;

export type QueryKeys = typeof queryKeys;
