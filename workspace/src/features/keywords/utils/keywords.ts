/** Pure rules of the keywords screen (docs/product-rules.md#screens "Keywords", §5 "Keyword add", §9). */
import { toUnicode } from 'punycode/';
import { hostOf, isOnDomain } from '../../../utils/domain';

/** §9: the SERP meta description is cut at 150 characters. */
export const META_DESCRIPTION_MAX = 150;

/** The keyword as stored: trimmed, inner runs of spaces kept as typed. Empty when blank. */
export const normalizeKeyword = (input: string) => input.trim();

/**
 * The longest keyword the database accepts (migration 20261128000400: a search query, not a
 * paragraph); the field stops there and says so.
 */
export const KEYWORD_MAX_LENGTH = 200;

/** Longer than the database's 200 characters once trimmed (counted in characters, as length() does). */
export const keywordTooLong = (input: string) => Array.from(normalizeKeyword(input)).length > KEYWORD_MAX_LENGTH;

/** §5: blank or whitespace-only disables the button. */
export const canAddKeyword = (input: string) => normalizeKeyword(input).length > 0;

/** A meta description cut at `max` characters (on a code point, with an ellipsis when cut). */
export function truncateMeta(text: string | null | undefined, max = META_DESCRIPTION_MAX): string {
  if (!text) return '';
  const chars = Array.from(text);
  return chars.length <= max ? text : `${chars.slice(0, max).join('').trimEnd()}…`;
}

/** A SERP row of the site's own domain (or one of its subdomains). */
export function isOwnResult(resultUrl: string | null | undefined, siteUrl: string | null | undefined): boolean {
  return isOnDomain(hostOf(resultUrl), hostOf(siteUrl));
}

/** §2: the SERP search button shows for a keyword used in search, without SERPs, when the serps action id is known. */
export function showSerpSearch(row: { to_search: boolean; serpCount: number }, serpsActionId: number | null): boolean {
  return row.to_search && row.serpCount === 0 && serpsActionId !== null;
}


/**
 * Characters left percent-encoded when a result address is shown: controls, format characters
 * (bidirectional overrides, zero-width joiners) and every kind of space or separator — decoded,
 * they would hide or reorder parts of the address.
 */
const UNSAFE_IN_DISPLAY = /[\p{C}\p{Z}]/gu;

const reencode = (text: string) => text.replace(UNSAFE_IN_DISPLAY, (c) => encodeURIComponent(c));

/**
 * A SERP result's address as a reader reads it (issue 32): its host from Punycode to Unicode
 * (xn--pain-dpices-… → pain-d’épices…) and its percent escapes decoded
 * (/wiki/Pain_d%E2%80%99%C3%A9pices → /wiki/Pain_d’épices). Safely: escapes of reserved characters
 * (/ ? # & =) stay as they are (decodeURI), so do controls and spaces, and an address with a malformed
 * escape, or that is no URL at all, is shown raw. Only for display: links keep the stored address.
 */
export function displayUrl(raw: string | null | undefined): string {
  if (!raw) return '';
  let decoded: string;
  try {
    decoded = decodeURI(raw);
  } catch {
    return raw; // a malformed escape (%E2%80 cut short, %zz): the address as stored
  }
  decoded = reencode(decoded);
  const match = /^([a-z][a-z0-9+.-]*:\/\/)([^/?#]*)(.*)$/is.exec(decoded);
  if (!match) return decoded;
  const [, scheme, authority, rest] = match;
  const at = authority.lastIndexOf('@');
  const userinfo = at >= 0 ? authority.slice(0, at + 1) : '';
  const hostPort = authority.slice(at + 1);
  const portMatch = /^(.*?)(:\d*)?$/s.exec(hostPort);
  const host = portMatch?.[1] ?? hostPort;
  const port = portMatch?.[2] ?? '';
  const unicodeHost = host.split('.').map(unicodeLabel).join('.');
  return `${scheme}${userinfo}${unicodeHost}${port}${rest}`;
}

/** Scripts whose look-alike letters make homograph addresses (pаypal.com with a Cyrillic а). */
const CONFUSABLE_SCRIPTS = [/\p{Script=Latin}/u, /\p{Script=Cyrillic}/u, /\p{Script=Greek}/u];

/**
 * One host label in Unicode when it is valid Punycode (the URL parser's own check, UTS #46) and
 * shows no trap: no control or space character, no mix of Latin, Cyrillic and Greek letters.
 * Anything else stays as stored (xn--…), as browsers do in their address bar.
 */
function unicodeLabel(label: string): string {
  if (!/^xn--/i.test(label)) return label;
  let unicode: string;
  try {
    unicode = toUnicode(label.toLowerCase());
    if (new URL(`http://${unicode}/`).hostname !== label.toLowerCase()) return label;
  } catch {
    return label;
  }
  if (/[\p{C}\p{Z}]/u.test(unicode)) return label;
  const scripts = CONFUSABLE_SCRIPTS.filter((script) => script.test(unicode)).length;
  return scripts > 1 ? label : unicode;
}

/** When the keyword was last searched: its SERP rows are replaced by each search, so the newest row's date. */
export function lastSearchedAt(rows: readonly { created_at?: string | null }[]): Date | null {
  let newest: number | null = null;
  for (const row of rows) {
    const time = row.created_at ? Date.parse(row.created_at) : NaN;
    if (Number.isFinite(time) && (newest === null || time > newest)) newest = time;
  }
  return newest === null ? null : new Date(newest);
}
