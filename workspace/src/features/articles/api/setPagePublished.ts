/** "Mark as published" (set_page_published): until WordPress publishing sets pages.published_at itself. */
import { useMutation } from '@tanstack/react-query';
import { request } from '@citable/shared/data';
import { queryKeys } from '@citable/shared/query';

export async function setPagePublished(pageId: number, published: boolean) {
  return request((db) => db.rpc('set_page_published', { p_page: pageId, p_published: published }));
}

export function useSetPagePublished() {
  return useMutation({
    mutationFn: ({ pageId, published }: { pageId: number; published: boolean }) => setPagePublished(pageId, published),
    meta: { invalidates: [queryKeys.workQueue.all, queryKeys.pages.lists(), queryKeys.pages.details()] },
  });
}
