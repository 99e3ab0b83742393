#!/usr/bin/env node
// npm start  — builds what is not built, starts the backend, the page-actions worker and the four apps in production mode.
// npm run dev — the same in watch mode (webpack dev servers with hot reload).
// Ports: SHELL_PORT 3000, MARKETING_PORT 3001, WORKSPACE_PORT 3002, REVIEWER_PORT 3003, BACKEND_PORT 54321.
// The backend is the local Supabase stand-in (supabase-local/), the worker worker/, the app servers server/.
// A child that exits is restarted with backoff (lib/supervisor.cjs); the backend's ALLOWED_ORIGINS and
// SITE_URL follow these ports unless set (lib/start-env.cjs). Ctrl-C stops everything.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { createRequire } from 'node:module';
import { run, runToEnd, waitForLine, stopAll, prefixFor } from './lib/proc.mjs';
import { isBuildFresh } from './lib/build-state.mjs';
import { buildServerAsync } from './lib/server-build.mjs';

const require = createRequire(import.meta.url);
const { APPS, REMOTES } = require('@citable/server/ports');
const { supervise, stopGroup } = require('./lib/supervisor.cjs');
const { jobCount, runPool } = require('./lib/pool.cjs');
const { appsEnv, backendEnv, resolveAnyPorts, withDevWordPressKey, withLocalAnonKey } = require('./lib/start-env.cjs');

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const isDev = process.argv.includes('--dev');
/** The apps' builds, longest first (marketing has its prerender too; the reviewer is the shortest). */
const BUILD_ORDER = ['marketing', 'shell', 'workspace', 'reviewer'];
/** One supervisor per long-running child (backend, app servers). */
const supervisors = [];
let stopping = false;

const seconds = (since) => `${((Date.now() - since) / 1000).toFixed(1)} s`;

function log(message) {
  console.log(`${prefixFor('start')} ${message}`);
}

async function shutdown(code) {
  if (stopping) return;
  stopping = true;
  log('stopping…');
  // each supervisor cancels its pending restart before it stops its child: nothing comes back
  await stopAll(supervisors);
  process.exit(code);
}
process.on('SIGINT', () => void shutdown(0));
process.on('SIGTERM', () => void shutdown(0));
// the backend has its own process group (below): a closed terminal does not reach it, so stop it here
process.on('SIGHUP', () => void shutdown(0));

/** Starts a child under a supervisor (restarted with backoff if it exits); resolves when it is first ready. */
function startSupervised(name, spawnChild, readyLine, timeoutMs, options = {}) {
  // (the other line of work may still be starting things while a failure stops everything)
  if (stopping) return Promise.reject(new Error(`${name}: not started (stopping)`));
  const supervisor = supervise(name, spawnChild, {
    log,
    ready: (child) => waitForLine(child, readyLine, timeoutMs),
    ...options,
  });
  supervisors.push(supervisor);
  return supervisor.ready;
}

/** A child run to its end (tsc), stopped with the rest on Ctrl-C or a failure. */
const track = (child) => supervisors.push(child);
/** The same for a child that leads its own process group (a build): the whole group is stopped. */
const trackGroup = (child) => supervisors.push({ stop: (graceMs) => stopGroup(child.pid, graceMs) });

/**
 * The stale apps' production builds (`npm run build -w @citable/<app>`: webpack, the prerender,
 * the build stamp), BUILD_JOBS at a time (default 2), the longest first so that the last two end
 * together. Each build leads its own process group (npm → stamped-build → npm → webpack): Ctrl-C
 * stops all of it.
 */
async function buildApps(env) {
  const stale = [];
  for (const app of [...BUILD_ORDER, ...APPS.filter((name) => !BUILD_ORDER.includes(name))]) {
    if (isBuildFresh(ROOT, app)) log(`${app}: dist is up to date`);
    else stale.push(app);
  }
  if (stale.length === 0) return;
  const jobs = jobCount(process.env.BUILD_JOBS, stale.length);
  log(`building ${stale.join(', ')} (${jobs} at a time)…`);
  await runPool(
    stale.map((app) => () => {
      if (stopping) return Promise.reject(new Error('stopped'));
      const startedAt = Date.now();
      log(`${app}: building…`);
      return runToEnd(app, 'npm', ['run', 'build', '-w', `@citable/${app}`], {
        cwd: ROOT,
        env,
        detached: true,
        onSpawn: trackGroup,
      }).then(() => log(`${app}: built in ${seconds(startedAt)}`));
    }),
    jobs,
  );
}

/**
 * What runs beside the app builds: the shared engine's and the worker's builds (the backend imports
 * the worker's migrations runner, keys and mailer from worker/dist), the backend (PostgreSQL init,
 * migrations and seed on a first start), the production server's build, then the worker.
 */
async function startBackendSide(env) {
  const startedAt = Date.now();
  log('worker: building…');
  // (incremental: quick when up to date)
  for (const config of [path.join(ROOT, 'shared', 'tsconfig.engine.json'), path.join(ROOT, 'shared', 'tsconfig.stats.json'), path.join(ROOT, 'worker', 'tsconfig.json')]) {
    if (stopping) return;
    await runToEnd('worker', process.execPath, [require.resolve('typescript/bin/tsc'), '-p', config], { cwd: ROOT, env, onSpawn: track });
  }
  if (stopping) return;

  const backendCli = path.join(ROOT, 'supabase-local', 'src', 'cli.js');
  const withBackend = fs.existsSync(backendCli) && !process.env.SKIP_BACKEND;
  let backendReady = Promise.resolve();
  if (withBackend) {
    // The app servers take the anon key from SUPABASE_ANON_KEY only: the local backend's, minted
    // from JWT_SECRET by the worker's keys module as the backend mints it.
    const { mintKeys } = await import(pathToFileURL(path.join(ROOT, 'worker', 'dist', 'keys.js')).href);
    Object.assign(env, await withLocalAnonKey(env, mintKeys));
    // CORS origins and SITE_URL follow the apps' ports (unless ALLOWED_ORIGINS / SITE_URL are set)
    const backendChildEnv = backendEnv(env);
    // In its own process group: if it dies without stopping its PostgreSQL and PostgREST (kill -9, a
    // crash), the supervisor stops them before the restart, which they would otherwise refuse.
    backendReady = startSupervised(
      'backend',
      () => run('backend', process.execPath, [backendCli], { cwd: ROOT, env: backendChildEnv, detached: true }),
      /Backend ready at/,
      180_000,
      { processGroup: true },
    );
    // (a rejection is awaited below; until then it must not count as unhandled)
    backendReady.catch(() => {});
  } else {
    if (!env.SUPABASE_ANON_KEY) throw new Error('SUPABASE_ANON_KEY must be set when the local backend is not started (the anon key of the Supabase project at SUPABASE_URL)');
    log(`backend: ${fs.existsSync(backendCli) ? 'skipped (SKIP_BACKEND)' : 'supabase-local/src/cli.js not found'}; using SUPABASE_URL=${env.SUPABASE_URL}`);
  }

  // the production server (TypeScript → server/dist), also the dev servers' /config.json: built once
  // here, and the app servers told so (else four would compile the same files at once)
  log('server: building (tsc -p server/tsconfig.json)…');
  await buildServerAsync(ROOT);
  env.SERVER_BUILT = '1';

  await backendReady;
  if (withBackend) log(`backend: ready ${seconds(startedAt)} after the start`);

  // The page-actions worker (worker/, built to worker/dist, `npm run worker`), under the same supervisor. It
  // finds the local database in DATA_DIR/backend.json (or DATABASE_URL). Without providers it runs
  // all the same: each action then ends failed with "… is not configured: set …". SKIP_WORKER=1
  // leaves it out (workers running elsewhere).
  const workerCli = path.join(ROOT, 'worker', 'dist', 'cli.js');
  const haveDatabase = withBackend || Boolean(process.env.DATABASE_URL);
  if (!haveDatabase) log('worker: not started (SKIP_BACKEND without DATABASE_URL: run `npm run worker` where the database is)');
  else if (fs.existsSync(workerCli) && !process.env.SKIP_WORKER && !stopping) {
    // Publishing to WordPress out of the box with the local backend: a development WORDPRESS_SECRET_KEY
    // made once into DATA_DIR (never with DATABASE_URL or NODE_ENV=production: production sets its own)
    const { env: workerEnv, devKey } = withDevWordPressKey(env, { root: ROOT });
    if (devKey) log(`worker: WORDPRESS_SECRET_KEY not set: a development key ${devKey.created ? 'made into' : 'read from'} ${path.relative(ROOT, devKey.file).startsWith('..') ? devKey.file : path.relative(ROOT, devKey.file)} (local use only; production sets its own)`);
    else if (!env.WORDPRESS_SECRET_KEY) log('worker: WORDPRESS_SECRET_KEY not set: publishing to WordPress is off');
    startSupervised('worker', () => run('worker', process.execPath, [workerCli], { cwd: ROOT, env: workerEnv }), /Worker .* ready/, 60_000).catch(
      (error) => log(`worker: ${error instanceof Error ? error.message : error} (restarted with backoff)`),
    );
  }
}

async function main() {
  const startedAt = Date.now();
  const env = appsEnv(await resolveAnyPorts(process.env));

  // Two lines of work at once: the app builds (CPU-bound webpack, BUILD_JOBS at a time) and the
  // backend side (tsc runs, then PostgreSQL's initdb, migrations and seed, mostly waiting on disk).
  // Both must have ended before the app servers start: they need dist/, server/dist and the anon key.
  const builds = isDev ? Promise.resolve() : buildApps(env);
  const backendSide = startBackendSide(env);
  // (if one line fails, the other is stopped by the shutdown that follows)
  await Promise.all([builds, backendSide]);
  if (stopping) return;

  const ready = [];
  for (const app of [...REMOTES, 'shell']) {
    const spawnApp = isDev
      ? () =>
          run(app, process.execPath, [require.resolve('webpack-cli/bin/cli.js'), 'serve', '--mode', 'development'], {
            cwd: path.join(ROOT, app),
            env,
          })
      : () => run(app, process.execPath, [path.join(ROOT, 'scripts', 'serve.mjs'), app], { cwd: ROOT, env });
    ready.push(startSupervised(app, spawnApp, isDev ? /compiled (successfully|with \d+ warning)/ : /ready at/, 300_000));
  }
  await Promise.all(ready);
  log(`Citable is running: http://localhost:${env.SHELL_PORT}  (marketing :${env.MARKETING_PORT}, workspace :${env.WORKSPACE_PORT}, reviewer :${env.REVIEWER_PORT}, backend ${env.SUPABASE_URL}; started in ${seconds(startedAt)})`);
  log('A server that exits is started again (after 0.5 s, then 1 s, 2 s … up to 30 s). Ctrl-C stops everything.');
}

main().catch((error) => {
  console.error(`${prefixFor('start')} ${error instanceof Error ? error.message : error}`);
  void shutdown(1);
});
