// Prerendering of the public marketing pages for crawlers.
// The marketing build writes dist/prerender/manifest.json (route → head data + body file) and the
// body HTML files; the shell server injects them into its index.html for text/html GETs.
// Any failure falls back silently to the plain SPA page.
//
// Language: `?lng=fr|en` wins, else the best Accept-Language match, else the manifest's default; the
// entry of that language (manifest `locales`) gives <html lang>, title, meta, canonical and body.
// Absolute URLs of the manifest (built with SITE_URL at build time) are rebased onto the server's siteUrl.
// Styles: the prerender stylesheet (manifest `styles`) is linked so a page without JavaScript is styled.
// Hand-off: the body goes into <div id="citable-prerender"> after an empty #root. Before JavaScript it is
// the page (with room for the shell header); once the shell has mounted into #root it is laid over the
// shell's main area (under the sticky header) until the marketing page has rendered the same content
// and removes it (marketing/src/app/PrerenderHandoff.tsx): no blank page, no hydration mismatch. CSS shows
// it over the mounted shell only while the shell shows the marketing remote (loading or rendering): on a
// remote error, or if the visitor navigated elsewhere first, it is hidden.
// Site root files: /sitemap.xml and /robots.txt are fetched from the marketing remote and cached like the manifest.
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

/** One page (or one language of a page) of the marketing prerender manifest. */
export interface PrerenderEntry {
  path?: string;
  lang?: string;
  title?: string;
  description?: string;
  robots?: string;
  canonical?: string;
  alternates?: unknown;
  /** meta property / name → content (undefined and objects skipped) */
  og?: Record<string, string | number | boolean | null | undefined>;
  jsonLd?: unknown;
  bodyFile?: string;
  /** route entries only: the entry of each language */
  locales?: Record<string, PrerenderEntry>;
}

/** dist/prerender/manifest.json of the marketing remote (or, older, the routes alone). */
interface PrerenderManifest {
  routes?: Record<string, PrerenderEntry>;
  siteUrl?: string;
  styles?: string;
  [route: string]: unknown;
}

export interface InjectOptions {
  stylesheetHref?: string | null;
  preloads?: { href: string; as: string; crossorigin?: boolean }[];
}

/** The request fields the language choice reads. */
export interface PrerenderRequest {
  url?: string;
  headers?: Record<string, string | string[] | undefined>;
}

export interface Prerenderer {
  render(pathname: string, html: string, req?: PrerenderRequest): Promise<string>;
  getManifest(): Promise<Record<string, PrerenderEntry> | null>;
  rootFile(pathname: string): Promise<{ type: string; body: string } | null>;
  isKnownRoute(pathname: string): Promise<boolean | null>;
}

export interface PrerendererOptions {
  baseUrl: string;
  siteUrl?: string;
  fetchImpl?: typeof fetch;
  ttlMs?: number;
  now?: () => number;
  timeoutMs?: number;
  log?: (msg: string) => void;
}

const errorMessage = (error: unknown): string => (error instanceof Error ? error.message : String(error));
const isObject = (value: unknown): value is Record<string, unknown> => Boolean(value) && typeof value === 'object';

export const escapeHtml = (value: unknown): string =>
  String(value)
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');

const SAFE_BODY_FILE = /^(?!.*\.\.)[A-Za-z0-9][A-Za-z0-9._\-/]*\.html?$/;

export function normalizeRoute(pathname: string): string {
  const clean = pathname.split('?')[0].split('#')[0];
  return clean.length > 1 ? clean.replace(/\/+$/, '') : clean;
}

/** Builds the head tags of one manifest entry (every value escaped). */
export function headTags(entry: PrerenderEntry): string {
  const tags: string[] = [];
  if (entry.description) tags.push(`<meta name="description" content="${escapeHtml(entry.description)}" />`);
  if (entry.robots) tags.push(`<meta name="robots" content="${escapeHtml(entry.robots)}" />`);
  if (entry.canonical) tags.push(`<link rel="canonical" href="${escapeHtml(entry.canonical)}" />`);
  for (const alt of Array.isArray(entry.alternates) ? (entry.alternates as unknown[]) : []) {
    if (isObject(alt) && alt.hreflang && alt.href) {
      tags.push(`<link rel="alternate" hreflang="${escapeHtml(alt.hreflang)}" href="${escapeHtml(alt.href)}" />`);
    }
  }
  const og = entry.og && typeof entry.og === 'object' ? entry.og : {};
  for (const [key, value] of Object.entries(og)) {
    if (value === null || value === undefined || typeof value === 'object') continue;
    const property = key.startsWith('og:') || key.startsWith('twitter:') ? key : `og:${key}`;
    const attr = property.startsWith('twitter:') ? 'name' : 'property';
    tags.push(`<meta ${attr}="${escapeHtml(property)}" content="${escapeHtml(value)}" />`);
  }
  if (Array.isArray(entry.jsonLd)) {
    for (const block of entry.jsonLd as unknown[]) {
      // JSON in a script element: neutralise "</" so the block cannot close the element
      tags.push(`<script type="application/ld+json">${JSON.stringify(block).replace(/</g, '\\u003c')}</script>`);
    }
  }
  return tags.join('\n    ');
}

export const PRERENDER_ID = 'citable-prerender';
/**
 * The script inlined right after the copy: taps, typing and focus on the copy are kept and handed to the
 * live page when it takes over (src/prerender-taps.js). Its hash goes into the shell page's
 * Content-Security-Policy (app-server.ts), which allows no other inline script.
 * A plain browser script, not compiled: read from src/ whether this module runs from src/ (jest) or dist/.
 */
export const TAPS_SCRIPT_FILE = path.join(__dirname, '..', 'src', 'prerender-taps.js');
export const TAPS_SCRIPT = fs
  .readFileSync(TAPS_SCRIPT_FILE, 'utf8')
  .replace(/^\/\*[\s\S]*?\*\/\s*/, '')
  .trim();
export const TAPS_SCRIPT_HASH = `sha256-${crypto.createHash('sha256').update(TAPS_SCRIPT).digest('base64')}`;
/** Height of the shell's sticky header (shell/src/features/layout/components/AppHeader.tsx HEADER_HEIGHT). */
const HEADER_HEIGHT = 64;
const HANDOFF_CSS =
  `#${PRERENDER_ID}{padding-top:${HEADER_HEIGHT}px}` +
  `#root:not(:empty)~#${PRERENDER_ID}{position:absolute;top:0;left:0;right:0;z-index:1;background:var(--mantine-color-body,#fff);display:none}` +
  // once the shell has mounted, the copy only stands in for the marketing remote (loading or rendering);
  // if the visitor went elsewhere first (header link to /auth…), it must not cover that page
  `body:has(#root [data-remote="marketing"],#root [data-remote-root="marketing"]) #${PRERENDER_ID}{display:block}` +
  // an error panel (remote down, bad config) must never be covered: the error panel carries data-remote too,
  // so this rule outranks the one above whatever the selectors' specificity
  `body:has([data-testid="remote-error"]) #${PRERENDER_ID},body:has([data-testid="config-error"]) #${PRERENDER_ID}{display:none!important}` +
  // a control tapped before the live page took over (src/prerender-taps.js): it answers when the page is ready
  `#${PRERENDER_ID} [data-cz-pending]{cursor:progress;opacity:.72;transition:opacity .2s}`;

/** Injects head data and body HTML of a manifest entry into the shell's index.html. */
export function injectPrerender(html: string, entry: PrerenderEntry, bodyHtml: string, opts: InjectOptions = {}): string {
  let out = html;
  if (entry.title) {
    const title = `<title>${escapeHtml(entry.title)}</title>`;
    out = /<title>[\s\S]*?<\/title>/.test(out) ? out.replace(/<title>[\s\S]*?<\/title>/, () => title) : out.replace('</head>', () => `${title}\n</head>`);
  }
  if (entry.lang && /^[a-z]{2}(-[A-Za-z]{2})?$/.test(entry.lang)) {
    out = /<html[^>]*\slang=/.test(out)
      ? out.replace(/<html([^>]*?)\slang=(?:"[^"]*"|'[^']*'|[^\s>]+)/, (_m, attrs: string) => `<html${attrs} lang="${entry.lang}"`)
      : out.replace(/<html/, () => `<html lang="${entry.lang}"`);
  }
  let tags = headTags(entry);
  if (bodyHtml) {
    const styles = opts.stylesheetHref ? `<link rel="stylesheet" href="${escapeHtml(opts.stylesheetHref)}" />\n    ` : '';
    // the marketing remote's manifest, fetched during the shell's own download (see remotePreloads)
    const preloads = (opts.preloads || [])
      // low priority: the page's own stylesheet (render-blocking) and the shell's main.js come first
      .map((p) => `<link rel="preload" href="${escapeHtml(p.href)}" as="${escapeHtml(p.as)}"${p.crossorigin ? ' crossorigin' : ''} fetchpriority="low" />\n    `)
      .join('');
    tags = `${styles}${preloads}<style data-citable-prerender>${HANDOFF_CSS}</style>${tags ? `\n    ${tags}` : ''}`;
  }
  if (tags) {
    out = out.includes('<!--citable-head-->')
      ? out.replace('<!--citable-head-->', () => tags)
      : out.replace('</head>', () => `${tags}\n</head>`);
  }
  if (bodyHtml) {
    // Mantine scopes its colour-scheme variables to [data-mantine-color-scheme]: the client sets it,
    // a page read without JavaScript needs it in the markup (the platform is light only)
    if (!/<html[^>]*data-mantine-color-scheme/.test(out)) out = out.replace(/<html/, () => '<html data-mantine-color-scheme="light"');
    // the page has its content: the "needs JavaScript" notice is not true any more
    out = out.replace(/<noscript>[\s\S]*?<\/noscript>/, '');
    const overlay = `<div id="${PRERENDER_ID}" data-route="${escapeHtml(entry.path || '')}" data-lang="${escapeHtml(entry.lang || '')}">${bodyHtml}</div>`;
    const root = /<div id=(?:"root"|'root'|root)>\s*(?:<!--citable-body-->)?\s*<\/div>/;
    if (root.test(out)) out = out.replace(root, () => `<div id="root"></div>${overlay}<script>${TAPS_SCRIPT}</script>`);
  }
  return out;
}

const SUPPORTED = ['fr', 'en'];

/** Language of a request: ?lng= first, then Accept-Language (q-weighted), else null. */
export function requestLanguage(
  url: string | undefined,
  headers: Record<string, string | string[] | undefined> = {},
  supported: readonly string[] = SUPPORTED,
): string | null {
  try {
    const lng = new URL(url || '/', 'http://localhost').searchParams.get('lng');
    const short = lng && lng.toLowerCase().slice(0, 2);
    if (short && supported.includes(short)) return short;
  } catch {
    // bad URL: ignore the query
  }
  const header = headers['accept-language'];
  if (typeof header !== 'string' || !header) return null;
  const ranked = header
    .split(',')
    .map((part, index) => {
      const [tag, ...params] = part.trim().split(';');
      const q = params.map((p) => /^\s*q=([0-9.]+)\s*$/.exec(p)).find(Boolean);
      return { lang: tag.trim().toLowerCase().slice(0, 2), q: q ? Number(q[1]) : 1, index };
    })
    .filter((item) => item.q > 0 && /^[a-z]{2}$/.test(item.lang))
    .sort((a, b) => b.q - a.q || a.index - b.index);
  const match = ranked.find((item) => supported.includes(item.lang));
  return match ? match.lang : null;
}

/** Rewrites every string value starting with `from` to start with `to` (deep copy). */
export function rebase<T>(value: T, from: string | null | undefined, to: string | null | undefined): T {
  if (!from || !to || from === to) return value;
  if (typeof value === 'string') {
    return (value === from || value.startsWith(`${from}/`) || value.startsWith(`${from}?`) ? to + value.slice(from.length) : value) as T;
  }
  if (Array.isArray(value)) return value.map((v: unknown) => rebase(v, from, to)) as T;
  if (value && typeof value === 'object') return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, rebase(v, from, to)])) as T;
  return value;
}

/** The shell server's prerenderer of the marketing pages (files of the marketing remote at baseUrl). */
export function createPrerenderer({
  baseUrl,
  siteUrl,
  fetchImpl = globalThis.fetch,
  ttlMs = 30_000,
  now = Date.now,
  timeoutMs = 2_000,
  log = () => {},
}: PrerendererOptions): Prerenderer {
  const base = baseUrl.replace(/\/+$/, '');
  const cache = new Map<string, { at: number; value: unknown }>(); // url -> { at, value }

  async function cached<T>(url: string, parse: (response: Response) => Promise<T>): Promise<T | null> {
    const hit = cache.get(url);
    if (hit && now() - hit.at < ttlMs) return hit.value as T | null;
    let value: T | null = null;
    try {
      const response = await fetchImpl(url, { signal: AbortSignal.timeout(timeoutMs) });
      if (response.ok) value = await parse(response);
      else log(`prerender: ${url} → HTTP ${response.status}`);
    } catch (error) {
      log(`prerender: ${url} unavailable (${errorMessage(error)})`);
    }
    cache.set(url, { at: now(), value });
    return value;
  }

  const site = siteUrl ? siteUrl.replace(/\/+$/, '') : null;

  async function getManifestFile(): Promise<PrerenderManifest | null> {
    const manifest = await cached(`${base}/prerender/manifest.json`, (r) => r.json() as Promise<unknown>);
    return isObject(manifest) ? (manifest as PrerenderManifest) : null;
  }

  /** route → entry (a manifest without `routes` is the routes alone) */
  const routesOf = (manifest: PrerenderManifest): Record<string, PrerenderEntry> =>
    isObject(manifest.routes) ? manifest.routes : (manifest as Record<string, PrerenderEntry>);

  async function getManifest(): Promise<Record<string, PrerenderEntry> | null> {
    const manifest = await getManifestFile();
    return manifest ? routesOf(manifest) : null;
  }

  /**
   * The prerendered page for a route, or the input html unchanged.
   * @param req for the language
   */
  async function render(pathname: string, html: string, req?: PrerenderRequest): Promise<string> {
    try {
      const manifest = await getManifestFile();
      if (!manifest) return html;
      const routes = routesOf(manifest);
      const route: unknown = routes[normalizeRoute(pathname)];
      if (!isObject(route)) return html;
      const locales: Record<string, PrerenderEntry> = isObject(route.locales) ? (route.locales as Record<string, PrerenderEntry>) : {};
      const lang = req ? requestLanguage(req.url, req.headers, Object.keys(locales).length ? Object.keys(locales) : SUPPORTED) : null;
      let entry: PrerenderEntry = (lang && locales[lang]) || (route as PrerenderEntry);
      if (typeof manifest.siteUrl === 'string') entry = rebase(entry, manifest.siteUrl.replace(/\/+$/, ''), site);
      let bodyHtml = '';
      if (typeof entry.bodyFile === 'string' && SAFE_BODY_FILE.test(entry.bodyFile)) {
        bodyHtml = (await cached(`${base}/prerender/${entry.bodyFile}`, (r) => r.text())) || '';
      }
      const styles = typeof manifest.styles === 'string' && SAFE_STYLE_FILE.test(manifest.styles) ? `${base}/prerender/${manifest.styles}` : null;
      return injectPrerender(html, entry, bodyHtml, { stylesheetHref: styles, preloads: bodyHtml ? remotePreloads() : [] });
    } catch (error) {
      log(`prerender: ${pathname} failed (${errorMessage(error)})`);
      return html;
    }
  }

  /**
   * The marketing remote's manifest, the first file the shell asks of the remote: without a hint the
   * browser only learns of it once all of the shell's JavaScript has arrived and run, and the remote's
   * entry and exposed app wait for it. Preloaded with CORS, as fetch() asks for it.
   * Only the manifest: a script or stylesheet preload that fails (remote down) is kept by Chromium and
   * handed to the later request for the same URL, so Retry would fail after the remote is back; a
   * failed fetch preload is used up by the shell's first attempt.
   */
  function remotePreloads(): NonNullable<InjectOptions['preloads']> {
    return [{ href: `${base}/mf-manifest.json`, as: 'fetch', crossorigin: true }];
  }

  const ROOT_FILES: Record<string, string> = {
    '/sitemap.xml': 'application/xml; charset=utf-8',
    '/robots.txt': 'text/plain; charset=utf-8',
  };

  /**
   * A site-root file taken from the marketing remote (/sitemap.xml, /robots.txt), cached like the
   * manifest, with its URLs rebased onto siteUrl; null when not one of them or unavailable.
   */
  async function rootFile(pathname: string): Promise<{ type: string; body: string } | null> {
    const type = Object.prototype.hasOwnProperty.call(ROOT_FILES, pathname) ? ROOT_FILES[pathname] : undefined;
    if (!type) return null;
    const body = await cached(`${base}${pathname}`, (r) => r.text());
    if (typeof body !== 'string') return null;
    const manifest = await getManifestFile();
    const from = manifest && typeof manifest.siteUrl === 'string' ? manifest.siteUrl.replace(/\/+$/, '') : null;
    return { type, body: from && site && from !== site ? body.split(from).join(site) : body };
  }

  /**
   * Whether the marketing remote has a page at this path: true or false from its manifest, null when
   * the manifest cannot be had (then nobody can say, and the page is served as found).
   */
  async function isKnownRoute(pathname: string): Promise<boolean | null> {
    try {
      const routes = await getManifest();
      if (!routes) return null;
      return Object.prototype.hasOwnProperty.call(routes, normalizeRoute(pathname));
    } catch {
      return null;
    }
  }

  return { render, getManifest, rootFile, isKnownRoute };
}

const SAFE_STYLE_FILE = /^(?!.*\.\.)[A-Za-z0-9][A-Za-z0-9._\-/]*\.css$/;
