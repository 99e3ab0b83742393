import type { Location } from 'react-router-dom';

export const DEFAULT_SIGNED_IN_PATH = '/dashboard';

/** Where the guard sent the user from (location state `from`), as a path; only same-app paths. */
export function fromPath(state: unknown): string | null {
  const from = (state as { from?: Partial<Location> | string } | null)?.from;
  if (!from) return null;
  const path =
    typeof from === 'string' ? from : `${from.pathname ?? ''}${from.search ?? ''}${from.hash ?? ''}`;
  // never leave the app, never loop back to the auth page
  if (!path.startsWith('/') || path.startsWith('//') || path === '/auth' || path.startsWith('/auth?')) return null;
  return path;
}

export function afterSignInPath(state: unknown): string {
  return fromPath(state) ?? DEFAULT_SIGNED_IN_PATH;
}
