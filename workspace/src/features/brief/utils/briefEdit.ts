/**
 * The operator's edits of a page's brief (issue 29): add or remove a term, drop a section (and
 * restore it), add or remove a question, change the target length. Pure functions on the Brief of
 * @citable/shared/engine; each returns a new brief. Dropped sections are kept beside the brief
 * (droppedSections, ignored by the writer, which reads `sections`) so that they can be restored
 * after a reload.
 */
import type { Brief, BriefQuestion, BriefSection, BriefTerm, EngineLanguage, OutlineHeading, BriefSource } from '@citable/shared/engine';

/** A brief as stored, with the sections the operator dropped. */
export type EditableBrief = Brief & { droppedSections?: BriefSection[] };

/** Target length bounds, in words (the screen says so when a value is outside). */
export const TARGET_WORDS_MIN = 300;
export const TARGET_WORDS_MAX = 10_000;
export const TERM_MAX_LENGTH = 80;
export const QUESTION_MAX_LENGTH = 300;
export const MAX_TERMS = 200;
export const MAX_QUESTIONS = 50;

export type TargetWordsError = 'required' | 'notInteger' | 'range';
export type TextError = 'required' | 'tooLong' | 'duplicate' | 'tooMany';

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);
const text = (value: string) => value.replace(/\s+/g, ' ').trim();
const key = (value: string) => text(value).toLocaleLowerCase();

/** Why a typed target length is refused (null: accepted). Accepts "1 800", "1800", 1800. */
export function targetWordsError(input: string | number): TargetWordsError | null {
  const raw = typeof input === 'number' ? String(input) : input.replace(/[\s\u00a0\u202f]/g, '');
  if (raw === '') return 'required';
  if (!/^\d+$/.test(raw)) return 'notInteger';
  const value = Number(raw);
  return value < TARGET_WORDS_MIN || value > TARGET_WORDS_MAX ? 'range' : null;
}

export function setTargetWords(brief: EditableBrief, input: string | number): EditableBrief {
  if (targetWordsError(input) !== null) return brief;
  const value = typeof input === 'number' ? input : Number(input.replace(/[\s\u00a0\u202f]/g, ''));
  return { ...brief, targetWords: value };
}

export function termError(brief: EditableBrief, input: string): TextError | null {
  const term = text(input);
  if (!term) return 'required';
  if (term.length > TERM_MAX_LENGTH) return 'tooLong';
  if (brief.terms.some((t) => key(t.term) === key(term))) return 'duplicate';
  if (brief.terms.length >= MAX_TERMS) return 'tooMany';
  return null;
}

/** Adds a term typed by the operator (aim: used once; no computed weight). */
export function addTerm(brief: EditableBrief, input: string): EditableBrief {
  if (termError(brief, input) !== null) return brief;
  const term: BriefTerm = { term: text(input), weight: 0, sources: 0, target: 1, added: true };
  return { ...brief, terms: [...brief.terms, term] };
}

export function removeTerm(brief: EditableBrief, term: string): EditableBrief {
  return { ...brief, terms: brief.terms.filter((t) => t.term !== term) };
}

export function dropSection(brief: EditableBrief, title: string): EditableBrief {
  const section = brief.sections.find((s) => s.title === title);
  if (!section) return brief;
  return {
    ...brief,
    sections: brief.sections.filter((s) => s !== section),
    droppedSections: [...(brief.droppedSections ?? []), section],
  };
}

/** Puts a dropped section back among the others, before the first one fewer sources cover. */
export function restoreSection(brief: EditableBrief, title: string): EditableBrief {
  const dropped = brief.droppedSections ?? [];
  const section = dropped.find((s) => s.title === title);
  if (!section) return brief;
  const sections = [...brief.sections];
  const at = sections.findIndex((s) => s.coveredBy.length < section.coveredBy.length);
  sections.splice(at === -1 ? sections.length : at, 0, section);
  return { ...brief, sections, droppedSections: dropped.filter((s) => s !== section) };
}

export function questionError(brief: EditableBrief, input: string): TextError | null {
  const question = text(input);
  if (!question) return 'required';
  if (question.length > QUESTION_MAX_LENGTH) return 'tooLong';
  if (brief.questions.some((q) => key(q.question) === key(question))) return 'duplicate';
  if (brief.questions.length >= MAX_QUESTIONS) return 'tooMany';
  return null;
}

export function addQuestion(brief: EditableBrief, input: string): EditableBrief {
  if (questionError(brief, input) !== null) return brief;
  const question: BriefQuestion = { question: text(input), from: 'operator' };
  return { ...brief, questions: [...brief.questions, question] };
}

export function removeQuestion(brief: EditableBrief, question: string): EditableBrief {
  return { ...brief, questions: brief.questions.filter((q) => q.question !== question) };
}

/** True when the two briefs say the same (what the Save button compares). */
export const sameBrief = (a: EditableBrief, b: EditableBrief) => JSON.stringify(a) === JSON.stringify(b);

const numbers = (value: unknown): number[] => (Array.isArray(value) ? value.filter((n): n is number => typeof n === 'number') : []);
const strings = (value: unknown): string[] => (Array.isArray(value) ? value.filter((s): s is string => typeof s === 'string') : []);

function sectionsOf(value: unknown): BriefSection[] {
  if (!Array.isArray(value)) return [];
  return value.flatMap((s): BriefSection[] => (isRecord(s) && typeof s.title === 'string' ? [{ title: s.title, coveredBy: numbers(s.coveredBy) }] : []));
}

/**
 * The brief stored in page_briefs.brief, read defensively (JSON written by the worker and edited
 * here): null when it is not a brief at all; missing lists read as empty.
 */
export function parseBrief(value: unknown): EditableBrief | null {
  if (!isRecord(value) || typeof value.targetWords !== 'number' || !Array.isArray(value.terms)) return null;
  const cw = value.competitorWords;
  const competitorWords =
    isRecord(cw) && typeof cw.median === 'number' && typeof cw.min === 'number' && typeof cw.max === 'number' && typeof cw.count === 'number'
      ? { median: cw.median, min: cw.min, max: cw.max, count: cw.count }
      : null;
  const terms = value.terms.flatMap((t): BriefTerm[] =>
    isRecord(t) && typeof t.term === 'string'
      ? [
          {
            term: t.term,
            weight: typeof t.weight === 'number' ? t.weight : 0,
            sources: typeof t.sources === 'number' ? t.sources : 0,
            target: typeof t.target === 'number' ? t.target : 1,
            ...(t.added === true ? { added: true } : {}),
          },
        ]
      : [],
  );
  const questions = (Array.isArray(value.questions) ? value.questions : []).flatMap((q): BriefQuestion[] => {
    if (!isRecord(q) || typeof q.question !== 'string') return [];
    const from = q.from === 'serp' || q.from === 'page' || q.from === 'operator' ? q.from : 'page';
    return [{ question: q.question, from, ...(typeof q.n === 'number' ? { n: q.n } : {}) }];
  });
  const language: EngineLanguage = value.language === 'en' ? 'en' : 'fr';
  const brief: EditableBrief = {
    version: 1,
    language,
    keywords: strings(value.keywords),
    keywordsDerived: value.keywordsDerived === true,
    targetWords: value.targetWords,
    competitorWords,
    sections: sectionsOf(value.sections),
    terms,
    questions,
    editedAt: typeof value.editedAt === 'string' ? value.editedAt : null,
  };
  if (Array.isArray(value.droppedSections)) brief.droppedSections = sectionsOf(value.droppedSections);
  return brief;
}

function headingsOf(value: unknown): OutlineHeading[] {
  if (!Array.isArray(value)) return [];
  return value.flatMap((h): OutlineHeading[] =>
    isRecord(h) && typeof h.text === 'string' && typeof h.level === 'number' && h.level >= 1 && h.level <= 6
      ? [{ level: h.level as OutlineHeading['level'], text: h.text }]
      : [],
  );
}

/** A page_brief_sources row as the screen shows it. */
export function parseSource(row: Record<string, unknown>): BriefSource {
  const status = row.status === 'read' || row.status === 'failed' || row.status === 'skipped' ? row.status : 'failed';
  return {
    n: Number(row.n),
    url: typeof row.url === 'string' ? row.url : '',
    kind: row.kind === 'scraped' ? 'scraped' : 'serp',
    position: typeof row.position === 'number' ? row.position : null,
    title: typeof row.title === 'string' ? row.title : null,
    status,
    error: typeof row.error === 'string' ? row.error : null,
    words: typeof row.words === 'number' ? row.words : null,
    headings: headingsOf(row.headings),
  };
}

