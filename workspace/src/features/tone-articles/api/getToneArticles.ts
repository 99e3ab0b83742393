/** Every tone article the user can see, with its parent's name (docs/data-model.md#calls tone_articles). */
import { useQuery } from '@tanstack/react-query';
import { request } from '@citable/shared/data';
import { queryKeys } from '@citable/shared/query';

export const TONE_ARTICLE_COLUMNS =
  'id, name, content, parent_tone_article, owner, is_shared, parent:parent_tone_article(name)' as const;

export const getToneArticles = () =>
  request((db) => db.from('tone_articles').select(TONE_ARTICLE_COLUMNS).order('name', { ascending: true }));

export type ToneArticleRow = Awaited<ReturnType<typeof getToneArticles>>[number];

export function useToneArticles() {
  return useQuery({ queryKey: queryKeys.toneArticles.list(), queryFn: getToneArticles });
}
