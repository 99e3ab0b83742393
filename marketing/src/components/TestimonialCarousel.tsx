import { Carousel } from '@mantine/carousel';
import '@mantine/carousel/styles.css';
import type { Testimonial } from '../content/types';
import { useMarketingT } from '../lib/locale';
import { TestimonialCard } from './TestimonialCard';

/**
 * Testimonial carousel (spec/public.md §4): loops, one slide per row on small screens
 * and two from md up, dots under the slides at every width (a phone shows there are more, and
 * each dot reaches one), previous/next buttons from xl up beside the slides (never over a quote),
 * ArrowLeft/ArrowRight switch slides when the carousel has focus.
 */
export function TestimonialCarousel({ items }: { items: Testimonial[] }) {
  const { t } = useMarketingT();
  return (
    <Carousel
      className="cz-carousel"
      tabIndex={0}
      aria-roledescription="carousel"
      aria-label={t('sections.testimonials.title')}
      slideSize={{ base: '100%', md: '50%' }}
      slideGap="lg"
      emblaOptions={{ loop: true, align: 'start', slidesToScroll: 1 }}
      withControls
      withIndicators
      getIndicatorProps={(index) => ({ 'aria-label': `${index + 1} / ${items.length}` })}
      withKeyboardEvents
      controlSize={40}
      previousControlProps={{ 'aria-label': t('common.previous') }}
      nextControlProps={{ 'aria-label': t('common.next') }}
      classNames={{ controls: 'cz-carousel-controls', indicators: 'cz-carousel-dots', indicator: 'cz-carousel-dot' }}
    >
      {items.map((item, index) => (
        <Carousel.Slide key={item.name} aria-roledescription="slide" aria-label={`${index + 1} / ${items.length}`} data-testimonial={item.name}>
          <TestimonialCard testimonial={item} />
        </Carousel.Slide>
      ))}
    </Carousel>
  );
}
