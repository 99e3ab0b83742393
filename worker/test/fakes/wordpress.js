// A fake WordPress site speaking the REST API as WordPress 6.x does, for the worker's tests:
//   Basic auth with an application password (spaces ignored, as WordPress does); 401
//   incorrect_password / invalid_username, rest_not_logged_in without credentials;
//   GET  /wp-json/                      the index: name, home, namespaces (wp/v2, yoast/v1, rankmath/v1)
//   GET  /wp-json/wp/v2/users/me        the user, context=edit: roles and capabilities
//   OPTIONS /wp-json/wp/v2/posts|pages  the schema, `meta` listing the registered meta keys
//   POST /wp-json/wp/v2/media           the raw body with Content-Disposition, or multipart/form-data
//                                       (file, alt_text); POST /wp/v2/media/<id> updates alt_text
//   GET|POST /wp-json/wp/v2/posts|pages list (slug, search, status filters; context=edit) and create;
//   GET|POST|DELETE …/<id>              read, update, trash (force=true deletes)
//   GET  /wp-json/rankmath/v1, POST /wp-json/rankmath/v1/updateMeta   Rank Math's meta route
// Every route also at /?rest_route=/… (sites without pretty permalinks). Meta: only registered
// keys are kept and returned, like WordPress (Yoast's when `seo: 'yoast-rest'`, Rank Math's when
// 'rankmath', citable_page_id / citable_version when `citableMeta`); yoast_head_json is read-only.
// Switches: fake.set({ restDisabled | prettyPermalinks | capabilities | seo | citableMeta | maxUpload })
// and fake.script(matcher, ...responses) for one-off answers ({status, body, html, hang, afterHandling,
// headers}): `hang` never answers, `afterHandling` does the work and then never answers (a time-out
// after WordPress created the post). fake.deletePost(id) deletes a post as an editor would.
import http from 'node:http';
import busboy from 'busboy';

const STATUSES = ['publish', 'future', 'draft', 'pending', 'private'];

/**
 * @param {{ username?: string, password?: string, name?: string, seo?: 'yoast' | 'yoast-rest' | 'rankmath' | null, citableMeta?: boolean, capabilities?: Record<string, boolean>, prettyPermalinks?: boolean, maxUpload?: number }} [options]
 */
export async function startFakeWordPress(options = {}) {
  const settings = {
    username: options.username ?? 'editor',
    password: options.password ?? 'abcd EFGH 1234 ijkl MNOP 5678',
    name: options.name ?? 'Le blog de test',
    seo: options.seo ?? null,
    citableMeta: options.citableMeta ?? false,
    capabilities: options.capabilities ?? { publish_posts: true, publish_pages: true, upload_files: true, edit_posts: true, edit_pages: true },
    prettyPermalinks: options.prettyPermalinks ?? true,
    restDisabled: false,
    maxUpload: options.maxUpload ?? 10 * 1024 * 1024,
  };
  /** @type {{ method: string, route: string, query: Record<string, string>, authorized: boolean, authHeader: string | undefined, body: any, at: number }[]} */
  const requests = [];
  /** @type {{ match: (method: string, route: string) => boolean, responses: any[] }[]} */
  const scripts = [];
  /** @type {Map<number, any>} */
  const posts = new Map();
  /** @type {Map<number, any>} */
  const media = new Map();
  /** @type {Set<http.ServerResponse>} */
  const hanging = new Set();
  let nextId = 100;
  let origin = '';

  const registeredMeta = () => {
    /** @type {Record<string, any>} */
    const keys = {};
    if (settings.seo === 'yoast-rest') for (const k of ['_yoast_wpseo_title', '_yoast_wpseo_metadesc', '_yoast_wpseo_focuskw']) keys[k] = { type: 'string', default: '' };
    if (settings.citableMeta) for (const k of ['citable_page_id', 'citable_version']) keys[k] = { type: 'string', default: '' };
    return keys;
  };
  const namespaces = () => ['oembed/1.0', 'wp/v2', 'wp-site-health/v1', ...(settings.seo?.startsWith('yoast') ? ['yoast/v1'] : []), ...(settings.seo === 'rankmath' ? ['rankmath/v1'] : [])];

  /** @param {http.ServerResponse} res @param {number} status @param {unknown} body @param {Record<string, string>} [headers] */
  const send = (res, status, body, headers = {}) => {
    res.writeHead(status, { 'content-type': 'application/json; charset=UTF-8', ...headers });
    res.end(JSON.stringify(body));
  };
  const error = (/** @type {http.ServerResponse} */ res, /** @type {number} */ status, /** @type {string} */ code, /** @type {string} */ message) => send(res, status, { code, message, data: { status } });
  const themePage = (/** @type {http.ServerResponse} */ res, status = 404) => {
    res.writeHead(status, { 'content-type': 'text/html; charset=UTF-8' });
    res.end('<!DOCTYPE html><html><body><h1>Page introuvable</h1></body></html>');
  };

  const postView = (/** @type {any} */ p, /** @type {boolean} */ edit) => {
    const meta = Object.fromEntries(Object.keys(registeredMeta()).map((k) => [k, p.meta[k] ?? '']));
    return {
      id: p.id,
      date_gmt: p.date_gmt,
      modified_gmt: p.modified_gmt,
      slug: p.slug,
      status: p.status,
      type: p.type,
      link: p.status === 'publish' ? `${origin}/${p.slug}/` : `${origin}/?p=${p.id}`,
      title: edit ? { raw: p.title, rendered: p.title } : { rendered: p.title },
      content: edit ? { raw: p.content, rendered: p.content, block_version: 1 } : { rendered: p.content },
      excerpt: { rendered: p.excerpt ?? '' },
      featured_media: p.featured_media,
      meta,
      ...(settings.seo?.startsWith('yoast') ? { yoast_head_json: { title: p.meta._yoast_wpseo_title || p.title } } : {}),
    };
  };

  const uniqueSlug = (/** @type {string} */ slug, /** @type {number | null} */ id) => {
    const base = (slug || 'sans-titre').toLowerCase().replace(/[^a-z0-9-]+/g, '-').replace(/^-+|-+$/g, '') || 'sans-titre';
    let candidate = base;
    for (let n = 2; [...posts.values()].some((p) => p.slug === candidate && p.id !== id && p.status !== 'trash'); n++) candidate = `${base}-${n}`;
    return candidate;
  };

  /** Applies a create or update body to a post; an error [status, code, message] or null. */
  const apply = (/** @type {any} */ post, /** @type {any} */ body) => {
    if (body.status !== undefined && !STATUSES.includes(body.status)) return [400, 'rest_invalid_param', 'Paramètre(s) non valide(s) : status'];
    if (body.featured_media !== undefined && body.featured_media !== 0 && !media.has(Number(body.featured_media))) return [400, 'rest_invalid_featured_media', 'ID de média mis en avant invalide.'];
    if (body.title !== undefined) post.title = typeof body.title === 'object' ? body.title.raw : String(body.title);
    if (body.content !== undefined) post.content = typeof body.content === 'object' ? body.content.raw : String(body.content);
    if (body.excerpt !== undefined) post.excerpt = String(body.excerpt);
    if (body.status !== undefined) post.status = body.status;
    if (body.featured_media !== undefined) post.featured_media = Number(body.featured_media);
    if (body.slug !== undefined) post.slug = uniqueSlug(String(body.slug), post.id);
    if (body.meta && typeof body.meta === 'object') {
      const registered = registeredMeta();
      for (const [k, v] of Object.entries(body.meta)) if (k in registered) post.meta[k] = v; // others ignored, as WordPress does
    }
    post.modified_gmt = new Date().toISOString().slice(0, 19);
    return null;
  };

  /** Reads a request's body: JSON, multipart (busboy) or raw bytes. */
  const readBody = (/** @type {http.IncomingMessage} */ req) =>
    new Promise((resolve, reject) => {
      const type = String(req.headers['content-type'] ?? '');
      if (type.startsWith('multipart/form-data')) {
        /** @type {{ fields: Record<string, string>, file: { data: Buffer, filename: string, mimeType: string } | null }} */
        const form = { fields: {}, file: null };
        const bb = busboy({ headers: req.headers });
        bb.on('field', (name, value) => (form.fields[name] = value));
        bb.on('file', (_name, stream, info) => {
          const chunks = /** @type {Buffer[]} */ ([]);
          stream.on('data', (c) => chunks.push(c));
          stream.on('end', () => (form.file = { data: Buffer.concat(chunks), filename: info.filename, mimeType: info.mimeType }));
        });
        bb.on('close', () => resolve({ multipart: form }));
        bb.on('error', reject);
        req.pipe(bb);
        return;
      }
      const chunks = /** @type {Buffer[]} */ ([]);
      req.on('data', (c) => chunks.push(c));
      req.on('end', () => {
        const raw = Buffer.concat(chunks);
        if (type.startsWith('application/json')) {
          try {
            resolve({ json: raw.length ? JSON.parse(raw.toString('utf8')) : {} });
          } catch {
            resolve({ badJson: true });
          }
        } else resolve({ raw });
      });
      req.on('error', reject);
    });

  /** The user of the request: 'ok', 'none' (no credentials) or an error code. */
  const authOf = (/** @type {http.IncomingMessage} */ req) => {
    const header = req.headers.authorization;
    if (!header) return 'none';
    const m = /^Basic\s+(.+)$/i.exec(header);
    if (!m) return 'invalid_username';
    const decoded = Buffer.from(m[1], 'base64').toString('utf8');
    const at = decoded.indexOf(':');
    const user = decoded.slice(0, at);
    const pass = decoded.slice(at + 1);
    if (user !== settings.username) return 'invalid_username';
    if (pass.replace(/\s+/g, '') !== settings.password.replace(/\s+/g, '')) return 'incorrect_password';
    return 'ok';
  };

  const server = http.createServer(async (req, res) => {
    const url = new URL(req.url ?? '/', 'http://fake');
    let route = null;
    if (url.searchParams.has('rest_route')) route = url.searchParams.get('rest_route') || '/';
    else if (url.pathname === '/wp-json' || url.pathname.startsWith('/wp-json/')) route = url.pathname.slice('/wp-json'.length) || '/';
    const method = req.method ?? 'GET';
    const query = Object.fromEntries([...url.searchParams].filter(([k]) => k !== 'rest_route'));
    let body;
    try {
      body = await readBody(req);
    } catch {
      body = {};
    }
    const auth = authOf(req);
    requests.push({ method, route: route ?? url.pathname, query, authorized: auth === 'ok', authHeader: req.headers.authorization, body, at: Date.now() });

    const scripted = route !== null ? scripts.find((s) => s.responses.length && s.match(method, route)) : null;
    const step = scripted ? scripted.responses.shift() : null;
    if (step && !step.afterHandling) {
      if (step.hang) {
        hanging.add(res);
        return;
      }
      if (step.html) {
        res.writeHead(step.status ?? 200, { 'content-type': 'text/html; charset=UTF-8', ...step.headers });
        res.end(step.html);
        return;
      }
      send(res, step.status ?? 200, step.body ?? {}, step.headers);
      return;
    }
    // after the work, never answer: the client times out although WordPress did it
    const out = step?.afterHandling ? Object.assign(Object.create(res), { writeHead: () => out, end: () => hanging.add(res) }) : res;

    if (route === null || settings.restDisabled || (route !== null && url.searchParams.has('rest_route') === false && !settings.prettyPermalinks)) {
      themePage(out);
      return;
    }
    if (auth !== 'ok' && auth !== 'none') {
      error(out, 401, auth, auth === 'invalid_username' ? 'Nom d’utilisateur inconnu.' : 'Le mot de passe fourni pour cet identifiant est incorrect.');
      return;
    }
    const authed = auth === 'ok';
    const can = (/** @type {string} */ cap) => authed && settings.capabilities[cap] === true;

    if (route === '/' && method === 'GET') {
      send(out, 200, { name: settings.name, description: 'Un site de test', url: origin, home: origin, namespaces: namespaces(), authentication: { 'application-passwords': { endpoints: { authorization: `${origin}/wp-admin/authorize-application.php` } } } });
      return;
    }
    if (route === '/wp/v2/users/me' && method === 'GET') {
      if (!authed) return error(out, 401, 'rest_not_logged_in', 'Vous n’êtes actuellement pas connecté.');
      const roles = settings.capabilities.publish_posts ? ['editor'] : ['contributor'];
      return send(out, 200, { id: 7, name: 'Éditrice', slug: settings.username, roles, capabilities: { read: true, ...settings.capabilities } });
    }
    if (route === '/rankmath/v1' && method === 'GET' && settings.seo === 'rankmath') {
      return send(out, 200, { namespace: 'rankmath/v1', routes: { '/rankmath/v1': {}, '/rankmath/v1/updateMeta': { methods: ['POST'] } } });
    }
    if (route === '/rankmath/v1/updateMeta' && method === 'POST' && settings.seo === 'rankmath') {
      if (!can('edit_posts')) return error(out, 403, 'rest_forbidden', 'Désolé, vous n’avez pas l’autorisation de faire cela.');
      const post = posts.get(Number(body.json?.objectID));
      if (!post) return error(out, 404, 'rest_post_invalid_id', 'ID de publication non valide.');
      Object.assign(post.meta, body.json?.meta ?? {});
      return send(out, 200, { slug: true, schemas: {} });
    }
    const mediaMatch = /^\/wp\/v2\/media(?:\/(\d+))?$/.exec(route);
    if (mediaMatch) {
      if (!authed) return error(out, 401, 'rest_cannot_create', 'Désolé, vous n’avez pas l’autorisation de téléverser des fichiers.');
      if (!can('upload_files')) return error(out, 403, 'rest_cannot_create', 'Désolé, vous n’avez pas l’autorisation de téléverser des fichiers.');
      if (method === 'POST' && !mediaMatch[1]) {
        let file;
        let alt = '';
        if (body.multipart) {
          file = body.multipart.file;
          alt = body.multipart.fields.alt_text ?? '';
        } else if (body.raw) {
          const disposition = String(req.headers['content-disposition'] ?? '');
          const filename = /filename="?([^";]+)"?/.exec(disposition)?.[1];
          if (!filename) return error(out, 400, 'rest_upload_no_content_disposition', 'Aucun en-tête Content-Disposition fourni.');
          file = { data: body.raw, filename, mimeType: String(req.headers['content-type']) };
        }
        if (!file || !file.data.length) return error(out, 400, 'rest_upload_no_data', 'Aucune donnée fournie.');
        if (file.data.length > settings.maxUpload) {
          out.writeHead(413, { 'content-type': 'text/html' });
          out.end('<html><body><h1>413 Request Entity Too Large</h1></body></html>');
          return;
        }
        const id = nextId++;
        const item = { id, filename: file.filename, mime_type: file.mimeType, size: file.data.length, alt_text: alt, source_url: `${origin}/wp-content/uploads/2026/11/${file.filename}` };
        media.set(id, item);
        return send(out, 201, { ...item, media_type: 'image' });
      }
      const item = media.get(Number(mediaMatch[1]));
      if (!item) return error(out, 404, 'rest_post_invalid_id', 'ID de publication non valide.');
      if (method === 'POST') {
        if (typeof body.json?.alt_text === 'string') item.alt_text = body.json.alt_text;
        return send(out, 200, { ...item, media_type: 'image' });
      }
      if (method === 'GET') return send(out, 200, { ...item, media_type: 'image' });
    }
    const postMatch = /^\/wp\/v2\/(posts|pages)(?:\/(\d+))?$/.exec(route);
    if (postMatch) {
      const type = postMatch[1] === 'posts' ? 'post' : 'page';
      const id = postMatch[2] ? Number(postMatch[2]) : null;
      const publishCap = type === 'post' ? 'publish_posts' : 'publish_pages';
      if (method === 'OPTIONS') {
        return send(out, 200, { namespace: 'wp/v2', methods: ['GET', 'POST'], schema: { title: type, type: 'object', properties: { id: { type: 'integer' }, title: { type: 'object' }, content: { type: 'object' }, meta: { type: 'object', properties: registeredMeta() }, ...(settings.seo?.startsWith('yoast') ? { yoast_head_json: { type: 'object', readonly: true } } : {}) } } });
      }
      if (body.badJson) return error(out, 400, 'rest_invalid_json', 'Corps JSON invalide.');
      if (id === null && method === 'GET') {
        const wanted = (query.status ?? 'publish').split(',');
        if (wanted.some((s) => s !== 'publish') && !authed) return error(out, 400, 'rest_invalid_param', 'Paramètre(s) non valide(s) : status');
        if (query.context === 'edit' && !can('edit_posts')) return error(out, 401, 'rest_forbidden_context', 'Désolé, vous n’avez pas l’autorisation de modifier les publications de ce type.');
        const list = [...posts.values()].filter((p) => p.type === type && wanted.includes(p.status) && (!query.slug || query.slug.split(',').includes(p.slug)) && (!query.search || `${p.title} ${p.content}`.toLowerCase().includes(query.search.toLowerCase())));
        return send(out, 200, list.map((p) => postView(p, query.context === 'edit')));
      }
      if (id === null && method === 'POST') {
        if (!authed) return error(out, 401, 'rest_cannot_create', 'Désolé, vous n’avez pas l’autorisation de créer des publications.');
        if (!can('edit_posts')) return error(out, 403, 'rest_cannot_create', 'Désolé, vous n’avez pas l’autorisation de créer des publications en tant que cet utilisateur.');
        const status = body.json?.status ?? 'draft';
        if (['publish', 'future', 'private'].includes(status) && !can(publishCap)) return error(out, 403, 'rest_cannot_publish', 'Désolé, vous n’avez pas l’autorisation de publier.');
        const now = new Date().toISOString().slice(0, 19);
        const post = { id: nextId++, type, slug: '', status: 'draft', title: '', content: '', featured_media: 0, meta: {}, date_gmt: now, modified_gmt: now };
        post.slug = uniqueSlug(body.json?.slug ?? body.json?.title ?? '', post.id);
        const problem = apply(post, body.json ?? {});
        if (problem) return error(out, problem[0], problem[1], problem[2]);
        posts.set(post.id, post);
        return send(out, 201, postView(post, true));
      }
      const post = id !== null ? posts.get(id) : undefined;
      if (!post || post.type !== type) return error(out, 404, 'rest_post_invalid_id', 'ID de publication non valide.');
      if (method === 'GET') {
        if (post.status !== 'publish' && !authed) return error(out, 401, 'rest_forbidden', 'Désolé, vous n’avez pas l’autorisation de faire cela.');
        return send(out, 200, postView(post, query.context === 'edit' && authed));
      }
      if (method === 'POST' || method === 'PUT' || method === 'PATCH') {
        if (!authed) return error(out, 401, 'rest_cannot_edit', 'Désolé, vous n’avez pas l’autorisation de modifier cette publication.');
        if (!can('edit_posts')) return error(out, 403, 'rest_cannot_edit', 'Désolé, vous n’avez pas l’autorisation de modifier cette publication.');
        const problem = apply(post, body.json ?? {});
        if (problem) return error(out, problem[0], problem[1], problem[2]);
        return send(out, 200, postView(post, true));
      }
      if (method === 'DELETE') {
        if (!authed) return error(out, 401, 'rest_cannot_delete', 'Désolé, vous n’avez pas l’autorisation de supprimer cette publication.');
        if (query.force === 'true') posts.delete(post.id);
        else post.status = 'trash';
        return send(out, 200, postView(post, true));
      }
    }
    error(out, 404, 'rest_no_route', 'Aucune route ne correspond à l’URL et à la méthode de la requête.');
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(undefined)));
  const { port } = /** @type {import('node:net').AddressInfo} */ (server.address());
  origin = `http://127.0.0.1:${port}`;

  return {
    url: origin,
    port,
    requests,
    posts,
    media,
    settings,
    /** Changes the site's switches. @param {Partial<typeof settings>} changes */
    set(changes) {
      Object.assign(settings, changes);
    },
    /**
     * Queues one-off answers for the requests a matcher accepts ("POST /wp/v2/posts", a RegExp on
     * "METHOD route", or a function).
     * @param {string | RegExp | ((method: string, route: string) => boolean)} matcher
     * @param {...{ status?: number, body?: unknown, html?: string, hang?: boolean, afterHandling?: boolean, headers?: Record<string, string> }} responses
     */
    script(matcher, ...responses) {
      const match = typeof matcher === 'function' ? matcher : typeof matcher === 'string' ? (/** @type {string} */ m, /** @type {string} */ r) => `${m} ${r}` === matcher : (/** @type {string} */ m, /** @type {string} */ r) => matcher.test(`${m} ${r}`);
      scripts.push({ match, responses });
    },
    /** Deletes a post as an editor would in wp-admin (emptied from the trash). */
    deletePost(/** @type {number} */ id) {
      posts.delete(id);
    },
    /** Forgets the scripts and what arrived. */
    reset() {
      scripts.length = 0;
      requests.length = 0;
    },
    close: () =>
      new Promise((resolve) => {
        for (const res of hanging) res.destroy();
        server.closeAllConnections();
        server.close(() => resolve(undefined));
      }),
  };
}
