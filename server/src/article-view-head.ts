// The first HTML response of /view/:versionId (shell server), for crawlers:
// - a demo article (pages.hide_revisions_texts_from_preview) is a public example: indexable, with its
//   title, description, canonical link and Open Graph / Twitter tags taken from the article;
// - every other /view page — a client's draft, an unknown or malformed id, or any failure to ask the
//   backend — is sent with `X-Robots-Tag: noindex, nofollow` and a meta robots noindex: never indexed.
// The article comes from the backend's get_article_for_view RPC with the public anon key (the same call
// the browser makes), cached briefly. The article's HTML is read with an HTML parser (parse5: every entity
// decoded, malformed markup mended as a browser would), never with regular expressions; every injected
// value is escaped (prerender.ts injectPrerender, escapeHtml).
import { parseFragment, type DefaultTreeAdapterMap } from 'parse5';
import { injectPrerender, escapeHtml, type PrerenderEntry } from './prerender';

/** Key of what an anonymous reader sees around the article (get_article_view_context) on a fetched article. */
const CONTEXT: unique symbol = Symbol('context');

/** What get_article_for_view answers (the fields read here; the rest goes to the app as is). */
export interface ViewArticle {
  version?: { html_content?: string | null; [key: string]: unknown } | null;
  page?: { name?: string | null; hide_cover_image_from_preview?: boolean | null; [key: string]: unknown } | null;
  is_demo?: boolean;
  cover_image_url?: string | null;
  images?: ({ id?: number | string; image_url?: string | null; chosen?: boolean | null } | null)[] | null;
  site?: { name?: string | null; logo_url?: string | null } | null;
  [key: string]: unknown;
  [CONTEXT]?: unknown;
}

export interface ArticleViewHead {
  /**
   * For /view/* pages: the page to send and whether it must carry noindex; null for other paths.
   * Never throws: any failure gives the plain page with noindex.
   */
  render(pathname: string, html: string): Promise<{ html: string; noindex: boolean } | null>;
}

export interface ArticleViewHeadOptions {
  supabaseUrl: string;
  anonKey: string;
  siteUrl?: string;
  fetchImpl?: typeof fetch;
  ttlMs?: number;
  timeoutMs?: number;
  now?: () => number;
  maxEntries?: number;
  log?: (msg: string) => void;
}

const VIEW = /^\/view\/([^/]+)\/?$/;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
export const NOINDEX = 'noindex, nofollow';

type Node = DefaultTreeAdapterMap['node'];
type Element = DefaultTreeAdapterMap['element'];

/**
 * Elements whose content is no text of the article: scripts, styles, templates, and what an HTML parser
 * keeps as raw text or as other markup (iframe, noscript, svg, math, form controls).
 */
const SKIPPED = new Set(['script', 'style', 'template', 'iframe', 'noscript', 'noembed', 'noframes', 'xmp', 'svg', 'math', 'textarea', 'select']);

/** The article's HTML as a tree (parse5, as a browser parses it: entities decoded, malformed markup mended). */
const parseArticle = (html: string | null | undefined) => parseFragment(String(html || ''));

const isElement = (node: Node): node is Element => 'tagName' in node;
const childrenOf = (node: Node): Node[] => ('childNodes' in node ? node.childNodes : []);
const collapse = (text: string): string => text.replace(/\s+/g, ' ').trim();

/** The text under a node, every element a word boundary (as the tags were), skipped elements left out. */
function textOf(node: Node, parts: string[] = []): string[] {
  if (node.nodeName === '#text' && 'value' in node) parts.push(node.value);
  else if (isElement(node)) {
    if (SKIPPED.has(node.tagName)) return parts;
    parts.push(' ');
    for (const child of node.childNodes) textOf(child, parts);
    parts.push(' ');
  } else for (const child of childrenOf(node)) textOf(child, parts);
  return parts;
}

/** Plain text of an HTML fragment (tags dropped, entities decoded by the parser, spaces collapsed). */
export function htmlToText(html: string | null | undefined): string {
  return collapse(textOf(parseArticle(html)).join(''));
}

/** The first element of a tag in document order (outside skipped elements), or null. */
function firstElement(node: Node, tagName: string): Element | null {
  for (const child of childrenOf(node)) {
    if (!isElement(child) || SKIPPED.has(child.tagName)) continue;
    if (child.tagName === tagName) return child;
    const found = firstElement(child, tagName);
    if (found) return found;
  }
  return null;
}

/** The description of an article: its first paragraph's text (else the body's), about 160 characters. */
export function articleDescription(html: string | null | undefined, max = 160): string {
  const tree = parseArticle(html);
  const firstParagraph = firstElement(tree, 'p');
  const body = () => collapse(textOf(tree).join(''));
  const text = (firstParagraph && collapse(textOf(firstParagraph).join(''))) || body();
  if (text.length <= max) return text;
  const cut = text.slice(0, max - 1);
  const space = cut.lastIndexOf(' ');
  return `${(space > max * 0.6 ? cut.slice(0, space) : cut).replace(/[\s,;:.–—-]+$/, '')}…`;
}

const BLOCK = new Set(['h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'p', 'li', 'blockquote', 'pre', 'figcaption', 'tr', 'dt', 'dd']);
/** Elements that end the block before them and start none of their own. */
const CONTAINER = new Set(['ul', 'ol', 'table', 'div', 'section', 'figure', 'article']);

/**
 * The article's text as blocks of our own tags without attributes (headings, paragraphs, list items,
 * quotes, table rows), every text escaped: a static copy for the first paint that cannot carry markup of
 * the article (the real, DOMPurify-sanitized article replaces it in the browser).
 */
export function staticBlocks(html: string | null | undefined, title: string): string {
  const blocks: { tag: string; text: string }[] = [];
  let current: { tag: string; text: string } | null = null;
  const flush = () => {
    if (current && current.text.trim()) blocks.push({ tag: current.tag, text: collapse(current.text) });
    current = null;
  };
  // the tree in document order, as the start and end of each element and its text
  const walk = (node: Node) => {
    if (node.nodeName === '#text' && 'value' in node) {
      if (!current) current = { tag: 'p', text: '' };
      current.text += node.value;
      return;
    }
    if (!isElement(node)) {
      for (const child of childrenOf(node)) walk(child);
      return;
    }
    const tag = node.tagName;
    if (SKIPPED.has(tag)) return;
    if (tag === 'td' || tag === 'th') {
      if (current && current.text.trim()) current.text += ' · ';
    } else if (tag === 'br') {
      if (current) current.text += ' ';
    } else if (BLOCK.has(tag) || CONTAINER.has(tag)) {
      flush();
      if (BLOCK.has(tag)) current = { tag: tag === 'tr' ? 'p' : tag, text: '' };
    }
    for (const child of node.childNodes) walk(child);
    if (BLOCK.has(tag) || CONTAINER.has(tag)) flush();
  };
  walk(parseArticle(html));
  flush();
  // the page name is the page's h1: a leading h1 repeating it is dropped, other h1s become h2s
  if (blocks[0] && blocks[0].tag === 'h1' && blocks[0].text.toLowerCase() === String(title).trim().toLowerCase()) blocks.shift();
  let out = '';
  let inList = false;
  for (const block of blocks) {
    const text = block.text.replace(/^[\s·]+|[\s·]+$/g, '');
    if (!text) continue;
    if (block.tag === 'li' && !inList) out += '<ul>';
    if (block.tag !== 'li' && inList) out += '</ul>';
    inList = block.tag === 'li';
    const tag = block.tag === 'h1' ? 'h2' : block.tag;
    out += `<${tag}>${escapeHtml(text)}</${tag}>`;
  }
  if (inList) out += '</ul>';
  return out;
}

/** A web address as a page's name (reviewer/src/features/article/utils/article.ts ADDRESS, the same). */
const ADDRESS = /^(?:https?:\/\/)?(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}(?::\d{1,5})?(?:[/?#]\S*)?$/i;

/**
 * The title /view shows (audit L10), as the reviewer's displayTitle: a page named by its web address
 * shows its host alone ("fournil.fr"), any other name as it is — the first paint's title is the app's.
 */
export function viewTitle(name: string): string {
  const trimmed = name.trim();
  if (!ADDRESS.test(trimmed)) return name;
  return trimmed.replace(/^https?:\/\//i, '').split(/[/?#:]/)[0].replace(/^www\./i, '').toLowerCase();
}

export const PRERENDER_ID = 'cv-prerender';
/** Styles of the static copy (the reviewer's article.css, in short), and its hand-off to the app. */
const VIEW_CSS =
  // body{margin:0} as Mantine's global styles have it: else the page moves up 8 px when they arrive (CLS 0.054)
  `body{margin:0}` +
  // the page's frame as the reviewer's article.css draws it: padding, the site's bar (logo and name,
  // no Citable header on /view), then the title below the bar's 24 px gap and the kicker (badge and
  // reading time, 22 px + 12 px) — so the title does not move when the app takes over
  `#${PRERENDER_ID}{padding:24px 16px 64px;background:#fff;color:#1f2328}` +
  `.cvp-site{display:flex;align-items:center;gap:12px;max-width:1180px;margin:0 auto;padding-bottom:16px;border-bottom:1px solid #d8dee4;min-height:48px;box-sizing:border-box}` +
  `.cvp-site-logo{display:block;height:40px;width:auto;max-width:160px;object-fit:contain}` +
  `.cvp-site-name{font:700 18px/1.25 system-ui,-apple-system,'Segoe UI',Roboto,sans-serif;overflow-wrap:anywhere}` +
  `#root:not(:empty)~#${PRERENDER_ID}{position:absolute;top:0;left:0;right:0;z-index:1}` +
  `body:has([data-testid="article-viewer"],[data-testid="article-not-found"],[data-testid="article-error"],[data-testid="remote-error"],[data-testid="config-error"]) #${PRERENDER_ID}{display:none}` +
  `.cvp{max-width:43rem;margin:0 auto}` +
  `.cvp-title{margin:58px 0 12px;font:800 clamp(1.9rem,1.3rem + 2.6vw,2.9rem)/1.15 system-ui,-apple-system,'Segoe UI',Roboto,sans-serif;letter-spacing:-.015em;overflow-wrap:anywhere}` +
  `.cvp-cover{display:block;width:100%;height:auto;max-height:400px;aspect-ratio:1200/630;object-fit:cover;border-radius:8px;margin:24px 0;background:#f1f3f5}` +
  `.cvp-prose{font:1.1875rem/1.7 Charter,'Bitstream Charter','Sitka Text',Cambria,'Iowan Old Style',Georgia,'DejaVu Serif',serif;overflow-wrap:break-word}` +
  `.cvp-prose p,.cvp-prose ul,.cvp-prose blockquote{margin:0 0 1.25em}` +
  `.cvp-prose h2,.cvp-prose h3,.cvp-prose h4{font-family:system-ui,sans-serif;line-height:1.25;margin:2em 0 .6em}` +
  `.cvp-prose h2{font-size:1.45em}.cvp-prose h3{font-size:1.2em}` +
  `.cvp-prose blockquote{padding-left:1.1em;border-left:3px solid #1f2328;font-style:italic}` +
  `@media (min-width:48em){#${PRERENDER_ID}{padding:40px 32px 96px}.cvp-prose{font-size:1.25rem}}` +
  // wide screens: the article's column beside the review panel's 300 px (and 48 px gap), as the app lays it out
  `@media (min-width:75em){.cvp{max-width:1180px;padding-right:348px;box-sizing:border-box}.cvp>*{max-width:43rem;margin-left:auto;margin-right:auto}}`;

/** The static copy of the article and its data for the app (JSON in a script element, "<" escaped). */
function articleBody(article: ViewArticle, { supabaseUrl }: { supabaseUrl: string }): string {
  const name = String(article.page?.name || '');
  const cover = absoluteAsset(article.page?.hide_cover_image_from_preview ? null : coverOf(article), supabaseUrl);
  const img = cover ? `<img class="cvp-cover" src="${escapeHtml(cover)}" alt="" width="1200" height="630" fetchpriority="high">` : '';
  const siteName = String(article.site?.name || '');
  const logo = absoluteAsset(article.site?.logo_url ?? null, supabaseUrl);
  const brand =
    siteName || logo
      ? `<div class="cvp-site">${logo ? `<img class="cvp-site-logo" src="${escapeHtml(logo)}" alt="">` : ''}` +
        `${siteName ? `<span class="cvp-site-name">${escapeHtml(viewTitle(siteName))}</span>` : ''}</div>`
      : '';
  const json = (value: unknown): string => JSON.stringify(value).replace(/</g, '\\u003c').replace(/\u2028/g, '\\u2028').replace(/\u2029/g, '\\u2029');
  const context = article[CONTEXT] ? `<script type="application/json" id="cv-article-context">${json(article[CONTEXT])}</script>` : '';
  const data = JSON.stringify(article).replace(/</g, '\\u003c').replace(/\u2028/g, '\\u2028').replace(/\u2029/g, '\\u2029');
  return (
    `<div id="${PRERENDER_ID}" aria-hidden="true">${brand}<div class="cvp"><h1 class="cvp-title">${escapeHtml(viewTitle(name))}</h1>${img}` +
    `<div class="cvp-prose">${staticBlocks(article.version?.html_content, name)}</div></div></div>` +
    `<script type="application/json" id="cv-article-data">${data}</script>${context}`
  );
}

/** An image address the browser can load: a backend path made absolute; anything but http(s) dropped. */
function absoluteAsset(url: string | null, supabaseUrl: string): string | null {
  let out = url;
  if (out && out.startsWith('/') && !out.startsWith('//') && supabaseUrl) out = `${supabaseUrl.replace(/\/+$/, '')}${out}`;
  return out && /^https?:\/\//i.test(out) ? out : null;
}

/** The cover the viewer shows: the chosen proposition, else the newest by id (as the app does). */
function coverOf(article: ViewArticle): string | null {
  const images = Array.isArray(article.images) ? article.images : [];
  const chosen = images.find((i) => i && i.chosen);
  if (chosen) return String(chosen.image_url || '') || null;
  const newest = images.filter((i) => i !== null).sort((a, b) => Number(b.id) - Number(a.id))[0];
  return (newest && String(newest.image_url || '')) || (typeof article.cover_image_url === 'string' ? article.cover_image_url : null);
}

/** Puts the static copy after #root and its styles in the head. */
function injectArticle(html: string, article: ViewArticle, opts: { supabaseUrl: string }): string {
  let out = html.replace('</head>', () => `<style data-cv-prerender>${VIEW_CSS}</style>\n</head>`);
  const root = /<div id=(?:"root"|'root'|root)>\s*(?:<!--citable-body-->)?\s*<\/div>/;
  if (root.test(out)) out = out.replace(root, () => `<div id="root"></div>${articleBody(article, opts)}`);
  return out;
}

/** The head entry (injectPrerender's shape) of a demo article. */
export function demoEntry(
  article: ViewArticle,
  { versionId, siteUrl, supabaseUrl }: { versionId: string; siteUrl?: string; supabaseUrl: string },
): PrerenderEntry {
  const title = viewTitle(String(article.page?.name || '').trim()) || 'Citable';
  const description = articleDescription(article.version?.html_content);
  const site = siteUrl ? siteUrl.replace(/\/+$/, '') : '';
  const url = site ? `${site}/view/${versionId}` : undefined;
  let image = article.page?.hide_cover_image_from_preview ? null : coverOf(article);
  if (image && image.startsWith('/') && !image.startsWith('//') && supabaseUrl) image = `${supabaseUrl.replace(/\/+$/, '')}${image}`;
  if (image && !/^https?:\/\//i.test(image)) image = null;
  return {
    title: `${title} · Citable`,
    description,
    robots: 'index, follow, max-image-preview:large',
    canonical: url,
    og: {
      'og:type': 'article',
      'og:site_name': 'Citable',
      'og:title': title,
      'og:description': description,
      'og:url': url,
      'og:image': image || undefined,
      'twitter:card': image ? 'summary_large_image' : 'summary',
      'twitter:title': title,
      'twitter:description': description,
      'twitter:image': image || undefined,
    },
  };
}

export function createArticleViewHead({
  supabaseUrl,
  anonKey,
  siteUrl,
  fetchImpl = globalThis.fetch,
  ttlMs = 60_000,
  timeoutMs = 1_500,
  now = Date.now,
  maxEntries = 500,
  log = () => {},
}: ArticleViewHeadOptions): ArticleViewHead {
  const cache = new Map<string, { at: number; article: ViewArticle | null }>(); // versionId -> { at, article | null }

  const rpc = async (name: string, versionId: string): Promise<Record<string, unknown> | null> => {
    const response = await fetchImpl(`${supabaseUrl.replace(/\/+$/, '')}/rest/v1/rpc/${name}`, {
      method: 'POST',
      headers: { apikey: anonKey, Authorization: `Bearer ${anonKey}`, 'Content-Type': 'application/json', Accept: 'application/json' },
      body: JSON.stringify({ p_version_id: versionId }),
      signal: AbortSignal.timeout(timeoutMs),
    });
    if (!response.ok) throw new Error(`${name} → HTTP ${response.status}`);
    const body: unknown = await response.json();
    return body && typeof body === 'object' && !Array.isArray(body) ? (body as Record<string, unknown>) : null;
  };

  async function fetchArticle(versionId: string): Promise<ViewArticle | null> {
    const hit = cache.get(versionId);
    if (hit && now() - hit.at < ttlMs) return hit.article;
    // the article, and what an anonymous reader sees around it (newer version, what changed): the app
    // then needs no request for a reader without an account; a missing context is only a missing notice
    const [article, context] = await Promise.all([rpc('get_article_for_view', versionId), rpc('get_article_view_context', versionId).catch(() => null)]);
    const value: ViewArticle | null = article ? { ...(article as ViewArticle), [CONTEXT]: context } : null;
    // only demo articles are cached: a client's version changes with their review (approve, reload)
    if (value && value.is_demo === true) {
      const oldest = cache.keys().next();
      if (cache.size >= maxEntries && !oldest.done) cache.delete(oldest.value);
      cache.set(versionId, { at: now(), article: value });
    }
    return value;
  }

  async function render(pathname: string, html: string): Promise<{ html: string; noindex: boolean } | null> {
    const match = VIEW.exec(pathname);
    if (!match && !pathname.startsWith('/view/') && pathname !== '/view') return null;
    const noindex = () => ({ html: injectPrerender(html, { robots: NOINDEX }, ''), noindex: true });
    const versionId = match ? match[1].toLowerCase() : '';
    if (!UUID.test(versionId)) return noindex();
    try {
      const article = await fetchArticle(versionId);
      if (!article || typeof article.version !== 'object' || !article.page) return noindex();
      if (article.is_demo !== true) {
        return { html: injectArticle(injectPrerender(html, { robots: NOINDEX }, ''), article, { supabaseUrl }), noindex: true };
      }
      const head = injectPrerender(html, demoEntry(article, { versionId, siteUrl, supabaseUrl }), '');
      return { html: injectArticle(head, article, { supabaseUrl }), noindex: false };
    } catch (error) {
      log(`article head: /view/${versionId} failed (${error instanceof Error ? error.message : String(error)})`);
      return noindex();
    }
  }

  return { render };
}
