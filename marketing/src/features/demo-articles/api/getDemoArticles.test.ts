import { latestVersionPerPage, type DemoVersionRow } from './getDemoArticles';

const row = (id: string, page: string, date: string, name = `Page ${page}`): DemoVersionRow => ({
  id, page, created_date: date, pages: { id: page, name, hide_revisions_texts_from_preview: true },
});

describe('latestVersionPerPage', () => {
  it('keeps the latest version of each page and sorts pages newest first', () => {
    const rows = [
      row('v1', 'p1', '2025-01-01T10:00:00Z'),
      row('v3', 'p2', '2025-03-01T10:00:00Z'),
      row('v2', 'p1', '2025-02-01T10:00:00Z'),
      row('v4', 'p3', '2024-12-01T10:00:00Z'),
    ];
    expect(latestVersionPerPage(rows)).toEqual([
      { page_id: 'p2', page_name: 'Page p2', latest_version_date: '2025-03-01T10:00:00Z', latest_version_id: 'v3' },
      { page_id: 'p1', page_name: 'Page p1', latest_version_date: '2025-02-01T10:00:00Z', latest_version_id: 'v2' },
      { page_id: 'p3', page_name: 'Page p3', latest_version_date: '2024-12-01T10:00:00Z', latest_version_id: 'v4' },
    ]);
  });

  it('returns an empty list for no rows', () => expect(latestVersionPerPage([])).toEqual([]));
});
