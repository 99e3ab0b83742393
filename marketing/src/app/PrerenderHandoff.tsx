import { useLayoutEffect } from 'react';

/** Id of the element the shell server fills with the prerendered page (server/src/prerender.ts). */
export const PRERENDER_ID = 'citable-prerender';

let holds = 0;

function removePrerender() {
  document.getElementById(PRERENDER_ID)?.remove();
}

/**
 * Keeps the prerendered copy on screen while a page renders progressively (LandingLayout): returns
 * the release function; the copy goes when the last hold is released.
 */
export function holdPrerender(): () => void {
  holds += 1;
  let released = false;
  return () => {
    if (released) return;
    released = true;
    holds -= 1;
    if (holds === 0) removePrerender();
  };
}

/**
 * Removes the server-prerendered copy of the page once the real one has been committed: the
 * layout effect runs after React wrote the DOM and before the browser paints, so the visitor sees
 * the prerendered page, then the same page made interactive, with no blank frame in between.
 * A page still rendering progressively holds it (holdPrerender) and removes it itself when complete.
 */
export function PrerenderHandoff() {
  useLayoutEffect(() => {
    if (holds === 0) removePrerender();
  }, []);
  return null;
}
