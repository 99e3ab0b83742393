// the page's one client, through the package (this file belongs to the @citable/shared/data entry)
import { loadSupabase, type CitableSupabaseClient } from '@citable/shared';
import { toDataError, unwrap, type DataOf, type SupabaseResult } from './errors';

/**
 * The fetch layer's one entry: loads the supabase client (downloaded on first use), runs the call and
 * returns its `data`, or throws a DataError — also when supabase-js itself could not be downloaded.
 *
 *   export const getSites = () =>
 *     request((db) => db.from('sites').select('*').order('id', { ascending: false }));
 */
export async function request<R extends SupabaseResult>(
  run: (supabase: CitableSupabaseClient) => PromiseLike<R>,
): Promise<DataOf<R>> {
  let pending: PromiseLike<R>;
  try {
    pending = run(await loadSupabase());
  } catch (error) {
    throw toDataError(error);
  }
  return unwrap(pending);
}

/** The result of a PostgREST call made with `{ count: 'exact' }` (`count` is null when it failed). */
export interface CountedResult extends SupabaseResult {
  count: number | null;
}

/**
 * `request` for a call made with `{ count: 'exact' }`: its rows and the number of rows matching the
 * filters (not only those of a `.range()`), or throws a DataError.
 *
 *   const { data, count } = await requestWithCount((db) =>
 *     db.from('pages').select('id, name', { count: 'exact' }).eq('site', siteId).range(0, 24));
 */
export async function requestWithCount<R extends CountedResult>(
  run: (supabase: CitableSupabaseClient) => PromiseLike<R>,
): Promise<{ data: DataOf<R>; count: number }> {
  // request() loads the client and turns every failure into a DataError; the count is read on the way
  const seen: { count: number | null } = { count: null };
  const data = await request(async (db) => {
    const result = await run(db);
    seen.count = result.count;
    return result;
  });
  return { data, count: seen.count ?? 0 };
}

/**
 * The number of rows matching a call made with `{ count: 'exact', head: true }` (no rows fetched),
 * or throws a DataError.
 *
 *   const versions = await requestCount((db) =>
 *     db.from('pages_versions').select('id', { count: 'exact', head: true }).eq('page', pageId));
 */
export async function requestCount<R extends CountedResult>(run: (supabase: CitableSupabaseClient) => PromiseLike<R>): Promise<number> {
  return (await requestWithCount(run)).count;
}
