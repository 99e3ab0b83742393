import type { QueryClient } from '@tanstack/react-query';
import { authStore } from '@citable/shared';
import { createQueryClient } from './client';
import { clearCacheOnUserChange } from './authSync';

const GLOBAL_KEY = '__citableQueryClient__';
type Holder = typeof globalThis & { [GLOBAL_KEY]?: QueryClient };
const holder = globalThis as Holder;

function createPageClient(): QueryClient {
  const client = createQueryClient();
  // for the life of the page: one user's data never shows to the next
  clearCacheOnUserChange(client, authStore);
  return client;
}

/**
 * The one QueryClient of the page, shared by every remote (module federation shares this entry as a
 * singleton; kept on globalThis as the safety net, like the auth store).
 */
export const queryClient: QueryClient = holder[GLOBAL_KEY] ?? (holder[GLOBAL_KEY] = createPageClient());
