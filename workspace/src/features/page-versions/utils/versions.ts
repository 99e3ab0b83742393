/** Pure rules of the versions screen (docs/product-rules.md#states, docs/product-rules.md#validation). */
import type { PageVersion } from '@citable/shared';

/** A version's review state, derived from its flags (docs/product-rules.md#states). */
export type ReviewState = 'draft' | 'in-revision' | 'approved';

export function reviewState(version: Pick<PageVersion, 'sent_in_revision' | 'approved'>): ReviewState {
  if (version.approved) return 'approved';
  if (version.sent_in_revision) return 'in-revision';
  return 'draft';
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The version named by the query string (?version=): its id, none, or a value that is not a version id. */
export interface RequestedVersion {
  /** the uuid, lower-cased; null when absent or malformed */
  id: string | null;
  /** the address names something that is not a uuid ('Version not found', never the newest instead) */
  malformed: boolean;
}

/** Reads ?version=: absent or empty is no request; anything but a uuid is malformed. */
export function parseVersionId(value: string | null): RequestedVersion {
  if (value === null || value.trim() === '') return { id: null, malformed: false };
  return UUID.test(value) ? { id: value.toLowerCase(), malformed: false } : { id: null, malformed: true };
}

/**
 * The active version: the one in the address when the page has it, else the newest.
 * `missing` says the address named a version the page does not have, or something that is not a
 * version id at all ('Version not found').
 */
export function activeVersionOf<T extends { id: string }>(
  versions: readonly T[],
  requested: RequestedVersion | string | null,
): { active: T | null; missing: boolean } {
  if (requested !== null && typeof requested === 'object') {
    if (requested.malformed) return { active: null, missing: true };
    requested = requested.id;
  }
  if (requested) {
    const found = versions.find((v) => v.id === requested);
    if (found) return { active: found, missing: false };
    return { active: null, missing: true };
  }
  return { active: versions[0] ?? null, missing: false };
}

/**
 * After deleting `deletedId`: the version to activate (docs/product-rules.md#states: deleting the active version
 * activates the first remaining one, or none; deleting another keeps the active one).
 */
export function activeAfterDelete<T extends { id: string }>(versions: readonly T[], deletedId: string, activeId: string | null): string | null {
  if (activeId !== deletedId) return activeId;
  return versions.find((v) => v.id !== deletedId)?.id ?? null;
}

/** The version to compare with by default: the active one's parent when the page still has it, else the next older one, else the newest other. */
export function defaultComparison<T extends { id: string; parent_version: string | null }>(versions: readonly T[], active: T): string | null {
  if (active.parent_version && versions.some((v) => v.id === active.parent_version)) return active.parent_version;
  const index = versions.findIndex((v) => v.id === active.id);
  return versions[index + 1]?.id ?? versions.find((v) => v.id !== active.id)?.id ?? null;
}

/** Older first: which of the two is the "Previous Version" (left) and which the "Current Version" (right). */
export function orderForDiff<T extends { created_date: string }>(a: T, b: T): [T, T] {
  return new Date(a.created_date).getTime() <= new Date(b.created_date).getTime() ? [a, b] : [b, a];
}

/** The view modes of the HTML Content viewer and what may happen in each (docs/product-rules.md#states). */
export interface ViewerState {
  mode: 'rendered' | 'code';
  editing: boolean;
  comparing: boolean;
}

export const canToggleView = (s: ViewerState) => !s.editing && !s.comparing;
export const canEdit = (s: ViewerState) => s.mode === 'code' && !s.editing && !s.comparing;
export const canCompare = (s: ViewerState, versionCount: number) => versionCount > 1 && !s.editing;

/**
 * The longest article HTML the database stores, in characters (pages_versions.html_content's check and
 * save_version_edit, supabase/migrations/20261127000300): the editor says so before sending.
 */
export const ARTICLE_MAX_CHARS = 5_000_000;

/** The HTML's length as PostgreSQL's length() counts it: code points (a JavaScript length counts UTF-16 units). */
export function articleLength(html: string): number {
  // code points ≤ UTF-16 units: only a string longer than the cap in units needs counting
  if (html.length <= ARTICLE_MAX_CHARS) return html.length;
  let count = 0;
  for (let i = 0; i < html.length; i += 1) {
    const unit = html.charCodeAt(i);
    // a high surrogate followed by a low one is one code point
    if (unit >= 0xd800 && unit <= 0xdbff && i + 1 < html.length) {
      const next = html.charCodeAt(i + 1);
      if (next >= 0xdc00 && next <= 0xdfff) i += 1;
    }
    count += 1;
  }
  return count;
}

export const isArticleTooLong = (html: string) => articleLength(html) > ARTICLE_MAX_CHARS;
