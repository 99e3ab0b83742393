/** The latest version of each of a list of pages (docs/data-model.md#calls "latest per list of page ids"). */
import { request } from '@citable/shared/data';
import { latestByPage } from '../utils/versionUrls';

/**
 * Page ids per call. latest_versions_for_pages answers one row per page, so a call stays under
 * PostgREST's max-rows (1000) whatever the number of versions; the ids go in the POST body.
 */
const CHUNK = 500;

/** Page id → id of its newest version; pages without a version are absent. */
export async function getLatestVersions(pageIds: readonly number[]): Promise<Map<number, string>> {
  const chunks: number[][] = [];
  for (let i = 0; i < pageIds.length; i += CHUNK) chunks.push(pageIds.slice(i, i + CHUNK));
  const parts = await Promise.all(chunks.map((ids) => request((db) => db.rpc('latest_versions_for_pages', { p_page_ids: ids }))));
  return latestByPage(parts.flat());
}
