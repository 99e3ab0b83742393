#!/usr/bin/env node
// npm run bench:web — front-end performance of the public pages, measured like Lighthouse's mobile run.
//
// 1. Builds shell + marketing (+ reviewer when a /view URL is measured) in production mode when their
//    dist/ is older than the sources (scripts/lib/build-state.mjs; the marketing prerender sources are
//    checked too). --force rebuilds.
// 2. Serves the four built apps with scripts/lib/app-server.cjs (the production server, with the
//    prerender injection) on free 127.0.0.1 ports. No backend: the demo-articles call fails fast
//    (its section stays hidden), as it would for a visitor when the API is down.
// 3. For each URL (default `/`, `/home-4-pricing-google`, and the article viewer on a demo article and
//    on a client's draft: `/view/:bench-article`, `/view/:bench-draft`, ./view-article.mjs), RUNS
//    (default 3) cold loads in headless Chromium (/usr/bin/chromium through @playwright/test), each in
//    a fresh context (the cold load, when it is complete and what counts as first-load JS are
//    ./first-load.cjs, shared with the budget test e2e/tests/first-load-budget.spec.ts):
//      - mobile emulation: 412×823 CSS px, DPR 1.75, touch, Android Chrome user agent (Lighthouse's Moto G Power)
//      - CDP Network.emulateNetworkConditions: 150 ms RTT, 1.6 Mbit/s down, 750 kbit/s up
//        (Lighthouse's "mobile slow 4G" values, applied per request by Chromium)
//      - CDP Emulation.setCPUThrottlingRate 4
//    and reports the median of: FCP, LCP, Speed Index (see below), TBT, CLS, the performance score,
//    JS and CSS bytes (transferred, gzip) finished before first paint, and all JS/CSS of the first load.
//
// Metrics (PerformanceObserver in the page, buffered):
//   FCP  paint entry first-contentful-paint.
//   LCP  last largest-contentful-paint entry before the first input (there is none).
//   CLS  largest session window of layout-shift entries without recent input (gap 1 s, window 5 s), as
//        Lighthouse 10 / Core Web Vitals define it.
//   TBT  sum over longtask entries starting after FCP of (duration − 50 ms), until the page has been
//        quiet (network idle + 2 s): an upper bound of Lighthouse's FCP→TTI window.
//   SI   Speed Index needs a filmstrip; this script approximates it as (FCP + LCP) / 2, i.e. visual
//        progress growing linearly from first paint to the largest paint. Documented approximation.
// Score (Lighthouse v10 performance score, mobile): weighted mean of log-normal metric scores,
//   FCP 10 % (p10 1800 ms, median 3000 ms), SI 10 % (p10 3387, median 5800), LCP 25 % (p10 2500,
//   median 4000), TBT 30 % (p10 200, median 600), CLS 25 % (p10 0.1, median 0.25); curve and erf
//   approximation as in lighthouse-core/lib/statistics.js (getLogNormalScore).
// Targets (issue 5): score ≥ 95, LCP ≤ 2.0 s, CLS ≤ 0.05, first-load JS ≤ 170 KB gzip. Exit code 0 even
// when a target is missed (the table says so) unless --strict.
//
// Options: --runs N, --url /path (repeatable), --force (rebuild), --strict, --json (machine output).
/* global window */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';

const require = createRequire(import.meta.url);
const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const { chromium } = require('@playwright/test');
const { startPlatform } = require(path.join(ROOT, 'scripts/lib/platform.cjs'));
const { isBuildFresh, buildInputs } = await import(path.join(ROOT, 'scripts/lib/build-state.mjs'));
const { composition } = require('./composition.cjs');
const { MOBILE, THROTTLING, coldLoad, isJs, isCss, firstLoadJs, builtFiles } = require('./first-load.cjs');

// ---------- options
const argv = process.argv.slice(2);
const opt = (name) => argv.includes(name);
const values = (name) => argv.flatMap((a, i) => (a === name && argv[i + 1] ? [argv[i + 1]] : []));
const RUNS = Math.max(1, Number(values('--runs')[0] || process.env.BENCH_RUNS || 3));
const { VIEW_TOKEN, VIEW_DRAFT_TOKEN, startViewBench } = await import('./view-article.mjs');
// the article viewer on a 3,000-word article with a cover (./view-article.mjs): /view/:bench-article a
// demo article (cached by the shell server), /view/:bench-draft a client's private link (fetched fresh
// on every request, live review panel)
const VIEW_TOKENS = [VIEW_TOKEN, VIEW_DRAFT_TOKEN];
const VIEW_LABELS = { [VIEW_TOKEN]: 'demo', [VIEW_DRAFT_TOKEN]: 'client draft' };
const isViewUrl = (p) => VIEW_TOKENS.includes(p) || p.startsWith('/view/');
const URLS = values('--url').length ? values('--url') : ['/', '/home-4-pricing-google', ...VIEW_TOKENS];

export const TARGETS = { score: 95, lcpMs: 2000, cls: 0.05, firstLoadJsKb: 170 };
export { THROTTLING };

// ---------- Lighthouse v10 scoring
export const CURVES = {
  fcp: { weight: 0.1, p10: 1800, median: 3000 },
  si: { weight: 0.1, p10: 3387, median: 5800 },
  lcp: { weight: 0.25, p10: 2500, median: 4000 },
  tbt: { weight: 0.3, p10: 200, median: 600 },
  cls: { weight: 0.25, p10: 0.1, median: 0.25 },
};

function erf(x) {
  // Abramowitz & Stegun 7.1.26, as in Lighthouse
  const sign = Math.sign(x);
  const ax = Math.abs(x);
  const a1 = 0.254829592, a2 = -0.284496736, a3 = 1.421413741, a4 = -1.453152027, a5 = 1.061405429, p = 0.3275911;
  const t = 1 / (1 + p * ax);
  const y = t * (a1 + t * (a2 + t * (a3 + t * (a4 + t * a5))));
  return sign * (1 - y * Math.exp(-ax * ax));
}

export function logNormalScore({ p10, median }, value) {
  if (value <= 0) return 1;
  const INVERSE_ERFC_ONE_FIFTH = 0.9061938024368232;
  const xLogRatio = Math.log(Math.max(Number.MIN_VALUE, value / median));
  const p10LogRatio = -Math.log(Math.max(Number.MIN_VALUE, p10 / median));
  const standardizedX = (xLogRatio * INVERSE_ERFC_ONE_FIFTH) / p10LogRatio;
  const complementaryPercentile = (1 - erf(standardizedX)) / 2;
  if (value <= p10) return Math.max(0.9, Math.min(1, complementaryPercentile));
  if (value <= median) return Math.max(0.5, Math.min(0.8999999999999999, complementaryPercentile));
  return Math.max(0, Math.min(0.49999999999999994, complementaryPercentile));
}

export function performanceScore(metrics) {
  let sum = 0;
  for (const [key, curve] of Object.entries(CURVES)) sum += curve.weight * logNormalScore(curve, metrics[key]);
  return Math.round(sum * 100);
}

// ---------- build
function ensureBuilt({ measuresView }) {
  const prerenderFresh = () => {
    const manifest = path.join(ROOT, 'marketing/dist/prerender/manifest.json');
    if (!fs.existsSync(manifest)) return false;
    const built = fs.statSync(manifest).mtimeMs;
    const newest = (p) => {
      if (!fs.existsSync(p)) return 0;
      const st = fs.statSync(p);
      return st.isFile() ? st.mtimeMs : Math.max(0, ...fs.readdirSync(p).map((n) => newest(path.join(p, n))));
    };
    return Math.max(newest(path.join(ROOT, 'marketing/prerender')), ...buildInputs(ROOT, 'marketing').map(newest)) <= built;
  };
  // the shell has no remoteEntry.js (isBuildFresh's marker): compare its index.html instead
  const shellFresh = () => {
    const index = path.join(ROOT, 'shell/dist/index.html');
    if (!fs.existsSync(index)) return false;
    const built = fs.statSync(index).mtimeMs;
    const newest = (p) => {
      if (!fs.existsSync(p)) return 0;
      const st = fs.statSync(p);
      if (st.isFile()) return st.mtimeMs;
      return Math.max(0, ...fs.readdirSync(p).filter((n) => n !== 'node_modules' && n !== 'dist').map((n) => newest(path.join(p, n))));
    };
    return buildInputs(ROOT, 'shell').every((input) => newest(input) <= built);
  };
  const stale = [];
  for (const app of ['shell', 'marketing', 'workspace', 'reviewer']) {
    const fresh = app === 'shell' ? shellFresh() : isBuildFresh(ROOT, app) && (app !== 'marketing' || prerenderFresh());
    if (opt('--force') || !fresh) stale.push(app);
  }
  // the public pages never load workspace/reviewer: they only need to exist; a /view page is the
  // reviewer's screen, so a stale reviewer build is rebuilt when one is measured
  const measured = new Set(['shell', 'marketing', ...(measuresView ? ['reviewer'] : [])]);
  const needed = stale.filter((app) => measured.has(app) || !fs.existsSync(path.join(ROOT, app, 'dist/index.html')));
  if (!needed.length) {
    log(`build: ${[...measured].join(', ')} dist up to date`);
    return;
  }
  log(`build (production): ${needed.join(', ')}`);
  const scopes = needed.flatMap((app) => ['--scope', `@citable/${app}`]);
  const result = spawnSync('npx', ['lerna', 'run', 'build', ...scopes], { cwd: ROOT, stdio: ['ignore', process.stderr, 'inherit'], env: { ...process.env, NODE_ENV: 'production' } });
  if (result.status !== 0) throw new Error(`build failed (exit ${result.status})`);
}

// ---------- measurement
const OBSERVERS = () => {
  const w = window;
  w.__bench = { lcp: 0, fcp: 0, fp: 0, longtasks: [], shifts: [] };
  const observe = (type, cb) => {
    try {
      new PerformanceObserver((list) => list.getEntries().forEach(cb)).observe({ type, buffered: true });
    } catch {
      // entry type not supported
    }
  };
  observe('largest-contentful-paint', (e) => { w.__bench.lcp = e.renderTime || e.loadTime || e.startTime; });
  observe('paint', (e) => {
    if (e.name === 'first-contentful-paint') w.__bench.fcp = e.startTime;
    if (e.name === 'first-paint') w.__bench.fp = e.startTime;
  });
  observe('longtask', (e) => w.__bench.longtasks.push({ start: e.startTime, duration: e.duration }));
  observe('layout-shift', (e) => { if (!e.hadRecentInput) w.__bench.shifts.push({ t: e.startTime, v: e.value }); });
};

function clsOf(shifts) {
  let max = 0, current = 0, start = 0, prev = -Infinity;
  for (const s of shifts.sort((a, b) => a.t - b.t)) {
    if (s.t - prev > 1000 || s.t - start > 5000) {
      current = 0;
      start = s.t;
    }
    current += s.v;
    prev = s.t;
    max = Math.max(max, current);
  }
  return max;
}

async function measure(browser, url) {
  const { requests: all, navStart, inspected: raw } = await coldLoad(browser, url, {
    contextOptions: MOBILE,
    throttling: THROTTLING,
    initScript: OBSERVERS,
    inspect: (page) => page.evaluate(() => window.__bench),
  });
  if (process.env.BENCH_DEBUG) {
    const rel = (t) => Math.round((t - navStart) * 1000);
    log(`paint ${Math.round(raw.fp)} fcp ${Math.round(raw.fcp)} lcp ${Math.round(raw.lcp)} ms; long tasks: ${raw.longtasks.map((t) => `${Math.round(t.start)}+${Math.round(t.duration)}`).join(' ')}`);
    for (const r of all.filter((x) => x.end !== null).sort((a, b) => a.end - b.end)) {
      log(`  ${String(rel(r.start)).padStart(5)}→${String(rel(r.end)).padStart(5)} ms ${(r.bytes / 1024).toFixed(1).padStart(6)} KB ${r.type} ${r.url.replace(/^https?:\/\/127\.0\.0\.1:/, ':')}`);
    }
  }

  const fcp = raw.fcp;
  const firstPaint = raw.fp || raw.fcp;
  const tbt = raw.longtasks.filter((t) => t.start + t.duration > fcp).reduce((sum, t) => sum + Math.max(0, t.duration - 50 - Math.max(0, fcp - t.start)), 0);
  const metrics = { fcp, lcp: raw.lcp || fcp, tbt, cls: clsOf(raw.shifts) };
  metrics.si = (metrics.fcp + metrics.lcp) / 2;
  metrics.score = performanceScore(metrics);

  const finished = all.filter((r) => r.end !== null);
  const paintAt = navStart + firstPaint / 1000;
  const sum = (list) => list.reduce((s, r) => s + r.bytes, 0);
  const js = firstLoadJs(all);
  metrics.jsBeforePaint = sum(finished.filter((r) => isJs(r) && r.end <= paintAt));
  metrics.cssBeforePaint = sum(finished.filter((r) => isCss(r) && r.end <= paintAt));
  metrics.firstLoadJs = js.bytes;
  metrics.firstLoadCss = sum(finished.filter(isCss));
  metrics.requests = finished.length;
  metrics.jsFiles = js.files;
  return metrics;
}

const median = (list) => {
  const s = [...list].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};

/**
 * The first-load JS of one run split into the parts of the stack (./composition.cjs): each file is
 * read from the dist/ of the app that served it.
 */
function jsComposition(jsFiles, urls) {
  return composition(builtFiles(jsFiles, urls, ROOT));
}

function log(msg) {
  process.stderr.write(`[bench:web] ${msg}\n`);
}

async function main() {
  ensureBuilt({ measuresView: URLS.some(isViewUrl) });
  const platform = await startPlatform({
    env: { SUPABASE_URL: 'http://127.0.0.1:9', SUPABASE_ANON_KEY: 'bench-anon-key', CSP: process.env.CSP },
  });
  const executablePath = process.env.CHROMIUM_PATH || '/usr/bin/chromium';
  const browser = await chromium.launch({
    executablePath,
    args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  });
  const results = [];
  // the article viewer needs a backend with the article: a platform of its own (the public pages above
  // keep measuring with the API down, as before)
  const view = URLS.some(isViewUrl) ? await startViewBench({ log }) : null;
  try {
    for (const p of URLS) {
      const runs = [];
      const on = isViewUrl(p) && view ? view.platform : platform;
      const target = VIEW_TOKENS.includes(p) ? view.paths[p] : p;
      for (let i = 0; i < RUNS; i += 1) {
        const m = await measure(browser, `${on.urls.shell}${target}`);
        log(`${p} run ${i + 1}/${RUNS}: score ${m.score}, FCP ${m.fcp.toFixed(0)} ms, LCP ${m.lcp.toFixed(0)} ms, TBT ${m.tbt.toFixed(0)} ms, CLS ${m.cls.toFixed(3)}, JS ${(m.firstLoadJs / 1024).toFixed(1)} KB`);
        runs.push(m);
      }
      const med = (k) => median(runs.map((r) => r[k]));
      const row = { path: p, runs: RUNS };
      for (const k of ['score', 'fcp', 'si', 'lcp', 'tbt', 'cls', 'jsBeforePaint', 'cssBeforePaint', 'firstLoadJs', 'firstLoadCss', 'requests']) row[k] = med(k);
      row.jsFiles = runs[0].jsFiles.map(({ url, bytes }) => ({ url: new URL(url).pathname, kb: +(bytes / 1024).toFixed(1) }));
      row.composition = jsComposition(runs[0].jsFiles, on.urls);
      if (VIEW_TOKENS.includes(p)) row.path = `/view (${VIEW_LABELS[p]}, ${view.words[p]} words, cover)`;
      row.pass = {
        score: row.score >= TARGETS.score,
        lcp: row.lcp <= TARGETS.lcpMs,
        cls: row.cls <= TARGETS.cls,
        firstLoadJs: row.firstLoadJs / 1024 <= TARGETS.firstLoadJsKb,
      };
      results.push(row);
    }
  } finally {
    await browser.close();
    await platform.close();
    if (view) await view.close();
  }

  if (opt('--json')) {
    process.stdout.write(`${JSON.stringify({ throttling: THROTTLING, targets: TARGETS, results }, null, 2)}\n`);
  } else {
    const kb = (b) => `${(b / 1024).toFixed(1)} KB`;
    const mark = (ok) => (ok ? '' : ' ✗');
    const lines = [
      `Mobile, ${THROTTLING.rttMs} ms RTT, ${(THROTTLING.downloadKbps / 1024).toFixed(1)} Mbit/s down, CPU ×${THROTTLING.cpuSlowdown}; median of ${RUNS} cold loads`,
      '| page | score | FCP | SI≈ | LCP | TBT | CLS | JS before 1st paint | CSS before 1st paint | first-load JS | first-load CSS |',
      '|---|---|---|---|---|---|---|---|---|---|---|',
      ...results.map((r) =>
        `| ${r.path} | ${r.score}${mark(r.pass.score)} | ${(r.fcp / 1000).toFixed(2)} s | ${(r.si / 1000).toFixed(2)} s | ${(r.lcp / 1000).toFixed(2)} s${mark(r.pass.lcp)} | ${r.tbt.toFixed(0)} ms | ${r.cls.toFixed(3)}${mark(r.pass.cls)} | ${kb(r.jsBeforePaint)} | ${kb(r.cssBeforePaint)} | ${kb(r.firstLoadJs)}${mark(r.pass.firstLoadJs)} | ${kb(r.firstLoadCss)} |`),
      `Targets: score ≥ ${TARGETS.score}, LCP ≤ ${TARGETS.lcpMs / 1000} s, CLS ≤ ${TARGETS.cls}, first-load JS ≤ ${TARGETS.firstLoadJsKb} KB gzip (✗ = missed)`,
      '',
      'What the first-load JS is made of (gzip, first run; ★ = the stack ARCHITECTURE.md fixes, needed by every page):',
      `| part | ${results.map((r) => r.path).join(' | ')} |`,
      `|---|${results.map(() => '---:|').join('')}`,
      ...results[0].composition.parts.map((part, i) =>
        `| ${part.stack ? '★ ' : ''}${part.label} | ${results.map((r) => kb(r.composition.parts[i].bytes)).join(' | ')} |`),
      `| **★ the stack's floor** | ${results.map((r) => `**${kb(r.composition.stackBytes)}**`).join(' | ')} |`,
      `| **total** | ${results.map((r) => `**${kb(r.composition.total)}**`).join(' | ')} |`,
    ];
    process.stdout.write(`${lines.join('\n')}\n`);
  }
  const allPass = results.every((r) => Object.values(r.pass).every(Boolean));
  if (opt('--strict') && !allPass) process.exitCode = 1;
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
