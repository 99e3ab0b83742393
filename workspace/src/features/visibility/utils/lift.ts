/**
 * The lift of one version over another on one engine (the lift card): the answers of the prompts both
 * versions were asked on that engine, added up per version, compared by @citable/shared/stats
 * (Newcombe's interval; a verdict only when it excludes 0).
 */
import { compareProportions, halfWidth, type Lift } from '@citable/shared/stats';

export interface VersionCountRow {
  version: string;
  version_created: string;
  engine: number;
  prompt: number;
  answers: number;
  cited: number;
  mentioned: number;
}

export type Metric = 'cited' | 'mentioned';

export interface VersionLift {
  lift: Lift;
  /** the prompts counted (asked for both versions on this engine) */
  prompts: number;
  /** half-widths of each side's interval, in points */
  marginA: number;
  marginB: number;
}

/** The versions that have answers, oldest first, numbered from 1 by `numberOf`. */
export function versionsWithAnswers(rows: readonly VersionCountRow[]): { id: string; created: string }[] {
  const seen = new Map<string, string>();
  for (const r of rows) if (!seen.has(r.version)) seen.set(r.version, r.version_created);
  return [...seen.entries()].map(([id, created]) => ({ id, created })).sort((a, b) => a.created.localeCompare(b.created));
}

/** Version a (the newer) against version b on one engine; null when they share no prompt with answers. */
export function versionLift(rows: readonly VersionCountRow[], engine: number, a: string, b: string, metric: Metric): VersionLift | null {
  const onEngine = rows.filter((r) => r.engine === engine && r.answers > 0);
  const promptsOf = (v: string) => new Set(onEngine.filter((r) => r.version === v).map((r) => r.prompt));
  const pa = promptsOf(a);
  const shared = [...promptsOf(b)].filter((p) => pa.has(p));
  if (shared.length === 0) return null;
  const sum = (v: string) =>
    onEngine
      .filter((r) => r.version === v && shared.includes(r.prompt))
      .reduce((t, r) => ({ n: t.n + r.answers, k: t.k + r[metric] }), { n: 0, k: 0 });
  const sa = sum(a);
  const sb = sum(b);
  const lift = compareProportions(sa.k, sa.n, sb.k, sb.n);
  if (!lift) return null;
  return {
    lift,
    prompts: shared.length,
    marginA: Math.round(halfWidth(lift.a.rate, lift.a.n) * 100),
    marginB: Math.round(halfWidth(lift.b.rate, lift.b.n) * 100),
  };
}
