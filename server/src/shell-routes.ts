// The URLs the shell itself answers (its own pages and the areas it mounts the workspace and reviewer
// on), as the shell server needs them to tell a crawler that any other URL outside the marketing
// remote's pages is not found (HTTP 404, the not-found screen in the body). Kept in step with
// shell/src/config/paths.ts by server/src/__tests__/app-server.test.ts.

/** Exact paths of the shell's own pages. */
export const SHELL_PATHS: readonly string[] = ['/auth', '/auth/update-password', '/login', '/signup', '/profile', '/settings'];
/** Areas mounted on remotes: the entry point and everything under it. */
export const AREA_PREFIXES: readonly string[] = ['/dashboard', '/sites', '/tone-articles', '/articles', '/inbox', '/view'];

/** @param pathname a decoded URL path */
export function isShellRoute(pathname: string): boolean {
  const clean = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  if (SHELL_PATHS.includes(clean)) return true;
  return AREA_PREFIXES.some((prefix) => clean === prefix || clean.startsWith(`${prefix}/`));
}
