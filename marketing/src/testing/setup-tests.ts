import '@testing-library/jest-dom';
import { TextDecoder, TextEncoder } from 'node:util';

Object.assign(globalThis, { TextEncoder, TextDecoder });

// jsdom lacks the browser APIs Mantine and Embla rely on.
const noopObserver = class {
  observe() {}
  unobserve() {}
  disconnect() {}
  takeRecords() { return []; }
};
Object.defineProperty(window, 'matchMedia', {
  writable: true,
  value: (query: string) => ({
    matches: false, media: query, onchange: null,
    addListener: () => {}, removeListener: () => {}, addEventListener: () => {}, removeEventListener: () => {}, dispatchEvent: () => false,
  }),
});
window.ResizeObserver = (window.ResizeObserver ?? noopObserver) as typeof ResizeObserver;
window.IntersectionObserver = (window.IntersectionObserver ?? noopObserver) as unknown as typeof IntersectionObserver;
window.HTMLElement.prototype.scrollIntoView = function scrollIntoView() {};
Object.defineProperty(window, 'scrollTo', { writable: true, value: () => {} });
const { getComputedStyle } = window;
window.getComputedStyle = (elt: Element) => getComputedStyle(elt);
