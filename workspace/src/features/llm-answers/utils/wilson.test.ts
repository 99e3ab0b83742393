import { wilsonInterval } from './wilson';

const round = (x: number) => Math.round(x * 10000) / 10000;

describe('wilsonInterval (95 %)', () => {
  it.each([
    // k, n, low, high — published values (e.g. Newcombe 1998; 81/263 is Wikipedia's example)
    [0, 10, 0, 0.2775],
    [5, 10, 0.2366, 0.7634],
    [10, 10, 0.7225, 1],
    [1, 1, 0.2065, 1],
    [3, 12, 0.0889, 0.5323],
    [81, 263, 0.2553, 0.3662],
  ])('%i of %i → [%f, %f]', (k, n, low, high) => {
    const r = wilsonInterval(k, n);
    expect(r).not.toBeNull();
    expect(round(r!.low)).toBe(low);
    expect(round(r!.high)).toBe(high);
    expect(r!.rate).toBeCloseTo(k / n, 12);
  });

  it('is symmetric: the interval of n−k mirrors that of k', () => {
    const a = wilsonInterval(2, 9)!;
    const b = wilsonInterval(7, 9)!;
    expect(a.low).toBeCloseTo(1 - b.high, 12);
    expect(a.high).toBeCloseTo(1 - b.low, 12);
  });

  it('narrows as n grows for the same rate', () => {
    const small = wilsonInterval(2, 4)!;
    const large = wilsonInterval(200, 400)!;
    expect(large.high - large.low).toBeLessThan(small.high - small.low);
  });

  it('is null when nothing was measured or the input is impossible', () => {
    expect(wilsonInterval(0, 0)).toBeNull();
    expect(wilsonInterval(3, 2)).toBeNull();
    expect(wilsonInterval(-1, 2)).toBeNull();
    expect(wilsonInterval(1.5, 3)).toBeNull();
  });
});
