/**
 * Every route of the workspace remote (docs/product-rules.md#screens), as a typed table: `patterns` for the route
 * declarations, and a builder per screen for links. The shell mounts this remote on /dashboard,
 * /sites/* and /tone-articles; a new screen inside those areas is a release of this remote alone.
 */
type Id = string | number;
const seg = (id: Id) => encodeURIComponent(String(id));

export const patterns = {
  dashboard: '/dashboard',
  sites: '/sites',
  site: '/sites/:siteId',
  pages: '/sites/:siteId/pages',
  page: '/sites/:siteId/pages/:pageId',
  pageVersions: '/sites/:siteId/pages/:pageId/page-versions',
  keywords: '/sites/:siteId/pages/:pageId/keywords-for-page',
  llmAnswers: '/sites/:siteId/pages/:pageId/llm-answers-for-page',
  images: '/sites/:siteId/pages/:pageId/images',
  brief: '/sites/:siteId/pages/:pageId/brief',
  visibility: '/sites/:siteId/pages/:pageId/visibility',
  toneArticles: '/tone-articles',
  articles: '/articles',
  inbox: '/inbox',
} as const;

export type ScreenKey = keyof typeof patterns;

const pageBase = (siteId: Id, pageId: Id) => `/sites/${seg(siteId)}/pages/${seg(pageId)}`;

export const paths = {
  dashboard: () => patterns.dashboard,
  sites: () => patterns.sites,
  site: (siteId: Id) => `/sites/${seg(siteId)}`,
  pages: (siteId: Id) => `/sites/${seg(siteId)}/pages`,
  page: pageBase,
  pageVersions: (siteId: Id, pageId: Id) => `${pageBase(siteId, pageId)}/page-versions`,
  keywords: (siteId: Id, pageId: Id) => `${pageBase(siteId, pageId)}/keywords-for-page`,
  llmAnswers: (siteId: Id, pageId: Id) => `${pageBase(siteId, pageId)}/llm-answers-for-page`,
  images: (siteId: Id, pageId: Id) => `${pageBase(siteId, pageId)}/images`,
  brief: (siteId: Id, pageId: Id) => `${pageBase(siteId, pageId)}/brief`,
  visibility: (siteId: Id, pageId: Id) => `${pageBase(siteId, pageId)}/visibility`,
  toneArticles: () => patterns.toneArticles,
  articles: () => patterns.articles,
  inbox: () => patterns.inbox,
} as const satisfies Record<ScreenKey, (...ids: Id[]) => string>;

/** Paths outside this remote that its screens link to. */
export const externalPaths = {
  /** the article viewer of the reviewer remote, shared with clients */
  view: (versionId: string) => `/view/${encodeURIComponent(versionId)}`,
} as const;
