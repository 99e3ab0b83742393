/** Typed route paths of the platform (spec/app.md §2, spec/public.md §2). */
export const paths = {
  home: '/',
  auth: '/auth',
  login: '/login',
  signup: '/signup',
  updatePassword: '/auth/update-password',
  profile: '/profile',
  settings: '/settings',
  dashboard: '/dashboard',
  sites: '/sites',
  toneArticles: '/tone-articles',
  view: (versionId: string) => `/view/${versionId}`,
} as const;

/** Public routes rendered by the marketing remote. */
export const MARKETING_ROUTES = [
  '/',
  '/home-4-pricing-google-2-why-ai',
  '/home-1',
  '/home-2',
  '/home-3',
  '/home-4',
  '/home-5',
  '/home-4-pricing-google',
  '/home-4-pricing-openai',
  '/home-4-pricing-antropic',
  '/home-4-discovery',
  '/home-4-discovery-timeline',
  '/first-article',
  '/first-article-success',
  '/maintenance',
  '/coming-soon',
] as const;

/** Protected routes rendered by the workspace remote. */
export const WORKSPACE_ROUTES = [
  '/dashboard',
  '/sites',
  '/sites/:siteId',
  '/sites/:siteId/pages',
  '/sites/:siteId/pages/:pageId',
  '/sites/:siteId/pages/:pageId/page-versions',
  '/sites/:siteId/pages/:pageId/keywords-for-page',
  '/sites/:siteId/pages/:pageId/llm-answers-for-page',
  '/sites/:siteId/pages/:pageId/images',
  '/tone-articles',
] as const;
