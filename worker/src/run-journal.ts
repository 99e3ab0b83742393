// The journal of one pages_actions run (split from runner.ts): the providers' usage and cost it
// records (usageRecorder; added up over a run's attempts by addRunCost), and its warnings and stages
// (runJournal: ctx.warn and ctx.stage of an ActionContext, saved on the row when the run ends).
import { AsyncLocalStorage } from 'node:async_hooks';
import type { ActionStage, ActionWarning } from '@citable/shared/engine';

/** The providers' usage (token counts as they report them: numbers, or absent). */
export interface ProviderUsage {
  prompt_tokens?: number;
  completion_tokens?: number;
  total_tokens?: number;
  cost?: number;
}

/** One provider call's usage, as an action records it. */
export interface UsageEntry {
  model?: string;
  usage?: ProviderUsage | null;
  images?: number;
  serp_queries?: number;
  cost?: number;
}

/** The usage of a run (pages_actions.usage). */
export type RunUsage = ReturnType<ReturnType<typeof usageRecorder>['result']>['usage'];

/** Accumulates the providers' usage of one run. */
export function usageRecorder() {
  const usage = { calls: 0, prompt_tokens: 0, completion_tokens: 0, total_tokens: 0, images: 0, serp_queries: 0, models: ([] as string[]) };
  let cost = 0;
  let costReported = false;
  /** Every usage entry recorded (model, SERP and image calls alike), for the stages' call counts. */
  let entries = 0;
  let pricedEntries = 0;
  const listeners: ((entry: UsageEntry) => void)[] = [];
  return {
    /** Running totals, for a stage's delta. */
    snapshot: () => ({ cost, entries, pricedEntries }),
    /** Calls `listener` with every entry recorded from now on (the stages' own counts). */
    subscribe(listener: (entry: UsageEntry) => void) {
      listeners.push(listener);
    },
    record(entry: UsageEntry) {
      for (const listener of listeners) listener(entry);
      entries += 1;
      if (entry.model) {
        usage.calls += 1;
        if (!usage.models.includes(entry.model)) usage.models.push(entry.model);
      }
      const u = entry.usage ?? {};
      usage.prompt_tokens += Number(u.prompt_tokens) || 0;
      usage.completion_tokens += Number(u.completion_tokens) || 0;
      usage.total_tokens += Number(u.total_tokens) || (Number(u.prompt_tokens) || 0) + (Number(u.completion_tokens) || 0);
      usage.images += entry.images ?? 0;
      usage.serp_queries += entry.serp_queries ?? 0;
      const price = typeof u.cost === 'number' ? u.cost : entry.cost;
      if (typeof price === 'number' && Number.isFinite(price)) {
        cost += price;
        costReported = true;
        pricedEntries += 1;
      }
    },
    result: () => ({ usage, cost: costReported ? Number(cost.toFixed(6)) : null }),
  };
}

/**
 * The cost of a run over its attempts: this attempt's usage and price added to those the earlier
 * attempts of the same run recorded (a retry spends again; the row shows the run's total).
 * previous: null usage and cost: none recorded (numeric columns may come as strings).
 */
export function addRunCost(
  previous: { usage: Partial<RunUsage> | null; cost: number | string | null; durationMs: number | null },
  current: { usage: RunUsage; cost: number | null; durationMs: number },
) {
  const prev = previous.usage ?? {};
  const usage = { ...current.usage, models: [...current.usage.models] };
  for (const key of (['calls', 'prompt_tokens', 'completion_tokens', 'total_tokens', 'images', 'serp_queries'] as const)) {
    usage[key] += Number(prev[key]) || 0;
  }
  usage.models = [...new Set([...(Array.isArray(prev.models) ? prev.models : []), ...current.usage.models])];
  const prevCost = previous.cost === null || previous.cost === undefined ? null : Number(previous.cost);
  const cost = prevCost === null && current.cost === null ? null : Number(((prevCost ?? 0) + (current.cost ?? 0)).toFixed(6));
  return { usage, cost, durationMs: (Number(previous.durationMs) || 0) + current.durationMs };
}

/**
 * The warnings and stages of one attempt of a run: ctx.warn and ctx.stage write here, the run's
 * end saves them on the row.
 */
export function runJournal(recorder: Pick<ReturnType<typeof usageRecorder>, 'subscribe'>) {
  const warnings: ActionWarning[] = [];
  const stages: ActionStage[] = [];
  // The stages a usage entry is recorded in: those whose async context it is recorded from, so
  // stages running at the same time (an article's sections and its FAQ) each count only their calls.
  const open = new AsyncLocalStorage<StageCount[]>();
  recorder.subscribe((entry) => {
    const price = typeof entry.usage?.cost === 'number' ? entry.usage.cost : entry.cost;
    const priced = typeof price === 'number' && Number.isFinite(price);
    for (const count of open.getStore() ?? []) {
      count.calls += 1;
      if (priced) {
        count.priced += 1;
        count.cost += price;
      }
    }
  });
  return {
    warnings,
    stages,
    warn(warning: ActionWarning) {
      warnings.push(warning);
    },
    async stage<T>(name: string, fn: () => Promise<T>): Promise<T> {
      const count: StageCount = { calls: 0, priced: 0, cost: 0 };
      const started = performance.now();
      try {
        return await open.run([...(open.getStore() ?? []), count], fn);
      } finally {
        // No call: nothing spent. Calls without a reported price: unknown cost (null).
        const costUsd = count.priced > 0 ? Number(count.cost.toFixed(6)) : count.calls > 0 ? null : 0;
        stages.push({ stage: name, ms: Math.round(performance.now() - started), costUsd, calls: count.calls });
      }
    },
  };
}

interface StageCount {
  calls: number;
  priced: number;
  cost: number;
}
