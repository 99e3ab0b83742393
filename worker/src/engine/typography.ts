// French typography of an article's text, applied after the model wrote it (a model does not keep
// these rules reliably): a no-break space (U+00A0) before ? ! : ; and », after «; typographic
// apostrophes and ellipses. Only text nodes change (never a tag, an attribute, a URL or code).
import { JSDOM } from 'jsdom';

const { window } = new JSDOM('');
const SKIP = new Set(['CODE', 'PRE', 'KBD', 'SAMP', 'SCRIPT', 'STYLE']);

/**
 * One text run with French typography. `after` says whether the run follows other text of the
 * same block (then a leading ? ! : ; gets its no-break space too).
 */
export function frenchText(text: string, after = false): string {
  let out = text
    // « x » : a no-break space inside the guillemets, whatever was there
    .replace(/«[ \t\u202f\u00a0]*/g, '«\u00a0')
    .replace(/[ \t\u202f\u00a0]*»/g, '\u00a0»')
    // an ordinary or a thin space (or none) before ; ! ? and before a : that ends a phrase
    // ("http:" and "10:30" are left: followed by / or a digit)
    .replace(/([^\s\u00a0?!:;«([])[ \t\u202f]*([?!;]+|:)(?=[\s\u00a0»)\]]|$)/g, '$1\u00a0$2')
    .replace(/(\p{L})'(\p{L})/gu, '$1’$2')
    .replace(/\.\.\./g, '…');
  if (after) out = out.replace(/^[ \t\u202f]*([?!;]+|:)(?=[\s\u00a0»)\]]|$)/, '\u00a0$1');
  return out;
}

/**
 * The article's HTML with French typography in its text nodes.
 */
export function frenchTypography(html: string): string {
  const fragment = JSDOM.fragment(`<div>${html}</div>`);
  const root = fragment.firstChild as HTMLElement | null;
  if (!root) return html;
  const walker = window.document.createTreeWalker(root, 4 /* NodeFilter.SHOW_TEXT */);
  let previousInBlock = false;
  let lastBlock: Node | null = null;
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    if (inSkipped(node)) continue;
    const block = blockOf(node);
    if (block !== lastBlock) {
      previousInBlock = false;
      lastBlock = block;
    }
    const text = node.nodeValue ?? '';
    const next = frenchText(text, previousInBlock);
    if (next !== text) node.nodeValue = next;
    if (text.trim()) previousInBlock = true;
  }
  // the serializer writes U+00A0 as &nbsp;: kept as the character, as the rest of the text
  return root.innerHTML.replace(/&nbsp;/g, '\u00a0');
}

function inSkipped(node: Node) {
  for (let el = node.parentElement; el; el = el.parentElement) if (SKIP.has(el.tagName)) return true;
  return false;
}

const INLINE = new Set(['A', 'ABBR', 'B', 'BDI', 'BDO', 'CITE', 'DFN', 'EM', 'I', 'MARK', 'Q', 'S', 'SMALL', 'SPAN', 'STRONG', 'SUB', 'SUP', 'TIME', 'U']);

function blockOf(node: Node) {
  let el = node.parentElement;
  while (el && INLINE.has(el.tagName)) el = el.parentElement;
  return el;
}
