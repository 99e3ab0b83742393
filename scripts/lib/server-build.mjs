// Compiles the production server (server/src/*.ts → server/dist, `tsc -p server/tsconfig.json`) before
// anything loads it. Incremental (server/dist/.tsbuildinfo): a second of checking when nothing changed.
// npm start builds it once and tells the app servers it started so (SERVER_BUILT=1): four concurrent
// tsc runs would write the same files.
import path from 'node:path';
import { spawn, spawnSync } from 'node:child_process';
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);

/** Builds server/dist (synchronously: callers require it right after); throws with tsc's output on an error. */
export function buildServer(root, { env = process.env } = {}) {
  if (env.SERVER_BUILT === '1') return;
  const tsc = require.resolve('typescript/bin/tsc');
  const result = spawnSync(process.execPath, [tsc, '-p', path.join(root, 'server', 'tsconfig.json'), '--pretty', 'false'], {
    cwd: root,
    encoding: 'utf8',
  });
  if (result.status !== 0) {
    throw new Error(`the server does not build (tsc -p server/tsconfig.json):\n${`${result.stdout}${result.stderr}`.trim()}`);
  }
}

/** The same build without blocking the event loop (npm start runs it beside the app builds); rejects like buildServer. */
export function buildServerAsync(root, { env = process.env } = {}) {
  if (env.SERVER_BUILT === '1') return Promise.resolve();
  const tsc = require.resolve('typescript/bin/tsc');
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [tsc, '-p', path.join(root, 'server', 'tsconfig.json'), '--pretty', 'false'], {
      cwd: root,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    for (const stream of [child.stdout, child.stderr]) stream.on('data', (chunk) => (output += chunk));
    child.once('error', reject);
    child.once('exit', (code, signal) => {
      if (code === 0) resolve();
      else reject(new Error(`the server does not build (tsc -p server/tsconfig.json, ${signal ?? `exit ${code}`}):\n${output.trim()}`));
    });
  });
}
