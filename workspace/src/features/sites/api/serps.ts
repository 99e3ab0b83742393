/** serps: count by site with own_site true (docs/data-model.md#calls serps). */
import { useQuery } from '@tanstack/react-query';
import { requestCount } from '@citable/shared/data';
import { queryKeys } from '@citable/shared/query';

export const countOwnSerps = (siteId: number) =>
  requestCount((db) => db.from('serps').select('id', { count: 'exact', head: true }).eq('site', siteId).eq('own_site', true));

export function useOwnSerpsCount(siteId: number | null) {
  return useQuery({
    queryKey: queryKeys.serps.count({ siteId: siteId ?? 0, ownSite: true }),
    queryFn: () => countOwnSerps(siteId as number),
    enabled: siteId !== null,
  });
}
