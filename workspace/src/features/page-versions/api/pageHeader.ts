/** The page the versions screen is about, with its site's name for the breadcrumb (spec/app.md §7 "pages: select by id"). */
import { useQuery } from '@tanstack/react-query';
import type { Page } from '@citable/shared';
import { request } from '@citable/shared/data';
import { queryKeys } from '@citable/shared/query';

export type VersionsPageHeader = Pick<Page, 'id' | 'site' | 'name' | 'url'> & { sites: { name: string } | null };

/**
 * DataError not_found when the page is missing, not the user's, or of another site (`sites!inner`:
 * a demo page, readable by everyone, of a site that is not the signed-in user's leaves no row).
 */
export const getVersionsPageHeader = (siteId: number, pageId: number) =>
  request((db) => db.from('pages').select('id, site, name, url, sites!inner(name)').eq('id', pageId).eq('site', siteId).single()) as Promise<VersionsPageHeader>;

export function useVersionsPageHeader(siteId: number | null, pageId: number | null) {
  return useQuery({
    queryKey: [...queryKeys.pages.detail(pageId ?? 0), 'versions-header', { siteId }],
    queryFn: () => getVersionsPageHeader(siteId as number, pageId as number),
    enabled: siteId !== null && pageId !== null,
  });
}
