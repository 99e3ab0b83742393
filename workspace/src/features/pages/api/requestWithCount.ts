import { loadSupabase, type CitableSupabaseClient } from '@citable/shared';
import { toDataError } from '@citable/shared/data';

interface CountedResult<T> {
  data: T | null;
  error: unknown;
  count: number | null;
  status?: number;
}

/**
 * Runs a call made with `{ count: 'exact' }` and returns its rows and count (`request` returns the rows
 * only), or throws a DataError.
 */
export async function requestWithCount<T>(
  run: (db: CitableSupabaseClient) => PromiseLike<CountedResult<T>>,
): Promise<{ data: T; count: number }> {
  let result: CountedResult<T>;
  try {
    result = await run(await loadSupabase());
  } catch (error) {
    throw toDataError(error);
  }
  if (result.error) throw toDataError(result.error, { status: result.status });
  return { data: (result.data ?? []) as T, count: result.count ?? 0 };
}
