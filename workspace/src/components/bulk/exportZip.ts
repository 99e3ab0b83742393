/**
 * The content export of a site (issue 32): each page's approved (else latest) article as an HTML
 * file and a Markdown file (turndown), and index.csv (page, URL, version, date, state), zipped in
 * the browser with fflate.
 */
import { strToU8, zipSync, type Zippable } from 'fflate';
import Papa from 'papaparse';
import TurndownService from 'turndown';

export interface ExportedArticle {
  page_id: number;
  page_name: string;
  page_url: string;
  version_id: string | null;
  version_date: string | null;
  state: 'none' | 'draft' | 'revision' | 'approved';
  html: string | null;
}

/** The columns of index.csv, in order. */
export const INDEX_COLUMNS = ['page', 'url', 'version', 'date', 'state', 'html_file', 'markdown_file'] as const;

/** A file name from a page name: lowercase ASCII words joined by dashes, at most 60 characters. */
export function slugOf(name: string): string {
  const slug = name
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60)
    .replace(/-+$/, '');
  return slug || 'page';
}

const escapeHtml = (text: string) => text.replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c] as string);

/** A standalone HTML document around the article's HTML. */
export function htmlDocument(article: ExportedArticle, lang: string): string {
  return `<!doctype html>
<html lang="${escapeHtml(lang)}">
<head>
<meta charset="utf-8">
<title>${escapeHtml(article.page_name)}</title>
<link rel="canonical" href="${escapeHtml(article.page_url)}">
</head>
<body>
${article.html ?? ''}
</body>
</html>
`;
}

let turndown: TurndownService | null = null;
/** Markdown of an article's HTML (ATX headings, fenced code, dash bullets). */
export function markdownOf(html: string): string {
  turndown ??= new TurndownService({ headingStyle: 'atx', codeBlockStyle: 'fenced', bulletListMarker: '-' });
  return `${turndown.turndown(html).trim()}\n`;
}

export interface ExportFiles {
  /** file path in the zip → contents */
  files: Record<string, string>;
  /** pages with an article */
  articles: number;
  /** pages without one (listed in index.csv only) */
  withoutArticle: number;
}

/** The files of the export, index.csv first. */
export function exportFiles(articles: readonly ExportedArticle[], lang: string): ExportFiles {
  const files: Record<string, string> = {};
  const index: string[][] = [];
  let count = 0;
  for (const article of articles) {
    let htmlFile = '';
    let markdownFile = '';
    if (article.version_id && article.html !== null) {
      const base = `${slugOf(article.page_name)}-${article.page_id}`;
      htmlFile = `html/${base}.html`;
      markdownFile = `markdown/${base}.md`;
      files[htmlFile] = htmlDocument(article, lang);
      files[markdownFile] = `# ${article.page_name}\n\n${markdownOf(article.html)}`;
      count += 1;
    }
    index.push([article.page_name, article.page_url, article.version_id ?? '', article.version_date ?? '', article.state, htmlFile, markdownFile]);
  }
  // a BOM so that spreadsheet programs read the accents as UTF-8
  const csv = `\uFEFF${Papa.unparse({ fields: [...INDEX_COLUMNS], data: index }, { newline: '\r\n' })}\r\n`;
  return { files: { 'index.csv': csv, ...files }, articles: count, withoutArticle: articles.length - count };
}

/** The zip of the files (deflated, dated now). */
export function zipFiles(files: Record<string, string>): Uint8Array {
  const entries: Zippable = {};
  for (const [name, text] of Object.entries(files)) entries[name] = strToU8(text);
  return zipSync(entries, { level: 6 });
}

/** The zip's file name: citable-<site>-<yyyy-mm-dd>.zip */
export const exportFileName = (siteName: string, date = new Date()) => `citable-${slugOf(siteName)}-${date.toISOString().slice(0, 10)}.zip`;
