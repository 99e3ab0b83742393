// Setup of every jsdom jest project: jest-dom matchers and the browser APIs Mantine needs.
import '@testing-library/jest-dom';
import { TextDecoder, TextEncoder } from 'node:util';

Object.assign(globalThis, { TextEncoder, TextDecoder });

class NoopObserver {
  observe() {}
  unobserve() {}
  disconnect() {}
  takeRecords() {
    return [];
  }
}

if (typeof window !== 'undefined') {
  if (!window.matchMedia) {
    Object.defineProperty(window, 'matchMedia', {
      writable: true,
      value: (query: string) => ({
        matches: false,
        media: query,
        onchange: null,
        addListener: () => {},
        removeListener: () => {},
        addEventListener: () => {},
        removeEventListener: () => {},
        dispatchEvent: () => false,
      }),
    });
  }
  window.ResizeObserver = (window.ResizeObserver ?? NoopObserver) as unknown as typeof ResizeObserver;
  window.IntersectionObserver = (window.IntersectionObserver ?? NoopObserver) as unknown as typeof IntersectionObserver;
  window.HTMLElement.prototype.scrollIntoView = function scrollIntoView() {};
  Object.defineProperty(window, 'scrollTo', { writable: true, value: () => {} });
}
