import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import http from 'node:http';
import zlib from 'node:zlib';
import { startAppServer } from '../app-server';
import { buildRuntimeConfig } from '../runtime-config';
import { createPrerenderer, injectPrerender } from '../prerender';
import { SHELL_PATHS, AREA_PREFIXES } from '../shell-routes';

const INDEX = `<!doctype html>
<html lang="fr">
  <head>
    <title>Citable</title>
    <!--citable-head-->
  </head>
  <body><div id="root"><!--citable-body--></div><script src="/main.js"></script></body>
</html>`;

function makeDist(files) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'citable-dist-'));
  for (const [name, content] of Object.entries(files)) {
    fs.mkdirSync(path.dirname(path.join(dir, name)), { recursive: true });
    fs.writeFileSync(path.join(dir, name), content);
  }
  return dir;
}

/** A real HTTP server standing in for the marketing remote's prerender files. */
function fakeMarketing(routes) {
  const hits = { count: 0 };
  const server = http.createServer((req, res) => {
    hits.count += 1;
    const body = routes[req.url];
    if (body === undefined) {
      res.writeHead(404).end('missing');
      return;
    }
    res.writeHead(200, { 'Content-Type': req.url.endsWith('.json') ? 'application/json' : 'text/html' });
    res.end(typeof body === 'string' ? body : JSON.stringify(body));
  });
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () => resolve({ url: `http://127.0.0.1:${server.address().port}`, server, hits })),
  );
}

const request = (url, headers = {}) =>
  new Promise((resolve, reject) => {
    http
      .get(url, { headers }, (res) => {
        const chunks = [];
        res.on('data', (c) => chunks.push(c));
        res.on('end', () => resolve({ status: res.statusCode, headers: res.headers, body: Buffer.concat(chunks) }));
      })
      .on('error', reject);
  });

const baseEnv = { SUPABASE_ANON_KEY: 'test-anon', MARKETING_URL: 'http://127.0.0.1:9', SITE_URL: 'http://localhost:3000' };

describe('buildRuntimeConfig', () => {
  it('builds the documented shape from environment variables', async () => {
    const config = await buildRuntimeConfig({
      SUPABASE_URL: 'https://abc.supabase.co/',
      SUPABASE_ANON_KEY: 'k',
      MARKETING_URL: 'https://cdn.example.com/marketing/v42/',
      WORKSPACE_PORT: '4002',
      REVIEWER_URL: 'http://reviewer.local:8080/mf-manifest.json',
      LINKEDIN_SCRIPT_URL: 'https://li.example.com/oauth.js',
      CONTACT_EMAIL: 'a@b.c',
      LLM_ANSWERS_PER_MODEL: '5',
    });
    expect(config).toEqual({
      supabaseUrl: 'https://abc.supabase.co',
      supabaseAnonKey: 'k',
      remotes: {
        marketing: 'https://cdn.example.com/marketing/v42/mf-manifest.json',
        workspace: 'http://localhost:4002/mf-manifest.json',
        reviewer: 'http://reviewer.local:8080/mf-manifest.json',
      },
      linkedinScriptUrl: 'https://li.example.com/oauth.js',
      siteUrl: 'http://localhost:3000',
      contact: expect.objectContaining({ email: 'a@b.c' }),
      llmAnswersPerModel: 5,
      // no Stripe keys: no card payment (checkout.test.ts)
      checkout: null,
    });
  });

  it("says the worker's LLM_ANSWERS_PER_MODEL (its default 3; out of bounds is a clear error)", async () => {
    expect((await buildRuntimeConfig({ SUPABASE_ANON_KEY: 'k' })).llmAnswersPerModel).toBe(3);
    for (const value of ['0', '21', '2.5', 'trois']) {
      await expect(buildRuntimeConfig({ SUPABASE_ANON_KEY: 'k', LLM_ANSWERS_PER_MODEL: value })).rejects.toThrow(
        `LLM_ANSWERS_PER_MODEL must be an integer between 1 and 20, got "${value}"`,
      );
    }
  });

  it('defaults to the local ports and a null LinkedIn script', async () => {
    const config = await buildRuntimeConfig({ BACKEND_PORT: '6000', SUPABASE_ANON_KEY: 'local-anon' });
    expect(config.supabaseUrl).toBe('http://localhost:6000');
    expect(config.supabaseAnonKey).toBe('local-anon');
    expect(config.remotes.marketing).toBe('http://localhost:3001/mf-manifest.json');
    expect(config.linkedinScriptUrl).toBeNull();
  });

  it('takes the anon key from SUPABASE_ANON_KEY only: missing or blank is a clear error, never a minted key', async () => {
    for (const env of [{}, { SUPABASE_ANON_KEY: '' }, { SUPABASE_ANON_KEY: '  ' }, { JWT_SECRET: 'another-secret-of-at-least-32-characters!!' }]) {
      await expect(buildRuntimeConfig(env)).rejects.toThrow(/^SUPABASE_ANON_KEY is not set: .*anon key/);
    }
  });

  it('rejects invalid URLs with a clear message', async () => {
    await expect(buildRuntimeConfig({ SUPABASE_ANON_KEY: 'k', MARKETING_URL: 'localhost:3001' })).rejects.toThrow(
      /MARKETING_URL must be an (absolute )?http\(s\) URL/,
    );
    await expect(buildRuntimeConfig({ SUPABASE_ANON_KEY: 'k', SHELL_PORT: 'abc' })).rejects.toThrow(/SHELL_PORT must be a port number/);
  });
});

describe('app server', () => {
  const handles = [];
  afterAll(async () => {
    await Promise.all(handles.map((h) => h.close()));
  });
  const start = async (opts) => {
    const h = await startAppServer({ host: '127.0.0.1', port: 0, env: baseEnv, ...opts });
    handles.push(h);
    return h;
  };

  it('serves /config.json built from the environment, never cached', async () => {
    const dist = makeDist({ 'index.html': INDEX });
    const shell = await start({ app: 'shell', distDir: dist, prerenderer: null });
    const res = await request(`${shell.url}/config.json`);
    expect(res.status).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const config = JSON.parse(res.body.toString());
    expect(config.supabaseAnonKey).toBe('test-anon');
    expect(config.remotes.marketing).toBe('http://127.0.0.1:9/mf-manifest.json');
  });

  it('serves remotes with CORS, no-cache entry points and immutable hashed chunks', async () => {
    const dist = makeDist({
      'index.html': INDEX,
      'remoteEntry.js': 'var marketing;',
      'mf-manifest.json': '{}',
      '123.abcdef1234.js': 'x'.repeat(4000),
    });
    const remote = await start({ app: 'marketing', distDir: dist });
    const entry = await request(`${remote.url}/remoteEntry.js`);
    expect(entry.status).toBe(200);
    expect(entry.headers['access-control-allow-origin']).toBe('*');
    expect(entry.headers['cache-control']).toBe('no-cache');
    expect(entry.headers['content-type']).toMatch(/javascript/);
    expect((await request(`${remote.url}/mf-manifest.json`)).headers['cache-control']).toBe('no-cache');

    const chunk = await request(`${remote.url}/123.abcdef1234.js`, { 'accept-encoding': 'gzip' });
    expect(chunk.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(chunk.headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(chunk.body).toString()).toBe('x'.repeat(4000));

    const again = await request(`${remote.url}/remoteEntry.js`, { 'if-none-match': entry.headers.etag });
    expect(again.status).toBe(304);
  });

  it('falls back to index.html for client routes, 404s missing assets and refuses traversal', async () => {
    const dist = makeDist({ 'index.html': INDEX, 'main.js': 'main' });
    const shell = await start({ app: 'shell', distDir: dist, prerenderer: null });
    const spa = await request(`${shell.url}/sites/42/pages`, { accept: 'text/html' });
    expect(spa.status).toBe(200);
    expect(spa.body.toString()).toContain('<div id="root">');
    // 'self', the prerendered copy's tap queue by its hash (no other inline script), the remotes
    expect(spa.headers['content-security-policy']).toMatch(/script-src 'self' 'sha256-[A-Za-z0-9+/]+=*' http:\/\/127\.0\.0\.1:9/);
    expect(spa.headers['content-security-policy'].split(';').find((d) => d.trim().startsWith('script-src'))).not.toContain('unsafe-inline');
    // the page carries the runtime config as inert JSON, the same as /config.json
    const inline = /<script type="application\/json" id="citable-config">([^<]*)<\/script><\/body>/.exec(spa.body.toString());
    expect(inline).not.toBeNull();
    const served = await request(`${shell.url}/config.json`);
    expect(JSON.parse(inline[1])).toEqual(JSON.parse(served.body.toString()));
    expect((await request(`${shell.url}/missing.js`)).status).toBe(404);
    expect((await request(`${shell.url}/..%2f..%2fetc%2fpasswd`)).status).toBe(404);
    expect((await request(`${shell.url}/%E0%A4%A`)).status).toBe(400);
  });

  it('injects the prerendered head and body of a marketing route (fake manifest), and only for HTML requests', async () => {
    const marketing = await fakeMarketing({
      '/prerender/manifest.json': {
        '/': {
          title: 'Citable — Articles SEO <rédigés> par IA',
          description: 'Un article "gratuit"',
          canonical: 'https://citable.fr/',
          lang: 'fr',
          og: { title: 'Citable', type: 'website', image: 'https://citable.fr/og.png' },
          alternates: [
            { hreflang: 'fr', href: 'https://citable.fr/?lng=fr' },
            { hreflang: 'en', href: 'https://citable.fr/?lng=en' },
          ],
          bodyFile: 'index.html',
        },
        '/home-1': { title: 'Home 1', bodyFile: '../../etc/passwd.html' },
      },
      '/prerender/index.html': '<main><h1>Votre premier article offert</h1></main>',
    });
    handles.push({ close: () => new Promise((r) => marketing.server.close(r)) });
    const dist = makeDist({ 'index.html': INDEX });
    const shell = await start({ app: 'shell', distDir: dist, env: { ...baseEnv, MARKETING_URL: marketing.url } });

    const page = (await request(`${shell.url}/`, { accept: 'text/html' })).body.toString();
    expect(page).toContain('<title>Citable — Articles SEO &lt;rédigés&gt; par IA</title>');
    expect(page).toContain('<meta name="description" content="Un article &quot;gratuit&quot;" />');
    expect(page).toContain('<link rel="canonical" href="https://citable.fr/" />');
    expect(page).toContain('<link rel="alternate" hreflang="en" href="https://citable.fr/?lng=en" />');
    expect(page).toContain('<meta property="og:image" content="https://citable.fr/og.png" />');
    // the body is laid next to an empty #root (hand-off described in prerender.ts)
    expect(page).toContain('<div id="root"></div><div id="citable-prerender" data-route="" data-lang="fr"><main><h1>Votre premier article offert</h1></main></div>');
    expect(page).toMatch(/<html [^>]*lang="fr">/);

    // unsafe bodyFile is ignored but the head is still injected
    const home1 = (await request(`${shell.url}/home-1/`, { accept: 'text/html' })).body.toString();
    expect(home1).toContain('<title>Home 1</title>');
    expect(home1).toContain('<div id="root"><!--citable-body--></div>');

    // gzip when the browser takes it (the prerendered page is ~100 KB of HTML), same page inside
    const zipped = await request(`${shell.url}/`, { accept: 'text/html', 'accept-encoding': 'gzip, br' });
    expect(zipped.headers['content-encoding']).toBe('gzip');
    expect(zipped.headers.vary).toMatch(/Accept-Encoding/);
    expect(zlib.gunzipSync(zipped.body).toString()).toBe(page);

    // not a marketing route / not an HTML request: the plain SPA page
    expect((await request(`${shell.url}/sites`, { accept: 'text/html' })).body.toString()).toContain('<title>Citable</title>');
    expect((await request(`${shell.url}/`, { accept: '*/*' })).body.toString()).toContain('<title>Citable</title>');
  });

  it('answers 404 (with the app page) for a URL that is neither a shell route nor a marketing page', async () => {
    const marketing = await fakeMarketing({ '/prerender/manifest.json': { '/': { title: 'Accueil' }, '/home-1': { title: 'Home 1' } } });
    handles.push({ close: () => new Promise((r) => marketing.server.close(r)) });
    const shell = await start({ app: 'shell', distDir: makeDist({ 'index.html': INDEX }), env: { ...baseEnv, MARKETING_URL: marketing.url } });
    const status = async (p) => (await request(`${shell.url}${p}`, { accept: 'text/html' })).status;
    const missing = await request(`${shell.url}/no-such-page`, { accept: 'text/html' });
    expect(missing.status).toBe(404);
    expect(missing.body.toString()).toContain('<div id="root">');
    expect(await status('/home-404')).toBe(404);
    for (const found of ['/', '/home-1', '/home-1/', '/auth', '/auth/update-password', '/profile', '/settings', '/login', '/dashboard', '/sites/4/pages/9', '/tone-articles', '/view/6f1c1f57-0f43-4d0c-9a43-3a9d6e0b3d7a']) {
      expect([found, await status(found)]).toEqual([found, 200]);
    }
  });

  it('serves unknown URLs as found when the marketing manifest cannot be read (nobody can tell)', async () => {
    const shell = await start({ app: 'shell', distDir: makeDist({ 'index.html': INDEX }), env: baseEnv });
    expect((await request(`${shell.url}/no-such-page`, { accept: 'text/html' })).status).toBe(200);
  });
});

describe('shell routes', () => {
  it('match the paths and remote areas of shell/src/config/paths.ts', () => {
    const source = fs.readFileSync(path.join(__dirname, '../../../shell/src/config/paths.ts'), 'utf8');
    const declared = [...source.matchAll(/^\s+\w+: '(\/[^']*)',$/gm)].map((m) => m[1]).filter((p) => p !== '/');
    const areas = [...source.matchAll(/'(\/[\w-]+)\/\*'/g)].map((m) => m[1]);
    expect(areas.sort()).toEqual([...AREA_PREFIXES].sort());
    for (const p of declared) expect([p, SHELL_PATHS.includes(p) || AREA_PREFIXES.includes(p)]).toEqual([p, true]);
  });
});

describe('prerenderer', () => {
  it('caches the manifest for 30 s and falls back silently when the remote is down', async () => {
    let now = 0;
    let available = true;
    const fetchImpl = jest.fn(async (url) => {
      if (!available) throw new Error('ECONNREFUSED');
      if (url.endsWith('manifest.json')) return { ok: true, json: async () => ({ routes: { '/': { title: 'T' } } }) };
      return { ok: false, status: 404 };
    });
    const pre = createPrerenderer({ baseUrl: 'http://m', fetchImpl, now: () => now });
    expect(await pre.render('/', INDEX)).toContain('<title>T</title>');
    expect(await pre.render('/', INDEX)).toContain('<title>T</title>');
    expect(fetchImpl).toHaveBeenCalledTimes(1);

    available = false;
    now = 31_000;
    expect(await pre.render('/', INDEX)).toBe(INDEX);
    expect(fetchImpl).toHaveBeenCalledTimes(2);
  });

  it('escapes JSON-LD so it cannot close its script element', () => {
    const html = injectPrerender(INDEX, { jsonLd: [{ name: '</script><script>alert(1)</script>' }] }, '');
    expect(html).not.toContain('</script><script>alert(1)');
    expect(html).toContain('\\u003c/script>');
  });
});
