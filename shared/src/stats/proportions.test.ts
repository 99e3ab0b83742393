import { Z_95, compareProportions, halfWidth, samplesForPrecision, wilsonInterval } from './proportions';

/** mulberry32: a small seeded generator, so every simulated run is the same on every machine. */
function seeded(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
/** k answers citing the site out of n, each citing with probability p. */
function draw(random: () => number, p: number, n: number) {
  let k = 0;
  for (let i = 0; i < n; i += 1) if (random() < p) k += 1;
  return k;
}

describe('wilsonInterval', () => {
  it('matches published values (Newcombe 1998, table I)', () => {
    // 81/263: 0.2553–0.3662; 15/148: 0.0624–0.1605; 0/20: 0–0.1611; 1/29: 0.0061–0.1718
    const cases: [number, number, number, number][] = [
      [81, 263, 0.2553, 0.3662],
      [15, 148, 0.0624, 0.1605],
      [0, 20, 0, 0.1611],
      [1, 29, 0.0061, 0.1718],
    ];
    for (const [k, n, low, high] of cases) {
      const w = wilsonInterval(k, n)!;
      expect(w.low).toBeCloseTo(low, 4);
      expect(w.high).toBeCloseTo(high, 4);
    }
  });
  it('refuses what is not a count', () => {
    expect(wilsonInterval(0, 0)).toBeNull();
    expect(wilsonInterval(3, 2)).toBeNull();
    expect(wilsonInterval(1.5, 4)).toBeNull();
    expect(wilsonInterval(-1, 4)).toBeNull();
  });
  it.each([0.3, 0.6])('covers a true rate of %p in about 95 %% of 2,000 seeded runs', (p) => {
    for (const n of [30, 200]) {
      const random = seeded(Math.round(p * 1000) + n);
      let covered = 0;
      const runs = 2000;
      for (let run = 0; run < runs; run += 1) {
        const w = wilsonInterval(draw(random, p, n), n)!;
        if (w.low <= p && p <= w.high) covered += 1;
      }
      // binomial spread of the coverage over 2,000 runs is ±1 point; Wilson's own coverage swings
      // between about 93 % and 97 % with n (the lattice effect)
      expect(covered / runs).toBeGreaterThan(0.925);
      expect(covered / runs).toBeLessThan(0.975);
    }
  });
});

describe('samplesForPrecision and halfWidth', () => {
  it('±10 points at 50 % needs about 100 answers', () => {
    const n = samplesForPrecision(0.1);
    expect(n).toBeGreaterThanOrEqual(92);
    expect(n).toBeLessThanOrEqual(100);
    expect(halfWidth(0.5, n)).toBeLessThanOrEqual(0.1);
    expect(halfWidth(0.5, n - 1)).toBeGreaterThan(0.1);
  });
  it('needs fewer answers away from 50 % and more for a finer margin', () => {
    expect(samplesForPrecision(0.1, 0.1)).toBeLessThan(samplesForPrecision(0.1, 0.5));
    expect(samplesForPrecision(0.05)).toBeGreaterThan(3 * samplesForPrecision(0.1));
  });
  it('refuses a margin that means nothing', () => {
    expect(() => samplesForPrecision(0)).toThrow(RangeError);
    expect(() => samplesForPrecision(0.6)).toThrow(RangeError);
    expect(halfWidth(0.5, 0)).toBeNaN();
  });
  it('the half-width shrinks like 1/√n', () => {
    expect(halfWidth(0.3, 400) / halfWidth(0.3, 100)).toBeCloseTo(0.5, 1);
    expect(Z_95).toBeCloseTo(1.96, 2);
  });
});

describe('compareProportions', () => {
  it('matches Newcombe 1998 (table II, method 10): 56/70 − 48/80 → 0.0524 to 0.3339', () => {
    const lift = compareProportions(56, 70, 48, 80)!;
    expect(lift.difference).toBeCloseTo(0.2, 6);
    expect(lift.low).toBeCloseTo(0.0524, 3);
    expect(lift.high).toBeCloseTo(0.3339, 3);
    expect(lift.verdict).toBe('higher');
    expect(lift.morePerSide).toBeNull();
  });
  it('says lower when the interval is below 0', () => {
    expect(compareProportions(10, 100, 40, 100)!.verdict).toBe('lower');
  });
  it('says not enough at small n, with how many more answers per side', () => {
    const lift = compareProportions(2, 6, 1, 6)!;
    expect(lift.verdict).toBe('not_enough');
    expect(lift.low).toBeLessThan(0);
    expect(lift.high).toBeGreaterThan(0);
    expect(lift.neededPerSide).toBeGreaterThan(6);
    expect(lift.morePerSide).toBe(lift.neededPerSide! - 6);
    // at that size and the same rates, the interval does exclude 0
    const n = lift.neededPerSide!;
    const projected = compareProportions(Math.round(n / 3), n, Math.round(n / 6), n)!;
    expect(projected.low).toBeGreaterThan(-0.01);
  });
  it('never promises a size for equal rates, and refuses empty sides', () => {
    const same = compareProportions(3, 10, 6, 20)!;
    expect(same.verdict).toBe('not_enough');
    expect(same.neededPerSide).toBeNull();
    expect(compareProportions(0, 0, 1, 2)).toBeNull();
  });
  it('with true rates 30 % and 60 %: mostly "not enough" at n = 6, the difference found at n = 200', () => {
    const random = seeded(33);
    let small = 0;
    let large = 0;
    let wrongWay = 0;
    const runs = 2000;
    for (let run = 0; run < runs; run += 1) {
      const s = compareProportions(draw(random, 0.6, 6), 6, draw(random, 0.3, 6), 6)!;
      if (s.verdict === 'not_enough') small += 1;
      if (s.verdict === 'lower') wrongWay += 1;
      const l = compareProportions(draw(random, 0.6, 200), 200, draw(random, 0.3, 200), 200)!;
      if (l.verdict === 'higher') large += 1;
      if (l.verdict === 'lower') wrongWay += 1;
    }
    expect(small / runs).toBeGreaterThan(0.75);
    expect(large / runs).toBeGreaterThan(0.99);
    // a verdict the wrong way round is a 2.5 % tail event at most, far rarer here
    expect(wrongWay / (2 * runs)).toBeLessThan(0.005);
  });
  it('with equal true rates, a verdict comes in about 5 % of runs at most', () => {
    const random = seeded(7);
    let verdicts = 0;
    const runs = 2000;
    for (let run = 0; run < runs; run += 1) {
      if (compareProportions(draw(random, 0.3, 100), 100, draw(random, 0.3, 100), 100)!.verdict !== 'not_enough') verdicts += 1;
    }
    expect(verdicts / runs).toBeLessThan(0.07);
  });
});
