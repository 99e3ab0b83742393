/**
 * The bulk calls (migration 20261201003000, issue 32): one request per import, with dry_run for
 * the preview; the content export read page by page (by id).
 */
import { useMutation } from '@tanstack/react-query';
import { request } from '@citable/shared/data';
import { queryKeys } from '@citable/shared/query';
import type { ExportedArticle } from './exportZip';
import { rowsToSend, type ImportOutcome, type ImportRow } from './importRows';

/** import_pages: the rows without a problem nor an earlier twin, as {name, url}. */
export async function importPages(siteId: number, rows: readonly ImportRow[], dryRun: boolean, status: number | null): Promise<ImportOutcome> {
  const payload = rowsToSend(rows).map((r) => ({ name: r.label, url: r.url }));
  return request((db) => db.rpc('import_pages', { p_site_id: siteId, p_rows: payload, p_dry_run: dryRun, p_status: status }));
}

/** import_keywords: for one page (pageId) or by each row's page URL. */
export async function importKeywords(siteId: number, rows: readonly ImportRow[], dryRun: boolean, pageId: number | null): Promise<ImportOutcome> {
  const payload = rowsToSend(rows).map((r) => (pageId !== null ? { page: pageId, keyword: r.label } : { url: r.url, keyword: r.label }));
  return request((db) => db.rpc('import_keywords', { p_site_id: siteId, p_rows: payload, p_dry_run: dryRun }));
}

export function useImportPages(siteId: number) {
  return useMutation({
    mutationFn: ({ rows, dryRun, status }: { rows: readonly ImportRow[]; dryRun: boolean; status: number | null }) => importPages(siteId, rows, dryRun, status),
    meta: { invalidates: [queryKeys.pages.lists(siteId), queryKeys.sites.detail(siteId), queryKeys.sites.lists(), queryKeys.workQueue.all] },
  });
}

export function useImportKeywords(siteId: number, pageId: number | null) {
  return useMutation({
    mutationFn: ({ rows, dryRun }: { rows: readonly ImportRow[]; dryRun: boolean }) => importKeywords(siteId, rows, dryRun, pageId),
    meta: { invalidates: [queryKeys.keywords.all, queryKeys.pages.all] },
  });
}

/** Pages per export_site_articles call (the HTML of 100 articles is a few MB at most). */
const EXPORT_CHUNK = 100;

/** Every page of the site with its exported article, in id order. */
export async function getExportArticles(siteId: number): Promise<ExportedArticle[]> {
  const all: ExportedArticle[] = [];
  let after = 0;
  for (;;) {
    const rows = await request((db) => db.rpc('export_site_articles', { p_site_id: siteId, p_after: after, p_limit: EXPORT_CHUNK }));
    all.push(...rows);
    if (rows.length < EXPORT_CHUNK) return all;
    after = rows[rows.length - 1]?.page_id ?? after;
  }
}
