/**
 * An article as the lines a reader sees (headings, paragraphs, list items, table rows, quotes), so that
 * "what changed" compares text, not HTML source. Input is sanitized first; output is plain text (the
 * diff shows it as text).
 */
import { sanitizeArticleHtml } from '@citable/shared/article-html';

const BLOCKS_WITH_CHILDREN = new Set(['DIV', 'SECTION', 'ARTICLE', 'MAIN', 'HEADER', 'FOOTER', 'ASIDE', 'UL', 'OL', 'TABLE', 'THEAD', 'TBODY', 'TFOOT', 'FIGURE', 'DL', 'NAV', 'BODY']);

const clean = (text: string | null | undefined) => (text ?? '').replace(/\s+/g, ' ').trim();

function ownText(element: Element): string {
  const copy = element.cloneNode(true) as Element;
  copy.querySelectorAll('ul, ol').forEach((list) => list.remove());
  return clean(copy.textContent);
}

export function articleLines(html: string | null | undefined): string {
  if (!html) return '';
  const doc = new DOMParser().parseFromString(sanitizeArticleHtml(html), 'text/html');
  const lines: string[] = [];
  const push = (line: string, text = line) => {
    if (text.trim()) lines.push(line);
  };
  const walk = (parent: Element, depth: number) => {
    for (const child of Array.from(parent.children)) {
      const tag = child.tagName;
      const heading = /^H([1-6])$/.exec(tag);
      if (heading) push(`${'#'.repeat(Number(heading[1]))} ${clean(child.textContent)}`, clean(child.textContent));
      else if (tag === 'LI') {
        const marker = child.parentElement?.tagName === 'OL' ? `${Array.from(child.parentElement.children).indexOf(child) + 1}.` : '•';
        push(`${'  '.repeat(depth)}${marker} ${ownText(child)}`, ownText(child));
        child.querySelectorAll(':scope > ul, :scope > ol').forEach((list) => walk(list, depth + 1));
      } else if (tag === 'TR') {
        const cells = Array.from(child.children).map((cell) => clean(cell.textContent));
        push(cells.join(' | '), cells.join(''));
      } else if (tag === 'BLOCKQUOTE') push(`> ${clean(child.textContent)}`, clean(child.textContent));
      else if (tag === 'IMG') continue;
      else if (BLOCKS_WITH_CHILDREN.has(tag) && child.children.length > 0) walk(child, depth);
      else push(clean(child.textContent));
    }
  };
  walk(doc.body, 0);
  return lines.join('\n');
}
