// The article engine's shared shapes: what research reads (BriefSource), the brief written from it
// (Brief, stored in page_briefs.brief and editable by the operator), what a version is checked
// against (Claim, ContentScore). The worker writes them, the workspace and /view read them; both
// compute the score with the same function (contentScore, ./score). See docs/article-engine.md.

export type EngineLanguage = 'fr' | 'en';

/** One heading of a page read during research. */
export interface OutlineHeading {
  level: 1 | 2 | 3 | 4 | 5 | 6;
  text: string;
}

/**
 * A numbered source: a competitor page (or a to_scrape page of the site) research tried to read.
 * Stored in page_brief_sources (the main text too, for claim checking); `n` is the number the
 * article cites as [n].
 */
export interface BriefSource {
  n: number;
  url: string;
  kind: 'serp' | 'scraped';
  /** The SERP position when kind is 'serp'. */
  position: number | null;
  title: string | null;
  status: 'read' | 'failed' | 'skipped';
  /** Why it could not be read or was skipped (status failed / skipped), in English, short. */
  error: string | null;
  words: number | null;
  headings: OutlineHeading[];
}

/** A section the top results cover; coveredBy lists the source numbers that have it. */
export interface BriefSection {
  title: string;
  coveredBy: number[];
}

/** A term or entity the top results share. */
export interface BriefTerm {
  term: string;
  /** TF-IDF weight against the background, 0..1 (the brief's strongest term is 1). */
  weight: number;
  /** How many read sources use it. */
  sources: number;
  /** Uses to aim for in the article (≥ 1). */
  target: number;
  /** Added by the operator (not computed). */
  added?: boolean;
}

export interface BriefQuestion {
  question: string;
  /** serp: the provider's "people also ask" / related questions; page: a question heading of a source; operator: typed in. */
  from: 'serp' | 'page' | 'operator';
  /** The source it was found in (from 'page'). */
  n?: number;
}

/** The brief of a page (page_briefs.brief). */
export interface Brief {
  version: 1;
  language: EngineLanguage;
  /** The main keywords researched. */
  keywords: string[];
  /** True when the page had no keyword and they were derived from its name and URL. */
  keywordsDerived: boolean;
  /** Target length in words, from the read competitors' word counts (editable). */
  targetWords: number;
  /** The read competitors' word counts, or null when none could be read. */
  competitorWords: { median: number; min: number; max: number; count: number } | null;
  sections: BriefSection[];
  terms: BriefTerm[];
  questions: BriefQuestion[];
  /** When the operator last changed it (null: as computed). */
  editedAt: string | null;
}

/**
 * A sentence of a version that cites a source, the passage of that source it rests on (best BM25
 * match in the text that was read), and the check: numbers, dates and percentages of the sentence
 * that the passage does not contain make it unsupported.
 */
export interface Claim {
  sentence: string;
  n: number;
  url: string | null;
  passage: string | null;
  supported: boolean;
  /** The figures of the sentence not found in the passage (empty when supported). */
  missing: string[];
}

export type ScorePartKey = 'terms' | 'sections' | 'questions' | 'length' | 'headings' | 'readability' | 'claims';

/** One part of a content score, with what to do about it. */
export interface ScorePart {
  key: ScorePartKey;
  /** 0..1 for this part. */
  value: number;
  /** Its weight in the total (the weights add up to 100). */
  weight: number;
  /** What to do, as a message code and its parameters (the screens translate it). */
  advice: { code: string; params?: Record<string, string | number | string[]> } | null;
}

/** A version's content score against its brief (pages_versions.score / score_parts). */
export interface ContentScore {
  total: number;
  parts: ScorePart[];
}

/** A warning recorded on an action (pages_actions.warnings): nothing the engine skips is silent. */
export interface ActionWarning {
  stage: string;
  code: string;
  /** English, for logs and as a fallback; the screens translate by code with params. */
  message: string;
  params?: Record<string, string | number | string[]>;
}

/** One stage of an action's run (pages_actions.stages): its time and cost. */
export interface ActionStage {
  stage: string;
  ms: number;
  costUsd: number | null;
  calls?: number;
}
