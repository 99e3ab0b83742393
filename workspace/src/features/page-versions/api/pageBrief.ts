/**
 * The page's brief (page_briefs.brief, docs/article-engine.md), which the versions screen scores
 * the HTML against while it is edited. null when the page has no brief yet.
 */
import { useQuery } from '@tanstack/react-query';
import type { Brief } from '@citable/shared/engine';
import { request } from '@citable/shared/data';
import { queryKeys } from '@citable/shared/query';
import { usableBrief } from '../utils/score';

/** Under the page's detail key: whatever refreshes the page (its brief screen, a research run) reaches it. */
export const pageBriefKey = (pageId: number) => [...queryKeys.pages.detail(pageId), 'brief'] as const;

export async function getPageBrief(pageId: number): Promise<Brief | null> {
  const row = await request((db) => db.from('page_briefs').select('brief').eq('page', pageId).maybeSingle());
  return row ? usableBrief(row.brief) : null;
}

export function usePageBrief(pageId: number | null) {
  return useQuery({
    queryKey: pageBriefKey(pageId ?? 0),
    queryFn: () => getPageBrief(pageId as number),
    enabled: pageId !== null,
    staleTime: 30_000,
  });
}
