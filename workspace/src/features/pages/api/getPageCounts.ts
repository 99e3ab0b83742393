/** The counts on the page detail's cards: versions, keywords, images (LLM answers are stored on the page). */
import { useQuery } from '@tanstack/react-query';
import { pageKeys } from './keys';
import { requestWithCount } from './requestWithCount';

export interface PageCounts {
  versions: number;
  keywords: number;
  images: number;
}

export async function getPageCounts(pageId: number): Promise<PageCounts> {
  const [versions, keywords, images] = await Promise.all([
    requestWithCount((db) => db.from('pages_versions').select('id', { count: 'exact', head: true }).eq('page', pageId)),
    requestWithCount((db) => db.from('pages_keywords').select('id', { count: 'exact', head: true }).eq('linked_page', pageId)),
    requestWithCount((db) => db.from('pages_versions_images').select('id', { count: 'exact', head: true }).eq('linked_page', pageId)),
  ]);
  return { versions: versions.count, keywords: keywords.count, images: images.count };
}

export function usePageCounts(pageId: number | null) {
  return useQuery({ queryKey: pageKeys.counts(pageId ?? 0), queryFn: () => getPageCounts(pageId as number), enabled: pageId !== null });
}
