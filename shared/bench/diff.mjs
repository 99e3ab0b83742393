#!/usr/bin/env node
// npm run bench:diff — the side-by-side diff (@citable/shared/diff) of two 2,000-line articles,
// rendered in headless Chromium (issue 15: ≤ 200 ms median).
//
// 1. Bundles shared/bench/diff-entry.tsx (SideBySideDiff, React's production build, the `diff`
//    package) with webpack + swc in production mode into a temporary directory.
// 2. Opens it in Chromium (CHROMIUM_PATH, /usr/bin/chromium; 1440×900) and calls benchDiff: each run
//    mounts a fresh SideBySideDiff of the two articles — alignDiff (line diff, pairing, word diffs),
//    React render and commit, then style and layout (a forced getBoundingClientRect) — and unmounts.
//    The articles: 2,000 lines of HTML each; the second with 1 line in 10 reworded, 12 lines inserted,
//    15 deleted and a block of 20 moved.
// 3. Prints, for the full view (every row rendered: foldUnchanged=false, the worst case) and for the
//    default view (unchanged runs folded), the median, min, p90 and max of BENCH_RUNS (15) runs after
//    3 warm-up runs.
// Env: BENCH_RUNS (15), CHROMIUM_PATH.
/* global window */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';

const require = createRequire(import.meta.url);
const HERE = path.dirname(fileURLToPath(import.meta.url));
const ROOT = path.resolve(HERE, '..', '..');
const RUNS = Number(process.env.BENCH_RUNS ?? 15);
const WARMUP = 3;

async function bundle(outDir) {
  const webpack = require('webpack');
  const config = {
    mode: 'production',
    context: ROOT,
    entry: path.join(HERE, 'diff-entry.tsx'),
    output: { path: outDir, filename: 'bench.js' },
    resolve: { extensions: ['.tsx', '.ts', '.js', '.mjs'] },
    module: {
      rules: [
        {
          test: /\.[jt]sx?$/,
          exclude: /node_modules/,
          use: {
            loader: 'swc-loader',
            options: { jsc: { parser: { syntax: 'typescript', tsx: true }, transform: { react: { runtime: 'automatic' } }, target: 'es2022' } },
          },
        },
      ],
    },
    performance: { hints: false },
    devtool: false,
  };
  await new Promise((resolve, reject) => {
    webpack(config, (error, stats) => {
      if (error) return reject(error);
      if (stats.hasErrors()) return reject(new Error(stats.toString('errors-only')));
      resolve();
    });
  });
  return path.join(outDir, 'bench.js');
}

const stat = (times) => {
  const sorted = [...times].sort((a, b) => a - b);
  const at = (q) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))];
  const median = sorted.length % 2 ? sorted[(sorted.length - 1) / 2] : (sorted[sorted.length / 2 - 1] + sorted[sorted.length / 2]) / 2;
  return { median, min: sorted[0], p90: at(0.9), max: sorted[sorted.length - 1] };
};
const ms = (n) => `${n.toFixed(1)} ms`;

async function main() {
  const outDir = fs.mkdtempSync(path.join(os.tmpdir(), 'citable-bench-diff-'));
  try {
    const script = await bundle(outDir);
    const { chromium } = require('@playwright/test');
    const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium', headless: true });
    try {
      const page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
      await page.setContent('<!doctype html><html><head><meta charset="utf-8"></head><body><div id="root"></div></body></html>');
      await page.addScriptTag({ content: fs.readFileSync(script, 'utf8') });
      const results = {};
      for (const [name, fold] of [['full view (every row)', false], ['default view (unchanged runs folded)', true]]) {
        await page.evaluate(([n, f]) => window.benchDiff(n, f), [WARMUP, fold]);
        const { times, rows, lines } = await page.evaluate(([n, f]) => window.benchDiff(n, f), [RUNS, fold]);
        results[name] = { ...stat(times), rows, lines };
      }
      const version = await browser.version();
      console.log(`SideBySideDiff, two ${results['full view (every row)'].lines.join(' / ')}-line articles, Chromium ${version} headless, ${RUNS} runs (+${WARMUP} warm-up), ${os.cpus().length} CPU(s), ${new Date().toISOString()}`);
      for (const [name, r] of Object.entries(results)) {
        console.log(`  ${name}: ${r.rows} rows — median ${ms(r.median)}, min ${ms(r.min)}, p90 ${ms(r.p90)}, max ${ms(r.max)}`);
      }
      const full = results['full view (every row)'];
      console.log(full.median <= 200 ? `OK: median ≤ 200 ms (full view)` : `OVER TARGET: median ${ms(full.median)} > 200 ms (full view)`);
      process.exitCode = full.median <= 200 ? 0 : 1;
    } finally {
      await browser.close();
    }
  } finally {
    fs.rmSync(outDir, { recursive: true, force: true });
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
