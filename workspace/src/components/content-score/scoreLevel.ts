/**
 * A content score's level (docs/article-engine.md#content-score): good from 75, fair from 50, poor
 * below. Each level has a name (never colour alone) and colours dark enough on their light
 * backgrounds (WCAG AA).
 */
export type ScoreLevel = 'good' | 'fair' | 'poor';

export const GOOD_FROM = 75;
export const FAIR_FROM = 50;

export const scoreLevel = (score: number): ScoreLevel => (score >= GOOD_FROM ? 'good' : score >= FAIR_FROM ? 'fair' : 'poor');

/** Mantine colour of the level's ring, bar and badge background. */
export const LEVEL_COLOR: Record<ScoreLevel, string> = { good: 'teal', fair: 'orange', poor: 'red' };
/** Text colour on the level's light background (contrast ≥ 4.5:1). */
export const LEVEL_TEXT: Record<ScoreLevel, string> = { good: '#05664a', fair: '#8a3a0c', poor: '#a51d1d' };
/** Bar / ring colour on white (contrast ≥ 3:1 for graphics). */
export const LEVEL_FILL: Record<ScoreLevel, string> = { good: '#0c8a63', fair: '#c4560c', poor: '#d42a2a' };
