// research_page (and the first stage of create_article): the SERP of the page's main keywords,
// the top results read through the outbound-fetch module (Readability over linkedom), the site's
// to_scrape pages, and the brief computed from them (./brief). Stored in page_briefs and
// page_brief_sources in one transaction. Stages (pages_actions.stages): serp, read, brief, store.
// Nothing skipped is silent (pages_actions.warnings):
//   no_keyword      the page has no keyword: derived from its name and URL
//   no_results      the SERP had no organic result
//   unread_results  some results could not be read (each one's reason is on its source too)
//   unread_scraped  some of the site's to_scrape pages could not be read
//   language        the site's language has no text rules: English ones used
// The action fails only when nothing could be researched at all: no keyword of the operator's (they
// were derived, so the brief would be a guess) and neither a competitor read nor a question from
// the SERP. With the operator's keywords, a brief of keywords alone is still what they asked for:
// done, with the warnings saying what could not be read.
import pLimit from 'p-limit';
import type { Pool, PoolClient } from 'pg';
import type { Brief, BriefSource } from '@citable/shared/engine';
import { hostMatches, normalizeHost } from '../citations/analyze.js';
import { PermanentError } from '../errors.js';
import { loadKeywords, loadPageContext, workerTx, type PageContext } from '../db.js';
import { fetchOutbound, bodyText, OutboundError, OutboundTransientError } from '../outbound.js';
import { fetchAndStoreSerpPages, serpQuery } from '../actions/serps.js';
import { scrapeUrls } from '../actions/create-article.js';
import type { SerpPage } from '../providers/serp.js';
import type { ActionContext } from '../runner.js';
import { buildBrief, type ReadDocument } from './brief.js';
import { deriveKeywords, engineLanguage, mergeResults } from './keywords.js';
import { ExtractTimeoutError, extractInThread } from './extract-pool.js';

/**
 * Pages read at once: all the results (different hosts, and extraction runs in worker threads, so
 * the fetches wait for the network only), up to this many.
 */
export const READ_CONCURRENCY = 10;
/** The most of a page read (a bigger one is read up to this size). */
export const READ_MAX_BYTES = 2_000_000;
/** Below this, a result's main content is not an article (a listing, a login wall, a stub). */
export const MIN_WORDS = 150;
/** The site's own pages to scrape may be short (an "about" page): below this they say nothing. */
export const MIN_SCRAPED_WORDS = 40;
/** Main keywords searched at most (one SERP query each). */
export const MAX_KEYWORDS = 3;
/** Results read at most, whatever the site's serps_nb_results. */
export const MAX_RESULTS = 20;

/** Files that are not web pages, skipped without a request. */
const NOT_HTML = /\.(?:pdf|docx?|xlsx?|pptx?|odt|ods|zip|rar|7z|gz|jpe?g|png|gif|webp|svg|mp3|mp4|avi|mov|csv|json|xml)$/i;

export type ResearchSource = BriefSource & { text: string | null };

type ReadOutcome =
  | { status: 'read'; title: string | null; headings: BriefSource['headings']; words: number; text: string }
  | { status: 'failed' | 'skipped'; error: string; title?: null };

/** Why a fetch failed, short, in English (stored on the source and in the warning). */
function fetchFailure(error: unknown, timeoutMs: number): ReadOutcome {
  if (error instanceof OutboundError || error instanceof OutboundTransientError) {
    switch (error.code) {
      case 'status':
        return { status: 'failed', error: `HTTP ${(error as OutboundError).status ?? /answered (\d{3})/.exec(error.message)?.[1] ?? 'error'}` };
      case 'content_type':
        return { status: 'skipped', error: `not HTML (${/answered ([^,]+),/.exec(error.message)?.[1] ?? 'another type'})` };
      case 'timeout':
        return { status: 'failed', error: `no answer within ${Number((timeoutMs / 1000).toFixed(1))} s` };
      case 'address':
        return { status: 'failed', error: 'refused address (not public)' };
      case 'redirects':
        return { status: 'failed', error: 'too many redirects' };
      case 'dns':
        return { status: 'failed', error: 'unknown host' };
      case 'scheme':
        return { status: 'failed', error: 'not an http(s) URL' };
      default:
        return { status: 'failed', error: error.message.slice(0, 200) };
    }
  }
  return { status: 'failed', error: ((error as Error)?.message ?? String(error)).slice(0, 200) };
}

/** Reads one page: its main content, or why not. */
async function readPage(ctx: ActionContext, url: string, minWords: number): Promise<ReadOutcome> {
  if (NOT_HTML.test(new URL(url).pathname)) {
    return { status: 'skipped', error: `not HTML (.${new URL(url).pathname.split('.').pop()?.toLowerCase()} file)` };
  }
  const timeoutMs = ctx.config.scrape.timeoutMs;
  let html: string;
  try {
    const response = await fetchOutbound(url, {
      accept: ['text/html', 'application/xhtml+xml'],
      maxBytes: READ_MAX_BYTES,
      truncate: true,
      timeoutMs,
      allowPrivate: ctx.config.outbound.allowPrivate,
    });
    html = bodyText(response);
  } catch (error) {
    return fetchFailure(error, timeoutMs);
  }
  let page;
  try {
    page = await extractInThread(html, url, { threads: ctx.config.scrape.extractThreads });
  } catch (error) {
    if (error instanceof ExtractTimeoutError) return { status: 'failed', error: error.message };
    return { status: 'failed', error: `could not be parsed (${(error as Error).message.slice(0, 100)})` };
  }
  if (!page || page.words < minWords) return { status: 'failed', error: `too little text (${page?.words ?? 0} words)` };
  return { status: 'read', ...page };
}

/** "a.test (HTTP 404), b.test (not HTML (application/pdf))…": the unread sources, for a warning. */
function unreadList(sources: ResearchSource[]) {
  const host = (u: string) => {
    try {
      return new URL(u).host;
    } catch {
      return u;
    }
  };
  return sources.map((s) => `${host(s.url)} (${s.error})`).join(', ');
}

/**
 * Researches a page: runs the stages (serp, read, brief, store) and stores its brief and sources,
 * replacing the previous ones (an operator's edits of the brief included: research is run on demand).
 */
export async function researchPage(ctx: ActionContext, page: PageContext): Promise<{ brief: Brief; sources: ResearchSource[] }> {
  const lang = engineLanguage(page.language_code);
  if (page.language_code && !/^(fr|en)\b/i.test(page.language_code)) {
    ctx.warn({
      stage: 'brief',
      code: 'language',
      message: `the site's language (${page.language_code}) has no text rules: English ones used`,
      params: { language: page.language_code },
    });
  }

  // Keywords: the page's main ones (to_search first), else derived from its name and URL.
  const rows = await loadKeywords(ctx.pool, page.page_id);
  const main = (rows.some((k) => k.to_search) ? rows.filter((k) => k.to_search) : rows).slice(0, MAX_KEYWORDS);
  let keywords = main.map((k) => k.keyword);
  const keywordsDerived = main.length === 0;
  if (keywordsDerived) {
    keywords = deriveKeywords(page.page_name, page.page_url, lang);
    if (!keywords.length) {
      throw new PermanentError('This page has no keyword, and its name and URL give none: add a keyword first');
    }
    ctx.warn({
      stage: 'keywords',
      code: 'no_keyword',
      message: `no keyword: used ${keywords.map((k) => `« ${k} »`).join(', ')}`,
      params: { keywords },
    });
  }

  // The SERP of the site's country (and language when forced); stored as the serps action does
  // for the page's own keywords (derived ones have no keyword row to store them under).
  const serpPages: SerpPage[] = await ctx.stage('serp', async () => {
    if (!keywordsDerived) return [...(await fetchAndStoreSerpPages(ctx, page, main)).values()];
    const pages: SerpPage[] = [];
    for (const keyword of keywords) pages.push(await ctx.serp.searchPage(serpQuery(ctx, page, keyword)));
    return pages;
  });
  const wanted = Math.min(MAX_RESULTS, Math.max(1, Number(page.serps_nb_results) || 10));
  const results = mergeResults(serpPages.map((p) => p.results), wanted);
  const serpQuestions = serpPages.flatMap((p) => p.questions);
  if (!results.length) {
    ctx.warn({ stage: 'serp', code: 'no_results', message: `the SERP of ${keywords.map((k) => `« ${k} »`).join(', ')} had no result`, params: { keywords } });
  }

  // Read the results (not the site's own pages) and the site's to_scrape pages, a few at a time.
  const siteHost = normalizeHost(page.site_url);
  const isOwn = (url: string) => {
    try {
      const host = normalizeHost(new URL(url).hostname);
      return Boolean(host && siteHost && hostMatches(host, siteHost));
    } catch {
      return false;
    }
  };
  const scraped = scrapeUrls(page.to_scrape).slice(0, ctx.config.scrape.maxPages);
  const planned = [
    ...results.map((r) => ({ url: r.url, kind: 'serp' as const, position: Math.trunc(r.position), serpTitle: r.title })),
    ...scraped.filter((u) => !results.some((r) => r.url === u)).map((url) => ({ url, kind: 'scraped' as const, position: null, serpTitle: null })),
  ];
  const sources: ResearchSource[] = await ctx.stage('read', async () => {
    const limit = pLimit(READ_CONCURRENCY);
    return Promise.all(
      planned.map((p, i) =>
        limit(async (): Promise<ResearchSource> => {
          const outcome: ReadOutcome =
            p.kind === 'serp' && isOwn(p.url)
              ? { status: 'skipped', error: "the site's own page" }
              : await readPage(ctx, p.url, p.kind === 'serp' ? MIN_WORDS : MIN_SCRAPED_WORDS);
          const base = { n: i + 1, url: p.url.slice(0, 2048), kind: p.kind, position: p.position };
          if (outcome.status === 'read') {
            return { ...base, title: (outcome.title ?? p.serpTitle)?.slice(0, 1000) ?? null, status: 'read', error: null, words: outcome.words, headings: outcome.headings, text: outcome.text };
          }
          return { ...base, title: p.serpTitle?.slice(0, 1000) ?? null, status: outcome.status, error: outcome.error, words: null, headings: [], text: null };
        }),
      ),
    );
  });

  const competitors = sources.filter((s) => s.kind === 'serp' && s.error !== "the site's own page");
  const unread = competitors.filter((s) => s.status !== 'read');
  if (unread.length) {
    ctx.warn({
      stage: 'read',
      code: 'unread_results',
      message: `${unread.length} of ${competitors.length} results could not be read: ${unreadList(unread)}`,
      params: { count: unread.length, total: competitors.length, urls: unread.map((s) => s.url) },
    });
  }
  const scrapedSources = sources.filter((s) => s.kind === 'scraped');
  const unreadScraped = scrapedSources.filter((s) => s.status !== 'read');
  if (unreadScraped.length) {
    ctx.warn({
      stage: 'read',
      code: 'unread_scraped',
      message: `${unreadScraped.length} of ${scrapedSources.length} pages to scrape could not be read: ${unreadList(unreadScraped)}`,
      params: { count: unreadScraped.length, total: scrapedSources.length, urls: unreadScraped.map((s) => s.url) },
    });
  }

  const docs: ReadDocument[] = competitors
    .filter((s) => s.status === 'read' && s.text)
    .map((s) => ({ n: s.n, text: s.text!, words: s.words ?? 0, headings: s.headings }));
  if (keywordsDerived && !docs.length && !serpQuestions.length) {
    throw new PermanentError(
      `Nothing could be researched: the page has no keyword (tried ${keywords.map((k) => `« ${k} »`).join(', ')}) and no result could be read: add a keyword`,
    );
  }

  const brief = await ctx.stage('brief', async () => buildBrief({ language: lang, keywords, keywordsDerived, docs, serpQuestions }));
  await ctx.stage('store', () => workerTx(ctx.pool, (client) => storeResearch(client, page.page_id, ctx.action.id, brief, sources)));
  ctx.log(`researched: ${docs.length} of ${competitors.length} results read, ${brief.terms.length} terms, ${brief.sections.length} sections, ${brief.questions.length} questions`);
  return { brief, sources };
}

/** Writes the brief (overwriting, editedAt null) and replaces the page's sources. */
async function storeResearch(client: PoolClient, pageId: string, actionId: string, brief: Brief, sources: ResearchSource[]) {
  await client.query(
    `insert into public.page_briefs (page, brief, researched_at, research_action, edited_at)
     values ($1, $2, now(), $3, null)
     on conflict (page) do update
       set brief = excluded.brief, researched_at = excluded.researched_at,
           research_action = excluded.research_action, edited_at = null`,
    [pageId, JSON.stringify({ ...brief, editedAt: null }), actionId],
  );
  await client.query('delete from public.page_brief_sources where page = $1', [pageId]);
  if (!sources.length) return;
  await client.query(
    `insert into public.page_brief_sources (page, n, url, kind, position, title, status, error, words, headings, text)
     select $1, s.n, s.url, s.kind, s.position, s.title, s.status, s.error, s.words, coalesce(s.headings, '[]'::jsonb), s.text
       from jsonb_to_recordset($2::jsonb) as s(n int, url text, kind text, position int, title text, status text, error text, words int, headings jsonb, text text)`,
    [pageId, JSON.stringify(sources.map((s) => ({ ...s, error: s.error?.slice(0, 1000) ?? null })))],
  );
}

/** A page's stored brief and its sources (with their texts), or null when it has no brief. */
export async function loadBrief(pool: Pool | PoolClient, pageId: number | string): Promise<{ brief: Brief; sources: ResearchSource[] } | null> {
  const { rows } = await pool.query<{ brief: Brief }>('select brief from public.page_briefs where page = $1', [pageId]);
  if (!rows[0]) return null;
  const { rows: sources } = await pool.query<ResearchSource>(
    `select n, url, kind, position, title, status, error, words, headings, text
       from public.page_brief_sources where page = $1 order by n`,
    [pageId],
  );
  return { brief: rows[0].brief, sources };
}

/** The research_page action. */
export async function runResearchPage(ctx: ActionContext) {
  const page = await loadPageContext(ctx.pool, ctx.action.linked_page);
  if (!page) throw new PermanentError('The page no longer exists');
  const { brief, sources } = await researchPage(ctx, page);
  return {
    sources: sources.length,
    read: sources.filter((s) => s.status === 'read').length,
    terms: brief.terms.length,
    sections: brief.sections.length,
    questions: brief.questions.length,
  };
}
