/**
 * @citable/shared/article-html — article HTML made safe for the DOM, one policy for every screen that
 * renders an article (the workspace's version viewer, the reviewer's /view). Article HTML comes from
 * a language model and from people: before it reaches the DOM it goes through DOMPurify with a strict
 * profile. Nothing can run — no script, no event handler (on* attributes), no javascript:/vbscript:/
 * data: URL in links, no frames (iframe, srcdoc), objects, embeds, forms, <base> (which would redirect
 * every relative link), <style>/<link>/<meta>, no svg/math, and no style attribute (CSS expressions,
 * overlays over the app). DOMPurify's SANITIZE_DOM (on by default) keeps ids and names from
 * clobbering document properties, so heading anchors (#faq) still work.
 * Links open in a new tab without access to this page; images load lazily with an alt text.
 * A separate entry (not the main one): the public pages never download DOMPurify.
 */
import DOMPurify from 'dompurify';

const FORBID_TAGS = [
  'script', 'iframe', 'frame', 'frameset', 'object', 'embed', 'applet', 'base', 'form', 'input', 'button',
  'textarea', 'select', 'option', 'style', 'link', 'meta', 'noscript', 'template', 'portal', 'svg', 'math',
];
const FORBID_ATTR = ['style', 'srcdoc', 'formaction', 'action', 'xlink:href', 'ping', 'background'];
/** http(s), mailto, tel, anchors and relative URLs; nothing else (javascript:, data:, vbscript:…). */
const ALLOWED_URI_REGEXP = /^(?:https?:|mailto:|tel:|#|\/(?!\/)|\.{0,2}\/|[^:/?#]*(?:[/?#]|$))/i;

type Purifier = ReturnType<typeof DOMPurify>;
let purifier: Purifier | null = null;

/** An instance of our own: its hooks never touch another app's DOMPurify. */
function getPurifier(): Purifier {
  if (purifier) return purifier;
  purifier = DOMPurify(window);
  purifier.addHook('afterSanitizeAttributes', (node) => {
    const element = node as Element;
    if (element.tagName === 'A' && element.hasAttribute('href')) {
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

/** The article HTML made safe to render (a string for dangerouslySetInnerHTML); '' for none. */
export function sanitizeArticleHtml(html: string | null | undefined): string {
  if (!html) return '';
  return getPurifier().sanitize(html, {
    USE_PROFILES: { html: true },
    FORBID_TAGS,
    FORBID_ATTR,
    ALLOW_DATA_ATTR: false,
    ALLOW_UNKNOWN_PROTOCOLS: false,
    ALLOWED_URI_REGEXP,
  });
}
