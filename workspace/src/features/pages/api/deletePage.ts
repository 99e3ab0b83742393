/** Deletes a page (docs/data-model.md#calls "pages: delete by id"); its versions, keywords links, answers, images and actions go with it. */
import { useMutation } from '@tanstack/react-query';
import { DataError, request } from '@citable/shared/data';
import { queryKeys } from '@citable/shared/query';

export async function deletePage(siteId: number, pageId: number): Promise<void> {
  const rows = await request((db) => db.from('pages').delete().eq('id', pageId).eq('site', siteId).select('id'));
  if (rows.length === 0) throw new DataError('not_found', 'Page not found');
}

export function useDeletePage(siteId: number) {
  return useMutation({
    mutationFn: (pageId: number) => deletePage(siteId, pageId),
    meta: { invalidates: [queryKeys.pages.lists(siteId), queryKeys.sites.detail(siteId), queryKeys.sites.lists()] },
  });
}
