/**
 * Batch article creation (docs/product-rules.md#states, docs/data-model.md#calls "pages_actions: batch insert for several pages"): one
 * create_article action per page in one request, the first with queued null, the others queued true.
 */
import { useMutation } from '@tanstack/react-query';
import { DataError, request } from '@citable/shared/data';
import { queryKeys } from '@citable/shared/query';

/** The id of an action by name (docs/data-model.md#calls "actions: select id by name"); 'Action "{name}" not found' when missing. */
export async function getActionId(name: string): Promise<number> {
  const row = await request((db) => db.from('actions').select('id').eq('name', name).maybeSingle());
  if (!row) throw new DataError('not_found', `Action "${name}" not found`);
  return row.id;
}

/** The rows of the batch, in the order of the pages. */
export function articleActionRows(pageIds: readonly number[], actionId: number) {
  return pageIds.map((pageId, i) => ({ linked_page: pageId, linked_action: actionId, queued: i === 0 ? null : true }));
}

export async function createArticleActions(pageIds: readonly number[]): Promise<number> {
  if (pageIds.length === 0) throw new DataError('invalid', 'No page IDs provided');
  const actionId = await getActionId('create_article');
  const rows = await request((db) => db.from('pages_actions').insert(articleActionRows(pageIds, actionId)).select('id'));
  return rows.length;
}

export function useCreateArticleActions() {
  return useMutation({
    mutationFn: (pageIds: readonly number[]) => createArticleActions(pageIds),
    meta: { invalidates: [queryKeys.pageActions.all] },
  });
}
