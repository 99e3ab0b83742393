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

/**
 * The Wilson score interval of a proportion k/n (95 % by default). Unlike the usual p ± z·√(p(1−p)/n),
 * it stays inside [0, 1] and is honest with small samples and with 0 or n successes — the case of an
 * assistant asked a handful of times. Null when n is 0 (nothing measured).
 */
export function wilsonInterval(k: number, n: number, z = Z_95): Proportion | null {
  if (!Number.isInteger(n) || !Number.isInteger(k) || n <= 0 || k < 0 || k > n) return null;
  const p = k / n;
  const z2 = z * z;
  const denominator = 1 + z2 / n;
  const centre = (p + z2 / (2 * n)) / denominator;
  const half = (z * Math.sqrt((p * (1 - p)) / n + z2 / (4 * n * n))) / denominator;
  return { k, n, rate: p, low: Math.max(0, centre - half), high: Math.min(1, centre + half) };
}
