/** Every public route of the marketing remote (docs/public-site.md#screens), as a typed table. */
export const paths = {
  home: '/',
  homeWhyAi: '/home-4-pricing-google-2-why-ai',
  home1: '/home-1',
  home2: '/home-2',
  home3: '/home-3',
  home4: '/home-4',
  home5: '/home-5',
  pricingGoogle: '/home-4-pricing-google',
  pricingOpenai: '/home-4-pricing-openai',
  pricingAntropic: '/home-4-pricing-antropic',
  discovery: '/home-4-discovery',
  discoveryTimeline: '/home-4-discovery-timeline',
  firstArticle: '/first-article',
  firstArticleSuccess: '/first-article-success',
  // Stripe's success_url (server/src/checkout.ts): after the discovery offer's card payment
  discoverySuccess: '/discovery-success',
  maintenance: '/maintenance',
  comingSoon: '/coming-soon',
} as const;

export type RouteKey = keyof typeof paths;
export type MarketingPath = (typeof paths)[RouteKey];

export const routeKeys = Object.keys(paths) as RouteKey[];

/** Paths outside this remote that its pages link to. */
export const externalPaths = {
  auth: '/auth',
  view: (versionId: string) => `/view/${encodeURIComponent(versionId)}`,
} as const;

/** Routes that crawlers should not index (transactional or operational pages). */
export const noIndexRoutes: ReadonlySet<RouteKey> = new Set<RouteKey>(['firstArticleSuccess', 'discoverySuccess', 'maintenance', 'comingSoon', 'homeWhyAi']);
