// The brief computed from the pages research read (pure: no I/O). See docs/article-engine.md.
//   targetWords   the median of the read competitors' word counts, rounded to 50, within 300–5,000
//   sections      h2/h3 headings the read competitors share, near-duplicates clustered by the
//                 overlap of their term keys; coveredBy = the sources that have one; most covered first
//   terms         1–3-word terms by TF-IDF: frequency in the competitors' main texts (uses per 1,000
//                 words, averaged over the read sources) × how many sources use it × the inverse
//                 document frequency in a shipped background of generic texts (./background);
//                 stop words removed, stems merged (the most frequent written form shown)
//   questions     the SERP's "people also ask", then the question headings of the pages
import {
  analyze,
  contentStems,
  foldAccents,
  termKey,
  type Brief,
  type BriefQuestion,
  type BriefSection,
  type BriefTerm,
  type EngineLanguage,
  type OutlineHeading,
} from '@citable/shared/engine';
import { BACKGROUND } from './background.js';

/** A source research read (status 'read'), as the brief needs it. */
export interface ReadDocument {
  n: number;
  text: string;
  words: number;
  headings: OutlineHeading[];
}

export const MIN_TARGET_WORDS = 300;
export const MAX_TARGET_WORDS = 5000;
/** When no competitor could be read: about the length the public side sells. */
export const DEFAULT_TARGET_WORDS = 1800;
export const MAX_TERMS = 30;
export const MAX_SECTIONS = 15;
export const MAX_QUESTIONS = 20;

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
};

/** The target length and the competitors' word counts. */
export function targetLength(words: number[]): { targetWords: number; competitorWords: Brief['competitorWords'] } {
  const counts = words.filter((w) => Number.isFinite(w) && w > 0);
  if (!counts.length) return { targetWords: DEFAULT_TARGET_WORDS, competitorWords: null };
  const med = median(counts);
  const targetWords = Math.min(MAX_TARGET_WORDS, Math.max(MIN_TARGET_WORDS, Math.round(med / 50) * 50));
  return { targetWords, competitorWords: { median: Math.round(med), min: Math.min(...counts), max: Math.max(...counts), count: counts.length } };
}

// ----------------------------------------------------------------------------- questions -----

const QUESTION_START: Record<EngineLanguage, RegExp> = {
  fr: /^(?:comment|pourquoi|quand|quel|quelle|quels|quelles|que|qu'est-ce|qu’est-ce|quoi|combien|où|est-ce|faut-il|peut-on|doit-on|dois-je|puis-je|lequel|laquelle|lesquels|lesquelles)\b/i,
  en: /^(?:how|what|why|when|which|who|whom|whose|where|can|should|is|are|does|do|did|will|could|would)\b/i,
};

/** True for a heading that asks a question (« … ? », « Comment … », "How …"). */
export function isQuestion(text: string, lang: EngineLanguage): boolean {
  const t = text.trim();
  return /\?\s*$/.test(t) || QUESTION_START[lang].test(t);
}

/** The identity of a question for deduplication: its words, accent- and case-insensitive. */
const questionId = (q: string, lang: EngineLanguage) => termKey(q, lang) || foldAccents(q.toLowerCase()).replace(/[^\p{L}\p{N}]+/gu, ' ').trim();

export function questionsOf(serpQuestions: string[], docs: ReadDocument[], lang: EngineLanguage): BriefQuestion[] {
  const seen = new Set<string>();
  const out: BriefQuestion[] = [];
  const add = (q: BriefQuestion) => {
    const id = questionId(q.question, lang);
    if (!id || seen.has(id)) return;
    seen.add(id);
    out.push(q);
  };
  for (const question of serpQuestions) add({ question: question.trim(), from: 'serp' });
  // Question headings, those most sources ask first.
  const byId = new Map<string, { question: string; n: number; sources: Set<number>; order: number }>();
  let order = 0;
  for (const doc of docs) {
    for (const h of doc.headings) {
      if (!isQuestion(h.text, lang)) continue;
      const id = questionId(h.text, lang);
      if (!id) continue;
      const entry = byId.get(id) ?? { question: h.text.trim(), n: doc.n, sources: new Set<number>(), order: order++ };
      entry.sources.add(doc.n);
      byId.set(id, entry);
    }
  }
  const pageQuestions = [...byId.values()].sort((a, b) => b.sources.size - a.sources.size || a.order - b.order);
  for (const q of pageQuestions) add({ question: q.question, from: 'page', n: q.n });
  return out.slice(0, MAX_QUESTIONS);
}

// ------------------------------------------------------------------------------ sections -----

/** Two headings say the same: half their stems in common, or one's stems all in the other's. */
function sameSection(a: Set<string>, b: Set<string>) {
  let inter = 0;
  for (const x of a) if (b.has(x)) inter++;
  return inter / (a.size + b.size - inter || 1) >= 0.5 || inter === Math.min(a.size, b.size);
}

/**
 * Sections the read competitors share (h2/h3 that are not questions), most covered first. The
 * keywords' stems are left out when comparing headings (« La cuisson du pain au levain » and « La
 * cuisson » are one section); a heading that is only the keywords is no section.
 */
export function sectionsOf(docs: ReadDocument[], lang: EngineLanguage, keywords: string[] = []): BriefSection[] {
  interface Member { text: string; stems: Set<string>; n: number; rank: number }
  interface Cluster { members: Member[]; sources: Set<number> }
  const ignored = new Set(keywords.flatMap((k) => contentStems(k, lang)));
  const members: Member[] = [];
  for (const doc of docs) {
    const hs = doc.headings.filter((h) => h.level >= 2 && !isQuestion(h.text, lang));
    hs.forEach((h, i) => {
      const stems = new Set(contentStems(h.text, lang).filter((s) => !/^\p{N}/u.test(s) && !ignored.has(s)));
      if (stems.size) members.push({ text: h.text, stems, n: doc.n, rank: hs.length > 1 ? i / (hs.length - 1) : 0 });
    });
  }
  // Headings that say the same, transitively (« L'autolyse et le pétrissage » ~ « Le pétrissage » ~
  // « Le pétrissage de la pâte »): union-find over the pairs.
  const parent = members.map((_, i) => i);
  const find = (i: number): number => (parent[i] === i ? i : (parent[i] = find(parent[i])));
  for (let i = 0; i < members.length; i++) {
    for (let j = i + 1; j < members.length; j++) {
      if (members[i].n !== members[j].n && sameSection(members[i].stems, members[j].stems)) parent[find(j)] = find(i);
    }
  }
  const byRoot = new Map<number, Cluster>();
  members.forEach((m, i) => {
    const root = find(i);
    const c = byRoot.get(root) ?? { members: [], sources: new Set<number>() };
    c.members.push(m);
    c.sources.add(m.n);
    byRoot.set(root, c);
  });
  const clusters = [...byRoot.values()];
  const minSources = Math.min(2, docs.length);
  return clusters
    .filter((c) => c.sources.size >= minSources)
    .map((c) => {
      // the title: the heading whose words the most others contain (the common core: « Le
      // pétrissage » over « L'autolyse et le pétrissage »), the shortest of those
      const within = (m: Member) => c.members.filter((o) => [...m.stems].every((x) => o.stems.has(x))).length;
      const title = [...c.members].sort((a, b) => within(b) - within(a) || a.text.length - b.text.length)[0].text;
      const rank = c.members.reduce((s, m) => s + m.rank, 0) / c.members.length;
      return { title, coveredBy: [...c.sources].sort((a, b) => a - b), rank };
    })
    .sort((a, b) => b.coveredBy.length - a.coveredBy.length || a.rank - b.rank)
    .slice(0, MAX_SECTIONS)
    .map(({ title, coveredBy }) => ({ title, coveredBy }));
}

// --------------------------------------------------------------------------------- terms -----

/** Punctuation that ends a phrase: a term never spans it. */
const CLAUSE_BREAK = /[.!?;:,()[\]{}«»"“”„…–—|/\n\r\t•·]+/;
/** Stop words allowed inside a term (« température de la cuisson »). */
const MAX_GAP = 2;

interface Candidate {
  key: string;
  surface: string;
}

/** The 1–3-word term candidates of a text, in order (a key may come several times). */
export function termCandidates(text: string, lang: EngineLanguage): Candidate[] {
  const out: Candidate[] = [];
  for (const clause of text.split(CLAUSE_BREAK)) {
    const tokens = analyze(clause, lang);
    // content tokens with their index; a number, a one-letter word or a long run of stop words breaks
    let run: { stem: string; index: number }[] = [];
    let gap = 0;
    const flush = () => {
      for (let i = 0; i < run.length; i++) {
        for (let len = 1; len <= 3 && i + len <= run.length; len++) {
          const part = run.slice(i, i + len);
          if (len === 1 && part[0].stem.length < 3) continue;
          const first = part[0].index;
          const last = part[len - 1].index;
          out.push({ key: part.map((p) => p.stem).join(' '), surface: tokens.slice(first, last + 1).map((t) => t.word).join(' ') });
        }
      }
      run = [];
      gap = 0;
    };
    tokens.forEach((t, index) => {
      const letters = t.word.replace(/[^\p{L}]/gu, '');
      if (t.stop) {
        gap += 1;
        if (gap > MAX_GAP) flush();
        return;
      }
      if (/^\p{N}/u.test(t.word) || letters.length < 2) {
        flush();
        return;
      }
      gap = 0;
      run.push({ stem: t.stem, index });
    });
    flush();
  }
  return out;
}

let backgroundDf: Partial<Record<EngineLanguage, { df: Map<string, number>; docs: number }>> = {};

/** In how many background texts each term key occurs. */
function background(lang: EngineLanguage) {
  let bg = backgroundDf[lang];
  if (!bg) {
    const df = new Map<string, number>();
    for (const text of BACKGROUND[lang]) {
      for (const key of new Set(termCandidates(text, lang).map((c) => c.key))) df.set(key, (df.get(key) ?? 0) + 1);
    }
    bg = { df, docs: BACKGROUND[lang].length };
    backgroundDf = { ...backgroundDf, [lang]: bg };
  }
  return bg;
}

/** True when `inner` (space-separated stems) is a contiguous part of `outer`. */
const containsKey = (outer: string, inner: string) => ` ${outer} `.includes(` ${inner} `);

export function termsOf(docs: ReadDocument[], lang: EngineLanguage, targetWords: number): BriefTerm[] {
  if (!docs.length) return [];
  const bg = background(lang);
  interface Stat { tf: number; rates: number[]; sources: number; surfaces: Map<string, number> }
  const stats = new Map<string, Stat>();
  for (const doc of docs) {
    const counts = new Map<string, number>();
    for (const c of termCandidates(doc.text, lang)) {
      counts.set(c.key, (counts.get(c.key) ?? 0) + 1);
      let s = stats.get(c.key);
      if (!s) {
        s = { tf: 0, rates: [], sources: 0, surfaces: new Map() };
        stats.set(c.key, s);
      }
      s.surfaces.set(c.surface, (s.surfaces.get(c.surface) ?? 0) + 1);
    }
    const words = Math.max(doc.words, 1);
    for (const [key, count] of counts) {
      const s = stats.get(key)!;
      s.tf += count;
      s.sources += 1;
      s.rates.push((count / words) * 1000);
    }
  }
  const minSources = Math.min(2, docs.length);
  const scored: { key: string; score: number; stat: Stat }[] = [];
  for (const [key, stat] of stats) {
    if (stat.sources < minSources) continue;
    const length = key.split(' ').length;
    // a phrase must come back: twice at least over the corpus
    if (length > 1 && stat.tf < 2) continue;
    const idf = Math.log((1 + bg.docs) / (1 + (bg.df.get(key) ?? 0)));
    if (idf <= 0) continue;
    const meanRate = stat.rates.reduce((a, b) => a + b, 0) / docs.length;
    const score = meanRate * idf * (stat.sources / docs.length) * (1 + 0.5 * (length - 1));
    scored.push({ key, score, stat });
  }
  scored.sort((a, b) => b.score - a.score || a.key.localeCompare(b.key));
  // A shorter term found almost only inside a longer one adds nothing (« levain » stays when it is
  // used alone too; « cuisson » inside « temps de cuisson » only does not).
  const kept: typeof scored = [];
  for (const t of scored) {
    if (kept.length >= MAX_TERMS) break;
    const inside = scored.find((o) => o.key !== t.key && containsKey(o.key, t.key) && o.stat.tf >= 0.8 * t.stat.tf);
    if (inside) continue;
    kept.push(t);
  }
  const max = kept[0]?.score ?? 1;
  return kept.map(({ stat, score }) => {
    const term = [...stat.surfaces.entries()].sort((a, b) => b[1] - a[1] || a[0].length - b[0].length)[0][0];
    const rate = median(stat.rates);
    return {
      term,
      weight: Number((score / max).toFixed(3)),
      sources: stat.sources,
      target: Math.max(1, Math.round((rate * targetWords) / 1000)),
    };
  });
}

/** The brief of a page from what research read. */
export function buildBrief(input: {
  language: EngineLanguage;
  keywords: string[];
  keywordsDerived: boolean;
  docs: ReadDocument[];
  serpQuestions: string[];
}): Brief {
  const { language, docs } = input;
  const { targetWords, competitorWords } = targetLength(docs.map((d) => d.words));
  return {
    version: 1,
    language,
    keywords: input.keywords,
    keywordsDerived: input.keywordsDerived,
    targetWords,
    competitorWords,
    sections: sectionsOf(docs, language, input.keywords),
    terms: termsOf(docs, language, targetWords),
    questions: questionsOf(input.serpQuestions, docs, language),
    editedAt: null,
  };
}
