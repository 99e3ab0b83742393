/** Update one of the user's tone articles (RLS: the owner only). */
import { useMutation } from '@tanstack/react-query';
import type { ToneArticle, ToneArticleUpdate } from '@citable/shared';
import { request } from '@citable/shared/data';
import { queryKeys } from '@citable/shared/query';

export interface UpdateToneArticleInput {
  id: ToneArticle['id'];
  values: Pick<ToneArticleUpdate, 'name' | 'parent_tone_article' | 'content'>;
}

export const updateToneArticle = ({ id, values }: UpdateToneArticleInput) =>
  request((db) => db.from('tone_articles').update(values).eq('id', id).select('id').single());

export function useUpdateToneArticle() {
  return useMutation({ mutationFn: updateToneArticle, meta: { invalidates: [queryKeys.toneArticles.all] } });
}
