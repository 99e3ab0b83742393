/** The page list's bulk actions (migration 20261201003000, issue 32): one request for the whole selection, ids in the body. */
import { useMutation } from '@tanstack/react-query';
import { request } from '@citable/shared/data';
import { queryKeys } from '@citable/shared/query';

export const setPagesStatus = (siteId: number, pageIds: readonly number[], status: number) =>
  request((db) => db.rpc('set_pages_status', { p_site_id: siteId, p_page_ids: [...pageIds], p_status: status }));

export const deletePages = (siteId: number, pageIds: readonly number[]) =>
  request((db) => db.rpc('delete_pages', { p_site_id: siteId, p_page_ids: [...pageIds] }));

export function useSetPagesStatus(siteId: number) {
  return useMutation({
    mutationFn: ({ pageIds, status }: { pageIds: readonly number[]; status: number }) => setPagesStatus(siteId, pageIds, status),
    meta: { invalidates: [queryKeys.pages.lists(siteId), queryKeys.pages.details(), queryKeys.workQueue.all] },
  });
}

export function useDeletePages(siteId: number) {
  return useMutation({
    mutationFn: (pageIds: readonly number[]) => deletePages(siteId, pageIds),
    meta: { invalidates: [queryKeys.pages.lists(siteId), queryKeys.sites.detail(siteId), queryKeys.sites.lists(), queryKeys.workQueue.all] },
  });
}
