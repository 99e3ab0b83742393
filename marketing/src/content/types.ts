/**
 * Types of the marketing content (docs/public-site.md#entities). The copy itself lives in
 * ../locales/<language>/ (one data file per topic, one chunk per language, see
 * ../locales/load.ts); components only render it. Data shared by both languages
 * (plan prices, logo names) stays in this folder.
 */
export type Locale = 'fr' | 'en';

/**
 * Who speaks on a page: the brand pages say "we" ("nous"), the solo author's pages (the Home4 family)
 * say "I" ("je"). Shared sections pick their solo wording (the `solo` keys) from it.
 */
export type Voice = 'team' | 'solo';

/** Keys of the icons the components know how to draw (see components/ContentIcon.tsx). */
export type IconKey =
  | 'search' | 'robot' | 'user-check' | 'world-upload' | 'photo' | 'chart' | 'clock' | 'message'
  | 'target' | 'sparkles' | 'shield' | 'phone' | 'list-check' | 'pencil' | 'rocket' | 'brain'
  | 'file-text' | 'users' | 'trending-up' | 'link' | 'heart' | 'coin';

export interface FaqItem { question: string; answer: string; category?: string }

export interface Testimonial { quote: string; name: string; title: string; avatar: string }

export interface PricingPlan {
  name: string;
  price: string;
  priceSuffix: string;
  description: string;
  features: string[];
  isPopular: boolean;
  cta: string;
}

/** Main-page plan: name, price per article, articles per month. */
export interface MainPlan { name: string; pricePerArticle: number; currency: 'USD' | 'EUR'; articlesPerMonth: number; isPopular?: boolean }

export type Rating = 'good' | 'neutral' | 'bad';
export interface RatedText { text: string; rating: Rating }
export interface ComparisonRow { feature: string; diy: RatedText; citable: RatedText; freelance?: RatedText }

export interface IconCard { icon: IconKey; title: string; description: string }

export interface Customer { company: string; sector: string; result: string; articles: string }

export interface Stat { value: string; label: string }

export interface HeroCopy { eyebrow: string; title: string; subtitle: string; bullets?: string[] }
export interface SectionCopy { title: string; subtitle?: string }

export type LandingKey =
  | 'main' | 'home1' | 'home2' | 'home3' | 'home4' | 'home5'
  | 'pricingGoogle' | 'pricingOpenai' | 'pricingAntropic' | 'discovery' | 'discoveryTimeline';

/** Title and meta description of a public route. */
export interface PageMeta { title: string; description: string }

/** Client review "screenshots" (drawn as review cards): reviewer, stars, date, text. */
export interface ReviewShot { reviewer: string; date: string; stars: number; text: string; source: string }
