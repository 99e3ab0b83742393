// create_article: the page's article as HTML, from the site's settings, the tone group's
// samples, the page's keywords and their SERP results (fetched first when missing) and the text
// of the site's to_scrape pages. SERP results and scraped pages go to the model as numbered
// sources it is asked to cite; the sources the article cites are kept with the version
// (pages_versions.sources). The HTML is sanitized, a pages_versions row inserted (origin
// 'generated'), then create_cover_image is queued with nb_images_to_create images when above 0.
import { PermanentError, TransientError } from '../errors.js';
import { loadKeywords, loadPageContext, workerTx, type PageContext } from '../db.js';
import { buildMessages, loadTemplate, placeNames, promptLanguage, render } from '../prompts.js';
import { htmlToText, sanitizeArticleHtml, textOf } from '../sanitize.js';
import { fetchAndStoreSerps } from './serps.js';
import { bodyText, fetchOutbound } from '../outbound.js';
import type { ActionContext } from '../runner.js';
import type { Pool } from 'pg';

const MAX_TONE_SAMPLES = 5;
const MAX_SAMPLE_CHARS = 4000;

/**
 * The to_scrape URLs of a site (one per line, or separated by spaces or commas).
 */
export function scrapeUrls(toScrape: string | null) {
  return (toScrape ?? '')
    .split(/[\s,;]+/)
    .map((u) => u.trim())
    .filter((u) => /^https?:\/\/[^\s]+$/i.test(u));
}

// to_scrape is written by site owners: fetched through the outbound-fetch module (public addresses
// only, checked at every redirect, a byte cap and a time limit), text and HTML only.
const SCRAPE_MAX_BYTES = 2_000_000;

/**
 * The text of one to_scrape page, or null (unreachable, refused, not text).
 */
async function scrape(ctx: ActionContext, url: string) {
  try {
    const response = await fetchOutbound(url, {
      accept: ['text/html', 'application/xhtml+xml', 'text/plain'],
      maxBytes: SCRAPE_MAX_BYTES,
      truncate: true,
      timeoutMs: ctx.config.scrape.timeoutMs,
      allowPrivate: ctx.config.outbound.allowPrivate,
    });
    const body = bodyText(response);
    if (response.contentType !== 'text/plain') return htmlToText(body);
    return { title: null, text: body.replace(/\s+/g, ' ').trim().slice(0, 6000) };
  } catch (error) {
    ctx.log(`scrape ${url}: ${(error as Error).message}`);
    return null;
  }
}

/**
 * The numbers [n] an article cites, and the sources it links to.
 */
export function citedSources<S extends { n: number; url: string }>(html: string, sources: S[]): S[] {
  const cited = new Set();
  for (const m of html.matchAll(/\[(\d{1,3})\]/g)) cited.add(Number(m[1]));
  return sources.filter((s) => cited.has(s.n) || html.includes(`href="${s.url}"`));
}

/**
 * The tone samples of a site's article: its group and the group's members, only those the site's
 * owner may use — the group when it is theirs or shared, a member when it is theirs or shared —
 * so neither another customer's private texts nor a stranger's private member reach the prompt.
 * @param pool @param groupId @param siteId
 */
async function toneSamples(pool: Pool, groupId: number | string | null, siteId: number | string) {
  if (!groupId) return [];
  const { rows } = await pool.query(
    `select t.name, t.content
       from public.sites s
       join public.tone_articles g on g.id = s.tone_articles_group and g.parent_tone_article is null
                                  and (g.is_shared or g.owner = s.linked_user)
       join public.tone_articles t on (t.id = g.id or t.parent_tone_article = g.id)
                                  and (t.owner = s.linked_user or (t.is_shared and t.owner = g.owner))
      where s.id = $2 and g.id = $1 and t.content is not null and btrim(t.content) <> ''
      order by (t.id = $1), t.id limit $3`,
    [groupId, siteId, MAX_TONE_SAMPLES],
  );
  return rows.map((r) => ({ name: r.name, content: r.content.length > MAX_SAMPLE_CHARS ? `${r.content.slice(0, MAX_SAMPLE_CHARS)}…` : r.content }));
}

/**
 * The messages of an article request (exported for the prompt-injection test).
 */
export function articleMessages({ page, keywords, toneSamples: samples, sources }: { page: PageContext; keywords: string[]; toneSamples: unknown[]; sources: unknown[] }) {
  const lang = promptLanguage(page.language_code);
  const { language, country } = placeNames(lang, page);
  const system = render(loadTemplate('article.system', lang), {
    language,
    country,
    site_url: page.site_url,
    familiar: page.familiar_terms,
    formal: !page.familiar_terms,
    first_person: page.address_the_reader_with_i,
  });
  const task = render(loadTemplate('article.task', lang), {
    page_name: page.page_name,
    page_url: page.page_url,
    keywords: keywords.join(', ') || page.page_name,
    accepted_topics: page.accepted_topics,
    guidelines: page.additional_guidelines,
  });
  return buildMessages({ lang, system, task, data: { tone_samples: samples, sources } });
}

/**
 * The version this run of the action already wrote (a retry after the version committed but the
 * action was not marked done: a failure in between, a database outage), or null.
 */
async function versionOfThisRun(ctx: ActionContext) {
  const { rows } = await ctx.pool.query(
    `select v.id, coalesce(jsonb_array_length(v.sources), 0) as sources from public.pages_versions v
      where v.generated_by_action = $1 and v.generated_for_run = $2::timestamptz`,
    [ctx.action.id, ctx.action.run_key],
  );
  return rows[0] ? { version: rows[0].id, sources: rows[0].sources } : null;
}

export async function runCreateArticle(ctx: ActionContext) {
  const written = await versionOfThisRun(ctx);
  if (written) {
    ctx.log(`version ${written.version} of this run already written: not generated again`);
    return written;
  }
  const page = await loadPageContext(ctx.pool, ctx.action.linked_page);
  if (!page) throw new PermanentError('The page no longer exists');
  const keywords = await loadKeywords(ctx.pool, page.page_id);

  // SERP results of the page's keywords for this site, fetched first when missing.
  const loadSerps = async () =>
    (
      await ctx.pool.query(
        `select s.linked_keyword::text as keyword_id, s.position_absolute, s.title, s.url, s.meta_description
           from public.serps s where s.site = $1 and s.linked_keyword = any($2::bigint[])
          order by s.linked_keyword, s.position_absolute`,
        [page.site_id, keywords.map((k) => k.id)],
      )
    ).rows;
  let serps = await loadSerps();
  const searched = new Set(serps.map((s) => s.keyword_id));
  const missing = keywords.filter((k) => k.to_search && !searched.has(k.id));
  if (missing.length > 0) {
    await fetchAndStoreSerps(ctx, page, missing);
    serps = await loadSerps();
  }

  const sources: { n: number; kind: 'serp' | 'scraped'; url: string; title: string | null; text: string | null; }[] = [];
  const seen = new Set();
  for (const s of serps) {
    if (seen.has(s.url) || sources.length >= 20) continue;
    seen.add(s.url);
    sources.push({ n: sources.length + 1, kind: 'serp', url: s.url, title: s.title, text: s.meta_description });
  }
  for (const url of scrapeUrls(page.to_scrape).slice(0, ctx.config.scrape.maxPages)) {
    const scraped = await scrape(ctx, url);
    if (scraped?.text) sources.push({ n: sources.length + 1, kind: 'scraped', url, title: scraped.title, text: scraped.text });
  }

  const messages = articleMessages({
    page,
    keywords: keywords.map((k) => k.keyword),
    toneSamples: await toneSamples(ctx.pool, page.tone_articles_group, page.site_id),
    sources,
  });
  const { text } = await ctx.openrouter.chat({ model: ctx.config.openrouter.articleModel, messages, onUsage: ctx.recordUsage });
  const html = sanitizeArticleHtml(text);
  if (!textOf(html)) throw new TransientError('The model returned an empty article');
  const used = citedSources(html, sources).map(({ n, kind, url, title }) => ({ n, kind, url, title }));

  // The version, its link on the action and the cover-image action commit together, tagged with
  // this run (generated_by_action, generated_for_run: unique), so a retry finds them above and a
  // transaction run again after a cut connection writes nothing twice.
  const versionId = await workerTx(ctx.pool, async (client) => {
    const { rows } = await client.query(
      `insert into public.pages_versions (page, html_content, creator, origin, parent_version, sources, generated_by_action, generated_for_run)
       values ($1, $2, $3, 'generated', null, $4, $5, $6::timestamptz)
       on conflict (generated_by_action, generated_for_run) where generated_by_action is not null do nothing
       returning id`,
      [page.page_id, html, ctx.action.creator, JSON.stringify(used), ctx.action.id, ctx.action.run_key],
    );
    if (!rows[0]) {
      const { rows: existing } = await client.query('select id from public.pages_versions where generated_by_action = $1 and generated_for_run = $2::timestamptz', [
        ctx.action.id,
        ctx.action.run_key,
      ]);
      return existing[0].id;
    }
    const id = rows[0].id;
    await client.query('update public.pages_actions set linked_pages_version = $2 where id = $1', [ctx.action.id, id]);
    const images = Math.min(10, Number(page.nb_images_to_create) || 0);
    if (images > 0) {
      await client.query(
        `insert into public.pages_actions (linked_page, linked_action, linked_pages_version, creator, info_json, queued)
         select $1, a.id, $2, $3, $4, null from public.actions a where a.name = 'create_cover_image'`,
        [
          page.page_id,
          id,
          ctx.action.creator,
          JSON.stringify({ generate_prompt: page.page_name, comments: '', use_initial_photo: false, image_example_id: null, number_of_images: images }),
        ],
      );
    }
    return id;
  });
  return { version: versionId, sources: used.length };
}
