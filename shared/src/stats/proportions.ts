// @citable/shared/stats: the statistics of the AI-visibility figures (issue 33), pure functions used
// by the browser (TypeScript source) and the worker (Node, built to shared/dist/stats by
// scripts/typecheck.mjs). A rate is k answers out of n (cited, or mentioned); every figure comes with
// its 95 % interval, and a comparison gives a verdict only when its interval excludes 0.

/** z for a two-sided 95 % interval (the 97.5th percentile of the standard normal). */
export const Z_95 = 1.959963984540054;

export interface Proportion {
  /** successes */
  k: number;
  /** trials */
  n: number;
  /** k / n */
  rate: number;
  /** lower and upper bounds of the Wilson score interval, within [0, 1] */
  low: number;
  high: number;
}

/** Wilson bounds for a rate p over n trials (p need not be k/n of integers: used for projections). */
function wilsonBounds(p: number, n: number, z: number): [number, number] {
  const z2 = z * z;
  const denominator = 1 + z2 / n;
  const centre = (p + z2 / (2 * n)) / denominator;
  const half = (z * Math.sqrt((p * (1 - p)) / n + z2 / (4 * n * n))) / denominator;
  return [Math.max(0, centre - half), Math.min(1, centre + half)];
}

/**
 * The Wilson score interval of a proportion k/n (95 % by default). Unlike p ± z·√(p(1−p)/n), it stays
 * inside [0, 1] and is honest with small samples and with 0 or n successes. Null when n is 0 or the
 * counts are not whole numbers with 0 ≤ k ≤ n.
 */
export function wilsonInterval(k: number, n: number, z = Z_95): Proportion | null {
  if (!Number.isInteger(n) || !Number.isInteger(k) || n <= 0 || k < 0 || k > n) return null;
  const rate = k / n;
  const [low, high] = wilsonBounds(rate, n, z);
  return { k, n, rate, low, high };
}

/** Half the width of the Wilson interval at rate p over n answers: the "± x points" a sample buys. */
export function halfWidth(p: number, n: number, z = Z_95): number {
  if (!(n > 0) || !(p >= 0 && p <= 1)) return Number.NaN;
  const [low, high] = wilsonBounds(p, n, z);
  return (high - low) / 2;
}

/**
 * The number of answers needed for the 95 % interval at rate p to be at most ±margin (0.1 = ±10
 * points): the smallest n whose Wilson half-width is ≤ margin (±10 points at 50 % → 96). p defaults
 * to 0.5, the widest case, when nothing is measured yet.
 */
export function samplesForPrecision(margin: number, p = 0.5, z = Z_95): number {
  if (!(margin > 0 && margin < 0.5)) throw new RangeError('margin must be between 0 and 0.5');
  const rate = Math.min(1, Math.max(0, p));
  // the normal approximation is within a few answers of the answer: search from there
  let n = Math.max(1, Math.ceil((z * z * Math.max(rate * (1 - rate), 0.0025)) / (margin * margin)) - 10);
  while (halfWidth(rate, n, z) > margin) n += 1;
  while (n > 1 && halfWidth(rate, n - 1, z) <= margin) n -= 1;
  return n;
}

/** Newcombe's hybrid score interval (his method 10) for p1 − p2 from two Wilson intervals. */
function newcombe(p1: number, n1: number, p2: number, n2: number, z: number): [number, number] {
  const [l1, u1] = wilsonBounds(p1, n1, z);
  const [l2, u2] = wilsonBounds(p2, n2, z);
  const d = p1 - p2;
  return [d - Math.sqrt((p1 - l1) ** 2 + (u2 - p2) ** 2), d + Math.sqrt((u1 - p1) ** 2 + (p2 - l2) ** 2)];
}

export type LiftVerdict = 'higher' | 'lower' | 'not_enough';

export interface Lift {
  /** the newer version (or the one compared) */
  a: Proportion;
  /** the baseline */
  b: Proportion;
  /** a.rate − b.rate */
  difference: number;
  /** 95 % interval of the difference (Newcombe's hybrid score interval) */
  low: number;
  high: number;
  /** 'higher' / 'lower' only when the interval excludes 0; else 'not_enough' */
  verdict: LiftVerdict;
  /**
   * When not_enough: the answers each side needs in all, at the observed rates, for the interval to
   * exclude 0 (the same number on both sides); null when the rates are equal (no difference to find at
   * any size) or the verdict is given.
   */
  neededPerSide: number | null;
  /** neededPerSide minus the smaller side's answers: how many more to collect; null as neededPerSide */
  morePerSide: number | null;
}

/** Largest sample searched for (per side) before saying "no size will tell". */
const MAX_PER_SIDE = 10_000_000;

/**
 * Compares two rates (version a against version b, on the same prompts and engines): the difference
 * with its 95 % interval, a verdict only when the interval excludes 0, and otherwise the answers per
 * side still needed at the observed rates. Null when either side has no answers.
 */
export function compareProportions(kA: number, nA: number, kB: number, nB: number, z = Z_95): Lift | null {
  const a = wilsonInterval(kA, nA, z);
  const b = wilsonInterval(kB, nB, z);
  if (!a || !b) return null;
  const [low, high] = newcombe(a.rate, a.n, b.rate, b.n, z);
  const difference = a.rate - b.rate;
  const verdict: LiftVerdict = low > 0 ? 'higher' : high < 0 ? 'lower' : 'not_enough';
  let neededPerSide: number | null = null;
  if (verdict === 'not_enough' && difference !== 0) {
    const excludesZero = (n: number) => {
      const [l, h] = newcombe(a.rate, n, b.rate, n, z);
      return l > 0 || h < 0;
    };
    if (excludesZero(MAX_PER_SIDE)) {
      let lo = 0; // never excludes 0
      let hi = 4;
      while (!excludesZero(hi)) hi *= 2;
      while (hi - lo > 1) {
        const mid = Math.floor((lo + hi) / 2);
        if (excludesZero(mid)) hi = mid;
        else lo = mid;
      }
      neededPerSide = hi;
    }
  }
  const morePerSide = neededPerSide === null ? null : Math.max(1, neededPerSide - Math.min(a.n, b.n));
  return { a, b, difference, low, high, verdict, neededPerSide, morePerSide };
}
