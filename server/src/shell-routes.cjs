// The URLs the shell itself answers (its own pages and the areas it mounts the workspace and reviewer
// on), as the shell server needs them to tell a crawler that any other URL outside the marketing
// remote's pages is not found (HTTP 404, the not-found screen in the body). Kept in step with
// shell/src/config/paths.ts by server/src/__tests__/app-server.test.cjs.
'use strict';

/** Exact paths of the shell's own pages. */
const SHELL_PATHS = ['/auth', '/auth/update-password', '/login', '/signup', '/profile', '/settings'];
/** Areas mounted on remotes: the entry point and everything under it. */
const AREA_PREFIXES = ['/dashboard', '/sites', '/tone-articles', '/view'];

/** @param {string} pathname a decoded URL path */
function isShellRoute(pathname) {
  const clean = pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
  if (SHELL_PATHS.includes(clean)) return true;
  return AREA_PREFIXES.some((prefix) => clean === prefix || clean.startsWith(`${prefix}/`));
}

module.exports = { SHELL_PATHS, AREA_PREFIXES, isShellRoute };
