// The content score of an article against its brief (docs/article-engine.md#content-score): pure,
// the same function in the worker (Node, shared/dist/engine) and in the browser (live while the HTML
// is edited). The HTML is read with parse5 (as a browser parses it), never with DOM APIs or regexes.
//
// Parts and weights (they add up to 100):
//   terms 30       each brief term's uses against its target (text.ts countTermOccurrences), weighted
//                  by the term's weight; uses beyond the target earn nothing more
//   sections 15    brief sections whose title is matched by a heading of the article (h2–h6)
//   questions 10   brief questions matched by a heading or an FAQ entry (dt, summary, a question line)
//   length 15      words (text.ts countWords, as research counts the competitors') against targetWords: full marks within ±15 %, falling off linearly (0 words: 0;
//                  twice the upper bound: 0)
//   headings 10    exactly one h1 (the writing prompts put the title in an h1), at least one h2, no
//                  skipped level, no empty heading: each kind of problem takes a quarter off
//   readability 10 (running text, headings left out) Kandel & Moles (Flesch adapted to French) for 'fr', Flesch reading ease for 'en':
//                  full marks from 60, nothing at 30 or less
//   claims 10      the penalty for unsupported claims: each one takes a third off (three or more: 0);
//                  claims not checked yet (null) or none: full marks
import { parseFragment, type DefaultTreeAdapterMap } from 'parse5';
import { contentStems, countTermOccurrences, countWords, termKey } from './text';
import type { Brief, Claim, ContentScore, EngineLanguage, ScorePart, ScorePartKey } from './types';

type Node = DefaultTreeAdapterMap['node'];
type Element = DefaultTreeAdapterMap['element'];

export const SCORE_WEIGHTS: Readonly<Record<ScorePartKey, number>> = {
  terms: 30,
  sections: 15,
  questions: 10,
  length: 15,
  headings: 10,
  readability: 10,
  claims: 10,
};

/** Length within this fraction of the target earns full marks. */
export const LENGTH_TOLERANCE = 0.15;
/** Reading ease at or above this earns full marks, at or below READABILITY_FLOOR nothing. */
export const READABILITY_GOOD = 60;
export const READABILITY_FLOOR = 30;
/** How many items an advice names at most. */
const ADVICE_ITEMS = 5;
/** Share of a section's / question's significant words a heading must contain to match it. */
const MATCH_SHARE = 0.6;

type Advice = ScorePart['advice'];

// ------------------------------------------------------------------ reading the HTML -----

export interface ArticleOutline {
  headings: { level: number; text: string }[];
  /** dt, summary and lines ending with a question mark: where an FAQ answers. */
  faqEntries: string[];
  /** The visible text, blocks separated by newlines. */
  text: string;
  /** The same without the headings (what readability reads: running text). */
  bodyText: string;
}

const SKIPPED = new Set(['script', 'style', 'template', 'noscript', 'head', 'title']);
const BLOCKS = new Set([
  'address', 'article', 'aside', 'blockquote', 'br', 'caption', 'dd', 'details', 'div', 'dl', 'dt', 'figcaption', 'figure',
  'footer', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6', 'header', 'hr', 'li', 'main', 'nav', 'ol', 'p', 'pre', 'section', 'summary',
  'table', 'td', 'th', 'tr', 'ul',
]);
const HEADING = /^h([1-6])$/;

const isElement = (node: Node): node is Element => 'tagName' in node;

function textOf(node: Node, out: string[], skipHeadings = false): void {
  if (node.nodeName === '#text') {
    out.push((node as DefaultTreeAdapterMap['textNode']).value);
    return;
  }
  if (!isElement(node) && node.nodeName !== '#document-fragment') return;
  if (isElement(node)) {
    if (SKIPPED.has(node.tagName) || (skipHeadings && HEADING.test(node.tagName))) return;
    if (BLOCKS.has(node.tagName)) out.push('\n');
  }
  const children = isElement(node) && node.tagName === 'template' ? [] : ((node as Element).childNodes ?? []);
  for (const child of children) textOf(child, out, skipHeadings);
  if (isElement(node) && BLOCKS.has(node.tagName)) out.push('\n');
}

const clean = (text: string) => text.replace(/\s+/g, ' ').trim();

/** The headings, FAQ entries and text of an article's HTML (a fragment or a whole document). */
export function readArticle(html: string): ArticleOutline {
  const root = parseFragment(html);
  const headings: ArticleOutline['headings'] = [];
  const faqEntries: string[] = [];
  const walk = (node: Node) => {
    if (isElement(node)) {
      if (SKIPPED.has(node.tagName)) return;
      const heading = HEADING.exec(node.tagName);
      if (heading) {
        const parts: string[] = [];
        textOf(node, parts);
        headings.push({ level: Number(heading[1]), text: clean(parts.join(' ')) });
      } else if (node.tagName === 'dt' || node.tagName === 'summary') {
        const parts: string[] = [];
        textOf(node, parts);
        faqEntries.push(clean(parts.join(' ')));
      }
    }
    for (const child of (node as Element).childNodes ?? []) walk(child);
  };
  walk(root);
  const lines = (skipHeadings: boolean) => {
    const parts: string[] = [];
    textOf(root, parts, skipHeadings);
    return parts
      .join('')
      .split('\n')
      .map(clean)
      .filter((line) => line !== '')
      .join('\n');
  };
  const text = lines(false);
  const bodyText = lines(true);
  for (const line of text.split('\n')) if (/[?？]\s*$/.test(line) && line.length <= 300) faqEntries.push(line);
  return { headings, faqEntries, text, bodyText };
}

// ---------------------------------------------------------------------- counting -----

const segmenters = new Map<string, Intl.Segmenter>();
/** One segmenter per language (creating one is costly; segmenting with it is not). */
function segmenter(language: EngineLanguage, granularity: 'sentence'): Intl.Segmenter {
  const key = `${language}:${granularity}`;
  let found = segmenters.get(key);
  if (!found) {
    found = new Intl.Segmenter(language, { granularity });
    segmenters.set(key, found);
  }
  return found;
}

/** A word (letters, with inner apostrophes or hyphens: « aujourd’hui », « peut-être ») or a number. */
const WORD = /[\p{L}\p{M}]+(?:['’-][\p{L}\p{M}]+)*|\p{N}+(?:[.,]\p{N}+)*/gu;

/** The words of a text (a Unicode regex: ten times faster than Intl.Segmenter's word mode on a long article). */
export function words(text: string, _language?: EngineLanguage): string[] {
  return text.match(WORD) ?? [];
}

/** The sentences of a text (Intl.Segmenter), each line break ending one too (headings, list items). */
export function sentences(text: string, language: EngineLanguage): string[] {
  const out: string[] = [];
  for (const line of text.split('\n')) {
    for (const segment of segmenter(language, 'sentence').segment(line)) {
      const sentence = segment.segment.trim();
      if (words(sentence, language).length > 0) out.push(sentence);
    }
  }
  return out;
}

const VOWELS = {
  fr: /[aeiouyàâäéèêëîïôöùûüÿœæ]+/g,
  en: /[aeiouy]+/g,
} as const;

/**
 * Syllables of one word, by vowel groups (a heuristic, as every readability tool does).
 * French: a final mute e (-e, -es, and -ent after a consonant in a word of several groups) is not
 * a syllable. English: a final silent e (but -le after a consonant) is not; -ed after other than t/d
 * neither.
 */
export function syllables(word: string, language: EngineLanguage): number {
  const w = word.toLowerCase().replace(/[’']/g, '');
  if (/^\d+$/.test(w)) return Math.max(1, w.length);
  let groups = (w.match(VOWELS[language]) ?? []).length;
  if (groups === 0) return w.length > 0 ? 1 : 0;
  if (language === 'fr') {
    if (groups > 1 && /[^aeiouyàâäéèêëîïôöùûüÿœæ](e|es|ent)$/.test(w)) groups -= 1;
  } else {
    if (groups > 1 && /[^aeiouy]e$/.test(w) && !/[^aeiouy]le$/.test(w)) groups -= 1;
    else if (groups > 1 && /[^aeiouytd]ed$/.test(w)) groups -= 1;
    else if (groups > 1 && /[^aeiouy]es$/.test(w) && !/(s|z|x|ch|sh|ce|ge)es$/.test(w)) groups -= 1;
  }
  return Math.max(1, groups);
}

export interface Readability {
  formula: 'kandel-moles' | 'flesch';
  /** Reading ease (higher is easier; 60–70 is plain language), null without any sentence. */
  ease: number | null;
  sentences: number;
  words: number;
  wordsPerSentence: number;
  syllablesPerWord: number;
}

/**
 * Reading ease: Kandel & Moles (1958), Flesch's formula refitted for French,
 * 207 − 1.015 × words/sentence − 73.6 × syllables/word, for 'fr'; Flesch (1948),
 * 206.835 − 1.015 × words/sentence − 84.6 × syllables/word, for 'en'.
 */
export function readability(text: string, language: EngineLanguage): Readability {
  const list = sentences(text, language);
  let wordCount = 0;
  let syllableCount = 0;
  for (const sentence of list) {
    for (const word of words(sentence, language)) {
      wordCount += 1;
      syllableCount += syllables(word, language);
    }
  }
  const formula = language === 'fr' ? 'kandel-moles' : 'flesch';
  if (list.length === 0 || wordCount === 0) {
    return { formula, ease: null, sentences: 0, words: 0, wordsPerSentence: 0, syllablesPerWord: 0 };
  }
  const wps = wordCount / list.length;
  const spw = syllableCount / wordCount;
  const ease = language === 'fr' ? 207 - 1.015 * wps - 73.6 * spw : 206.835 - 1.015 * wps - 84.6 * spw;
  return { formula, ease, sentences: list.length, words: wordCount, wordsPerSentence: wps, syllablesPerWord: spw };
}

// ---------------------------------------------------------------------- matching -----

const significant = (text: string, language: EngineLanguage): Set<string> =>
  new Set(termKey(text, language).split(' ').filter((token) => token !== ''));

/** True when a heading holds most of the significant words of a brief section or question. */
export function headingMatches(wanted: string, heading: string, language: EngineLanguage): boolean {
  const need = significant(wanted, language);
  if (need.size === 0) return false;
  const have = significant(heading, language);
  let found = 0;
  for (const token of need) if (have.has(token)) found += 1;
  return found / need.size >= MATCH_SHARE;
}

// ------------------------------------------------------------------------- parts -----

const clamp01 = (value: number) => Math.min(1, Math.max(0, value));
const round3 = (value: number) => Math.round(value * 1000) / 1000;
const part = (key: ScorePartKey, value: number, advice: Advice): ScorePart => ({
  key,
  value: round3(clamp01(value)),
  weight: SCORE_WEIGHTS[key],
  advice,
});

function termsPart(text: string, brief: Brief): ScorePart {
  if (brief.terms.length === 0) return part('terms', 1, null);
  const stems = contentStems(text, brief.language);
  let earned = 0;
  let total = 0;
  const missing: { term: string; weight: number }[] = [];
  for (const term of brief.terms) {
    const weight = Math.max(0.1, term.added ? 1 : term.weight);
    const target = Math.max(1, term.target);
    const uses = countTermOccurrences(stems, term.term, brief.language);
    earned += weight * Math.min(1, uses / target);
    total += weight;
    if (uses < target) missing.push({ term: term.term, weight });
  }
  missing.sort((a, b) => b.weight - a.weight);
  return part(
    'terms',
    earned / total,
    missing.length > 0 ? { code: 'add_terms', params: { terms: missing.slice(0, ADVICE_ITEMS).map((m) => m.term), count: missing.length } } : null,
  );
}

function sectionsPart(outline: ArticleOutline, brief: Brief): ScorePart {
  if (brief.sections.length === 0) return part('sections', 1, null);
  const headings = outline.headings.filter((h) => h.level >= 2).map((h) => h.text);
  const missing = brief.sections.filter((section) => !headings.some((heading) => headingMatches(section.title, heading, brief.language)));
  return part(
    'sections',
    1 - missing.length / brief.sections.length,
    missing.length > 0
      ? { code: 'add_sections', params: { sections: missing.slice(0, ADVICE_ITEMS).map((s) => s.title), count: missing.length } }
      : null,
  );
}

function questionsPart(outline: ArticleOutline, brief: Brief): ScorePart {
  if (brief.questions.length === 0) return part('questions', 1, null);
  const places = [...outline.headings.map((h) => h.text), ...outline.faqEntries];
  const missing = brief.questions.filter((q) => !places.some((place) => headingMatches(q.question, place, brief.language)));
  return part(
    'questions',
    1 - missing.length / brief.questions.length,
    missing.length > 0
      ? { code: 'answer_questions', params: { questions: missing.slice(0, ADVICE_ITEMS).map((q) => q.question), count: missing.length } }
      : null,
  );
}

function lengthPart(wordCount: number, brief: Brief): ScorePart {
  const target = Math.max(1, brief.targetWords);
  const low = target * (1 - LENGTH_TOLERANCE);
  const high = target * (1 + LENGTH_TOLERANCE);
  if (wordCount < low) {
    return part('length', wordCount / low, { code: 'add_words', params: { words: Math.round(low - wordCount), count: wordCount, target } });
  }
  if (wordCount > high) {
    return part('length', 1 - (wordCount - high) / high, { code: 'cut_words', params: { words: Math.round(wordCount - high), count: wordCount, target } });
  }
  return part('length', 1, null);
}

export type HeadingIssue = 'no_h1' | 'several_h1' | 'no_h2' | 'skipped_level' | 'empty_heading';

export function headingIssues(headings: ArticleOutline['headings']): HeadingIssue[] {
  const issues: HeadingIssue[] = [];
  const h1 = headings.filter((h) => h.level === 1).length;
  if (h1 === 0) issues.push('no_h1');
  if (h1 > 1) issues.push('several_h1');
  if (!headings.some((h) => h.level === 2)) issues.push('no_h2');
  let previous = 0;
  for (const heading of headings) {
    if (previous > 0 && heading.level > previous + 1) {
      issues.push('skipped_level');
      break;
    }
    previous = heading.level;
  }
  if (headings.some((h) => h.text === '')) issues.push('empty_heading');
  return issues;
}

function headingsPart(outline: ArticleOutline): ScorePart {
  const issues = headingIssues(outline.headings);
  return part('headings', 1 - issues.length / 4, issues.length > 0 ? { code: 'fix_headings', params: { issues } } : null);
}

function readabilityPart(text: string, language: EngineLanguage): ScorePart {
  const r = readability(text, language);
  if (r.ease === null) return part('readability', 0, { code: 'no_text' });
  const value = (r.ease - READABILITY_FLOOR) / (READABILITY_GOOD - READABILITY_FLOOR);
  if (value >= 1) return part('readability', 1, null);
  const ease = Math.round(r.ease);
  const wordsPerSentence = Math.round(r.wordsPerSentence);
  return part(
    'readability',
    value,
    r.wordsPerSentence > 20
      ? { code: 'shorter_sentences', params: { ease, wordsPerSentence, formula: r.formula } }
      : { code: 'simpler_words', params: { ease, wordsPerSentence, formula: r.formula } },
  );
}

function claimsPart(claims: Claim[] | null): ScorePart {
  if (claims === null) return part('claims', 1, { code: 'claims_not_checked' });
  const unsupported = claims.filter((c) => !c.supported);
  if (unsupported.length === 0) return part('claims', 1, null);
  const figures = [...new Set(unsupported.flatMap((c) => c.missing))];
  return part('claims', 1 - unsupported.length / 3, {
    code: 'fix_claims',
    params: { count: unsupported.length, figures: figures.slice(0, ADVICE_ITEMS) },
  });
}

/**
 * The content score (0–100) of an article's HTML against its brief, with each part and what to do
 * about it. `claims` null: not checked yet (no penalty).
 */
export function contentScore({ html, brief, claims }: { html: string; brief: Brief; claims: Claim[] | null }): ContentScore {
  const outline = readArticle(html);
  const language = brief.language;
  const parts: ScorePart[] = [
    termsPart(outline.text, brief),
    sectionsPart(outline, brief),
    questionsPart(outline, brief),
    lengthPart(countWords(outline.text), brief),
    headingsPart(outline),
    readabilityPart(outline.bodyText, language),
    claimsPart(claims),
  ];
  const total = Math.round(parts.reduce((sum, p) => sum + p.value * p.weight, 0));
  return { total: Math.min(100, Math.max(0, total)), parts };
}
