import { loadSupabase, type CitableSupabaseClient } from '@citable/shared';
import { toDataError } from '@citable/shared/data';

/** Runs a `{ count: 'exact', head: true }` call and returns its count, or throws a DataError. */
export async function requestCount(
  run: (db: CitableSupabaseClient) => PromiseLike<{ error: unknown; count: number | null; status?: number }>,
): Promise<number> {
  let result: { error: unknown; count: number | null; status?: number };
  try {
    result = await run(await loadSupabase());
  } catch (error) {
    throw toDataError(error);
  }
  if (result.error) throw toDataError(result.error, { status: result.status });
  return result.count ?? 0;
}
