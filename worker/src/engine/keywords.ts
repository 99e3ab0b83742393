// What research searches: the page's keywords or, without any, words derived from its name and
// URL; the site language's text rules; the organic results of several keywords merged.
import { termKey, type EngineLanguage } from '@citable/shared/engine';
import type { SerpResult } from '../providers/serp.js';

/** The engine's text rules for a site language (fr or en). */
export function engineLanguage(code: string | null): EngineLanguage {
  return /^fr\b/i.test(code ?? '') ? 'fr' : 'en';
}

/**
 * Keywords for a page that has none: its name, and the last segment of its URL when that says
 * something else (« potager-bio-facile » → « potager bio facile »). Empty when neither gives a word.
 */
export function deriveKeywords(name: string | null, url: string | null, lang: EngineLanguage): string[] {
  const candidates: string[] = [];
  const tidy = (s: string) => s.replace(/[^\p{L}\p{N}'’ -]+/gu, ' ').replace(/\s+/g, ' ').trim().toLocaleLowerCase(lang).slice(0, 80);
  if (name) candidates.push(tidy(name));
  try {
    const segments = new URL(url ?? '').pathname.split('/').filter(Boolean);
    const last = segments.length ? decodeURIComponent(segments[segments.length - 1]) : '';
    const slug = last.replace(/\.[a-z0-9]{1,5}$/i, '').replace(/[-_+.]+/g, ' ');
    if (/\p{L}{2}/u.test(slug)) candidates.push(tidy(slug));
  } catch {
    // no URL, or not one: the name alone
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
