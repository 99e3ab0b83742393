// The cold load of a public page and the JavaScript it downloads ("first-load JS"), defined once for
// both users: `npm run bench:web` (marketing/bench/web.mjs, with throttling and paint metrics) and the
// budget test of `npm test` (e2e/tests/first-load-budget.spec.ts, unthrottled: it checks sizes, not times).
//
//   cold load   a fresh browser context (no cookies, no storage, no session) with the HTTP cache
//               disabled, in the mobile profile below.
//   complete    the `load` event, then Playwright's `networkidle` (no request for 500 ms; a page that
//               never goes idle is measured after 60 s), then 2 s more for work scheduled on idle.
//   size        CDP Network.loadingFinished `encodedDataLength`: the bytes transferred for the response
//               (the app servers gzip JS at level 6, server/src/app-server.ts; headers included).
//   first-load  every finished request whose CDP resource type is `Script`.
// KB are 1024 bytes everywhere.
//
// What a public page's first load may hold (the budget test asserts both; bench:web marks the size
// against BUDGET_KB too, issue 19):
//   BUDGET_KB       docs/architecture.md's budget for the first-load JS of the public pages.
//   SIGNED_IN_ONLY  sources that must never be downloaded by a public page (below).
const path = require('node:path');

const KB = 1024;
const BUDGET_KB = 225;

/**
 * Code only signed-in screens (and the reviewer's shared-link screen) use: a public page whose
 * downloaded JavaScript maps, through the source maps, to any of these sources loads too much.
 * Globs over source paths as ./composition.cjs names them: relative to the repository
 * (`shell/src/…`, `workspace/src/…`), libraries as `node_modules/<package>/…`.
 * `**` any path, `*` any name part, `{a,b}` either. Add a line (with its reason) to extend the list.
 */
const SIGNED_IN_ONLY = [
  // the signed-in remotes: the workspace (sites, articles, editor) and the reviewer (/view/:versionId)
  'workspace/src/**',
  'reviewer/src/**',
  // the shell's signed-in features: profile, settings, the app layout and its sidebar and header actions
  'shell/src/features/profile/**',
  'shell/src/features/settings/**',
  'shell/src/features/layout/components/AppLayout*',
  'shell/src/features/layout/components/Sidebar*',
  'shell/src/features/layout/components/{SignedInActions,UserMenu,NotificationsBell}*',
  // the data layer of the signed-in screens
  'node_modules/@tanstack/**',
  // file upload and date pickers (workspace forms)
  'node_modules/@mantine/dropzone/**',
  'node_modules/@mantine/dates/**',
  // Mantine components only the signed-in layout and screens use (the public pages' facade
  // deliberately leaves them out: AppShell is bundled by the signed-in layout chunk, the marketing
  // tables are plain <table>s, and overlays pull in floating-ui / react-remove-scroll)
  'node_modules/@mantine/core/esm/components/{AppShell,Table,Menu,Modal,Drawer,Tabs,Tooltip,Popover}/**',
];

/** A glob of SIGNED_IN_ONLY as a RegExp over the whole source path. */
function globToRegExp(glob) {
  let re = '';
  let braces = 0;
  for (let i = 0; i < glob.length; i += 1) {
    const c = glob[i];
    if (c === '*' && glob[i + 1] === '*') {
      re += '.*';
      i += 1;
    } else if (c === '*') re += '[^/]*';
    else if (c === '?') re += '[^/]';
    else if (c === '{') {
      re += '(?:';
      braces += 1;
    } else if (c === '}' && braces) {
      re += ')';
      braces -= 1;
    } else if (c === ',' && braces) re += '|';
    else re += c.replace(/[.+^$()|[\]\\{}]/g, '\\$&');
  }
  return new RegExp(`^${re}$`);
}

/**
 * The sources of `sources` (source → { bytes, from }) that match a glob of `globs`.
 * @param {Map<string, { bytes: number, from: string[] }>} sources ./composition.cjs sourceBytes()
 * @returns {{ source: string, glob: string, bytes: number, from: string[] }[]}
 */
function forbiddenSources(sources, globs = SIGNED_IN_ONLY) {
  const tests = globs.map((glob) => ({ glob, re: globToRegExp(glob) }));
  const out = [];
  for (const [source, { bytes, from }] of sources) {
    const hit = tests.find(({ re }) => re.test(source));
    if (hit) out.push({ source, glob: hit.glob, bytes, from: [...new Set(from)] });
  }
  return out.sort((a, b) => a.source.localeCompare(b.source));
}

/** Lighthouse's mobile device (Moto G Power): the viewport decides which lazy sections load. */
const MOBILE = {
  viewport: { width: 412, height: 823 },
  deviceScaleFactor: 1.75,
  isMobile: true,
  hasTouch: true,
  userAgent:
    'Mozilla/5.0 (Linux; Android 11; moto g power (2022)) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/127.0.0.0 Mobile Safari/537.36',
  locale: 'fr-FR',
};

/** Lighthouse's "mobile slow 4G" values and CPU ×4 (bench:web only). */
const THROTTLING = { rttMs: 150, downloadKbps: 1.6 * 1024, uploadKbps: 750, cpuSlowdown: 4 };

/** Waits until the first load is complete (see the header). */
async function settle(page) {
  await page.waitForLoadState('networkidle', { timeout: 60_000 }).catch(() => {});
  await page.waitForTimeout(2000);
}

/**
 * One cold load of `url`.
 * @param {import('@playwright/test').Browser} browser
 * @param {string} url
 * @param {{ contextOptions?: object, throttling?: typeof THROTTLING | null, initScript?: Function, beforeLoad?: (page: import('@playwright/test').Page) => Promise<void>, inspect?: (page: import('@playwright/test').Page) => Promise<unknown> }} [opts]
 *   `initScript` runs in the page before its scripts; `beforeLoad` runs once the page is set up, just
 *   before the navigation (bench:web starts a trace there); `inspect` runs once the load is complete,
 *   before the context closes, and its result is returned as `inspected`.
 * @returns {Promise<{ requests: { url: string, type: string, start: number, end: number | null, bytes: number }[], navStart: number | null, inspected: unknown }>}
 *   every request the page sent (`end` null when it did not finish), CDP timestamps in seconds
 */
async function coldLoad(browser, url, { contextOptions = MOBILE, throttling = null, initScript, beforeLoad, inspect } = {}) {
  const context = await browser.newContext(contextOptions);
  try {
    const page = await context.newPage();
    if (initScript) await page.addInitScript(initScript);
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
    if (throttling) {
      await cdp.send('Network.emulateNetworkConditions', {
        offline: false,
        latency: throttling.rttMs,
        downloadThroughput: (throttling.downloadKbps * 1024) / 8,
        uploadThroughput: (throttling.uploadKbps * 1024) / 8,
      });
      await cdp.send('Emulation.setCPUThrottlingRate', { rate: throttling.cpuSlowdown });
    }

    const requests = new Map(); // requestId → { url, type, start, end, bytes }
    let navStart = null;
    cdp.on('Network.requestWillBeSent', (e) => {
      if (navStart === null && e.type === 'Document') navStart = e.timestamp;
      requests.set(e.requestId, { url: e.request.url, type: e.type, start: e.timestamp, end: null, bytes: 0 });
    });
    cdp.on('Network.responseReceived', (e) => {
      const r = requests.get(e.requestId);
      if (r) r.type = e.type;
    });
    cdp.on('Network.loadingFinished', (e) => {
      const r = requests.get(e.requestId);
      if (r) {
        r.end = e.timestamp;
        r.bytes = e.encodedDataLength;
      }
    });

    if (beforeLoad) await beforeLoad(page);
    await page.goto(url, { waitUntil: 'load', timeout: 120_000 });
    await settle(page);
    const inspected = inspect ? await inspect(page) : undefined;
    return { requests: [...requests.values()], navStart, inspected };
  } finally {
    await context.close();
  }
}

const isJs = (r) => r.type === 'Script';
const isCss = (r) => r.type === 'Stylesheet';

/**
 * The first-load JS of a cold load's requests.
 * @returns {{ bytes: number, files: { url: string, bytes: number }[] }}
 */
function firstLoadJs(requests) {
  const files = requests.filter((r) => r.end !== null && isJs(r)).map((r) => ({ url: r.url, bytes: r.bytes }));
  return { bytes: files.reduce((s, f) => s + f.bytes, 0), files };
}

/**
 * The built file behind each downloaded URL, for ./composition.cjs: a URL of an app server is read
 * from that app's dist/ (`file` is '' for any other origin).
 * @param {{ url: string, bytes: number }[]} jsFiles
 * @param {Record<string, string>} appUrls app name → its server's URL (startPlatform().urls)
 * @param {string} root the repository
 * @returns {{ file: string, bytes: number, app?: string, url: string }[]}
 */
function builtFiles(jsFiles, appUrls, root) {
  const appOf = new Map(Object.entries(appUrls).filter(([, u]) => u).map(([app, u]) => [new URL(u).origin, app]));
  return jsFiles.map(({ url, bytes }) => {
    const { origin, pathname } = new URL(url);
    const app = appOf.get(origin);
    return { file: app ? path.join(root, app, 'dist', decodeURIComponent(pathname)) : '', bytes, app, url };
  });
}

module.exports = {
  KB,
  BUDGET_KB,
  SIGNED_IN_ONLY,
  MOBILE,
  THROTTLING,
  globToRegExp,
  forbiddenSources,
  settle,
  coldLoad,
  isJs,
  isCss,
  firstLoadJs,
  builtFiles,
};
