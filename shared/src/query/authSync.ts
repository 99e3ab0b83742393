import type { QueryClient } from '@tanstack/react-query';

/** The part of the auth store this needs (the real one is `authStore` of @citable/shared). */
export interface UserSource {
  getState(): { user: { id: string } | null };
  subscribe(listener: (state: { user: { id: string } | null }, previous: { user: { id: string } | null }) => void): () => void;
}

/**
 * Keeps one user's data from ever showing to the next: when the signed-in user signs out, the whole
 * cache (queries and mutations) is dropped, and in-flight requests are cancelled; when another user
 * takes the session (a sign-in in another tab), every query is reset — no data left — and the
 * mounted screens refetch as the new user. A sign-in from signed out keeps the cache (it holds no
 * one's private data), and so do token refreshes. Returns the unsubscribe.
 */
export function clearCacheOnUserChange(client: QueryClient, users: UserSource): () => void {
  return users.subscribe((state, previous) => {
    const before = previous.user?.id ?? null;
    const now = state.user?.id ?? null;
    if (before === null || before === now) return;
    if (now === null) {
      client.clear();
    } else {
      client.getMutationCache().clear();
      void client.resetQueries();
    }
  });
}
