/** Page statuses (docs/data-model.md#calls "statuses": select all), with the fallback of §8. */
import { useQuery } from '@tanstack/react-query';
import type { Status } from '@citable/shared';
import { request } from '@citable/shared/data';
import { queryKeys } from '@citable/shared/query';

export const getStatuses = () => request((db) => db.from('statuses').select('id, name').order('id')) as Promise<Pick<Status, 'id' | 'name'>[]>;

export function useStatuses() {
  return useQuery({ queryKey: queryKeys.statuses.list(), queryFn: getStatuses, staleTime: 10 * 60_000 });
}
