/**
 * Typed marketing content (spec/public.md §3). Copy lives in these data files, one
 * place per locale, and components only render it.
 */
export type Locale = 'fr' | 'en';
export type Localized<T> = Record<Locale, T>;

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
