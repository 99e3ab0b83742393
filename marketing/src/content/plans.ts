import type { MainPlan } from './types';

/** Main landing page plans (docs/public-site.md#constants): LAUNCH / GROW / DOMINATE in USD per article. */
export const mainPlans: MainPlan[] = [
  { name: 'LAUNCH', pricePerArticle: 60, currency: 'USD', articlesPerMonth: 5 },
  { name: 'GROW', pricePerArticle: 50, currency: 'USD', articlesPerMonth: 10, isPopular: true },
  { name: 'DOMINATE', pricePerArticle: 40, currency: 'USD', articlesPerMonth: 20 },
];

export type PricingVariant = 'google' | 'openai' | 'antropic';
