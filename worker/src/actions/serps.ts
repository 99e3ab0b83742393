// serps: the top serps_nb_results organic results of the keyword in info2 (or of each to_search
// keyword of the page) for the site's country — and its language when
// force_defined_language_for_serps — replacing that keyword's rows for this site.
import { hostMatches, normalizeHost } from '../citations/analyze.js';
import { PermanentError } from '../errors.js';
import { loadKeywords, loadPageContext, workerTx } from '../db.js';
import type { ActionContext } from '../runner.js';
import type { SerpPage, SerpResult } from '../providers/serp.js';
import type { Pool, PoolClient } from 'pg';
import type { PageContext } from '../db.js';

/**
 * Fetches and stores the SERP of some keywords of a page.
 * @param page loadPageContext row
 */
export async function fetchAndStoreSerps(ctx: ActionContext, page: PageContext, keywords: { id: string; keyword: string; }[]) {
  const pages = await fetchAndStoreSerpPages(ctx, page, keywords);
  return new Map([...pages].map(([id, p]) => [id, p.results]));
}

/** The SERP query of a keyword for a page's site: its country, and its language when forced. */
export function serpQuery(ctx: ActionContext, page: PageContext, keyword: string) {
  return {
    keyword,
    countryCode: page.country_code,
    countryName: page.country_name,
    languageCode: page.force_defined_language_for_serps ? page.language_code : null,
    num: page.serps_nb_results,
    onUsage: ctx.recordUsage,
  };
}

/**
 * Fetches and stores the SERP of some keywords of a page; answers each keyword's results and the
 * provider's questions ("people also ask", not stored).
 */
export async function fetchAndStoreSerpPages(ctx: ActionContext, page: PageContext, keywords: { id: string; keyword: string; }[]) {
  const siteHost = normalizeHost(page.site_url);
  const pages = new Map<string, SerpPage>();
  const byKeyword = new Map<string, SerpResult[]>();
  for (const kw of keywords) {
    const serpPage = await ctx.serp.searchPage(serpQuery(ctx, page, kw.keyword));
    pages.set(kw.id, serpPage);
    byKeyword.set(kw.id, serpPage.results);
  }
  /**
   * Replaces one keyword's rows for the site in one statement (the delete and the insert see the
   * same snapshot).
   */
  const replace = (client: Pool | PoolClient, keywordId: string, results: SerpResult[]) => {
    const own = results.map((r) => {
      try {
        const host = normalizeHost(new URL(r.url).hostname);
        return Boolean(host && siteHost && hostMatches(host, siteHost));
      } catch {
        return false;
      }
    });
    return client.query(
      `with gone as (delete from public.serps where linked_keyword = $1 and site = $2)
       insert into public.serps (linked_keyword, site, own_site, position_absolute, title, url, meta_description, type)
       select $1, $2, r.own, r.pos, r.title, r.url, r.snippet, r.type
         from unnest($3::boolean[], $4::int[], $5::text[], $6::text[], $7::text[], $8::text[]) as r(own, pos, title, url, snippet, type)`,
      [
        keywordId,
        page.site_id,
        own,
        results.map((r) => Math.max(1, Math.trunc(r.position))),
        results.map((r) => r.title),
        results.map((r) => r.url),
        results.map((r) => r.snippet),
        results.map((r) => r.type),
      ],
    );
  };
  if (byKeyword.size === 1) {
    const [[keywordId, results]] = byKeyword;
    await replace(ctx.pool, keywordId, results);
  } else {
    await workerTx(ctx.pool, async (client) => {
      for (const [keywordId, results] of byKeyword) await replace(client, keywordId, results);
    });
  }
  return pages;
}

export async function runSerps(ctx: ActionContext) {
  const page = await loadPageContext(ctx.pool, ctx.action.linked_page);
  if (!page) throw new PermanentError('The page no longer exists');
  let keywords: { id: string; keyword: string }[];
  const info2 = ctx.action.info2?.trim();
  if (info2) {
    if (!/^\d+$/.test(info2)) throw new PermanentError(`info2 must be a keyword id, got "${info2.slice(0, 50)}"`);
    const { rows } = await ctx.pool.query<{ id: string; keyword: string }>('select id::text as id, keyword from public.keywords where id = $1', [info2]);
    if (rows.length === 0) throw new PermanentError(`Keyword ${info2} not found`);
    keywords = rows;
  } else {
    keywords = (await loadKeywords(ctx.pool, page.page_id)).filter((k) => k.to_search);
    if (keywords.length === 0) throw new PermanentError('This page has no keyword to search: add a keyword first');
  }
  const stored = await fetchAndStoreSerps(ctx, page, keywords);
  return { keywords: keywords.length, results: [...stored.values()].reduce((n, r) => n + r.length, 0) };
}
