/**
 * The routes of the reviewer remote (docs/product-rules.md#screens), as a typed table. The shell mounts this remote
 * on /view/*; a new screen there is a release of this remote alone.
 */
export const patterns = {
  view: '/view/:versionId',
  /** the client's AI-visibility report (issue 33): read-only, the token is the capability */
  report: '/view/report/:token',
} as const;

export const paths = {
  view: (versionId: string) => `/view/${encodeURIComponent(versionId)}`,
  report: (token: string) => `/view/report/${encodeURIComponent(token)}`,
} as const;

/** Screens of other apps the reviewer links to (same shell router). */
export const externalPaths = {
  /** the workspace's versions screen of a page (docs/product-rules.md#screens "Versions") */
  pageVersions: (siteId: number, pageId: number) => `/sites/${siteId}/pages/${pageId}/page-versions`,
  home: () => '/',
} as const;
