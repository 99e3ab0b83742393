import type { RouteKey } from '../../config/paths';
import type { PageMeta } from '../../content/types';

/** Unique title and meta description per public route and language. */
export const pageMeta: Record<RouteKey, PageMeta> = {
  home: { title: 'Citable: SEO articles written with AI, edited by experts', description: 'Long-form SEO articles researched with AI, edited by a human SEO expert and published to your WordPress. Get your first article free.' },
  homeWhyAi: { title: 'Why AI alone is not enough: Citable SEO articles', description: 'AI research and writing plus human SEO editing: the Citable method, plans from $40 per article and a free first article.' },
  home1: { title: 'Done-for-you SEO content in 3 steps | Citable', description: 'Brief, research, publish: SEO articles from 40 EUR, edited by humans, with topic clusters, SERP analysis and WordPress publishing.' },
  home2: { title: 'Stop writing blog posts yourself | Citable', description: 'Hand your blog to SEO experts who use AI the right way. Articles researched, written, edited and published for you, per article.' },
  home3: { title: 'SEO articles with no contracts, pay per article | Citable', description: 'No contracts, pay per article, cancel anytime. A 4-step path from brief to published, 8 features included, plans from 40 EUR.' },
  home4: { title: 'Your SEO article, written by a specialist: 195 EUR | Citable', description: 'A solo SEO specialist writes your article with AI as research assistant. 195 EUR, published to WordPress, satisfaction guaranteed.' },
  home5: { title: 'Better than a freelancer, smarter than an AI tool | Citable', description: 'Compare Citable with freelance writers and DIY AI tools: SEO research, human editing and publishing from 50 EUR excl. VAT per article.' },
  pricingGoogle: { title: 'Hybrid AI + human SEO articles, 195 EUR each | Citable', description: 'A personal-brand SEO writer with a hybrid AI and human method. Real reviews, one clear price of 195 EUR per article, FAQ.' },
  pricingOpenai: { title: 'Monthly SEO content pack: 4 articles for 690 EUR | Citable', description: 'One expert-edited SEO article a week, planned as a topic cluster and published to WordPress. 690 EUR a month, cancel anytime.' },
  pricingAntropic: { title: 'Authority pack: a full topic cluster of 10 articles | Citable', description: 'One pillar page and nine supporting articles with internal linking, edited by a human SEO expert. 1,490 EUR one-off.' },
  discovery: { title: 'Discovery offer: your first SEO article for 1 EUR | Citable', description: 'Try an expert-edited SEO article for 1 EUR, one per client, then 195 EUR per article. No subscription.' },
  discoveryTimeline: { title: 'From 1 EUR to a published article in 48 hours | Citable', description: 'See each step of the 1 EUR discovery offer: brief today, article in 48 hours, then decide. One per client.' },
  firstArticle: { title: 'First Article Setup | Citable', description: 'Tell us your website and e-mail address and we start writing your first SEO-optimised article.' },
  firstArticleSuccess: { title: 'Thank you: your first article is on its way | Citable', description: 'We analyze your site and keywords, write your first SEO article and send it within 24-48 hours.' },
  discoverySuccess: { title: 'Thank you: your payment is confirmed | Citable', description: 'Your first article is ordered: delivery within 24–48 hours. Stripe emails you the receipt.' },
  maintenance: { title: 'Scheduled maintenance | Citable', description: 'Citable is undergoing scheduled maintenance and will be back shortly.' },
  comingSoon: { title: 'Site under development | Citable', description: 'The Citable site is under development. Launch is planned soon.' },
};
