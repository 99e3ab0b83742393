import { useEffect, useRef, useState } from 'react';
import { createPortal } from 'react-dom';
import { Carousel } from '@mantine/carousel';
import { VisuallyHidden } from '@mantine/core';
import type { EmblaCarouselType } from 'embla-carousel';
import '@mantine/carousel/styles.css';
import type { Testimonial } from '../content/types';
import { useMarketingT } from '../lib/locale';
import { CarouselDots } from './CarouselDots';
import { TestimonialCard } from './TestimonialCard';

/**
 * Testimonial carousel (docs/public-site.md#states): loops, one slide per row on small screens
 * and two from md up, dots under the slides at every width (a phone shows there are more, and
 * each dot reaches one), previous/next buttons from xl up beside the slides (never over a quote),
 * ArrowLeft/ArrowRight switch slides when the carousel has focus. The dots are ours (CarouselDots),
 * not Mantine's, which exist only once Embla runs: the prerendered copy and the static first view
 * show the same dots, and `initialSlide` opens on the one tapped there.
 *
 * Every label speaks the page's language. Mantine's own live region always says 'Slide 1 of 6' in
 * English and has no prop for its text: it is taken out of the accessibility tree, and a translated
 * one ('Témoignage 1 sur 6') is rendered in its place, inside the carousel region.
 */
export function TestimonialCarousel({ items, initialSlide = 0 }: { items: Testimonial[]; initialSlide?: number }) {
  const { t } = useMarketingT();
  const [root, setRoot] = useState<HTMLDivElement | null>(null);
  const [embla, setEmbla] = useState<EmblaCarouselType | null>(null);
  const [selected, setSelected] = useState(initialSlide);
  const [snaps, setSnaps] = useState(0);
  // a dot tapped before Embla runs (the carousel has just mounted): applied when it does
  const pending = useRef<number | null>(null);

  useEffect(() => {
    const builtIn = root?.querySelector(':scope > [role="status"]:not([data-cz-status])');
    if (!builtIn) return;
    builtIn.removeAttribute('role');
    builtIn.removeAttribute('aria-live');
    builtIn.setAttribute('aria-hidden', 'true');
  }, [root]);

  useEffect(() => {
    if (!embla) return;
    if (pending.current !== null) embla.scrollTo(pending.current, true);
    pending.current = null;
    const update = () => { setSnaps(embla.scrollSnapList().length); setSelected(embla.selectedScrollSnap()); };
    update();
    embla.on('select', update).on('reInit', update);
    return () => { embla.off('select', update).off('reInit', update); };
  }, [embla]);

  const total = snaps || items.length;
  // a looping carousel of more slides than it shows can always move: its arrows are live in the
  // prerendered copy (Mantine marks them inactive until its script measures the slides) and, in the
  // browser, as soon as Embla runs — not before, so that a tap on the copy's arrow, replayed on the
  // live carousel (server/src/prerender-taps.js waits for an enabled twin), is not lost on a carousel
  // that has just mounted (it arrives near the viewport: DeferredTestimonialCarousel)
  const canMove = items.length > 2 && (embla !== null || typeof document === 'undefined');
  const looping = canMove ? { 'aria-disabled': false, 'data-inactive': undefined, tabIndex: 0 } : {};
  return (
    <>
      <Carousel
        ref={setRoot}
        className="cz-carousel"
        tabIndex={0}
        aria-roledescription={t('common.carousel')}
        aria-label={t('sections.testimonials.title')}
        slideSize={{ base: '100%', md: '50%' }}
        slideGap="lg"
        emblaOptions={{ loop: true, align: 'start', slidesToScroll: 1 }}
        getEmblaApi={setEmbla}
        withControls
        withKeyboardEvents
        controlSize={40}
        previousControlProps={{ 'aria-label': t('common.previous'), ...looping }}
        nextControlProps={{ 'aria-label': t('common.next'), ...looping }}
        initialSlide={initialSlide}
        classNames={{ controls: 'cz-carousel-controls' }}
      >
        {items.map((item, index) => (
          <Carousel.Slide
            key={item.name}
            aria-roledescription={t('common.slide')}
            aria-label={t('common.slideLabel', { index: index + 1, total: items.length })}
            data-testimonial={item.name}
          >
            <TestimonialCard testimonial={item} />
          </Carousel.Slide>
        ))}
      </Carousel>
      <CarouselDots
        total={total}
        selected={selected}
        onSelect={(index) => {
          if (embla) embla.scrollTo(index);
          else { pending.current = index; setSelected(index); }
        }}
      />
      {root && createPortal(
        <VisuallyHidden role="status" aria-live="polite" aria-atomic="true" data-cz-status>
          {t('common.slideStatus', { index: selected + 1, total })}
        </VisuallyHidden>,
        root,
      )}
    </>
  );
}
