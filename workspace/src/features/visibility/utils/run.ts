/**
 * What a run will cost and buy (the run card): the calls (from the database, with the saved settings),
 * the estimated cost per engine (its average recent call cost, else the worker's default estimate),
 * and the precision the answers buy on the engine measured least.
 */
import { precisionAfter } from './series';

/** The worker's smallest per-call estimate (VISIBILITY_CALL_ESTIMATE_USD's default). */
export const FALLBACK_CALL_COST_USD = 0.02;

export interface RunPlan {
  calls: number;
  perEngine: number;
  costUsd: number;
  /** ± points after the run, on the engine with the fewest answers (NaN when nothing to run) */
  precisionPoints: number;
}

export function planRun({
  calls,
  engineIds,
  costPerCall,
  current,
}: {
  calls: number;
  engineIds: readonly number[];
  costPerCall: Record<string, number>;
  /** per engine, the answers measured so far */
  current: ReadonlyMap<number, { answers: number; cited: number }>;
}): RunPlan {
  const engines = Math.max(1, engineIds.length);
  const perEngine = Math.round(calls / engines);
  const costUsd = engineIds.reduce((sum, id) => sum + perEngine * (costPerCall[String(id)] ?? FALLBACK_CALL_COST_USD), 0);
  const precisions = engineIds.map((id) => precisionAfter(current.get(id) ?? { answers: 0, cited: 0 }, perEngine));
  const precisionPoints = calls > 0 && precisions.length > 0 ? Math.max(...precisions) : Number.NaN;
  return { calls, perEngine, costUsd, precisionPoints };
}
