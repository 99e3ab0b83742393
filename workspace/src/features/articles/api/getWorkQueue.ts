/** The "Articles" work list: list_work_queue() (docs/operator-desk.md#where-work-stands), the signed-in user's pages waiting for them. */
import { useQuery } from '@tanstack/react-query';
import { request } from '@citable/shared/data';
import { queryKeys } from '@citable/shared/query';
import { isPublishing } from '../utils/wordpressRow';
import type { WorkItem } from '../utils/workQueue';

/** How often the list asks again while a publication to WordPress is queued or running. */
export const PUBLISHING_POLL_MS = 2000;

/** Every item, oldest first (the server's order). */
export async function getWorkQueue(): Promise<WorkItem[]> {
  const rows = await request((db) => db.rpc('list_work_queue'));
  return (rows ?? []) as WorkItem[];
}

/** Fresh on every visit and on focus; a client's decision shows within the minute while the screen stays open, a publication's progress within seconds. */
export function useWorkQueue() {
  return useQuery({
    queryKey: queryKeys.workQueue.all,
    queryFn: getWorkQueue,
    staleTime: 0,
    refetchOnWindowFocus: true,
    // a publication to WordPress under way: asked again every 2 s until it ends
    refetchInterval: (query) => (query.state.data?.some(isPublishing) ? PUBLISHING_POLL_MS : 60_000),
  });
}
