// Structured data of a version, for publishing (schema.org JSON-LD): an Article, and an FAQPage
// when the article has an FAQ section (an <h2> named like one, its <h3> questions and the text
// under each as the answer). Read from the version's HTML, so an end user's edit is reflected.
import { JSDOM } from 'jsdom';

export interface StructuredDataInput {
  html: string;
  language: string;
  page: { page_name: string; page_url: string; site_name: string | null; site_url: string };
  /** The version's dates (ISO). */
  datePublished: string;
  dateModified: string;
  /** The cover image's absolute URL, when the version has one. */
  image?: string | null;
  /** The site's logo, absolute, when it has one. */
  logo?: string | null;
}

export type JsonLd = Record<string, unknown>;

/** Headings an FAQ section goes by (the writer names it "Questions fréquentes" / "Frequently asked questions"). */
export const FAQ_HEADING = /^(?:faq\b|foire aux questions|questions? fr[ée]quentes?|vos questions|questions et r[ée]ponses|frequently asked questions|questions and answers|common questions)/i;

const MARKERS = /\s*\[\d{1,3}(?:\s*[,;]\s*\d{1,3})*\]/g;
const clean = (s: string | null | undefined) => (s ?? '').replace(MARKERS, '').replace(/\s+/g, ' ').trim();

/** The FAQ of article HTML: its questions (the <h3> under the FAQ <h2>) and their answers. */
export function faqOf(html: string): { question: string; answer: string }[] {
  const doc = new JSDOM(`<body>${html}</body>`).window.document;
  const headings = Array.from(doc.body.querySelectorAll('h2'));
  const faq = headings.find((h) => h.id === 'faq' || FAQ_HEADING.test(clean(h.textContent)));
  if (!faq) return [];
  // The elements after the FAQ heading up to the next <h2>, in document order (flattened when
  // the model wrapped them in a <section> or <div>).
  const items: { question: string; answer: string[] }[] = [];
  const walker = doc.createTreeWalker(doc.body, 1 /* SHOW_ELEMENT */);
  walker.currentNode = faq;
  for (let el = walker.nextNode() as Element | null; el; el = walker.nextNode() as Element | null) {
    if (faq.contains(el)) continue;
    if (el.tagName === 'H2' || el.tagName === 'H1') break;
    if (el.tagName === 'H3' || el.tagName === 'H4' || el.tagName === 'DT') {
      items.push({ question: clean(el.textContent), answer: [] });
      continue;
    }
    if (['P', 'UL', 'OL', 'DD', 'TABLE', 'BLOCKQUOTE'].includes(el.tagName) && items.length > 0 && !el.parentElement?.closest('p, ul, ol, dd, table, blockquote')) {
      const text = clean(el.textContent);
      if (text) items[items.length - 1].answer.push(text);
    }
  }
  return items.filter((i) => i.question && i.answer.length > 0).map((i) => ({ question: i.question, answer: i.answer.join(' ') }));
}

/** The article's headline (its <h1>) and description (its first paragraph, up to 160 characters). */
export function headlineOf(html: string, fallback: string) {
  const doc = new JSDOM(`<body>${html}</body>`).window.document;
  const headline = clean(doc.body.querySelector('h1')?.textContent) || fallback;
  const first = Array.from(doc.body.querySelectorAll('p')).map((p) => clean(p.textContent)).find((t) => t.length > 0) ?? '';
  const description = first.length > 160 ? `${first.slice(0, 157).replace(/\s+\S*$/, '')}…` : first;
  return { headline: headline.slice(0, 110), description };
}

/**
 * JSON-LD objects of a version: Article, then FAQPage when the article has an FAQ.
 */
export function structuredData(input: StructuredDataInput): JsonLd[] {
  const { headline, description } = headlineOf(input.html, input.page.page_name);
  const publisher: JsonLd = {
    '@type': 'Organization',
    name: input.page.site_name || new URL(input.page.site_url).hostname,
    url: input.page.site_url,
    ...(input.logo ? { logo: { '@type': 'ImageObject', url: input.logo } } : {}),
  };
  const article: JsonLd = {
    '@context': 'https://schema.org',
    '@type': 'Article',
    headline,
    ...(description ? { description } : {}),
    inLanguage: input.language,
    datePublished: input.datePublished,
    dateModified: input.dateModified,
    author: { ...publisher },
    publisher,
    mainEntityOfPage: { '@type': 'WebPage', '@id': input.page.page_url },
    ...(input.image ? { image: [input.image] } : {}),
  };
  const out: JsonLd[] = [article];
  const faq = faqOf(input.html);
  if (faq.length > 0) {
    out.push({
      '@context': 'https://schema.org',
      '@type': 'FAQPage',
      inLanguage: input.language,
      mainEntity: faq.map((q) => ({ '@type': 'Question', name: q.question, acceptedAnswer: { '@type': 'Answer', text: q.answer } })),
    });
  }
  return out;
}
