/** Pure rules of the keywords screen (docs/product-rules.md#screens "Keywords", §5 "Keyword add", §9). */
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

