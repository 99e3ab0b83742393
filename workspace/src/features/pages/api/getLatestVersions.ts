/** The latest version of each of a list of pages (spec/app.md §7 "latest per list of page ids"). */
import { request } from '@citable/shared/data';
import { latestByPage } from '../utils/versionUrls';

/** Page ids per request (the ids go in the address). */
const CHUNK = 100;

/** Page id → id of its newest version; pages without a version are absent. */
export async function getLatestVersions(pageIds: readonly number[]): Promise<Map<number, string>> {
  const chunks: number[][] = [];
  for (let i = 0; i < pageIds.length; i += CHUNK) chunks.push(pageIds.slice(i, i + CHUNK));
  const parts = await Promise.all(
    chunks.map((ids) =>
      request((db) => db.from('pages_versions').select('id, page').in('page', ids).order('created_date', { ascending: false }).order('id')),
    ),
  );
  return latestByPage(parts.flat());
}
