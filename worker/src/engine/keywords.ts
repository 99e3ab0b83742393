// What research searches: the page's keywords or, without any, words derived from its name and
// URL; the site language's text rules; the organic results of several keywords merged.
import { termKey, type EngineLanguage } from '@citable/shared/engine';
import type { SerpResult } from '../providers/serp.js';

/** The engine's text rules for a site language (fr or en). */
export function engineLanguage(code: string | null): EngineLanguage {
  return /^fr\b/i.test(code ?? '') ? 'fr' : 'en';
}

/**
 * A page name that is only an address: "boulangerie.fr/pains", as take_in_request names the page of a
 * claim (the URL's host and path) until the operator renames it. It names no subject.
 */
const SECOND_LEVEL = new Set(['co', 'com', 'org', 'net', 'gov', 'gouv', 'ac', 'edu', 'asso']);
const ADDRESS_LIKE = /^(?:https?:\/\/)?(?:[\p{L}\p{N}-]+\.)+\p{L}{2,}(?::\d+)?(?:[/?#]\S*)?$/iu;

/** A page name that is only an address (a request taken in, not renamed yet): it names no subject. */
export function isAddressName(name: string | null | undefined): boolean {
  return Boolean(name && ADDRESS_LIKE.test(name.trim()));
}

/**
 * Keywords for a page that has none: its name, and the last segment of its URL when that says
 * something else (« potager-bio-facile » → « potager bio facile »). A name that is only an address
 * (a request taken in) is no keyword: the URL's slug is, else the words of the site's domain
 * (« fromagerie-des-alpes.fr » → « fromagerie des alpes »). Empty when nothing gives a word.
 */
export function deriveKeywords(name: string | null, url: string | null, lang: EngineLanguage): string[] {
  const candidates: string[] = [];
  const tidy = (s: string) => s.replace(/[^\p{L}\p{N}'’ -]+/gu, ' ').replace(/\s+/g, ' ').trim().toLocaleLowerCase(lang).slice(0, 80);
  const nameIsAddress = isAddressName(name);
  if (name && !nameIsAddress) candidates.push(tidy(name));
  let parsed: URL | null = null;
  try {
    parsed = new URL(url ?? '');
  } catch {
    // no URL, or not one: the name alone
  }
  if (parsed) {
    const segments = parsed.pathname.split('/').filter(Boolean);
    const last = segments.length ? decodeURIComponent(segments[segments.length - 1]) : '';
    const slug = last.replace(/\.[a-z0-9]{1,5}$/i, '').replace(/[-_+.]+/g, ' ');
    if (/\p{L}{2}/u.test(slug)) candidates.push(tidy(slug));
  }
  if (nameIsAddress && candidates.length === 0) {
    // the site's domain, without www and the top-level domain: what the site is about, at least
    let host = '';
    try {
      host = parsed?.hostname || new URL(/^https?:\/\//i.test(name!.trim()) ? name!.trim() : `https://${name!.trim()}`).hostname;
    } catch {
      host = '';
    }
    const parts = host.replace(/^www\./i, '').split('.').slice(0, -1);
    // a second-level suffix (co.uk, com.au, gouv.fr) is no word of the name
    if (parts.length > 1 && SECOND_LEVEL.has(parts[parts.length - 1].toLowerCase())) parts.pop();
    const labels = parts.join(' ').replace(/[-_]+/g, ' ');
    if (/\p{L}{2}/u.test(labels)) candidates.push(tidy(labels));
  }
  const seen = new Set<string>();
  return candidates.filter((c) => {
    const key = termKey(c, lang);
    if (!c || !key || seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

/** The organic results of several keywords, best positions first (one of each keyword in turn), each URL once. */
export function mergeResults(lists: SerpResult[][], max: number): SerpResult[] {
  const sorted = lists.map((l) => [...l].sort((a, b) => a.position - b.position));
  const out: SerpResult[] = [];
  const seen = new Set<string>();
  for (let i = 0; out.length < max && sorted.some((l) => i < l.length); i++) {
    for (const list of sorted) {
      const r = list[i];
      if (!r || out.length >= max) continue;
      const id = r.url.replace(/#.*$/, '');
      if (seen.has(id)) continue;
      seen.add(id);
      out.push(r);
    }
  }
  return out;
}
