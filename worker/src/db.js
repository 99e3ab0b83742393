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
 * @param {unknown} error
 */
export function isConnectionError(error) {
  const e = /** @type {any} */ (error);
  if (!e || typeof e !== 'object') return false;
  const code = typeof e.code === 'string' ? e.code : '';
  if (CONNECTION_CODES.has(code) || code.startsWith('08')) return true;
  return /Connection terminated|terminating connection|Client has encountered a connection error|connection timeout|Connection ended unexpectedly/i.test(String(e.message ?? ''));
}

/**
 * Reports an outage once: `down(error)` may be called many times (each failed connection, each
 * broken idle client), `up()` once the database answers again.
 * @param {(message: string) => void} log
 */
export function outageReporter(log) {
  /** @type {number | null} */
  let since = null;
  let lastUp = Date.now();
  return {
    /** @param {unknown} error */
    down(error) {
      if (since !== null) return;
      since = Date.now();
      log(`[worker] database unreachable (${/** @type {any} */ (error)?.code ?? /** @type {any} */ (error)?.message ?? error}): waiting for it, reconnecting with backoff`);
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

const sleep = (/** @type {number} */ ms) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * A pg pool whose connect() waits for an unreachable database (exponential backoff from 100 ms to
 * maxDelayMs, with jitter) instead of failing. pool.query() goes through connect() too.
 */
export class ResilientPool extends pg.Pool {
  /**
   * @param {pg.PoolConfig & { maxDelayMs?: number, outage: ReturnType<typeof outageReporter> }} options
   */
  constructor({ maxDelayMs = 5000, outage, ...options }) {
    super(options);
    this.maxDelayMs = maxDelayMs;
    this.outage = outage;
    this.stopping = false;
  }

  /**
   * Both forms of pg.Pool#connect (promise, callback).
   * @param {any} [cb]
   * @returns {any}
   */
  connect(cb) {
    const attempt = async () => {
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
      (error) => cb(error, undefined, () => {}),
    );
    return undefined;
  }
}

/**
 * fn, again while it fails with a connection error (the database waited for by the pool), at most
 * maxMs long. Only for idempotent work.
 * @template T
 * @param {() => Promise<T>} fn
 * @param {{ maxMs?: number }} [options]
 * @returns {Promise<T>}
 */
export async function retryOnConnectionError(fn, { maxMs = 10 * 60_000 } = {}) {
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
 * @template T
 * @param {import('pg').Pool} pool
 * @param {(client: import('pg').PoolClient) => Promise<T>} fn
 * @returns {Promise<T>}
 */
export async function workerTx(pool, fn) {
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

/**
 * The page, its site and the site's country and language.
 * @param {import('pg').Pool | import('pg').PoolClient} db
 * @param {number | string} pageId
 */
export async function loadPageContext(db, pageId) {
  const { rows } = await db.query(
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
 * @param {import('pg').Pool | import('pg').PoolClient} db
 * @param {number | string} pageId
 * @returns {Promise<{ id: string, keyword: string, to_search: boolean }[]>}
 */
export async function loadKeywords(db, pageId) {
  const { rows } = await db.query(
    `select k.id::text as id, k.keyword, pk.to_search
       from public.pages_keywords pk join public.keywords k on k.id = pk.linked_keyword
      where pk.linked_page = $1
      order by pk.to_search desc, pk.id`,
    [pageId],
  );
  return rows;
}
