/**
 * Article HTML comes from a language model and from people: before it reaches the DOM it goes
 * through DOMPurify with a strict profile. Nothing can run — no script, no event handler
 * (on* attributes), no javascript:/data: URL outside images, no frames (iframe, srcdoc), objects,
 * embeds, forms, <base> (which would redirect every relative link), <style>/<link>/<meta>, and no
 * style attribute (CSS expressions, overlays over the workspace). Links open in a new tab
 * without access to this page (rel="noopener noreferrer").
 */
import DOMPurify from 'dompurify';

const FORBID_TAGS = [
  'script', 'iframe', 'frame', 'frameset', 'object', 'embed', 'applet', 'base', 'form', 'input', 'button',
  'textarea', 'select', 'option', 'style', 'link', 'meta', 'noscript', 'template', 'portal', 'svg', 'math',
];
const FORBID_ATTR = ['style', 'srcdoc', 'formaction', 'action', 'xlink:href', 'ping', 'background', 'srcset'];

let purifier: ReturnType<typeof DOMPurify> | null = null;

function getPurifier() {
  if (purifier) return purifier;
  purifier = DOMPurify(window);
  purifier.addHook('afterSanitizeAttributes', (node) => {
    if (node.nodeName === 'A' && node.hasAttribute('href')) {
      node.setAttribute('target', '_blank');
      node.setAttribute('rel', 'noopener noreferrer nofollow');
    }
  });
  return purifier;
}

/** The article HTML made safe to render (a string for dangerouslySetInnerHTML). */
export function sanitizeArticleHtml(html: string): string {
  return getPurifier().sanitize(html, {
    FORBID_TAGS,
    FORBID_ATTR,
    ALLOW_DATA_ATTR: false,
    ALLOW_UNKNOWN_PROTOCOLS: false,
    ALLOWED_URI_REGEXP: /^(?:https?:|mailto:|tel:|#|\/(?!\/)|\.{0,2}\/|[^:/?#]*(?:[/?#]|$))/i,
  }) as string;
}
