#!/usr/bin/env node
// Type-checks the shared library, the four apps and the worker (TypeScript strict), one tsc project each.
// The worker's project also emits its build (worker/dist, incremental): what the backend, the worker
// process and the Node tests run.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createRequire } from 'node:module';
import { runToEnd } from './lib/proc.mjs';

const require = createRequire(import.meta.url);
const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const tsc = require.resolve('typescript/bin/tsc');
const projects = ['shared', 'shell', 'marketing', 'workspace', 'reviewer', 'worker'];

let failed = [];
for (const project of projects) {
  try {
    await runToEnd(project, process.execPath, [tsc, '-p', path.join(ROOT, project, 'tsconfig.json'), '--pretty', 'false']);
  } catch {
    failed.push(project);
  }
}
if (failed.length) {
  console.error(`typecheck failed: ${failed.join(', ')}`);
  process.exit(1);
}
console.log(`typecheck ok: ${projects.join(', ')}`);
