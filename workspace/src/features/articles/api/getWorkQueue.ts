/** The "Articles" work list: list_work_queue() (docs/operator-desk.md#where-work-stands), the signed-in user's pages waiting for them. */
import { useQuery } from '@tanstack/react-query';
import { request } from '@citable/shared/data';
import { queryKeys } from '@citable/shared/query';
import type { WorkItem } from '../utils/workQueue';

/** Every item, oldest first (the server's order). */
export async function getWorkQueue(): Promise<WorkItem[]> {
  const rows = await request((db) => db.rpc('list_work_queue'));
  return (rows ?? []) as WorkItem[];
}

/** Fresh on every visit and on focus; a client's decision shows within the minute while the screen stays open. */
export function useWorkQueue() {
  return useQuery({
    queryKey: queryKeys.workQueue.all,
    queryFn: getWorkQueue,
    staleTime: 0,
    refetchOnWindowFocus: true,
    refetchInterval: 60_000,
  });
}
