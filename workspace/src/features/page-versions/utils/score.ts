/**
 * The content score and the claims of a version as the versions screen shows them
 * (docs/article-engine.md#content-score): the stored JSON read defensively (the columns are jsonb),
 * and the advice codes turned into sentences of the user's language.
 */
import type { TFunction } from 'i18next';
import type { Brief, Claim, ContentScore, ScorePart, ScorePartKey } from '@citable/shared/engine';

const PART_KEYS: readonly ScorePartKey[] = ['terms', 'sections', 'questions', 'length', 'headings', 'readability', 'claims'];

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/** pages_versions.score + score_parts as a ContentScore; null when the version has none (or it is malformed). */
export function storedScore(score: number | null | undefined, parts: unknown): ContentScore | null {
  if (typeof score !== 'number' || !Array.isArray(parts)) return null;
  const read: ScorePart[] = [];
  for (const part of parts) {
    if (!isRecord(part) || !PART_KEYS.includes(part.key as ScorePartKey) || typeof part.value !== 'number' || typeof part.weight !== 'number') continue;
    const advice = isRecord(part.advice) && typeof part.advice.code === 'string' ? (part.advice as ScorePart['advice']) : null;
    read.push({ key: part.key as ScorePartKey, value: part.value, weight: part.weight, advice });
  }
  return { total: score, parts: read };
}

/** pages_versions.claims as Claim[]; null when not checked yet. */
export function storedClaims(claims: unknown): Claim[] | null {
  if (!Array.isArray(claims)) return null;
  return claims
    .filter((c): c is Record<string, unknown> => isRecord(c) && typeof c.sentence === 'string' && typeof c.n === 'number')
    .map((c) => ({
      sentence: c.sentence as string,
      n: c.n as number,
      url: typeof c.url === 'string' ? c.url : null,
      passage: typeof c.passage === 'string' ? c.passage : null,
      supported: c.supported !== false,
      missing: Array.isArray(c.missing) ? c.missing.filter((m): m is string => typeof m === 'string') : [],
    }));
}

/** page_briefs.brief as a Brief when it has what the score needs; null otherwise. */
export function usableBrief(brief: unknown): Brief | null {
  if (!isRecord(brief)) return null;
  const { language, targetWords, terms, sections, questions } = brief;
  if ((language !== 'fr' && language !== 'en') || typeof targetWords !== 'number' || targetWords <= 0) return null;
  if (!Array.isArray(terms) || !Array.isArray(sections) || !Array.isArray(questions)) return null;
  return brief as unknown as Brief;
}


/** Items of an advice, quoted in the language's quotes and joined as a list (« a », « b » et « c »). */
export function quotedList(items: readonly string[], t: TFunction, language: string): string {
  const quoted = items.map((text) => t('score.quote', { text }));
  return new Intl.ListFormat(language, { style: 'long', type: 'conjunction' }).format(quoted);
}

const number = (value: unknown, language: string) => (typeof value === 'number' ? new Intl.NumberFormat(language).format(value) : '');
const strings = (value: unknown): string[] => (Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : []);

/** The advice of a part as a sentence (unknown codes: a generic one, never the code). */
export function adviceText(advice: ScorePart['advice'], t: TFunction, language: string): string | null {
  if (!advice) return null;
  const params = advice.params ?? {};
  const more = (shown: number) => {
    const count = typeof params.count === 'number' ? params.count - shown : 0;
    return count > 0 ? ` ${t('score.advice.more', { count })}` : '';
  };
  switch (advice.code) {
    case 'add_terms':
    case 'add_sections':
    case 'answer_questions': {
      const items = strings(params.terms ?? params.sections ?? params.questions);
      return t(`score.advice.${advice.code}`, { items: quotedList(items, t, language) }) + more(items.length);
    }
    case 'add_words':
    case 'cut_words':
      return t(`score.advice.${advice.code}`, {
        words: number(params.words, language),
        count: number(params.count, language),
        target: number(params.target, language),
      });
    case 'fix_headings': {
      const issues = strings(params.issues).map((issue) => t(`score.issue.${issue}`, { defaultValue: issue }));
      return t('score.advice.fix_headings', { items: new Intl.ListFormat(language, { type: 'conjunction' }).format(issues) });
    }
    case 'shorter_sentences':
    case 'simpler_words':
      return t(`score.advice.${advice.code}`, {
        ease: number(params.ease, language),
        wordsPerSentence: number(params.wordsPerSentence, language),
        formula: t(`score.formula.${String(params.formula ?? 'flesch')}`),
      });
    case 'fix_claims': {
      const figures = strings(params.figures);
      const count = typeof params.count === 'number' ? params.count : 0;
      return figures.length > 0
        ? t('score.advice.fix_claims', { count, items: quotedList(figures, t, language) })
        : t('score.advice.fix_claims_noFigures', { count });
    }
    case 'no_text':
    case 'claims_not_checked':
      return t(`score.advice.${advice.code}`);
    default:
      return t('score.advice.unknown');
  }
}
