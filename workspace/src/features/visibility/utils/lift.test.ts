import { versionLift, versionsWithAnswers, type VersionCountRow } from './lift';

const row = (version: string, engine: number, prompt: number, answers: number, cited: number, mentioned = cited): VersionCountRow => ({
  version,
  version_created: version === 'v1' ? '2026-09-01T00:00:00Z' : '2026-10-01T00:00:00Z',
  engine,
  prompt,
  answers,
  cited,
  mentioned,
});

describe('versionLift', () => {
  it('counts only the prompts both versions were asked on the engine', () => {
    const rows = [row('v1', 5, 1, 50, 10), row('v1', 5, 2, 50, 12), row('v2', 5, 1, 50, 20), row('v2', 5, 2, 50, 18), row('v2', 5, 3, 50, 50), row('v2', 1, 1, 50, 0)];
    const lift = versionLift(rows, 5, 'v2', 'v1', 'cited')!;
    expect(lift.prompts).toBe(2);
    expect(lift.lift.a).toMatchObject({ k: 38, n: 100 });
    expect(lift.lift.b).toMatchObject({ k: 22, n: 100 });
    expect(lift.lift.difference).toBeCloseTo(0.16, 6);
    expect(lift.lift.verdict).toBe('higher');
    expect(lift.marginA).toBe(9);
    expect(versionsWithAnswers(rows).map((v) => v.id)).toEqual(['v1', 'v2']);
  });
  it('says not enough with few answers, and null without a shared prompt', () => {
    const rows = [row('v1', 5, 1, 3, 1), row('v2', 5, 1, 3, 2), row('v2', 5, 2, 3, 3)];
    const lift = versionLift(rows, 5, 'v2', 'v1', 'mentioned')!;
    expect(lift.lift.verdict).toBe('not_enough');
    expect(lift.lift.morePerSide).toBeGreaterThan(0);
    expect(versionLift(rows, 1, 'v2', 'v1', 'cited')).toBeNull();
  });
});
