import { useEffect, useRef, useState } from 'react';
import { loadOnce } from '@citable/shared';
import type { Testimonial } from '../content/types';
import { useNearViewport } from '../lib/useNearViewport';
import { CarouselDots } from './CarouselDots';
import { TestimonialCard } from './TestimonialCard';
import type * as CarouselModule from './TestimonialCarousel';

type Module = typeof CarouselModule;

/**
 * The testimonial carousel's chunk (the carousel, @mantine/carousel, embla and their styles, ~11 KB
 * gzip): it sits below the fold, so it is downloaded when its section comes near the viewport, not
 * with the page (the first-load budget of the public pages, docs/architecture.md). The prerender awaits
 * it, so the crawlable HTML has the real carousel, arrows included.
 */
export const loadTestimonialCarousel = loadOnce<Module>(() => import(/* webpackChunkName: "testimonial-carousel" */ './TestimonialCarousel'));

/**
 * How near the viewport the carousel starts downloading. Smaller than the contact form's margin: the
 * static first view below shows the same cards until the carousel arrives.
 */
const NEAR_MARGIN = '100px';

/** What tells that the visitor is reading on, not just looking at the first view. */
const ACTIVITY = ['scroll', 'pointerdown', 'pointermove', 'keydown', 'touchstart', 'focusin'] as const;

/**
 * True once the visitor has scrolled, touched, pressed a key or moved the pointer (or the page was
 * opened scrolled: an anchor, a restored position). A carousel already in the first view (/home-5
 * on a phone: just under the hero) waits for that instead of downloading with the page; its static
 * first view is complete meanwhile.
 */
function useVisitorActive(): boolean {
  const [isActive, setIsActive] = useState(() => typeof window === 'undefined' || window.scrollY > 0);
  useEffect(() => {
    if (isActive) return undefined;
    const onActivity = () => setIsActive(true);
    for (const type of ACTIVITY) window.addEventListener(type, onActivity, { passive: true, capture: true, once: true });
    return () => {
      for (const type of ACTIVITY) window.removeEventListener(type, onActivity, { capture: true });
    };
  }, [isActive]);
  return isActive;
}

/**
 * The carousel's first view without its script: every testimonial card in one clipped row, one per
 * row on small screens and two from md up (the carousel's slideSize and slideGap), and the carousel's
 * dots. Same size as the carousel, so nothing moves when it replaces this (CLS). A dot tapped here asks
 * for the carousel, which opens on that slide.
 */
function StaticTestimonials({ items, selected, onSelect }: { items: Testimonial[]; selected: number; onSelect: (index: number) => void }) {
  return (
    <>
      <div className="cz-carousel cz-carousel-static" data-testid="testimonials-static">
        <div className="cz-carousel-static-viewport">
          <div className="cz-carousel-static-track">
            {items.map((item) => (
              <div key={item.name} className="cz-carousel-static-slide" data-testimonial={item.name}>
                <TestimonialCard testimonial={item} />
              </div>
            ))}
          </div>
        </div>
      </div>
      <CarouselDots total={items.length} selected={selected} onSelect={onSelect} />
    </>
  );
}

/**
 * The testimonial carousel, downloaded near the viewport once the visitor reads on (see
 * loadTestimonialCarousel, useVisitorActive).
 */
export function DeferredTestimonialCarousel({ items }: { items: Testimonial[] }) {
  const slot = useRef<HTMLDivElement>(null);
  const isNear = useNearViewport(slot, NEAR_MARGIN);
  const isVisitorActive = useVisitorActive();
  // the dot tapped on the first view: the carousel is wanted now, and opens on that slide
  const [requested, setRequested] = useState<number | null>(null);
  const isWanted = requested !== null || (isNear && isVisitorActive);
  const [module, setModule] = useState<Module | undefined>(() => loadTestimonialCarousel.peek());

  useEffect(() => {
    if (!isWanted || module) return undefined;
    let live = true;
    // a failed download leaves the static testimonials in place (nothing is lost but the sliding)
    loadTestimonialCarousel().then(
      (m) => live && setModule(m),
      (error: unknown) => console.error('[marketing] testimonial carousel chunk', error),
    );
    return () => {
      live = false;
    };
  }, [isWanted, module]);

  if (module) return <module.TestimonialCarousel items={items} initialSlide={requested ?? 0} />;
  return (
    <div ref={slot}>
      <StaticTestimonials items={items} selected={requested ?? 0} onSelect={setRequested} />
    </div>
  );
}
