import { useEffect, useState } from 'react';
import { getDemoArticles, type DemoArticle } from '../api/getDemoArticles';

/** Loads the demo articles once; errors are logged only and leave the list empty. */
export function useDemoArticles(load: () => Promise<DemoArticle[]> = getDemoArticles) {
  const [articles, setArticles] = useState<DemoArticle[]>([]);
  const [isLoading, setIsLoading] = useState(true);
  useEffect(() => {
    let isActive = true;
    load()
      .then((rows) => { if (isActive) setArticles(rows); })
      .catch((error: unknown) => { console.error('[marketing] demo articles could not be loaded', error); })
      .finally(() => { if (isActive) setIsLoading(false); });
    return () => { isActive = false; };
  }, [load]);
  return { articles, isLoading };
}
