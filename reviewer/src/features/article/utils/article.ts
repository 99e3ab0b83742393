/** Pure rules of the article viewer (docs/product-rules.md#screens "Article viewer", §4 review states). */
import type { ArticleForView } from '@citable/shared';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A version id is a uuid; anything else is a malformed link (answered without asking the server). */
export const isVersionId = (value: string | undefined): value is string => typeof value === 'string' && UUID.test(value);

export type ReviewState = 'draft' | 'inRevision' | 'approved';

/** §4: draft (neither flag), in-revision (sent_in_revision), approved (approved). */
export function reviewState(version: Pick<ArticleForView['version'], 'sent_in_revision' | 'approved'>): ReviewState {
  if (version.approved) return 'approved';
  if (version.sent_in_revision) return 'inRevision';
  return 'draft';
}

/**
 * The cover (§2): none when hidden from the preview; else the chosen proposition, else the newest
 * proposition by id. The server orders its own pick the same way; this also covers a list changed locally.
 */
export function coverImage(article: Pick<ArticleForView, 'page' | 'images' | 'cover_image_url'>): string | null {
  if (article.page.hide_cover_image_from_preview) return null;
  const chosen = article.images.find((image) => image.chosen);
  if (chosen) return chosen.image_url;
  const newest = [...article.images].sort((a, b) => b.id - a.id)[0];
  return newest?.image_url ?? article.cover_image_url ?? null;
}

/** An image URL the browser can load: a stored path (/storage/v1/…) is read from the backend. */
export function assetUrl(url: string, backendUrl: string): string {
  return url.startsWith('/') && !url.startsWith('//') ? `${backendUrl.replace(/\/+$/, '')}${url}` : url;
}

/** Words of an HTML text (tags removed), for the reading time. */
export function wordCount(html: string): number {
  const text = html.replace(/<[^>]*>/g, ' ').replace(/&[a-z#0-9]+;/gi, ' ');
  return text.split(/\s+/).filter((word) => /[\p{L}\p{N}]/u.test(word)).length;
}

/** Minutes of reading at 230 words a minute, at least 1. */
export const readingMinutes = (html: string) => Math.max(1, Math.round(wordCount(html) / 230));

/**
 * The article body without its leading <h1> when that heading repeats the page name (the page shows the
 * name as its title already: one h1 per page).
 */
export function withoutRepeatedTitle(html: string, title: string): string {
  const match = /^\s*<h1[^>]*>([\s\S]*?)<\/h1>/i.exec(html);
  if (!match) return html;
  const text = match[1].replace(/<[^>]*>/g, '').replace(/\s+/g, ' ').trim().toLowerCase();
  return text === title.replace(/\s+/g, ' ').trim().toLowerCase() ? html.slice(match[0].length) : html;
}

/** A date in the reader's language, e.g. « 3 novembre 2026 » / "November 3, 2026". */
export function formatDate(iso: string, lng: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return new Intl.DateTimeFormat(lng, { day: 'numeric', month: 'long', year: 'numeric' }).format(date);
}

/**
 * The toast of a review action refused because the version moved meanwhile (another tab, another
 * person): hint 'invalid_transition', the state the server found in the error's details
 * (migration 20261130000400: 'approved', 'in_revision', 'draft').
 */
export function staleMessageKey(action: 'sendForRevision' | 'cancelRevision' | 'approve' | 'cancelApproval', foundState: string | undefined): string {
  if (foundState === 'approved') return action === 'sendForRevision' ? 'toast.staleJustApproved' : 'toast.staleApproved';
  if (foundState === 'in_revision') return 'toast.staleInRevision';
  if (foundState === 'draft') return 'toast.staleDraft';
  return 'toast.stale';
}

/** A web address as a page's name: "https://www.fournil.fr/pain", "fournil.fr/pain-au-levain" (no spaces, a dotted host). */
const ADDRESS = /^(?:https?:\/\/)?(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z]{2,63}(?::\d{1,5})?(?:[/?#]\S*)?$/i;

/**
 * The article's title as /view shows it (audit L10): a page named by its web address shows its host
 * alone ("fournil.fr", without "https://www." nor the path that broke mid-word on a phone); any other
 * name as it is. The server's first paint (server/src/article-view-head.ts viewTitle) does the same.
 */
export function displayTitle(name: string): string {
  const trimmed = name.trim();
  if (!ADDRESS.test(trimmed)) return name;
  const host = trimmed.replace(/^https?:\/\//i, '').split(/[/?#:]/)[0];
  return host.replace(/^www\./i, '').toLowerCase();
}
