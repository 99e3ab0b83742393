/**
 * URL rules of the bulk import (issue 32). pageUrlKey is private.page_url_key of migration
 * 20261201003000 in TypeScript: the preview flags the duplicates the database will skip.
 */

/** The longest URL and name a page takes (the pages table's checks). */
export const URL_MAX_LENGTH = 2048;
export const NAME_MAX_LENGTH = 500;

/**
 * The normalised URL two pages of a site must not share: the scheme (http/https), a leading
 * "www.", the host's case, the default port, the fragment and the path's trailing slashes do not
 * count; the path's case and the query do. null when the text is not an http(s) URL.
 */
export function pageUrlKey(url: string): string | null {
  const m = /^https?:\/\/([^/?#]*)([^#]*)/i.exec(url.trim());
  if (!m) return null;
  const host = (m[1] ?? '').toLowerCase().replace(/^www\./, '').replace(/:(80|443)$/, '');
  const q = /^([^?]*)(\?.*)?$/.exec(m[2] ?? '');
  const path = (q?.[1] ?? '').replace(/\/+$/, '');
  const query = q?.[2] && q[2] !== '?' ? q[2] : '';
  return host + path + query;
}

/** An address a page can have: http(s), a host, no whitespace, at most 2,048 characters (private.is_page_url). */
export const isPageUrl = (url: string) => url.length >= 1 && url.length <= URL_MAX_LENGTH && /^https?:\/\/[^/?#\s]+\S*$/i.test(url);

/**
 * The URL of an imported row: trimmed; a path of the site ('/blog/post') gets the site's address,
 * as in the page form. Anything else is kept as written (and flagged when it is not http(s)).
 */
export function resolveImportUrl(raw: string, siteUrl?: string | null): string {
  const url = raw.trim();
  if (url.startsWith('/') && !url.startsWith('//') && siteUrl) {
    const base = siteUrl.trim().replace(/\/+$/, '');
    const withScheme = /^https?:\/\//i.test(base) ? base : `https://${base}`;
    return `${withScheme}${url}`;
  }
  return url;
}

function decode(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

/**
 * A readable page name from its URL: the last path segment, decoded, without its file extension,
 * dashes and underscores as spaces, the first letter capitalised (/pain-au-levain → "Pain au
 * levain"). The host (without www.) for the home page.
 */
export function nameFromUrl(url: string): string {
  const m = /^https?:\/\/([^/?#]*)([^?#]*)/i.exec(url.trim());
  if (!m) return '';
  const segments = (m[2] ?? '').split('/').filter(Boolean);
  const last = segments.length > 0 ? decode(segments[segments.length - 1] as string) : '';
  const words = last
    .replace(/\.(html?|php|aspx?|jsp)$/i, '')
    .replace(/[-_+]+/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  if (!words) return (m[1] ?? '').toLowerCase().replace(/^www\./, '');
  return words.charAt(0).toLocaleUpperCase('fr') + words.slice(1);
}
