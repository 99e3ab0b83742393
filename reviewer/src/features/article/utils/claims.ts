/**
 * The unsupported claims in the article's text (audit L8): each sentence the checks found unsupported
 * (get_article_for_view's unsupported_sentences) is looked for in the article's blocks; the block that
 * holds it is marked (class cv-unsupported, an id to link to, focusable by script) so that the warning
 * can scroll to it and the reader sees it highlighted. A sentence found nowhere (the text was edited
 * since the check) is listed without a link.
 */

/** The blocks the checks split into sentences (docs/article-engine.md "Claims"). */
const BLOCKS = 'p, li, td, th, blockquote, dd, dt, figcaption, h2, h3, h4, h5, h6';

/** Text compared without the [n] markers, the spaces and the case: "Le levain double en 6 heures." */
export function comparable(text: string): string {
  return text
    .replace(/\[\s*\d{1,3}(?:\s*[,;–-]\s*\d{1,3})*\s*\]/g, ' ')
    .replace(/[\s\u00a0\u202f]+/g, ' ')
    .replace(/\s+([.,;:!?»])/g, '$1')
    .trim()
    .toLowerCase();
}

export interface UnsupportedTarget {
  sentence: string;
  /** the id of the block that holds it; null when the text no longer has it */
  id: string | null;
}

export const unsupportedId = (index: number) => `cv-unsupported-${index + 1}`;

/**
 * Marks the blocks holding the sentences; answers the HTML and, per sentence, where it is. `label`
 * ("Affirmation non vérifiée :") starts each marked block for screen readers (the red rule is not read).
 */
export function markUnsupported(html: string, sentences: readonly string[], label = ''): { html: string; targets: UnsupportedTarget[] } {
  const wanted = sentences.filter((s) => typeof s === 'string' && comparable(s) !== '');
  if (wanted.length === 0 || typeof document === 'undefined') return { html, targets: wanted.map((sentence) => ({ sentence, id: null })) };
  const template = document.createElement('template');
  template.innerHTML = html;
  // the innermost blocks (a <p> inside a <blockquote> rather than the quote)
  const blocks = Array.from(template.content.querySelectorAll<HTMLElement>(BLOCKS)).filter((el) => !el.querySelector(BLOCKS));
  const texts = blocks.map((el) => comparable(el.textContent ?? ''));
  const targets = wanted.map((sentence, index): UnsupportedTarget => {
    // without its closing mark: a sentence the checks cut at a clause ("… 240 °C [2].") is found in
    // "… 240 °C [2], couvert …" (fresh-eyes audit 13, A3)
    const needle = comparable(sentence).replace(/[.!?…]+$/, '').trim();
    const at = needle === '' ? -1 : texts.findIndex((text) => text.includes(needle));
    if (at < 0) return { sentence, id: null };
    const block = blocks[at];
    if (!block.id) block.id = unsupportedId(index);
    if (label && !block.classList.contains('cv-unsupported')) {
      const said = document.createElement('span');
      said.className = 'cv-visually-hidden';
      said.textContent = `${label} `;
      block.prepend(said);
    }
    block.classList.add('cv-unsupported');
    block.setAttribute('tabindex', '-1');
    return { sentence, id: block.id };
  });
  return { html: template.innerHTML, targets };
}

/** Scrolls to a marked block, focuses it (screen readers read it) and makes its highlight blink once. */
export function showUnsupported(id: string): void {
  const el = document.getElementById(id);
  if (!el) return;
  const reduce = typeof window.matchMedia === 'function' && window.matchMedia('(prefers-reduced-motion: reduce)').matches;
  el.scrollIntoView?.({ behavior: reduce ? 'auto' : 'smooth', block: 'center' });
  el.focus({ preventScroll: true });
  el.classList.remove('cv-unsupported-flash');
  // restart the animation
  void el.offsetWidth;
  el.classList.add('cv-unsupported-flash');
}
