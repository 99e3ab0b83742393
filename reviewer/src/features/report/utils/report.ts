/**
 * The report's figures from the database's counts (get_visibility_report): per engine the period's
 * rates with their 95 % Wilson intervals, one chart point per week, and the share of voice grouped per
 * engine. Nothing is averaged across weeks: the period's rate is its answers added up.
 */
import { wilsonInterval } from '@citable/shared/stats';
import type { VisibilityReport } from '../api/report';

export interface Rate {
  /** 0–100, whole */
  pct: number;
  /** half the 95 % interval, in points */
  margin: number;
}

export interface EngineFigures {
  engine: number;
  name: string;
  answers: number;
  cited: Rate;
  mentioned: Rate;
  /** per week: cited % and its band, for the chart (null when the week has no answer) */
  points: { bucket: string; answers: number; cited: number; citedBand: [number, number] }[];
  share: VisibilityReport['share_of_voice'];
}

const round1 = (x: number) => Math.round(x * 1000) / 10;

export function rateOf(k: number, n: number): Rate {
  const w = wilsonInterval(k, n);
  if (!w) return { pct: 0, margin: 0 };
  return { pct: Math.round(w.rate * 100), margin: Math.round(((w.high - w.low) / 2) * 100) };
}

export function engineFigures(report: VisibilityReport): EngineFigures[] {
  return report.engines
    .map((e) => {
      const rows = report.series.filter((s) => s.engine === e.id).sort((a, b) => a.bucket.localeCompare(b.bucket));
      const answers = rows.reduce((t, r) => t + r.answers, 0);
      const cited = rows.reduce((t, r) => t + r.cited, 0);
      const mentioned = rows.reduce((t, r) => t + r.mentioned, 0);
      const points = rows.flatMap((r) => {
        const w = wilsonInterval(r.cited, r.answers);
        return w ? [{ bucket: r.bucket, answers: r.answers, cited: round1(w.rate), citedBand: [round1(w.low), round1(w.high)] as [number, number] }] : [];
      });
      const share = report.share_of_voice
        .filter((s) => s.engine === e.id)
        .sort((a, b) => b.answers - a.answers || a.domain.localeCompare(b.domain));
      return { engine: e.id, name: e.name, answers, cited: rateOf(cited, answers), mentioned: rateOf(mentioned, answers), points, share };
    })
    .filter((f) => f.answers > 0);
}
