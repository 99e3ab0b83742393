/** The counts on the page detail's cards: versions, keywords, images, sources the brief's research read (LLM answers are stored on the page). */
import { useQuery } from '@tanstack/react-query';
import { requestCount } from '@citable/shared/data';
import { pageKeys } from './keys';

export interface PageCounts {
  versions: number;
  keywords: number;
  images: number;
  /** the competitor pages research read for the brief (0: no brief yet) */
  briefSources: number;
}

export async function getPageCounts(pageId: number): Promise<PageCounts> {
  const [versions, keywords, images, briefSources] = await Promise.all([
    requestCount((db) => db.from('pages_versions').select('id', { count: 'exact', head: true }).eq('page', pageId)),
    requestCount((db) => db.from('pages_keywords').select('id', { count: 'exact', head: true }).eq('linked_page', pageId)),
    requestCount((db) => db.from('pages_versions_images').select('id', { count: 'exact', head: true }).eq('linked_page', pageId)),
    requestCount((db) => db.from('page_brief_sources').select('n', { count: 'exact', head: true }).eq('page', pageId).eq('status', 'read')),
  ]);
  return { versions, keywords, images, briefSources };
}

export function usePageCounts(pageId: number | null) {
  return useQuery({ queryKey: pageKeys.counts(pageId ?? 0), queryFn: () => getPageCounts(pageId as number), enabled: pageId !== null });
}
