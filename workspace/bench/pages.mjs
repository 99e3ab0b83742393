#!/usr/bin/env node
// npm run bench:workspace — the page list (issue 14) with a site of 10,000 pages, in headless Chromium
// against the built apps and the real backend.
//
// 1. Starts the backend stack in a child process (embedded PostgreSQL in a temporary directory; the
//    load of the browser and of the stack are on the same 2 cores), makes a confirmed user and seeds
//    a site with BENCH_PAGES (10,000) pages, keywords, 3 SERP rows and one LLM answer each with the
//    bench:api seed (supabase-local/bench/seed.js, through the count triggers, then VACUUM ANALYZE).
// 2. Serves the four built apps (server/src/platform.ts, the production server) on free ports; the
//    apps must be built (npm run build -w shell / -w workspace …): their dist/ is used as it is.
// 3. Signs in through /auth in Chromium (/usr/bin/chromium, 1440×900), then measures, RUNS (20) times
//    each, in the page (performance.now(): from the input event to the frame after the table shows the
//    new rows; the table's aria-busy is false and the 'Showing x-y of n' text or the rows changed):
//      - search: a keystroke in the search box (after 400 ms of quiet: the first keystroke of an edit
//        searches at once, the next ones of a burst wait for a 200 ms pause);
//      - sort: a click on a sortable header (Page name, URL, Last modified in turn, both directions);
//      - next: a click on 'Next' (after 400 ms on the page, so the prefetch of the next page has run,
//        as when a person looks at the page before going on);
//      - first render: from the click on the site detail's pages link to the list's rows, with the
//        query cache empty (the site detail loaded afresh each run; JS from the HTTP cache after the
//        first run, which is reported on its own as the cold one).
//    and the JavaScript the page list downloads: on a cold load of /sites/:id/pages, the JS from the
//    shell's origin and from the workspace's, and, navigating from the site detail, the JS fetched
//    after the click; each file's body gzipped (level 6) as the size a gzip server sends.
// Targets (issue 14): median ≤ 150 ms and p95 ≤ 300 ms for the interactions, first render ≤ 500 ms.
// 4. Bulk (issue 32), BENCH_BULK_RUNS (5) times each, timed the same way (input event → the frame after):
//      - importing BENCH_IMPORT_ROWS (1,000) pasted URLs: 'Preview' → the preview table (parsing,
//        the dry-run request, the render), then 'Create 1000 pages' → the dialog closed (one request);
//      - the status change of 500 pages selected page by page (50 a page): the menu item → the
//        'Status changed for 500 pages' toast (one request), Draft and In Review in turn.
//    Target: "a few seconds" (p95 ≤ 3,000 ms).
// Env: BENCH_PAGES (10000), BENCH_RUNS (20), BENCH_IMPORT_ROWS (1000), BENCH_BULK_RUNS (5), CHROMIUM_PATH (/usr/bin/chromium).
/* global window, document, requestAnimationFrame, MutationObserver, HTMLInputElement */
import { fork } from 'node:child_process';
import fs from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { freePorts } from '@citable/supabase-local/free-port';
import { buildServer } from '../../scripts/lib/server-build.mjs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import zlib from 'node:zlib';

const require = createRequire(import.meta.url);
const SELF = fileURLToPath(import.meta.url);
const ROOT = path.resolve(path.dirname(SELF), '..', '..');
const PAGES = Number(process.env.BENCH_PAGES || 10000);
const RUNS = Math.max(3, Number(process.env.BENCH_RUNS || 20));
const TARGETS = { medianMs: 150, p95Ms: 300, firstRenderMs: 500, bulkMs: 3000 };
/** issue 32: the import of BENCH_IMPORT_ROWS (1,000) pages and the status change of 500 selected pages, BENCH_BULK_RUNS (5) times */
const IMPORT_ROWS = Number(process.env.BENCH_IMPORT_ROWS || 1000);
const IMPORT_RUNS = Math.max(3, Number(process.env.BENCH_BULK_RUNS || 5));
const STATUS_PAGES = 500;

const log = (m) => process.stderr.write(`[bench:workspace] ${m}\n`);

const quantile = (sorted, q) => sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1))];
function stats(values) {
  const s = [...values].sort((a, b) => a - b);
  const median = s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
  return { n: s.length, median, p95: quantile(s, 0.95), min: s[0], max: s[s.length - 1] };
}

// ---------------------------------------------------------------- in the page
/** Installs a watcher: resolves with the ms from the next input event (keydown / pointerdown) to the frame after the table changed. */
const ARM = () => {
  const w = window;
  const table = () => document.querySelector('[data-testid="pages-table"]');
  const snapshot = () => {
    const range = document.querySelector('[data-testid="pages-range"]')?.textContent ?? '';
    const ids = [...document.querySelectorAll('[data-testid="page-row"]')].map((r) => r.getAttribute('data-page-id')).join(',');
    return `${range}|${ids}`;
  };
  const before = snapshot();
  let t0 = null;
  const start = (e) => {
    if (t0 === null) t0 = e.timeStamp || performance.now();
  };
  document.addEventListener('keydown', start, { capture: true, once: true });
  document.addEventListener('pointerdown', start, { capture: true, once: true });
  w.__benchWait = new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      observer.disconnect();
      reject(new Error(`no change within 10 s (${before})`));
    }, 10_000);
    const check = () => {
      const t = table();
      if (t0 === null || !t || t.getAttribute('aria-busy') === 'true' || snapshot() === before) return;
      observer.disconnect();
      clearTimeout(timer);
      requestAnimationFrame(() => resolve(performance.now() - t0));
    };
    const observer = new MutationObserver(check);
    observer.observe(document.body, { subtree: true, childList: true, characterData: true, attributes: true, attributeFilter: ['aria-busy', 'data-page-id'] });
  });
};

async function timed(page, act) {
  await page.evaluate(ARM);
  await act();
  return page.evaluate(() => window.__benchWait);
}

/** Resolves with the ms from the next input event to the frame after `done` (a selector shown, or hidden) holds. */
const ARM_UNTIL = ({ selector, hidden, text }) => {
  const w = window;
  let t0 = null;
  const start = (e) => {
    if (t0 === null) t0 = e.timeStamp || performance.now();
  };
  document.addEventListener('keydown', start, { capture: true, once: true });
  document.addEventListener('pointerdown', start, { capture: true, once: true });
  const holds = () => {
    const nodes = [...document.querySelectorAll(selector)].filter((n) => !text || (n.textContent ?? '').includes(text));
    return hidden ? nodes.length === 0 : nodes.length > 0;
  };
  w.__benchWait = new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      observer.disconnect();
      reject(new Error(`not done within 30 s (${selector})`));
    }, 30_000);
    const check = () => {
      if (t0 === null || !holds()) return;
      observer.disconnect();
      clearTimeout(timer);
      requestAnimationFrame(() => resolve(performance.now() - t0));
    };
    const observer = new MutationObserver(check);
    observer.observe(document.body, { subtree: true, childList: true, characterData: true, attributes: true });
  });
};

async function timedUntil(page, done, act) {
  await page.evaluate(ARM_UNTIL, done);
  await act();
  return page.evaluate(() => window.__benchWait);
}

const settle = (page, ms) => page.waitForTimeout(ms);
async function idleTable(page) {
  await page.waitForSelector('[data-testid="pages-table"][aria-busy="false"] [data-testid="page-row"]');
}

// ---------------------------------------------------------------- main
async function main() {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'citable-bench-ws-'));
  // the apps' ports are known before the backend starts: its CORS origins and site URL name them
  const [shell, marketing, workspace, reviewer] = await freePorts(4);
  const ports = { shell, marketing, workspace, reviewer };
  const origins = Object.values(ports).map((p) => `http://127.0.0.1:${p}`);
  const shellUrl = origins[0];
  for (const app of Object.keys(ports)) {
    if (!fs.existsSync(path.join(ROOT, app, 'dist', 'index.html'))) throw new Error(`${app}/dist is missing: build the apps first (npm run build)`);
  }
  const child = fork(SELF, ['--serve', dataDir, JSON.stringify({ siteUrl: shellUrl, allowedOrigins: origins })], { stdio: ['ignore', 'ignore', 'inherit', 'ipc'] });
  let platform = null;
  let browser = null;
  try {
    const info = await new Promise((resolve, reject) => {
      child.once('message', resolve);
      child.once('exit', (code) => reject(new Error(`stack exited with ${code}`)));
    });
    const email = 'bench-workspace@example.com';
    const password = 'BenchPassw0rd';
    const admin = await fetch(`${info.url}/auth/v1/admin/users`, {
      method: 'POST',
      headers: { apikey: info.serviceRoleKey, authorization: `Bearer ${info.serviceRoleKey}`, 'content-type': 'application/json' },
      body: JSON.stringify({ email, password, email_confirm: true }),
    });
    const user = await admin.json();
    const { seedBenchSite } = await import(path.join(ROOT, 'supabase-local/bench/seed.js'));
    const t0 = Date.now();
    const siteId = await seedBenchSite(info.databaseUrl, user.id, PAGES);
    log(`seeded site ${siteId} with ${PAGES} pages in ${Date.now() - t0} ms`);

    buildServer(ROOT); // the production server is TypeScript: server/dist first
    const { startPlatform } = require('@citable/server/platform');
    platform = await startPlatform({ ports, env: { SUPABASE_URL: info.url, SUPABASE_ANON_KEY: info.anonKey, SITE_URL: shellUrl } });
    const { chromium } = require('@playwright/test');
    browser = await chromium.launch({
      executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
      args: ['--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
    });
    const context = await browser.newContext({ viewport: { width: 1440, height: 900 }, locale: 'en-US' });
    const page = await context.newPage();
    page.on('pageerror', (e) => log(`page error: ${e.message}`));

    // sign in
    await page.goto(`${shellUrl}/auth`);
    const form = page.locator('form').filter({ has: page.locator('input[type="password"]') }).first();
    await form.locator('input[type="email"]').fill(email);
    await form.locator('input[type="password"]').fill(password);
    await form.locator('button[type="submit"]').click();
    await page.getByTestId('sidebar').first().waitFor();

    // ---- JS of the page list, cold (fresh context with the session's storage)
    const storage = await context.storageState();
    const jsOf = async (ctx, run) => {
      const files = [];
      ctx.on('response', (r) => {
        if (r.request().resourceType() === 'script') files.push(r);
      });
      await run();
      const out = [];
      for (const r of files) {
        try {
          const body = await r.body();
          out.push({ url: r.url(), raw: body.length, gzip: zlib.gzipSync(body, { level: 6 }).length });
        } catch {
          // body not available (redirect…)
        }
      }
      return out;
    };
    const kb = (files, filter = () => true) => files.filter(filter).reduce((s, f) => s + f.gzip, 0) / 1024;
    const coldCtx = await browser.newContext({ viewport: { width: 1440, height: 900 }, locale: 'en-US', storageState: storage });
    const coldPage = await coldCtx.newPage();
    const coldFiles = await jsOf(coldCtx, async () => {
      await coldPage.goto(`${shellUrl}/sites/${siteId}/pages`);
      await idleTable(coldPage);
      await settle(coldPage, 800);
    });
    await coldCtx.close();

    // navigation from the site detail, cold JS (fresh context), then first-render timings
    const navCtx = await browser.newContext({ viewport: { width: 1440, height: 900 }, locale: 'en-US', storageState: storage });
    const navPage = await navCtx.newPage();
    await navPage.goto(`${shellUrl}/sites/${siteId}`);
    await navPage.getByTestId('pages-count').waitFor();
    await settle(navPage, 800);
    const firstRender = [];
    const navFiles = await jsOf(navCtx, async () => {
      firstRender.push(await timed(navPage, () => navPage.locator(`a[href="/sites/${siteId}/pages"]`).first().click()));
      await settle(navPage, 800);
    });
    const coldFirstRender = firstRender[0];
    const warmFirstRender = [];
    for (let i = 0; i < RUNS; i += 1) {
      await navPage.goto(`${shellUrl}/sites/${siteId}`);
      await navPage.getByTestId('pages-count').waitFor();
      await settle(navPage, 300);
      warmFirstRender.push(await timed(navPage, () => navPage.locator(`a[href="/sites/${siteId}/pages"]`).first().click()));
    }
    await navCtx.close();

    // ---- interactions on the list
    await page.goto(`${shellUrl}/sites/${siteId}/pages`);
    await idleTable(page);
    const searchBox = page.getByTestId('pages-search');
    const searchTimes = [];
    for (let i = 0; i < RUNS; i += 1) {
      // each run: an empty box, quiet, then one keystroke (a digit: a new set of rows and a new count)
      await searchBox.fill('');
      await idleTable(page);
      await settle(page, 400);
      await searchBox.focus();
      const key = String((i % 9) + 1);
      searchTimes.push(await timed(page, () => page.keyboard.press(key)));
      await idleTable(page);
    }
    await searchBox.fill('');
    await idleTable(page);
    await settle(page, 400);

    const sortTimes = [];
    const headers = ['sort-name', 'sort-name', 'sort-url', 'sort-url', 'sort-date_modified', 'sort-date_modified'];
    for (let i = 0; i < RUNS; i += 1) {
      await settle(page, 300);
      sortTimes.push(await timed(page, () => page.getByTestId(headers[i % headers.length]).click()));
      await idleTable(page);
    }

    const nextTimes = [];
    await page.goto(`${shellUrl}/sites/${siteId}/pages`);
    await idleTable(page);
    for (let i = 0; i < RUNS; i += 1) {
      await settle(page, 400);
      nextTimes.push(await timed(page, () => page.getByRole('button', { name: 'Next' }).click()));
      await idleTable(page);
    }
    // without the prefetch having time: Next clicked as soon as the page shows
    const nextFastTimes = [];
    for (let i = 0; i < Math.min(RUNS, 10); i += 1) {
      nextFastTimes.push(await timed(page, () => page.getByRole('button', { name: 'Next' }).click()));
      await idleTable(page);
    }

    // ---- bulk (issue 32): importing 1,000 pages (preview, then commit) into the 10,000-page site
    const importPreviewTimes = [];
    const importCommitTimes = [];
    for (let i = 0; i < IMPORT_RUNS; i += 1) {
      await page.goto(`${shellUrl}/sites/${siteId}/pages`);
      await idleTable(page);
      await page.getByTestId('import-menu').click();
      await page.getByTestId('import-pages').click();
      const dialog = page.getByRole('dialog');
      await dialog.getByText('Paste a list', { exact: true }).click();
      const urls = Array.from({ length: IMPORT_ROWS }, (_, n) => `https://bench.example.com/import-${i}/page-${n}-pain-au-levain`);
      await dialog.getByTestId('import-text').fill(urls.join('\n'));
      await settle(page, 300);
      importPreviewTimes.push(await timedUntil(page, { selector: '[data-testid="import-preview"]' }, () => dialog.getByTestId('import-preview-button').click()));
      await settle(page, 300);
      importCommitTimes.push(await timedUntil(page, { selector: '[data-testid="import-modal"]', hidden: true }, () => dialog.getByTestId('import-commit').click()));
      await settle(page, 300);
    }

    // ---- bulk status change of 500 pages: the selection made page by page (50 a page), then timed
    await page.goto(`${shellUrl}/sites/${siteId}/pages?size=50`);
    await idleTable(page);
    const selectAll = page.getByRole('checkbox', { name: 'Select every page shown' });
    for (let n = 0; n < STATUS_PAGES / 50; n += 1) {
      await selectAll.check();
      await page.getByRole('button', { name: 'Next' }).click();
      // the next page's rows (not the previous ones still shown): its address, then a select-all box unchecked
      await page.waitForURL(new RegExp(`[?&]page=${n + 2}(&|$)`));
      await idleTable(page);
      await page.waitForFunction(() => {
        const box = document.querySelector('[data-testid="pages-table"] thead input[type="checkbox"]');
        return box instanceof HTMLInputElement && !box.checked && !box.indeterminate;
      });
    }
    const selectedText = await page.getByTestId('selection-count').textContent();
    if (selectedText !== `${STATUS_PAGES} pages selected`) throw new Error(`the selection is '${selectedText}', not ${STATUS_PAGES} pages`);
    const statusTimes = [];
    for (let i = 0; i < IMPORT_RUNS; i += 1) {
      await settle(page, 400);
      await page.getByTestId('batch-status').click();
      const option = page.getByRole('menuitem', { name: i % 2 === 0 ? 'Draft' : 'In Review' });
      await option.waitFor();
      statusTimes.push(
        await timedUntil(page, { selector: '.mantine-Notification-root', text: `Status changed for ${STATUS_PAGES} pages` }, () => option.click()).catch(async (error) => {
          throw new Error(`${error.message}; toasts: ${await page.locator('.mantine-Notification-root').allTextContents()}`);
        }),
      );
      await idleTable(page);
      // the toast goes, so the next run waits for its own
      for (const close of await page.locator('.mantine-Notification-root .mantine-CloseButton-root').all()) await close.click().catch(() => {});
      await page.locator('.mantine-Notification-root').first().waitFor({ state: 'detached' }).catch(() => {});
    }

    // ---- report
    const workspaceOrigin = platform.urls.workspace;
    const fmt = (s) => `${s.median.toFixed(0)} | ${s.p95.toFixed(0)} | ${s.min.toFixed(0)} | ${s.max.toFixed(0)}`;
    const rows = [
      ['search: keystroke → updated table', stats(searchTimes), TARGETS.medianMs, TARGETS.p95Ms],
      ['sort: header click → sorted table', stats(sortTimes), TARGETS.medianMs, TARGETS.p95Ms],
      ["next: 'Next' → next page (after 400 ms on the page)", stats(nextTimes), TARGETS.medianMs, TARGETS.p95Ms],
      ["next: 'Next' clicked as soon as the page shows", stats(nextFastTimes), TARGETS.medianMs, TARGETS.p95Ms],
      ['first render from the site detail (query cache empty, JS cached)', stats(warmFirstRender), TARGETS.firstRenderMs, null],
    ];
    const lines = [
      `Page list of a site with ${PAGES} pages, headless Chromium 1440×900, ${RUNS} runs each (ms)`,
      '| measure | median | p95 | min | max | target |',
      '|---|---:|---:|---:|---:|---|',
      ...rows.map(([label, s, med, p95]) => {
        const ok = s.median <= med && (p95 === null || s.p95 <= p95);
        return `| ${label} | ${fmt(s)} | ${p95 === null ? `≤ ${med}` : `median ≤ ${med}, p95 ≤ ${p95}`} ${ok ? '✓' : '✗'} |`;
      }),
      `| first render from the site detail, cold (first visit: the list's JS downloaded) | ${coldFirstRender.toFixed(0)} | | | | ≤ ${TARGETS.firstRenderMs} ${coldFirstRender <= TARGETS.firstRenderMs ? '✓' : '✗'} |`,
      '',
      `Bulk (issue 32), ${IMPORT_RUNS} runs each (ms): median | p95 | min | max, target "a few seconds" (≤ ${TARGETS.bulkMs})`,
      '| measure | median | p95 | min | max | target |',
      '|---|---:|---:|---:|---:|---|',
      ...[
        [`import ${IMPORT_ROWS} pages: 'Preview' → preview shown (parse + dry run + render)`, stats(importPreviewTimes)],
        [`import ${IMPORT_ROWS} pages: 'Create ${IMPORT_ROWS} pages' → dialog closed (one request)`, stats(importCommitTimes)],
        [`status of ${STATUS_PAGES} selected pages: menu item → 'Status changed' toast (one request)`, stats(statusTimes)],
      ].map(([label, s]) => `| ${label} | ${fmt(s)} | ≤ ${TARGETS.bulkMs} ${s.p95 <= TARGETS.bulkMs ? '✓' : '✗'} |`),
      '',
      'JavaScript (gzip -6 of each file):',
      `- cold load of /sites/:id/pages: ${kb(coldFiles).toFixed(1)} KB in ${coldFiles.length} files — shell origin ${kb(coldFiles, (f) => f.url.startsWith(shellUrl)).toFixed(1)} KB, workspace remote ${kb(coldFiles, (f) => f.url.startsWith(workspaceOrigin)).toFixed(1)} KB`,
      `- downloaded by the page list on top of the site detail (click on the pages link): ${kb(navFiles).toFixed(1)} KB in ${navFiles.length} files`,
      ...navFiles.map((f) => `    ${new URL(f.url).pathname} ${(f.gzip / 1024).toFixed(1)} KB`),
    ];
    process.stdout.write(`${lines.join('\n')}\n`);
  } finally {
    await browser?.close().catch(() => {});
    await platform?.close().catch(() => {});
    child.send('stop');
    await new Promise((r) => {
      child.once('exit', r);
      setTimeout(() => {
        child.kill('SIGKILL');
        r();
      }, 30000).unref();
    });
    await rm(dataDir, { recursive: true, force: true });
  }
}

if (process.argv[2] === '--serve') {
  const { startStack } = await import(path.join(ROOT, 'supabase-local/src/index.js'));
  const big = { max: 1e9, windowMs: 60000 };
  const opts = JSON.parse(process.argv[4] || '{}');
  const stack = await startStack({ port: 0, dataDir: process.argv[3], rateLimits: { signup: big, token: big, recover: big, verify: big, rpc: big }, log: () => {}, ...opts });
  process.send({ url: stack.url, anonKey: stack.anonKey, serviceRoleKey: stack.serviceRoleKey, databaseUrl: stack.databaseUrl });
  process.on('message', async (m) => {
    if (m === 'stop') {
      await stack.stop();
      process.exit(0);
    }
  });
} else {
  main().catch((error) => {
    console.error(error);
    process.exit(1);
  });
}
