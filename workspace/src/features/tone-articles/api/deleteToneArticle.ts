/** Delete one of the user's tone articles (RLS: the owner only); a deleted group's members become groups. */
import { useMutation } from '@tanstack/react-query';
import type { ToneArticle } from '@citable/shared';
import { request } from '@citable/shared/data';
import { queryKeys } from '@citable/shared/query';

export const deleteToneArticle = (id: ToneArticle['id']) =>
  request((db) => db.from('tone_articles').delete().eq('id', id).select('id').single());

export function useDeleteToneArticle() {
  return useMutation({
    mutationFn: deleteToneArticle,
    // sites may name the deleted group as their tone group (set to null by the database)
    meta: { invalidates: [queryKeys.toneArticles.all, queryKeys.sites.all] },
  });
}
