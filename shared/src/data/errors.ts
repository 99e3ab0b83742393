/**
 * The fetch layer's errors: every failure of supabase-js (PostgREST, storage, auth, functions) or of
 * the network becomes one DataError whose `kind` the UI can match on. No dependency on
 * @tanstack/react-query: the public pages use this through the main entry.
 */

export type DataErrorKind =
  | 'network'
  | 'unauthorized'
  | 'forbidden'
  | 'not_found'
  | 'conflict'
  | 'invalid'
  | 'rate_limited'
  | 'server'
  | 'unknown';

export interface DataErrorInit {
  /** PostgREST/PostgreSQL code (PGRST116, 23505…), GoTrue code (invalid_credentials…) or storage code */
  code?: string;
  /** HTTP status, when known (0: the request never got an answer) */
  status?: number;
  details?: string;
  /** PostgREST hint; our RPC functions put a machine-readable reason there (RpcErrorHint: 'rate_limited', 'email'…) */
  hint?: string;
  cause?: unknown;
}

const BRAND = '__isDataError';

export class DataError extends Error {
  readonly [BRAND] = true;
  readonly kind: DataErrorKind;
  readonly code?: string;
  readonly status?: number;
  readonly details?: string;
  readonly hint?: string;

  constructor(kind: DataErrorKind, message: string, init: DataErrorInit = {}) {
    super(message, init.cause === undefined ? undefined : { cause: init.cause });
    this.name = 'DataError';
    this.kind = kind;
    this.code = init.code;
    this.status = init.status;
    this.details = init.details;
    this.hint = init.hint;
  }

  /** Worth trying again as is: the request may succeed later (network, server). */
  get isRetryable(): boolean {
    return this.kind === 'network' || this.kind === 'server' || this.kind === 'unknown';
  }
}

/** True for a DataError, even one made by another copy of this module (checked by brand, not class). */
export function isDataError(error: unknown): error is DataError {
  return typeof error === 'object' && error !== null && (error as Record<string, unknown>)[BRAND] === true;
}

// ---------------------------------------------------------------- classification ----

/** Codes that decide the kind by themselves: PostgREST, PostgreSQL, GoTrue (supabase auth error codes). */
const CODES_BY_KIND: Partial<Record<DataErrorKind, string>> = {
  // PostgREST: JWT invalid or expired, anonymous access refused, claims rejected; GoTrue: no valid session
  unauthorized:
    'PGRST301 PGRST302 PGRST303 session_expired session_not_found refresh_token_not_found refresh_token_already_used ' +
    'bad_jwt invalid_jwt no_authorization reauthentication_needed',
  forbidden:
    '42501 not_admin user_banned signup_disabled email_provider_disabled email_address_not_authorized insufficient_aal',
  conflict: '23505 user_already_exists email_exists phone_exists identity_already_exists',
  not_found: 'user_not_found',
  invalid:
    'invalid_credentials email_not_confirmed weak_password same_password validation_failed email_address_invalid bad_json otp_expired',
  rate_limited: 'over_request_rate_limit over_email_send_rate_limit over_sms_send_rate_limit',
  server: 'PGRST300 request_timeout unexpected_failure',
};
const KIND_BY_CODE: Record<string, DataErrorKind> = {};
for (const [kind, codes] of Object.entries(CODES_BY_KIND)) {
  for (const code of codes.split(' ')) KIND_BY_CODE[code] = kind as DataErrorKind;
}

/** Reasons our RPC functions give in the hint of a P0001 error (supabase/migrations, RpcErrorHint). */
const KIND_BY_RPC_HINT: Record<string, DataErrorKind> = {
  rate_limited: 'rate_limited',
  not_found: 'not_found',
  demo_article: 'forbidden',
  invalid_transition: 'conflict',
  // the staff inbox (20261130000100): a request taken in meanwhile; its site deleted
  already_taken: 'conflict',
  site_missing: 'not_found',
};

/** Names of supabase-js error classes that carry their meaning in the name. */
const KIND_BY_NAME: Record<string, DataErrorKind> = {
  FunctionsFetchError: 'network',
  ChunkLoadError: 'network',
  FunctionsRelayError: 'server',
  AuthSessionMissingError: 'unauthorized',
  AuthInvalidJwtError: 'unauthorized',
  AuthInvalidTokenResponseError: 'unauthorized',
  AuthWeakPasswordError: 'invalid',
  AuthInvalidCredentialsError: 'invalid',
};

/** What fetch() rejects with when no answer came back (Chrome, Firefox, Safari, Node). */
const NETWORK_MESSAGE = /failed to fetch|networkerror|network request failed|load failed|fetch failed|err_network|err_internet_disconnected|loading chunk .* failed/i;

function kindFromCode(code: string, message: string, details: string, status: number | undefined): DataErrorKind | undefined {
  switch (code) {
    case 'PGRST116': {
      // .single()/.maybeSingle(): no row is "not found"; several rows is a query that should not be single
      const rows = /(\d+) rows?/.exec(details)?.[1];
      return rows && Number(rows) > 1 ? 'unknown' : 'not_found';
    }
    case '23503':
      // a delete (or key change) of a row still referenced is a conflict; a missing referenced row is bad input
      return /update or delete on/i.test(message) ? 'conflict' : 'invalid';
    case '42501':
      // PostgREST answers 401 when the anonymous role was refused: signing in is the fix
      return status === 401 ? 'unauthorized' : 'forbidden';
  }
  const known = KIND_BY_CODE[code];
  if (known) return known;
  if (/^PGRST00/.test(code) || /^PGRST2/.test(code) || /^PGRSTX/.test(code)) return 'server'; // connection, schema cache
  if (/^2[23]/.test(code)) return 'invalid'; // data exception, integrity constraint violation (23502, 23514, 22P02…)
  if (/^(08|53|57|58|XX)/.test(code)) return 'server'; // connection, resources, operator intervention, system
  return undefined;
}

function kindFromStatus(status: number | undefined): DataErrorKind | undefined {
  if (status === undefined || Number.isNaN(status)) return undefined;
  if (status === 0) return 'network';
  if (status === 401) return 'unauthorized';
  if (status === 403) return 'forbidden';
  if (status === 404 || status === 410) return 'not_found';
  if (status === 409) return 'conflict';
  if (status === 429) return 'rate_limited';
  if (status === 408) return 'server';
  if (status >= 400 && status < 500) return 'invalid';
  if (status >= 500) return 'server';
  return undefined;
}

function text(value: unknown): string | undefined {
  if (typeof value === 'string') return value;
  if (typeof value === 'number') return String(value);
  return undefined;
}

function statusOf(value: unknown): number | undefined {
  const n = typeof value === 'number' ? value : typeof value === 'string' && /^\d{3}$/.test(value) ? Number(value) : NaN;
  return Number.isInteger(n) ? n : undefined;
}

function isOffline(): boolean {
  return typeof navigator !== 'undefined' && navigator.onLine === false;
}

/**
 * Turns anything a supabase-js call can fail with into a DataError (a DataError is returned as is).
 * `context.status` is the HTTP status of the PostgREST response, which supabase-js keeps on the
 * result ({ error, status }) rather than on the error.
 */
export function toDataError(error: unknown, context: { status?: number } = {}): DataError {
  if (isDataError(error)) return error;
  if (error === null || error === undefined || (typeof error !== 'object' && typeof error !== 'string')) {
    return new DataError(isOffline() ? 'network' : 'unknown', 'Unknown error', { cause: error, status: context.status });
  }
  if (typeof error === 'string') return new DataError(NETWORK_MESSAGE.test(error) ? 'network' : 'unknown', error, { status: context.status });

  const e = error as Record<string, unknown>;
  const name = text(e.name) ?? '';
  const message = (text(e.message) ?? '').trim();
  const details = text(e.details) ?? undefined;
  const hint = text(e.hint) || undefined;
  const context_ = e.context as { status?: unknown } | undefined; // FunctionsHttpError: the Response
  let code = text(e.code) || undefined;
  // the gateway's own answers carry the status as code ('429'); PostgREST's custom PTxyz codes too
  const statusInCode = code ? /^(?:PT)?(\d{3})$/.exec(code)?.[1] : undefined;
  const isStorage = e.__isStorageError === true || name.startsWith('Storage');
  // the storage API answers its client errors with HTTP 400 and the real status in the body's statusCode
  const storageStatus = isStorage ? statusOf(e.statusCode) : undefined;
  const status =
    storageStatus ?? statusOf(e.status) ?? statusOf(e.statusCode) ?? statusOf(context_?.status) ?? context.status ?? statusOf(statusInCode);
  const init: DataErrorInit = { code, status, details, hint, cause: error };
  const make = (kind: DataErrorKind) => new DataError(kind, message || name || 'Unknown error', init);

  // storage-js wraps what it cannot read (a fetch that never got an answer) in StorageUnknownError
  if (name === 'StorageUnknownError' && e.originalError) {
    const inner = toDataError(e.originalError);
    if (inner.kind === 'network') return make('network');
  }
  // auth-js: 0 means no answer at all, 5xx a server or gateway failure
  if (name === 'AuthRetryableFetchError') return make(status && status >= 500 ? 'server' : 'network');
  if (error instanceof TypeError && NETWORK_MESSAGE.test(message)) return make('network');
  // postgrest-js turns a failed fetch into { message: 'TypeError: Failed to fetch', status 0 }
  if (status === 0) return make('network');

  if (isStorage) {
    // the storage API answers 400 for a missing or expired token, 403 for RLS
    if (code === 'InvalidJWT' || /jwt|jws|token.*expired|property 'authorization'/i.test(message)) return make('unauthorized');
    if (/row-level security/i.test(message)) return make('forbidden');
    code = code && !/^\d{3}$/.test(code) ? code : undefined;
    init.code = code;
  }
  if (/row-level security/i.test(message) && !code) return make('forbidden');

  if (code) {
    if (code === 'P0001' && hint && KIND_BY_RPC_HINT[hint]) return make(KIND_BY_RPC_HINT[hint]);
    const byCode = kindFromCode(code, message, details ?? '', status);
    if (byCode) return make(byCode);
  }
  const byName = KIND_BY_NAME[name];
  if (byName) return make(byName);
  const byStatus = kindFromStatus(status);
  if (byStatus) return make(byStatus);
  if (NETWORK_MESSAGE.test(message) || isOffline()) return make('network');
  return make('unknown');
}

// ---------------------------------------------------------------- unwrapping ----

/** The `{ data, error }` shape every supabase-js call resolves to (PostgREST adds `status`). */
export interface SupabaseResult {
  data: unknown;
  error: unknown;
  status?: number;
}

/** The data of a successful result (for PostgREST: `T` of `.returns<T>()`, `null` allowed by maybeSingle()). */
export type DataOf<R> = [Extract<R, { error: null }>] extends [never]
  ? R extends { data: infer D }
    ? D
    : never
  : Extract<R, { error: null }> extends { data: infer D }
    ? D
    : never;

/**
 * Awaits a supabase-js call and returns its `data`, or throws a DataError.
 *
 *   const site = await unwrap(supabase.from('sites').select('*').eq('id', id).single());
 */
export async function unwrap<R extends SupabaseResult>(pending: PromiseLike<R> | R): Promise<DataOf<R>> {
  let result: R;
  try {
    result = await pending;
  } catch (error) {
    throw toDataError(error);
  }
  if (result.error) throw toDataError(result.error, { status: result.status });
  return result.data as DataOf<R>;
}
