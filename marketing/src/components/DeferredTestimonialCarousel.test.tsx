import { act, screen, within } from '@testing-library/react';
import { testimonials } from '../locales/en/testimonials';
import { renderWithProviders, setLanguage } from '../testing/render';
import { DeferredTestimonialCarousel, loadTestimonialCarousel } from './DeferredTestimonialCarousel';

/** IntersectionObserver whose entries the test sends (setup-tests' one never reports). */
const observed: { callback: IntersectionObserverCallback; element: Element; options?: IntersectionObserverInit }[] = [];
class TestObserver {
  constructor(private callback: IntersectionObserverCallback, private options?: IntersectionObserverInit) {}
  observe(element: Element) { observed.push({ callback: this.callback, element, options: this.options }); }
  unobserve() {}
  disconnect() {}
  takeRecords() { return []; }
}
const original = window.IntersectionObserver;

beforeAll(() => {
  setLanguage('en');
  window.IntersectionObserver = TestObserver as unknown as typeof IntersectionObserver;
});
afterAll(() => {
  window.IntersectionObserver = original;
});

describe('DeferredTestimonialCarousel', () => {
  it('shows every testimonial and the dots (no arrows) until it is near the viewport and the visitor reads on, then the carousel once its chunk has arrived', async () => {
    expect(loadTestimonialCarousel.peek()).toBeUndefined();
    renderWithProviders(<DeferredTestimonialCarousel items={testimonials} />);
    const first = screen.getByTestId('testimonials-static');
    for (const item of testimonials) expect(within(first).getByText(item.quote)).toBeInTheDocument();
    expect(within(first).queryAllByRole('button', { hidden: true })).toHaveLength(0);
    // the carousel's dots are there already (the live carousel's labels), so a phone has something to tap
    const dots = screen.getByRole('tablist', { name: 'Testimonials' });
    expect(within(dots).getAllByRole('tab').map((dot) => dot.getAttribute('aria-label'))).toEqual(testimonials.map((_, i) => `Go to testimonial ${i + 1}`));
    expect(screen.queryByRole('region', { name: 'What our clients say' })).toBeNull();

    // far from the viewport: nothing is downloaded
    expect(observed).toHaveLength(1);
    expect(loadTestimonialCarousel.peek()).toBeUndefined();

    // in the first view, before the visitor scrolls or touches anything: still nothing
    const [{ callback, element, options }] = observed;
    expect(options?.rootMargin).toBe('100px');
    act(() => callback([{ isIntersecting: true, target: element } as IntersectionObserverEntry], {} as IntersectionObserver));
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(loadTestimonialCarousel.peek()).toBeUndefined();
    expect(screen.getByTestId('testimonials-static')).toBeInTheDocument();

    // the visitor reads on: the carousel's chunk downloads and replaces the first view
    await act(async () => {
      window.dispatchEvent(new Event('scroll'));
      await loadTestimonialCarousel();
    });
    const carousel = await screen.findByRole('region', { name: 'What our clients say' });
    expect(screen.queryByTestId('testimonials-static')).toBeNull();
    expect(carousel.querySelectorAll('[aria-roledescription="slide"]')).toHaveLength(testimonials.length);
    expect(within(carousel).getByRole('button', { name: 'Next testimonials', hidden: true })).toBeInTheDocument();
    expect(loadTestimonialCarousel.peek()).toBeDefined();
    await within(carousel).findByRole('status');
  });

  it('renders the carousel at once when its chunk is already there (the prerender awaits it)', async () => {
    renderWithProviders(<DeferredTestimonialCarousel items={testimonials} />);
    expect(screen.queryByTestId('testimonials-static')).toBeNull();
    const carousel = screen.getByRole('region', { name: 'What our clients say' });
    await within(carousel).findByRole('status');
  });
});
