import type { KeyboardEvent } from 'react';
import { useMarketingT } from '../lib/locale';

/**
 * The testimonial carousel's dots: one tab per slide, named 'Aller au témoignage 3' ('Go to testimonial 3').
 * The same buttons, in the same place, in the prerendered copy, in the static first view
 * (DeferredTestimonialCarousel) and in the live carousel: a tap on the copy's dot is handed to its twin
 * (server/src/prerender-taps.js matches role, name and rank), and nothing moves when the carousel
 * arrives. Arrow keys, Home and End move between the dots, as Mantine's own indicators did.
 */
export function CarouselDots({ total, selected, onSelect }: { total: number; selected: number; onSelect: (index: number) => void }) {
  const { t } = useMarketingT();
  const go = (event: KeyboardEvent<HTMLButtonElement>, index: number) => {
    event.preventDefault();
    onSelect(index);
    (event.currentTarget.parentElement?.children[index] as HTMLElement | undefined)?.focus();
  };
  const onKeyDown = (event: KeyboardEvent<HTMLButtonElement>, index: number) => {
    if (event.key === 'ArrowRight') go(event, (index + 1) % total);
    else if (event.key === 'ArrowLeft') go(event, (index - 1 + total) % total);
    else if (event.key === 'Home') go(event, 0);
    else if (event.key === 'End') go(event, total - 1);
  };
  return (
    <div className="cz-carousel-dots" role="tablist" aria-label={t('common.slides')}>
      {Array.from({ length: total }, (_, index) => (
        <button
          key={index}
          type="button"
          role="tab"
          className="cz-carousel-dot"
          aria-label={t('common.goToSlide', { index: index + 1 })}
          aria-selected={index === selected}
          tabIndex={index === selected ? 0 : -1}
          data-active={index === selected || undefined}
          onClick={() => onSelect(index)}
          onKeyDown={(event) => onKeyDown(event, index)}
          // a tap does not leave a focus ring on the dot (the carousel shows where it is)
          onMouseDown={(event) => event.preventDefault()}
        />
      ))}
    </div>
  );
}
