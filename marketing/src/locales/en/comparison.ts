import type { ComparisonRow } from '../../content/types';

/** DIY AI tools vs the service (learning curve, customization, publishing, pricing...). */
export const diyComparison: ComparisonRow[] = [
    { feature: 'Learning curve', diy: { text: 'Prompts, settings and SEO plugins to master', rating: 'bad' }, citable: { text: 'A 5-minute brief, we do the rest', rating: 'good' } },
    { feature: 'Customization', diy: { text: 'Generic tone unless you rewrite it', rating: 'neutral' }, citable: { text: 'Your voice, edited by a human SEO expert', rating: 'good' } },
    { feature: 'Research', diy: { text: 'Up to you', rating: 'bad' }, citable: { text: 'Topic clusters and top-10 SERP analysis', rating: 'good' } },
    { feature: 'Publishing', diy: { text: 'Copy, paste, format, find an image', rating: 'bad' }, citable: { text: 'Published to your WordPress with a featured image', rating: 'good' } },
    { feature: 'Pricing', diy: { text: 'Subscription plus your time', rating: 'neutral' }, citable: { text: 'Pay per article, no contract', rating: 'good' } },
  ];

/** Home5: 3-way comparison of the service, freelance writers and DIY AI tools. */
export const threeWayComparison: ComparisonRow[] = [
    { feature: 'Price per article', citable: { text: '50 EUR excl. VAT, all included', rating: 'good' }, freelance: { text: '250-500 EUR, SEO extra', rating: 'bad' }, diy: { text: '20-100 EUR a month plus your time', rating: 'neutral' } },
    { feature: 'SEO research', citable: { text: 'Top-10 SERP analysis and clusters', rating: 'good' }, freelance: { text: 'Rarely included', rating: 'neutral' }, diy: { text: 'Up to you', rating: 'bad' } },
    { feature: 'Quality', citable: { text: 'Edited by me, line by line', rating: 'good' }, freelance: { text: 'Depends on the writer', rating: 'neutral' }, diy: { text: 'Generic, needs rewriting', rating: 'bad' } },
    { feature: 'Turnaround', citable: { text: '24-48 hours', rating: 'good' }, freelance: { text: '1-2 weeks', rating: 'bad' }, diy: { text: 'Instant draft, hours of editing', rating: 'neutral' } },
    { feature: 'Publishing and image', citable: { text: 'Done for you', rating: 'good' }, freelance: { text: 'Usually not included', rating: 'bad' }, diy: { text: 'You do it', rating: 'bad' } },
  ];
