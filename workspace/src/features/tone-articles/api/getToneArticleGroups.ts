/** The groups only (tone articles without a parent), by name: the parent choices of the dialog. */
import { useQuery } from '@tanstack/react-query';
import { request } from '@citable/shared/data';
import { queryKeys } from '@citable/shared/query';

// same columns as the sites form's call under the same key (one cache entry, one shape)
export const getToneArticleGroups = () =>
  request((db) =>
    db.from('tone_articles').select('id, name').is('parent_tone_article', null).order('name', { ascending: true }),
  );

export function useToneArticleGroups(enabled = true) {
  return useQuery({ queryKey: queryKeys.toneArticles.groups(), queryFn: getToneArticleGroups, enabled });
}
