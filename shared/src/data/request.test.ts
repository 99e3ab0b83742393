import { loadSupabase, type CitableSupabaseClient } from '@citable/shared';
import { isDataError, request, requestCount, requestWithCount } from '@citable/shared/data';

jest.mock('@citable/shared', () => ({ ...jest.requireActual('@citable/shared'), loadSupabase: jest.fn() }));
const load = loadSupabase as jest.MockedFunction<typeof loadSupabase>;

/** A client whose every call answers `reply` (a PostgREST result). */
function answering(reply: Record<string, unknown>) {
  const result = Promise.resolve({ data: null, error: null, count: null, status: 200, ...reply });
  const db = { from: () => ({ select: () => result }) };
  load.mockResolvedValue(db as never);
  return db;
}
const counted = (db: CitableSupabaseClient) =>
  db.from('pages').select('id', { count: 'exact', head: true }) as unknown as PromiseLike<{ data: null; error: unknown; count: number | null; status?: number }>;

describe('requestCount, requestWithCount', () => {
  it('the count of a head request; 0 when PostgREST gave none', async () => {
    answering({ count: 42 });
    await expect(requestCount(counted)).resolves.toBe(42);
    answering({ count: null });
    await expect(requestCount(counted)).resolves.toBe(0);
  });

  it('the rows and the count of a counted request', async () => {
    answering({ data: [{ id: 1 }], count: 30 });
    await expect(
      requestWithCount((db) => db.from('pages').select('id', { count: 'exact' }) as unknown as PromiseLike<{ data: { id: number }[]; error: null; count: number }>),
    ).resolves.toEqual({ data: [{ id: 1 }], count: 30 });
  });

  it('a PostgREST error is a DataError of its kind, as with request()', async () => {
    answering({ error: { code: 'PGRST301', message: 'JWT expired' }, status: 401 });
    await expect(requestCount(counted)).rejects.toMatchObject({ kind: 'unauthorized', status: 401 });
    await expect(request((db) => counted(db))).rejects.toMatchObject({ kind: 'unauthorized', status: 401 });
  });

  it('a client that could not be downloaded, or a call that throws, is a DataError too', async () => {
    load.mockRejectedValueOnce(new TypeError('Failed to fetch'));
    const offline = await requestCount(counted).catch((error: unknown) => error);
    expect(isDataError(offline) && offline.kind).toBe('network');
    load.mockResolvedValue({ from: () => { throw new Error('boom'); } } as never);
    const thrown = await requestCount(counted).catch((error: unknown) => error);
    expect(isDataError(thrown) && thrown.kind).toBe('unknown');
  });
});
