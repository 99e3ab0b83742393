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
