// Article HTML (pages_versions.html_content, as sanitize.ts left it) to Gutenberg block markup, so
// a post published through the REST API is editable block by block instead of landing as one
// Classic block (issue 31). Each block is written as the core block's save() writes it today,
// so the editor finds it valid:
//   <h2>…<h6>               core/heading {level} (<h2 class="wp-block-heading">; an id is the anchor)
//   <p>                     core/paragraph; a <p> holding one <img> only: core/image
//   <ul>, <ol>              core/list {ordered, start, reversed} with a core/list-item per <li>
//                           (a nested list is a core/list inside its item)
//   <img>, <figure><img>    core/image (<figure class="wp-block-image">, caption as <figcaption>)
//   <table>                 core/table {hasFixedLayout:false} in <figure class="wp-block-table">
//   <blockquote>            core/quote, its paragraphs as inner blocks, a <cite> as the citation
//   <hr>                    core/separator
//   <pre>                   core/code (<pre><code>) or core/preformatted
//   <div>, <section>…       core/group {tagName} of their converted children
//   the FAQ                 its <h2> (id "faq", or a heading FAQ_HEADING knows) and everything up
//                           to the next <h2>: one core/group <section class="citable-faq">
//   the sources             one core/group <section class="citable-sources"> at the end: an <h2>
//                           and a list of the cited sources (an <ol> when numbered 1…n without gaps,
//                           else "[n]" before each)
// Anything else, or an element with attributes a block cannot keep (lang, dir, title…), or a
// list item or table cell holding blocks, becomes core/html with its HTML untouched: nothing is
// lost. The <h1> is the post's title in WordPress: it is left out (dropH1, the default) and
// returned as `title`. <mark> highlights are removed (their text kept); comments are dropped.
import { JSDOM } from 'jsdom';
import { FAQ_HEADING } from '../engine/structured-data.js';

export interface BlockSource {
  n: number;
  url: string;
  title?: string | null;
}

export interface ToBlocksOptions {
  /** The article's language: the sources heading's text. */
  language?: string;
  /** The sources the article cites, listed in a block at the end. */
  sources?: BlockSource[];
  /** Leave the <h1> out (WordPress shows the post's title). Default true. */
  dropH1?: boolean;
}

export interface BlocksResult {
  /** The post content: block markup. */
  markup: string;
  /** The <h1>'s text, or null. */
  title: string | null;
  /** The top-level blocks' names, in order (what the tests and the result's summary read). */
  blocks: string[];
}

export const SOURCES_TITLE: Record<string, string> = { fr: 'Sources', en: 'Sources' };

const ELEMENT = 1;
const TEXT = 3;
const INLINE = new Set([
  'A', 'ABBR', 'B', 'BDI', 'BDO', 'BR', 'CITE', 'CODE', 'DATA', 'DEL', 'DFN', 'EM', 'I', 'INS', 'KBD', 'MARK',
  'Q', 'S', 'SAMP', 'SMALL', 'SPAN', 'STRONG', 'SUB', 'SUP', 'TIME', 'U', 'VAR', 'WBR', 'IMG',
]);
const GROUPS = new Set(['DIV', 'SECTION', 'ARTICLE', 'ASIDE', 'MAIN', 'HEADER', 'FOOTER']);

interface Block {
  name: string;
  attrs: Record<string, unknown>;
  /** The block's HTML, the inner blocks' places marked by null. */
  content: (string | null)[];
  inner: Block[];
}

/**
 * A block's comment attributes as WordPress's serializer writes them: JSON, with the characters
 * that could end the comment or be read as HTML escaped.
 */
export function serializeAttributes(attrs: Record<string, unknown>) {
  return JSON.stringify(attrs)
    .replace(/--/g, '\\u002d\\u002d')
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/&/g, '\\u0026')
    .replace(/\\"/g, '\\u0022');
}

function serialize(block: Block): string {
  const name = block.name.replace(/^core\//, '');
  const attrs = Object.keys(block.attrs).length ? ` ${serializeAttributes(block.attrs)}` : '';
  let i = 0;
  const body = block.content.map((part) => (part === null ? serialize(block.inner[i++]) : part)).join('');
  return `<!-- wp:${name}${attrs} -->\n${body}\n<!-- /wp:${name} -->`;
}

const escapeText = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/\u00a0/g, '&nbsp;');
const escapeAttr = (s: string) => escapeText(s).replace(/"/g, '&quot;');

const html = (content: string): Block => ({ name: 'core/html', attrs: {}, content: [content], inner: [] });

const isBlank = (node: Node) => node.nodeType === TEXT && !(node.nodeValue ?? '').trim();
const isComment = (node: Node) => node.nodeType === 8;

/** The element's attributes other than the ones listed, by name. */
function otherAttributes(el: Element, allowed: string[]) {
  return Array.from(el.attributes).filter((a) => !allowed.includes(a.name)).map((a) => a.name);
}

/** class and id as the block's className and anchor attributes (and back into the tag). */
function classAndAnchor(el: Element) {
  const attrs: Record<string, unknown> = {};
  const className = el.getAttribute('class')?.trim();
  const id = el.getAttribute('id')?.trim();
  if (className) attrs.className = className;
  if (id) attrs.anchor = id;
  return attrs;
}

function tagAttributes(classes: string[], el: Element | null, extra: [string, string][] = []) {
  const own = el?.getAttribute('class')?.trim();
  const all = [...classes, ...(own ? [own] : [])].join(' ');
  const id = el?.getAttribute('id')?.trim();
  return [all ? ` class="${escapeAttr(all)}"` : '', id ? ` id="${escapeAttr(id)}"` : '', ...extra.map(([k, v]) => ` ${k}="${escapeAttr(v)}"`)].join('');
}

/** Children that are only inline content (text and phrasing elements). */
const inlineOnly = (el: Element): boolean => Array.from(el.childNodes).every((n) => n.nodeType === TEXT || isComment(n) || (n.nodeType === ELEMENT && INLINE.has((n as Element).tagName) && inlineOnly(n as Element)));

function heading(el: Element): Block {
  if (otherAttributes(el, ['id', 'class']).length || !inlineOnly(el)) return html(el.outerHTML);
  const level = Number(el.tagName.slice(1));
  const attrs = { ...(level !== 2 ? { level } : {}), ...classAndAnchor(el) };
  const tag = el.tagName.toLowerCase();
  return { name: 'core/heading', attrs, content: [`<${tag}${tagAttributes(['wp-block-heading'], el)}>${el.innerHTML}</${tag}>`], inner: [] };
}

function paragraph(el: Element): Block {
  if (otherAttributes(el, ['id', 'class']).length || !inlineOnly(el)) return html(el.outerHTML);
  return { name: 'core/paragraph', attrs: classAndAnchor(el), content: [`<p${tagAttributes([], el)}>${el.innerHTML}</p>`], inner: [] };
}

/** An image block of an <img> (and a caption's HTML), or null when the <img> has attributes a block cannot keep. */
function image(img: Element, caption: Element | null, figure: Element | null): Block | null {
  if (otherAttributes(img, ['src', 'alt', 'title']).length || !img.getAttribute('src')) return null;
  if (figure && otherAttributes(figure, ['class', 'id']).length) return null;
  if (caption && (otherAttributes(caption, []).length || !inlineOnly(caption))) return null;
  const alt = img.getAttribute('alt') ?? '';
  const title = img.getAttribute('title');
  const attrs: Record<string, unknown> = figure ? classAndAnchor(figure) : {};
  const tag = `<img src="${escapeAttr(img.getAttribute('src') ?? '')}" alt="${escapeAttr(alt)}"${title ? ` title="${escapeAttr(title)}"` : ''}/>`;
  const figcaption = caption ? `<figcaption class="wp-element-caption">${caption.innerHTML}</figcaption>` : '';
  return { name: 'core/image', attrs, content: [`<figure${tagAttributes(['wp-block-image'], figure)}>${tag}${figcaption}</figure>`], inner: [] };
}

function figure(el: Element): Block {
  const children = Array.from(el.children);
  const img = children.length <= 2 && children[0]?.tagName === 'IMG' ? children[0] : null;
  const caption = children[1]?.tagName === 'FIGCAPTION' ? children[1] : null;
  if (img && (children.length === 1 || caption) && Array.from(el.childNodes).every((n) => n.nodeType === ELEMENT || isBlank(n) || isComment(n))) {
    return image(img, caption, el) ?? html(el.outerHTML);
  }
  const table = children[0]?.tagName === 'TABLE' ? children[0] : null;
  if (table && (children.length === 1 || (children.length === 2 && children[1].tagName === 'FIGCAPTION'))) {
    return tableBlock(table, children[1] ?? null, el) ?? html(el.outerHTML);
  }
  return html(el.outerHTML);
}

function listItem(li: Element): Block | null {
  if (li.tagName !== 'LI' || otherAttributes(li, ['class', 'id']).length) return null;
  const content: (string | null)[] = [];
  const inner: Block[] = [];
  let text = '';
  let sawList = false;
  for (const node of Array.from(li.childNodes)) {
    if (isComment(node)) continue;
    if (node.nodeType === ELEMENT && ['UL', 'OL'].includes((node as Element).tagName)) {
      const nested = list(node as Element);
      if (nested.name !== 'core/list') return null;
      content.push(text);
      text = '';
      content.push(null);
      inner.push(nested);
      sawList = true;
      continue;
    }
    if (node.nodeType === ELEMENT && !(INLINE.has((node as Element).tagName) && inlineOnly(node as Element))) return null;
    if (sawList && !isBlank(node)) return null; // text after a nested list: not what list-item keeps
    if (!sawList) text += node.nodeType === TEXT ? escapeText(node.nodeValue ?? '') : (node as Element).outerHTML;
  }
  const open = `<li${tagAttributes([], li)}>`;
  const parts = inner.length ? [open + content[0], ...content.slice(1), '</li>'] : [`${open}${text}</li>`];
  return { name: 'core/list-item', attrs: classAndAnchor(li), content: mergeStrings(parts), inner };
}

/** Adjacent strings joined (null markers kept). */
function mergeStrings(parts: (string | null)[]) {
  const out: (string | null)[] = [];
  for (const p of parts) {
    if (p !== null && typeof out[out.length - 1] === 'string') out[out.length - 1] += p;
    else out.push(p);
  }
  return out;
}

function list(el: Element): Block {
  const ordered = el.tagName === 'OL';
  if (otherAttributes(el, ordered ? ['class', 'id', 'start', 'reversed'] : ['class', 'id']).length) return html(el.outerHTML);
  const items: Block[] = [];
  for (const node of Array.from(el.childNodes)) {
    if (isBlank(node) || isComment(node)) continue;
    const item = node.nodeType === ELEMENT ? listItem(node as Element) : null;
    if (!item) return html(el.outerHTML);
    items.push(item);
  }
  const attrs: Record<string, unknown> = {};
  const extra: [string, string][] = [];
  if (ordered) {
    attrs.ordered = true;
    const start = el.getAttribute('start');
    if (start !== null) {
      if (!/^-?\d+$/.test(start.trim())) return html(el.outerHTML);
      attrs.start = Number(start);
    }
    if (el.hasAttribute('reversed')) attrs.reversed = true;
  }
  Object.assign(attrs, classAndAnchor(el));
  if (attrs.start !== undefined) extra.push(['start', String(attrs.start)]);
  const tag = ordered ? 'ol' : 'ul';
  const open = `<${tag}${tagAttributes(['wp-block-list'], el, extra)}${attrs.reversed ? ' reversed' : ''}>`;
  return { name: 'core/list', attrs, content: [open, ...items.map(() => null), `</${tag}>`], inner: items };
}

const CELL_ATTRIBUTES = ['colspan', 'rowspan', 'scope'];

function tableBlock(table: Element, caption: Element | null, wrapper: Element | null): Block | null {
  if (otherAttributes(table, []).length) return null;
  if (wrapper && otherAttributes(wrapper, ['class', 'id']).length) return null;
  if (caption && (otherAttributes(caption, []).length || !inlineOnly(caption))) return null;
  const sections: string[] = [];
  let tableCaption: Element | null = null;
  for (const node of Array.from(table.childNodes)) {
    if (isBlank(node) || isComment(node)) continue;
    if (node.nodeType !== ELEMENT) return null;
    const section = node as Element;
    if (section.tagName === 'CAPTION' && !caption && !tableCaption && inlineOnly(section) && !otherAttributes(section, []).length) {
      tableCaption = section;
      continue;
    }
    if (!['THEAD', 'TBODY', 'TFOOT'].includes(section.tagName) || otherAttributes(section, []).length) return null;
    const rows: string[] = [];
    for (const rowNode of Array.from(section.childNodes)) {
      if (isBlank(rowNode) || isComment(rowNode)) continue;
      if (rowNode.nodeType !== ELEMENT || (rowNode as Element).tagName !== 'TR' || otherAttributes(rowNode as Element, []).length) return null;
      const cells: string[] = [];
      for (const cellNode of Array.from(rowNode.childNodes)) {
        if (isBlank(cellNode) || isComment(cellNode)) continue;
        const cell = cellNode as Element;
        if (cellNode.nodeType !== ELEMENT || !['TH', 'TD'].includes(cell.tagName) || otherAttributes(cell, CELL_ATTRIBUTES).length || !inlineOnly(cell)) return null;
        const tag = cell.tagName.toLowerCase();
        const attrs = CELL_ATTRIBUTES.filter((a) => cell.hasAttribute(a)).map((a) => ` ${a}="${escapeAttr(cell.getAttribute(a) ?? '')}"`).join('');
        cells.push(`<${tag}${attrs}>${cell.innerHTML}</${tag}>`);
      }
      rows.push(`<tr>${cells.join('')}</tr>`);
    }
    const tag = section.tagName.toLowerCase();
    sections.push(`<${tag}>${rows.join('')}</${tag}>`);
  }
  const captionHtml = caption ?? tableCaption;
  const figcaption = captionHtml ? `<figcaption class="wp-element-caption">${captionHtml.innerHTML}</figcaption>` : '';
  // hasFixedLayout written out: its default changed across WordPress versions (false, then true)
  const attrs = { hasFixedLayout: false, ...(wrapper ? classAndAnchor(wrapper) : {}) };
  return { name: 'core/table', attrs, content: [`<figure${tagAttributes(['wp-block-table'], wrapper)}><table>${sections.join('')}</table>${figcaption}</figure>`], inner: [] };
}

function quote(el: Element): Block {
  if (otherAttributes(el, ['class', 'id']).length) return html(el.outerHTML);
  const inner: Block[] = [];
  let citation: Element | null = null;
  for (const node of Array.from(el.childNodes)) {
    if (isBlank(node) || isComment(node)) continue;
    if (node.nodeType !== ELEMENT) return html(el.outerHTML); // text straight in the quote: not a block
    const child = node as Element;
    if (child.tagName === 'CITE' && !citation && !otherAttributes(child, []).length) {
      citation = child;
      continue;
    }
    if (citation) return html(el.outerHTML); // the citation comes last in core/quote
    if (INLINE.has(child.tagName)) return html(el.outerHTML);
    inner.push(...convert(child));
  }
  const cite = citation ? `<cite>${citation.innerHTML}</cite>` : '';
  return {
    name: 'core/quote',
    attrs: classAndAnchor(el),
    content: [`<blockquote${tagAttributes(['wp-block-quote'], el)}>`, ...inner.map(() => null), `${cite}</blockquote>`],
    inner,
  };
}

function pre(el: Element): Block {
  if (otherAttributes(el, []).length) return html(el.outerHTML);
  const children = Array.from(el.childNodes).filter((n) => !isComment(n));
  if (children.length === 1 && children[0].nodeType === ELEMENT && (children[0] as Element).tagName === 'CODE' && !otherAttributes(children[0] as Element, []).length && inlineOnly(children[0] as Element)) {
    return { name: 'core/code', attrs: {}, content: [`<pre class="wp-block-code"><code>${(children[0] as Element).innerHTML}</code></pre>`], inner: [] };
  }
  if (!inlineOnly(el)) return html(el.outerHTML);
  return { name: 'core/preformatted', attrs: {}, content: [`<pre class="wp-block-preformatted">${el.innerHTML}</pre>`], inner: [] };
}

function group(el: Element, children: Node[], extraClass: string | null, anchor?: string): Block {
  const tag = el.tagName.toLowerCase();
  const inner = convertAll(children, extraClass !== 'citable-faq');
  const attrs: Record<string, unknown> = { ...(tag !== 'div' ? { tagName: tag } : {}) };
  const own = el.getAttribute('class')?.trim();
  const className = [extraClass, own].filter(Boolean).join(' ');
  if (className) attrs.className = className;
  const id = anchor ?? el.getAttribute('id')?.trim();
  if (id) attrs.anchor = id;
  attrs.layout = { type: 'constrained' };
  const open = `<${tag} class="${escapeAttr(['wp-block-group', className].filter(Boolean).join(' '))}"${id ? ` id="${escapeAttr(id)}"` : ''}>`;
  return { name: 'core/group', attrs, content: [open, ...inner.map(() => null), `</${tag}>`], inner };
}

/** The blocks of one top-level node (none for blank text and comments). */
function convert(node: Node): Block[] {
  if (isBlank(node) || isComment(node)) return [];
  if (node.nodeType !== ELEMENT) return [html(escapeText(node.nodeValue ?? ''))];
  const el = node as Element;
  const tag = el.tagName;
  if (/^H[1-6]$/.test(tag)) return [heading(el)];
  if (tag === 'P') {
    const kids = Array.from(el.childNodes).filter((n) => !isBlank(n) && !isComment(n));
    if (kids.length === 1 && kids[0].nodeType === ELEMENT && (kids[0] as Element).tagName === 'IMG' && !otherAttributes(el, []).length) {
      const block = image(kids[0] as Element, null, null);
      if (block) return [block];
    }
    return [paragraph(el)];
  }
  if (tag === 'UL' || tag === 'OL') return [list(el)];
  if (tag === 'IMG') return [image(el, null, null) ?? html(el.outerHTML)];
  if (tag === 'FIGURE') return [figure(el)];
  if (tag === 'TABLE') return [tableBlock(el, null, null) ?? html(el.outerHTML)];
  if (tag === 'BLOCKQUOTE') return [quote(el)];
  if (tag === 'HR' && !otherAttributes(el, []).length) {
    return [{ name: 'core/separator', attrs: {}, content: ['<hr class="wp-block-separator has-alpha-channel-opacity"/>'], inner: [] }];
  }
  if (tag === 'PRE') return [pre(el)];
  if (GROUPS.has(tag) && !otherAttributes(el, ['class', 'id']).length && !Array.from(el.childNodes).some((n) => n.nodeType === TEXT && !isBlank(n))) {
    return [group(el, Array.from(el.childNodes), null)];
  }
  return [html(el.outerHTML)];
}

const isFaqHeading = (node: Node) =>
  node.nodeType === ELEMENT && (node as Element).tagName === 'H2' && ((node as Element).id === 'faq' || FAQ_HEADING.test(((node as Element).textContent ?? '').replace(/\s+/g, ' ').trim()));

/** Top-level nodes to blocks, the FAQ (its <h2> up to the next <h2> or <h1>) gathered in one group. */
function convertAll(nodes: Node[], findFaq = true): Block[] {
  const blocks: Block[] = [];
  for (let i = 0; i < nodes.length; i++) {
    const node = nodes[i];
    if (findFaq && isFaqHeading(node)) {
      const members = [node];
      while (i + 1 < nodes.length && !(nodes[i + 1].nodeType === ELEMENT && /^H[12]$/.test((nodes[i + 1] as Element).tagName))) members.push(nodes[++i]);
      const section = (node as Element).ownerDocument.createElement('section');
      blocks.push(group(section, members, 'citable-faq'));
      continue;
    }
    blocks.push(...convert(node));
  }
  return blocks;
}

function sourcesBlock(sources: BlockSource[], language: string): Block {
  const sorted = [...sources].sort((a, b) => a.n - b.n);
  const numbered = sorted.every((s, i) => s.n === i + 1);
  const items: Block[] = sorted.map((s) => {
    const label = escapeText((s.title ?? '').trim() || hostOf(s.url));
    const link = `<a href="${escapeAttr(s.url)}" target="_blank" rel="noreferrer noopener nofollow">${label}</a>`;
    return { name: 'core/list-item', attrs: {}, content: [`<li>${numbered ? '' : `[${s.n}] `}${link}</li>`], inner: [] };
  });
  const tag = numbered ? 'ol' : 'ul';
  const list: Block = {
    name: 'core/list',
    attrs: numbered ? { ordered: true } : {},
    content: [`<${tag} class="wp-block-list">`, ...items.map(() => null), `</${tag}>`],
    inner: items,
  };
  const title = SOURCES_TITLE[language] ?? SOURCES_TITLE.en;
  const headingBlock: Block = { name: 'core/heading', attrs: {}, content: [`<h2 class="wp-block-heading">${escapeText(title)}</h2>`], inner: [] };
  return {
    name: 'core/group',
    attrs: { tagName: 'section', className: 'citable-sources', layout: { type: 'constrained' } },
    content: ['<section class="wp-block-group citable-sources">', null, null, '</section>'],
    inner: [headingBlock, list],
  };
}

function hostOf(url: string) {
  try {
    return new URL(url).hostname.replace(/^www\./, '');
  } catch {
    return url;
  }
}

/**
 * Gutenberg block markup of sanitized article HTML (see the top of this file).
 */
export function articleToBlocks(articleHtml: string, options: ToBlocksOptions = {}): BlocksResult {
  const { language = 'fr', sources = [], dropH1 = true } = options;
  const doc = new JSDOM(`<!DOCTYPE html><body>${articleHtml}</body>`).window.document;
  for (const mark of Array.from(doc.querySelectorAll('mark'))) mark.replaceWith(...Array.from(mark.childNodes));
  const walker = doc.createTreeWalker(doc.body, 128 /* SHOW_COMMENT */);
  const comments: Node[] = [];
  for (let c = walker.nextNode(); c; c = walker.nextNode()) comments.push(c);
  for (const c of comments) c.parentNode?.removeChild(c);
  let title: string | null = null;
  const h1 = doc.body.querySelector('h1');
  if (h1) {
    title = (h1.textContent ?? '').replace(/[ \t\r\n]+/g, ' ').replace(/^[ \t\r\n]+|[ \t\r\n]+$/g, '') || null;
    if (dropH1) h1.remove();
  }
  const blocks = convertAll(Array.from(doc.body.childNodes));
  const usable = sources.filter((s) => Number.isInteger(s.n) && /^https?:\/\//i.test(s.url));
  if (usable.length > 0) blocks.push(sourcesBlock(usable, language));
  return { markup: blocks.map(serialize).join('\n\n'), title, blocks: blocks.map((b) => b.name) };
}
