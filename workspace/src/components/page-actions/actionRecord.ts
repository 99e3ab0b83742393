/**
 * An action's record beside last_error (issue 29, docs/article-engine.md): its warnings
 * (ActionWarning[]: what a run skipped, translated by code with its params, else its English message)
 * and its stages (ActionStage[]: time and cost of each). The columns are JSON written by the worker:
 * anything that is not the shape is left out rather than shown broken.
 */
import type { ActionStage, ActionWarning } from '@citable/shared/engine';

type Params = NonNullable<ActionWarning['params']>;

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

function paramsOf(value: unknown): Params | undefined {
  if (!isRecord(value)) return undefined;
  const params: Params = {};
  for (const [key, item] of Object.entries(value)) {
    if (typeof item === 'string' || typeof item === 'number') params[key] = item;
    else if (Array.isArray(item)) params[key] = item.filter((x): x is string => typeof x === 'string' || typeof x === 'number').map(String);
  }
  return params;
}

/** The warnings of a pages_actions row (its `warnings` column). */
export function parseWarnings(value: unknown): ActionWarning[] {
  if (!Array.isArray(value)) return [];
  return value.flatMap((item): ActionWarning[] => {
    if (!isRecord(item) || typeof item.code !== 'string') return [];
    const message = typeof item.message === 'string' ? item.message : '';
    return [{ stage: typeof item.stage === 'string' ? item.stage : '', code: item.code, message, params: paramsOf(item.params) }];
  });
}

/** The stages of a pages_actions row (its `stages` column). */
export function parseStages(value: unknown): ActionStage[] {
  if (!Array.isArray(value)) return [];
  return value.flatMap((item): ActionStage[] => {
    if (!isRecord(item) || typeof item.stage !== 'string' || typeof item.ms !== 'number' || !Number.isFinite(item.ms)) return [];
    const cost = typeof item.costUsd === 'number' && Number.isFinite(item.costUsd) ? item.costUsd : null;
    const calls = typeof item.calls === 'number' && Number.isFinite(item.calls) ? item.calls : undefined;
    return [{ stage: item.stage, ms: item.ms, costUsd: cost, ...(calls === undefined ? {} : { calls }) }];
  });
}

type Translate = (key: string, options?: Record<string, unknown>) => string;

/** Params that are lists of the user's own words (keywords): each item quoted the language's way. */
const QUOTED = new Set(['keywords']);

/**
 * A warning in the user's language: the text of `warnings.<code>` with its params (lists joined the
 * language's way, keywords each in quotes; a list without a `count` gives its length as the count,
 * for the plural), or the worker's English message when the code has no text here, or the code itself.
 */
export function warningText(warning: ActionWarning, t: Translate, language: string): string {
  const params: Record<string, string | number> = {};
  const list = new Intl.ListFormat(language, { style: 'long', type: 'conjunction' });
  let listLength: number | undefined;
  for (const [key, value] of Object.entries(warning.params ?? {})) {
    if (!Array.isArray(value)) {
      params[key] = value;
      continue;
    }
    const items = QUOTED.has(key) ? value.map((text) => t('quote', { text, interpolation: { escapeValue: false } })) : value;
    params[key] = list.format(items);
    listLength ??= value.length;
  }
  if (params.count === undefined && listLength !== undefined) params.count = listLength;
  const fallback = warning.message || warning.code;
  // i18next's count drives plurals: a numeric `count` param is passed as is
  return t(`warnings.${warning.code}`, { ...params, defaultValue: fallback, interpolation: { escapeValue: false } });
}

/** What a run took: "4,2 s" under a minute, then minutes and seconds ("3 min", "2 min 5 s"). */
export function durationText(ms: number, t: Translate, language: string): string {
  const seconds = ms / 1000;
  if (seconds < 60) return t('duration', { seconds: new Intl.NumberFormat(language, { maximumFractionDigits: 1 }).format(seconds) });
  const whole = Math.round(seconds);
  const minutes = Math.floor(whole / 60);
  const rest = whole % 60;
  return rest === 0 ? t('durationMinutes', { minutes }) : t('durationMinutesSeconds', { minutes, seconds: rest });
}
