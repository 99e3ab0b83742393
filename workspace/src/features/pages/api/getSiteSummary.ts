/** The site's name and address, for the page screens' titles, breadcrumbs and URL rule. */
import { useQuery } from '@tanstack/react-query';
import type { Site } from '@citable/shared';
import { DataError, request } from '@citable/shared/data';
import { pageKeys } from './keys';

export type SiteSummary = Pick<Site, 'id' | 'name' | 'url'>;

/** DataError not_found when the site is missing or not the user's. */
export async function getSiteSummary(siteId: number): Promise<SiteSummary> {
  // maybeSingle: no row is a 200 with null (single() would answer 406, an error in the console)
  const site = await request((db) => db.from('sites').select('id, name, url').eq('id', siteId).maybeSingle());
  if (!site) throw new DataError('not_found', 'Site not found');
  return site;
}

export function useSiteSummary(siteId: number | null) {
  return useQuery({
    queryKey: pageKeys.siteSummary(siteId ?? 0),
    queryFn: () => getSiteSummary(siteId as number),
    enabled: siteId !== null,
    staleTime: 60_000,
  });
}
