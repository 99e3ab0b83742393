import { useEffect } from 'react';
import type { RouteKey } from '../config/paths';
import { pageMeta } from '../content/seo';
import type { Locale } from '../content/types';

/** Keeps document title and meta description in step with the route and language during client navigation. */
export function usePageMeta(key: RouteKey | undefined, locale: Locale) {
  useEffect(() => {
    if (!key || typeof document === 'undefined') return;
    const meta = pageMeta[key][locale];
    document.title = meta.title;
    let description = document.head.querySelector<HTMLMetaElement>('meta[name="description"]');
    if (!description) {
      description = document.createElement('meta');
      description.name = 'description';
      document.head.appendChild(description);
    }
    description.content = meta.description;
  }, [key, locale]);
}
