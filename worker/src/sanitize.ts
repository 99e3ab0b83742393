// Article HTML from a model, made safe before it is stored: DOMPurify over jsdom (the same
// library the apps use in the browser). Scripts, event handlers, styles, forms, frames, objects
// and javascript: URLs go; the article's structure (headings, lists, tables, links, <mark>)
// stays. A Markdown fence or a whole document around the article is unwrapped first.
import createDOMPurify from 'dompurify';
import { JSDOM } from 'jsdom';

const { window } = new JSDOM('');
// jsdom's window is what DOMPurify needs, though its type is not the DOM lib's
const purify = createDOMPurify(window as unknown as Parameters<typeof createDOMPurify>[0]);

const FORBID_TAGS = ['script', 'style', 'link', 'meta', 'base', 'form', 'input', 'button', 'select', 'textarea', 'iframe', 'frame', 'frameset', 'object', 'embed', 'svg', 'math', 'template', 'noscript'];

export function sanitizeArticleHtml(html: string): string {
  let text = String(html ?? '').trim();
  const fenced = /^```(?:html)?\s*\n([\s\S]*?)\n```\s*$/i.exec(text);
  if (fenced) text = fenced[1];
  const clean = purify.sanitize(text, {
    FORBID_TAGS,
    FORBID_ATTR: ['style', 'srcset', 'formaction'],
    ALLOW_DATA_ATTR: false,
    USE_PROFILES: { html: true },
  });
  return String(clean).trim();
}

/**
 * The article without its <mark> highlights (their text kept).
 */
export function removeHighlights(html: string) {
  const doc = new JSDOM(`<body>${html}</body>`).window.document;
  for (const mark of Array.from(doc.querySelectorAll('mark'))) mark.replaceWith(...Array.from(mark.childNodes));
  return doc.body.innerHTML;
}

/**
 * Visible text of an HTML page (scripts, styles, navigation and footers dropped), whitespace
 * collapsed, at most `max` characters; and its title.
 */
export function htmlToText(html: string, max: number = 6000) {
  const doc = new JSDOM(html).window.document;
  const title = doc.querySelector('title')?.textContent?.trim() || null;
  for (const el of Array.from(doc.querySelectorAll('script, style, noscript, nav, footer, header, svg, form, iframe'))) el.remove();
  const root = doc.querySelector('main, article') ?? doc.body;
  // Blocks end with a space, so their texts do not run together.
  for (const el of Array.from(root?.querySelectorAll('p, div, li, h1, h2, h3, h4, h5, h6, br, tr, td, th, blockquote, pre, section, dd, dt') ?? [])) {
    el.append(doc.createTextNode(' '));
  }
  const text = (root?.textContent ?? '').replace(/\s+/g, ' ').trim();
  return { title, text: text.length > max ? `${text.slice(0, max)}…` : text };
}

/**
 * Visible text of article HTML (to check a model did not answer with an empty article).
 */
export function textOf(html: string) {
  return (new JSDOM(`<body>${html}</body>`).window.document.body.textContent ?? '').replace(/\s+/g, ' ').trim();
}

/**
 * The text of the article's first h1 (its title as written, French typography kept: only ASCII
 * whitespace is collapsed), or null when it has none.
 */
export function titleOf(html: string): string | null {
  const h1 = new JSDOM(`<body>${html}</body>`).window.document.querySelector('h1');
  const text = (h1?.textContent ?? '').replace(/[ \t\r\n]+/g, ' ').trim();
  return text || null;
}
