// Checks of a version (docs/article-engine.md, "checks"): its claims against the sources' texts
// (claims.ts), its content score against the page's brief (contentScore of @citable/shared/engine,
// the function the browser runs while editing) and its structured data (structured-data.ts),
// written to pages_versions (claims, score, score_parts, structured_data, scored_at; the
// pages.content_score trigger follows). Run by create_article after writing, by
// modify_articles_with_instructions for the version it writes, and by the sanitize_version job
// after an end user's write of the HTML.
import type pg from 'pg';
import { contentScore, type Brief, type Claim, type ScorePart } from '@citable/shared/engine';
import { loadPageContext, type PageContext } from '../db.js';
import { findClaims, type SourceWithText } from './claims.js';
import { loadBrief } from './research.js';
import { structuredData, type JsonLd } from './structured-data.js';

export interface CheckInput {
  html: string;
  /** The page's brief; null: a page never researched (no claims checked, no score). */
  brief: Brief | null;
  sources: SourceWithText[];
  page: PageContext;
  /** The version's dates (ISO); now by default. */
  created?: string;
  modified?: string;
  /** The cover image's absolute URL, when the page has one. */
  image?: string | null;
  /** The site's logo, absolute. */
  logo?: string | null;
}

export interface CheckResult {
  claims: Claim[] | null;
  score: number | null;
  scoreParts: ScorePart[] | null;
  structuredData: JsonLd[];
}

/** The language of a page's article: the brief's, else the site's (fr unless en). */
const languageOf = (brief: Brief | null, page: PageContext) => brief?.language ?? (page.language_code === 'en' ? 'en' : 'fr');

/**
 * A version's claims, score and structured data. Without a brief there is nothing to check the
 * claims and the score against: both null (the structured data still).
 */
export function checkVersion({ html, brief, sources, page, created, modified, image, logo }: CheckInput): CheckResult {
  const now = new Date().toISOString();
  const language = languageOf(brief, page);
  const claims = brief ? findClaims(html, sources, language) : null;
  const score = brief ? contentScore({ html, brief, claims }) : null;
  return {
    claims,
    score: score ? Math.round(score.total) : null,
    scoreParts: score ? score.parts : null,
    structuredData: structuredData({
      html,
      language,
      page,
      datePublished: created ?? now,
      dateModified: modified ?? created ?? now,
      image: image ?? null,
      logo: logo ?? null,
    }),
  };
}

/** The page's chosen cover and its site's logo, as absolute URLs (null when none). */
export async function coverAndLogo(db: pg.Pool | pg.PoolClient, pageId: number | string, publicUrl: string) {
  const { rows } = await db.query<{ image_url: string | null; image_logo: string | null }>(
    `select (select i.image_url from public.pages_versions_images i
              where i.linked_page = p.id and i.type = 'proposition' and i.chosen limit 1) as image_url,
            s.image_logo
       from public.pages p join public.sites s on s.id = p.site where p.id = $1`,
    [pageId],
  );
  // stored paths (/storage/v1/object/public/…) made absolute on the public storage URL
  const absolute = (url: string | null | undefined) =>
    !url ? null : /^https?:\/\//i.test(url) ? url : url.startsWith('/storage/') ? `${publicUrl.replace(/\/+$/, '')}${url}` : null;
  return { image: absolute(rows[0]?.image_url), logo: absolute(rows[0]?.image_logo) };
}

/** What checking a page's versions needs: the page, its brief and sources, its cover and logo. */
export async function loadCheckContext(db: pg.Pool | pg.PoolClient, pageId: number | string, publicUrl: string) {
  const page = await loadPageContext(db, pageId);
  if (!page) return null;
  const loaded = await loadBrief(db, pageId);
  return { page, brief: loaded?.brief ?? null, sources: loaded?.sources ?? [], ...(await coverAndLogo(db, pageId, publicUrl)) };
}

/**
 * Writes a version's checks. With `html`, only while the version still has that HTML (a newer
 * write is checked by its own run); true when written.
 */
export async function writeChecks(db: pg.Pool | pg.PoolClient, versionId: number | string, result: CheckResult, html?: string) {
  const { rowCount } = await db.query(
    `update public.pages_versions
        set claims = $2, score = $3, score_parts = $4, structured_data = $5, scored_at = now()
      where id = $1 and ($6::text is null or html_content = $6::text)`,
    [
      versionId,
      result.claims === null ? null : JSON.stringify(result.claims),
      result.score,
      result.scoreParts === null ? null : JSON.stringify(result.scoreParts),
      JSON.stringify(result.structuredData),
      html ?? null,
    ],
  );
  return (rowCount ?? 0) > 0;
}

/**
 * Checks a stored version against its page's brief as it is now, and writes the result (the
 * sanitize_version job, modify_articles_with_instructions). Null when the version is gone or has
 * no HTML.
 */
export async function recheckVersion(db: pg.Pool, versionId: number | string, publicUrl: string) {
  const { rows } = await db.query<{ page: string; html_content: string | null; created_date: Date | null }>(
    'select page, html_content, created_date from public.pages_versions where id = $1',
    [versionId],
  );
  const version = rows[0];
  if (!version || version.html_content === null) return null;
  const context = await loadCheckContext(db, version.page, publicUrl);
  if (!context) return null;
  const result = checkVersion({
    html: version.html_content,
    ...context,
    created: version.created_date ? new Date(version.created_date).toISOString() : undefined,
    modified: new Date().toISOString(),
  });
  await writeChecks(db, versionId, result, version.html_content);
  return result;
}
