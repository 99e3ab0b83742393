import { getDemoArticles, latestVersionPerPage, type DemoVersionRow } from './getDemoArticles';
import { stubBackend, setupTestBackendConfig } from '../../../testing/backend';

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


setupTestBackendConfig();

describe('getDemoArticles', () => {
  it('reads the versions of demo pages and keeps the latest of each', async () => {
    const fetch = stubBackend({
      status: 200,
      body: [
        { id: 'v2', page: 1, created_date: '2025-02-01T00:00:00Z', pages: { id: 1, name: 'Guide', hide_revisions_texts_from_preview: true } },
        { id: 'v1', page: 1, created_date: '2025-01-01T00:00:00Z', pages: { id: 1, name: 'Guide', hide_revisions_texts_from_preview: true } },
      ],
    });
    await expect(getDemoArticles()).resolves.toEqual([
      { page_id: '1', page_name: 'Guide', latest_version_date: '2025-02-01T00:00:00Z', latest_version_id: 'v2' },
    ]);
    const url = new URL(String(fetch.mock.calls[0][0]));
    expect(url.pathname).toBe('/rest/v1/pages_versions');
    expect(url.searchParams.get('pages.hide_revisions_texts_from_preview')).toBe('eq.true');
  });

  it('throws a DataError the hook can log', async () => {
    stubBackend({ status: 401, body: { code: 'PGRST301', message: 'JWT expired', details: null, hint: null } });
    await expect(getDemoArticles()).rejects.toMatchObject({ name: 'DataError', kind: 'unauthorized', code: 'PGRST301' });
  });
});
