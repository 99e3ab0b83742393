// Claims: each sentence of a version that cites a source [n], the passage of source n's text it
// rests on, and the check of its figures (docs/article-engine.md, "checks").
//
// Passages: the source's main text (page_brief_sources.text) split into sentences
// (Intl.Segmenter, the language's rules), grouped as windows of one to three consecutive
// sentences. Ranking: Okapi BM25 (k1 1.2, b 0.75) over the content words' stems
// (@citable/shared/engine's tokenizer: elisions, stop words, Snowball stems). A small implementation here: okapibm25 counts words with /\w+/ (ASCII: a French
// word with an accent splits in two) and matches query terms as unescaped regular expressions and
// substrings, and wink-bm25-text-search needs at least three documents and brings an English
// model; neither fits French sources of a few sentences to a few thousand.
// The check: every number of the sentence (dates, percentages, amounts: their digits) must appear
// in the passage; those that do not are the claim's `missing`, and it is unsupported.
import { JSDOM } from 'jsdom';
import { isStopWord, stem, tokenize, type BriefSource, type Claim, type EngineLanguage } from '@citable/shared/engine';

export type SourceWithText = BriefSource & { text: string | null };

const K1 = 1.2;
const B = 0.75;
/** Longest passage kept (characters): a window stops growing past it. */
const MAX_PASSAGE_CHARS = 700;
/** Passages of one source looked at, at most (a 2 MB page is cut there). */
const MAX_PASSAGES = 6000;

const sentenceSegmenters = new Map<string, Intl.Segmenter>();
const stems = new Map<string, string>();

/**
 * The content-word stems of a text (@citable/shared/engine's tokenizer, stop words and Snowball
 * stems of the language; stems memoised, a source is long).
 */
export function tokens(text: string, lang: EngineLanguage): string[] {
  const out: string[] = [];
  for (const word of tokenize(text, lang)) {
    const key = `${lang}:${word}`;
    let s = stems.get(key);
    if (s === undefined) {
      s = isStopWord(word, lang) ? '' : stem(word, lang);
      if (stems.size > 200_000) stems.clear();
      stems.set(key, s);
    }
    if (s) out.push(s);
  }
  return out;
}

/** Sentences of a text (trimmed, non-empty). */
export function sentences(text: string, lang: EngineLanguage): string[] {
  const out: string[] = [];
  let segmenter = sentenceSegmenters.get(lang);
  if (!segmenter) sentenceSegmenters.set(lang, (segmenter = new Intl.Segmenter(lang, { granularity: 'sentence' })));
  for (const seg of segmenter.segment(text)) {
    const s = seg.segment.replace(/\s+/g, ' ').trim();
    if (s) out.push(s);
  }
  return out;
}

/** Passages of a source text: windows of 1 to 3 consecutive sentences (at most MAX_PASSAGE_CHARS). */
export function passagesOf(text: string, lang: EngineLanguage): string[] {
  return passageWindows(text, lang).docs;
}

/** A source's sentences and their tokens, computed once per source object (writing, then checks). */
const analyzed = new WeakMap<object, { lang: EngineLanguage; sents: string[]; toks: string[][] }>();

/** The sentences of a text and their tokens; memoised on `owner` (the source the text is of). */
export function sentencesAndTokens(text: string, lang: EngineLanguage, owner?: object) {
  const known = owner ? analyzed.get(owner) : undefined;
  if (known && known.lang === lang) return known;
  const sents = sentences(text, lang);
  const result = { lang, sents, toks: sents.map((s) => tokens(s, lang)) };
  if (owner) analyzed.set(owner, result);
  return result;
}

/** The passages of a text and their tokens (each sentence tokenized once). */
function passageWindows(text: string, lang: EngineLanguage, owner?: object) {
  const { sents, toks } = sentencesAndTokens(text, lang, owner);
  const docs: string[] = [];
  const docTokens: string[][] = [];
  for (let i = 0; i < sents.length && docs.length < MAX_PASSAGES; i += 1) {
    let passage = sents[i];
    let passageTokens = toks[i];
    docs.push(passage);
    docTokens.push(passageTokens);
    for (let j = i + 1; j < Math.min(sents.length, i + 3); j += 1) {
      if (passage.length + sents[j].length + 1 > MAX_PASSAGE_CHARS) break;
      passage = `${passage} ${sents[j]}`;
      passageTokens = passageTokens.concat(toks[j]);
      docs.push(passage);
      docTokens.push(passageTokens);
    }
  }
  return { docs, docTokens };
}

/** The BM25 index of a source text's passages. */
export function passageIndex(text: string, lang: EngineLanguage, owner?: object) {
  const { docs, docTokens } = passageWindows(text, lang, owner);
  return new Bm25Index(docs, lang, docTokens);
}

/** A BM25 index of passages. */
export class Bm25Index {
  readonly docs: string[];
  private readonly lengths: number[];
  private readonly avgLength: number;
  private readonly postings = new Map<string, Map<number, number>>();

  /** `docTokens`: the docs' tokens when already known. */
  constructor(docs: string[], lang: EngineLanguage, docTokens?: string[][]) {
    this.docs = docs;
    this.lengths = [];
    docs.forEach((doc, i) => {
      const toks = docTokens?.[i] ?? tokens(doc, lang);
      this.lengths.push(toks.length);
      for (const t of toks) {
        let p = this.postings.get(t);
        if (!p) this.postings.set(t, (p = new Map()));
        p.set(i, (p.get(i) ?? 0) + 1);
      }
    });
    this.avgLength = this.lengths.reduce((a, b) => a + b, 0) / Math.max(1, docs.length);
  }

  /** The passages ranked for a query: [index, score] best first, score > 0 only. */
  search(queryTokens: string[], limit = 5): [number, number][] {
    const scores = new Map<number, number>();
    const n = this.docs.length;
    for (const term of new Set(queryTokens)) {
      const posting = this.postings.get(term);
      if (!posting) continue;
      const idf = Math.log(1 + (n - posting.size + 0.5) / (posting.size + 0.5));
      for (const [doc, tf] of posting) {
        const norm = tf + K1 * (1 - B + (B * this.lengths[doc]) / (this.avgLength || 1));
        scores.set(doc, (scores.get(doc) ?? 0) + (idf * tf * (K1 + 1)) / norm);
      }
    }
    return [...scores.entries()].sort((a, b) => b[1] - a[1] || a[0] - b[0]).slice(0, limit);
  }
}

/** A figure of a sentence: as written, and its digits normalised (no group separator, decimal point). */
export interface Figure {
  text: string;
  value: string;
}

// 1 234,5 | 1,234.5 | 12.5 | 70 % | 2024 ; group separators: space, no-break and narrow no-break
// spaces, a dot or a comma followed by three digits.
const NUMBER = /(?<![\p{L}\d])[-+−]?\d{1,3}(?:[ \u00a0\u202f.,]\d{3})+(?:[.,]\d+)?(?!\d)|(?<![\p{L}\d])[-+−]?\d+(?:[.,]\d+)?(?!\d)/gu;

function normalizeNumber(raw: string): string {
  let s = raw.replace(/^[-+−]/, '').replace(/[ \u00a0\u202f]/g, '');
  // 1.234.567 / 1,234,567 : group separators; 1.234,5 / 1,234.5: the last one is the decimal mark
  const marks = s.match(/[.,]/g) ?? [];
  if (marks.length > 1) {
    const last = s.search(/[.,](?=\d+$)/);
    const grouped = new Set(marks).size === 1 && /^\d{1,3}([.,]\d{3})+$/.test(s);
    if (grouped) s = s.replace(/[.,]/g, '');
    else s = s.slice(0, last).replace(/[.,]/g, '') + '.' + s.slice(last + 1);
  } else if (marks.length === 1) {
    // 1,5 -> 1.5 ; 1 000 written 1.000 or 1,000 (three digits after, one to three before) stays
    // ambiguous: kept as both forms by figuresIn
    s = s.replace(',', '.');
  }
  return s.replace(/^0+(?=\d)/, '').replace(/(\.\d*?)0+$/, '$1').replace(/\.$/, '');
}

/** The figures of a text (numbers, with their percent sign when they have one). */
export function figuresIn(text: string): Figure[] {
  const clean = text.replace(/\[\d{1,3}(?:\s*[,;]\s*\d{1,3})*\]/g, ' ');
  const out: Figure[] = [];
  for (const m of clean.matchAll(NUMBER)) {
    const after = clean.slice((m.index ?? 0) + m[0].length);
    const percent = /^[\s\u00a0\u202f]?%/.exec(after);
    out.push({ text: percent ? `${m[0]}${percent[0]}`.trim() : m[0].trim(), value: normalizeNumber(m[0]) });
  }
  return out;
}

/** Values a passage has: its numbers (and 1.000 / 1,000 read both as a thousand and as a decimal). */
function valuesIn(text: string): Set<string> {
  const values = new Set<string>();
  for (const m of text.matchAll(NUMBER)) {
    values.add(normalizeNumber(m[0]));
    const ambiguous = /^[-+−]?(\d{1,3})[.,](\d{3})$/.exec(m[0]);
    if (ambiguous) values.add(`${ambiguous[1]}${ambiguous[2]}`.replace(/^0+(?=\d)/, ''));
  }
  return values;
}

/** The figures of a sentence its passage does not contain. */
export function missingFigures(sentence: string, passage: string): string[] {
  const have = valuesIn(passage);
  const missing: string[] = [];
  for (const f of figuresIn(sentence)) {
    const ambiguous = /^[-+−]?(\d{1,3})[.,](\d{3})$/.exec(f.text);
    const alt = ambiguous ? `${ambiguous[1]}${ambiguous[2]}` : null;
    if (!have.has(f.value) && !(alt && have.has(alt)) && !missing.includes(f.text)) missing.push(f.text);
  }
  return missing;
}

/** A sentence of the article and the source numbers it cites. */
export interface CitedSentence {
  sentence: string;
  cites: number[];
}

const BLOCKS = 'p, li, td, th, blockquote, dd, dt, figcaption, caption';
const MARKER = /\[(\d{1,3}(?:\s*[,;]\s*\d{1,3})*)\]/g;

/**
 * The sentences of article HTML that cite sources: block by block, split into sentences; a
 * citation marker that opens a sentence ("… pailler. [2] Ensuite …") belongs to the one before.
 */
export function citedSentences(html: string, lang: EngineLanguage): CitedSentence[] {
  const doc = new JSDOM(`<body>${html}</body>`).window.document;
  const out: CitedSentence[] = [];
  const blocks = Array.from(doc.body.querySelectorAll(BLOCKS)).filter((el) => !el.querySelector(BLOCKS));
  for (const block of blocks) {
    const text = (block.textContent ?? '').replace(/\s+/g, ' ').trim();
    if (!/\[\d/.test(text)) continue;
    const sents = sentences(text, lang);
    const merged: string[] = [];
    for (const s of sents) {
      const lead = /^((?:\[\d{1,3}(?:\s*[,;]\s*\d{1,3})*\]\s*[.,;:]?\s*)+)(.*)$/s.exec(s);
      if (lead && merged.length > 0) {
        merged[merged.length - 1] = `${merged[merged.length - 1]} ${lead[1].trim()}`;
        if (lead[2].trim()) merged.push(lead[2].trim());
      } else merged.push(s);
    }
    for (const s of merged) {
      const cites: number[] = [];
      for (const m of s.matchAll(MARKER)) for (const n of m[1].split(/[,;]/)) {
        const v = Number(n.trim());
        if (!cites.includes(v)) cites.push(v);
      }
      if (cites.length === 0) continue;
      const sentence = s.replace(MARKER, '').replace(/\s+([.,;:!?])/g, '$1').replace(/\s+/g, ' ').trim();
      out.push({ sentence, cites });
    }
  }
  return out;
}

/** How far below the best BM25 score a passage holding all of the sentence's figures may be. */
const FIGURE_PREFERENCE = 0.6;

/**
 * The claims of article HTML against the numbered sources (only those read have a text).
 */
export function findClaims(html: string, sources: SourceWithText[], language: EngineLanguage): Claim[] {
  const byN = new Map(sources.map((s) => [s.n, s]));
  const indexes = new Map<number, Bm25Index | null>();
  const indexOf = (n: number) => {
    if (!indexes.has(n)) {
      const source = byN.get(n);
      const text = source && source.status === 'read' ? source.text : null;
      indexes.set(n, text && source ? passageIndex(text, language, source) : null);
    }
    return indexes.get(n) ?? null;
  };
  const claims: Claim[] = [];
  for (const { sentence, cites } of citedSentences(html, language)) {
    const query = tokens(sentence, language);
    const figures = figuresIn(sentence);
    const found = cites.map((n) => {
      const index = indexOf(n);
      const hits = index ? index.search(query, 8) : [];
      if (!index || hits.length === 0) return { n, passage: null };
      let [best] = hits;
      if (figures.length > 0 && missingFigures(sentence, index.docs[best[0]]).length > 0) {
        const withFigures = hits.find(([i, score]) => score >= best[1] * FIGURE_PREFERENCE && missingFigures(sentence, index.docs[i]).length === 0);
        if (withFigures) best = withFigures;
      }
      return { n, passage: index.docs[best[0]] };
    });
    // A sentence citing several sources may take each figure from any of them: a figure is
    // missing when none of the cited passages has it.
    const all = found.map((f) => f.passage ?? '').join(' \n ');
    const missingInAll = figures.length > 0 ? missingFigures(sentence, all) : [];
    for (const { n, passage } of found) {
      const missing = passage === null ? figures.map((f) => f.text) : missingInAll;
      claims.push({ sentence, n, url: byN.get(n)?.url ?? null, passage, supported: passage !== null && missing.length === 0, missing });
    }
  }
  return claims;
}
