/**
 * What the WordPress screens decide from the data, without React (issue 31): the connection's state,
 * the text key of each failure code and refusal hint, which version is published, whether the
 * WordPress copy is behind. The texts are in ./locales (the worker's WORDPRESS_MESSAGES, copied).
 */

/** The failure codes of a connection test or a publication (worker/src/wordpress/client.ts WordPressFailure). */
/** The anchor of the site form's WordPress section: the publish panels link to paths.site(id) + WORDPRESS_ANCHOR. */
export const WORDPRESS_ANCHOR = '#wordpress';

export const WORDPRESS_FAILURES = [
  'invalid_url',
  'plain_http',
  'unreachable',
  'no_rest_api',
  'wrong_credentials',
  'cannot_publish',
  'not_found',
  'too_large',
  'rejected',
  'timeout',
  'server_error',
  'rate_limited',
] as const;
export type WordPressFailure = (typeof WORDPRESS_FAILURES)[number];

/** The hints save_wordpress_connection and delete_wordpress_connection refuse with. */
export const SAVE_REFUSALS = ['not_found', 'wp_url', 'plain_http', 'username', 'password'] as const;
/** The hints a publish_wordpress row is refused with (migration 20261130000600, part 4). */
export const PUBLISH_REFUSALS = ['not_approved', 'no_wordpress_connection'] as const;

/** What the test found (client.ts ConnectionFound); every field may be missing after a failure. */
export interface ConnectionFound {
  siteName?: string;
  siteUrl?: string;
  user?: { id?: number; name?: string; slug?: string | null; roles?: string[] };
  capabilities?: Partial<Record<'publish_posts' | 'publish_pages' | 'upload_files' | 'edit_posts', boolean>>;
  seo?: { plugin?: 'yoast' | 'rank_math' | null; writable?: boolean; via?: string | null; reason?: string | null };
  warnings?: string[];
}

/** get_wordpress_connection(p_site): the site's connection without the password, or null. */
export interface WordPressConnection {
  site: number;
  wp_url: string | null;
  username: string | null;
  has_password: boolean;
  plain_http_confirmed: boolean | null;
  auto_publish: boolean | null;
  test_status: string | null;
  test_message: string | null;
  found: ConnectionFound | null;
  tested_at: string | null;
  updated_at: string | null;
  pending: { wp_url: string; username: string; requested_at: string; error: string | null } | null;
}

export type ConnectionState = 'none' | 'testing' | 'error' | 'ok' | 'failed';

/** none: nothing saved; testing: the worker has not answered yet; error: it could not handle the request. */
export function connectionState(connection: WordPressConnection | null | undefined): ConnectionState {
  if (!connection) return 'none';
  if (connection.pending) return connection.pending.error ? 'error' : 'testing';
  if (!connection.has_password) return 'none';
  return connection.test_status === 'ok' ? 'ok' : 'failed';
}

/** Poll get_wordpress_connection while the worker tests a request. */
export const isTesting = (connection: WordPressConnection | null | undefined) => connectionState(connection) === 'testing';

export const isWordPressFailure = (code: unknown): code is WordPressFailure =>
  typeof code === 'string' && (WORDPRESS_FAILURES as readonly string[]).includes(code);

/** The text key (namespace wordpress) of a failure code; unknown codes get a text naming them. */
export function failureKey(code: string | null | undefined): { key: string; params?: Record<string, string> } {
  if (isWordPressFailure(code)) return { key: `failure.${code}` };
  return { key: 'failure.unknown', params: { code: code || '?' } };
}

/** The text key of a refusal hint (save, delete or publish), or null when the hint is not one of them. */
export function refusalKey(hint: string | null | undefined): string | null {
  if (!hint) return null;
  return (SAVE_REFUSALS as readonly string[]).includes(hint) || (PUBLISH_REFUSALS as readonly string[]).includes(hint) ? `refusal.${hint}` : null;
}

/** A plain-http address: the password would travel in clear (the operator confirms it). */
export const isPlainHttp = (url: string) => /^\s*http:\/\//i.test(url);

/** An address save_wordpress_connection takes (its own check, so the form says it before asking). */
export const isWordPressUrl = (url: string) => /^https?:\/\/[^\s/?#@]+(\/[^\s?#]*)?$/i.test(url.trim()) && url.trim().length <= 2048;

interface VersionLike {
  id: string;
  created_date: string;
  approved: boolean;
}

/**
 * The version the Publish button sends: the one shown when it is approved, else the latest approved
 * one (newest created_date); null when none is approved.
 */
export function versionToPublish<V extends VersionLike>(versions: readonly V[], shownId: string | null = null): V | null {
  const shown = shownId ? versions.find((v) => v.id === shownId && v.approved) : undefined;
  if (shown) return shown;
  let latest: V | null = null;
  for (const v of versions) if (v.approved && (!latest || v.created_date > latest.created_date)) latest = v;
  return latest;
}

export interface PageWordPress {
  wordpress_post_id: number | null;
  wordpress_link: string | null;
  wordpress_status: string | null;
  wordpress_published_at: string | null;
  wordpress_version: string | null;
}

/** The page is on WordPress (a post was made), deleted there, or not published. */
export function publicationState(page: PageWordPress | null | undefined): 'none' | 'published' | 'deleted' {
  if (!page || page.wordpress_post_id === null) return 'none';
  return page.wordpress_status === 'deleted' ? 'deleted' : 'published';
}

/** The WordPress copy holds another version than the latest approved one. */
export function isCopyBehind(page: PageWordPress | null | undefined, latestApprovedId: string | null): boolean {
  return publicationState(page) === 'published' && latestApprovedId !== null && page?.wordpress_version !== latestApprovedId;
}
