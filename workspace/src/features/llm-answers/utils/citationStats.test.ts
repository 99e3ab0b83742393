import { computeCitationStats, type AnswerForStats } from './citationStats';

let id = 0;
const answer = (model: string, version: string | null, domain: boolean, brand: boolean, domains: string[] = [], analysed = true): AnswerForStats => ({
  id: ++id,
  model,
  pages_version: version,
  analysed_at: analysed ? '2026-11-20T10:00:00Z' : null,
  brand_mentioned: analysed ? brand : null,
  domain_cited: analysed ? domain : null,
  cited_domains: analysed ? domains : null,
});

describe('computeCitationStats', () => {
  const rows = [
    answer('GPT-4o', 'v2', true, true, ['example.com', 'rival.fr']),
    answer('GPT-4o', 'v2', false, true, ['rival.fr', 'other.io']),
    answer('GPT-4o', 'v1', false, false, ['rival.fr']),
    answer('Claude', 'v1', false, false, ['blog.example.com', 'www-rival.fr']),
    answer('Claude', null, false, true, []),
    answer('Claude', 'v2', false, false, [], false),
  ];
  const stats = computeCitationStats(rows, 'https://www.example.com', ['v2', 'v1']);

  it('counts analysed answers only, and says how many are left out', () => {
    expect(stats.total).toBe(6);
    expect(stats.notAnalysed).toBe(1);
    expect(stats.overall.n).toBe(5);
  });

  it('domain cited and brand mentioned are counted apart, with Wilson intervals', () => {
    expect(stats.overall.domain).toMatchObject({ k: 1, n: 5 });
    expect(stats.overall.brand).toMatchObject({ k: 3, n: 5 });
    expect(stats.overall.domain!.low).toBeCloseTo(0.0362, 3);
    expect(stats.overall.domain!.high).toBeCloseTo(0.6245, 3);
  });

  it('competitors: other domains by number of answers citing them instead of the site, never the site or its subdomains', () => {
    // the first answer cites example.com and rival.fr: rival.fr is cited next to the site there, not instead
    expect(stats.overall.competitors).toEqual([
      { domain: 'rival.fr', answers: 2 },
      { domain: 'other.io', answers: 1 },
      { domain: 'www-rival.fr', answers: 1 },
    ]);
    expect(stats.byModel.find((g) => g.key === 'GPT-4o')!.competitors).toEqual([
      { domain: 'rival.fr', answers: 2 },
      { domain: 'other.io', answers: 1 },
    ]);
    // per version: in v2 rival.fr is cited once instead of the site (the other v2 answer cites both)
    expect(stats.byVersion.find((g) => g.key === 'v2')!.competitors).toEqual([
      { domain: 'other.io', answers: 1 },
      { domain: 'rival.fr', answers: 1 },
    ]);
  });

  it('competitors: answers that all cite the site leave none', () => {
    const cited = computeCitationStats(
      [answer('GPT-4o', null, true, false, ['example.com', 'rival.fr']), answer('GPT-4o', null, true, true, ['www.example.com', 'other.io'])],
      'https://www.example.com',
    );
    expect(cited.overall.competitors).toEqual([]);
    expect(cited.overall.domain).toMatchObject({ k: 2, n: 2 });
  });

  it('per model, most answers first', () => {
    expect(stats.byModel.map((g) => [g.key, g.n, g.domain?.k, g.brand?.k])).toEqual([
      ['GPT-4o', 3, 1, 2],
      ['Claude', 2, 0, 1],
    ]);
  });

  it('per version, newest first, then unknown', () => {
    expect(stats.byVersion.map((g) => [g.key, g.n, g.domain?.k])).toEqual([
      ['v2', 2, 1],
      ['v1', 2, 0],
      ['', 1, 0],
    ]);
  });

  it('nothing analysed: no rate at all (never 0 %)', () => {
    const empty = computeCitationStats([answer('X', null, false, false, [], false)], 'example.com');
    expect(empty.overall.n).toBe(0);
    expect(empty.overall.domain).toBeNull();
    expect(empty.byModel).toEqual([]);
  });
});
