/**
 * "Send to client" (docs/operator-desk.md): the site's client (who receives the review link, in which
 * language), the sends of a page's versions (version_sends, newest first) and the send itself (RPC
 * send_version_to_client: recorded as queued, mailed by the worker, then sent or failed).
 */
import { useMutation, useQuery } from '@tanstack/react-query';
import type { FunctionReturns, Tables } from '@citable/shared';
import { DataError, request } from '@citable/shared/data';
import { queryKeys } from '@citable/shared/query';

export type VersionSend = Pick<
  Tables<'version_sends'>,
  'id' | 'version' | 'page' | 'to_email' | 'to_name' | 'language' | 'status' | 'error' | 'created_at' | 'sent_at'
>;
export type VersionSendResult = FunctionReturns<'send_version_to_client'>;

/** The site's client and the language its mails are written in ('en' for an English site, else French). */
export interface SiteClient {
  name: string | null;
  email: string | null;
  language: 'fr' | 'en';
}

/** How many sends the panel lists (the newest). */
export const SENDS_SHOWN = 20;
/** While a send is queued, the panel asks again this often (ms). */
export const SENDS_POLL_MS = 2000;

/** Cache keys, under the versions' prefix (deleting a version invalidates them too). */
export const sendKeys = {
  all: () => [...queryKeys.pageVersions.all, 'sends'] as const,
  list: (pageId: number) => [...sendKeys.all(), { pageId }] as const,
  client: (siteId: number) => [...queryKeys.sites.detail(siteId), 'client'] as const,
};

const SEND_COLUMNS = 'id, version, page, to_email, to_name, language, status, error, created_at, sent_at';

export const getVersionSends = (pageId: number) =>
  request((db) =>
    db.from('version_sends').select(SEND_COLUMNS).eq('page', pageId).order('created_at', { ascending: false }).order('id', { ascending: false }).limit(SENDS_SHOWN),
  ) as unknown as Promise<VersionSend[]>;

export async function getSiteClient(siteId: number): Promise<SiteClient> {
  const row = (await request((db) =>
    db.from('sites').select('client_name, client_email, location_languages(language_code)').eq('id', siteId).maybeSingle(),
  )) as { client_name: string | null; client_email: string | null; location_languages: { language_code: string | null } | null } | null;
  if (!row) throw new DataError('not_found', 'Site not found');
  return { name: row.client_name, email: row.client_email, language: row.location_languages?.language_code === 'en' ? 'en' : 'fr' };
}

export function sendVersionToClient(input: { versionId: string; email: string; name: string }): Promise<VersionSendResult> {
  return request((db) =>
    db.rpc('send_version_to_client', { p_version_id: input.versionId, p_email: input.email.trim(), p_name: input.name.trim() || null }),
  ) as Promise<VersionSendResult>;
}

/** The page's sends, newest first; asked again every SENDS_POLL_MS while one of them is queued. */
export function useVersionSends(pageId: number | null) {
  return useQuery({
    queryKey: sendKeys.list(pageId ?? 0),
    queryFn: () => getVersionSends(pageId as number),
    enabled: pageId !== null,
    refetchInterval: (query) => (query.state.data?.some((s) => s.status === 'queued') ? SENDS_POLL_MS : false),
  });
}

export function useSiteClient(siteId: number | null, enabled = true) {
  return useQuery({
    queryKey: sendKeys.client(siteId ?? 0),
    queryFn: () => getSiteClient(siteId as number),
    enabled: siteId !== null && enabled,
  });
}

export function useSendVersionToClient(pageId: number, siteId: number) {
  return useMutation({
    mutationFn: sendVersionToClient,
    // the address may have become the site's client
    meta: { invalidates: [sendKeys.list(pageId), queryKeys.sites.detail(siteId), queryKeys.sites.lists()] },
  });
}
