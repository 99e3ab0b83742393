import { AuthApiError, AuthRetryableFetchError, AuthSessionMissingError, AuthWeakPasswordError, createClient } from '@supabase/supabase-js';
import { FunctionsFetchError, FunctionsHttpError } from '@supabase/functions-js';
import { PostgrestError } from '@supabase/postgrest-js';
import { StorageApiError, StorageUnknownError } from '@supabase/storage-js';
import { DataError, isDataError, toDataError, unwrap, type DataErrorKind } from './errors';
import type { Database } from './database.types';
import type { Page, Site } from './types';

/** A PostgREST error body as postgrest-js hands it over (a plain object, status on the result). */
const pg = (code: string, message = 'x', extra: { details?: string; hint?: string } = {}) => ({
  code,
  message,
  details: extra.details ?? null,
  hint: extra.hint ?? null,
});

describe('toDataError: PostgREST and PostgreSQL', () => {
  const cases: [string, ReturnType<typeof pg>, number, DataErrorKind][] = [
    ['.single() without a row', pg('PGRST116', 'JSON object requested, multiple (or no) rows returned', { details: 'The result contains 0 rows' }), 406, 'not_found'],
    ['.single() with several rows', pg('PGRST116', 'JSON object requested, multiple (or no) rows returned', { details: 'Results contain 2 rows, application/vnd.pgrst.object+json requires 1 row' }), 406, 'unknown'],
    ['unique violation', pg('23505', 'duplicate key value violates unique constraint "keywords_keyword_key"'), 409, 'conflict'],
    ['missing referenced row', pg('23503', 'insert or update on table "pages" violates foreign key constraint "pages_site_fkey"'), 409, 'invalid'],
    ['delete of a referenced row', pg('23503', 'update or delete on table "sites" violates foreign key constraint "pages_site_fkey" on table "pages"'), 409, 'conflict'],
    ['check violation', pg('23514', 'new row for relation "sites" violates check constraint'), 400, 'invalid'],
    ['bad uuid', pg('22P02', 'invalid input syntax for type uuid: "abc"'), 400, 'invalid'],
    ['not null', pg('23502', 'null value in column "name" violates not-null constraint'), 400, 'invalid'],
    ['RPC validation', pg('22023', 'Please enter a valid email address.', { hint: 'email' }), 400, 'invalid'],
    ['RLS on insert', pg('42501', 'new row violates row-level security policy for table "sites"'), 403, 'forbidden'],
    ['privilege refused to anon', pg('42501', 'permission denied for table sites'), 401, 'unauthorized'],
    ['JWT expired', pg('PGRST301', 'JWT expired'), 401, 'unauthorized'],
    ['database down', pg('PGRST000', 'Could not connect to the database'), 503, 'server'],
    ['pool timeout', pg('PGRST003', 'Timed out acquiring connection from connection pool.'), 504, 'server'],
    ['unknown function', pg('PGRST202', 'Could not find the function'), 404, 'server'],
    ['statement timeout', pg('57014', 'canceling statement due to statement timeout'), 500, 'server'],
    ['RPC rate limit', pg('P0001', 'Too many messages were sent from this address. Please try again later.', { hint: 'rate_limited' }), 400, 'rate_limited'],
    ['RPC not found', pg('P0001', 'Version not found', { hint: 'not_found' }), 400, 'not_found'],
    ['RPC demo article', pg('P0001', 'This is a demo article, so you cannot use this feature.', { hint: 'demo_article' }), 400, 'forbidden'],
    ['RPC invalid transition', pg('P0001', 'Only a draft version can be approved', { hint: 'invalid_transition' }), 400, 'conflict'],
    ['gateway rate limit', pg('429', 'Too many requests: rate limit reached for this function'), 429, 'rate_limited'],
  ];

  it.each(cases)('%s → its kind', (_label, body, status, kind) => {
    const error = toDataError(body, { status });
    expect(error).toBeInstanceOf(DataError);
    expect(error.kind).toBe(kind);
    expect(error.code).toBe(body.code);
    expect(error.status).toBe(status);
    expect(error.message).toBe(body.message);
    expect(error.cause).toBe(body);
  });

  it('keeps details and hint', () => {
    const error = toDataError(pg('22023', 'Name must be at least 2 characters.', { hint: 'name', details: 'd' }), { status: 400 });
    expect(error).toMatchObject({ kind: 'invalid', hint: 'name', details: 'd' });
  });

  it('reads the status from the code when none is given (gateway 429, PostgREST PTxyz)', () => {
    expect(toDataError(pg('429')).kind).toBe('rate_limited');
    expect(toDataError(pg('PT404', 'nothing here')).kind).toBe('not_found');
  });

  it('maps a thrown PostgrestError (throwOnError) too', () => {
    const error = new PostgrestError({ message: 'duplicate key', details: '', hint: '', code: '23505' });
    expect(toDataError(error).kind).toBe('conflict');
  });

  it('falls back on the HTTP status', () => {
    const kinds = [401, 403, 404, 409, 413, 422, 429, 500, 502, 503].map((status) => toDataError({ message: 'x' }, { status }).kind);
    expect(kinds).toEqual(['unauthorized', 'forbidden', 'not_found', 'conflict', 'invalid', 'invalid', 'rate_limited', 'server', 'server', 'server']);
  });
});

describe('toDataError: network', () => {
  it.each([
    ['Chrome', new TypeError('Failed to fetch')],
    ['Firefox', new TypeError('NetworkError when attempting to fetch resource.')],
    ['Safari', new TypeError('Load failed')],
    ['Node', new TypeError('fetch failed')],
  ])('a rejected fetch (%s) is a network error', (_browser, error) => {
    expect(toDataError(error).kind).toBe('network');
  });

  it("postgrest-js's answer to a failed fetch (status 0) is a network error", () => {
    const body = { message: 'TypeError: Failed to fetch', details: 'TypeError: Failed to fetch', hint: '', code: '' };
    expect(toDataError(body, { status: 0 }).kind).toBe('network');
  });

  it('FunctionsFetchError and a failed chunk download are network errors', () => {
    expect(toDataError(new FunctionsFetchError(new TypeError('Failed to fetch'))).kind).toBe('network');
    const chunk = Object.assign(new Error('Loading chunk 512 failed.'), { name: 'ChunkLoadError' });
    expect(toDataError(chunk).kind).toBe('network');
  });

  it('FunctionsHttpError takes the status of its response', () => {
    const error = new FunctionsHttpError({ status: 404, statusText: 'Not Found' });
    expect(toDataError(error)).toMatchObject({ kind: 'not_found', status: 404 });
  });

  it('a TypeError that is not a fetch failure is unknown', () => {
    expect(toDataError(new TypeError("Cannot read properties of undefined (reading 'id')")).kind).toBe('unknown');
  });

  it('an unknown failure while offline is a network error', () => {
    const onLine = jest.spyOn(window.navigator, 'onLine', 'get').mockReturnValue(false);
    expect(toDataError(new Error('something')).kind).toBe('network');
    onLine.mockRestore();
    expect(toDataError(new Error('something')).kind).toBe('unknown');
  });
});

describe('toDataError: storage', () => {
  it.each([
    [new StorageApiError('Object not found', 404, '404'), 'not_found'],
    [new StorageApiError('The resource already exists', 409, '409'), 'conflict'],
    [new StorageApiError('The object exceeded the maximum allowed size', 413, '413'), 'invalid'],
    [new StorageApiError('new row violates row-level security policy', 403, '403'), 'forbidden'],
    [new StorageApiError('jwt expired', 400, '400'), 'unauthorized'],
    [new StorageApiError("headers must have required property 'authorization'", 400, '400'), 'unauthorized'],
    [new StorageApiError('mime type text/html is not supported', 400, '400'), 'invalid'],
    [new StorageApiError('Database unavailable', 503, '503'), 'server'],
    [new StorageApiError('Too many', 429, '429'), 'rate_limited'],
  ] as const)('%p → %s', (error, kind) => {
    const mapped = toDataError(error);
    expect(mapped.kind).toBe(kind);
    expect(mapped.status).toBe(error.status);
    // statusCode '404' is a status, not a code
    expect(mapped.code).toBeUndefined();
  });

  // storage-api's current answers: HTTP 400, the real status in statusCode, its ErrorCode in code
  it.each([
    [new StorageApiError('Object not found', 400, '404', 'storage', 'NoSuchKey'), 'not_found', 404],
    [new StorageApiError('Bucket not found', 400, '404', 'storage', 'NoSuchBucket'), 'not_found', 404],
    [new StorageApiError('The resource already exists', 400, '409', 'storage', 'KeyAlreadyExists'), 'conflict', 409],
    [new StorageApiError('The object exceeded the maximum allowed size', 400, '413', 'storage', 'EntityTooLarge'), 'invalid', 413],
    [new StorageApiError('mime type text/html is not supported', 400, '415', 'storage', 'InvalidMimeType'), 'invalid', 415],
    [new StorageApiError('new row violates row-level security policy', 400, '403', 'storage', 'AccessDenied'), 'forbidden', 403],
    [new StorageApiError('"exp" claim timestamp check failed', 400, '400', 'storage', 'InvalidJWT'), 'unauthorized', 400],
  ] as const)('%p (HTTP 400) → %s, status %d', (error, kind, status) => {
    const mapped = toDataError(error);
    expect(mapped.kind).toBe(kind);
    expect(mapped.status).toBe(status);
    expect(mapped.code).toBe(error.code);
  });

  it('StorageUnknownError around a failed fetch is a network error', () => {
    expect(toDataError(new StorageUnknownError('Failed to fetch', new TypeError('Failed to fetch'))).kind).toBe('network');
    expect(toDataError(new StorageUnknownError('odd', { what: 1 })).kind).toBe('unknown');
  });
});

describe('toDataError: auth', () => {
  it.each([
    ['invalid_credentials', 400, 'invalid'],
    ['email_not_confirmed', 400, 'invalid'],
    ['user_already_exists', 422, 'conflict'],
    ['email_exists', 422, 'conflict'],
    ['same_password', 422, 'invalid'],
    ['over_email_send_rate_limit', 429, 'rate_limited'],
    ['over_request_rate_limit', 429, 'rate_limited'],
    ['session_not_found', 403, 'unauthorized'],
    ['refresh_token_not_found', 400, 'unauthorized'],
    ['bad_jwt', 403, 'unauthorized'],
    ['signup_disabled', 422, 'forbidden'],
    ['user_banned', 400, 'forbidden'],
    ['some_new_code', 400, 'invalid'],
    ['some_new_code', 403, 'forbidden'],
  ] as const)('AuthApiError %s (%i) → %s', (code, status, kind) => {
    expect(toDataError(new AuthApiError('m', status, code))).toMatchObject({ kind, code, status });
  });

  it('weak password, missing session, retryable fetch errors', () => {
    expect(toDataError(new AuthWeakPasswordError('Password should be at least 6 characters.', 422, ['length'])).kind).toBe('invalid');
    expect(toDataError(new AuthSessionMissingError()).kind).toBe('unauthorized');
    expect(toDataError(new AuthRetryableFetchError('Failed to fetch', 0)).kind).toBe('network');
    expect(toDataError(new AuthRetryableFetchError('Bad Gateway', 502)).kind).toBe('server');
  });
});

describe('DataError', () => {
  it('is returned as is, and recognised across module copies by its brand', () => {
    const error = new DataError('conflict', 'taken', { code: '23505', status: 409 });
    expect(toDataError(error)).toBe(error);
    expect(isDataError(error)).toBe(true);
    expect(isDataError({ ...error, __isDataError: true })).toBe(true);
    expect(isDataError(new Error('x'))).toBe(false);
    expect(isDataError(null)).toBe(false);
  });

  it('tells which errors are worth retrying', () => {
    expect(new DataError('network', 'x').isRetryable).toBe(true);
    expect(new DataError('server', 'x').isRetryable).toBe(true);
    expect(new DataError('not_found', 'x').isRetryable).toBe(false);
    expect(new DataError('rate_limited', 'x').isRetryable).toBe(false);
  });

  it('wraps strings and nothing at all', () => {
    expect(toDataError('Failed to fetch').kind).toBe('network');
    expect(toDataError(undefined)).toMatchObject({ kind: 'unknown', message: 'Unknown error' });
  });
});

describe('unwrap', () => {
  it('returns data, or throws a DataError with the status of the result', async () => {
    await expect(unwrap(Promise.resolve({ data: [1, 2], error: null, status: 200 }))).resolves.toEqual([1, 2]);
    await expect(unwrap({ data: null, error: null, status: 200 })).resolves.toBeNull();
    const failure = unwrap(Promise.resolve({ data: null, error: pg('42501', 'permission denied for table sites'), status: 401 }));
    await expect(failure).rejects.toMatchObject({ name: 'DataError', kind: 'unauthorized', status: 401 });
  });

  it('turns a rejected call into a DataError', async () => {
    await expect(unwrap(Promise.reject(new TypeError('Failed to fetch')))).rejects.toMatchObject({ kind: 'network' });
  });

  it('works on real supabase-js builders (a fetch that fails is a network error)', async () => {
    const fetch = jest.fn(async () => {
      throw new TypeError('Failed to fetch');
    });
    const client = createClient<Database>('http://backend.test', 'anon', { global: { fetch }, auth: { persistSession: false, storageKey: 'errors-test-1' } });
    // (postgrest-js retries a failed GET by itself; not here)
    await expect(unwrap(client.from('sites').select('*').retry(false))).rejects.toMatchObject({ kind: 'network', status: 0 });
    expect(fetch).toHaveBeenCalled();
  });

  it('reads the PostgREST error of a real answer', async () => {
    const body = { code: 'PGRST116', details: 'The result contains 0 rows', hint: null, message: 'JSON object requested, multiple (or no) rows returned' };
    // (jsdom has no Response: the part of it postgrest-js reads)
    const fetch = jest.fn(async () => ({ ok: false, status: 406, statusText: 'Not Acceptable', headers: new Map(), text: async () => JSON.stringify(body) }) as unknown as Response);
    const client = createClient<Database>('http://backend.test', 'anon', { global: { fetch }, auth: { persistSession: false, storageKey: 'errors-test-2' } });
    await expect(unwrap(client.from('sites').select('*').eq('id', 1).single())).rejects.toMatchObject({ kind: 'not_found', code: 'PGRST116', status: 406 });
  });

  it('keeps the row types of the query (checked by tsc)', () => {
    const client = createClient<Database>('http://backend.test', 'anon', { auth: { persistSession: false, storageKey: 'errors-test-3' } });
    const list = (): Promise<Site[]> => unwrap(client.from('sites').select('*'));
    const one = (): Promise<Page> => unwrap(client.from('pages').select('*').eq('id', 1).single());
    const maybe = (): Promise<Page | null> => unwrap(client.from('pages').select('*').eq('id', 1).maybeSingle());
    const rpc = (): Promise<{ id: number; created_at: string }> =>
      unwrap(client.rpc('submit_contact_message', { p_name: 'n', p_email: 'e', p_message: 'm' }));
    expect([list, one, maybe, rpc].every((f) => typeof f === 'function')).toBe(true);
  });
});
