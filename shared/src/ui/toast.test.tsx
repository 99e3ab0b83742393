import { act, render, screen } from '@testing-library/react';
import { CitableProviders } from './CitableProviders';
import { ERROR_TOAST_AUTO_CLOSE_MS, showToast, TOAST_AUTO_CLOSE_MS, toastAutoClose } from './toast';

describe('toasts', () => {
  it('a success goes on time, an error stays longer, a chosen time is kept', () => {
    expect(toastAutoClose({ color: 'teal' })).toBe(TOAST_AUTO_CLOSE_MS);
    expect(toastAutoClose({})).toBe(TOAST_AUTO_CLOSE_MS);
    expect(toastAutoClose({ color: 'red' })).toBe(ERROR_TOAST_AUTO_CLOSE_MS);
    expect(ERROR_TOAST_AUTO_CLOSE_MS).toBeGreaterThan(TOAST_AUTO_CLOSE_MS);
    expect(toastAutoClose({ color: 'red', autoClose: false })).toBe(false);
    expect(toastAutoClose({ color: 'teal', autoClose: 7000 })).toBe(7000);
  });

  it('shows toasts at the bottom, clear of the header and the main buttons, and closes a success on time', async () => {
    jest.useFakeTimers();
    try {
      render(
        <CitableProviders>
          <button type="button">Nouvelle page</button>
        </CitableProviders>,
      );
      act(() => showToast({ color: 'teal', title: 'Page créée avec succès', message: 'Pain d’épices' }));
      expect(await screen.findByText('Page créée avec succès')).toBeInTheDocument();
      const containers = Array.from(document.querySelectorAll<HTMLElement>('[data-position]'));
      const shown = containers.find((c) => c.textContent?.includes('Page créée avec succès'));
      expect(shown?.dataset.position).toMatch(/^bottom-/);
      expect(containers.some((c) => c.dataset.position?.startsWith('top-') && c.textContent)).toBe(false);
      for (let step = 0; step < 10; step++) {
        await act(async () => {
          jest.advanceTimersByTime(1000);
        });
      }
      expect(screen.queryByText('Page créée avec succès')).not.toBeInTheDocument();
    } finally {
      jest.useRealTimers();
    }
  });
});
