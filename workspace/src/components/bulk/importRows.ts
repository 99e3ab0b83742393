/**
 * Reading an import (issue 32): a CSV file or a pasted list, parsed with papaparse, into rows with
 * what is wrong with each (bad URL, too long…) and the duplicates inside the file. The database
 * (import_pages / import_keywords with dry_run) then says which rows already exist; mergeOutcome
 * puts both together into the preview.
 */
import Papa from 'papaparse';
import { KEYWORD_MAX_LENGTH } from './limits';
import { NAME_MAX_LENGTH, URL_MAX_LENGTH, isPageUrl, nameFromUrl, pageUrlKey, resolveImportUrl } from './urls';

/** The most rows one import takes (import_pages: 5,000; import_keywords: 1,000). */
export const MAX_PAGE_ROWS = 5000;
export const MAX_KEYWORD_ROWS = 1000;

export type RowProblem = 'noUrl' | 'notHttp' | 'urlTooLong' | 'nameTooLong' | 'noKeyword' | 'keywordTooLong';

/** Where a row stands in the preview. */
export type RowState = 'create' | 'existing' | 'duplicate' | 'invalid' | 'already' | 'unknownPage';

export interface ImportRow {
  /** the row's line in the file or the pasted text (1-based) */
  line: number;
  /** the page's name (pages) or the keyword (keywords) */
  label: string;
  /** the page's URL ('' for the keywords of one page) */
  url: string;
  problem: RowProblem | null;
  /** the line of the earlier row this one repeats */
  duplicateOf: number | null;
}

export interface PreviewRow extends ImportRow {
  state: RowState;
}

export type ImportSource = 'csv' | 'paste';

const fold = (header: string) =>
  header
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]/g, '');

const URL_HEADERS = new Set(['url', 'urls', 'adresse', 'lien', 'link', 'address', 'pageurl', 'urldelapage', 'adressedelapage', 'loc']);
const NAME_HEADERS = new Set(['name', 'nom', 'title', 'titre', 'pagename', 'nomdelapage', 'titredelapage', 'pagetitle']);
const KEYWORD_HEADERS = new Set(['keyword', 'keywords', 'motcle', 'motscles', 'motcles', 'requete', 'query', 'kw']);

const looksLikeUrl = (cell: string) => /^(https?:\/\/|\/[^/])/i.test(cell.trim()) || /^[a-z0-9-]+(\.[a-z0-9-]+)+\//i.test(cell.trim());

interface Table {
  /** non-blank data rows with their 1-based line */
  rows: { line: number; cells: string[] }[];
  urlColumn: number;
  /** the name (pages) or keyword (keywords) column, -1 when there is none */
  otherColumn: number;
}

/**
 * The rows of a CSV file (delimiter detected: comma, semicolon, tab…) or of a pasted text (tab
 * separated, as a spreadsheet copies it; a plain list has one column). A first row naming its
 * columns (url/adresse/lien, name/nom/title/titre, keyword/mot-clé…) is a header.
 */
function readTable(text: string, source: ImportSource, otherHeaders: Set<string>): Table {
  const input = text.replace(/^\uFEFF/, '');
  // the delimiter guessed without the blank lines (they would spoil the guess), then every line
  // read with it, blank ones too, so that each row keeps its line number
  const delimiter =
    source === 'paste' ? '\t' : Papa.parse<string[]>(input, { preview: 50, skipEmptyLines: 'greedy', delimitersToGuess: [',', ';', '\t', '|'] }).meta.delimiter;
  const parsed = Papa.parse<string[]>(input, { skipEmptyLines: false, delimiter });
  const all = parsed.data.map((cells, i) => ({ line: i + 1, cells: cells.map((c) => (c ?? '').trim()) }));
  const rows = all.filter((r) => r.cells.some((c) => c !== ''));
  const first = rows[0];
  if (first) {
    const folded = first.cells.map(fold);
    const urlAt = folded.findIndex((h) => URL_HEADERS.has(h));
    const otherAt = folded.findIndex((h) => otherHeaders.has(h));
    if ((urlAt !== -1 || otherAt !== -1) && !first.cells.some(looksLikeUrl)) {
      return { rows: rows.slice(1), urlColumn: urlAt, otherColumn: otherAt };
    }
    const urlColumn = Math.max(0, first.cells.findIndex(looksLikeUrl));
    const otherColumn = first.cells.findIndex((_, i) => i !== urlColumn);
    return { rows, urlColumn, otherColumn };
  }
  return { rows: [], urlColumn: 0, otherColumn: -1 };
}

function urlProblem(url: string): RowProblem | null {
  if (!url) return 'noUrl';
  if (url.length > URL_MAX_LENGTH) return 'urlTooLong';
  if (!isPageUrl(url)) return 'notHttp';
  return null;
}

/**
 * The pages of an import: the URL (a path gets the site's address), the name from the name/title
 * column or else from the URL; the problem of a row, and the rows repeating an earlier one's
 * normalised URL (pageUrlKey).
 */
export function parsePageImport(text: string, source: ImportSource, siteUrl?: string | null): ImportRow[] {
  const table = readTable(text, source, NAME_HEADERS);
  const seen = new Map<string, number>();
  return table.rows.map(({ line, cells }) => {
    const url = resolveImportUrl(table.urlColumn === -1 ? '' : (cells[table.urlColumn] ?? ''), siteUrl);
    const given = table.otherColumn === -1 ? '' : (cells[table.otherColumn] ?? '').replace(/\s+/g, ' ');
    let problem = urlProblem(url);
    const label = given || (problem ? '' : nameFromUrl(url));
    if (!problem && label.length > NAME_MAX_LENGTH) problem = 'nameTooLong';
    let duplicateOf: number | null = null;
    const key = problem ? null : pageUrlKey(url);
    if (key !== null) {
      duplicateOf = seen.get(key) ?? null;
      if (duplicateOf === null) seen.set(key, line);
    }
    return { line, label, url, problem, duplicateOf };
  });
}

function keywordProblem(keyword: string): RowProblem | null {
  if (!keyword) return 'noKeyword';
  if (keyword.length > KEYWORD_MAX_LENGTH) return 'keywordTooLong';
  return null;
}

/** The keywords of one page, one a line; the same keyword twice (whatever its case) is a duplicate. */
export function parseKeywordList(text: string): ImportRow[] {
  const seen = new Map<string, number>();
  const rows: ImportRow[] = [];
  text.split(/\r\n|\r|\n/).forEach((raw, i) => {
    const keyword = raw.trim().replace(/\s+/g, ' ');
    if (!keyword) return;
    const problem = keywordProblem(keyword);
    let duplicateOf: number | null = null;
    if (!problem) {
      const key = keyword.toLocaleLowerCase();
      duplicateOf = seen.get(key) ?? null;
      if (duplicateOf === null) seen.set(key, i + 1);
    }
    rows.push({ line: i + 1, label: keyword, url: '', problem, duplicateOf });
  });
  return rows;
}

/** Keywords of many pages: a page URL and a keyword a row (CSV, or pasted from a spreadsheet). */
export function parseKeywordImport(text: string, source: ImportSource, siteUrl?: string | null): ImportRow[] {
  const table = readTable(text, source, KEYWORD_HEADERS);
  const seen = new Map<string, number>();
  return table.rows.map(({ line, cells }) => {
    const url = resolveImportUrl(table.urlColumn === -1 ? '' : (cells[table.urlColumn] ?? ''), siteUrl);
    const keyword = (table.otherColumn === -1 ? '' : (cells[table.otherColumn] ?? '')).replace(/\s+/g, ' ');
    const problem = urlProblem(url) ?? keywordProblem(keyword);
    let duplicateOf: number | null = null;
    if (!problem) {
      const key = `${pageUrlKey(url)}\n${keyword.toLocaleLowerCase()}`;
      duplicateOf = seen.get(key) ?? null;
      if (duplicateOf === null) seen.set(key, line);
    }
    return { line, label: keyword, url, problem, duplicateOf };
  });
}

/** The rows the database is asked about: neither wrong nor repeated. */
export const rowsToSend = (rows: readonly ImportRow[]) => rows.filter((r) => r.problem === null && r.duplicateOf === null);

/** The database's answer (import_pages / import_keywords): indexes into the rows it was sent. */
export interface ImportOutcome {
  created: number;
  skipped: number;
  existing?: number[];
  already?: number[];
  unknown_page?: number[];
  duplicates: number[];
  invalid: number[];
}

/** Each row's state: the file's own verdict first, then the database's for the rows it was sent. */
export function mergeOutcome(rows: readonly ImportRow[], outcome: ImportOutcome): PreviewRow[] {
  const sent = rowsToSend(rows);
  const stateOfSent = new Map<ImportRow, RowState>();
  const mark = (indexes: number[] | undefined, state: RowState) => {
    for (const i of indexes ?? []) {
      const row = sent[i];
      if (row) stateOfSent.set(row, state);
    }
  };
  mark(outcome.existing, 'existing');
  mark(outcome.already, 'already');
  mark(outcome.unknown_page, 'unknownPage');
  mark(outcome.duplicates, 'duplicate');
  mark(outcome.invalid, 'invalid');
  return rows.map((row) => {
    if (row.problem) return { ...row, state: 'invalid' };
    if (row.duplicateOf !== null) return { ...row, state: 'duplicate' };
    return { ...row, state: stateOfSent.get(row) ?? 'create' };
  });
}

export interface PreviewCounts {
  create: number;
  /** already there: existing pages, keywords already linked */
  existing: number;
  duplicate: number;
  invalid: number;
  unknownPage: number;
}

export function countStates(rows: readonly PreviewRow[]): PreviewCounts {
  const counts: PreviewCounts = { create: 0, existing: 0, duplicate: 0, invalid: 0, unknownPage: 0 };
  for (const row of rows) {
    if (row.state === 'already') counts.existing += 1;
    else counts[row.state] += 1;
  }
  return counts;
}
