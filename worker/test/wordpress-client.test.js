// The WordPress REST client (worker/src/wordpress/client.ts) and the credential encryption
// (secret.ts), against the fake WordPress site (fakes/wordpress.js) on loopback: every failure
// mode of testConnection and of the publishing calls, classified retryable or not, and the
// application password in no message, result or log line.
import assert from 'node:assert/strict';
import http from 'node:http';
import util from 'node:util';
import { after, afterEach, before, beforeEach, describe, it } from 'node:test';
import { startFakeWordPress } from './fakes/wordpress.js';
import { testWordPressConnection, WordPressClient, WordPressError, WordPressTransientError, WORDPRESS_MESSAGES } from '../dist/wordpress/client.js';
import { decryptSecret, encryptSecret, parseSecretKey, secretKeysFrom } from '../dist/wordpress/secret.js';
import { fetchOutbound, OutboundError } from '../dist/outbound.js';
import { isPermanent } from '../dist/errors.js';

const PASSWORD = 'abcd EFGH 1234 ijkl MNOP 5678';
const USER = 'editor';
/** Every form the password could leak in. */
const LEAKS = [PASSWORD, PASSWORD.replace(/\s+/g, ''), Buffer.from(`${USER}:${PASSWORD}`).toString('base64'), 'EFGH'];

/** Everything the tests saw: messages, results, inspected clients, console lines. */
const seen = /** @type {string[]} */ ([]);
const remember = (/** @type {unknown} */ value) => {
  seen.push(typeof value === 'string' ? value : util.inspect(value, { depth: 8 }));
  try {
    seen.push(JSON.stringify(value));
  } catch {
    /* cyclic */
  }
  if (value instanceof Error) seen.push(value.message, String(value.stack), String(/** @type {any} */ (value).cause?.message ?? ''));
  return value;
};
const consoleMethods = /** @type {const} */ (['log', 'info', 'warn', 'error', 'debug']);
const originals = Object.fromEntries(consoleMethods.map((m) => [m, console[m]]));

/** @type {Awaited<ReturnType<typeof startFakeWordPress>>} */
let wp;

before(async () => {
  for (const m of consoleMethods) {
    console[m] = (...args) => {
      seen.push(util.format(...args));
      originals[m](...args);
    };
  }
  wp = await startFakeWordPress({ password: PASSWORD, username: USER });
});

after(async () => {
  await wp.close();
  for (const m of consoleMethods) console[m] = originals[m];
  // the password appears in nothing the client produced or logged
  const all = seen.join('\n');
  for (const leak of LEAKS) assert.ok(!all.includes(leak), `the password leaked: ${leak}`);
  assert.ok(seen.length > 50, 'the leak check saw what the tests produced');
});

beforeEach(() => {
  wp.reset();
  wp.set({ restDisabled: false, prettyPermalinks: true, seo: null, citableMeta: false, capabilities: { publish_posts: true, publish_pages: true, upload_files: true, edit_posts: true, edit_pages: true }, maxUpload: 10 * 1024 * 1024 });
});

const credentials = (/** @type {Partial<{ url: string, username: string, password: string }>} */ over = {}) => ({ url: wp.url, username: USER, password: PASSWORD, ...over });
const options = { allowPrivate: true, allowPlainHttp: true, timeoutMs: 1500 };
const client = (over = {}, opts = {}) => new WordPressClient(credentials(over), { ...options, ...opts });
const test = async (/** @type {any} */ over = {}, /** @type {any} */ opts = {}, /** @type {'posts' | 'pages'} */ type = 'posts') => remember(await testWordPressConnection(credentials(over), { ...options, ...opts }, type));

/** The error a promise rejects with. */
async function rejection(/** @type {Promise<unknown>} */ promise) {
  try {
    await promise;
  } catch (error) {
    return remember(error);
  }
  assert.fail('expected a rejection');
}

describe('testConnection', () => {
  it('a working site: its name, the user, capabilities, no SEO plugin', async () => {
    const result = await test();
    assert.equal(result.ok, true);
    assert.ok(result.ok);
    assert.equal(result.found.siteName, 'Le blog de test');
    assert.equal(result.found.restStyle, 'pretty');
    assert.deepEqual(result.found.user, { id: 7, name: 'Éditrice', slug: 'editor', roles: ['editor'] });
    assert.deepEqual(result.found.capabilities, { publish_posts: true, publish_pages: true, upload_files: true, edit_posts: true });
    assert.deepEqual(result.found.seo, { plugin: null, yoast: false, rankMath: false, writable: false, via: null, reason: 'no_plugin' });
    assert.equal(result.found.citableMeta, false);
    assert.deepEqual(result.found.warnings, []);
    // the calls made, each with the credentials
    assert.deepEqual(wp.requests.map((r) => `${r.method} ${r.route}`), ['GET /', 'GET /wp/v2/users/me', 'OPTIONS /wp/v2/posts']);
    assert.ok(wp.requests.every((r) => r.authorized));
    assert.equal(wp.requests[1].query.context, 'edit');
  });

  it('Yoast without its fields in the REST API, Yoast with them, Rank Math with its route', async () => {
    wp.set({ seo: 'yoast' });
    let result = await test();
    assert.ok(result.ok);
    assert.deepEqual(result.found.seo, { plugin: 'yoast', yoast: true, rankMath: false, writable: false, via: null, reason: 'meta_not_in_rest' });
    wp.set({ seo: 'yoast-rest', citableMeta: true });
    result = await test();
    assert.ok(result.ok);
    assert.deepEqual(result.found.seo, { plugin: 'yoast', yoast: true, rankMath: false, writable: true, via: 'meta', reason: null });
    assert.equal(result.found.citableMeta, true);
    wp.set({ seo: 'rankmath', citableMeta: false });
    result = await test();
    assert.ok(result.ok);
    assert.deepEqual(result.found.seo, { plugin: 'rank_math', yoast: false, rankMath: true, writable: true, via: 'rank_math_api', reason: null });
  });

  it('a site without pretty permalinks: found at ?rest_route=, and the client keeps using it', async () => {
    wp.set({ prettyPermalinks: false });
    const result = await test();
    assert.ok(result.ok);
    assert.equal(result.found.restStyle, 'query');
    const c = client();
    c.restStyle = 'query';
    const post = await c.createPost('posts', { title: 'Sans permaliens', content: '<p>x</p>', status: 'draft' });
    assert.equal(wp.posts.get(post.id)?.title, 'Sans permaliens');
  });

  it('unreachable: nothing listens, a time-out, a 5xx', async () => {
    const closed = http.createServer();
    await new Promise((resolve) => closed.listen(0, '127.0.0.1', () => resolve(undefined)));
    const { port } = /** @type {import('node:net').AddressInfo} */ (closed.address());
    await new Promise((resolve) => closed.close(() => resolve(undefined)));
    let result = await test({ url: `http://127.0.0.1:${port}` });
    assert.equal(result.ok, false);
    assert.equal(!result.ok && result.code, 'unreachable');

    wp.script('GET /', { hang: true });
    result = await test({}, { timeoutMs: 300 });
    assert.equal(!result.ok && result.code, 'unreachable');
    assert.match(!result.ok ? result.message : '', /did not answer within/);

    wp.script('GET /', { status: 503, body: { code: 'maintenance', message: 'Maintenance' } });
    result = await test();
    assert.equal(!result.ok && result.code, 'unreachable');
    assert.equal(!result.ok && result.status, 503);
  });

  it('unreachable: a private address without OUTBOUND_ALLOW_PRIVATE, not even asked', async () => {
    const result = await test({}, { allowPrivate: false });
    assert.equal(!result.ok && result.code, 'unreachable');
    assert.match(!result.ok ? result.message : '', /not a public address/);
    assert.equal(wp.requests.length, 0);
  });

  it('no_rest_api: REST disabled (a 404 HTML page), a security plugin (401 rest_cannot_access, 403), an HTML 200', async () => {
    wp.set({ restDisabled: true });
    let result = await test();
    assert.equal(!result.ok && result.code, 'no_rest_api');
    assert.deepEqual(wp.requests.map((r) => r.route), ['/', '/']); // /wp-json/ then ?rest_route=/
    wp.set({ restDisabled: false });

    wp.script('GET /', { status: 401, body: { code: 'rest_cannot_access', message: 'DRA: Only authenticated users can access the REST API.' } });
    result = await test();
    assert.equal(!result.ok && result.code, 'no_rest_api');

    wp.script('GET /', { status: 403, html: '<html>Forbidden by Wordfence</html>' });
    result = await test();
    assert.equal(!result.ok && result.code, 'no_rest_api');

    wp.script('GET /', { status: 200, html: '<html>Home page</html>' }, { status: 200, html: '<html>Home page</html>' });
    result = await test();
    assert.equal(!result.ok && result.code, 'no_rest_api');
  });

  it('wrong_credentials: a wrong password, an unknown user, credentials the server drops', async () => {
    let result = await test({ password: 'wxyz wxyz wxyz wxyz wxyz wxyz' });
    assert.equal(!result.ok && result.code, 'wrong_credentials');
    assert.equal(!result.ok && result.wpCode, 'incorrect_password');
    result = await test({ username: 'nobody' });
    assert.equal(!result.ok && result.code, 'wrong_credentials');
    wp.script('GET /wp/v2/users/me', { status: 401, body: { code: 'rest_not_logged_in', message: 'Vous n’êtes actuellement pas connecté.' } });
    result = await test();
    assert.equal(!result.ok && result.code, 'wrong_credentials');
    assert.match(!result.ok ? result.message : '', /Authorization header/);
  });

  it('cannot_publish: a user without publish_posts (or publish_pages for pages), a 403', async () => {
    wp.set({ capabilities: { publish_posts: false, publish_pages: true, upload_files: true, edit_posts: true } });
    let result = await test();
    assert.equal(!result.ok && result.code, 'cannot_publish');
    assert.match(!result.ok ? result.message : '', /publish_posts/);
    assert.equal(!result.ok && result.found.siteName, 'Le blog de test'); // what it found before failing
    result = await test({}, {}, 'pages');
    assert.equal(result.ok, true);
    wp.set({ capabilities: { publish_posts: true, publish_pages: false, upload_files: false, edit_posts: true } });
    result = await test({}, {}, 'pages');
    assert.equal(!result.ok && result.code, 'cannot_publish');
    result = await test();
    assert.ok(result.ok);
    assert.deepEqual(result.found.warnings, ['cannot_upload_files']);
    wp.script('GET /wp/v2/users/me', { status: 403, body: { code: 'rest_forbidden', message: 'Désolé.' } });
    result = await test();
    assert.equal(!result.ok && result.code, 'cannot_publish');
  });

  it('plain_http: refused before any request unless confirmed; an invalid address', async () => {
    let result = await test({}, { allowPlainHttp: false });
    assert.equal(!result.ok && result.code, 'plain_http');
    assert.equal(wp.requests.length, 0);
    result = await test({ url: 'ftp://example.com' });
    assert.equal(!result.ok && result.code, 'invalid_url');
    result = await test({ url: 'pas une adresse' });
    assert.equal(!result.ok && result.code, 'invalid_url');
    result = await test({ url: `${wp.url}/wp-admin/` });
    assert.ok(result.ok, 'a pasted /wp-admin/ address is the site');
  });

  it('every failure code has its French and English text (French typography)', () => {
    for (const [code, texts] of Object.entries(WORDPRESS_MESSAGES)) {
      assert.ok(texts.fr && texts.en, code);
      assert.doesNotMatch(texts.fr, / [?!:;]/, `${code}: a no-break space before ? ! : ;`);
      assert.doesNotMatch(texts.fr, /'/, `${code}: typographic apostrophes`);
    }
  });
});

describe('publishing calls', () => {
  it('uploads an image (raw body, Content-Disposition) and sets its alt text', async () => {
    const c = client();
    const png = Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex');
    const media = await c.uploadMedia({ data: png, filename: 'couverture pompe.png', contentType: 'image/png', altText: 'Pompe à chaleur' });
    assert.equal(wp.media.get(media.id)?.alt_text, 'Pompe à chaleur');
    assert.equal(wp.media.get(media.id)?.filename, 'couverture-pompe.png');
    assert.equal(wp.media.get(media.id)?.size, png.length);
    assert.match(media.sourceUrl, /couverture-pompe\.png$/);
  });

  it('a 413 on a large image is permanent (too_large)', async () => {
    wp.set({ maxUpload: 10 });
    const error = await rejection(client().uploadMedia({ data: Buffer.alloc(100), filename: 'big.png', contentType: 'image/png' }));
    assert.ok(error instanceof WordPressError);
    assert.equal(error.code, 'too_large');
    assert.ok(isPermanent(error));
  });

  it('creates, reads, updates a post and a page; finds a deleted post gone', async () => {
    const c = client();
    const post = await c.createPost('posts', { title: 'Titre', slug: 'mon-article', status: 'publish', content: '<!-- wp:paragraph -->\n<p>Un</p>\n<!-- /wp:paragraph -->' });
    assert.equal(post.slug, 'mon-article');
    assert.equal(post.status, 'publish');
    assert.match(post.link, /\/mon-article\/$/);
    const updated = await c.updatePost('posts', post.id, { content: '<p>Deux</p>', title: 'Titre 2' });
    assert.equal(updated.id, post.id);
    assert.equal((await c.getPost('posts', post.id)).title, 'Titre 2');
    assert.equal(wp.posts.size >= 1, true);
    const page = await c.createPost('pages', { title: 'Une page', status: 'draft', content: '<p>P</p>' });
    assert.equal(wp.posts.get(page.id)?.type, 'page');
    // a post is not a page
    assert.equal(await c.findPostById('pages', post.id), null);
    // trashed, then deleted
    await c.raw('DELETE', `${wp.url}/wp-json/wp/v2/posts/${post.id}`);
    assert.equal(await c.findPostById('posts', post.id), null);
    wp.deletePost(post.id);
    assert.equal(await c.findPostById('posts', post.id), null);
    const error = await rejection(c.getPost('posts', post.id));
    assert.equal(/** @type {any} */ (error).code, 'not_found');
    assert.ok(isPermanent(error));
  });

  it('finds a post without its id: by slug and the citable_page_id meta when exposed, else by title', async () => {
    const c = client();
    wp.set({ citableMeta: true });
    const other = await c.createPost('posts', { title: 'Autre', slug: 'guide', status: 'publish', content: 'x', meta: { citable_page_id: '99' } });
    const mine = await c.createPost('posts', { title: 'Mien', slug: 'guide', status: 'draft', content: 'x', meta: { citable_page_id: '42' } });
    assert.equal(mine.slug, 'guide-2');
    assert.equal((await c.findPost('posts', { slug: 'guide-2', pageId: 42, title: 'Mien' }))?.id, mine.id);
    // our post got guide-2 (the slug was taken): found by its title among the numbered slugs
    assert.equal((await c.findPost('posts', { slug: 'guide', pageId: 42, title: 'Mien' }))?.id, mine.id);
    assert.equal(await c.findPost('posts', { slug: 'guide', pageId: 43, title: 'Mien' }), null, 'the same slug and title, another page');
    assert.equal((await c.findPost('posts', { slug: 'guide', pageId: 99, title: 'x' }))?.id, other.id);
    wp.set({ citableMeta: false });
    const byTitle = await c.createPost('posts', { title: 'Sans méta', slug: 'sans-meta', status: 'publish', content: 'x', meta: { citable_page_id: '7' } });
    assert.equal((await c.findPost('posts', { slug: 'sans-meta', pageId: 7, title: 'Sans méta' }))?.id, byTitle.id);
    assert.equal(await c.findPost('posts', { slug: 'sans-meta', pageId: 7, title: 'Autre titre' }), null);
  });

  it('errors: 401 and 403 permanent, 404 with REST disabled permanent, 500 and 429 and time-outs retryable', async () => {
    const c = client();
    const input = { title: 'T', status: 'publish', content: 'x' };
    /** @type {[object, string, boolean][]} */
    const cases = [
      [{ status: 401, body: { code: 'rest_cannot_create', message: 'Désolé, vous n’avez pas l’autorisation de créer des publications.' } }, 'wrong_credentials', true],
      [{ status: 403, body: { code: 'rest_cannot_publish', message: 'Désolé.' } }, 'cannot_publish', true],
      [{ status: 404, html: '<html>Not found</html>' }, 'no_rest_api', true],
      [{ status: 404, body: { code: 'rest_no_route', message: 'Aucune route.' } }, 'no_rest_api', true],
      [{ status: 400, body: { code: 'rest_invalid_param', message: 'Paramètre(s) non valide(s)' } }, 'rejected', true],
      [{ status: 200, html: '<html>Blocked by a firewall</html>' }, 'no_rest_api', true],
      [{ status: 500, body: { code: 'internal_server_error', message: 'Erreur critique.' } }, 'server_error', false],
      [{ status: 502, html: '<html>Bad gateway</html>' }, 'server_error', false],
      [{ status: 429, body: { code: 'too_many', message: 'Slow down' }, headers: { 'retry-after': '30' } }, 'rate_limited', false],
      [{ hang: true }, 'timeout', false],
    ];
    for (const [response, code, permanent] of cases) {
      wp.script('POST /wp/v2/posts', response);
      const error = /** @type {any} */ (await rejection(c.createPost('posts', input)));
      assert.equal(error.code, code, JSON.stringify(response));
      assert.equal(isPermanent(error), permanent, `${code} permanent: ${permanent}`);
      assert.ok(permanent ? error instanceof WordPressError : error instanceof WordPressTransientError);
      assert.match(error.message, /127\.0\.0\.1/);
      if (code === 'rate_limited') assert.equal(error.retryAfterMs, 30_000);
    }
    assert.equal([...wp.posts.values()].filter((p) => p.title === 'T').length, 0);
  });

  it('writes the SEO fields: Yoast meta when registered, Rank Math through updateMeta, nothing otherwise', async () => {
    const c = client();
    const fields = { title: 'Titre SEO', description: 'Description.', focusKeyword: 'pompe à chaleur' };
    const post = await c.createPost('posts', { title: 'S', status: 'publish', content: 'x' });
    wp.set({ seo: 'yoast' });
    let found = /** @type {any} */ (await test()).found;
    assert.equal(await c.writeSeo('posts', post.id, found.seo, fields), false);
    wp.set({ seo: 'yoast-rest' });
    found = /** @type {any} */ (await test()).found;
    assert.equal(await c.writeSeo('posts', post.id, found.seo, fields), true);
    assert.deepEqual(wp.posts.get(post.id)?.meta, { _yoast_wpseo_title: 'Titre SEO', _yoast_wpseo_metadesc: 'Description.', _yoast_wpseo_focuskw: 'pompe à chaleur' });
    wp.set({ seo: 'rankmath' });
    found = /** @type {any} */ (await test()).found;
    assert.equal(await c.writeSeo('posts', post.id, found.seo, fields), true);
    assert.equal(wp.posts.get(post.id)?.meta.rank_math_focus_keyword, 'pompe à chaleur');
  });

  it('the client shows no password when logged or serialized', () => {
    const c = client();
    const shown = [util.inspect(c), JSON.stringify(c), String(c), util.format('%o', c)];
    remember(shown.join('\n'));
    for (const text of shown) for (const leak of LEAKS) assert.ok(!text.includes(leak), text);
    console.log('client', c); // goes through the console capture, checked at the end
  });
});

describe('outbound requests with credentials', () => {
  /** @type {http.Server} */
  let elsewhere;
  /** @type {string[]} */
  const seenHeaders = [];
  before(async () => {
    elsewhere = http.createServer((req, res) => {
      seenHeaders.push(String(req.headers.authorization ?? 'none'));
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end('{}');
    });
    await new Promise((resolve) => elsewhere.listen(0, '127.0.0.2', () => resolve(undefined)));
  });
  afterEach(() => {
    seenHeaders.length = 0;
  });
  after(() => new Promise((resolve) => elsewhere.close(() => resolve(undefined))));

  it('a redirect to another origin drops the Authorization header; a POST is never redirected into a GET', async () => {
    const { port } = /** @type {import('node:net').AddressInfo} */ (elsewhere.address());
    const redirector = http.createServer((req, res) => {
      res.writeHead(req.url === '/post' ? 302 : 301, { location: `http://127.0.0.2:${port}/target` });
      res.end();
    });
    await new Promise((resolve) => redirector.listen(0, '127.0.0.1', () => resolve(undefined)));
    const { port: from } = /** @type {import('node:net').AddressInfo} */ (redirector.address());
    try {
      const auth = `Basic ${Buffer.from(`${USER}:${PASSWORD}`).toString('base64')}`;
      await fetchOutbound(`http://127.0.0.1:${from}/get`, { accept: ['application/json'], allowPrivate: true, headers: { authorization: auth } });
      assert.deepEqual(seenHeaders, ['none']);
      const error = await rejection(fetchOutbound(`http://127.0.0.1:${from}/post`, { accept: ['application/json'], allowPrivate: true, method: 'POST', body: '{}', headers: { authorization: auth } }));
      assert.ok(error instanceof OutboundError);
      assert.equal(error.code, 'redirects');
      assert.deepEqual(seenHeaders, ['none']);
    } finally {
      await new Promise((resolve) => redirector.close(() => resolve(undefined)));
    }
  });
});

describe('credential encryption', () => {
  const key = parseSecretKey(Buffer.alloc(32, 7).toString('base64'));
  const other = parseSecretKey('ab'.repeat(32));

  it('round trip, a random IV each time, bound to its row', () => {
    const a = encryptSecret(PASSWORD, [key], 'site:1');
    const b = encryptSecret(PASSWORD, [key], 'site:1');
    assert.notEqual(a, b);
    assert.match(a, /^v1\.[0-9a-f]{8}\.[\w-]+\.[\w-]+\.[\w-]+$/);
    for (const leak of LEAKS) assert.ok(!a.includes(leak));
    assert.equal(decryptSecret(a, [key], 'site:1'), PASSWORD);
    assert.equal(decryptSecret(encryptSecret('é ü 🔑', [key]), [key]), 'é ü 🔑');
    const moved = /** @type {Error} */ (remember(catchSync(() => decryptSecret(a, [key], 'site:2'))));
    assert.match(moved.message, /could not be decrypted/);
  });

  it('a wrong key, an altered ciphertext, an unknown format fail with a clear error; a rotated key still reads', () => {
    const stored = encryptSecret(PASSWORD, [key], 'site:1');
    const wrongKey = /** @type {Error} */ (remember(catchSync(() => decryptSecret(stored, [other], 'site:1'))));
    assert.match(wrongKey.message, /another WORDPRESS_SECRET_KEY/);
    const parts = stored.split('.');
    parts[3] = Buffer.from(`x${Buffer.from(parts[3], 'base64url').toString('latin1').slice(1)}`, 'latin1').toString('base64url');
    const altered = /** @type {Error} */ (remember(catchSync(() => decryptSecret(parts.join('.'), [key], 'site:1'))));
    assert.match(altered.message, /could not be decrypted/);
    assert.match(/** @type {Error} */ (catchSync(() => decryptSecret('plain text', [key]))).message, /not in a known format/);
    // rotation: the new key first, the old one still decrypts
    const keys = secretKeysFrom({ WORDPRESS_SECRET_KEY: 'ab'.repeat(32), WORDPRESS_SECRET_KEY_PREVIOUS: Buffer.alloc(32, 7).toString('base64') });
    assert.equal(decryptSecret(stored, keys, 'site:1'), PASSWORD);
    assert.equal(encryptSecret('x', keys).split('.')[1], other.id);
  });

  it('the key from the environment: missing or malformed is a clear error', () => {
    assert.match(/** @type {Error} */ (catchSync(() => secretKeysFrom({}))).message, /WORDPRESS_SECRET_KEY/);
    assert.match(/** @type {Error} */ (catchSync(() => secretKeysFrom({ WORDPRESS_SECRET_KEY: 'short' }))).message, /32 bytes/);
    assert.match(/** @type {Error} */ (catchSync(() => secretKeysFrom({ WORDPRESS_SECRET_KEY: Buffer.alloc(16).toString('base64') }))).message, /32 bytes/);
    assert.equal(secretKeysFrom({ WORDPRESS_SECRET_KEY: Buffer.alloc(32, 1).toString('base64url') })[0].key.length, 32);
  });
});

function catchSync(/** @type {() => unknown} */ fn) {
  try {
    fn();
  } catch (error) {
    return error;
  }
  assert.fail('expected an error');
}
