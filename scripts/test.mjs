#!/usr/bin/env node
// npm test: typecheck → lint → jest → backend tests (when present) → build (only stale apps) → Playwright e2e.
// Stops at the first failing step and exits non-zero.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createRequire } from 'node:module';
import { runToEnd, prefixFor } from './lib/proc.mjs';
import { isBuildFresh } from './lib/build-state.mjs';

const require = createRequire(import.meta.url);
const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const pkg = JSON.parse(fs.readFileSync(path.join(ROOT, 'package.json'), 'utf8'));
const { APPS } = require('@citable/server/ports');
const node = process.execPath;
// Package CLIs by file, resolved from each package's folder (their `exports` maps hide bin/ files).
const bin = (pkgName, file) => path.join(path.dirname(require.resolve(`${pkgName}/package.json`)), file);

// Test counts read from each runner's own summary lines, added up into one closing line.
const totals = { passed: 0, failed: 0, skipped: 0 };
const add = (key, n) => (totals[key] += Number(n));
const counters = {
  // jest: "Tests:       1 failed, 2 skipped, 119 passed, 122 total"
  jest: (line) => {
    if (!/^Tests:/.test(line)) return;
    for (const [, n, key] of line.matchAll(/(\d+) (passed|failed|skipped)/g)) add(key, n);
  },
  // node --test: "# pass 204", "# fail 0", "# skipped 1"
  backend: (line) => {
    const m = /^# (pass|fail|skipped) (\d+)$/.exec(line.trim());
    if (m) add({ pass: 'passed', fail: 'failed', skipped: 'skipped' }[m[1]], m[2]);
  },
  // Playwright: "  39 passed (3.2m)", "  1 failed", "  2 flaky", "  1 skipped"
  e2e: (line) => {
    const m = /^\s*(\d+) (passed|failed|flaky|skipped)\b/.exec(line);
    if (m) add(m[2] === 'flaky' ? 'passed' : m[2], m[1]);
  },
};
const summary = () =>
  `tests: ${totals.passed} passed, ${totals.failed} failed${totals.skipped ? `, ${totals.skipped} skipped` : ''}`;

const steps = [
  ['typecheck', () => runToEnd('typecheck', node, [path.join(ROOT, 'scripts/typecheck.mjs')], { cwd: ROOT })],
  ['lint', () => runToEnd('lint', node, [bin('eslint', 'bin/eslint.js'), '.', '--max-warnings=0'], { cwd: ROOT })],
  ['jest', () => runToEnd('jest', node, [bin('jest', 'bin/jest.js'), '--ci'], { cwd: ROOT, onLine: counters.jest })],
];
if (pkg.scripts && pkg.scripts['test:backend']) {
  steps.push(['backend', () => runToEnd('backend', 'npm', ['run', 'test:backend'], { cwd: ROOT, onLine: counters.backend })]);
}
steps.push([
  'build',
  async () => {
    for (const app of APPS) {
      if (!isBuildFresh(ROOT, app)) await runToEnd('build', 'npm', ['run', 'build', '-w', `@citable/${app}`], { cwd: ROOT });
    }
  },
]);
steps.push(['chromium', () => runToEnd('e2e', node, [path.join(ROOT, 'scripts/ensure-chromium.mjs')], { cwd: ROOT })]);
steps.push(['e2e', () => runToEnd('e2e', node, [bin('@playwright/test', 'cli.js'), 'test'], { cwd: ROOT, onLine: counters.e2e })]);

const only = process.env.TEST_STEPS ? new Set(process.env.TEST_STEPS.split(',')) : null;
const started = Date.now();
for (const [name, step] of steps) {
  if (only && !only.has(name)) continue;
  const t0 = Date.now();
  console.log(`${prefixFor('test')} ── ${name}`);
  try {
    await step();
  } catch (error) {
    console.error(`${prefixFor('test')} ✖ ${name} failed: ${error instanceof Error ? error.message : error}`);
    if (!totals.failed) totals.failed = 1; // a step that failed outside a test (build, typecheck, lint) still counts
    console.log(summary());
    process.exit(1);
  }
  console.log(`${prefixFor('test')} ✔ ${name} (${Math.round((Date.now() - t0) / 1000)}s)`);
}
console.log(`${prefixFor('test')} all steps passed in ${Math.round((Date.now() - started) / 1000)}s`);
console.log(summary());
