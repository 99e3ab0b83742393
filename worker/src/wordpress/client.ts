// The WordPress REST API client (issue 31): application passwords (Basic auth), every request
// through the outbound-fetch module (a WordPress address is a URL a user controls: public addresses
// only unless OUTBOUND_ALLOW_PRIVATE=1, checked again at each redirect, a byte cap and a time limit).
//
//   testConnection   GET /wp-json/ (the site's name, its namespaces: wp/v2, yoast/v1, rankmath/v1),
//                    GET /wp/v2/users/me?context=edit (the user and their capabilities), OPTIONS
//                    /wp/v2/<type> (which meta fields the REST API writes), GET /rankmath/v1 (its
//                    updateMeta route): a typed result, a failure code for each case
//   uploadMedia      POST /wp/v2/media, the image as the raw body with Content-Disposition; then
//                    its alt text
//   createPost, updatePost, getPost, findPost   /wp/v2/posts or /wp/v2/pages
//   writeSeo         the SEO plugin's fields: Yoast's meta keys when the REST API exposes them,
//                    Rank Math's /rankmath/v1/updateMeta
//
// Sites without pretty permalinks answer at /?rest_route=/…: testConnection finds which, and the
// client keeps it (`restStyle`). A plain-http site is refused before any request (the password
// would travel in clear) unless the operator confirmed it (allowPlainHttp).
//
// Errors: WordPressError (permanent: 401, 403, REST API missing or blocked, 404 of a post, 413, other
// 4xx, a refused address) and WordPressTransientError (time-outs, network failures, 5xx, 429):
// each has a `code` the screens translate (WORDPRESS_MESSAGES has the French and English texts) and
// an English message naming the site's host and WordPress's own error code. Neither the password
// nor the Authorization header is ever in a message: the only place the password goes is that header.
import { WordPressError, WordPressTransientError, type WordPressFailure } from './failures.js';
import { fetchOutbound, OutboundError, OutboundTransientError, type OutboundOptions, type OutboundResponse } from '../outbound.js';
import { parseRetryAfter } from '../http.js';

export { WORDPRESS_MESSAGES, WordPressError, WordPressTransientError, failureOf, type WordPressFailure } from './failures.js';

export type PostType = 'posts' | 'pages';
export type RestStyle = 'pretty' | 'query';

export interface WordPressCredentials {
  /** The site's address (its home, or where WordPress is installed). */
  url: string;
  username: string;
  /** The application password (spaces allowed, as WordPress shows it). */
  password: string;
  /** How the REST API is reached (found by testConnection); pretty by default. */
  restStyle?: RestStyle;
}

export interface ClientOptions {
  /** Each request's time limit (ms). */
  timeoutMs?: number;
  /** An upload's time limit (ms). */
  uploadTimeoutMs?: number;
  /** Reach private addresses (OUTBOUND_ALLOW_PRIVATE=1, local tests only). */
  allowPrivate?: boolean;
  /** The operator confirmed a plain-http site. */
  allowPlainHttp?: boolean;
  /** DNS, for tests. */
  resolve?: OutboundOptions['resolve'];
}

export const DEFAULT_WORDPRESS_TIMEOUT_MS = 20_000;
export const DEFAULT_UPLOAD_TIMEOUT_MS = 60_000;
const MAX_ANSWER_BYTES = 5 * 1024 * 1024;

/** The meta key of the Citable page a post was published from, and of the version it holds. */
export const CITABLE_PAGE_META = 'citable_page_id';
export const CITABLE_VERSION_META = 'citable_version';

/** Yoast SEO's meta keys (writable through the REST API only when the site registers them). */
export const YOAST_META = { title: '_yoast_wpseo_title', description: '_yoast_wpseo_metadesc', focusKeyword: '_yoast_wpseo_focuskw' } as const;
/** Rank Math's meta keys, written through its /rankmath/v1/updateMeta route. */
export const RANK_MATH_META = { title: 'rank_math_title', description: 'rank_math_description', focusKeyword: 'rank_math_focus_keyword' } as const;

export interface SeoSupport {
  plugin: 'yoast' | 'rank_math' | null;
  yoast: boolean;
  rankMath: boolean;
  /** Whether the plugin's title, description and focus keyword can be written through the REST API. */
  writable: boolean;
  /** How they are written: the post's meta (Yoast), Rank Math's updateMeta route, or not at all. */
  via: 'meta' | 'rank_math_api' | null;
  /** Why they cannot be written (English; code for the screens). */
  reason: 'no_plugin' | 'meta_not_in_rest' | 'route_missing' | null;
}

export interface ConnectionFound {
  siteName: string;
  siteUrl: string;
  /** The address WordPress answered at (after redirects), what the client calls next. */
  apiBase: string;
  restStyle: RestStyle;
  namespaces: string[];
  user: { id: number; name: string; slug: string | null; roles: string[] };
  capabilities: { publish_posts: boolean; publish_pages: boolean; upload_files: boolean; edit_posts: boolean };
  seo: SeoSupport;
  /** Whether the REST API exposes the citable_page_id and citable_version meta (a post found by them after a time-out). */
  citableMeta: boolean;
  /** What may hinder publishing without stopping it (cannot_upload_files…). */
  warnings: string[];
}

export type TestConnectionResult =
  | { ok: true; found: ConnectionFound }
  | { ok: false; code: WordPressFailure; message: string; status?: number; wpCode?: string; found: Partial<ConnectionFound> };

export interface WordPressPost {
  id: number;
  link: string;
  status: string;
  slug: string;
  title: string;
  modified_gmt: string | null;
  featured_media: number;
  meta: Record<string, unknown> | null;
}

export interface PostInput {
  title: string;
  slug?: string;
  status?: string;
  content: string;
  featured_media?: number;
  excerpt?: string;
  meta?: Record<string, unknown>;
}

/**
 * The site's base address: http(s), no credentials, query or fragment, no trailing slash, a
 * trailing /wp-admin, /wp-json or /wp-login.php left out. Throws WordPressError invalid_url.
 */
export function normalizeSiteUrl(raw: string): URL {
  let url: URL;
  try {
    url = new URL(String(raw ?? '').trim());
  } catch {
    throw new WordPressError('invalid_url', 'The WordPress site address is not a valid URL');
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') throw new WordPressError('invalid_url', `The WordPress site address must be http(s), not ${url.protocol}`);
  if (url.username || url.password) throw new WordPressError('invalid_url', 'The WordPress site address must not hold credentials');
  url.search = '';
  url.hash = '';
  url.pathname = url.pathname.replace(/\/(wp-admin|wp-json|wp-login\.php)(\/.*)?$/i, '').replace(/\/+$/, '');
  return url;
}

/** The URL of a REST route (`/wp/v2/posts`) on a site, pretty (/wp-json/…) or query (?rest_route=…). */
export function routeUrl(base: URL, route: string, style: RestStyle, query: Record<string, string | number | undefined> = {}) {
  const path = route.startsWith('/') ? route : `/${route}`;
  const url = new URL(base.toString());
  if (style === 'pretty') url.pathname = `${url.pathname.replace(/\/+$/, '')}/wp-json${path}`;
  else {
    url.pathname = `${url.pathname.replace(/\/+$/, '')}/`;
    url.searchParams.set('rest_route', path);
  }
  for (const [k, v] of Object.entries(query)) if (v !== undefined) url.searchParams.set(k, String(v));
  return url.toString();
}

const basicAuth = (username: string, password: string) => `Basic ${Buffer.from(`${username}:${password}`, 'utf8').toString('base64')}`;

// What a REST route may answer instead when it is missing or blocked (read to tell those cases apart).
const ANY_TEXT = ['application/json', 'text/html', 'text/plain', 'application/xhtml+xml', 'application/problem+json'];

interface Answer {
  status: number;
  json: unknown;
  isJson: boolean;
  url: string;
  headers: OutboundResponse['headers'];
}

/** WordPress's error body: {code, message, data: {status}}. */
function wpErrorOf(json: unknown): { code?: string; message?: string } {
  if (!json || typeof json !== 'object') return {};
  const o = json as Record<string, unknown>;
  return {
    code: typeof o.code === 'string' ? o.code : undefined,
    message: typeof o.message === 'string' ? o.message.replace(/<[^>]*>/g, '').replace(/\s+/g, ' ').trim().slice(0, 200) : undefined,
  };
}

const str = (v: unknown) => (typeof v === 'string' ? v : '');
const rendered = (v: unknown) => (v && typeof v === 'object' ? str((v as { raw?: unknown; rendered?: unknown }).raw) || str((v as { rendered?: unknown }).rendered) : str(v));

function postOf(json: unknown): WordPressPost {
  const o = (json ?? {}) as Record<string, unknown>;
  if (typeof o.id !== 'number') throw new WordPressTransientError('server_error', 'WordPress answered a post without an id');
  return {
    id: o.id,
    link: str(o.link),
    status: str(o.status),
    slug: str(o.slug),
    title: rendered(o.title),
    modified_gmt: typeof o.modified_gmt === 'string' ? o.modified_gmt : null,
    featured_media: typeof o.featured_media === 'number' ? o.featured_media : 0,
    meta: o.meta && typeof o.meta === 'object' && !Array.isArray(o.meta) ? (o.meta as Record<string, unknown>) : null,
  };
}

/**
 * A client for one site and user. Construct with the credentials decrypted for this run only.
 */
export class WordPressClient {
  base: URL;
  restStyle: RestStyle;
  readonly #auth: string;
  readonly #username: string;
  readonly #options: Required<Omit<ClientOptions, 'resolve'>> & Pick<ClientOptions, 'resolve'>;

  constructor(credentials: WordPressCredentials, options: ClientOptions = {}) {
    this.base = normalizeSiteUrl(credentials.url);
    this.restStyle = credentials.restStyle ?? 'pretty';
    this.#username = credentials.username;
    this.#auth = basicAuth(credentials.username, String(credentials.password ?? '').trim());
    this.#options = {
      timeoutMs: options.timeoutMs ?? DEFAULT_WORDPRESS_TIMEOUT_MS,
      uploadTimeoutMs: options.uploadTimeoutMs ?? DEFAULT_UPLOAD_TIMEOUT_MS,
      allowPrivate: options.allowPrivate ?? false,
      allowPlainHttp: options.allowPlainHttp ?? false,
      resolve: options.resolve,
    };
  }

  /** Never the password: what a log line or util.inspect shows of a client. */
  toJSON() {
    return { base: this.base.toString(), username: this.#username, restStyle: this.restStyle };
  }

  [Symbol.for('nodejs.util.inspect.custom')]() {
    return `WordPressClient ${JSON.stringify(this.toJSON())}`;
  }

  get host() {
    return this.base.host;
  }

  #checkScheme() {
    if (this.base.protocol === 'http:' && !this.#options.allowPlainHttp) {
      throw new WordPressError('plain_http', `${this.host} is not on HTTPS: the application password would travel in clear (confirm to allow it)`);
    }
  }

  /**
   * One request; the answer whatever its status (JSON parsed when it is JSON). Network failures,
   * time-outs and refused addresses are thrown as WordPress errors.
   */
  async raw(method: string, url: string, options: { json?: unknown; body?: Buffer; headers?: Record<string, string>; timeoutMs?: number; accept?: string[] } = {}): Promise<Answer> {
    this.#checkScheme();
    const headers: Record<string, string> = { authorization: this.#auth, ...options.headers };
    let body: Buffer | string | undefined = options.body;
    if (options.json !== undefined) {
      body = JSON.stringify(options.json);
      headers['content-type'] = 'application/json; charset=utf-8';
    }
    let response: OutboundResponse;
    try {
      response = await fetchOutbound(url, {
        accept: options.accept ?? ANY_TEXT,
        method,
        body,
        headers,
        throwOnStatus: false,
        maxBytes: MAX_ANSWER_BYTES,
        timeoutMs: options.timeoutMs ?? this.#options.timeoutMs,
        allowPrivate: this.#options.allowPrivate,
        ...(this.#options.resolve ? { resolve: this.#options.resolve } : {}),
      });
    } catch (error) {
      throw this.#outboundFailure(error);
    }
    let json: unknown = null;
    let isJson = false;
    if (/json/.test(response.contentType) || /^\s*[[{]/.test(response.body.subarray(0, 64).toString('utf8'))) {
      try {
        json = JSON.parse(response.body.toString('utf8'));
        isJson = true;
      } catch {
        /* not JSON after all */
      }
    }
    return { status: response.status, json, isJson, url: response.url, headers: response.headers };
  }

  #outboundFailure(error: unknown) {
    if (error instanceof OutboundTransientError) {
      if (error.code === 'timeout') return new WordPressTransientError('timeout', error.message, {}, { cause: error });
      return new WordPressTransientError('unreachable', error.message, {}, { cause: error });
    }
    if (error instanceof OutboundError) {
      if (error.code === 'content_type') return new WordPressError('no_rest_api', `${this.host}: the REST API answered something else than JSON (${error.message})`, {}, { cause: error });
      if (error.code === 'too_large') return new WordPressError('rejected', error.message, {}, { cause: error });
      if (error.code === 'scheme') return new WordPressError('invalid_url', error.message, {}, { cause: error });
      return new WordPressError('unreachable', error.message, { status: error.status }, { cause: error });
    }
    return error;
  }

  /**
   * A REST call that must succeed: its JSON, or the classified error.
   * @param what what the call does, for the message ("create the post")
   */
  async call(method: string, route: string, what: string, options: { query?: Record<string, string | number | undefined>; json?: unknown; body?: Buffer; headers?: Record<string, string>; timeoutMs?: number } = {}) {
    const answer = await this.raw(method, routeUrl(this.base, route, this.restStyle, options.query), options);
    if (answer.status >= 200 && answer.status < 300) {
      if (!answer.isJson) throw new WordPressError('no_rest_api', `${this.host} answered HTML instead of the REST API's JSON to ${what} (REST API disabled or blocked?)`, { status: answer.status });
      return answer.json;
    }
    throw this.classify(answer, what);
  }

  /** The error of a failed answer: retryable (5xx, 429, 408) or not (every other 4xx). */
  classify(answer: Answer, what: string): WordPressError | WordPressTransientError {
    const { status } = answer;
    const wp = wpErrorOf(answer.json);
    const detail = `${wp.code ? ` ${wp.code}` : ''}${wp.message ? `: ${wp.message}` : ''}`;
    const message = (reason: string) => `${this.host} refused to ${what}: ${reason} (${status}${detail})`;
    const details = { status, wpCode: wp.code };
    if (status === 429) {
      const header = answer.headers['retry-after'];
      const retryAfterMs = parseRetryAfter(Array.isArray(header) ? header[0] : header ?? null) ?? undefined;
      return new WordPressTransientError('rate_limited', message('too many requests'), { ...details, retryAfterMs });
    }
    if (status >= 500 || status === 408) return new WordPressTransientError('server_error', message('server error'), details);
    if (status === 401) {
      if (wp.code === 'rest_not_logged_in') {
        return new WordPressError('wrong_credentials', message('WordPress did not receive the credentials (the server drops the Authorization header, or application passwords are off)'), details);
      }
      // "Disable REST API" and the like answer 401 rest_cannot_access (or their own code) to everyone
      if (wp.code && (wp.code === 'rest_cannot_access' || /disabled?_rest|rest_(api_)?disabled|blocked|forbidden_rest/.test(wp.code))) {
        return new WordPressError('no_rest_api', message('the REST API is blocked'), details);
      }
      return new WordPressError('wrong_credentials', message('wrong username or application password'), details);
    }
    if (status === 403) return new WordPressError('cannot_publish', message('not allowed'), details);
    if (status === 404 || status === 410) {
      if (!answer.isJson || wp.code === 'rest_no_route') return new WordPressError('no_rest_api', message('no such REST route (REST API disabled?)'), details);
      return new WordPressError('not_found', message('not found'), details);
    }
    if (status === 413) return new WordPressError('too_large', message('too large'), details);
    return new WordPressError('rejected', message('refused'), details);
  }

  // ---------------------------------------------------------------------------- connection -----

  /**
   * Tests the connection: the REST API's index, the user and their capabilities, the SEO plugin.
   * Never throws for a failure of the site: the result says which (codes at the top of this file).
   * @param type the post type the site publishes (default_type_page_post)
   */
  async testConnection(type: PostType = 'posts'): Promise<TestConnectionResult> {
    const found: Partial<ConnectionFound> = {};
    const fail = (error: unknown): TestConnectionResult => {
      if (error instanceof WordPressError || error instanceof WordPressTransientError) {
        // a 5xx or a time-out of the site is "unreachable" for the operator; a 429 too
        const code: WordPressFailure = ['timeout', 'server_error', 'rate_limited'].includes(error.code) ? 'unreachable' : error.code;
        return { ok: false, code, message: error.message, status: error.status, wpCode: error.wpCode, found };
      }
      throw error;
    };
    try {
      this.#checkScheme();
      // 1. the index, pretty permalinks first, then ?rest_route=/
      let index: Answer | null = null;
      for (const style of ['pretty', 'query'] as RestStyle[]) {
        const answer = await this.raw('GET', routeUrl(this.base, '/', style, { _fields: 'name,description,url,home,namespaces,authentication' }));
        if (answer.status >= 200 && answer.status < 300 && answer.isJson && Array.isArray((answer.json as { namespaces?: unknown })?.namespaces)) {
          this.restStyle = style;
          index = answer;
          // a redirect (www., a subfolder): the address it ended at is where the API is
          const final = new URL(answer.url);
          final.search = '';
          final.hash = '';
          if (style === 'pretty') final.pathname = final.pathname.replace(/\/wp-json(\/.*)?$/, '');
          if (final.protocol === 'https:' || this.#options.allowPlainHttp) this.base = normalizeSiteUrl(final.toString());
          break;
        }
        // a 403 on the index is a security plugin (or a firewall) blocking the REST API
        if (answer.status === 403) throw new WordPressError('no_rest_api', `${this.host} blocks its REST API (403${wpErrorOf(answer.json).code ? ` ${wpErrorOf(answer.json).code}` : ''})`, { status: 403, wpCode: wpErrorOf(answer.json).code });
        if (answer.status === 401 || answer.status === 429 || answer.status >= 500) throw this.classify(answer, 'open its REST API');
      }
      if (!index) return fail(new WordPressError('no_rest_api', `${this.host} has no REST API at /wp-json/ nor ?rest_route=/ (disabled, or blocked by a security plugin)`));
      const info = index.json as { name?: unknown; url?: unknown; home?: unknown; namespaces: unknown[] };
      const namespaces = info.namespaces.filter((n): n is string => typeof n === 'string');
      Object.assign(found, {
        siteName: str(info.name).trim(),
        siteUrl: str(info.home) || str(info.url) || this.base.toString(),
        apiBase: this.base.toString(),
        restStyle: this.restStyle,
        namespaces,
      });
      if (!namespaces.includes('wp/v2')) return fail(new WordPressError('no_rest_api', `${this.host}'s REST API has no wp/v2 namespace (posts cannot be written)`));
      // 2. the user and what they may do
      const me = (await this.call('GET', '/wp/v2/users/me', 'tell who the user is', { query: { context: 'edit' } })) as Record<string, unknown>;
      const caps = (me.capabilities && typeof me.capabilities === 'object' ? me.capabilities : {}) as Record<string, unknown>;
      const has = (c: string) => caps[c] === true;
      found.user = { id: Number(me.id), name: str(me.name), slug: str(me.slug) || null, roles: Array.isArray(me.roles) ? me.roles.map(String) : [] };
      found.capabilities = { publish_posts: has('publish_posts'), publish_pages: has('publish_pages'), upload_files: has('upload_files'), edit_posts: has('edit_posts') };
      const publish = type === 'pages' ? 'publish_pages' : 'publish_posts';
      if (!has(publish)) {
        return fail(new WordPressError('cannot_publish', `${this.host}: the user ${found.user.slug ?? found.user.id} lacks the ${publish} capability (roles: ${found.user.roles.join(', ') || 'none'})`));
      }
      found.warnings = has('upload_files') ? [] : ['cannot_upload_files'];
      // 3. the SEO plugin, and what the REST API writes
      const schema = await this.raw('OPTIONS', routeUrl(this.base, `/wp/v2/${type}`, this.restStyle));
      const metaProps = ((schema.json as { schema?: { properties?: { meta?: { properties?: Record<string, unknown> } } } } | null)?.schema?.properties?.meta?.properties) ?? {};
      const yoast = namespaces.includes('yoast/v1');
      const rankMath = namespaces.includes('rankmath/v1');
      let seo: SeoSupport = { plugin: null, yoast, rankMath, writable: false, via: null, reason: 'no_plugin' };
      if (yoast) {
        const writable = Object.values(YOAST_META).every((k) => k in metaProps);
        seo = { plugin: 'yoast', yoast, rankMath, writable, via: writable ? 'meta' : null, reason: writable ? null : 'meta_not_in_rest' };
      } else if (rankMath) {
        const ns = await this.raw('GET', routeUrl(this.base, '/rankmath/v1', this.restStyle));
        const routes = ((ns.json as { routes?: Record<string, unknown> } | null)?.routes) ?? {};
        const writable = ns.status === 200 && Object.keys(routes).some((r) => r.replace(/\/+$/, '') === '/rankmath/v1/updateMeta');
        seo = { plugin: 'rank_math', yoast, rankMath, writable, via: writable ? 'rank_math_api' : null, reason: writable ? null : 'route_missing' };
      }
      found.seo = seo;
      found.citableMeta = CITABLE_PAGE_META in metaProps && CITABLE_VERSION_META in metaProps;
      return { ok: true, found: found as ConnectionFound };
    } catch (error) {
      return fail(error);
    }
  }

  // --------------------------------------------------------------------------------- media -----

  /**
   * Uploads an image to the media library (raw body, Content-Disposition), then sets its alt text.
   */
  async uploadMedia(file: { data: Buffer; filename: string; contentType: string; altText?: string }) {
    const filename = file.filename.replace(/[^\w.-]+/g, '-').replace(/^-+/, '') || 'image';
    const json = (await this.call('POST', '/wp/v2/media', 'upload the image', {
      body: file.data,
      headers: { 'content-type': file.contentType, 'content-disposition': `attachment; filename="${filename}"` },
      timeoutMs: this.#options.uploadTimeoutMs,
    })) as Record<string, unknown>;
    if (typeof json.id !== 'number') throw new WordPressTransientError('server_error', `${this.host} answered an upload without a media id`);
    let sourceUrl = str(json.source_url);
    if (file.altText) {
      const updated = (await this.call('POST', `/wp/v2/media/${json.id}`, 'set the image\'s alt text', { json: { alt_text: file.altText } })) as Record<string, unknown>;
      sourceUrl = str(updated.source_url) || sourceUrl;
    }
    return { id: json.id, sourceUrl };
  }

  // --------------------------------------------------------------------------------- posts -----

  async getPost(type: PostType, id: number): Promise<WordPressPost> {
    return postOf(await this.call('GET', `/wp/v2/${type}/${id}`, 'read the post', { query: { context: 'edit' } }));
  }

  async createPost(type: PostType, input: PostInput): Promise<WordPressPost> {
    return postOf(await this.call('POST', `/wp/v2/${type}`, `create the ${type === 'pages' ? 'page' : 'post'}`, { json: input }));
  }

  async updatePost(type: PostType, id: number, input: Partial<PostInput>): Promise<WordPressPost> {
    return postOf(await this.call('POST', `/wp/v2/${type}/${id}`, `update the ${type === 'pages' ? 'page' : 'post'}`, { json: input }));
  }

  /**
   * A post as it stands, or null when it was deleted (404, 410, or in the trash).
   */
  async findPostById(type: PostType, id: number): Promise<WordPressPost | null> {
    try {
      const post = await this.getPost(type, id);
      return post.status === 'trash' ? null : post;
    } catch (error) {
      if (error instanceof WordPressError && error.code === 'not_found') return null;
      throw error;
    }
  }

  /**
   * The post a Citable page was published to, found without its id (a retry after a time-out on
   * create): the posts with this slug (any status but trash), then those found by the title whose
   * slug is this one numbered (WordPress's slug-2 when the slug was taken); among them the one whose
   * citable_page_id meta is the page when the REST API exposes it, else the one with the same title.
   */
  async findPost(type: PostType, { slug, pageId, title }: { slug: string; pageId: string | number; title: string }): Promise<WordPressPost | null> {
    const statuses = 'publish,future,draft,pending,private';
    const pick = (list: unknown, sameSlug: (p: WordPressPost) => boolean) => {
      const posts = (Array.isArray(list) ? list : []).map(postOf).filter(sameSlug);
      const byMeta = posts.find((p) => p.meta && CITABLE_PAGE_META in p.meta && String(p.meta[CITABLE_PAGE_META]) === String(pageId));
      if (byMeta) return byMeta;
      return posts.find((p) => !(p.meta && CITABLE_PAGE_META in p.meta) && p.title.trim() === title.trim()) ?? null;
    };
    const bySlug = pick(await this.call('GET', `/wp/v2/${type}`, 'search the posts', { query: { slug, status: statuses, context: 'edit', per_page: 20 } }), () => true);
    if (bySlug) return bySlug;
    // the slug was taken by another post when ours was created: WordPress made it slug-2, slug-3…
    const numbered = new RegExp(`^${slug.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}-\\d+$`);
    const byTitle = await this.call('GET', `/wp/v2/${type}`, 'search the posts', { query: { search: title, status: statuses, context: 'edit', per_page: 20 } });
    return pick(byTitle, (p) => numbered.test(p.slug));
  }

  /**
   * Writes the SEO plugin's title, description and focus keyword for a post, as `seo` says the site
   * allows. Returns false (nothing written) when it cannot.
   */
  async writeSeo(type: PostType, id: number, seo: SeoSupport, fields: { title: string; description: string; focusKeyword: string | null }) {
    if (!seo.writable) return false;
    if (seo.via === 'meta') {
      await this.updatePost(type, id, {
        meta: { [YOAST_META.title]: fields.title, [YOAST_META.description]: fields.description, [YOAST_META.focusKeyword]: fields.focusKeyword ?? '' },
      });
      return true;
    }
    if (seo.via === 'rank_math_api') {
      await this.call('POST', '/rankmath/v1/updateMeta', 'write the Rank Math fields', {
        json: {
          objectID: id,
          objectType: 'post',
          meta: { [RANK_MATH_META.title]: fields.title, [RANK_MATH_META.description]: fields.description, [RANK_MATH_META.focusKeyword]: fields.focusKeyword ?? '' },
        },
      });
      return true;
    }
    return false;
  }
}

/**
 * Tests a connection from what the operator typed: an address that is not one is invalid_url, like
 * every other failure a result and not an exception.
 */
export async function testWordPressConnection(credentials: WordPressCredentials, options: ClientOptions = {}, type: PostType = 'posts'): Promise<TestConnectionResult> {
  let client: WordPressClient;
  try {
    client = new WordPressClient(credentials, options);
  } catch (error) {
    if (error instanceof WordPressError) return { ok: false, code: error.code, message: error.message, found: {} };
    throw error;
  }
  return client.testConnection(type);
}
