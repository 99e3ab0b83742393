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

/**
 * Answers written within this time of a run's newest answer belong to that run. The worker writes
 * all the answers of an llm_answers run in one transaction (one created_at); the window also keeps
 * together answers stored one by one (imports, older workers). Two runs of one page never end that
 * close: a page has one llm_answers action, and its next run starts after the last one ended.
 */
export const RUN_WINDOW_MS = 60_000;

export interface AnswerRun<T> {
  /** stable key: the newest answer's created_at */
  key: string;
  /** the newest answer's date */
  date: string;
  /** the models that answered, in the order of their answers */
  models: string[];
  answers: T[];
}

/**
 * A page's answers grouped by run (issue 32: 42 answers made a 10,000 px page), newest run first;
 * the answers keep their order inside a run. Answers without a valid date make one run of their own, last.
 */
export function groupAnswerRuns<T extends { created_at: string }>(answers: readonly T[], modelOf: (answer: T) => string): AnswerRun<T>[] {
  const dated = answers.map((answer) => ({ answer, time: Date.parse(answer.created_at) }));
  const valid = dated.filter((d) => Number.isFinite(d.time)).sort((a, b) => b.time - a.time);
  const undated = dated.filter((d) => !Number.isFinite(d.time)).map((d) => d.answer);
  const runs: { start: number; answers: T[] }[] = [];
  for (const { answer, time } of valid) {
    const current = runs.at(-1);
    if (current && current.start - time <= RUN_WINDOW_MS) current.answers.push(answer);
    else runs.push({ start: time, answers: [answer] });
  }
  const toRun = (list: T[]): AnswerRun<T> => ({
    key: list[0].created_at,
    date: list[0].created_at,
    models: [...new Set(list.map(modelOf))],
    answers: list,
  });
  const grouped = runs.map((run) => toRun(run.answers));
  if (undated.length > 0) grouped.push(toRun(undated));
  return grouped;
}

/** How many model calls an llm_answers run makes: each question, to each model, LLM_ANSWERS_PER_MODEL times. */
export const llmRunCalls = ({ questions, models, perModel }: { questions: number; models: number; perModel: number }) => questions * models * perModel;

/** The worker asks one question per run (from the page's main keywords: worker/src/actions/llm-answers.ts). */
export const LLM_RUN_QUESTIONS = 1;
