// startStack(): the local Supabase-compatible backend behind one gateway port.
// PostgreSQL (embedded or DATABASE_URL) → bootstrap/migrations/seed → PostgREST
// (real binary) → auth, storage, mailbox → gateway.
import { createHmac } from 'node:crypto';
import { mkdir } from 'node:fs/promises';
import net from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { createAuthService } from './auth/service.js';
import { startDatabase, unixSocketUrl } from './db/postgres.js';
import { DEFAULT_SEED_FILE, authenticatorUrl, prepareDatabase } from '@citable/worker/db/migrate.js';
import { DEFAULT_ALLOWED_ORIGINS, createGateway } from './gateway.js';
import { DEFAULT_JWT_SECRET, mintKeys } from '@citable/worker/keys.js';
import { createMailer } from '@citable/worker/mail/mailer.js';
import { startPostgrest } from './postgrest.js';
import { createStorageService } from './storage/service.js';

export { DEFAULT_JWT_SECRET, mintKeys };
export const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
export const DEFAULT_DATA_DIR = path.join(REPO_ROOT, '.data');

/**
 * True for an address only this machine can reach: 127.0.0.0/8, ::1 (also IPv4-mapped), localhost.
 * @param {string} host
 */
export function isLoopbackHost(host) {
  const h = String(host).trim().toLowerCase().replace(/^\[(.*)\]$/, '$1');
  if (h === 'localhost' || h.endsWith('.localhost')) return true;
  const v4 = h.startsWith('::ffff:') ? h.slice(7) : h;
  if (net.isIPv4(v4)) return v4.split('.')[0] === '127';
  if (net.isIPv6(h)) return new net.SocketAddress({ address: h, family: 'ipv6' }).address === '::1';
  return false;
}

/**
 * The development defaults are safe on loopback only. Listening anywhere else with Supabase's
 * public demo JWT secret (anybody can mint a service_role key with it) or a mailbox without a key
 * (it holds password-reset links) is refused, unless allowInsecureDefaults says otherwise.
 * Returns the one-line reason, or null when the configuration may start.
 * @param {{ host: string, jwtSecret: string, mailboxKey?: string, smtpUrl?: string, allowInsecureDefaults?: boolean }} c
 */
export function insecureExposure({ host, jwtSecret, mailboxKey, smtpUrl, allowInsecureDefaults }) {
  if (allowInsecureDefaults || isLoopbackHost(host)) return null;
  if (jwtSecret === DEFAULT_JWT_SECRET) {
    return `Refusing to listen on ${host} with the public demo JWT secret (anyone could mint a service_role key): set JWT_SECRET, or ALLOW_INSECURE_DEFAULTS=1 to start anyway.`;
  }
  if (!smtpUrl && !mailboxKey) {
    return `Refusing to listen on ${host} with a mailbox anyone can read (it holds password-reset links): set MAILBOX_KEY (or SMTP_URL), or ALLOW_INSECURE_DEFAULTS=1 to start anyway.`;
  }
  return null;
}

/**
 * @template T
 * @param {Promise<T>} p
 * @param {number} ms
 * @param {string} what
 * @returns {Promise<T>}
 */
function withTimeout(p, ms, what) {
  /** @type {NodeJS.Timeout | undefined} */
  let timer;
  const t = new Promise((/** @type {(v: never) => void} */ _, rej) => {
    timer = setTimeout(() => rej(new Error(`${what} timed out after ${ms} ms`)), ms);
  });
  return Promise.race([p, t]).finally(() => clearTimeout(timer));
}

/**
 * @typedef {{
 *   port?: number, host?: string, dataDir?: string, databaseUrl?: string, jwtSecret?: string,
 *   smtpUrl?: string, seed?: boolean, siteUrl?: string, allowedOrigins?: string[],
 *   log?: (m: string) => void, confirmEmail?: boolean,
 *   rateLimits?: Partial<Record<import('./gateway.js').RateLimitName, import('./rate-limit.js').RateLimit>>,
 *   publicRpcs?: string[], bodyLimits?: Partial<import('./gateway.js').BodyLimits>, jwtExpiry?: number,
 *   emailMinInterval?: number, disableSignup?: boolean, updatePasswordRequireReauthentication?: boolean,
 *   postgrestPool?: number, onFatal?: (err: Error) => void,
 *   dbWatchdogMs?: number, migrationsDir?: string, seedFile?: string, seedFilesDir?: string,
 *   restConcurrency?: number, mailboxKey?: string, allowInsecureDefaults?: boolean,
 *   refreshTokenReuseInterval?: number,
 * }} StackOptions
 */

/**
 * @param {StackOptions} [options]
 *
 * restConcurrency: /rest/v1 requests in PostgREST at once, the others queue in the gateway
 * in arrival order (see createGateway). Default 0: no gateway queue, PostgREST's pool alone.
 * On the 2-core bench machine 3 gives a tighter page-list tail but ~10 % less throughput
 * (supabase-local/bench/RESULTS.md); with a remote DATABASE_URL, where network waits dominate, it
 * should be at least the PostgREST pool size.
 */
export async function startStack({
  port = 54321,
  host = '127.0.0.1',
  dataDir = DEFAULT_DATA_DIR,
  databaseUrl,
  jwtSecret = DEFAULT_JWT_SECRET,
  smtpUrl,
  seed = true,
  siteUrl = 'http://localhost:3000',
  allowedOrigins = DEFAULT_ALLOWED_ORIGINS,
  log = () => {},
  confirmEmail = true,
  rateLimits,
  publicRpcs,
  bodyLimits,
  jwtExpiry = 3600,
  emailMinInterval = 60,
  disableSignup = false,
  updatePasswordRequireReauthentication = false,
  postgrestPool = 10,
  onFatal,
  dbWatchdogMs = 1000,
  migrationsDir,
  seedFile,
  seedFilesDir,
  restConcurrency,
  mailboxKey = '',
  allowInsecureDefaults = false,
  refreshTokenReuseInterval = 10,
} = {}) {
  const refusal = insecureExposure({ host, jwtSecret, mailboxKey, smtpUrl, allowInsecureDefaults });
  if (refusal) throw new Error(refusal);
  const { anonKey, serviceRoleKey } = await mintKeys(jwtSecret);
  dataDir = path.resolve(dataDir);
  await mkdir(dataDir, { recursive: true });
  /** @type {Array<() => Promise<unknown>>} what stop() undoes, in reverse order */
  const cleanups = [];
  let stopped = false;
  let dbDown = false;

  async function stop() {
    if (stopped) return;
    stopped = true;
    clearInterval(watchdog);
    for (const fn of cleanups.reverse()) {
      try {
        await fn();
      } catch (e) {
        log(`stop: ${e instanceof Error ? e.message : e}`);
      }
    }
  }

  /** @type {NodeJS.Timeout | undefined} */
  let watchdog;
  try {
    const db = await startDatabase({ dataDir, databaseUrl, log: (m) => log(`[postgres] ${m}`) });
    // A dead server's stop() may never settle: bound it (short when it is known to be down).
    cleanups.push(() => withTimeout(db.stop(), dbDown ? 3000 : 20000, 'stopping PostgreSQL'));

    const authenticatorPassword = createHmac('sha256', jwtSecret).update('citable-authenticator').digest('base64url');
    const prepared = await prepareDatabase(db.url, {
      authenticatorPassword,
      seed,
      log: (m) => log(`[db] ${m}`),
      ...(migrationsDir ? { migrationsDir } : {}),
      ...(seedFile ? { seedFile } : {}),
    });
    log(`database ready (${db.kind} PostgreSQL ${db.serverVersion}; ${prepared.applied.length} migration(s) applied${prepared.seeded ? ', seeded' : ''})`);

    const pool = new pg.Pool({ connectionString: db.url, max: 10, connectionTimeoutMillis: 5000, idleTimeoutMillis: 30000 });
    pool.on('error', (e) => log(`[pool] ${e.message}`));
    cleanups.push(() => withTimeout(pool.end(), 5000, 'closing the pool'));

    // PostgREST makes four round trips to PostgreSQL per request: through the embedded
    // server's Unix socket when there is one (less CPU on both sides than loopback TCP).
    const authUrl = authenticatorUrl(db.url, authenticatorPassword);
    const postgrest = await startPostgrest({
      dbUri: db.socketDir && db.port ? unixSocketUrl(authUrl, db.socketDir, db.port) : authUrl,
      jwtSecret,
      poolSize: postgrestPool,
      log,
    });
    cleanups.push(() => postgrest.stop());

    const mailer = await createMailer({ smtpUrl, dataDir, mailboxKey, log });
    cleanups.push(() => mailer.close());

    let publicUrl = '';
    const auth = createAuthService({
      pool,
      jwtSecret,
      publicUrl: () => publicUrl,
      siteUrl,
      redirectAllowList: allowedOrigins.filter((o) => o !== '*'),
      mailer,
      confirmEmail,
      jwtExpiry,
      emailMinInterval,
      disableSignup,
      updatePasswordRequireReauthentication,
      refreshTokenReuseInterval,
      log,
    });
    const storage = createStorageService({ pool, root: path.join(dataDir, 'storage'), verifyJwt: auth.verifyJwt, jwtSecret, log });
    // The seed's image URLs point at files shipped in supabase/seed-files (local only, like seed.sql).
    if (prepared.seeded) await storage.seedFiles(seedFilesDir ?? path.join(path.dirname(seedFile ?? DEFAULT_SEED_FILE), 'seed-files'));

    const { server, upstream } = createGateway({
      anonKey,
      serviceRoleKey,
      postgrest,
      auth,
      storage,
      mailbox: mailer,
      allowedOrigins,
      rateLimits,
      publicRpcs,
      bodyLimits,
      isDbDown: () => dbDown,
      log,
      restConcurrency: restConcurrency ?? 0,
    });
    await new Promise((/** @type {(v?: unknown) => void} */ resolve, reject) => {
      server.once('error', reject);
      server.listen(port, host, () => {
        server.off('error', reject);
        resolve();
      });
    });
    cleanups.push(
      () =>
        new Promise((/** @type {(v?: unknown) => void} */ resolve) => {
          server.close(() => resolve());
          server.closeAllConnections();
          upstream.destroy().catch(() => {});
        }),
    );
    const actualPort = /** @type {import('node:net').AddressInfo} */ (server.address()).port;
    const publicHost = host === '0.0.0.0' || host === '::' ? 'localhost' : host;
    publicUrl = `http://${publicHost}:${actualPort}`;

    // Watchdog: PostgreSQL gone means every request fails; report it and let the caller exit.
    // Gone = refused or its socket missing (or shutting down), twice in a row. A check that only
    // times out is a busy machine, not a dead server: it takes many in a row (about a minute) before
    // the backend gives up — a loaded CI host once made two 2 s timeouts look like a crash.
    const GONE_CODES = ['ECONNREFUSED', 'ENOENT', '57P01', '57P02', '57P03'];
    const SLOW_CHECKS_BEFORE_DOWN = Math.max(2, Math.ceil(60_000 / Math.max(dbWatchdogMs, 1)));
    let failures = 0;
    let slowChecks = 0;
    let checking = false;
    watchdog = setInterval(async () => {
      if (checking || stopped || dbDown) return;
      checking = true;
      const client = new pg.Client({ connectionString: db.url, connectionTimeoutMillis: 5000 });
      try {
        await client.connect();
        await client.query('select 1');
        failures = 0;
        slowChecks = 0;
      } catch (e) {
        const code = /** @type {{ code?: string }} */ (e).code;
        if (code && GONE_CODES.includes(code)) failures += 1;
        else slowChecks += 1;
        if (failures >= 2 || slowChecks >= SLOW_CHECKS_BEFORE_DOWN) {
          dbDown = true;
          const err = new Error(`PostgreSQL is down (${code || (e instanceof Error ? e.message : e)}); the backend cannot serve requests.`);
          log(err.message);
          if (onFatal) onFatal(err);
        }
      } finally {
        client.end().catch(() => {});
        checking = false;
      }
    }, dbWatchdogMs);
    watchdog.unref();

    return {
      url: publicUrl,
      anonKey,
      serviceRoleKey,
      mailboxUrl: `${publicUrl}/mailbox`,
      databaseUrl: db.url,
      databaseKind: db.kind,
      serverVersion: db.serverVersion,
      postgrest,
      get isDbDown() {
        return dbDown;
      },
      stop,
    };
  } catch (e) {
    await stop();
    throw e;
  }
}
