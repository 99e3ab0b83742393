import { useEffect } from 'react';
import type { RouteKey } from '../config/paths';
import type { LocaleContent } from '../locales/load';

/** Keeps document title and meta description in step with the route and language during client navigation. */
export function usePageMeta(key: RouteKey | undefined, content: LocaleContent | undefined) {
  useEffect(() => {
    if (!key || !content || typeof document === 'undefined') return;
    const meta = content.pageMeta[key];
    document.title = meta.title;
    let description = document.head.querySelector<HTMLMetaElement>('meta[name="description"]');
    if (!description) {
      description = document.createElement('meta');
      description.name = 'description';
      document.head.appendChild(description);
    }
    description.content = meta.description;
  }, [key, content]);
}
