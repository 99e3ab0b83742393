// create_cover_image: number_of_images images of cover_image_width × cover_image_height from
// generate_prompt and comments (and the example image when use_initial_photo), stored in the
// page-images bucket under {pageId}/{timestamp}-{random}.{ext} (storage API, service role key),
// with one proposition row each in pages_versions_images.
import { randomBytes } from 'node:crypto';
import { NotConfiguredError, PermanentError, TransientError } from '../errors.js';
import { loadPageContext, workerTx } from '../db.js';
import { loadTemplate, promptLanguage, render } from '../prompts.js';

const EXTENSIONS = /** @type {Record<string, string>} */ ({ 'image/png': 'png', 'image/jpeg': 'jpg', 'image/webp': 'webp', 'image/gif': 'gif' });

/**
 * @param {import('../runner.js').ActionContext} ctx
 * @param {string} imageUrl absolute, or a path on the backend (/storage/v1/object/public/…)
 */
async function exampleAsDataUrl(ctx, imageUrl) {
  const url = /^https?:\/\//i.test(imageUrl) ? imageUrl : `${ctx.config.storage.supabaseUrl}${imageUrl.startsWith('/') ? '' : '/'}${imageUrl}`;
  const response = await fetch(url, { signal: AbortSignal.timeout(30_000) }).catch((error) => {
    throw new TransientError(`The example image could not be read (${error.message})`);
  });
  if (!response.ok) throw new PermanentError(`The example image could not be read (${response.status})`);
  const type = (response.headers.get('content-type') ?? 'image/png').split(';')[0];
  const data = Buffer.from(await response.arrayBuffer());
  return `data:${type};base64,${data.toString('base64')}`;
}

/**
 * Uploads one image through the storage API; returns its public path.
 * @param {import('../runner.js').ActionContext} ctx
 * @param {number | string} pageId
 * @param {{ mime: string, data: Buffer }} image
 */
async function upload(ctx, pageId, image) {
  const { supabaseUrl, serviceRoleKey } = ctx.config.storage;
  if (!supabaseUrl || !serviceRoleKey) throw new NotConfiguredError('Image storage', 'SUPABASE_URL and SUPABASE_SERVICE_ROLE_KEY');
  const ext = EXTENSIONS[image.mime];
  if (!ext) throw new TransientError(`The image model returned an unsupported image type (${image.mime})`);
  const key = `${pageId}/${Date.now()}-${randomBytes(6).toString('hex')}.${ext}`;
  const response = await fetch(`${supabaseUrl}/storage/v1/object/page-images/${key}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${serviceRoleKey}`, apikey: serviceRoleKey, 'content-type': image.mime, 'cache-control': 'max-age=3600' },
    body: image.data,
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

/** @param {import('../runner.js').ActionContext} ctx */
export async function runCoverImage(ctx) {
  const page = await loadPageContext(ctx.pool, ctx.action.linked_page);
  if (!page) throw new PermanentError('The page no longer exists');
  const info = ctx.action.info_json ?? {};
  const count = Number(info.number_of_images);
  if (!Number.isInteger(count) || count < 1 || count > 10) throw new PermanentError('number_of_images must be an integer between 1 and 10');
  const subject = String(info.generate_prompt ?? '').trim() || page.page_name;

  let example = null;
  if (info.use_initial_photo && info.image_example_id) {
    const { rows } = await ctx.pool.query('select image_url from public.pages_versions_images where id = $1 and linked_page = $2', [
      info.image_example_id,
      page.page_id,
    ]);
    if (!rows[0]) throw new PermanentError('The example image no longer exists');
    example = await exampleAsDataUrl(ctx, rows[0].image_url);
  }
  const lang = promptLanguage(page.language_code);
  const prompt = render(loadTemplate('image', lang), {
    width: page.cover_image_width,
    height: page.cover_image_height,
    prompt: subject,
    comments: String(info.comments ?? '').trim(),
    example: Boolean(example),
  });

  /** @type {string[]} */
  const paths = [];
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
