/**
 * The WordPress calls of the workspace (issue 31, migration 20261130000600_wordpress.sql): the
 * worker's public key, the site's connection (read, save, delete), the page's WordPress columns, its
 * latest approved version, and queueing publish_wordpress. Refusals come back as DataError with the
 * database's hint (connection.ts refusalKey).
 */
import { useMutation, useQuery, type QueryKey } from '@tanstack/react-query';
import { DataError, request } from '@citable/shared/data';
import { queryKeys } from '@citable/shared/query';
import { getActionId } from '../queueSearchAction';
import { isTesting, type PageWordPress, type WordPressConnection } from './connection';
import type { WordPressPublicKey } from './seal';

/** The action publish_wordpress (id 8 in the migration; looked up by name as the other actions are). */
export const PUBLISH_ACTION = 'publish_wordpress';
/** How often the form asks whether the worker has tested the connection. */
export const TEST_POLL_MS = 1000;

export const wordpressKeys = {
  all: ['wordpress'] as const,
  publicKey: () => [...wordpressKeys.all, 'publicKey'] as const,
  connection: (siteId: number) => [...wordpressKeys.all, 'connection', siteId] as const,
  /** under the page's detail key: what invalidates the page (an action settling) refreshes it */
  page: (pageId: number): QueryKey => [...queryKeys.pages.detail(pageId), 'wordpress'],
  approved: (pageId: number): QueryKey => [...queryKeys.pageVersions.lists(pageId), 'latestApproved'],
};

export async function getPublicKey(): Promise<WordPressPublicKey | null> {
  const key = await request((db) => db.rpc('get_wordpress_public_key'));
  return (key as WordPressPublicKey | null) ?? null;
}

export async function getConnection(siteId: number): Promise<WordPressConnection | null> {
  const connection = await request((db) => db.rpc('get_wordpress_connection', { p_site: siteId }));
  return (connection as unknown as WordPressConnection | null) ?? null;
}

export interface SaveConnectionInput {
  siteId: number;
  url: string;
  username: string;
  /** sealed with the public key; null keeps (and tests again) the stored password */
  passwordSealed: string | null;
  kid: string | null;
  plainHttpConfirmed: boolean;
  autoPublish: boolean;
}

export const saveConnection = (input: SaveConnectionInput) =>
  request((db) =>
    db.rpc('save_wordpress_connection', {
      p_site: input.siteId,
      p_url: input.url.trim(),
      p_username: input.username.trim(),
      p_password_sealed: input.passwordSealed,
      p_kid: input.passwordSealed ? input.kid : null,
      p_plain_http_confirmed: input.plainHttpConfirmed,
      p_auto_publish: input.autoPublish,
    }),
  );

export const deleteConnection = (siteId: number) => request((db) => db.rpc('delete_wordpress_connection', { p_site: siteId }));

const PAGE_COLUMNS = 'id, wordpress_post_id, wordpress_link, wordpress_status, wordpress_published_at, wordpress_version';

export async function getPageWordPress(pageId: number): Promise<PageWordPress> {
  const row = await request((db) => db.from('pages').select(PAGE_COLUMNS).eq('id', pageId).maybeSingle());
  if (!row) throw new DataError('not_found', 'Page not found');
  return row as PageWordPress;
}

export interface ApprovedVersion {
  id: string;
  created_date: string;
  approved: boolean;
}

/** The page's latest approved version, or null. */
export async function getLatestApproved(pageId: number): Promise<ApprovedVersion | null> {
  const rows = await request((db) =>
    db
      .from('pages_versions')
      .select('id, created_date, approved')
      .eq('page', pageId)
      .eq('approved', true)
      .order('created_date', { ascending: false })
      .order('id', { ascending: false })
      .limit(1),
  );
  return (rows[0] as ApprovedVersion | undefined) ?? null;
}

export interface PublishInput {
  pageId: number;
  versionId: string;
  /** the post was deleted in WordPress: make a new one */
  republish: boolean;
}

/** A publish_wordpress row for the version; the database refuses with not_approved or no_wordpress_connection. */
export async function queuePublish({ pageId, versionId, republish }: PublishInput): Promise<number> {
  const actionId = await getActionId(PUBLISH_ACTION);
  if (actionId === null) throw new DataError('not_found', 'The publish_wordpress action is missing (migration 20261130000600 not applied)');
  const row = await request((db) =>
    db
      .from('pages_actions')
      .insert({ linked_page: pageId, linked_action: actionId, linked_pages_version: versionId, info_json: republish ? { republish: true } : {} })
      .select('id')
      .single(),
  );
  return row.id;
}

// ------------------------------------------------------------------ hooks -----

export function usePublicKey(enabled = true) {
  return useQuery({ queryKey: wordpressKeys.publicKey(), queryFn: getPublicKey, enabled, staleTime: 5 * 60_000 });
}

/** The site's connection, polled while the worker tests it. */
export function useConnection(siteId: number | null) {
  return useQuery({
    queryKey: wordpressKeys.connection(siteId ?? 0),
    queryFn: () => getConnection(siteId as number),
    enabled: siteId !== null,
    refetchInterval: (query) => (isTesting(query.state.data) ? TEST_POLL_MS : false),
  });
}

export function useSaveConnection(siteId: number) {
  return useMutation({ mutationFn: saveConnection, meta: { invalidates: [wordpressKeys.connection(siteId)] } });
}

export function useDeleteConnection(siteId: number) {
  return useMutation({ mutationFn: () => deleteConnection(siteId), meta: { invalidates: [wordpressKeys.connection(siteId)] } });
}

export function usePageWordPress(pageId: number | null) {
  return useQuery({ queryKey: wordpressKeys.page(pageId ?? 0), queryFn: () => getPageWordPress(pageId as number), enabled: pageId !== null });
}

export function useLatestApproved(pageId: number | null) {
  return useQuery({ queryKey: wordpressKeys.approved(pageId ?? 0), queryFn: () => getLatestApproved(pageId as number), enabled: pageId !== null });
}

/** Queues publish_wordpress (the publish panels and the Articles screen); the page's actions and the work list refresh. */
export function usePublish(pageId: number) {
  return useMutation({ mutationFn: queuePublish, meta: { invalidates: [queryKeys.pageActions.lists(pageId), queryKeys.workQueue.all] } });
}
