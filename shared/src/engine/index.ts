// @citable/shared/engine: the article engine's shapes and pure functions, used by the worker (Node,
// built to shared/dist/engine by npm run typecheck) and by the browser (TypeScript source).
// the untyped NLP packages' declarations, for every program that imports the engine (the apps' tsc)
// eslint-disable-next-line @typescript-eslint/triple-slash-reference -- ambient module declarations, no value to import
/// <reference path="./vendor.d.ts" />
export type {
  ActionStage,
  ActionWarning,
  Brief,
  BriefQuestion,
  BriefSection,
  BriefSource,
  BriefTerm,
  Claim,
  ContentScore,
  EngineLanguage,
  OutlineHeading,
  ScorePart,
  ScorePartKey,
} from './types';
export type { AnalyzedToken } from './text';
export {
  analyze,
  contentStems,
  countTermOccurrences,
  countWords,
  foldAccents,
  isNumberToken,
  isStopWord,
  stem,
  termKey,
  tokenize,
} from './text';
export type { ArticleOutline, HeadingIssue, Readability } from './score';
export {
  contentScore,
  headingIssues,
  headingMatches,
  LENGTH_TOLERANCE,
  READABILITY_FLOOR,
  READABILITY_GOOD,
  readability,
  readArticle,
  SCORE_WEIGHTS,
  sentences,
  syllables,
} from './score';
