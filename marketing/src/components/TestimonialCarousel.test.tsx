import { fireEvent, screen, within } from '@testing-library/react';
import { testimonials } from '../locales/en/testimonials';
import { renderWithProviders, setLanguage } from '../testing/render';
import { TestimonialCarousel } from './TestimonialCarousel';

// jsdom has no layout, so Embla cannot compute snap positions here: the sliding itself
// (loop, 2 per row, arrow keys moving the slides) is checked in Chromium by e2e/tests/marketing-behaviour.spec.ts.
beforeAll(() => setLanguage('en'));

describe('TestimonialCarousel', () => {
  it('renders every testimonial as a slide in a focusable, labelled carousel region', () => {
    const items = testimonials;
    renderWithProviders(<TestimonialCarousel items={items} />);
    const carousel = screen.getByRole('region', { name: 'What our clients say' });
    expect(carousel).toHaveAttribute('tabindex', '0');
    expect(carousel).toHaveAttribute('aria-roledescription', 'carousel');
    for (const item of items) expect(within(carousel).getByText(item.quote)).toBeInTheDocument();
    expect(carousel.querySelectorAll('[aria-roledescription="slide"]')).toHaveLength(items.length);
  });

  it('handles ArrowLeft / ArrowRight itself (the keys do not scroll the page) and ignores other keys', () => {
    renderWithProviders(<TestimonialCarousel items={testimonials} />);
    const carousel = screen.getByRole('region', { name: 'What our clients say' });
    carousel.focus();
    // fireEvent returns false when the handler called preventDefault()
    expect(fireEvent.keyDown(carousel, { key: 'ArrowRight' })).toBe(false);
    expect(fireEvent.keyDown(carousel, { key: 'ArrowLeft' })).toBe(false);
    expect(fireEvent.keyDown(carousel, { key: 'a' })).toBe(true);
  });

  it('renders previous/next buttons inside the controls that CSS shows only from xl up', () => {
    renderWithProviders(<TestimonialCarousel items={testimonials} />);
    const next = screen.getByRole('button', { name: 'Next testimonials', hidden: true });
    const previous = screen.getByRole('button', { name: 'Previous testimonials', hidden: true });
    expect(next.closest('.cz-carousel-controls')).not.toBeNull();
    expect(previous.closest('.cz-carousel-controls')).not.toBeNull();
  });
});

describe('TestimonialCarousel in French', () => {
  beforeAll(() => setLanguage('fr'));
  afterAll(() => setLanguage('en'));

  it('speaks French: region, slides and the live status (not Mantine’s English “Slide 1 of 6”)', async () => {
    renderWithProviders(<TestimonialCarousel items={testimonials} />);
    const carousel = screen.getByRole('region', { name: 'Ce que disent nos clients' });
    expect(carousel).toHaveAttribute('aria-roledescription', 'carrousel');
    expect(carousel.querySelector('[aria-roledescription="diapositive"]')).toHaveAttribute('aria-label', `1 sur ${testimonials.length}`);
    const status = await within(carousel).findByRole('status');
    expect(status).toHaveTextContent(`Témoignage 1 sur ${testimonials.length}`);
    const builtIn = [...carousel.querySelectorAll('*')].find((el) => el.children.length === 0 && /^Slide \d+ of/.test(el.textContent ?? ''));
    expect(builtIn).toHaveAttribute('aria-hidden', 'true');
    expect(within(carousel).getAllByRole('status')).toHaveLength(1);
  });
});
