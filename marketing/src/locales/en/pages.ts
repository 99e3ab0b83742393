import type { HeroCopy, LandingKey, SectionCopy } from '../../content/types';

/** Hero copy of each landing page, per locale. */
export const heroes: Record<LandingKey, HeroCopy> = {
  main: { eyebrow: 'SEO x AI content', title: 'Articles that rank on Google and get cited by AI', subtitle: 'AI researches and drafts. A human SEO expert edits. We publish to your WordPress. Your first article is free.' },
  home1: { eyebrow: 'Done-for-you SEO content', title: 'Your blog, written and published for you', subtitle: 'Keyword-driven articles researched with AI and edited by SEO experts, for founders, SaaS companies, agencies and stores.' },
  home2: { eyebrow: 'For busy founders', title: 'Stop writing blog posts. Start ranking.', subtitle: 'Give us 5 minutes. We give you SEO articles that bring customers, edited by humans and published for you.' },
  home3: { eyebrow: 'SEO articles, on demand', title: 'Expert SEO articles, one at a time', subtitle: 'Order exactly what you need. Every article is researched, written, edited and published for you.', bullets: ['No contracts', 'Pay per article', 'Cancel anytime'] },
  home4: { eyebrow: 'Hi, I write SEO articles', title: 'I write the articles your blog needs to rank', subtitle: 'AI is my research assistant; the judgement is mine. One clear price, 195 EUR per article, satisfaction guaranteed.' },
  home5: { eyebrow: 'For SaaS and e-commerce teams', title: 'Better than a freelancer. Smarter than an AI tool.', subtitle: 'I combine AI research with SEO expertise to deliver articles that rank, for less than a freelance writer and without the AI cleanup.' },
  pricingGoogle: { eyebrow: 'Camille, SEO writer in Paris', title: 'SEO articles with a hybrid method: AI speed, human judgement', subtitle: 'I have helped 100+ clients grow organic traffic. One article, one price: 195 EUR, published to your WordPress.' },
  pricingOpenai: { eyebrow: 'Camille, SEO writer in Paris', title: 'One expert article every week, without thinking about it', subtitle: 'A monthly pack of 4 articles planned as a topic cluster: 690 EUR a month, cancel anytime.' },
  pricingAntropic: { eyebrow: 'Camille, SEO writer in Paris', title: 'Own a topic: a complete cluster of 10 articles', subtitle: 'One pillar page and nine supporting articles, linked together to build authority. 1,490 EUR one-off.' },
  discovery: { eyebrow: 'Discovery offer', title: 'Try a real SEO article for 1 EUR', subtitle: 'One per client. If you like it, next articles are 195 EUR each. If not, you keep it.' },
  discoveryTimeline: { eyebrow: 'Discovery offer', title: 'From 1 EUR to your article, delivered within 24–48 hours', subtitle: 'Here is exactly what happens when you try your first article.' },
};

/** Home2 uses its own section titles. */
export const home2Sections: Record<'how' | 'comparison' | 'features' | 'testimonials' | 'pricing' | 'faq' | 'finalCta', SectionCopy> = {
    how: { title: 'Three steps, five minutes of your time', subtitle: 'We do the research, the writing and the publishing.' },
    comparison: { title: 'You could do it yourself. Here is what it takes.' },
    features: { title: 'What you get with every article' },
    testimonials: { title: 'Founders who stopped writing' },
    pricing: { title: 'Choose your plan', subtitle: 'Per article, no contract.' },
    faq: { title: 'Questions before you start' },
    finalCta: { title: 'Your next article could be live this week', subtitle: 'Pick a plan, fill in the brief, approve.' },
  };

/** Final call-to-action steps (Home). */
export const finalCtaSteps: string[] = ['Claim your free article', 'Fill in the 5-minute brief', 'Receive it within 24-48 hours'];
