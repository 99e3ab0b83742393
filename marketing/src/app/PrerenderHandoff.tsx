import { useLayoutEffect } from 'react';

/** Id of the element the shell server fills with the prerendered page (scripts/lib/prerender.cjs). */
export const PRERENDER_ID = 'citable-prerender';

/**
 * Removes the server-prerendered copy of the page once the real one has been committed: the
 * layout effect runs after React wrote the DOM and before the browser paints, so the visitor sees
 * the prerendered page, then the same page made interactive, with no blank frame in between.
 */
export function PrerenderHandoff() {
  useLayoutEffect(() => {
    document.getElementById(PRERENDER_ID)?.remove();
  }, []);
  return null;
}
