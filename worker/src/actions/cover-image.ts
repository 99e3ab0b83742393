// create_cover_image: number_of_images images of cover_image_width × cover_image_height from
// generate_prompt and comments (and the example image when use_initial_photo, read from storage), stored in the
// page-images bucket under {pageId}/{timestamp}-{random}.{ext} (storage API, service role key),
// with one proposition row each in pages_versions_images.
import { randomBytes } from 'node:crypto';
import { NotConfiguredError, PermanentError, TransientError } from '../errors.js';
import { loadPageContext, workerTx } from '../db.js';
import { loadTemplate, promptLanguage, render } from '../prompts.js';
import { readCapped } from '../outbound.js';
import { serviceRoleKeyOf } from '../config.js';
import type { ActionContext } from '../runner.js';

const EXTENSIONS = ({ 'image/png': 'png', 'image/jpeg': 'jpg', 'image/webp': 'webp', 'image/gif': 'gif' } as Record<string, string>);

// The example image is an uploaded file in the page-images bucket: the worker reads it from
// storage (service role key), never from the URL in the row, whose host is not even looked at
// (issue 27.4). The same rule as the database's (supabase/migrations/20261128000200_outbound_examples.sql):
// an object in the page's own folder, or in seed/ (the demo data's shared files).
const EXAMPLE_OBJECT = /^(?:https?:\/\/[^/?#\s]+)?\/storage\/v1\/object\/public\/page-images\/([A-Za-z0-9][A-Za-z0-9._-]*)\/([A-Za-z0-9][A-Za-z0-9._-]*)$/;
/** the page-images bucket's file_size_limit (supabase/migrations/20261121000400_storage.sql) */
const EXAMPLE_MAX_BYTES = 10 * 1024 * 1024;
const EXAMPLE_TIMEOUT_MS = 30_000;

/**
 * The page-images object path of an example row, or null when the row does not name one of this
 * page's uploaded files.
 */
export function exampleObjectPath(imageUrl: string, pageId: number | string) {
  const match = EXAMPLE_OBJECT.exec(imageUrl);
  if (!match || (match[1] !== String(pageId) && match[1] !== 'seed')) return null;
  return `${match[1]}/${match[2]}`;
}

/**
 * The example image as a data URL, read from storage.
 * @param imageUrl the row's image_url: only its object path is used
 */
async function exampleAsDataUrl(ctx: ActionContext, imageUrl: string, pageId: number | string) {
  const { type, data } = await readPageImage(ctx, imageUrl, pageId, 'The example image');
  return `data:${type};base64,${data.toString('base64')}`;
}

/**
 * One of a page's images (an example, a cover), read from storage with the service role key.
 * @param imageUrl the row's image_url: only its object path is used
 * @param what the image, for messages ("The example image")
 */
export async function readPageImage(ctx: Pick<ActionContext, 'config'>, imageUrl: string, pageId: number | string, what: string) {
  const objectPath = exampleObjectPath(imageUrl, pageId);
  if (!objectPath) throw new PermanentError(`${what} is not an uploaded file of this page: it is not read. Upload it again.`);
  const { supabaseUrl } = ctx.config.storage;
  if (!supabaseUrl) throw new NotConfiguredError('Image storage', 'SUPABASE_URL and SUPABASE_SERVICE_ROLE_KEY');
  const serviceRoleKey = await serviceRoleKeyOf(ctx.config.storage);
  const signal = AbortSignal.timeout(EXAMPLE_TIMEOUT_MS);
  const unreadable = (why: string) => new TransientError(`${what} could not be read from storage (${why})`);
  const response = await fetch(`${supabaseUrl}/storage/v1/object/page-images/${objectPath}`, {
    headers: { authorization: `Bearer ${serviceRoleKey}`, apikey: serviceRoleKey },
    signal,
  }).catch((error) => {
    throw unreadable(signal.aborted ? 'timeout' : (error.cause?.code ?? error.message));
  });
  if (!response.ok) {
    await response.body?.cancel().catch(() => undefined);
    if (response.status === 400 || response.status === 404) throw new PermanentError(`${what} is no longer in storage. Upload it again.`);
    if (response.status >= 500) throw unreadable(String(response.status));
    throw new PermanentError(`${what} could not be read from storage (${response.status})`);
  }
  const type = (response.headers.get('content-type') ?? '').split(';')[0].trim().toLowerCase();
  if (!type.startsWith('image/')) {
    await response.body?.cancel().catch(() => undefined);
    throw new PermanentError(`${what} is not an image (${type || 'unknown type'})`);
  }
  let read: Awaited<ReturnType<typeof readCapped>> = null;
  if (response.body) {
    try {
      // a web ReadableStream, async-iterable in Node (its DOM type does not say so)
      read = await readCapped(response.body as unknown as AsyncIterable<Uint8Array>, EXAMPLE_MAX_BYTES, false);
    } catch {
      throw unreadable(signal.aborted ? 'timeout' : 'the answer was cut off');
    }
  }
  if (!read) throw new PermanentError(`${what} is larger than ${EXAMPLE_MAX_BYTES / 1024 / 1024} MB`);
  return { type, data: read.body };
}

/**
 * Uploads one image through the storage API; returns its public path.
 */
async function upload(ctx: ActionContext, pageId: number | string, image: { mime: string; data: Buffer; }) {
  const { supabaseUrl } = ctx.config.storage;
  if (!supabaseUrl) throw new NotConfiguredError('Image storage', 'SUPABASE_URL and SUPABASE_SERVICE_ROLE_KEY');
  const serviceRoleKey = await serviceRoleKeyOf(ctx.config.storage);
  const ext = EXTENSIONS[image.mime];
  if (!ext) throw new TransientError(`The image model returned an unsupported image type (${image.mime})`);
  const key = `${pageId}/${Date.now()}-${randomBytes(6).toString('hex')}.${ext}`;
  const response = await fetch(`${supabaseUrl}/storage/v1/object/page-images/${key}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${serviceRoleKey}`, apikey: serviceRoleKey, 'content-type': image.mime, 'cache-control': 'max-age=3600' },
    body: new Uint8Array(image.data),
    signal: AbortSignal.timeout(60_000),
  }).catch((error) => {
    throw new TransientError(`Storage could not be reached at ${supabaseUrl} (${error.cause?.code ?? error.message})`);
  });
  if (!response.ok) {
    const text = await response.text().catch(() => '');
    const message = `Storage refused the image (${response.status}): ${text.slice(0, 200)}`;
    throw response.status >= 500 ? new TransientError(message) : new PermanentError(message);
  }
  return `/storage/v1/object/public/page-images/${key}`;
}

export async function runCoverImage(ctx: ActionContext) {
  const page = await loadPageContext(ctx.pool, ctx.action.linked_page);
  if (!page) throw new PermanentError('The page no longer exists');
  const info = ctx.action.info_json ?? {};
  const count = Number(info.number_of_images);
  if (!Number.isInteger(count) || count < 1 || count > 10) throw new PermanentError('number_of_images must be an integer between 1 and 10');
  const subject = String(info.generate_prompt ?? '').trim() || page.page_name;

  let example: string | null = null;
  if (info.use_initial_photo && info.image_example_id) {
    const { rows } = await ctx.pool.query<{ image_url: string }>('select image_url from public.pages_versions_images where id = $1 and linked_page = $2', [
      info.image_example_id,
      page.page_id,
    ]);
    if (!rows[0]) throw new PermanentError('The example image no longer exists');
    example = await exampleAsDataUrl(ctx, rows[0].image_url, page.page_id);
  }
  const lang = promptLanguage(page.language_code);
  const prompt = render(loadTemplate('image', lang), {
    width: page.cover_image_width,
    height: page.cover_image_height,
    prompt: subject,
    comments: String(info.comments ?? '').trim(),
    example: Boolean(example),
  });

  const paths: string[] = [];
  while (paths.length < count) {
    const images = await ctx.openrouter.generateImage({
      prompt,
      width: page.cover_image_width,
      height: page.cover_image_height,
      exampleImageDataUrl: example,
      onUsage: ctx.recordUsage,
    });
    for (const image of images.slice(0, count - paths.length)) paths.push(await upload(ctx, page.page_id, image));
  }
  await workerTx(ctx.pool, async (client) => {
    for (const imageUrl of paths) {
      await client.query(
        `insert into public.pages_versions_images (linked_page, linked_pages_version, image_url, type, chosen)
         values ($1, $2, $3, 'proposition', false)`,
        [page.page_id, ctx.action.linked_pages_version, imageUrl],
      );
    }
  });
  return { images: paths.length };
}
