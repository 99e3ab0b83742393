import { latestByPage, versionUrlLines } from './versionUrls';

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
});
