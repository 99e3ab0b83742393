import { loadSupabase } from '@citable/shared';
import { estimateRuns, formatDuration, formatUsd, getRecentRuns, median, RECENT_RUNS } from './runEstimate';

jest.mock('@citable/shared', () => ({ ...jest.requireActual('@citable/shared'), loadSupabase: jest.fn() }));
const load = loadSupabase as jest.MockedFunction<typeof loadSupabase>;

describe('the estimate of a run', () => {
  it('median: middle value, mean of the two middle ones, none for no value; ignores what is not a cost', () => {
    expect(median([3, 1, 2])).toBe(2);
    expect(median([4, 1, 3, 2])).toBe(2.5);
    expect(median([])).toBeNull();
    expect(median([Number.NaN, -1, 5])).toBe(5);
  });

  it('multiplies the median of the recorded costs and durations by the number of runs', () => {
    const samples = [
      { cost_usd: 0.1, duration_ms: 60_000 },
      { cost_usd: 0.3, duration_ms: 120_000 },
      { cost_usd: 0.2, duration_ms: null },
      { cost_usd: null, duration_ms: 90_000 },
    ];
    const e = estimateRuns(samples, 5);
    expect(e.runs).toBe(5);
    expect(e.perRunCostUsd).toBeCloseTo(0.2);
    expect(e.totalCostUsd).toBeCloseTo(1);
    expect(e.costSamples).toBe(3);
    expect(e.perRunMs).toBe(90_000);
    expect(e.totalMs).toBe(450_000);
    expect(e.durationSamples).toBe(3);
  });

  it('numeric columns read as strings count; no recorded run: cost and time unknown', () => {
    expect(estimateRuns([{ cost_usd: '0.05' as unknown as number, duration_ms: '1000' as unknown as number }], 2).totalCostUsd).toBeCloseTo(0.1);
    const none = estimateRuns([], 3);
    expect(none).toMatchObject({ runs: 3, perRunCostUsd: null, totalCostUsd: null, costSamples: 0, perRunMs: null, totalMs: null });
  });

  it('formats USD as recorded and durations in the user’s language', () => {
    expect(formatUsd(1.5, 'en')).toBe('$1.50');
    expect(formatUsd(0.0423, 'en')).toBe('$0.042');
    expect(formatUsd(1.5, 'fr')).toMatch(/^1,50\s\$US$/u);
    expect(formatDuration(45_000, 'en')).toBe('45 seconds');
    expect(formatDuration(180_000, 'fr')).toMatch(/^3\s+minutes$/u);
    expect(formatDuration(3 * 3600_000, 'en')).toBe('3 hours');
  });
});

describe('the recent runs read', () => {
  it('asks pages_actions for the latest finished runs of the action with a cost or a duration', async () => {
    const calls: [string, ...unknown[]][] = [];
    const builder = {
      select: (...a: unknown[]) => (calls.push(['select', ...a]), builder),
      eq: (...a: unknown[]) => (calls.push(['eq', ...a]), builder),
      or: (...a: unknown[]) => (calls.push(['or', ...a]), builder),
      order: (...a: unknown[]) => (calls.push(['order', ...a]), builder),
      limit: (...a: unknown[]) => (calls.push(['limit', ...a]), builder),
      then: (resolve: (r: unknown) => unknown) =>
        Promise.resolve({ data: [{ cost_usd: 0.2, duration_ms: 1000, actions: { name: 'create_article' } }], error: null, status: 200 }).then(resolve),
    };
    load.mockResolvedValue({ from: (table: string) => (calls.push(['from', table]), builder) } as never);
    expect(await getRecentRuns('create_article')).toEqual([{ cost_usd: 0.2, duration_ms: 1000 }]);
    expect(calls).toEqual(
      expect.arrayContaining([
        ['from', 'pages_actions'],
        ['eq', 'actions.name', 'create_article'],
        ['eq', 'status', 'done'],
        ['or', 'cost_usd.not.is.null,duration_ms.not.is.null'],
        ['order', 'updated_at', { ascending: false }],
        ['limit', RECENT_RUNS],
      ]),
    );
  });
});
