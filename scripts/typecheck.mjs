#!/usr/bin/env node
// Type-checks the shared library, the four apps, the worker and the production server (TypeScript
// strict), one tsc project each. The worker's and the server's projects also emit their builds
// (worker/dist, server/dist, incremental): npm test runs this first, so what the backend, the worker
// process, the Node tests and e2e load exists and is fresh.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createRequire } from 'node:module';
import { runToEnd } from './lib/proc.mjs';

const require = createRequire(import.meta.url);
const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const tsc = require.resolve('typescript/bin/tsc');
// supabase-local (the stand-in) is plain JavaScript checked with checkJs strict; e2e is the Playwright
// specs and their support code (run by Playwright's own transform, which does not type-check).
// shared/engine and shared/stats are built to shared/dist/engine and dist/stats (CommonJS +
// declarations) for the worker, before it.
const projects = ['shared', 'shared/tsconfig.engine.json', 'shared/tsconfig.stats.json', 'shell', 'marketing', 'workspace', 'reviewer', 'worker', 'server', 'supabase-local', 'e2e'];

let failed = [];
for (const project of projects) {
  try {
    const config = project.endsWith('.json') ? path.join(ROOT, project) : path.join(ROOT, project, 'tsconfig.json');
    await runToEnd(project, process.execPath, [tsc, '-p', config, '--pretty', 'false']);
  } catch {
    failed.push(project);
  }
}
if (failed.length) {
  console.error(`typecheck failed: ${failed.join(', ')}`);
  process.exit(1);
}
console.log(`typecheck ok: ${projects.join(', ')}`);
