/**
 * What a run of a queued action is likely to cost and take (issue 29: nothing starts unannounced):
 * the median of the recorded cost_usd and duration_ms of the user's latest finished runs of that
 * action (pages_actions under RLS: only the user's own pages), times the number of runs asked for.
 * No recorded run: the cost is unknown, and the screens say so.
 */
import { useQuery } from '@tanstack/react-query';
import { request } from '@citable/shared/data';
import { queryKeys } from '@citable/shared/query';

/** How many of the latest finished runs the estimate reads. */
export const RECENT_RUNS = 20;

export interface RunSample {
  cost_usd: number | null;
  duration_ms: number | null;
}

export interface RunEstimate {
  runs: number;
  /** median cost of one run in USD (as recorded), null when no run recorded a cost */
  perRunCostUsd: number | null;
  totalCostUsd: number | null;
  /** how many recorded costs the median is of */
  costSamples: number;
  perRunMs: number | null;
  totalMs: number | null;
  durationSamples: number;
}

/** The median of finite, non-negative numbers (null for none). */
export function median(values: readonly number[]): number | null {
  const sorted = values.filter((v) => Number.isFinite(v) && v >= 0).sort((a, b) => a - b);
  if (sorted.length === 0) return null;
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
}

const numbers = (values: readonly (number | string | null | undefined)[]) =>
  values.map((v) => (typeof v === 'string' ? Number(v) : v)).filter((v): v is number => typeof v === 'number' && Number.isFinite(v));

/** The estimate of `runs` runs from recorded samples (numeric columns may come back as strings). */
export function estimateRuns(samples: readonly RunSample[], runs: number): RunEstimate {
  const count = Math.max(0, Math.trunc(runs));
  const costs = numbers(samples.map((s) => s.cost_usd));
  const durations = numbers(samples.map((s) => s.duration_ms));
  const perRunCostUsd = median(costs);
  const perRunMs = median(durations);
  return {
    runs: count,
    perRunCostUsd,
    totalCostUsd: perRunCostUsd === null ? null : perRunCostUsd * count,
    costSamples: costs.length,
    perRunMs,
    totalMs: perRunMs === null ? null : perRunMs * count,
    durationSamples: durations.length,
  };
}

/** The latest finished runs of an action on the user's pages that recorded a cost or a duration. */
export function getRecentRuns(actionName: string, limit = RECENT_RUNS): Promise<RunSample[]> {
  return request((db) =>
    db
      .from('pages_actions')
      .select('cost_usd, duration_ms, actions!inner(name)')
      .eq('actions.name', actionName)
      .eq('status', 'done')
      .or('cost_usd.not.is.null,duration_ms.not.is.null')
      .order('updated_at', { ascending: false })
      .order('id', { ascending: false })
      .limit(limit),
  ).then((rows) => (rows as unknown as RunSample[]).map(({ cost_usd, duration_ms }) => ({ cost_usd, duration_ms })));
}

export const recentRunsKey = (actionName: string) => [...queryKeys.pageActions.all, 'recentRuns', actionName] as const;

/** The recent runs of an action, asked for when a confirmation opens (`enabled`). */
export function useRecentRuns(actionName: string, enabled: boolean) {
  return useQuery({ queryKey: recentRunsKey(actionName), queryFn: () => getRecentRuns(actionName), enabled, staleTime: 60_000 });
}

/** A cost in USD as recorded, in the user's language ("0,42 $US", "$0.42"). */
export function formatUsd(value: number, language: string): string {
  return new Intl.NumberFormat(language, {
    style: 'currency',
    currency: 'USD',
    ...(value > 0 && value < 0.1 ? { maximumSignificantDigits: 2 } : { minimumFractionDigits: 2, maximumFractionDigits: 2 }),
  }).format(value);
}

/** A duration in the user's language: seconds under 90 s, minutes under 90 min, then hours ("3 minutes", "45 s"). */
export function formatDuration(ms: number, language: string): string {
  const seconds = ms / 1000;
  const unit = (value: number, name: 'second' | 'minute' | 'hour', display: 'short' | 'long') =>
    new Intl.NumberFormat(language, { style: 'unit', unit: name, unitDisplay: display, maximumFractionDigits: value < 10 && name === 'hour' ? 1 : 0 }).format(value);
  if (seconds < 90) return unit(Math.max(1, Math.round(seconds)), 'second', 'long');
  if (seconds < 90 * 60) return unit(Math.round(seconds / 60), 'minute', 'long');
  return unit(seconds / 3600, 'hour', 'long');
}
