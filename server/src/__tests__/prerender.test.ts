// The shell server's prerender injection: language choice (?lng, Accept-Language), <html lang>,
// URL rebasing onto SITE_URL, stylesheet + hand-off container, and /sitemap.xml + /robots.txt at the root.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import http from 'node:http';
import { startAppServer } from '../app-server';
import crypto from 'node:crypto';
import { createPrerenderer, injectPrerender, requestLanguage, rebase, TAPS_SCRIPT_HASH } from '../prerender';

// the shell's built index.html is minified: unquoted attributes, no placeholders
const MINIFIED_INDEX =
  '<!doctype html><html lang=fr><head><meta charset=utf-8><title>Citable — SEO x IA Content</title><script defer src=/main.js></script></head><body><noscript>JS</noscript><div id=root></div></body></html>';

const BUILD_SITE = 'http://localhost:3000';
const entry = (lang, p, title) => ({
  path: p,
  lang,
  title,
  description: `${title} description`,
  canonical: lang === 'fr' ? `${BUILD_SITE}${p}` : `${BUILD_SITE}${p}?lng=${lang}`,
  og: { title, url: `${BUILD_SITE}${p}`, type: 'website' },
  alternates: [
    { hreflang: 'fr', href: `${BUILD_SITE}${p}?lng=fr` },
    { hreflang: 'en', href: `${BUILD_SITE}${p}?lng=en` },
    { hreflang: 'x-default', href: `${BUILD_SITE}${p}` },
  ],
  bodyFile: `home.${lang}.html`,
});
const MANIFEST = {
  siteUrl: BUILD_SITE,
  defaultLanguage: 'fr',
  styles: 'marketing.css',
  routes: {
    '/': { ...entry('fr', '/', 'Accueil FR'), locales: { fr: entry('fr', '/', 'Accueil FR'), en: entry('en', '/', 'Home EN') } },
  },
};
const FILES = {
  '/prerender/manifest.json': JSON.stringify(MANIFEST),
  '/prerender/home.fr.html': '<main><h1>Des articles qui se positionnent</h1></main>',
  '/prerender/home.en.html': '<main><h1>Articles that rank</h1></main>',
  '/sitemap.xml': `<?xml version="1.0"?><urlset><url><loc>${BUILD_SITE}/</loc></url><url><loc>${BUILD_SITE}/home-1</loc></url></urlset>`,
  '/robots.txt': `User-agent: *\nAllow: /\nSitemap: ${BUILD_SITE}/sitemap.xml\n`,
};

function fakeMarketing() {
  const hits = [];
  const server = http.createServer((req, res) => {
    hits.push(req.url);
    const body = FILES[req.url];
    if (body === undefined) return void res.writeHead(404).end('missing');
    res.writeHead(200).end(body);
  });
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve({ url: `http://127.0.0.1:${server.address().port}`, server, hits })));
}

const get = (url, headers = {}) =>
  new Promise((resolve, reject) => {
    http
      .get(url, { headers }, (res) => {
        const chunks = [];
        res.on('data', (c) => chunks.push(c));
        res.on('end', () => resolve({ status: res.statusCode, headers: res.headers, body: Buffer.concat(chunks).toString() }));
      })
      .on('error', reject);
  });

describe('requestLanguage', () => {
  it('prefers ?lng=, then the best Accept-Language match, else null', () => {
    expect(requestLanguage('/?lng=en', { 'accept-language': 'fr-FR' })).toBe('en');
    expect(requestLanguage('/?lng=de', { 'accept-language': 'en-GB,en;q=0.9' })).toBe('en');
    expect(requestLanguage('/', { 'accept-language': 'de-DE,en;q=0.8,fr;q=0.9' })).toBe('fr');
    expect(requestLanguage('/', { 'accept-language': 'en-US,en;q=0.9,fr;q=0.8' })).toBe('en');
    expect(requestLanguage('/', { 'accept-language': 'fr;q=0,en;q=0.1' })).toBe('en');
    expect(requestLanguage('/', { 'accept-language': 'de, es' })).toBeNull();
    expect(requestLanguage('/', {})).toBeNull();
  });
});

describe('rebase', () => {
  it('rewrites URLs of the build site onto the serving site, only at the start of a value', () => {
    expect(rebase({ a: 'http://localhost:3000/x?lng=en', b: ['http://localhost:3000'], c: 'see http://localhost:3000/' }, 'http://localhost:3000', 'https://citable.fr')).toEqual({
      a: 'https://citable.fr/x?lng=en',
      b: ['https://citable.fr'],
      c: 'see http://localhost:3000/',
    });
  });
});

describe('injectPrerender', () => {
  it('sets <html lang> on a minified index, links the stylesheet and puts the body next to an empty #root', () => {
    const html = injectPrerender(MINIFIED_INDEX, { path: '/', lang: 'en', title: 'Home <EN>' }, '<main>Hi</main>', { stylesheetHref: 'http://m/prerender/marketing.css' });
    expect(html).toContain('<html data-mantine-color-scheme="light" lang="en">');
    expect(html).not.toContain('<noscript>');
    expect(html).toContain('<title>Home &lt;EN&gt;</title>');
    expect(html).toContain('<link rel="stylesheet" href="http://m/prerender/marketing.css" />');
    expect(html).toMatch(/<style data-citable-prerender>[^<]*#root:not\(:empty\)~#citable-prerender\{position:absolute/);
    expect(html).toContain('<div id="root"></div><div id="citable-prerender" data-route="/" data-lang="en"><main>Hi</main></div>');
    expect(html.indexOf('<link rel="stylesheet"')).toBeLessThan(html.indexOf('</head>'));
  });

  it('inlines the tap queue right after the copy, whose hash is the one the page’s CSP allows', () => {
    const html = injectPrerender(MINIFIED_INDEX, { path: '/', lang: 'fr' }, '<main><button>Go</button></main>');
    const script = /<\/main><\/div><script>([\s\S]*?)<\/script><\/body>/.exec(html);
    expect(script).not.toBeNull();
    expect(script[1]).toContain("getElementById(COPY_ID)");
    expect(`sha256-${crypto.createHash('sha256').update(script[1]).digest('base64')}`).toBe(TAPS_SCRIPT_HASH);
    // the script is the only inline one, and must not be able to close its own element early
    expect(script[1]).not.toMatch(/<\/script/i);
    expect(html).toMatch(/#citable-prerender \[data-cz-pending\]\{cursor:progress/);
  });

  it('adds no stylesheet or hand-off CSS without a body', () => {
    const html = injectPrerender(MINIFIED_INDEX, { title: 'T' }, '', { stylesheetHref: 'http://m/x.css' });
    expect(html).not.toContain('stylesheet');
    expect(html).toContain('<div id=root></div>');
    expect(html).toContain('<noscript>JS</noscript>');
    expect(html).not.toContain('<script>');
  });
});

describe('shell server with the prerenderer (real HTTP, fake marketing remote)', () => {
  let marketing;
  let shell;
  beforeAll(async () => {
    marketing = await fakeMarketing();
    const dist = fs.mkdtempSync(path.join(os.tmpdir(), 'citable-prerender-'));
    fs.writeFileSync(path.join(dist, 'index.html'), MINIFIED_INDEX);
    shell = await startAppServer({
      app: 'shell',
      distDir: dist,
      env: { SUPABASE_ANON_KEY: 'anon', MARKETING_URL: marketing.url, SITE_URL: 'https://citable.example' },
    });
  });
  afterAll(async () => {
    await shell.close();
    await new Promise((r) => marketing.server.close(r));
  });

  it('serves French by default, with URLs rebased onto SITE_URL', async () => {
    const res = await get(`${shell.url}/`, { accept: 'text/html', 'accept-language': 'de-DE' });
    expect(res.status).toBe(200);
    expect(res.headers.vary).toMatch(/Accept-Language/);
    expect(res.body).toMatch(/<html [^>]*lang="fr">/);
    expect(res.body).toContain('<title>Accueil FR</title>');
    expect(res.body).toContain('Des articles qui se positionnent');
    expect(res.body).toContain('<link rel="canonical" href="https://citable.example/" />');
    expect(res.body).toContain('<link rel="alternate" hreflang="en" href="https://citable.example/?lng=en" />');
    expect(res.body).not.toContain('localhost:3000');
    expect(res.body).toContain(`<link rel="stylesheet" href="${marketing.url}/prerender/marketing.css" />`);
    // the remote's manifest is hinted, at low priority, and nothing else of the remote (see remotePreloads)
    expect(res.body).toContain(`<link rel="preload" href="${marketing.url}/mf-manifest.json" as="fetch" crossorigin fetchpriority="low" />`);
    expect(res.body.match(/rel="preload"/g)).toHaveLength(1);
  });

  it('serves English for ?lng=en and for an Accept-Language preferring English', async () => {
    for (const [url, headers] of [
      ['/?lng=en', { 'accept-language': 'fr-FR' }],
      ['/', { 'accept-language': 'en-US,en;q=0.9,fr;q=0.8' }],
    ]) {
      const res = await get(`${shell.url}${url}`, { accept: 'text/html', ...headers });
      expect(res.body).toMatch(/<html [^>]*lang="en">/);
      expect(res.body).toContain('<title>Home EN</title>');
      expect(res.body).toContain('<main><h1>Articles that rank</h1></main>');
      expect(res.body).toContain('<link rel="canonical" href="https://citable.example/?lng=en" />');
      expect(res.body).not.toContain('Des articles');
    }
  });

  it('serves /sitemap.xml and /robots.txt at the site root from the remote, rebased and cached', async () => {
    const before = marketing.hits.filter((u) => u === '/sitemap.xml').length;
    const sitemap = await get(`${shell.url}/sitemap.xml`);
    expect(sitemap.status).toBe(200);
    expect(sitemap.headers['content-type']).toMatch(/application\/xml/);
    expect(sitemap.body).toContain('<loc>https://citable.example/home-1</loc>');
    expect(sitemap.body).not.toContain('localhost:3000');
    await get(`${shell.url}/sitemap.xml`);
    expect(marketing.hits.filter((u) => u === '/sitemap.xml').length - before).toBeLessThanOrEqual(1);

    const robots = await get(`${shell.url}/robots.txt`);
    expect(robots.status).toBe(200);
    expect(robots.headers['content-type']).toMatch(/text\/plain/);
    expect(robots.body).toContain('Sitemap: https://citable.example/sitemap.xml');
    expect((await get(`${shell.url}/other.xml`)).status).toBe(404);
  });

  it('answers 404 for the root files when the remote is down, and the plain page for HTML', async () => {
    const pre = createPrerenderer({ baseUrl: 'http://127.0.0.1:9', siteUrl: 'https://x', timeoutMs: 500 });
    expect(await pre.rootFile('/sitemap.xml')).toBeNull();
    expect(await pre.render('/', MINIFIED_INDEX, { url: '/', headers: {} })).toBe(MINIFIED_INDEX);
  });
});
