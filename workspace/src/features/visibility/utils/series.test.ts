import { bucketOf, engineSeries, precisionAfter } from './series';

describe('engineSeries', () => {
  const rows = [
    { bucket: '2026-10-12', engine: 5, answers: 10, cited: 6, mentioned: 7 },
    { bucket: '2026-10-05', engine: 5, answers: 20, cited: 6, mentioned: 10 },
    { bucket: '2026-10-05', engine: 1, answers: 4, cited: 0, mentioned: 1 },
  ];
  it('one series per engine in the settings order, points in time order with Wilson bands', () => {
    const series = engineSeries(rows, [5, 1]);
    expect(series.map((s) => s.engine)).toEqual([5, 1]);
    expect(series[0].points.map((p) => p.bucket)).toEqual(['2026-10-05', '2026-10-12']);
    const p = series[0].points[0];
    expect(p.cited).toBe(30);
    // Wilson 6/20: 14.5 %–51.9 %
    expect(p.citedBand[0]).toBeCloseTo(14.5, 0);
    expect(p.citedBand[1]).toBeCloseTo(51.9, 0);
    expect(series[0].total).toEqual({ answers: 30, cited: 12, mentioned: 17 });
    // 0 of 4: the band still says how little is known
    expect(series[1].points[0].citedBand[0]).toBe(0);
    expect(series[1].points[0].citedBand[1]).toBeGreaterThan(45);
  });
  it('engines not in the order come after, by id; empty periods are dropped', () => {
    const series = engineSeries([...rows, { bucket: '2026-10-05', engine: 3, answers: 0, cited: 0, mentioned: 0 }], [1]);
    expect(series.map((s) => s.engine)).toEqual([1, 3, 5]);
    expect(series[1].points).toEqual([]);
  });
});

describe('bucketOf', () => {
  it("the ISO week's Monday, or the day (UTC)", () => {
    expect(bucketOf('2026-10-08T15:00:00Z', 'week')).toBe('2026-10-05');
    expect(bucketOf('2026-10-11T23:00:00Z', 'week')).toBe('2026-10-05');
    expect(bucketOf('2026-10-12T00:00:00Z', 'week')).toBe('2026-10-12');
    expect(bucketOf('2026-10-08T15:00:00Z', 'day')).toBe('2026-10-08');
  });
});

describe('precisionAfter', () => {
  it('the half-width after more answers at the current rate, 50 % when nothing is measured', () => {
    expect(precisionAfter({ answers: 0, cited: 0 }, 96)).toBeLessThanOrEqual(10);
    expect(precisionAfter({ answers: 0, cited: 0 }, 96)).toBeGreaterThan(9.5);
    expect(precisionAfter({ answers: 100, cited: 10 }, 0)).toBeLessThan(precisionAfter({ answers: 100, cited: 50 }, 0));
    expect(precisionAfter({ answers: 0, cited: 0 }, 0)).toBeNaN();
  });
});
