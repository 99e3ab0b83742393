import { copyOutcome, latestByPage, versionUrlLines } from './versionUrls';

describe('version URLs', () => {
  it('one line per page with a version, its latest, in the selection order', () => {
    const latest = latestByPage([
      { id: 'v3', page: 2 },
      { id: 'v2', page: 1 },
      { id: 'v1', page: 2 },
    ]);
    expect(latest).toEqual(new Map([[2, 'v3'], [1, 'v2']]));
    expect(
      versionUrlLines(
        [
          { id: 1, name: 'Alpha' },
          { id: 3, name: 'No version' },
          { id: 2, name: 'Beta' },
        ],
        latest,
        'https://app.example/',
      ),
    ).toEqual(['- Alpha -- https://app.example/view/v2', '- Beta -- https://app.example/view/v3']);
  });

  it('none when no page has a version', () => {
    expect(versionUrlLines([{ id: 1, name: 'A' }], new Map(), 'http://h')).toEqual([]);
  });

  it('one row per page from latest_versions_for_pages: every page with a version gets its line, however many versions the pages have', () => {
    // 150 selected pages, the odd ones with a version: the RPC answers one row each (75 rows), where
    // the old table read would have returned every version of every page and hit max-rows (1000)
    const pages = Array.from({ length: 150 }, (_, i) => ({ id: i + 1, name: `Page ${i + 1}` }));
    const rows = pages.filter((p) => p.id % 2 === 1).map((p) => ({ page: p.id, id: `v-${p.id}`, created_date: '2026-11-27T00:00:00Z' }));
    const lines = versionUrlLines(pages, latestByPage(rows), 'http://h');
    expect(lines).toHaveLength(75);
    expect(lines[0]).toBe('- Page 1 -- http://h/view/v-1');
    expect(lines[74]).toBe('- Page 149 -- http://h/view/v-149');
  });

  it('the copy outcome: how many copied, then how many selected pages had no version', () => {
    expect(copyOutcome(5, 3)).toEqual({ copied: 3, withoutVersion: 2 });
    expect(copyOutcome(2, 2)).toEqual({ copied: 2, withoutVersion: 0 });
    expect(copyOutcome(4, 0)).toEqual({ copied: 0, withoutVersion: 4 });
  });
});
