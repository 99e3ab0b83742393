// Prerendering of the public marketing pages for crawlers.
// The marketing build writes dist/prerender/manifest.json (route → head data + body file) and the
// body HTML files; the shell server injects them into its index.html for text/html GETs.
// Any failure falls back silently to the plain SPA page.

const escapeHtml = (value) =>
  String(value)
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');

const SAFE_BODY_FILE = /^(?!.*\.\.)[A-Za-z0-9][A-Za-z0-9._\-/]*\.html?$/;

function normalizeRoute(pathname) {
  const clean = pathname.split('?')[0].split('#')[0];
  return clean.length > 1 ? clean.replace(/\/+$/, '') : clean;
}

/** Builds the head tags of one manifest entry (every value escaped). */
function headTags(entry) {
  const tags = [];
  if (entry.description) tags.push(`<meta name="description" content="${escapeHtml(entry.description)}" />`);
  if (entry.robots) tags.push(`<meta name="robots" content="${escapeHtml(entry.robots)}" />`);
  if (entry.canonical) tags.push(`<link rel="canonical" href="${escapeHtml(entry.canonical)}" />`);
  for (const alt of Array.isArray(entry.alternates) ? entry.alternates : []) {
    if (alt && alt.hreflang && alt.href) {
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
    for (const block of entry.jsonLd) {
      // JSON in a script element: neutralise "</" so the block cannot close the element
      tags.push(`<script type="application/ld+json">${JSON.stringify(block).replace(/</g, '\\u003c')}</script>`);
    }
  }
  return tags.join('\n    ');
}

/** Injects head data and body HTML of a manifest entry into the shell's index.html. */
function injectPrerender(html, entry, bodyHtml) {
  let out = html;
  if (entry.title) {
    const title = `<title>${escapeHtml(entry.title)}</title>`;
    out = /<title>[\s\S]*?<\/title>/.test(out) ? out.replace(/<title>[\s\S]*?<\/title>/, () => title) : out.replace('</head>', () => `${title}\n</head>`);
  }
  if (entry.lang && /^[a-z]{2}(-[A-Za-z]{2})?$/.test(entry.lang)) {
    out = out.replace(/<html([^>]*?)\slang="[^"]*"/, (_m, attrs) => `<html${attrs} lang="${entry.lang}"`);
  }
  const tags = headTags(entry);
  if (tags) {
    out = out.includes('<!--citable-head-->')
      ? out.replace('<!--citable-head-->', () => tags)
      : out.replace('</head>', () => `${tags}\n</head>`);
  }
  if (bodyHtml) {
    out = out.includes('<!--citable-body-->')
      ? out.replace('<!--citable-body-->', () => bodyHtml)
      : out.replace(/<div id="root">\s*<\/div>/, () => `<div id="root">${bodyHtml}</div>`);
  }
  return out;
}

/**
 * @param {{ baseUrl: string, fetchImpl?: typeof fetch, ttlMs?: number, now?: () => number, timeoutMs?: number, log?: (msg: string) => void }} opts
 */
function createPrerenderer({ baseUrl, fetchImpl = globalThis.fetch, ttlMs = 30_000, now = Date.now, timeoutMs = 2_000, log = () => {} }) {
  const base = baseUrl.replace(/\/+$/, '');
  const cache = new Map(); // url -> { at, value }

  async function cached(url, parse) {
    const hit = cache.get(url);
    if (hit && now() - hit.at < ttlMs) return hit.value;
    let value = null;
    try {
      const response = await fetchImpl(url, { signal: AbortSignal.timeout(timeoutMs) });
      if (response.ok) value = await parse(response);
      else log(`prerender: ${url} → HTTP ${response.status}`);
    } catch (error) {
      log(`prerender: ${url} unavailable (${error && error.message ? error.message : error})`);
    }
    cache.set(url, { at: now(), value });
    return value;
  }

  async function getManifest() {
    const manifest = await cached(`${base}/prerender/manifest.json`, (r) => r.json());
    if (!manifest || typeof manifest !== 'object') return null;
    return manifest.routes && typeof manifest.routes === 'object' ? manifest.routes : manifest;
  }

  /** The prerendered page for a route, or the input html unchanged. */
  async function render(pathname, html) {
    try {
      const routes = await getManifest();
      const entry = routes && routes[normalizeRoute(pathname)];
      if (!entry || typeof entry !== 'object') return html;
      let bodyHtml = '';
      if (typeof entry.bodyFile === 'string' && SAFE_BODY_FILE.test(entry.bodyFile)) {
        bodyHtml = (await cached(`${base}/prerender/${entry.bodyFile}`, (r) => r.text())) || '';
      }
      return injectPrerender(html, entry, bodyHtml);
    } catch (error) {
      log(`prerender: ${pathname} failed (${error && error.message ? error.message : error})`);
      return html;
    }
  }

  return { render, getManifest };
}

module.exports = { createPrerenderer, injectPrerender, headTags, escapeHtml, normalizeRoute };
