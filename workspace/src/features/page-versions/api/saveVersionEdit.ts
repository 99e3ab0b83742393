/** Saving edited HTML: a new version of the page whose parent is the edited one (RPC save_version_edit, origin 'hand_edit'). */
import { useMutation } from '@tanstack/react-query';
import type { PageVersion } from '@citable/shared';
import { request } from '@citable/shared/data';
import { queryKeys } from '@citable/shared/query';

export const saveVersionEdit = (versionId: string, html: string) =>
  request((db) => db.rpc('save_version_edit', { p_version_id: versionId, p_html: html }).single()) as Promise<PageVersion>;

export function useSaveVersionEdit(pageId: number) {
  return useMutation({
    mutationFn: ({ versionId, html }: { versionId: string; html: string }) => saveVersionEdit(versionId, html),
    meta: { invalidates: [queryKeys.pageVersions.lists(pageId), queryKeys.pages.detail(pageId)] },
  });
}
