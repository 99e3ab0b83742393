/**
 * Share of voice, the answers' export and the client's report link (migration 20261202002100):
 * visibility_share_of_voice (per engine, each cited domain's share of the citations),
 * visibility_answers_export (one row per answer, read 1,000 at a time: PostgREST's page size), and
 * the site's live row of visibility_report_links (created and revoked by the owner).
 */
import { useMutation, useQuery } from '@tanstack/react-query';
import type { FunctionReturns } from '@citable/shared';
import { request } from '@citable/shared/data';
import { visibilityKeys } from './keys';

export type ShareRow = FunctionReturns<'visibility_share_of_voice'>[number];
export type ExportRow = FunctionReturns<'visibility_answers_export'>[number];

export function useShareOfVoice(siteId: number, pageId: number | null) {
  return useQuery({
    queryKey: visibilityKeys.shareOfVoice(siteId, pageId),
    queryFn: async () => ((await request((db) => db.rpc('visibility_share_of_voice', { p_site: siteId, p_page: pageId }))) ?? []) as ShareRow[],
  });
}

/** PostgREST answers at most this many rows a request (supabase-local/src/postgrest.js PGRST_DB_MAX_ROWS). */
export const EXPORT_PAGE = 1000;

/** Every visibility answer of the page (or the site, pageId null), oldest first. */
export async function fetchExportRows(siteId: number, pageId: number | null, pageSize = EXPORT_PAGE): Promise<ExportRow[]> {
  const rows: ExportRow[] = [];
  for (;;) {
    const from = rows.length;
    const chunk = ((await request((db) =>
      db.rpc('visibility_answers_export', { p_site: siteId, p_page: pageId }).range(from, from + pageSize - 1),
    )) ?? []) as ExportRow[];
    rows.push(...chunk);
    if (chunk.length < pageSize) return rows;
  }
}

export interface ReportLink {
  id: number;
  token: string;
  weeks: number;
  created_at: string;
}

/** The site's live report link, or null. */
export function useReportLink(siteId: number) {
  return useQuery({
    queryKey: visibilityKeys.reportLink(siteId),
    queryFn: async () =>
      ((await request((db) =>
        db.from('visibility_report_links').select('id, token, weeks, created_at').eq('site', siteId).is('revoked_at', null).maybeSingle(),
      )) ?? null) as ReportLink | null,
  });
}

export function useCreateReportLink(siteId: number) {
  return useMutation({
    mutationFn: (weeks: number) =>
      request((db) => db.from('visibility_report_links').insert({ site: siteId, weeks }).select('id, token, weeks, created_at').single()) as Promise<ReportLink>,
    meta: { invalidates: [visibilityKeys.reportLink(siteId)] },
  });
}

export function useRevokeReportLink(siteId: number) {
  return useMutation({
    mutationFn: (id: number) =>
      request((db) => db.from('visibility_report_links').update({ revoked_at: new Date().toISOString() }).eq('id', id).select('id').single()),
    meta: { invalidates: [visibilityKeys.reportLink(siteId)] },
  });
}

/** The public address of a report link: the reviewer's /view/report/:token, on this origin. */
export const reportUrl = (token: string, origin = window.location.origin) => `${origin}/view/report/${token}`;
