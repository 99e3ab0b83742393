/** The page a sub-screen is about, with its site (name and URL: the brand and domain of the citation figures). */
import { useQuery } from '@tanstack/react-query';
import type { Page, Site } from '@citable/shared';
import { DataError, request } from '@citable/shared/data';
import { queryKeys } from '@citable/shared/query';

export type PageContext = Pick<Page, 'id' | 'site' | 'name' | 'url'> & { sites: Pick<Site, 'id' | 'name' | 'url'> | null };

/**
 * DataError not_found when the page is missing, not the user's, or of another site. The site is
 * joined with `!inner`: a demo page (readable by everyone) of a site that is not the signed-in
 * user's leaves no row, as any other page of that site.
 */
export async function getPageContext(siteId: number, pageId: number): Promise<PageContext> {
  const page = await request((db) =>
    db.from('pages').select('id, site, name, url, sites!inner(id, name, url)').eq('id', pageId).eq('site', siteId).maybeSingle(),
  );
  if (!page) throw new DataError('not_found', 'Page not found');
  return page as PageContext;
}

export function usePageContext(siteId: number | null, pageId: number | null) {
  return useQuery({
    queryKey: [...queryKeys.pages.detail(pageId ?? 0), 'context', { siteId }],
    queryFn: () => getPageContext(siteId as number, pageId as number),
    enabled: siteId !== null && pageId !== null,
  });
}
