import { Children, startTransition, useEffect, useLayoutEffect, useRef, useState, type ReactNode } from 'react';
import { useLocation } from 'react-router-dom';
import { Footer } from '../components/Footer';
import type { Voice } from '../content/types';
import { holdPrerender } from './PrerenderHandoff';

/** Sections rendered in the first commit; the others follow one per task (see LandingLayout). */
const FIRST_SECTIONS = 2;

/** Scrolls to the element named by the URL hash once the (lazy) page has fully rendered. */
function useScrollToHash(ready: boolean) {
  const { hash, pathname } = useLocation();
  useEffect(() => {
    if (!hash || !ready) return;
    const id = decodeURIComponent(hash.slice(1));
    const element = document.getElementById(id);
    if (element) element.scrollIntoView({ behavior: 'smooth', block: 'start' });
  }, [hash, pathname, ready]);
}

/**
 * Every landing page: its sections, then the footer.
 * A long landing page is one big React commit (hundreds of ms on a slow phone, blocking input). The
 * first sections are committed at once, the others one per macrotask in transitions, so no task is
 * long; meanwhile the prerendered copy sent by the server stays on screen (holdPrerender) and goes
 * in the commit that completes the page, so the visitor never sees a partial page.
 */
export function LandingLayout({ children, withFooter = true, voice }: { children: ReactNode; withFooter?: boolean; voice?: Voice }) {
  const sections = Children.toArray(children);
  const total = sections.length + (withFooter ? 1 : 0);
  // server render (build-time prerender): the whole page
  const [shown, setShown] = useState(() => (typeof document === 'undefined' ? total : Math.min(FIRST_SECTIONS, total)));
  const complete = shown >= total;
  const releaseRef = useRef<(() => void) | null>(null);

  // hold the prerendered copy from the first commit (a layout effect: render may run several times)
  // (once, at mount: sections may be added later, e.g. the demo articles once fetched)
  const completeAtMount = useRef(complete);
  useLayoutEffect(() => {
    if (!completeAtMount.current) releaseRef.current = holdPrerender();
    return () => releaseRef.current?.();
  }, []);
  useLayoutEffect(() => {
    if (complete) releaseRef.current?.();
  }, [complete]);

  useEffect(() => {
    if (complete) return undefined;
    const timer = setTimeout(() => startTransition(() => setShown((n) => Math.min(total, n + 1))), 0);
    return () => clearTimeout(timer);
  }, [complete, shown, total]);

  useScrollToHash(complete);
  const items = withFooter ? [...sections, <Footer key="footer" voice={voice} />] : sections;
  return <div className="cz-marketing">{items.slice(0, shown)}</div>;
}
