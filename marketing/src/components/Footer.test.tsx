import { screen } from '@testing-library/react';
import { copyrightYears } from '../config/contact';
import { renderWithProviders, setLanguage } from '../testing/render';
import { Footer } from './Footer';

afterAll(async () => setLanguage('en'));

describe('the footer (audit D7)', () => {
  it('the copyright runs from the year the site started to the current year, from the clock', () => {
    expect(copyrightYears(new Date(2025, 5, 1))).toBe('2025');
    expect(copyrightYears(new Date(2026, 0, 1))).toBe('2025–2026');
    expect(copyrightYears(new Date(2031, 11, 31))).toBe('2025–2031');
  });

  it.each([
    ['fr', 'Tous droits réservés.'],
    ['en', 'All rights reserved.'],
  ] as const)('names the company by its legal name, as the app does (%s)', async (lng, rights) => {
    await setLanguage(lng);
    jest.useFakeTimers({ now: new Date(2027, 2, 1), doNotFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'setImmediate', 'queueMicrotask', 'nextTick'] });
    try {
      renderWithProviders(<Footer />);
      expect((await screen.findByTestId('footer-copyright')).textContent).toBe(`© 2025–2027 Citable SAS. ${rights}`);
      // the years are the copyright's: no second, older year beside the city
      expect(screen.getByText('Paris, France').textContent).toBe('Paris, France');
    } finally {
      jest.useRealTimers();
    }
  });
});
