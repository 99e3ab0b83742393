/**
 * Tone article groups: tone_articles without a parent, by name (docs/data-model.md#calls tone_articles) — the
 * tone choices of the site form and the parent choices of the tone article dialog: one query under
 * one cache key (queryKeys.toneArticles.groups()), for both features.
 */
import { useQuery } from '@tanstack/react-query';
import { request } from '@citable/shared/data';
import { queryKeys } from '@citable/shared/query';

export const getToneGroups = () =>
  request((db) =>
    db.from('tone_articles').select('id, name').is('parent_tone_article', null).order('name', { ascending: true }),
  );

export function useToneGroups(enabled = true) {
  return useQuery({ queryKey: queryKeys.toneArticles.groups(), queryFn: getToneGroups, enabled });
}
