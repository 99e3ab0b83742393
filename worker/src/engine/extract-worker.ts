// One worker thread of the extraction pool (./extract-pool.ts): extractMainContent off the main
// thread, so that a big page's parsing never holds up the other pages' fetches and timers.
import { extractMainContent, type ExtractedPage } from './extract.js';

export default function extract({ html, url }: { html: string; url: string }): ExtractedPage | null {
  return extractMainContent(html, url);
}
