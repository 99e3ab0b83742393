#!/usr/bin/env node
// npm start  — builds what is not built, starts the backend and the four apps in production mode.
// npm run dev — the same in watch mode (webpack dev servers with hot reload).
// Ports: SHELL_PORT 3000, MARKETING_PORT 3001, WORKSPACE_PORT 3002, REVIEWER_PORT 3003, BACKEND_PORT 54321.
// Ctrl-C stops everything.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createRequire } from 'node:module';
import { run, runToEnd, waitForLine, stopAll, prefixFor } from './lib/proc.mjs';
import { isBuildFresh } from './lib/build-state.mjs';

const require = createRequire(import.meta.url);
const { APPS, REMOTES, portOf } = require('./lib/ports.cjs');

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const isDev = process.argv.includes('--dev');
const children = [];
let stopping = false;

function log(message) {
  console.log(`${prefixFor('start')} ${message}`);
}

async function shutdown(code) {
  if (stopping) return;
  stopping = true;
  log('stopping…');
  await stopAll(children);
  process.exit(code);
}
process.on('SIGINT', () => void shutdown(0));
process.on('SIGTERM', () => void shutdown(0));

function watch(child, { critical = true } = {}) {
  children.push(child);
  child.once('exit', (code, signal) => {
    if (stopping) return;
    log(`${child.name} exited (${signal ?? code})${critical ? ', stopping everything' : ''}`);
    if (critical) void shutdown(code || 1);
  });
  return child;
}

async function main() {
  const env = { ...process.env };
  for (const app of [...APPS, 'backend']) env[`${app.toUpperCase()}_PORT`] = String(portOf(app, env));
  const backendUrl = `http://localhost:${env.BACKEND_PORT}`;
  env.SUPABASE_URL ||= backendUrl;
  for (const name of REMOTES) env[`${name.toUpperCase()}_URL`] ||= `http://localhost:${env[`${name.toUpperCase()}_PORT`]}`;

  if (!isDev) {
    for (const app of APPS) {
      if (isBuildFresh(ROOT, app)) {
        log(`${app}: dist is up to date`);
        continue;
      }
      log(`${app}: building…`);
      await runToEnd(app, 'npm', ['run', 'build', '-w', `@citable/${app}`], { cwd: ROOT, env });
    }
  }

  const backendCli = path.join(ROOT, 'backend', 'src', 'cli.js');
  if (fs.existsSync(backendCli) && !process.env.SKIP_BACKEND) {
    const backend = watch(run('backend', process.execPath, [backendCli], { cwd: ROOT, env: { ...env, PORT: env.BACKEND_PORT } }));
    await waitForLine(backend, /Backend ready at/, 180_000);
  } else {
    log(`backend: ${fs.existsSync(backendCli) ? 'skipped (SKIP_BACKEND)' : 'backend/src/cli.js not found'}; using SUPABASE_URL=${env.SUPABASE_URL}`);
  }

  const ready = [];
  for (const app of [...REMOTES, 'shell']) {
    const child = isDev
      ? run(app, process.execPath, [require.resolve('webpack-cli/bin/cli.js'), 'serve', '--mode', 'development'], {
          cwd: path.join(ROOT, app),
          env,
        })
      : run(app, process.execPath, [path.join(ROOT, 'scripts', 'serve.mjs'), app], { cwd: ROOT, env });
    watch(child);
    ready.push(waitForLine(child, isDev ? /compiled (successfully|with \d+ warning)/ : /ready at/, 300_000));
  }
  await Promise.all(ready);
  log(`Citable is running: http://localhost:${env.SHELL_PORT}  (marketing :${env.MARKETING_PORT}, workspace :${env.WORKSPACE_PORT}, reviewer :${env.REVIEWER_PORT}, backend ${env.SUPABASE_URL})`);
  log('Ctrl-C stops everything.');
}

main().catch((error) => {
  console.error(`${prefixFor('start')} ${error instanceof Error ? error.message : error}`);
  void shutdown(1);
});
