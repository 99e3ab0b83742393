import { MutationCache, QueryCache, QueryClient, type QueryKey } from '@tanstack/react-query';
// through the package, not '../data/errors': this entry is a federated module of its own, and must
// meet the page's one copy of the main entry rather than bundle a second one
import { toDataError } from '@citable/shared/data';

declare module '@tanstack/react-query' {
  interface Register {
    mutationMeta: {
      /** query keys (prefixes) to invalidate once the mutation succeeded; the mutation stays pending until they are refetched */
      invalidates?: readonly QueryKey[];
    };
  }
}

/** How long data counts as fresh: a screen revisited within 30 s shows it without a refetch. */
export const STALE_TIME_MS = 30_000;
/**
 * Attempts after the first one, for failures worth retrying (network, server). One: postgrest-js
 * already retries a read (GET) three times itself, after 1, 2 and 4 s, when the fetch fails or the
 * answer is a 503/520 — more here would keep a screen waiting for half a minute before it says so.
 */
export const MAX_RETRIES = 1;

/**
 * Retry policy of every query, and the only one (no query sets `retry`: eslint.config.mjs): never an
 * error the same request would get again (4xx: unauthorized, forbidden, not found — also a query
 * function's own `new DataError('not_found')` for a missing row —, conflict, invalid, rate limited),
 * up to MAX_RETRIES times otherwise (network, server, unknown), with TanStack Query's backoff.
 */
export function shouldRetry(failureCount: number, error: unknown): boolean {
  return failureCount < MAX_RETRIES && toDataError(error).isRetryable;
}

/** Invalidates each key (a prefix: everything under it); resolves once the active queries are refetched. */
export function invalidateKeys(client: QueryClient, ...keys: readonly QueryKey[]): Promise<void> {
  return Promise.all(keys.map((queryKey) => client.invalidateQueries({ queryKey }))).then(() => undefined);
}

/**
 * A QueryClient with the platform's defaults. The page uses the one in `queryClient`; tests make their own.
 * - staleTime 30 s; refetch on window focus (when stale): page actions run in the background, and an
 *   operator coming back to the tab sees their new state;
 * - retries only what may succeed later (shouldRetry); mutations are never retried;
 * - every failure is logged once, here (spec §8: backend errors are logged, then shown);
 * - a mutation's `meta.invalidates` keys are invalidated after its success.
 */
export function createQueryClient(): QueryClient {
  const client: QueryClient = new QueryClient({
    queryCache: new QueryCache({
      onError: (error, query) => console.error('[data] query failed', query.queryKey, error),
    }),
    mutationCache: new MutationCache({
      onError: (error, _variables, _context, mutation) =>
        console.error('[data] mutation failed', mutation.options.mutationKey ?? '', error),
      onSuccess: (_data, _variables, _context, mutation) => {
        const keys = mutation.meta?.invalidates;
        // returned: the mutation resolves after the refetch, so a form closing on success shows fresh data
        return keys?.length ? invalidateKeys(client, ...keys) : undefined;
      },
    }),
    defaultOptions: {
      queries: {
        staleTime: STALE_TIME_MS,
        retry: shouldRetry,
        refetchOnWindowFocus: true,
      },
      mutations: { retry: false },
    },
  });
  return client;
}
