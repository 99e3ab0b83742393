import type { ComponentType } from 'react';
import type { RouteKey } from '../config/paths';

type PageModule = { default: ComponentType };
export type PageLoader = () => Promise<PageModule>;

const named = <M, K extends keyof M>(load: () => Promise<M>, name: K) => () => load().then((m) => ({ default: m[name] as ComponentType }));

const brand = () => import(/* webpackChunkName: "page-brand" */ './pages/BrandHomePage');
const solo = () => import(/* webpackChunkName: "page-solo" */ './pages/SoloAuthorPage');
const status = () => import(/* webpackChunkName: "page-status" */ './pages/StatusPages');
const main = () => import(/* webpackChunkName: "page-main" */ './pages/MainLandingPage');

/** Page module of every public route; each is its own chunk, loaded on demand (and eagerly by the prerender). */
export const pageLoaders: Record<RouteKey, PageLoader> = {
  home: main,
  homeWhyAi: main,
  home1: named(brand, 'Home1Page'),
  home2: named(brand, 'Home2Page'),
  home3: () => import(/* webpackChunkName: "page-home3" */ './pages/Home3Page'),
  home4: named(solo, 'Home4Page'),
  home5: () => import(/* webpackChunkName: "page-home5" */ './pages/Home5Page'),
  pricingGoogle: named(solo, 'PricingGooglePage'),
  pricingOpenai: named(solo, 'PricingOpenaiPage'),
  pricingAntropic: named(solo, 'PricingAntropicPage'),
  discovery: named(solo, 'DiscoveryPage'),
  discoveryTimeline: named(solo, 'DiscoveryTimelinePage'),
  firstArticle: () => import(/* webpackChunkName: "page-first-article" */ './pages/FirstArticlePage'),
  firstArticleSuccess: () => import(/* webpackChunkName: "page-first-article-success" */ './pages/FirstArticleSuccessPage'),
  discoverySuccess: () => import(/* webpackChunkName: "page-discovery-success" */ './pages/DiscoverySuccessPage'),
  maintenance: named(status, 'MaintenancePage'),
  comingSoon: named(status, 'ComingSoonPage'),
};
