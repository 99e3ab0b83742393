// publish_wordpress (action 8, issue 31): a page's approved version published to its site's
// WordPress, as Gutenberg blocks (wordpress/blocks.ts), through the REST client (wordpress/client.ts)
// with the site's connection (wordpress_connections, the password decrypted for this run only).
//
//   1. the version must still be approved and sanitized (html_sanitized: an end user's edit waits for
//      the sanitize_version job); the connection's password decrypts (WORDPRESS_SECRET_KEY)
//   2. the post, never twice: the page's stored post (wordpress_post_id) is read — gone (deleted or
//      in the trash): failed with not_found unless the action asks to publish anew
//      (info_json.republish); no stored post (a retry after a time-out on create): looked up by slug
//      and the citable_page_id meta (or the title); found: updated, else created
//   3. the cover (the chosen proposition) uploaded as the featured image when the site has
//      auto_publish_image, once per cover (wordpress_media_source), alt text the page's name
//   4. created with the site's default_status (an update keeps the post's status), the page's name
//      as title, a slug from the page's URL, the blocks, featured_media, the citable_page_id and
//      citable_version meta, and Yoast's fields when the REST API writes them (Rank Math's through
//      its route after); otherwise a warning says they were left empty and why
//   5. the page keeps the post's id, type, link, status, when and which version; it becomes
//      Published (status 1) when the post is public
// A page's runs never overlap (an advisory lock on the page), so two clicks make one post.
// Failures: WordPressError (permanent) and WordPressTransientError (retried) from the client; each
// also recorded as a warning with code wordpress_<failure> for the screens to translate.
import { PermanentError, TransientError } from '../errors.js';
import { loadKeywords, loadPageContext, workerTx } from '../db.js';
import { headlineOf } from '../engine/structured-data.js';
import { articleToBlocks } from '../wordpress/blocks.js';
import { WordPressClient, WordPressError, WordPressTransientError, CITABLE_PAGE_META, CITABLE_VERSION_META, YOAST_META, type ConnectionFound, type PostInput, type PostType, type WordPressPost } from '../wordpress/client.js';
import { decryptSecret, secretKeysFrom } from '../wordpress/secret.js';
import { citedSources } from './create-article.js';
import { readPageImage } from './cover-image.js';
import type { ActionContext, ActionResult } from '../runner.js';

/** The advisory lock class of a page's publications (pg_advisory_lock(class, page id)). */
const LOCK_CLASS = 31_001;

interface ConnectionRow {
  site: string;
  wp_url: string;
  username: string;
  password_encrypted: string;
  plain_http_confirmed: boolean;
  rest_style: 'pretty' | 'query';
  found: Partial<ConnectionFound> | null;
}

/** A slug from a page's URL: its last path segment (without an extension), else its name. */
export function slugOf(pageUrl: string, name: string) {
  let segment = '';
  try {
    const path = new URL(pageUrl).pathname.replace(/\/+$/, '');
    segment = decodeURIComponent(path.slice(path.lastIndexOf('/') + 1)).replace(/\.[a-z0-9]{2,5}$/i, '');
  } catch {
    segment = '';
  }
  const slug = (text: string) => text.normalize('NFKD').replace(/[\u0300-\u036f]/g, '').toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-+|-+$/g, '').slice(0, 190);
  return slug(segment) || slug(name) || 'article';
}

/**
 * The site's connection with its password decrypted (for this run only).
 */
async function connectionOf(ctx: ActionContext, siteId: string) {
  const { rows } = await ctx.pool.query<ConnectionRow>(
    `select site::text, wp_url, username, password_encrypted, plain_http_confirmed, rest_style, found
       from public.wordpress_connections where site = $1`,
    [siteId],
  );
  const row = rows[0];
  if (!row) throw new PermanentError('The site has no WordPress connection: add it in the site\'s settings');
  const keys = secretKeysFrom({ WORDPRESS_SECRET_KEY: ctx.config.wordpress.secretKey, WORDPRESS_SECRET_KEY_PREVIOUS: ctx.config.wordpress.previousSecretKey });
  const password = decryptSecret(row.password_encrypted, keys, `site:${row.site}`);
  const client = new WordPressClient(
    { url: row.wp_url, username: row.username, password, restStyle: row.rest_style },
    {
      allowPrivate: ctx.config.outbound.allowPrivate,
      allowPlainHttp: row.plain_http_confirmed,
      timeoutMs: ctx.config.wordpress.timeoutMs,
      uploadTimeoutMs: ctx.config.wordpress.uploadTimeoutMs,
    },
  );
  return { client, found: row.found ?? {} };
}

export async function runPublishWordPress(ctx: ActionContext): Promise<ActionResult> {
  const { action } = ctx;
  if (!action.linked_pages_version) throw new PermanentError('publish_wordpress needs the version to publish (linked_pages_version)');
  const page = await loadPageContext(ctx.pool, action.linked_page);
  if (!page) throw new PermanentError('The page no longer exists');
  const lock = await ctx.pool.connect();
  try {
    await lock.query('select pg_advisory_lock($1, $2)', [LOCK_CLASS, Number(page.page_id)]);
    return await publish(ctx, page);
  } catch (error) {
    if (error instanceof WordPressError || error instanceof WordPressTransientError) {
      ctx.warn({ stage: 'publish', code: `wordpress_${error.code}`, message: error.message, params: { ...(error.status ? { status: error.status } : {}), ...(error.wpCode ? { wp_code: error.wpCode } : {}) } });
    }
    throw error;
  } finally {
    await lock.query('select pg_advisory_unlock($1, $2)', [LOCK_CLASS, Number(page.page_id)]).catch(() => undefined);
    lock.release();
  }
}

async function publish(ctx: ActionContext, page: NonNullable<Awaited<ReturnType<typeof loadPageContext>>>): Promise<ActionResult> {
  const { action } = ctx;
  const { rows: versions } = await ctx.pool.query<{ id: string; html_content: string | null; approved: boolean; html_sanitized: boolean; sources: { n: number; url: string; title: string | null }[] | null }>(
    'select id, html_content, approved, html_sanitized, sources from public.pages_versions where id = $1 and page = $2',
    [action.linked_pages_version, page.page_id],
  );
  const version = versions[0];
  if (!version) throw new PermanentError('The version to publish no longer exists');
  if (!version.approved) throw new PermanentError('The version is no longer approved: approve it again to publish it');
  if (!version.html_content?.trim()) throw new PermanentError('The version has no content to publish');
  // an end user's HTML is published only once the sanitize_version job has cleaned it
  if (!version.html_sanitized) throw new TransientError('The version is being sanitized: publishing waits for it');

  const { rows: sites } = await ctx.pool.query<{ default_type_page_post: string | null; default_status: string; auto_publish_image: boolean }>(
    'select default_type_page_post, default_status, auto_publish_image from public.sites where id = $1',
    [page.site_id],
  );
  const site = sites[0];
  const type: PostType = site.default_type_page_post === 'page' ? 'pages' : 'posts';
  const { rows: stored } = await ctx.pool.query<{ wordpress_post_id: string | null; wordpress_post_type: PostType | null; wordpress_media_id: string | null; wordpress_media_source: string | null; cover: string | null }>(
    `select p.wordpress_post_id, p.wordpress_post_type, p.wordpress_media_id, p.wordpress_media_source,
            (select i.image_url from public.pages_versions_images i
              where i.linked_page = p.id and i.type = 'proposition' and i.chosen limit 1) as cover
       from public.pages p where p.id = $1`,
    [page.page_id],
  );
  const current = stored[0];
  const { client, found } = await connectionOf(ctx, page.site_id);
  const language = page.language_code === 'en' ? 'en' : 'fr';
  const title = page.page_name.trim();
  const slug = slugOf(page.page_url, title);

  // 2. the post this page already has, if any
  let existing: WordPressPost | null = null;
  const storedType = current.wordpress_post_type ?? type;
  if (current.wordpress_post_id) {
    existing = await ctx.stage('find', () => client.findPostById(storedType, Number(current.wordpress_post_id)));
    if (!existing) {
      if (action.info_json?.republish !== true) {
        await ctx.pool.query("update public.pages set wordpress_status = 'deleted' where id = $1", [page.page_id]);
        throw new WordPressError('not_found', `The WordPress post ${current.wordpress_post_id} of this page was deleted in WordPress: publish anew to create another`);
      }
      ctx.warn({ stage: 'find', code: 'wordpress_post_recreated', message: `The WordPress post ${current.wordpress_post_id} was deleted: a new one is created`, params: { post_id: Number(current.wordpress_post_id) } });
    }
  } else {
    existing = await ctx.stage('find', () => client.findPost(type, { slug, pageId: page.page_id, title }));
  }
  const postType = existing ? storedType : type;

  // 3. the featured image
  let mediaId: number | null = current.wordpress_media_id ? Number(current.wordpress_media_id) : null;
  let mediaSource = current.wordpress_media_source;
  if (site.auto_publish_image && current.cover) {
    if (found.capabilities && !found.capabilities.upload_files) {
      ctx.warn({ stage: 'image', code: 'wordpress_cannot_upload', message: 'The WordPress user may not upload files: the post has no featured image' });
    } else if (mediaId === null || mediaSource !== current.cover) {
      const image = await ctx.stage('image', () => readPageImage(ctx, current.cover as string, page.page_id, 'The cover image'));
      const ext = image.type.split('/')[1]?.replace('jpeg', 'jpg').replace(/[^a-z0-9]/g, '') || 'png';
      const media = await ctx.stage('image', () => client.uploadMedia({ data: image.data, filename: `${slug}.${ext}`, contentType: image.type, altText: title }));
      mediaId = media.id;
      mediaSource = current.cover;
    }
  }

  // 4. the content, the SEO fields, the post
  const sources = citedSources(version.html_content, version.sources ?? []);
  const blocks = articleToBlocks(version.html_content, { language, sources });
  const seo = found.seo;
  const keywords = await loadKeywords(ctx.pool, page.page_id);
  const seoFields = {
    title,
    description: headlineOf(version.html_content, title).description,
    focusKeyword: keywords[0]?.keyword ?? null,
  };
  const meta: Record<string, unknown> = { [CITABLE_PAGE_META]: String(page.page_id), [CITABLE_VERSION_META]: version.id };
  if (seo?.writable && seo.via === 'meta') {
    Object.assign(meta, { [YOAST_META.title]: seoFields.title, [YOAST_META.description]: seoFields.description, [YOAST_META.focusKeyword]: seoFields.focusKeyword ?? '' });
  }
  const input: PostInput = {
    title,
    content: blocks.markup,
    meta,
    ...(mediaId !== null && site.auto_publish_image ? { featured_media: mediaId } : {}),
  };
  const post = await ctx.stage('publish', () =>
    existing
      ? client.updatePost(postType, existing.id, input)
      : client.createPost(postType, { ...input, slug, status: ['publish', 'draft', 'private'].includes(site.default_status) ? site.default_status : 'draft' }),
  );
  // Rank Math's fields go through its own route
  let seoWritten = Boolean(seo?.writable && seo.via === 'meta');
  if (seo?.writable && seo.via === 'rank_math_api') seoWritten = await ctx.stage('seo', () => client.writeSeo(postType, post.id, seo, seoFields));
  if (!seoWritten) {
    const reason = !seo ? 'not_tested' : seo.reason ?? 'not_writable';
    const why: Record<string, string> = {
      not_tested: 'the connection was never tested',
      no_plugin: 'neither Yoast SEO nor Rank Math is active',
      meta_not_in_rest: 'Yoast SEO does not expose its fields to the REST API',
      route_missing: 'Rank Math\'s REST route is missing',
      not_writable: 'the REST API does not accept them',
    };
    ctx.warn({ stage: 'seo', code: 'wordpress_seo_not_written', message: `The SEO title, description and focus keyword were left empty: ${why[reason] ?? reason}`, params: { reason, plugin: seo?.plugin ?? 'none' } });
  }

  // 5. the page remembers the post
  await workerTx(ctx.pool, (db) =>
    db.query(
      `update public.pages set wordpress_post_id = $2, wordpress_post_type = $3, wordpress_link = $4, wordpress_status = $5,
              wordpress_published_at = now(), wordpress_version = $6, wordpress_media_id = $7, wordpress_media_source = $8,
              status = case when $5 = 'publish' then 1 else status end,
              -- a public post is the approved article published: it leaves the Articles list ('approved')
              published_at = case when $5 = 'publish' then now() else published_at end
        where id = $1`,
      [page.page_id, post.id, postType, post.link || null, post.status || null, version.id, mediaId, mediaSource],
    ),
  );
  ctx.log(`${existing ? 'updated' : 'created'} WordPress ${postType === 'pages' ? 'page' : 'post'} ${post.id} (${blocks.blocks.length} blocks)`);
  return { post_id: post.id, link: post.link, created: !existing, blocks: blocks.blocks.length };
}
