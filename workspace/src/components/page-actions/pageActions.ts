/** The latest actions queued on a page (pages_actions with the action's name), for PageActionsList. */
import { useQuery, type QueryKey } from '@tanstack/react-query';
import type { PageAction } from '@citable/shared';
import { request } from '@citable/shared/data';
import { queryKeys } from '@citable/shared/query';

export type PageActionState = PageAction['status'];

/** What the list shows of one pages_actions row (the worker's status columns and the action's name). */
export type PageActionRow = Pick<
  PageAction,
    | 'id'
  | 'linked_page'
  | 'status'
  | 'attempts'
  | 'last_error'
  | 'updated_at'
  | 'created_date'
  | 'queued'
  | 'info2'
  | 'cost_usd'
  | 'duration_ms'
  | 'warnings'
  | 'stages'
> & { actions: { name: string } | null };

export interface LatestPageActionsParams {
  /** only these actions (names of the actions table: create_article, serps…); all when absent or empty */
  actionNames?: readonly string[];
  /** at most this many rows, newest first (default 10) */
  limit?: number;
}

export const ACTIVE_STATES: readonly string[] = ['queued', 'running'];
export const isActive = (row: Pick<PageActionRow, 'status'>) => ACTIVE_STATES.includes(row.status);

/**
 * The key: under queryKeys.pageActions.lists(pageId), so invalidating that prefix (or
 * queryKeys.pageActions.all) after queueing an action refreshes every list of the page.
 */
export const latestPageActionsKey = (pageId: number, { actionNames = [], limit = 10 }: LatestPageActionsParams = {}): QueryKey => [
  ...queryKeys.pageActions.lists(pageId),
  'latest',
  { actionNames: [...actionNames].sort(), limit },
];

/** A page's latest actions, newest first (created_date, then id), optionally only some actions. */
export function getLatestPageActions(pageId: number, { actionNames = [], limit = 10 }: LatestPageActionsParams = {}) {
  return request((db) => {
    const columns = 'id, linked_page, status, attempts, last_error, updated_at, created_date, queued, info2, cost_usd, duration_ms, warnings, stages';
    const query =
      actionNames.length > 0
        ? db.from('pages_actions').select(`${columns}, actions!inner(name)`).in('actions.name', [...actionNames])
        : db.from('pages_actions').select(`${columns}, actions(name)`);
    return query
      .eq('linked_page', pageId)
      .order('created_date', { ascending: false })
      .order('id', { ascending: false })
      .limit(limit);
  }) as Promise<PageActionRow[]>;
}

export function useLatestPageActions(
  pageId: number | null,
  params: LatestPageActionsParams & { pollWhileActive?: boolean; pollIntervalMs?: number } = {},
) {
  const { pollWhileActive = true, pollIntervalMs = 3000, ...listParams } = params;
  return useQuery({
    queryKey: latestPageActionsKey(pageId ?? 0, listParams),
    queryFn: () => getLatestPageActions(pageId as number, listParams),
    enabled: pageId !== null,
    refetchInterval: (query) => (pollWhileActive && query.state.data?.some(isActive) ? pollIntervalMs : false),
  });
}
