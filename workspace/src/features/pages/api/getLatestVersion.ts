/** The latest version of a page (docs/data-model.md#calls "pages_versions: latest per page"), null when it has none. */
import { useQuery } from '@tanstack/react-query';
import { request } from '@citable/shared/data';
import { pageKeys } from './keys';

export const getLatestVersion = (pageId: number) =>
  request((db) =>
    db.from('pages_versions').select('id, created_date').eq('page', pageId).order('created_date', { ascending: false }).limit(1).maybeSingle(),
  );

export function useLatestVersion(pageId: number | null) {
  return useQuery({ queryKey: pageKeys.latestVersion(pageId ?? 0), queryFn: () => getLatestVersion(pageId as number), enabled: pageId !== null });
}
