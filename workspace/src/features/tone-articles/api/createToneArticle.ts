/** Insert {name, parent_tone_article, content} (docs/data-model.md#calls); the owner defaults to the caller. */
import { useMutation } from '@tanstack/react-query';
import type { ToneArticleInsert } from '@citable/shared';
import { request } from '@citable/shared/data';
import { queryKeys } from '@citable/shared/query';

export type CreateToneArticleInput = Pick<ToneArticleInsert, 'name' | 'parent_tone_article' | 'content'>;

export const createToneArticle = (input: CreateToneArticleInput) =>
  request((db) =>
    db
      .from('tone_articles')
      .insert({ name: input.name, parent_tone_article: input.parent_tone_article ?? null, content: input.content ?? null })
      .select('id')
      .single(),
  );

export function useCreateToneArticle() {
  return useMutation({ mutationFn: createToneArticle, meta: { invalidates: [queryKeys.toneArticles.all] } });
}
