/** Query keys of the feature, all under the shared factory's prefixes (so their invalidations reach them). */
import { queryKeys } from '@citable/shared/query';
import type { PageListView } from '../utils/listParams';

export const pageKeys = {
  list: (siteId: number, view: PageListView) =>
    queryKeys.pages.list(siteId, {
      search: view.search,
      sort: { column: view.sort, ascending: view.ascending },
      page: view.page,
      pageSize: view.pageSize,
      ...(view.status === null ? {} : { status: view.status }),
      ...(view.review === null ? {} : { reviewState: view.review }),
    }),
  /** the site's name and address for the page screens (under the site's detail key) */
  siteSummary: (siteId: number) => [...queryKeys.sites.detail(siteId), 'summary'] as const,
  /** counts of the page detail's cards */
  counts: (pageId: number) => [...queryKeys.pages.detail(pageId), 'counts'] as const,
  /** another page of the site at this URL (the page form's warning) */
  sameUrl: (siteId: number, url: string) => [...queryKeys.pages.lists(siteId), 'same-url', url] as const,
  latestVersion: (pageId: number) => [...queryKeys.pageVersions.lists(pageId), 'latest'] as const,
};
