// The sanitize_version job (issue 27, #13; split from runner.ts): HTML an end user wrote
// (save_version_edit, PostgREST) is rewritten with sanitize.ts's rules and marked html_sanitized
// (migration 20261128000400), then its checks are computed again.
import { workerTx } from '../db.js';
import { recheckVersion } from '../engine/checks.js';
import type { SanitizeVersionPayload } from '../payloads.js';
import type { TaskContext } from '../runner.js';
import { sanitizeArticleHtml } from '../sanitize.js';

/**
 * sanitize_version: the version's HTML with sanitize.js's rules, marked sanitized, then its checks
 * recomputed (engine/checks.ts). A newer write since the job was queued is sanitized too (the row
 * is read under its lock).
 */
export async function sanitizeVersion(base: TaskContext, payload: SanitizeVersionPayload) {
  const { id } = payload;
  const sanitized = await workerTx(base.pool, async (client) => {
    const { rows } = await client.query<{ html_content: string | null; html_sanitized: boolean }>(
      'select html_content, html_sanitized from public.pages_versions where id = $1 for update',
      [id],
    );
    if (!rows[0] || rows[0].html_sanitized) return false;
    const html = rows[0].html_content === null ? null : sanitizeArticleHtml(rows[0].html_content);
    await client.query('update public.pages_versions set html_content = $2, html_sanitized = true where id = $1', [id, html]);
    if (html !== rows[0].html_content) base.log(`[sanitize_version ${id}] unsafe HTML removed`);
    return true;
  });
  // The end user's HTML checked again against the page's brief: claims, score, structured data
  // (written only while the version still has this HTML; a newer write has its own job).
  if (sanitized) await recheckVersion(base.pool, id, base.config.storage.supabaseUrl);
}
