// Production HTTP server of one app's dist/ (plain Node, no rebuild needed to move things):
// static files with correct cache headers, SPA fallback, GET /config.json from the environment,
// CORS for remotes, and (shell) prerendered marketing pages for crawlers.
import http, { type IncomingMessage, type OutgoingHttpHeaders, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import zlib from 'node:zlib';
import { promisify } from 'node:util';
import type { AppName } from '../ports.cjs';
import { buildRuntimeConfig, remoteBaseUrl, type RuntimeConfig } from './runtime-config';
import { createPrerenderer, TAPS_SCRIPT_HASH, type Prerenderer } from './prerender';
import { isShellRoute } from './shell-routes';
import { createArticleViewHead, NOINDEX, type ArticleViewHead } from './article-view-head';
import type * as CheckoutModule from './checkout';
import type { CheckoutHandler } from './checkout';
import { checkoutSettingsFromEnv } from './checkout-config';

const gzip = promisify(zlib.gzip);
const acceptsGzip = (req: IncomingMessage): boolean => /\bgzip\b/.test(req.headers['accept-encoding'] || '');

/** What the shell server asks of a prerenderer (createPrerenderer's; tests pass their own or null). */
export type PrerendererLike = Pick<Prerenderer, 'render'> & Partial<Pick<Prerenderer, 'rootFile' | 'isKnownRoute'>>;

export interface AppServerOptions {
  app: AppName;
  distDir: string;
  env?: NodeJS.ProcessEnv;
  /** precomputed config (else built from env at start) */
  runtimeConfig?: RuntimeConfig;
  /** (shell) prerendered marketing pages: default from env, null for none */
  prerenderer?: PrerendererLike | null;
  /** (shell) head of /view/* pages: demo articles' tags, noindex for the rest (article-view-head.ts) */
  articleHead?: ArticleViewHead | null;
  /** (shell) the discovery offer's payment endpoints (checkout.ts): default from env, null for none */
  checkout?: CheckoutHandler | null;
  log?: (msg: string) => void;
}

export interface StartAppServerOptions extends AppServerOptions {
  /** 0 (default) = a free port */
  port?: number;
  host?: string;
}

export interface AppServerHandle {
  server: http.Server;
  config: RuntimeConfig;
  port: number;
  url: string;
  close: () => Promise<void>;
}

const errorText = (error: unknown): string => (error instanceof Error && error.stack ? error.stack : String(error));

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.gif': 'image/gif',
  '.webp': 'image/webp',
  '.avif': 'image/avif',
  '.ico': 'image/x-icon',
  '.woff': 'font/woff',
  '.woff2': 'font/woff2',
  '.txt': 'text/plain; charset=utf-8',
  '.xml': 'application/xml; charset=utf-8',
};
const COMPRESSIBLE = new Set(['.html', '.js', '.mjs', '.css', '.json', '.map', '.svg', '.txt', '.xml']);
// entry points whose name never changes: always revalidate so a redeployed remote is picked up
const ALWAYS_FRESH = /^(remoteEntry\.js|main\.js|mf-[\w-]*\.json|index\.html|prerender\/.*)$/;
const HASHED = /\.[0-9a-f]{8,}\.[a-z0-9]+$/i;

export function cacheControl(relPath: string): string {
  if (ALWAYS_FRESH.test(relPath)) return 'no-cache';
  if (HASHED.test(relPath)) return 'public, max-age=31536000, immutable';
  return 'no-cache';
}

function originOf(url: string): string | null {
  try {
    return new URL(url).origin;
  } catch {
    return null;
  }
}

/** Content-Security-Policy of the shell page, from the runtime config (remote and backend origins). */
export function contentSecurityPolicy(config: RuntimeConfig): string {
  const remotes = Object.values(config.remotes).map((url) => (url ? originOf(url) : null));
  const supabase = originOf(config.supabaseUrl);
  const wsSupabase = supabase ? supabase.replace(/^http/, 'ws') : null;
  const linkedin = config.linkedinScriptUrl ? originOf(config.linkedinScriptUrl) : null;
  const list = (...items: (string | null)[]): string => Array.from(new Set(items.filter(Boolean))).join(' ');
  return [
    `default-src 'self'`,
    // the one inline script: the prerendered copy's tap queue (prerender-taps.js), allowed by its hash
    `script-src ${list("'self'", `'${TAPS_SCRIPT_HASH}'`, ...remotes, linkedin)}`,
    `style-src ${list("'self'", "'unsafe-inline'", ...remotes, 'https:')}`,
    `img-src 'self' data: blob: http: https:`,
    `font-src ${list("'self'", 'data:', ...remotes, 'https:')}`,
    `connect-src ${list("'self'", supabase, wsSupabase, ...remotes, linkedin)}`,
    `frame-src ${list("'self'", linkedin)}`,
    `object-src 'none'`,
    `base-uri 'self'`,
    `frame-ancestors 'self'`,
  ].join('; ');
}

/** The HTTP server of one app's dist/ (not listening yet) and the runtime config it serves. */
export async function createAppServer({
  app,
  distDir,
  env = process.env,
  runtimeConfig,
  prerenderer,
  articleHead,
  checkout,
  log = () => {},
}: AppServerOptions): Promise<{ server: http.Server; config: RuntimeConfig }> {
  const isHost = app === 'shell';
  const config = runtimeConfig || (await buildRuntimeConfig(env));
  const configBody = JSON.stringify(config);
  // JSON in a script element: "<" escaped so the data cannot close the element
  const inlineConfig = `<script type="application/json" id="citable-config">${configBody.replace(/</g, '\\u003c')}</script>`;
  const csp = isHost && env.CSP !== 'off' ? contentSecurityPolicy(config) : null;
  const root = path.resolve(distDir);
  const prerender: PrerendererLike | null =
    prerenderer === undefined && isHost
      ? createPrerenderer({ baseUrl: remoteBaseUrl('marketing', env), siteUrl: config.siteUrl, log })
      : prerenderer || null;
  const viewHead: ArticleViewHead | null =
    articleHead === undefined && isHost && config.supabaseUrl && config.supabaseAnonKey
      ? createArticleViewHead({ supabaseUrl: config.supabaseUrl, anonKey: config.supabaseAnonKey, siteUrl: config.siteUrl, log })
      : articleHead || null;
  // the card payment of the discovery offer (issue 34): the shell's /api/*, when Stripe is configured
  const checkoutSettings = isHost && checkout === undefined ? checkoutSettingsFromEnv(env, (m) => log(`shell: ${m}`)) : null;
  const payments: CheckoutHandler | null =
    checkout !== undefined
      ? checkout
      : checkoutSettings
        ? // Stripe's library is loaded only by a server that takes payments
          // eslint-disable-next-line @typescript-eslint/no-require-imports
          (require('./checkout') as typeof CheckoutModule).createCheckoutHandler({
            settings: checkoutSettings,
            supabaseUrl: config.supabaseUrl,
            supabaseAnonKey: config.supabaseAnonKey,
            siteUrl: config.siteUrl,
            log,
          })
        : null;
  const gzipCache = new Map<string, { mtimeMs: number; buffer: Buffer }>(); // abs path -> { mtimeMs, buffer }

  function baseHeaders(extra: OutgoingHttpHeaders = {}): OutgoingHttpHeaders {
    const headers: OutgoingHttpHeaders = {
      'X-Content-Type-Options': 'nosniff',
      'Referrer-Policy': 'strict-origin-when-cross-origin',
      ...extra,
    };
    if (!isHost) {
      // remotes are fetched cross-origin by the shell
      headers['Access-Control-Allow-Origin'] = '*';
      headers['Cross-Origin-Resource-Policy'] = 'cross-origin';
    }
    return headers;
  }

  function send(req: IncomingMessage, res: ServerResponse, status: number, headers: OutgoingHttpHeaders, body: Buffer | string): void {
    const buffer = Buffer.isBuffer(body) ? body : Buffer.from(body);
    res.writeHead(status, { ...headers, 'Content-Length': buffer.length });
    res.end(req.method === 'HEAD' ? undefined : buffer);
  }

  function sendError(req: IncomingMessage, res: ServerResponse, status: number, message: string): void {
    send(req, res, status, baseHeaders({ 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'no-store' }), message);
  }

  async function readIndex(): Promise<string> {
    return fsp.readFile(path.join(root, 'index.html'), 'utf8');
  }

  async function sendFile(req: IncomingMessage, res: ServerResponse, absPath: string, relPath: string): Promise<void> {
    const ext = path.extname(absPath).toLowerCase();
    const stat = await fsp.stat(absPath);
    const etag = `W/"${stat.size.toString(16)}-${Math.floor(stat.mtimeMs).toString(16)}"`;
    const headers = baseHeaders({
      'Content-Type': TYPES[ext] || 'application/octet-stream',
      'Cache-Control': cacheControl(relPath),
      ETag: etag,
      Vary: 'Accept-Encoding',
    });
    if (req.headers['if-none-match'] === etag) {
      res.writeHead(304, headers);
      res.end();
      return;
    }
    if (acceptsGzip(req) && COMPRESSIBLE.has(ext) && stat.size > 1024) {
      let hit = gzipCache.get(absPath);
      if (!hit || hit.mtimeMs !== stat.mtimeMs) {
        hit = { mtimeMs: stat.mtimeMs, buffer: zlib.gzipSync(await fsp.readFile(absPath), { level: 6 }) };
        gzipCache.set(absPath, hit);
      }
      send(req, res, 200, { ...headers, 'Content-Encoding': 'gzip' }, hit.buffer);
      return;
    }
    send(req, res, 200, headers, await fsp.readFile(absPath));
  }

  async function sendIndex(req: IncomingMessage, res: ServerResponse, pathname: string): Promise<void> {
    let html = await readIndex();
    if (prerender && /text\/html/.test(req.headers.accept || '')) html = await prerender.render(pathname, html, req);
    const view = viewHead ? await viewHead.render(pathname, html) : null;
    if (view) html = view.html;
    // the runtime config travels with the page (inert JSON, read by loadRuntimeConfig in @citable/shared):
    // the shell starts without waiting for a /config.json round trip
    if (isHost) html = html.replace(/<\/body>/, () => `${inlineConfig}</body>`);
    // a /view page other than a demo article (a client's draft: its HTML carries the article and the
    // client's comments) is kept by no cache, shared or private; a demo article is a public page
    const isView = pathname === '/view' || pathname.startsWith('/view/');
    const privatePage = isView && !(view && view.noindex === false);
    const headers = baseHeaders({ 'Content-Type': TYPES['.html'], 'Cache-Control': privatePage ? 'private, no-store' : 'no-cache' });
    if (view && view.noindex) headers['X-Robots-Tag'] = NOINDEX;
    // the client's AI-visibility report (/view/report/:token, the reviewer remote): for the client only
    if (pathname.startsWith('/view/report/')) headers['X-Robots-Tag'] = NOINDEX;
    // a URL that is neither the shell's nor a marketing page: the app shows its not-found screen, and
    // crawlers get the status that says so
    const status = (await isNotFound(pathname)) ? 404 : 200;
    headers.Vary = prerender ? 'Accept, Accept-Language, Accept-Encoding' : 'Accept-Encoding';
    if (csp) headers['Content-Security-Policy'] = csp;
    if (isHost) headers['X-Frame-Options'] = 'SAMEORIGIN';
    // the page with its prerendered copy is ~100 KB of HTML: ~12 KB gzipped (compressed per request,
    // off the event loop, since the prerendered copy depends on the route and the language)
    if (acceptsGzip(req) && Buffer.byteLength(html) > 1024) {
      send(req, res, status, { ...headers, 'Content-Encoding': 'gzip' }, await gzip(html, { level: 6 }));
      return;
    }
    send(req, res, status, headers, html);
  }

  /** Host only: not a shell route, and the marketing manifest (when it can be read) has no such page. */
  async function isNotFound(pathname: string): Promise<boolean> {
    if (!prerender || !prerender.isKnownRoute || isShellRoute(pathname)) return false;
    return (await prerender.isKnownRoute(pathname)) === false;
  }

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    if (isHost && req.url?.startsWith('/api/')) {
      const apiPath = new URL(req.url, 'http://localhost').pathname;
      if (payments && (await payments.handle(req, res, apiPath))) return;
      const body = JSON.stringify({ error: 'not_found', message: payments ? 'No such endpoint.' : 'Card payment is not configured on this server.' });
      send(req, res, 404, baseHeaders({ 'Content-Type': TYPES['.json'], 'Cache-Control': 'no-store' }), body);
      return;
    }
    if (req.method === 'OPTIONS') {
      res.writeHead(204, baseHeaders({ 'Access-Control-Allow-Methods': 'GET, HEAD, OPTIONS', 'Access-Control-Allow-Headers': '*' }));
      res.end();
      return;
    }
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      send(req, res, 405, baseHeaders({ Allow: 'GET, HEAD, OPTIONS', 'Content-Type': 'text/plain; charset=utf-8' }), 'Method Not Allowed');
      return;
    }
    let pathname: string;
    try {
      pathname = decodeURIComponent(new URL(req.url || '/', 'http://localhost').pathname);
    } catch {
      sendError(req, res, 400, 'Bad Request');
      return;
    }
    if (pathname.includes('\0')) {
      sendError(req, res, 400, 'Bad Request');
      return;
    }
    if (pathname === '/config.json') {
      send(req, res, 200, baseHeaders({ 'Content-Type': TYPES['.json'], 'Cache-Control': 'no-store', 'Access-Control-Allow-Origin': '*' }), configBody);
      return;
    }
    if (pathname === '/healthz') {
      send(req, res, 200, baseHeaders({ 'Content-Type': TYPES['.json'], 'Cache-Control': 'no-store' }), JSON.stringify({ app, ok: true }));
      return;
    }
    const absPath = path.resolve(root, `.${pathname}`);
    if (absPath !== root && !absPath.startsWith(root + path.sep)) {
      sendError(req, res, 404, 'Not Found');
      return;
    }
    const relPath = path.relative(root, absPath).split(path.sep).join('/');
    let isFile = false;
    try {
      isFile = (await fsp.stat(absPath)).isFile();
    } catch {
      isFile = false;
    }
    if (isFile && relPath !== 'index.html') {
      await sendFile(req, res, absPath, relPath);
      return;
    }
    // site-root files of the marketing remote (sitemap.xml, robots.txt), served by the host
    if (!isFile && prerender && prerender.rootFile) {
      const file = await prerender.rootFile(pathname);
      if (file) {
        send(req, res, 200, baseHeaders({ 'Content-Type': file.type, 'Cache-Control': 'public, max-age=300' }), file.body);
        return;
      }
    }
    // missing files that look like assets are real 404s; everything else is a client route
    if (path.extname(pathname) && !isFile) {
      sendError(req, res, 404, 'Not Found');
      return;
    }
    await sendIndex(req, res, pathname);
  }

  const server = http.createServer((req, res) => {
    handle(req, res).catch((error) => {
      log(`${app}: ${req.method} ${req.url} failed: ${errorText(error)}`);
      if (!res.headersSent) sendError(req, res, 500, 'Internal Server Error');
      else res.destroy();
    });
  });
  server.keepAliveTimeout = 5_000;
  return { server, config };
}

/** Starts the server on host:port (port 0 = a free port) and resolves with its URL. */
export async function startAppServer(opts: StartAppServerOptions): Promise<AppServerHandle> {
  const distDir = path.resolve(opts.distDir);
  if (!fs.existsSync(path.join(distDir, 'index.html'))) {
    throw new Error(`${opts.app}: ${distDir}/index.html not found — build it first (npm run build)`);
  }
  const { server, config } = await createAppServer({ ...opts, distDir });
  const host = opts.host || '127.0.0.1';
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(opts.port ?? 0, host, resolve);
  });
  const { port } = server.address() as AddressInfo;
  const url = `http://${host === '0.0.0.0' || host === '::' ? 'localhost' : host}:${port}`;
  return {
    server,
    config,
    port,
    url,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections?.();
      }),
  };
}
