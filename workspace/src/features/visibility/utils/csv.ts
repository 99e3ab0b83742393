/**
 * The answers' CSV (issue 33): one line per visibility answer, as RFC 4180 says (CRLF line ends,
 * fields with the delimiter, a quote or a line break quoted, quotes doubled: papaparse's unparse),
 * UTF-8 with a byte-order mark so that Excel reads the accents.
 *
 * French and decimals: Excel set to French reads ',' as the decimal separator and ';' as the list
 * separator, so the French file is delimited by ';' and the English one by ','. No column holds a
 * decimal number: cited and mentioned are 1 or 0 (a column's average is the rate, in either
 * language), dates are ISO 8601 in UTC (2026-10-06 14:05), which both Excels read as dates.
 * A text starting with = + - @ (a prompt, a domain) is written with a leading apostrophe
 * (papaparse's escapeFormulae), so that a spreadsheet never runs it as a formula.
 */
import Papa from 'papaparse';
import type { ExportRow } from '../api/report';

export type CsvLanguage = 'fr' | 'en';

export const CSV_HEADERS: Record<CsvLanguage, readonly string[]> = {
  fr: ['date', 'moteur', 'page', 'question', 'formulation', 'version', 'cité', 'marque nommée', 'domaines cités'],
  en: ['date', 'engine', 'page', 'prompt', 'phrasing', 'version', 'cited', 'mentioned', 'cited domains'],
};

export const csvDelimiter = (lang: CsvLanguage) => (lang === 'fr' ? ';' : ',');

/** 2026-10-06T14:05:09.123Z → 2026-10-06 14:05 (UTC) */
export function csvDateTime(iso: string): string {
  const d = new Date(iso);
  return Number.isNaN(d.getTime()) ? '' : d.toISOString().slice(0, 16).replace('T', ' ');
}

/** 2026-10-06T14:05:09Z → 2026-10-06 (UTC); '' when there is none */
export const csvDate = (iso: string | null) => (iso ? csvDateTime(iso).slice(0, 10) : '');

export function answersCsv(rows: readonly ExportRow[], lang: CsvLanguage): string {
  const data = rows.map((r) => [
    csvDateTime(r.created_at),
    r.engine ?? '',
    r.page,
    r.prompt ?? '',
    r.phrasing ?? '',
    csvDate(r.version_created),
    r.cited ? '1' : '0',
    r.mentioned ? '1' : '0',
    r.cited_domains.join(' '),
  ]);
  const body = Papa.unparse({ fields: [...CSV_HEADERS[lang]], data }, { delimiter: csvDelimiter(lang), newline: '\r\n', escapeFormulae: true });
  // every record ends with CRLF (papaparse ends a header-only file with one already)
  return `\uFEFF${body.endsWith('\r\n') ? body : `${body}\r\n`}`;
}

/** visibilite-ia-<slug>-2026-10-06.csv / ai-visibility-<slug>-2026-10-06.csv */
export function csvFileName(name: string, lang: CsvLanguage, today = new Date()): string {
  const slug =
    name
      .normalize('NFD')
      .replace(/[\u0300-\u036f]/g, '')
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-+|-+$/g, '')
      .slice(0, 60) || 'page';
  return `${lang === 'fr' ? 'visibilite-ia' : 'ai-visibility'}-${slug}-${today.toISOString().slice(0, 10)}.csv`;
}
