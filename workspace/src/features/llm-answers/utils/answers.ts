/** How an LLM answer is shown (docs/product-rules.md#screens "LLM answers", §9: truncated at 150 words). */

export const ANSWER_WORDS_MAX = 150;

/**
 * Answers are Markdown; some stored ones are HTML fragments (<p>…</p>). Those are turned into
 * Markdown-ish text (paragraphs, line breaks, list items, bold/italic) and every other tag is dropped,
 * so no HTML ever reaches the DOM — the Markdown renderer then shows raw HTML as text anyway.
 */
export function answerToMarkdown(answer: string | null | undefined): string {
  if (!answer) return '';
  if (!/<\/?[a-z][\s\S]*?>/i.test(answer)) return answer;
  return answer
    .replace(/<(script|style|iframe|object|template)\b[\s\S]*?<\/\1\s*>/gi, '')
    .replace(/<br\s*\/?>/gi, '  \n')
    .replace(/<\/(p|div|h[1-6]|ul|ol|blockquote|table|tr)\s*>/gi, '\n\n')
    .replace(/<li\b[^>]*>/gi, '\n- ')
    .replace(/<\/?(strong|b)\b[^>]*>/gi, '**')
    .replace(/<\/?(em|i)\b[^>]*>/gi, '_')
    .replace(/<\/?[a-z][^>]*>/gi, '')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}

/** The first `max` words of a text (its own spacing and line breaks kept), and whether it was cut. */
export function truncateWords(text: string, max = ANSWER_WORDS_MAX): { text: string; truncated: boolean } {
  const words = /\S+/g;
  let count = 0;
  let match: RegExpExecArray | null;
  while ((match = words.exec(text)) !== null) {
    count += 1;
    if (count === max) {
      const end = match.index + match[0].length;
      const rest = text.slice(end);
      return rest.trim() ? { text: `${text.slice(0, end)}…`, truncated: true } : { text, truncated: false };
    }
  }
  return { text, truncated: false };
}

/** Number of words of a text. */
export const wordCount = (text: string) => (text.match(/\S+/g) ?? []).length;
