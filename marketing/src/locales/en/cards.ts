import type { Customer, IconCard, Stat } from '../../content/types';

/** Three-step how-it-works. */
export const threeSteps: IconCard[] = [
    { icon: 'message', title: '1. Tell us about your site', description: 'A 5-minute brief: your offer, your audience, your tone. Optional free 15-minute strategy call.' },
    { icon: 'search', title: '2. We research and write', description: 'Topic clusters, top-10 SERP analysis, an AI draft, then a human SEO expert edits every line.' },
    { icon: 'world-upload', title: '3. We publish', description: 'The article goes to your WordPress with a royalty-free featured image. You just approve.' },
  ];

/** The three steps told by one author (/home-5 speaks in the first person singular). */
export const soloThreeSteps: IconCard[] = [
    { icon: 'message', title: '1. Tell me about your site', description: 'A 5-minute brief: your offer, your audience, your tone. Optional free 15-minute strategy call.' },
    { icon: 'search', title: '2. I research and write', description: 'Topic clusters, top-10 SERP analysis, an AI draft, then I edit every line.' },
    { icon: 'world-upload', title: '3. I publish', description: 'The article goes to your WordPress with a royalty-free featured image. You just approve.' },
  ];

/** Home3: 4-step path. */
export const fourSteps: IconCard[] = [
    { icon: 'message', title: 'Brief', description: 'Five minutes to share your offer, audience and voice.' },
    { icon: 'target', title: 'Strategy', description: 'We map topic clusters and pick keywords you can win.' },
    { icon: 'pencil', title: 'Writing and editing', description: 'AI drafts, a human SEO expert edits, fact-checks and links.' },
    { icon: 'rocket', title: 'Publishing', description: 'Live on your WordPress with a featured image, ready to rank.' },
  ];

/** Home4: hybrid process (AI + human). */
export const hybridSteps: IconCard[] = [
    { icon: 'robot', title: 'AI does the heavy lifting', description: 'Research of the top-10 results, outline and first draft in minutes.' },
    { icon: 'user-check', title: 'I do the thinking', description: 'I check every fact, sharpen the angle, add your expertise and internal links.' },
    { icon: 'world-upload', title: 'You get a finished article', description: 'Published to your WordPress with a featured image, within 24 to 48 hours.' },
  ];

/** Six feature cards. */
export const sixFeatures: IconCard[] = [
    { icon: 'target', title: 'Topic-cluster research', description: 'Articles planned as clusters so each one lifts the others.' },
    { icon: 'chart', title: 'Top-10 SERP analysis', description: 'We study what ranks today and write to beat it.' },
    { icon: 'user-check', title: 'Human SEO editing', description: 'An expert edits structure, facts, tone and links.' },
    { icon: 'photo', title: 'Royalty-free featured image', description: 'Every article comes with an image you can use freely.' },
    { icon: 'world-upload', title: 'WordPress publishing', description: 'We publish for you, as a draft or live.' },
    { icon: 'sparkles', title: 'Written to be cited by AI', description: 'Clear answers and sources that AI assistants can quote.' },
  ];

/** Home3: eight feature cards. */
export const eightFeatures: IconCard[] = [
    ...sixFeatures,
    { icon: 'clock', title: '24-48 hour delivery', description: 'Your article is ready to review within two days.' },
    { icon: 'phone', title: 'Free 15-minute strategy call', description: 'Talk directly with the makers, no agency in between.' },
  ];

/** Home4/Home5 benefits. */
export const benefits: IconCard[] = [
    { icon: 'clock', title: 'Get your evenings back', description: 'No more blank pages or AI drafts to fix. A 5-minute brief and you are done.' },
    { icon: 'trending-up', title: 'Traffic that compounds', description: 'Evergreen articles keep bringing visitors months after they are published.' },
    { icon: 'sparkles', title: 'Written to be cited', description: 'Clear answers and sources that search engines and AI assistants can quote.' },
    { icon: 'heart', title: 'Work with a person', description: 'You talk to me directly. No agency, no account manager.' },
  ];

/** Claimed figures (docs/public-site.md#what-it-sells). */
export const stats: Stat[] = [
    { value: '1,800', label: 'words per article on average' },
    { value: '100+', label: 'clients' },
    { value: '+70%', label: 'organic revenue' },
    { value: '200+', label: 'keywords ranked' },
  ];

/** Customers table with four sample companies. */
export const customers: Customer[] = [
    { company: 'Atelier Lumen', sector: 'Design studio', result: '+1,300% blog traffic', articles: '24 articles' },
    { company: 'Parcel SaaS', sector: 'B2B software', result: '+70% organic revenue', articles: '60 articles' },
    { company: 'Maison Sable', sector: 'E-commerce', result: 'Cited by ChatGPT', articles: '18 articles' },
    { company: 'Agence Nord', sector: 'Marketing agency', result: '200+ keywords ranked', articles: '120 articles' },
  ];
