import type { PricingVariant } from '../../content/plans';
import type { FaqItem } from '../../content/types';

/** Main landing page FAQ. */
export const mainFaq: FaqItem[] = [
    { question: 'Is the free article really free?', answer: 'Yes. The free article is offered once, as a trial, with no catch: no card, no subscription. If you like it, you choose a plan; if not, you keep the article.' },
    { question: 'How is this different from an AI writing tool?', answer: 'AI does the research and the first draft. A human SEO expert then edits every article: structure, facts, tone, internal links and search intent. You get a finished article, not a draft to fix.' },
    { question: 'How long is an article?', answer: 'About 1,800 words on average, depending on what the top-10 results for your keyword need to be beaten.' },
    { question: 'Do you publish to my site?', answer: 'Yes. We publish to your WordPress site as a draft or directly, with a royalty-free featured image, as you prefer.' },
    { question: 'Will my articles be cited by AI assistants?', answer: 'We structure every article with clear answers, sources and entities so that search engines and AI assistants can quote it. Nobody can promise a citation, but we write for it.' },
    { question: 'Can I cancel?', answer: 'Plans are per article and per month with no contract. Stop whenever you like.' },
  ];

/** Home: FAQ of 4 questions. */
export const homeFaq: FaqItem[] = [
    { question: 'Who writes the articles?', answer: 'AI drafts from our research, then a human SEO expert edits every line before you see it.' },
    { question: 'How fast is delivery?', answer: 'Your first article arrives within 24 to 48 hours after your 5-minute brief.' },
    { question: 'What if I do not like an article?', answer: 'Every plan includes revision rounds. We rework the article until it fits your voice.' },
    { question: 'Do I need a WordPress site?', answer: 'We publish directly to WordPress. For other platforms we deliver ready-to-paste HTML and images.' },
  ];

/** Home2: FAQ with different copy. */
export const home2Faq: FaqItem[] = [
    { question: 'What do I have to do?', answer: 'Fill in a 5-minute brief. We handle keyword research, writing, editing, images and publishing.' },
    { question: 'Which keywords will you target?', answer: 'We analyse your site and the top-10 results of your market, then propose a topic cluster you approve.' },
    { question: 'Is the content original?', answer: 'Every article is written for you, checked for originality and edited by a human expert.' },
    { question: 'Is there a contract?', answer: 'No. You pay per article and can stop anytime.' },
  ];

/** Home3: FAQ in two categories. */
export const home3Faq: FaqItem[] = [
    { category: 'Service', question: 'What is included in every article?', answer: 'Keyword and SERP research, an AI draft, human SEO editing, a royalty-free featured image and publication to WordPress.' },
    { category: 'Service', question: 'Can you match my brand voice?', answer: 'Yes. Your brief captures your tone, your words and the ones to avoid; every editor follows it.' },
    { category: 'Service', question: 'How do you choose topics?', answer: 'We build topic clusters from your offer and from what already ranks, so each article supports the others.' },
    { category: 'Billing', question: 'How am I billed?', answer: 'Per article, with no commitment: you pay for each article you order, and stop whenever you like.' },
    { category: 'Billing', question: 'Are there volume discounts?', answer: 'Yes: the Pro and Enterprise plans lower the price per article, and we quote bulk orders of 20+ articles per month.' },
    { category: 'Billing', question: 'Can I get a refund?', answer: 'If an article still misses the mark after the revision rounds, tell us and we will make it right.' },
  ];

/** Home4 (solo author): 5-question FAQ. Also used by the pricing and discovery variants. */
export const home4Faq: FaqItem[] = [
    { question: 'Who will write my article?', answer: 'I do, with AI as my research assistant. I am an SEO specialist: I plan, edit and check every article myself.' },
    { question: 'What exactly do I get for 195 EUR?', answer: 'An article of about 1,800 words targeting your keyword, a top-10 SERP analysis, a royalty-free featured image, and publication to your WordPress site.' },
    { question: 'What if I am not satisfied?', answer: 'I rewrite until you are satisfied. If you still are not, you pay nothing.' },
    { question: 'How long does it take?', answer: 'Between 24 and 48 hours after your 5-minute brief.' },
    { question: 'Can I talk to you first?', answer: 'Of course. Book a free 15-minute strategy call and I will look at your site with you.' },
  ];

/** Home5 (solo author, other persona). */
export const home5Faq: FaqItem[] = [
    { question: 'Why not hire a freelance writer?', answer: 'A good freelancer costs more and rarely does SEO research, images and publishing. Here you get all of it for one price.' },
    { question: 'Why not just use an AI tool?', answer: 'AI tools give you a draft. You still need research, editing, fact-checking and publishing. I do all of that for you.' },
    { question: 'Do you work with agencies?', answer: 'Yes. I write under your brand for your clients, with volume pricing.' },
    { question: 'What do you need from me?', answer: 'Your site address, your main offer and 5 minutes to fill in the brief.' },
  ];

/** Extra questions for the discovery-offer variants. */
export const discoveryFaq: FaqItem[] = [
    { question: 'Why 1 EUR and not free?', answer: 'The 1 EUR is charged instead of free to make sure every request is genuine. It is one per client.' },
    { question: 'What happens after the first article?', answer: 'Nothing automatic. If you want more, each article is 195 EUR. No subscription.' },
    ...home4Faq.slice(2),
  ];

/** FAQ of each Home4 pricing variant, matching the page's own offer (the 195 EUR article, the 690 EUR monthly pack, the 1,490 EUR cluster). */
export const pricingVariantFaqs: Record<PricingVariant, FaqItem[]> = {
  google: home4Faq,
  openai: [
    home4Faq[0],
    { question: 'What exactly do I get for 690 EUR a month?', answer: 'Four articles of about 1,800 words, one a week, planned together as a topic cluster: a top-10 SERP analysis for each, royalty-free featured images, publication to your WordPress site and a 15-minute strategy call every month. That comes to 172.50 EUR per article.' },
    { question: 'Is there a commitment?', answer: 'No. The pack is billed month by month and you can cancel anytime.' },
    { question: 'How are the topics chosen?', answer: 'At the start of each month I plan the cluster from your offer and what already ranks, and you approve it. Each new article then supports the others.' },
    { question: 'What if I am not satisfied with an article?', answer: 'I rewrite it until you are satisfied. If you still are not, you do not pay for that article.' },
    home4Faq[4],
  ],
  antropic: [
    home4Faq[0],
    { question: 'What exactly do I get for 1,490 EUR?', answer: 'A complete topic cluster: one pillar page of 3,000+ words and nine supporting articles of about 1,800 words, an internal linking plan, a top-10 SERP analysis, royalty-free featured images and publication to your WordPress site. That comes to 149 EUR per article.' },
    { question: 'Why a whole cluster at once?', answer: 'Ten articles on one topic, linked around a pillar page, show search engines and AI assistants that your site is an authority on it. Published together, they support each other from the first day.' },
    { question: 'Is it a subscription?', answer: 'No. You pay 1,490 EUR once for the ten articles. Nothing renews.' },
    { question: 'What if I am not satisfied with an article?', answer: 'I rewrite it until you are satisfied. If you still are not, you do not pay for that article.' },
    { question: 'Can you help me choose the topic?', answer: 'Of course. Book a free 15-minute strategy call: I help you pick the topic and the keywords, then plan the pillar page and the nine articles around them.' },
  ],
};
