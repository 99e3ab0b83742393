/**
 * The versions of a page (docs/data-model.md#calls "pages_versions"): the list without the article HTML
 * (a page may hold many 2 MB articles), one version with its HTML, delete by id.
 */
import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import type { PageVersion } from '@citable/shared';
import { DataError, request } from '@citable/shared/data';
import { queryKeys } from '@citable/shared/query';

/** A row of the versions table: everything but html_content. */
export type VersionSummary = Omit<PageVersion, 'html_content'>;

const SUMMARY_COLUMNS =
  'id, page, creator, created_date, comments_to_modify, need_to_do_web_search_for_modification, highlight_modified_content, ' +
  'unhighlight_modified_content, pages_versions_to_take_as_example, sent_in_revision, approved, parent_version, origin, instruction, score';

/** The page's versions, newest first (created_date descending, then id for equal dates). */
export const getVersions = (pageId: number) =>
  request((db) =>
    db.from('pages_versions').select(SUMMARY_COLUMNS).eq('page', pageId).order('created_date', { ascending: false }).order('id', { ascending: false }),
  ) as unknown as Promise<VersionSummary[]>;

/** One version with its HTML; DataError not_found ('Version not found') when missing or of another page. */
export async function getVersion(pageId: number, versionId: string): Promise<PageVersion> {
  const row = await request((db) => db.from('pages_versions').select('*').eq('id', versionId).eq('page', pageId).maybeSingle());
  if (!row) throw new DataError('not_found', 'Version not found');
  return row;
}

export async function deleteVersion(versionId: string): Promise<void> {
  const rows = await request((db) => db.from('pages_versions').delete().eq('id', versionId).select('id'));
  if (rows.length === 0) throw new DataError('not_found', 'Version not found');
}

export function useVersions(pageId: number | null) {
  return useQuery({
    queryKey: queryKeys.pageVersions.list(pageId ?? 0),
    queryFn: () => getVersions(pageId as number),
    enabled: pageId !== null,
  });
}

export function useVersion(pageId: number | null, versionId: string | null) {
  return useQuery({
    queryKey: [...queryKeys.pageVersions.detail(versionId ?? ''), { pageId }],
    queryFn: () => getVersion(pageId as number, versionId as string),
    enabled: pageId !== null && versionId !== null,
    placeholderData: keepPreviousData,
    staleTime: 60_000,
  });
}

export function useDeleteVersion(pageId: number) {
  return useMutation({
    mutationFn: deleteVersion,
    meta: { invalidates: [queryKeys.pageVersions.lists(pageId), queryKeys.pageActions.lists(pageId)] },
  });
}
