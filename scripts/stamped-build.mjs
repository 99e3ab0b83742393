#!/usr/bin/env node
// `node ../scripts/stamped-build.mjs <npm script>`, run by an app's `npm run build` in the app's folder:
// runs `npm run <npm script>` (the app's real build: webpack, then the prerender when there is one) and
// writes dist/.build-stamp (lib/build-state.mjs) only when it succeeded. The old stamp is removed first
// and the inputs are digested before the build starts, so a failed, interrupted or concurrently edited
// build is never taken as fresh.
import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { inputsDigest, removeStamp, writeStamp } from './lib/build-state.mjs';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const script = process.argv[2];
const app = path.relative(ROOT, process.cwd());
if (!script || !app || app.startsWith('..') || app.includes(path.sep)) {
  console.error(`usage (from an app's folder under ${ROOT}): node ../scripts/stamped-build.mjs <npm script>`);
  process.exit(2);
}

removeStamp(ROOT, app);
const digest = inputsDigest(ROOT, app);
const child = spawn('npm', ['run', script], { stdio: 'inherit' });
// Ctrl-C reaches the whole process group (the build too): wait for the build's own exit code
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) process.on(signal, () => child.kill(signal));
child.once('error', (error) => {
  console.error(`stamped-build: ${error.message}`);
  process.exit(1);
});
child.once('exit', (code, signal) => {
  if (code === 0) {
    writeStamp(ROOT, app, digest);
    process.exit(0);
  }
  console.error(`stamped-build: ${app}: npm run ${script} failed (${signal ?? code}): no build stamp written`);
  process.exit(code || 1);
});
