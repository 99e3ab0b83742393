// Database helpers of the worker (a pg pool on DATABASE_URL: the migration role or service role,
// which row level security does not restrict — the worker acts for the action's creator).
//
// Outages (issue 27, #9): the worker's pool is a ResilientPool. While PostgreSQL is unreachable
// (a proxy cut, a backend restart that moves it) a new connection is retried with backoff instead
// of failing, so Graphile's job fetching, completing and failing, the heartbeat and the actions'
// queries wait for the database and go on; the outage is logged once when it starts and once when
// it ends. A transaction (workerTx) cut before its COMMIT is run again; one cut during its COMMIT
// is not (its outcome is unknown: the run is retried and finds what it wrote, see create-article.js).
import pg from 'pg';

/** Node and PostgreSQL codes of a lost or refused connection (not of a failed statement). */
const CONNECTION_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENETUNREACH', 'ENOTFOUND', 'EAI_AGAIN', '57P01', '57P02', '57P03']);

/**
 * Whether an error is the connection's (the database unreachable, restarting, the socket cut),
 * as opposed to the statement's.
 */
export function isConnectionError(error: unknown): boolean {
  if (!error || typeof error !== 'object') return false;
  const e = error as { code?: unknown; message?: unknown };
  const code = typeof e.code === 'string' ? e.code : '';
  if (CONNECTION_CODES.has(code) || code.startsWith('08')) return true;
  return /Connection terminated|terminating connection|Client has encountered a connection error|connection timeout|Connection ended unexpectedly/i.test(String(e.message ?? ''));
}

/** An error's code, else its message, for a log line. */
function describe(error: unknown): string {
  if (error && typeof error === 'object') {
    const { code, message } = error as { code?: unknown; message?: unknown };
    if (code !== undefined && code !== null) return String(code);
    if (message !== undefined && message !== null) return String(message);
  }
  return String(error);
}

export type OutageReporter = ReturnType<typeof outageReporter>;

/**
 * Reports an outage once: `down(error)` may be called many times (each failed connection, each
 * broken idle client), `up()` once the database answers again.
 */
export function outageReporter(log: (message: string) => void) {
  let since: number | null = null;
  let lastUp = Date.now();
  return {
    down(error: unknown) {
      if (since !== null) return;
      since = Date.now();
      log(`[worker] database unreachable (${describe(error)}): waiting for it, reconnecting with backoff`);
    },
    up() {
      if (since === null) return;
      log(`[worker] database reachable again after ${((Date.now() - since) / 1000).toFixed(1)} s`);
      since = null;
      lastUp = Date.now();
    },
    get isDown() {
      return since !== null;
    },
    /** Milliseconds since the database last came back (or since the start). */
    get healthyForMs() {
      return since === null ? Date.now() - lastUp : 0;
    },
  };
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * A pg pool whose connect() waits for an unreachable database (exponential backoff from 100 ms to
 * maxDelayMs, with jitter) instead of failing. pool.query() goes through connect() too.
 */
export class ResilientPool extends pg.Pool {
  readonly maxDelayMs: number;
  readonly outage: OutageReporter;
  /** set when the worker stops: a failing connect() then fails at once */
  stopping = false;

  constructor({ maxDelayMs = 5000, outage, ...options }: pg.PoolConfig & { maxDelayMs?: number; outage: OutageReporter }) {
    super(options);
    this.maxDelayMs = maxDelayMs;
    this.outage = outage;
  }

  /** Both forms of pg.Pool#connect (promise, callback). */
  override connect(): Promise<pg.PoolClient>;
  override connect(callback: (err: Error | undefined, client: pg.PoolClient | undefined, done: (release?: boolean | Error) => void) => void): void;
  override connect(
    cb?: (err: Error | undefined, client: pg.PoolClient | undefined, done: (release?: boolean | Error) => void) => void,
  ): Promise<pg.PoolClient> | void {
    const attempt = async (): Promise<pg.PoolClient> => {
      for (let n = 0; ; n += 1) {
        try {
          const client = await super.connect();
          this.outage.up();
          return client;
        } catch (error) {
          if (this.stopping || this.ending || !isConnectionError(error)) throw error;
          this.outage.down(error);
          const delay = Math.min(this.maxDelayMs, 100 * 2 ** Math.min(n, 10));
          await sleep(delay / 2 + Math.random() * (delay / 2));
        }
      }
    };
    if (typeof cb !== 'function') return attempt();
    attempt().then(
      (client) => cb(undefined, client, client.release),
      (error: Error) => cb(error, undefined, () => {}),
    );
  }
}

/**
 * fn, again while it fails with a connection error (the database waited for by the pool), at most
 * maxMs long. Only for idempotent work.
 */
export async function retryOnConnectionError<T>(fn: () => Promise<T>, { maxMs = 10 * 60_000 }: { maxMs?: number; } = {}): Promise<T> {
  const end = Date.now() + maxMs;
  for (let n = 0; ; n += 1) {
    try {
      return await fn();
    } catch (error) {
      if (!isConnectionError(error) || Date.now() > end) throw error;
      await sleep(Math.min(5000, 100 * 2 ** Math.min(n, 10)));
    }
  }
}

/**
 * Runs fn in a transaction marked as the worker's (citable.worker = 'on': the enqueue trigger
 * ignores the worker's own updates of pages_actions, and HTML it writes counts as sanitized).
 * fn may run more than once when the connection is cut before COMMIT.
 */
export async function workerTx<T>(pool: pg.Pool, fn: (client: pg.PoolClient) => Promise<T>): Promise<T> {
  for (let n = 0; ; n += 1) {
    const client = await pool.connect();
    let committing = false;
    let broken = false;
    try {
      await client.query("begin; select set_config('citable.worker', 'on', true)");
      const result = await fn(client);
      committing = true;
      await client.query('commit');
      return result;
    } catch (error) {
      broken = isConnectionError(error);
      if (!broken) await client.query('rollback').catch(() => {});
      // Cut before COMMIT: PostgreSQL rolled it back; run it again on a new connection.
      if (broken && !committing && n < 20) continue;
      throw error;
    } finally {
      client.release(broken || undefined);
    }
  }
}

/** A page, its site and the site's country and language (node-pg: bigint columns come as strings). */
export interface PageContext {
  page_id: string;
  page_name: string;
  page_url: string;
  site_id: string;
  site_name: string;
  site_url: string;
  tone_articles_group: string | null;
  force_defined_language_for_serps: boolean;
  serps_nb_results: number;
  familiar_terms: boolean;
  address_the_reader_with_i: boolean;
  accepted_topics: string | null;
  additional_guidelines: string | null;
  to_scrape: string | null;
  cover_image_width: number;
  cover_image_height: number;
  nb_images_to_create: number;
  country_code: string | null;
  country_name: string | null;
  language_code: string | null;
  language_name: string | null;
}

/**
 * The page, its site and the site's country and language.
 */
export async function loadPageContext(db: pg.Pool | pg.PoolClient, pageId: number | string): Promise<PageContext | null> {
  const { rows } = await db.query<PageContext>(
    `select p.id as page_id, p.name as page_name, p.url as page_url,
            s.id as site_id, s.name as site_name, s.url as site_url, s.tone_articles_group,
            s.force_defined_language_for_serps, s.serps_nb_results, s.familiar_terms,
            s.address_the_reader_with_i, s.accepted_topics, s.additional_guidelines, s.to_scrape,
            s.cover_image_width, s.cover_image_height, s.nb_images_to_create,
            c.country_code, c.country_name, l.language_code, l.language_name
       from public.pages p
       join public.sites s on s.id = p.site
       left join public.location_countries c on c.id = s.country
       left join public.location_languages l on l.id = s.language
      where p.id = $1`,
    [pageId],
  );
  return rows[0] ?? null;
}

/**
 * The page's keywords, to_search ones first.
 */
export async function loadKeywords(db: pg.Pool | pg.PoolClient, pageId: number | string): Promise<{ id: string; keyword: string; to_search: boolean }[]> {
  const { rows } = await db.query<{ id: string; keyword: string; to_search: boolean }>(
    `select k.id::text as id, k.keyword, pk.to_search
       from public.pages_keywords pk join public.keywords k on k.id = pk.linked_keyword
      where pk.linked_page = $1
      order by pk.to_search desc, pk.id`,
    [pageId],
  );
  return rows;
}
