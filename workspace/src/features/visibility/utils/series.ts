/**
 * The chart data of the visibility screen, from the database's counts (visibility_series: per engine
 * and week or day, answers, cited, mentioned): per engine, one point per period with each rate and its
 * 95 % Wilson interval, as the band [low, high] the chart draws. Nothing is averaged across periods:
 * a period with few answers has a wide band.
 */
import { halfWidth, wilsonInterval } from '@citable/shared/stats';

export interface SeriesRow {
  bucket: string;
  engine: number;
  answers: number;
  cited: number;
  mentioned: number;
}

export interface ChartPoint {
  /** the period's first day (YYYY-MM-DD) */
  bucket: string;
  answers: number;
  /** percentages 0–100, rounded to 0.1 */
  cited: number;
  citedBand: [number, number];
  mentioned: number;
  mentionedBand: [number, number];
}

export interface EngineSeries {
  engine: number;
  points: ChartPoint[];
  /** every answer of the period shown, added up */
  total: { answers: number; cited: number; mentioned: number };
}

const pct = (x: number) => Math.round(x * 1000) / 10;

/** One series per engine (in the order of `engineOrder`, then by id), points in time order. */
export function engineSeries(rows: readonly SeriesRow[], engineOrder: readonly number[] = []): EngineSeries[] {
  const byEngine = new Map<number, SeriesRow[]>();
  for (const row of rows) byEngine.set(row.engine, [...(byEngine.get(row.engine) ?? []), row]);
  const rank = (e: number) => (engineOrder.includes(e) ? engineOrder.indexOf(e) : engineOrder.length + e);
  return [...byEngine.entries()]
    .sort(([a], [b]) => rank(a) - rank(b))
    .map(([engine, list]) => {
      const points = [...list]
        .sort((a, b) => a.bucket.localeCompare(b.bucket))
        .flatMap((r): ChartPoint[] => {
          const c = wilsonInterval(r.cited, r.answers);
          const m = wilsonInterval(r.mentioned, r.answers);
          if (!c || !m) return [];
          return [
            {
              bucket: r.bucket,
              answers: r.answers,
              cited: pct(c.rate),
              citedBand: [pct(c.low), pct(c.high)],
              mentioned: pct(m.rate),
              mentionedBand: [pct(m.low), pct(m.high)],
            },
          ];
        });
      const total = list.reduce((t, r) => ({ answers: t.answers + r.answers, cited: t.cited + r.cited, mentioned: t.mentioned + r.mentioned }), {
        answers: 0,
        cited: 0,
        mentioned: 0,
      });
      return { engine, points, total };
    });
}

/** The period (YYYY-MM-DD, its first day) a date falls in: the ISO week's Monday, or the day (UTC). */
export function bucketOf(date: string | Date, bucket: 'week' | 'day'): string {
  const d = new Date(date);
  const day = new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth(), d.getUTCDate()));
  if (bucket === 'week') day.setUTCDate(day.getUTCDate() - ((day.getUTCDay() + 6) % 7));
  return day.toISOString().slice(0, 10);
}

/**
 * The precision a run buys: the interval's half-width (percentage points) on one engine after `more`
 * answers, at the engine's current rate (50 % — the widest — when nothing is measured yet).
 */
export function precisionAfter(current: { answers: number; cited: number }, more: number): number {
  const n = current.answers + more;
  if (n <= 0) return Number.NaN;
  const rate = current.answers > 0 ? current.cited / current.answers : 0.5;
  return Math.round(halfWidth(rate, n) * 1000) / 10;
}
