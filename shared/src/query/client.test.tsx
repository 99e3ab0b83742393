import { act, render, screen, waitFor } from '@testing-library/react';
import { useMutation, useQuery, type QueryClient } from '@tanstack/react-query';
import { createStore } from 'zustand/vanilla';
import { authStore } from '@citable/shared';
import { DataError, toDataError } from '@citable/shared/data';
import { createQueryClient, MAX_RETRIES, shouldRetry, STALE_TIME_MS } from './client';
import { clearCacheOnUserChange } from './authSync';
import { queryKeys } from './keys';
import { QueryProvider, invalidate, queryClient } from './index';

let consoleError: jest.SpyInstance;
beforeEach(() => {
  consoleError = jest.spyOn(console, 'error').mockImplementation(() => {});
});
afterEach(() => consoleError.mockRestore());

describe('retry policy', () => {
  it('never retries what the same request would get again (4xx)', () => {
    for (const kind of ['unauthorized', 'forbidden', 'not_found', 'conflict', 'invalid', 'rate_limited'] as const) {
      expect([kind, shouldRetry(0, new DataError(kind, 'x'))]).toEqual([kind, false]);
    }
  });

  it('retries network and server failures once (postgrest-js retries reads itself too)', () => {
    const offline = new DataError('network', 'x');
    expect([0, 1, 2].map((n) => shouldRetry(n, offline))).toEqual([true, false, false]);
    expect(shouldRetry(0, new DataError('server', 'x'))).toBe(true);
    // a raw supabase error is classified first
    expect(shouldRetry(0, { code: '23505', message: 'duplicate' })).toBe(false);
    expect(shouldRetry(0, new TypeError('Failed to fetch'))).toBe(true);
  });

  // the apps' queries set no retry of their own (issue 28): these cases are the whole policy
  it.each([
    ['not found (PGRST116, no row)', { code: 'PGRST116', message: 'no rows', details: 'The result contains 0 rows' }],
    ['not found (404)', { message: 'Not Found', status: 404 }],
    ['not found (DataError thrown by a query function)', new DataError('not_found', 'Page not found')],
    ['unauthorized (401, JWT expired)', { code: 'PGRST301', message: 'JWT expired', status: 401 }],
    ['unauthorized (401 status only)', { message: 'Unauthorized', status: 401 }],
    ['forbidden (403, row-level security)', { code: '42501', message: 'permission denied', status: 403 }],
    ['forbidden (403 status only)', { message: 'Forbidden', status: 403 }],
    ['invalid (400, bad input)', { code: '22P02', message: 'invalid input syntax', status: 400 }],
    ['invalid (400 status only)', { message: 'Bad Request', status: 400 }],
    ['conflict (409)', { code: '23505', message: 'duplicate', status: 409 }],
    ['rate limited (429)', { code: '429', message: 'Too Many Requests' }],
  ])('never retries %s', (_case, error) => {
    expect(toDataError(error).isRetryable).toBe(false);
    expect(shouldRetry(0, error)).toBe(false);
  });

  it.each([
    ['network (failed fetch)', new TypeError('Failed to fetch')],
    ['network (status 0)', { message: 'TypeError: Failed to fetch', status: 0 }],
    ['server (503)', { message: 'Service Unavailable', status: 503 }],
    ['server (PGRST000, database unreachable)', { code: 'PGRST000', message: 'connection refused', status: 503 }],
  ])('retries %s at most twice, MAX_RETRIES times', (_case, error) => {
    expect(MAX_RETRIES).toBeGreaterThanOrEqual(1);
    expect(MAX_RETRIES).toBeLessThanOrEqual(2);
    const retried = [0, 1, 2, 3].filter((failureCount) => shouldRetry(failureCount, error));
    expect(retried).toEqual([...Array(MAX_RETRIES).keys()]);
  });

  it('is the default of the client, with a 30 s staleTime', () => {
    const client = createQueryClient();
    expect(client.getDefaultOptions().queries).toMatchObject({ staleTime: STALE_TIME_MS, retry: shouldRetry });
    // TanStack Query's exponential backoff between attempts (1 s, 2 s…), not replaced
    expect(client.getDefaultOptions().queries?.retryDelay).toBeUndefined();
    expect(STALE_TIME_MS).toBe(30_000);
  });

  it('a 4xx query fails at once, without retrying', async () => {
    const client = createQueryClient();
    const fetchRow = jest.fn(async () => {
      throw new DataError('not_found', 'no row', { code: 'PGRST116' });
    });
    await expect(client.fetchQuery({ queryKey: queryKeys.sites.detail(1), queryFn: fetchRow })).rejects.toMatchObject({ kind: 'not_found' });
    expect(fetchRow).toHaveBeenCalledTimes(1);
    expect(consoleError).toHaveBeenCalledWith('[data] query failed', ['sites', 'detail', 1], expect.any(DataError));
  });

  it('a network failure is tried again once, then fails', async () => {
    const client = createQueryClient();
    const fetchRow = jest.fn(async () => {
      throw new TypeError('Failed to fetch');
    });
    await expect(client.fetchQuery({ queryKey: queryKeys.sites.detail(2), queryFn: fetchRow, retryDelay: 0 })).rejects.toThrow('Failed to fetch');
    expect(fetchRow).toHaveBeenCalledTimes(2);
  });
});

describe('mutations invalidate what they change', () => {
  /** A sites list served from an array, and a form that adds a site. */
  function setup(client: QueryClient, useMeta: boolean) {
    const rows = [{ id: 1, name: 'one' }];
    const getSites = jest.fn(async () => [...rows]);
    const createSite = async (name: string) => {
      const row = { id: rows.length + 1, name };
      rows.push(row);
      return row;
    };
    function Sites() {
      const sites = useQuery({ queryKey: queryKeys.sites.list(), queryFn: getSites });
      const create = useMutation(
        useMeta
          ? { mutationFn: createSite, meta: { invalidates: [queryKeys.sites.all] } }
          : { mutationFn: createSite, onSuccess: () => client.invalidateQueries({ queryKey: queryKeys.sites.all }) },
      );
      return (
        <div>
          <ul>{sites.data?.map((site) => <li key={site.id}>{site.name}</li>)}</ul>
          <button onClick={() => create.mutate('two')}>add</button>
          {create.isSuccess && <p>created</p>}
        </div>
      );
    }
    render(
      <QueryProvider client={client}>
        <Sites />
      </QueryProvider>,
    );
    return { getSites };
  }

  it.each([
    ['meta.invalidates', true],
    ['onSuccess + invalidateQueries', false],
  ])('with %s, the fresh list shows (even within the stale time)', async (_how, useMeta) => {
    const client = createQueryClient();
    const { getSites } = setup(client, useMeta);
    expect(await screen.findByText('one')).toBeInTheDocument();
    expect(getSites).toHaveBeenCalledTimes(1);
    act(() => screen.getByText('add').click());
    expect(await screen.findByText('two')).toBeInTheDocument();
    expect(getSites).toHaveBeenCalledTimes(2);
  });

  it('with meta.invalidates the mutation succeeds only after the refetch', async () => {
    const client = createQueryClient();
    setup(client, true);
    await screen.findByText('one');
    act(() => screen.getByText('add').click());
    await screen.findByText('created');
    // already there when the mutation reports success
    expect(screen.getByText('two')).toBeInTheDocument();
  });

  it('invalidate() works on the page client and leaves other domains alone', async () => {
    const sites = jest.fn(async () => ['s']);
    const pages = jest.fn(async () => ['p']);
    await queryClient.fetchQuery({ queryKey: queryKeys.sites.list(), queryFn: sites });
    await queryClient.fetchQuery({ queryKey: queryKeys.pages.list(1), queryFn: pages });
    await invalidate(queryKeys.sites.all);
    expect(queryClient.getQueryState(queryKeys.sites.list())?.isInvalidated).toBe(true);
    expect(queryClient.getQueryState(queryKeys.pages.list(1))?.isInvalidated).toBe(false);
    queryClient.clear();
  });
});

describe('cache and users', () => {
  type UserState = { user: { id: string } | null };
  const signedIn = (id: string) => ({ user: { id } });

  function seeded(client: QueryClient) {
    client.setQueryData(queryKeys.sites.list(), [{ id: 1, name: "alice's site" }]);
    client.setQueryData(queryKeys.pages.detail(3), { id: 3 });
  }

  it('sign-out clears every query and mutation', async () => {
    const client = createQueryClient();
    const users = createStore<UserState>()(() => signedIn('alice'));
    clearCacheOnUserChange(client, users);
    seeded(client);
    await client.getMutationCache().build(client, { mutationFn: async () => 1 }).execute(undefined);
    users.setState({ user: null });
    expect(client.getQueryCache().getAll()).toHaveLength(0);
    expect(client.getMutationCache().getAll()).toHaveLength(0);
  });

  it('another user: no data of the first is left', () => {
    const client = createQueryClient();
    const users = createStore<UserState>()(() => signedIn('alice'));
    clearCacheOnUserChange(client, users);
    seeded(client);
    users.setState(signedIn('bob'));
    expect(client.getQueryData(queryKeys.sites.list())).toBeUndefined();
    expect(client.getQueryData(queryKeys.pages.detail(3))).toBeUndefined();
  });

  it('another user: a mounted screen refetches as the new user', async () => {
    const client = createQueryClient();
    const users = createStore<UserState>()(() => signedIn('alice'));
    clearCacheOnUserChange(client, users);
    function Owner() {
      const { data } = useQuery({ queryKey: queryKeys.sites.list(), queryFn: async () => `sites of ${users.getState().user?.id}` });
      return <p>{data ?? 'loading'}</p>;
    }
    render(
      <QueryProvider client={client}>
        <Owner />
      </QueryProvider>,
    );
    expect(await screen.findByText('sites of alice')).toBeInTheDocument();
    act(() => users.setState(signedIn('bob')));
    await waitFor(() => expect(screen.getByText('sites of bob')).toBeInTheDocument());
    expect(screen.queryByText('sites of alice')).not.toBeInTheDocument();
  });

  it('keeps the cache for a token refresh or a sign-in from signed out', () => {
    const client = createQueryClient();
    const users = createStore<UserState>()(() => ({ user: null }));
    const stop = clearCacheOnUserChange(client, users);
    seeded(client);
    users.setState(signedIn('alice'));
    users.setState(signedIn('alice'));
    expect(client.getQueryData(queryKeys.pages.detail(3))).toEqual({ id: 3 });
    stop();
    users.setState({ user: null });
    expect(client.getQueryData(queryKeys.pages.detail(3))).toEqual({ id: 3 });
  });

  it("the page's client follows the real auth store", () => {
    queryClient.setQueryData(queryKeys.sites.list(), ['private']);
    const user = { id: 'u1' } as NonNullable<ReturnType<typeof authStore.getState>['user']>;
    act(() => authStore.setState({ user }));
    expect(queryClient.getQueryData(queryKeys.sites.list())).toEqual(['private']);
    act(() => authStore.setState({ user: null, session: null }));
    expect(queryClient.getQueryData(queryKeys.sites.list())).toBeUndefined();
  });

  it('is one client per page, kept on globalThis', () => {
    expect((globalThis as Record<string, unknown>).__citableQueryClient__).toBe(queryClient);
  });
});
