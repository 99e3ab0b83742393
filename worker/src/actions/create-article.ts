// create_article: the page's article from its brief (docs/article-engine.md). The brief and its
// numbered sources are loaded (none yet: research_page's research runs first, in this run); the
// article is written from them (engine/write.ts: outline, then the introduction, sections and FAQ
// in parallel), then checked (engine/checks.ts: claims against the sources' texts, content score,
// structured data). The version (origin 'generated', with the sources it cites and its checks),
// its link on the action and the create_cover_image action (nb_images_to_create images when above
// 0) commit in one transaction tagged with this run, so a retry never writes twice.
import { PermanentError } from '../errors.js';
import { loadPageContext, workerTx, type PageContext } from '../db.js';
import { loadBrief, researchPage } from '../engine/research.js';
import { writeArticle } from '../engine/write.js';
import { isAddressName } from '../engine/keywords.js';
import { titleOf } from '../sanitize.js';
import { checkVersion, coverAndLogo, writeChecks } from '../engine/checks.js';
import type { ActionContext } from '../runner.js';
import type { Pool } from 'pg';

const MAX_TONE_SAMPLES = 5;
const MAX_SAMPLE_CHARS = 4000;

/**
 * The to_scrape URLs of a site (one per line, or separated by spaces or commas); research reads them.
 */
export function scrapeUrls(toScrape: string | null) {
  return (toScrape ?? '')
    .split(/[\s,;]+/)
    .map((u) => u.trim())
    .filter((u) => /^https?:\/\/[^\s]+$/i.test(u));
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

/** The site's other pages, for links (name and URL; the page itself left out). */
async function sitePages(pool: Pool, page: PageContext) {
  const { rows } = await pool.query<{ name: string; url: string }>(
    `select p.name, p.url from public.pages p
      where p.site = $1 and p.id <> $2 and p.url ~* '^https?://' and coalesce(btrim(p.name), '') <> ''
      order by p.id desc limit $3`,
    [page.site_id, page.page_id, MAX_SITE_PAGES],
  );
  return rows;
}

const MAX_SITE_PAGES = 40;

export async function runCreateArticle(ctx: ActionContext) {
  const written = await versionOfThisRun(ctx);
  if (written) {
    ctx.log(`version ${written.version} of this run already written: not generated again`);
    return written;
  }
  const page = await loadPageContext(ctx.pool, ctx.action.linked_page);
  if (!page) throw new PermanentError('The page no longer exists');

  // The brief as the operator left it; a page never researched is researched first.
  const { brief, sources } = (await loadBrief(ctx.pool, page.page_id)) ?? (await researchPage(ctx, page));

  const article = await writeArticle(ctx, {
    page,
    brief,
    sources,
    toneSamples: await toneSamples(ctx.pool, page.tone_articles_group, page.site_id),
    sitePages: await sitePages(ctx.pool, page),
  });
  const html = article.html;
  const used = citedSources(html, sources).map(({ n, kind, url, title }) => ({ n, kind, url, title }));
  const checks = await ctx.stage('checks', async () => {
    const { image, logo } = await coverAndLogo(ctx.pool, page.page_id, ctx.config.storage.supabaseUrl);
    return checkVersion({ html, brief, sources, page, image, logo });
  });
  const unsupported = checks.claims?.filter((c) => !c.supported).length ?? 0;
  if (unsupported > 0) {
    ctx.warn({
      stage: 'checks',
      code: 'claims_unsupported',
      message: `${unsupported} cited sentence${unsupported > 1 ? 's are' : ' is'} not supported by the passage of its source`,
      params: { count: unsupported },
    });
  }

  const title = titleOf(html)?.slice(0, 500) ?? null;

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
    await writeChecks(client, id, checks);
    // A page still named by its address (a request taken in: « boulangerie.fr/pains ») takes the
    // article's title: the client's e-mail, /view and the cover image then name the article, not a URL.
    // Only if nobody renamed it meanwhile.
    let pageName = page.page_name;
    if (title && isAddressName(page.page_name)) {
      const renamed = await client.query('update public.pages set name = $2 where id = $1 and name = $3', [page.page_id, title, page.page_name]);
      if (renamed.rowCount) {
        pageName = title;
        ctx.log(`page ${page.page_id} named after its article: « ${title} »`);
      }
    }
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
          JSON.stringify({ generate_prompt: pageName, comments: '', use_initial_photo: false, image_example_id: null, number_of_images: images }),
        ],
      );
    }
    return id;
  });
  return { version: versionId, sources: used.length, score: checks.score, claims: checks.claims?.length ?? 0, unsupported };
}
