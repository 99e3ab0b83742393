/** 'Create new page version': queues a create_article action for the page (docs/product-rules.md#screens, docs/product-rules.md#errors). */
import { useMutation } from '@tanstack/react-query';
import { DataError, request } from '@citable/shared/data';
import { queryKeys } from '@citable/shared/query';

/** Thrown (kind not_found) when the actions table has no create_article row. */
export const CREATE_ACTION_MISSING = "Failed to find the 'create_article' action";

export async function createPageVersion(pageId: number): Promise<number> {
  const action = await request((db) => db.from('actions').select('id').eq('name', 'create_article').maybeSingle());
  if (!action) throw new DataError('not_found', CREATE_ACTION_MISSING);
  const row = await request((db) =>
    db.from('pages_actions').insert({ linked_page: pageId, linked_action: action.id, queued: true }).select('id').single(),
  );
  return row.id;
}

export function useCreatePageVersion(pageId: number) {
  return useMutation({
    mutationFn: () => createPageVersion(pageId),
    meta: { invalidates: [queryKeys.pageActions.lists(pageId)] },
  });
}
