// The shell server's head for /view/:versionId: demo articles indexable with their own title,
// description and Open Graph tags (escaped); everything else noindex, including every failure.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startAppServer } from '../app-server';
import { createArticleViewHead, articleDescription, htmlToText, staticBlocks, viewTitle } from '../article-view-head';

const INDEX =
  '<!doctype html><html lang=fr><head><meta charset=utf-8><title>Citable — SEO x IA Content</title><script defer src=/main.js></script></head><body><div id=root></div></body></html>';
const DEMO_ID = '00000000-0000-4000-8000-00000000d3e0';
const DRAFT_ID = '00000000-0000-4000-8000-0000000a0001';
const SUPABASE = 'http://backend.test:54321';

function article({ demo, name = 'Le pain au levain, mode d’emploi', html, cover = '/storage/v1/object/public/page-images/seed/p.png' }) {
  return {
    version: { id: demo ? DEMO_ID : DRAFT_ID, page: 1, html_content: html ?? '<h1>Titre</h1><p>Le levain naturel donne au pain une mie alvéolée.</p><p>Suite.</p>', created_date: '2026-11-01T00:00:00Z', sent_in_revision: false, approved: false, comments_to_modify: null },
    page: { id: 1, name, url: 'https://x.fr/p', hide_cover_image_from_preview: false, hide_revisions_texts_from_preview: demo },
    is_demo: demo,
    cover_image_url: cover,
    images: [],
  };
}

/** A fetch stub answering get_article_for_view from a table of versions; records the calls. */
function stubFetch(byId, { status = 200, fail = false } = {}) {
  const calls = [];
  const fetchImpl = async (url, init) => {
    calls.push({ url, init });
    if (fail) throw new Error('ECONNREFUSED');
    const { p_version_id: id } = JSON.parse(init.body);
    if (url.endsWith('/rpc/get_article_view_context')) {
      return new Response(JSON.stringify({ newer_version: null, is_owner: false, site_id: null, sent_back: { comments_to_modify: '</script><script>window.__xss=1</script>' } }), { status });
    }
    const body = JSON.stringify(Object.prototype.hasOwnProperty.call(byId, id) ? byId[id] : null);
    return new Response(status === 200 ? body : '{"message":"boom"}', { status, headers: { 'Content-Type': 'application/json' } });
  };
  return { fetchImpl, calls };
}

const make = (fetchImpl, extra = {}) =>
  createArticleViewHead({ supabaseUrl: SUPABASE, anonKey: 'anon-key', siteUrl: 'https://citable.example/', fetchImpl, ...extra });

describe('article view head', () => {
  test('leaves other paths alone', async () => {
    const { fetchImpl, calls } = stubFetch({});
    expect(await make(fetchImpl).render('/pricing', INDEX)).toBeNull();
    expect(await make(fetchImpl).render('/viewer', INDEX)).toBeNull();
    expect(calls).toHaveLength(0);
  });

  test('a demo article: title, description, canonical, Open Graph and Twitter tags, indexable', async () => {
    const { fetchImpl, calls } = stubFetch({ [DEMO_ID]: article({ demo: true }) });
    const out = await make(fetchImpl).render(`/view/${DEMO_ID}`, INDEX);
    expect(out.noindex).toBe(false);
    expect(out.html).toContain('<title>Le pain au levain, mode d’emploi · Citable</title>');
    expect(out.html).toContain('<meta name="description" content="Le levain naturel donne au pain une mie alvéolée." />');
    expect(out.html).toContain('<meta property="og:type" content="article" />');
    expect(out.html).toContain('<meta property="og:title" content="Le pain au levain, mode d’emploi" />');
    expect(out.html).toContain(`<meta property="og:url" content="https://citable.example/view/${DEMO_ID}" />`);
    expect(out.html).toContain(`<link rel="canonical" href="https://citable.example/view/${DEMO_ID}" />`);
    expect(out.html).toContain(`<meta property="og:image" content="${SUPABASE}/storage/v1/object/public/page-images/seed/p.png" />`);
    expect(out.html).toContain('<meta name="twitter:card" content="summary_large_image" />');
    expect(out.html).not.toMatch(/noindex/);
    // the RPC of the browser, with the anon key
    expect(calls.map((c) => c.url).sort()).toEqual([`${SUPABASE}/rest/v1/rpc/get_article_for_view`, `${SUPABASE}/rest/v1/rpc/get_article_view_context`]);
    expect(calls[0].init.headers.apikey).toBe('anon-key');
  });

  test('escapes what it injects (a script in the name or the HTML stays text)', async () => {
    const evil = article({
      demo: true,
      name: '"><script>window.__xss=1</script>',
      html: '<p>Bonjour &lt;img src=x onerror=alert(1)&gt; "quoted" <script>alert(2)</script></p>',
    });
    const { fetchImpl } = stubFetch({ [DEMO_ID]: evil });
    const out = await make(fetchImpl).render(`/view/${DEMO_ID}`, INDEX);
    expect(out.html).not.toContain('<script>window.__xss');
    expect(out.html).not.toContain('<img src=x');
    expect(out.html).not.toContain('<script>alert(2)');
    // the app's data: JSON that cannot close its script element, parsed back intact
    const json = /<script type="application\/json" id="cv-article-data">([\s\S]*?)<\/script>/.exec(out.html)[1];
    expect(json).not.toContain('<');
    expect(JSON.parse(json).page.name).toBe(evil.page.name);
    // the static copy: our own tags, every text escaped
    const copy = /<div id="cv-prerender"[\s\S]*?(?=<script type="application\/json")/.exec(out.html)[0];
    expect(copy).not.toMatch(/<(script|img src=x)/);
    expect(copy).toContain('<h1 class="cvp-title">&quot;&gt;&lt;script&gt;window.__xss=1&lt;/script&gt;</h1>');
    expect(out.html).toContain('&lt;script&gt;window.__xss=1&lt;/script&gt;');
    expect(out.html).toContain('content="Bonjour &lt;img src=x onerror=alert(1)&gt; &quot;quoted&quot;"');
  });

  test('a page named by its web address: the first paint titles it by its host, as the app does (audit L10)', async () => {
    for (const [name, shown] of [
      ['https://www.fournil-mwy7jozy.fr/pain-au-levain', 'fournil-mwy7jozy.fr'],
      ['fournil-mwy7jozy.fr/pain-au-levain', 'fournil-mwy7jozy.fr'],
      ['WWW.Boulange.example', 'boulange.example'],
      ['Pain au levain : la recette', 'Pain au levain : la recette'],
      ['Le pain.fr de demain', 'Le pain.fr de demain'],
      ['v2.0', 'v2.0'],
    ]) expect(viewTitle(name)).toBe(shown);
    const { fetchImpl } = stubFetch({ [DRAFT_ID]: article({ demo: false, name: 'https://www.fournil.fr/pain-au-levain' }) });
    const out = await make(fetchImpl).render(`/view/${DRAFT_ID}`, INDEX);
    expect(out.html).toContain('<h1 class="cvp-title">fournil.fr</h1>');
    // the site's name too, when it is an address (a claimed site)
    const claimed = { ...article({ demo: false }), site: { name: 'fournil.fr/pain-au-levain', logo_url: null } };
    const { fetchImpl: site } = stubFetch({ [DRAFT_ID]: claimed });
    expect((await make(site).render(`/view/${DRAFT_ID}`, INDEX)).html).toContain('<span class="cvp-site-name">fournil.fr</span>');
  });

  test('a draft, an unknown id, a malformed id, a backend error or a timeout: noindex, plain page', async () => {
    const draft = stubFetch({ [DRAFT_ID]: article({ demo: false }) });
    for (const [fetchImpl, p] of [
      [draft.fetchImpl, `/view/${DRAFT_ID}`],
      [stubFetch({}).fetchImpl, '/view/00000000-0000-4000-8000-000000000bad'],
      [draft.fetchImpl, '/view/not-a-uuid'],
      [draft.fetchImpl, `/view/${DRAFT_ID}/extra`],
      [stubFetch({}, { status: 500 }).fetchImpl, `/view/${DRAFT_ID}`],
      [stubFetch({}, { fail: true }).fetchImpl, `/view/${DEMO_ID}`],
    ]) {
      const out = await make(fetchImpl).render(p, INDEX);
      expect(out.noindex).toBe(true);
      expect(out.html).toContain('<meta name="robots" content="noindex, nofollow" />');
      expect(out.html).toContain('<title>Citable — SEO x IA Content</title>');
      expect(out.html).not.toContain('og:title');
    }
    expect([...new Set(draft.calls.map((c) => JSON.parse(c.init.body).p_version_id))]).toEqual([DRAFT_ID]); // malformed ids never asked
  });

  test('a draft gets the static copy and the app data too (noindex), fetched fresh each time', async () => {
    const { fetchImpl, calls } = stubFetch({ [DRAFT_ID]: article({ demo: false }) });
    const head = make(fetchImpl);
    const out = await head.render(`/view/${DRAFT_ID}`, INDEX);
    expect(out.noindex).toBe(true);
    expect(out.html).toContain('<div id="root"></div><div id="cv-prerender" aria-hidden="true">');
    expect(out.html).toContain('<p>Le levain naturel donne au pain une mie alvéolée.</p>');
    // one h1 per page (the page name): the article's own h1 becomes an h2
    expect(out.html).toContain('<h2>Titre</h2>');
    expect(out.html).not.toContain('<h1>Titre');
    expect(out.html).toContain(`<img class="cvp-cover" src="${SUPABASE}/storage/v1/object/public/page-images/seed/p.png"`);
    // what an anonymous reader sees around it, inert JSON too
    const context = /<script type="application\/json" id="cv-article-context">([\s\S]*?)<\/script>/.exec(out.html)[1];
    expect(JSON.parse(context).sent_back.comments_to_modify).toBe('</script><script>window.__xss=1</script>');
    expect(out.html).not.toContain('<script>window.__xss');
    await head.render(`/view/${DRAFT_ID}`, INDEX);
    expect(calls.filter((c) => c.url.endsWith('get_article_for_view'))).toHaveLength(2); // a client's version is never served from the cache
  });

  test("the static copy wears the client's site (logo and name, escaped) in the viewer's frame, never Citable's old header space", async () => {
    const withSite = { ...article({ demo: false }), site: { name: 'Fournil <des> Halles', logo_url: '/storage/v1/object/public/seo1/logos/l.png' } };
    const { fetchImpl } = stubFetch({ [DRAFT_ID]: withSite });
    const out = await make(fetchImpl).render(`/view/${DRAFT_ID}`, INDEX);
    expect(out.html).toContain(
      `<div id="cv-prerender" aria-hidden="true"><div class="cvp-site"><img class="cvp-site-logo" src="${SUPABASE}/storage/v1/object/public/seo1/logos/l.png" alt=""><span class="cvp-site-name">Fournil &lt;des&gt; Halles</span></div>`,
    );
    expect(out.html).toContain('#cv-prerender{padding:24px 16px 64px;');
    expect(out.html).not.toContain('88px');
    // a logo that is not an image address is left out; no site at all, no bar
    const { fetchImpl: f2 } = stubFetch({ [DRAFT_ID]: { ...article({ demo: false }), site: { name: 'Fournil', logo_url: 'javascript:alert(1)' } } });
    const out2 = await make(f2).render(`/view/${DRAFT_ID}`, INDEX);
    expect(out2.html).toContain('<div class="cvp-site"><span class="cvp-site-name">Fournil</span></div>');
    const { fetchImpl: f3 } = stubFetch({ [DRAFT_ID]: article({ demo: false }) });
    expect((await make(f3).render(`/view/${DRAFT_ID}`, INDEX)).html).not.toContain('class="cvp-site"');
  });

  test('caches a demo answer briefly', async () => {
    let t = 0;
    const { fetchImpl, calls } = stubFetch({ [DEMO_ID]: article({ demo: true }) });
    const head = make(fetchImpl, { now: () => t, ttlMs: 1000 });
    await head.render(`/view/${DEMO_ID}`, INDEX);
    await head.render(`/view/${DEMO_ID}`, INDEX);
    expect(calls).toHaveLength(2); // the article and its context, once
    t = 1500;
    await head.render(`/view/${DEMO_ID}`, INDEX);
    expect(calls).toHaveLength(4);
  });

  test('named entities of any kind are decoded by the parser, then escaped where they are written', async () => {
    const html = '<p>Caf&eacute; &agrave; Paris &amp; &lt;Lyon&gt;, l&rsquo;&eacute;t&eacute; &euro;&nbsp;&frac12;</p><p>Suite.</p>';
    const { fetchImpl } = stubFetch({ [DEMO_ID]: article({ demo: true, html }) });
    const out = await make(fetchImpl).render(`/view/${DEMO_ID}`, INDEX);
    expect(out.html).toContain('<meta name="description" content="Café à Paris &amp; &lt;Lyon&gt;, l’été € ½" />');
    expect(out.html).toContain('<meta property="og:description" content="Café à Paris &amp; &lt;Lyon&gt;, l’été € ½" />');
    expect(out.html).toContain('<p>Café à Paris &amp; &lt;Lyon&gt;, l’été € ½</p><p>Suite.</p>');
    // no entity reaches the head or the static copy as is (the app's JSON data keeps the article's HTML)
    const head = out.html.slice(0, out.html.indexOf('</head>'));
    const copy = /<div id="cv-prerender"[\s\S]*?(?=<script type="application\/json")/.exec(out.html)[0];
    for (const written of [head, copy]) expect(written).not.toMatch(/&(eacute|agrave|rsquo|euro|nbsp|frac12);/);
    expect(htmlToText('Caf&eacute; &agrave;')).toBe('Café à');
  });

  test('malformed HTML is read as a browser reads it: unclosed elements, an unclosed script or comment', () => {
    const html =
      '<p>Premier <b>paragraphe <i>mal fermé</b></p><p>Second<ul><li>un<li>deux</ul><table><tr><td>a<td>b</table>' +
      '<div>fin &amp c&eacute;<p>ok<script>alert(1)</p><p>jamais vu <!-- commentaire <p>non plus';
    expect(articleDescription(html)).toBe('Premier paragraphe mal fermé');
    // the script runs to the end of the input (its text is never the article's), the comment as well
    expect(staticBlocks(html, 'Titre')).toBe(
      '<p>Premier paragraphe mal fermé</p><p>Second</p><ul><li>un</li><li>deux</li></ul><p>a · b</p><p>fin &amp; cé</p><p>ok</p>',
    );
    expect(htmlToText('<p>a <b>b</p> c</i> &lt;d')).toBe('a b c <d');
    expect(articleDescription('texte sans paragraphe <em>du tout')).toBe('texte sans paragraphe du tout');
    expect(articleDescription(null)).toBe('');
  });

  test('text helpers', () => {
    expect(htmlToText('<p>a&nbsp;&amp;&#233;&#x41;<b>b</b></p><style>x{}</style>')).toBe('a &éA b');
    const long = `<p>${'mot '.repeat(100)}</p>`;
    const d = articleDescription(long);
    expect(d.length).toBeLessThanOrEqual(160);
    expect(d.endsWith('…')).toBe(true);
  });

  test('the shell server sends X-Robots-Tag on a draft and the demo tags on a demo article, never a 500', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'view-head-'));
    fs.writeFileSync(path.join(dir, 'index.html'), INDEX);
    const { fetchImpl } = stubFetch({ [DEMO_ID]: article({ demo: true }), [DRAFT_ID]: article({ demo: false }) });
    const server = await startAppServer({
      app: 'shell',
      distDir: dir,
      port: 0,
      host: '127.0.0.1',
      prerenderer: null,
      articleHead: make(fetchImpl),
      runtimeConfig: { supabaseUrl: SUPABASE, supabaseAnonKey: 'anon-key', remotes: {}, siteUrl: 'https://citable.example', linkedinScriptUrl: null, contact: {} },
    });
    try {
      const draft = await fetch(`${server.url}/view/${DRAFT_ID}`);
      expect(draft.status).toBe(200);
      expect(draft.headers.get('x-robots-tag')).toBe('noindex, nofollow');
      const demo = await fetch(`${server.url}/view/${DEMO_ID}`);
      expect(demo.status).toBe(200);
      expect(demo.headers.get('x-robots-tag')).toBeNull();
      expect(await demo.text()).toContain('og:title');
      const bad = await fetch(`${server.url}/view/%3Cscript%3E`);
      expect(bad.status).toBe(200);
      expect(bad.headers.get('x-robots-tag')).toBe('noindex, nofollow');
      const other = await fetch(`${server.url}/pricing`);
      expect(other.headers.get('x-robots-tag')).toBeNull();
      // the client's visibility report: noindex and private, no-store, as a draft
      const report = await fetch(`${server.url}/view/report/${'ab'.repeat(32)}`);
      expect(report.status).toBe(200);
      expect(report.headers.get('x-robots-tag')).toBe('noindex, nofollow');
      expect(report.headers.get('cache-control')).toBe('private, no-store');
    } finally {
      await server.close();
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  test('a client draft is sent private, no-store (its HTML carries the article and the comments); a demo article and other pages no-cache', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'view-head-'));
    fs.writeFileSync(path.join(dir, 'index.html'), INDEX);
    const draftArticle = article({ demo: false, html: '<p>Brouillon confidentiel du client.</p>' });
    draftArticle.version.comments_to_modify = 'Commentaire privé du client';
    const { fetchImpl } = stubFetch({ [DEMO_ID]: article({ demo: true }), [DRAFT_ID]: draftArticle });
    const server = await startAppServer({
      app: 'shell',
      distDir: dir,
      port: 0,
      host: '127.0.0.1',
      prerenderer: null,
      articleHead: make(fetchImpl),
      runtimeConfig: { supabaseUrl: SUPABASE, supabaseAnonKey: 'anon-key', remotes: {}, siteUrl: 'https://citable.example', linkedinScriptUrl: null, contact: {} },
    });
    try {
      const draft = await fetch(`${server.url}/view/${DRAFT_ID}`, { headers: { Accept: 'text/html', 'Accept-Encoding': 'gzip' } });
      expect(draft.status).toBe(200);
      expect(draft.headers.get('cache-control')).toBe('private, no-store');
      const html = await draft.text();
      // what the header protects: the draft and the client's comments are in the page
      expect(html).toContain('Brouillon confidentiel du client.');
      expect(html).toContain('Commentaire privé du client');
      for (const other of [`/view/${DRAFT_ID.toUpperCase()}/`, '/view/00000000-0000-4000-8000-000000000bad', '/view/not-a-uuid', '/view']) {
        expect([other, (await fetch(`${server.url}${other}`)).headers.get('cache-control')]).toEqual([other, 'private, no-store']);
      }
      const demo = await fetch(`${server.url}/view/${DEMO_ID}`);
      expect(demo.headers.get('cache-control')).toBe('no-cache');
      const home = await fetch(`${server.url}/pricing`);
      expect(home.headers.get('cache-control')).toBe('no-cache');
    } finally {
      await server.close();
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });

  test('a /view page sent while the article head fails (backend down) is private, no-store too', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'view-head-'));
    fs.writeFileSync(path.join(dir, 'index.html'), INDEX);
    const { fetchImpl } = stubFetch({}, { fail: true });
    const server = await startAppServer({
      app: 'shell',
      distDir: dir,
      port: 0,
      host: '127.0.0.1',
      prerenderer: null,
      articleHead: make(fetchImpl),
      runtimeConfig: { supabaseUrl: SUPABASE, supabaseAnonKey: 'anon-key', remotes: {}, siteUrl: 'https://citable.example', linkedinScriptUrl: null, contact: {} },
    });
    try {
      const page = await fetch(`${server.url}/view/${DEMO_ID}`);
      expect(page.status).toBe(200);
      expect(page.headers.get('cache-control')).toBe('private, no-store');
    } finally {
      await server.close();
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
