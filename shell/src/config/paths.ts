import type { RemoteName } from '@citable/shared';

/**
 * Typed paths of the shell's own pages, and the entry points of the areas it mounts remotes on.
 * The paths inside an area belong to the remote that owns it (its own `config/paths.ts`).
 */
export const paths = {
  home: '/',
  auth: '/auth',
  login: '/login',
  signup: '/signup',
  updatePassword: '/auth/update-password',
  profile: '/profile',
  settings: '/settings',
  /** workspace area entry points */
  dashboard: '/dashboard',
  sites: '/sites',
  toneArticles: '/tone-articles',
  /** the operator's work list across their sites (issue 30) */
  articles: '/articles',
  /** staff only: first-article requests and contact messages */
  inbox: '/inbox',
} as const;

/**
 * Where the shell mounts each remote (docs/architecture.md: "Each remote owns its routes"). The remote
 * declares its own `<Routes>` with absolute paths inside, including its not-found screen; a new
 * screen inside an area is a release of that remote alone. Marketing owns every other public URL
 * (the shell's catch-all), so its pages and the 404 screen need no list here either.
 */
export const REMOTE_AREAS = {
  /** signed-in (RequireAuth + the layout with the sidebar) */
  workspace: ['/dashboard/*', '/sites/*', '/tone-articles/*', '/articles/*', '/inbox/*'],
  /** public: clients review an article without an account */
  reviewer: ['/view/*'],
} as const satisfies Partial<Record<RemoteName, readonly string[]>>;

/**
 * Public pages that stand for the whole site being unavailable (the marketing remote's maintenance and
 * coming-soon screens): the header shows no sign-in buttons there.
 */
export const STATUS_PAGES: readonly string[] = ['/maintenance', '/coming-soon'];
