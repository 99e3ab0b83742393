/** The article's HTML, made safe for the DOM (DOMPurify) and for long reading. */
import DOMPurify from 'dompurify';

type Purifier = ReturnType<typeof DOMPurify>;
let purifier: Purifier | null = null;

/** An instance of our own (its hooks never touch another app's DOMPurify). */
function getPurifier(): Purifier {
  if (purifier) return purifier;
  purifier = DOMPurify(window);
  purifier.addHook('afterSanitizeAttributes', (node) => {
    const element = node as Element;
    if (element.tagName === 'A' && element.getAttribute('href')) {
      // links of an article open elsewhere, never with access to this page
      element.setAttribute('target', '_blank');
      element.setAttribute('rel', 'noopener noreferrer nofollow');
    }
    if (element.tagName === 'IMG') {
      element.setAttribute('loading', 'lazy');
      element.setAttribute('decoding', 'async');
      if (!element.hasAttribute('alt')) element.setAttribute('alt', '');
    }
  });
  return purifier;
}

/**
 * Removes scripts, event handlers, javascript: URLs, forms, frames, styles and anything else that could
 * run or take over the page; keeps the article's structure (headings, lists, tables, quotes, images…).
 */
export function sanitizeArticleHtml(html: string | null | undefined): string {
  if (!html) return '';
  return getPurifier().sanitize(html, {
    USE_PROFILES: { html: true },
    FORBID_TAGS: ['style', 'form', 'input', 'button', 'textarea', 'select', 'iframe', 'object', 'embed', 'link', 'meta', 'base'],
    FORBID_ATTR: ['style', 'id', 'name'],
  });
}
