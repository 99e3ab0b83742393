/**
 * @citable/shared/query — the query cache of the signed-in screens (TanStack Query), a separate entry
 * from '@citable/shared' so that the public pages never download @tanstack/react-query.
 *
 *   <QueryProvider>…</QueryProvider>                      // around a remote's signed-in tree
 *   useQuery({ queryKey: queryKeys.sites.list(), queryFn: getSites })
 *   useMutation({ mutationFn: createSite, meta: { invalidates: [queryKeys.sites.all] } })
 *
 * Query and mutation functions stay in each remote's features/<domain>/api/ and go through
 * `request()` / `unwrap()` of '@citable/shared/data', so errors reaching the UI are DataErrors.
 */
import type { QueryKey } from '@tanstack/react-query';
import { invalidateKeys } from './client';
import { queryClient } from './queryClient';

export { queryClient } from './queryClient';
export { QueryProvider } from './QueryProvider';
export type { QueryProviderProps } from './QueryProvider';
export { queryKeys } from './keys';
export type { QueryKeys, PageListParams } from './keys';
export { createQueryClient, shouldRetry, STALE_TIME_MS, MAX_RETRIES } from './client';
export { clearCacheOnUserChange } from './authSync';
export type { UserSource } from './authSync';

/**
 * Invalidates what a change touched, in the page's cache (keys are prefixes):
 *   onSuccess: () => invalidate(queryKeys.pages.lists(siteId), queryKeys.sites.detail(siteId))
 * (or declare them on the mutation: `meta: { invalidates: [...] }`).
 */
export function invalidate(...keys: readonly QueryKey[]): Promise<void> {
  return invalidateKeys(queryClient, ...keys);
}
