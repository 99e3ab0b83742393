// storage_cleanup {bucket, path, page | owner}: removes the stored object of a row that was
// deleted (enqueued by the AFTER DELETE triggers of supabase/migrations/20261127000200_page_images_storage.sql,
// cascades included), through the storage API with the service role key, as the worker's
// cover-image uploads do — so it works the same on the local backend and on hosted Supabase.
//
// It removes nothing it cannot prove is the deleted row's own:
//   page-images  the object must sit in the page's own folder ({page}/…);
//   seo1         the object must be a logo (logos/…) whose storage owner is the site's owner;
// and no row may still refer to it (another page's image, another site's logo). An object
// already gone (the browser's fast path removed it first) is a success. No answer from the
// storage or a 5xx: the job throws and Graphile retries it with backoff.
import { TransientError } from '../errors.js';
import { serviceRoleKeyOf } from '../config.js';
import type { StorageCleanupPayload } from '../payloads.js';
import type { TaskContext } from '../runner.js';

/** Per bucket: the folder the object must sit in, and the query telling whether a row still refers to it. */
const RULES: { [B in StorageCleanupPayload['bucket']]: { prefix: (payload: Extract<StorageCleanupPayload, { bucket: B }>) => string; stillUsed: string } } = {
  'page-images': {
    prefix: (payload) => `${payload.page}/`,
    stillUsed: `select 1 from public.pages_versions_images
                 where substring(image_url from '/storage/v1/object/public/page-images/([^?#]+)') = $1 limit 1`,
  },
  seo1: {
    prefix: () => 'logos/',
    stillUsed: `select 1 from public.sites
                 where substring(image_logo from '/storage/v1/object/public/seo1/([^?#]+)') = $1 limit 1`,
  },
};

/** The object key of a path as written in a public URL, or null when it is not a plain key. */
function objectKey(raw: string) {
  let key;
  try {
    key = decodeURIComponent(raw);
  } catch {
    return null;
  }
  if (!key || key.startsWith('/') || key.includes('\\') || key.includes('\0') || key.split('/').some((p) => p === '' || p === '.' || p === '..')) {
    return null;
  }
  return key;
}

/** The storage_cleanup task (its payload checked by assertStorageCleanupPayload). */
export async function runStorageCleanup(base: TaskContext, payload: StorageCleanupPayload): Promise<'removed' | 'gone' | 'kept'> {
  const log = (m: string) => base.log(`[storage_cleanup ${payload.bucket}/${payload.path}] ${m}`);
  const rule = RULES[payload.bucket];
  const raw = payload.path;
  const key = objectKey(raw);
  const prefix = payload.bucket === 'page-images' ? RULES['page-images'].prefix(payload) : RULES.seo1.prefix(payload);
  if (!key || !key.startsWith(prefix)) {
    log('not an object this task may remove: kept');
    return 'kept';
  }
  if ((await base.pool.query(rule.stillUsed, [raw])).rowCount) {
    log('still used by another row: kept');
    return 'kept';
  }
  const { rows } = await base.pool.query<{ owner: string | null; owner_id: string | null }>('select owner, owner_id from storage.objects where bucket_id = $1 and name = $2', [payload.bucket, key]);
  if (!rows[0]) return 'gone';
  if (payload.bucket === 'seo1' && String(rows[0].owner ?? rows[0].owner_id ?? '') !== payload.owner) {
    log("not uploaded by the site's owner: kept");
    return 'kept';
  }

  const { supabaseUrl } = base.config.storage;
  const serviceRoleKey = await serviceRoleKeyOf(base.config.storage);
  const response = await fetch(`${supabaseUrl}/storage/v1/object/${encodeURIComponent(payload.bucket)}`, {
    method: 'DELETE',
    headers: { authorization: `Bearer ${serviceRoleKey}`, apikey: serviceRoleKey, 'content-type': 'application/json' },
    body: JSON.stringify({ prefixes: [key] }),
    signal: AbortSignal.timeout(30_000),
  }).catch((error) => {
    throw new TransientError(`Storage could not be reached at ${supabaseUrl} (${error.cause?.code ?? error.message})`);
  });
  if (!response.ok) {
    const text = await response.text().catch(() => '');
    throw new TransientError(`Storage refused to remove ${payload.bucket}/${key} (${response.status}): ${text.slice(0, 200)}`, { status: response.status });
  }
  return 'removed';
}
