/** The site's name and address, for the page screens' titles, breadcrumbs and URL rule. */
import { useQuery } from '@tanstack/react-query';
import type { Site } from '@citable/shared';
import { isDataError, request } from '@citable/shared/data';
import { pageKeys } from './keys';

export type SiteSummary = Pick<Site, 'id' | 'name' | 'url'>;

/** DataError not_found when the site is missing or not the user's. */
export const getSiteSummary = (siteId: number) =>
  request((db) => db.from('sites').select('id, name, url').eq('id', siteId).single()) as Promise<SiteSummary>;

export function useSiteSummary(siteId: number | null) {
  return useQuery({
    queryKey: pageKeys.siteSummary(siteId ?? 0),
    queryFn: () => getSiteSummary(siteId as number),
    enabled: siteId !== null,
    staleTime: 60_000,
    retry: (count, error) => !(isDataError(error) && error.kind === 'not_found') && count < 2,
  });
}
