// The main content of a web page: Mozilla's Readability (Firefox Reader View) over a linkedom DOM.
// linkedom rather than jsdom: on the same pages Readability gives the same text, and parsing plus
// extraction took 41 ms against 318 ms for a 10 kB article, 1.0 s against 6.9 s for a 1.7 MB one
// (measured here, Node 20). Nothing of the page runs: no scripts, no styles, no sub-resources.
//
// Big pages stay cheap (issue 29, `node worker/bench/extract.mjs`): before any DOM is built,
// trimHtml drops what can never be main content in one pass of htmlparser2's tokenizer (the parser
// linkedom itself uses, so both read the markup alike) — <script> (inline JSON included), <style>,
// <svg>, <noscript>, <template>, comments, data: URIs and attribute values of over 2,000
// characters — and what is left is capped at MAX_EXTRACT_HTML. The text is walked sibling by
// sibling (linkedom's childNodes is built anew at each access: indexing it made the walk quadratic,
// 8.5 s for a 2 MB article) from Readability's own element (no serialising and parsing again).
// research.ts runs extractMainContent in worker threads (./extract-pool.ts).
import { Readability } from '@mozilla/readability';
import { Parser } from 'htmlparser2';
import { parseHTML } from 'linkedom';
import { countWords } from '@citable/shared/engine';
import type { OutlineHeading } from '@citable/shared/engine';

/** Elements whose content is never a page's main text: dropped whole before the DOM is built. */
const DROPPED = new Set(['script', 'style', 'svg', 'noscript', 'template']);
/** An attribute value longer than this is data (serialised state, inline images), not markup. */
const MAX_ATTRIBUTE_CHARS = 2_000;
/** The most of a page's trimmed HTML given to the DOM (characters); the rest is not read. */
export const MAX_EXTRACT_HTML = 1_000_000;

const escapeAttribute = (value: string) => value.replace(/&/g, '&amp;').replace(/"/g, '&quot;');

/** What trimHtml dropped (for the benchmark). */
export interface TrimStats {
  /** characters of the page */
  input: number;
  /** characters of <script>, <style>, <svg>, <noscript>, <template> and comments dropped */
  elements: number;
  /** characters of data: URIs and oversized attribute values dropped */
  attributes: number;
  /** characters left out by the MAX_EXTRACT_HTML cap */
  capped: number;
  /** characters returned */
  output: number;
}

/**
 * The page's HTML without what can never be main content, at most `maxChars` characters (cut
 * before a tag). Everything kept is the page's own markup, byte for byte, except the start tags
 * that carried a dropped attribute (written again without it).
 */
export function trimHtml(html: string, maxChars = MAX_EXTRACT_HTML): { html: string; stats: TrimStats } {
  const parts: string[] = [];
  const stats: TrimStats = { input: html.length, elements: 0, attributes: 0, capped: 0, output: 0 };
  let kept = 0; // html[kept..] is not yet copied to parts
  let dropping: string | null = null;
  let depth = 0;
  let dropFrom = 0;
  const cut = (from: number, to: number, replacement = '') => {
    if (from > kept) parts.push(html.slice(kept, from));
    if (replacement) parts.push(replacement);
    kept = Math.max(kept, to);
  };
  const parser = new Parser(
    {
      onopentag(name, attribs, isImplied) {
        if (dropping !== null) {
          if (name === dropping) depth += 1;
          return;
        }
        if (DROPPED.has(name)) {
          // An implied start tag has no text of its own: its element starts at the next token.
          dropping = name;
          depth = 1;
          dropFrom = isImplied ? parser.endIndex + 1 : parser.startIndex;
          return;
        }
        if (isImplied) return;
        let heavy = false;
        for (const value of Object.values(attribs)) {
          if (value.length > MAX_ATTRIBUTE_CHARS || /^\s*data:/i.test(value)) heavy = true;
        }
        if (!heavy) return;
        let tag = `<${name}`;
        for (const [attribute, value] of Object.entries(attribs)) {
          if (value.length > MAX_ATTRIBUTE_CHARS || /^\s*data:/i.test(value)) {
            stats.attributes += value.length;
            continue;
          }
          tag += value === '' ? ` ${attribute}` : ` ${attribute}="${escapeAttribute(value)}"`;
        }
        cut(parser.startIndex, parser.endIndex + 1, `${tag}>`);
      },
      onclosetag(name, isImplied) {
        if (dropping === null || name !== dropping) return;
        depth -= 1;
        if (depth > 0) return;
        // An implied end (another element's end tag, the end of the page): that token is kept.
        const end = isImplied ? parser.startIndex : parser.endIndex + 1;
        stats.elements += end - dropFrom;
        cut(dropFrom, end);
        dropping = null;
      },
      oncomment() {
        if (dropping !== null) return;
        stats.elements += parser.endIndex + 1 - parser.startIndex;
        cut(parser.startIndex, parser.endIndex + 1);
      },
    },
    { decodeEntities: true },
  );
  parser.end(html);
  if (dropping !== null) {
    stats.elements += html.length - dropFrom;
    cut(dropFrom, html.length);
  }
  if (kept < html.length) parts.push(html.slice(kept));
  let out = parts.join('');
  if (out.length > maxChars) {
    const tagStart = out.lastIndexOf('<', maxChars);
    const end = tagStart > maxChars / 2 ? tagStart : maxChars;
    stats.capped = out.length - end;
    out = out.slice(0, end);
  }
  stats.output = out.length;
  return { html: out, stats };
}

/** The main text kept of a page (for claim checking and the brief). */
export const MAX_TEXT_CHARS = 100_000;

export interface ExtractedPage {
  title: string | null;
  /** h1–h3 of the article's content, in order. */
  headings: OutlineHeading[];
  words: number;
  /** The main text, paragraphs separated by blank lines, at most MAX_TEXT_CHARS. */
  text: string;
}

const clean = (s: string | null | undefined) => (s ?? '').replace(/\s+/g, ' ').trim();

/** Block elements whose end ends a paragraph of the main text. */
const BLOCKS = new Set(['P', 'LI', 'H1', 'H2', 'H3', 'H4', 'H5', 'H6', 'BLOCKQUOTE', 'PRE', 'TR', 'DT', 'DD', 'FIGCAPTION', 'DIV', 'SECTION', 'ARTICLE', 'TABLE', 'UL', 'OL']);

interface DomNode {
  nodeType: number;
  nodeName: string;
  textContent: string | null;
  firstChild: DomNode | null;
  nextSibling: DomNode | null;
}

/** The text of a DOM subtree, one paragraph per block element. */
function blockText(root: DomNode): string {
  const parts: string[] = [];
  let current = '';
  const flush = () => {
    const t = clean(current);
    if (t) parts.push(t);
    current = '';
  };
  const walk = (node: DomNode) => {
    if (node.nodeType === 3) {
      current += node.textContent ?? '';
      return;
    }
    if (node.nodeType !== 1) return;
    if (node.nodeName === 'BR') current += ' ';
    const block = BLOCKS.has(node.nodeName);
    if (block) flush();
    // siblings, not childNodes[i]: linkedom builds childNodes anew at each access
    for (let child = node.firstChild; child; child = child.nextSibling) walk(child);
    if (block) flush();
  };
  walk(root);
  flush();
  return parts.join('\n\n');
}

/**
 * The main content of an HTML page, or null when Readability finds none. The title is the
 * article's (Readability's, from <title>, og:title or the first heading).
 */
export function extractMainContent(html: string, url: string): ExtractedPage | null {
  const { document } = parseHTML(trimHtml(html).html);
  // Readability resolves links against the document's URI: give it the page's.
  try {
    const base = document.createElement('base');
    base.setAttribute('href', url);
    document.head?.prepend(base);
  } catch {
    // a document without a head: links stay relative, nothing else changes
  }
  // The article's element itself (not its HTML, to be parsed again).
  const article = new Readability<Element>(document as unknown as Document, { charThreshold: 200, serializer: (node) => node as Element }).parse();
  const content = article?.content;
  if (!content) return null;
  const headings: OutlineHeading[] = [];
  for (const h of content.querySelectorAll('h1, h2, h3')) {
    const text = clean(h.textContent);
    if (text && text.length <= 300) headings.push({ level: Number(h.tagName.slice(1)) as 1 | 2 | 3, text });
  }
  let text = blockText(content as unknown as DomNode);
  const words = countWords(text);
  if (text.length > MAX_TEXT_CHARS) {
    const cut = text.lastIndexOf(' ', MAX_TEXT_CHARS);
    text = text.slice(0, cut > MAX_TEXT_CHARS - 200 ? cut : MAX_TEXT_CHARS);
  }
  return { title: clean(article.title) || null, headings, words, text };
}
