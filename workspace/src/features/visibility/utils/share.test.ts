import type { ShareRow } from '../api/report';
import { sharesByEngine } from './share';

const r = (engine: number, domain: string, answers: number, isSite = false): ShareRow => ({
  engine,
  domain,
  is_site: isSite,
  answers,
  share: answers / 10,
  engine_answers: 8,
  engine_citations: 10,
});

describe('share of voice grouped per engine', () => {
  it('engines in the given order (others after, by id); domains by answers then name; the site found', () => {
    const groups = sharesByEngine([r(9, 'b.fr', 1), r(2, 'site.fr', 0, true), r(5, 'z.fr', 3), r(5, 'a.fr', 3), r(5, 'site.fr', 4, true)], [5, 2]);
    expect(groups.map((g) => g.engine)).toEqual([5, 2, 9]);
    expect(groups[0].rows.map((x) => x.domain)).toEqual(['site.fr', 'a.fr', 'z.fr']);
    expect(groups[0].site?.answers).toBe(4);
    expect(groups[0]).toMatchObject({ answers: 8, citations: 10 });
    expect(groups[2].site).toBeNull();
  });
  it('nothing cited: no group', () => {
    expect(sharesByEngine([])).toEqual([]);
  });
});
