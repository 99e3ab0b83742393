/**
 * The sources of an article on /view (issue 29): the numbered list at the end of the article, and
 * the [n] markers of the text turned into links to their entry. Sources come from the server
 * (get_article_for_view: n, url, title, http(s) only); nothing here trusts them to be well formed.
 */
import { isWebUrl, type ArticleForView } from '@citable/shared';

export type ArticleSource = ArticleForView['sources'][number];

/** The element id of source n's entry in the list (the target of its [n] links). */
export const sourceAnchor = (n: number) => `cv-source-${n}`;


/** The sources to list: well formed, with a web URL, one per number, by number. */
export function listedSources(sources: readonly unknown[] | null | undefined): ArticleSource[] {
  const byNumber = new Map<number, ArticleSource>();
  for (const item of sources ?? []) {
    if (typeof item !== 'object' || item === null) continue;
    const { n, url, title } = item as Record<string, unknown>;
    if (typeof n !== 'number' || !Number.isInteger(n) || n < 1 || typeof url !== 'string' || !isWebUrl(url)) continue;
    if (!byNumber.has(n)) byNumber.set(n, { n, url, title: typeof title === 'string' && title.trim() ? title.trim() : null });
  }
  return [...byNumber.values()].sort((a, b) => a.n - b.n);
}

/** What the list shows for a source: its title, else its domain (without www.). */
export function sourceLabel(source: Pick<ArticleSource, 'url' | 'title'>): string {
  if (source.title) return source.title;
  try {
    return new URL(source.url).hostname.replace(/^www\./, '');
  } catch {
    return source.url;
  }
}

// [3], [3, 5], [3–5] are markers; the numbers in them that are sources become links
const MARKER = /\[(\d{1,3}(?:\s*[,;–-]\s*\d{1,3})*)\]/g;
// a run of markers ([1][3]) and the space before it
const RUN = /([ \t\n])?((?:\[\d{1,3}(?:\s*[,;–-]\s*\d{1,3})*\])+)/g;
const SKIP = new Set(['A', 'CODE', 'PRE', 'SCRIPT', 'STYLE', 'TEXTAREA']);

/**
 * The article's HTML (already sanitized) with each [n] of a listed source made a link to its entry
 * (`#cv-source-n`). Markers inside links and code are left alone, and so are numbers that are not
 * sources. In the browser only (DOM); elsewhere the HTML is returned as is.
 */
export function linkCitations(html: string, sources: readonly ArticleSource[], describe: (source: ArticleSource) => string): string {
  if (sources.length === 0 || typeof document === 'undefined' || !html.includes('[')) return html;
  const known = new Map(sources.map((s) => [s.n, s]));
  const template = document.createElement('template');
  template.innerHTML = html;
  const walker = document.createTreeWalker(template.content, NodeFilter.SHOW_TEXT);
  const texts: Text[] = [];
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    let parent = node.parentElement;
    let skipped = false;
    while (parent) {
      if (SKIP.has(parent.tagName)) {
        skipped = true;
        break;
      }
      parent = parent.parentElement;
    }
    if (!skipped && MARKER.test(node.nodeValue ?? '')) texts.push(node as Text);
    MARKER.lastIndex = 0;
  }
  for (const node of texts) {
    const value = node.nodeValue ?? '';
    const fragment = document.createDocumentFragment();
    let last = 0;
    for (const match of value.matchAll(RUN)) {
      const [whole, space, markers] = match;
      const at = match.index;
      // a run whose numbers are all unknown stays text
      if (!markers.split(/[^\d]+/).some((part) => part && known.has(Number(part)))) continue;
      // the run stays on the line of the word it follows (no-break space), and in one piece
      fragment.append(value.slice(last, at), space ? '\u00a0' : '');
      const group = document.createElement('span');
      group.className = 'cv-cite-group';
      for (const marker of markers.matchAll(MARKER)) {
        group.append('[');
        // the numbers keep their separators; each known one becomes a link
        for (const piece of marker[1].split(/(\d+)/)) {
          const source = /^\d+$/.test(piece) ? known.get(Number(piece)) : undefined;
          if (!source) {
            if (piece) group.append(piece);
            continue;
          }
          const link = document.createElement('a');
          link.href = `#${sourceAnchor(source.n)}`;
          link.className = 'cv-cite';
          link.textContent = String(source.n);
          link.setAttribute('aria-label', describe(source));
          group.append(link);
        }
        group.append(']');
      }
      fragment.append(group);
      last = at + whole.length;
    }
    if (last === 0) continue;
    fragment.append(value.slice(last));
    node.replaceWith(fragment);
  }
  return template.innerHTML;
}
