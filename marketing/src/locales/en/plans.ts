import type { PricingVariant } from '../../content/plans';
import type { PricingPlan } from '../../content/types';

/** Brand-voice 3-tier pricing (docs/public-site.md#constants): Starter 50, Pro 45 (Most Popular), Enterprise 40 EUR per article. */
export const tierPlans: PricingPlan[] = [
    {
      name: 'Starter', price: '50 EUR', priceSuffix: '/ article',
      description: 'For founders and solopreneurs publishing their first articles.',
      features: ['1,500-2,000 words', 'Keyword and top-10 SERP research', 'One revision round', 'Royalty-free featured image', 'Published to your WordPress'],
      isPopular: false, cta: 'Get started',
    },
    {
      name: 'Pro', price: '45 EUR', priceSuffix: '/ article',
      description: 'For SaaS companies and stores that publish every week.',
      features: ['2,000-2,500 words', 'Topic-cluster strategy', 'Two revision rounds', 'Royalty-free featured image', 'Published to your WordPress', 'Free 15-minute strategy call'],
      isPopular: true, cta: 'Get started',
    },
    {
      name: 'Enterprise', price: '40 EUR', priceSuffix: '/ article',
      description: 'For agencies and marketing teams with volume.',
      features: ['2,500+ words', 'Dedicated SEO editor', 'Unlimited revision rounds', 'Multi-site publishing', 'Volume pricing'],
      isPopular: false, cta: 'Contact sales',
    },
  ];

export const mainPlanFeatures: string[] = ['Topic-cluster research', 'AI draft edited by a human SEO expert', 'Top-10 SERP analysis', 'Royalty-free featured image', 'Published to your WordPress', 'A 5-minute brief, no meetings'];

/** Solo-author single price (docs/public-site.md#constants). */
export const singlePrice: PricingPlan = {
    name: 'One article, done for you', price: '195 EUR', priceSuffix: '/ article',
    description: 'I research, write, edit and publish your article myself, within 24 to 48 hours.',
    features: ['About 1,800 words, written for your keyword', 'Top-10 SERP analysis and topic research', 'Edited by me, line by line', 'Royalty-free featured image', 'Published to your WordPress site', 'Free 15-minute strategy call'],
    isPopular: true, cta: 'Order my article',
  };

/** Discovery offer (docs/public-site.md#constants): first article 1 EUR, one per client, then 195 EUR. */
export const discoveryOffer: PricingPlan & { timeline: { title: string; description: string }[] } = {
    name: 'Discovery offer', price: '1 EUR', priceSuffix: 'for your first article',
    description: 'One per client, then 195 EUR per article. I charge 1 EUR instead of free to make sure every request is genuine.',
    features: ['A complete SEO article of about 1,800 words', 'Edited by me, line by line', 'Royalty-free featured image', 'Published to your WordPress', 'Delivered within 24–48 hours', 'Card payment, no subscription'],
    isPopular: true, cta: 'Try it for 1 EUR',
    timeline: [
      { title: 'Today: 1 EUR', description: 'You share your site and, if you like, the keyword you aim at. Secure card payment.' },
      { title: 'Within 24–48 hours', description: 'Your article is researched, written, edited and ready to review.' },
      { title: 'Your call', description: 'Keep going at 195 EUR per article, or stop there. No commitment.' },
    ],
  };

/** Premium offer copy (docs/public-site.md#constants). */
export const premiumOffer: PricingPlan & { bulk: string } = {
    name: 'Premium article', price: '50 EUR', priceSuffix: 'excl. VAT / article',
    description: 'Everything included, delivered in 24 hours.',
    features: ['Two revision rounds included', '24-hour turnaround', '1500-2000+ words', 'Royalty-free featured image'],
    isPopular: true, cta: 'Book Your Content Slot',
    bulk: 'Publishing 20+ articles per month? Ask me about a bulk discount.',
  };

/** The three Home4 pricing variants, each with its own offer. */
export const pricingVariantOffers: Record<PricingVariant, PricingPlan> = {
  google: singlePrice,
  openai: {
    name: 'Monthly pack: 4 articles', price: '690 EUR', priceSuffix: '/ month',
    description: 'One article a week, planned as a topic cluster. 172.50 EUR per article, cancel anytime.',
    features: ['4 articles of about 1,800 words', 'Topic-cluster plan for the month', 'Edited by me, line by line', 'Royalty-free featured images', 'Published to your WordPress', 'Monthly 15-minute strategy call'],
    isPopular: true, cta: 'Start my monthly pack',
  },
  antropic: {
    name: 'Authority pack: 10 articles', price: '1,490 EUR', priceSuffix: 'one-off',
    description: 'A complete topic cluster in one go: one pillar page and nine supporting articles. 149 EUR per article.',
    features: ['1 pillar page of 3,000+ words', '9 supporting articles of about 1,800 words', 'Internal linking plan', 'Edited by me, line by line', 'Royalty-free featured images', 'Published to your WordPress'],
    isPopular: true, cta: 'Build my topic cluster',
  },
};
