import { useEffect, useState } from 'react';
import { getDemoArticles, type DemoArticle } from '../api/getDemoArticles';

/**
 * Loads the demo articles once `isEnabled` turns true; errors are logged only and leave the list empty.
 * (The section sits far down the landing page: it starts loading when it comes near the viewport, so
 * a visitor who reads only the top of the page does not download the data client for it.)
 */
export function useDemoArticles(load: () => Promise<DemoArticle[]> = getDemoArticles, isEnabled = true) {
  const [articles, setArticles] = useState<DemoArticle[]>([]);
  const [isLoading, setIsLoading] = useState(true);
  useEffect(() => {
    if (!isEnabled) return undefined;
    let isActive = true;
    load()
      .then((rows) => { if (isActive) setArticles(rows); })
      .catch((error: unknown) => { console.error('[marketing] demo articles could not be loaded', error); })
      .finally(() => { if (isActive) setIsLoading(false); });
    return () => { isActive = false; };
  }, [load, isEnabled]);
  return { articles, isLoading };
}
