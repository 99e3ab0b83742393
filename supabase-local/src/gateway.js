// The gateway: one port, Kong-like. Routes /rest/v1 (PostgREST), /auth/v1,
// /storage/v1 and /mailbox; checks the apikey like Kong's key-auth; CORS;
// body-size caps; per-IP rate limits; one log line per request.
import http from 'node:http';
import { PassThrough } from 'node:stream';
import { authErrorBody, authErrors } from './auth/service.js';
import { clientIp, sendJson } from './http-util.js';
import { createRateLimiter } from './rate-limit.js';
import { createUpstreamPool } from './upstream.js';

const HOP_BY_HOP = new Set([
  'connection', 'keep-alive', 'proxy-authenticate', 'proxy-authorization', 'te', 'trailer', 'trailers',
  'transfer-encoding', 'upgrade', 'host', 'expect',
]);
/**
 * Client-address headers the gateway sets itself: a client's own are dropped, so what PostgREST
 * (and the SQL functions reading request.headers) sees is the socket's address.
 */
const CLIENT_ADDRESS_HEADERS = new Set(['x-forwarded-for', 'x-forwarded-proto', 'x-forwarded-host', 'x-real-ip', 'cf-connecting-ip', 'forwarded']);
const UTF8 = new TextDecoder('utf-8', { fatal: true });
const HEX = /^[0-9a-fA-F]{2}$/;

/**
 * Percent-decodes a URL part as PostgREST does (a '%' not followed by two hex digits stays as it
 * is); null when the bytes are not valid UTF-8.
 * @param {string} raw
 * @returns {string | null}
 */
export function percentDecode(raw) {
  if (!raw.includes('%')) return raw;
  /** @type {number[]} */
  const bytes = [];
  for (let i = 0; i < raw.length; i += 1) {
    const c = raw.charCodeAt(i);
    if (c === 37 && HEX.test(raw.slice(i + 1, i + 3))) {
      bytes.push(Number.parseInt(raw.slice(i + 1, i + 3), 16));
      i += 2;
    } else if (c < 0x80) {
      bytes.push(c);
    } else {
      bytes.push(...Buffer.from(raw[i], 'utf8'));
    }
  }
  try {
    return UTF8.decode(Uint8Array.from(bytes));
  } catch {
    return null;
  }
}

/** A function name as the limiter counts it: decoded, without surrounding space, lower case. */
const RPC_NAME = /^[a-z_][a-z0-9_$]*$/;

export const DEFAULT_ALLOWED_ORIGINS = [3000, 3001, 3002, 3003].flatMap((p) => [`http://localhost:${p}`, `http://127.0.0.1:${p}`]);

const ALLOW_HEADERS = [
  'authorization', 'apikey', 'x-client-info', 'content-type', 'prefer', 'range', 'accept-profile', 'content-profile',
  'x-upsert', 'cache-control', 'x-supabase-api-version', 'x-metadata', 'accept', 'accept-language', 'content-language',
].join(', ');
const EXPOSE_HEADERS = 'content-range, x-total-count, x-supabase-api-version, content-location, location, etag, content-length, content-type';

/**
 * @typedef {'signup' | 'token' | 'recover' | 'verify' | 'rpc'} RateLimitName
 * @typedef {{ rest: number, auth: number }} BodyLimits request body caps in bytes
 * @typedef {http.IncomingMessage} Req
 * @typedef {http.ServerResponse} Res
 * @typedef {(req: Req, res: Res, subpath: string, query: URLSearchParams) => unknown} ServiceHandler
 * @typedef {{ port?: number | null, socketPath?: string | null, state: string, whenReady: (ms: number) => Promise<boolean> }} PostgrestTarget
 */

/** @type {Record<RateLimitName, import('./rate-limit.js').RateLimit>} */
export const DEFAULT_RATE_LIMITS = {
  signup: { max: 60, windowMs: 5 * 60_000 },
  token: { max: 300, windowMs: 5 * 60_000 },
  recover: { max: 30, windowMs: 5 * 60_000 },
  verify: { max: 300, windowMs: 5 * 60_000 },
  rpc: { max: 30, windowMs: 60_000 },
};
export const DEFAULT_PUBLIC_RPCS = ['submit_contact_message', 'claim_first_article'];

/**
 * REST: an article version's HTML may hold 5,000,000 characters (pages_versions.html_content, migration
 * 20261127000300), up to 3 bytes each in UTF-8 plus JSON's escapes: 16 MiB lets any of them through.
 */
/** @type {BodyLimits} */
export const DEFAULT_BODY_LIMITS = { rest: 16 * 1024 * 1024, auth: 64 * 1024 };
/** REST responses up to this size are sent in one write with a content-length. */
const SMALL_BODY = 64 * 1024;

/**
 * Relays a PostgREST response body to the caller. Small bodies (a page of rows) are collected
 * and sent with their headers in one write, with a content-length instead of chunked encoding:
 * fewer syscalls per call. Past SMALL_BODY bytes the rest is streamed as it arrives, pausing
 * `source` while the caller's socket is full.
 * @param {http.IncomingMessage} req
 * @param {http.ServerResponse} res
 * @param {number} status
 * @param {Record<string, string | string[] | number | undefined>} headers
 * @param {{ pause: () => unknown, resume: () => unknown }} source
 */
function relayBody(req, res, status, headers, source) {
  /** @type {Buffer[]} */
  let chunks = [];
  let size = 0;
  let streaming = false;
  return {
    /** @param {Buffer} chunk */
    data(chunk) {
      if (streaming) {
        if (!res.write(chunk)) {
          source.pause();
          res.once('drain', () => source.resume());
        }
        return;
      }
      chunks.push(chunk);
      size += chunk.length;
      if (size > SMALL_BODY) {
        streaming = true;
        res.writeHead(status, headers);
        for (const c of chunks) res.write(c);
        chunks = [];
      }
    },
    end() {
      if (streaming) {
        res.end();
        return;
      }
      if (req.method === 'HEAD' || status === 204 || status === 304) {
        res.writeHead(status, headers);
        res.end();
        return;
      }
      const body = chunks.length === 1 ? chunks[0] : Buffer.concat(chunks, size);
      headers['content-length'] = String(body.length);
      res.writeHead(status, headers);
      res.end(body);
    },
  };
}

/**
 * @param {{
 *   anonKey: string, serviceRoleKey: string,
 *   postgrest: PostgrestTarget | (() => PostgrestTarget | null),
 *   auth: { handle: ServiceHandler }, storage: { handle: ServiceHandler }, mailbox: { handle: ServiceHandler },
 *   allowedOrigins?: string[], rateLimits?: Partial<Record<RateLimitName, import('./rate-limit.js').RateLimit>>,
 *   publicRpcs?: string[], bodyLimits?: Partial<BodyLimits>,
 *   isDbDown?: () => boolean, log?: (m: string) => void,
 *   restConcurrency?: number, restQueueTimeoutMs?: number,
 * }} opts
 *
 * restConcurrency: at most this many /rest/v1 requests are in PostgREST at once; the others
 * wait here, first come first served (unlimited when 0 or unset). PostgREST's own pool
 * hands connections to waiting requests in no particular order, so when requests outnumber
 * the database's cores, queueing here gives every caller about the same wait (a tight tail)
 * and keeps the number of busy PostgreSQL backends near the number of cores. A request
 * still queued after restQueueTimeoutMs (10 s, PostgREST's pool acquisition timeout) gets
 * PostgREST's 504 PGRST003.
 */
export function createGateway(opts) {
  const log = opts.log || (() => {});
  const origins = new Set(opts.allowedOrigins && opts.allowedOrigins.length ? opts.allowedOrigins : DEFAULT_ALLOWED_ORIGINS);
  const anyOrigin = origins.has('*');
  const limits = { ...DEFAULT_RATE_LIMITS, ...(opts.rateLimits || {}) };
  const limiters = {
    signup: createRateLimiter(limits.signup),
    token: createRateLimiter(limits.token),
    recover: createRateLimiter(limits.recover),
    verify: createRateLimiter(limits.verify),
    rpc: createRateLimiter(limits.rpc),
  };
  const publicRpcs = new Set((opts.publicRpcs || DEFAULT_PUBLIC_RPCS).map((n) => n.toLowerCase()));
  const bodyLimits = { ...DEFAULT_BODY_LIMITS, ...(opts.bodyLimits || {}) };
  const validKeys = new Set([opts.anonKey, opts.serviceRoleKey]);
  const isDbDown = opts.isDbDown || (() => false);
  const { postgrest } = opts;
  const getPostgrest = typeof postgrest === 'function' ? postgrest : () => postgrest;
  // Keep-alive connections to PostgREST (undici), for every /rest/v1 request.
  const upstream = createUpstreamPool({ maxSockets: 128 });
  const restLimit = opts.restConcurrency && opts.restConcurrency > 0 ? opts.restConcurrency : Infinity;
  const restQueueTimeoutMs = opts.restQueueTimeoutMs ?? 10_000;
  let restInFlight = 0;
  /** @type {Array<{ grant: () => void }>} FIFO of requests waiting for a PostgREST slot. */
  const restQueue = [];

  /** Resolves true with a slot (call releaseRest once), false when the wait timed out. */
  function acquireRest() {
    if (restInFlight < restLimit) {
      restInFlight += 1;
      return Promise.resolve(true);
    }
    return new Promise((resolve) => {
      const waiter = {
        grant: () => {
          clearTimeout(timer);
          resolve(true);
        },
      };
      const timer = setTimeout(() => {
        const i = restQueue.indexOf(waiter);
        if (i >= 0) restQueue.splice(i, 1);
        resolve(false);
      }, restQueueTimeoutMs);
      restQueue.push(waiter);
    });
  }

  /** Hands the slot straight to the oldest waiter (no barging by newer requests). */
  function releaseRest() {
    const next = restQueue.shift();
    if (next) next.grant();
    else restInFlight -= 1;
  }

  /** @param {Req} req @param {Res} res */
  function cors(req, res) {
    const origin = req.headers.origin;
    if (!origin) return;
    if (anyOrigin || origins.has(origin)) {
      res.setHeader('access-control-allow-origin', anyOrigin ? '*' : origin);
      res.setHeader('access-control-expose-headers', EXPOSE_HEADERS);
    }
    res.setHeader('vary', 'Origin');
  }

  /** @param {Req} req @param {Res} res */
  function preflight(req, res) {
    const origin = req.headers.origin;
    if (origin && (anyOrigin || origins.has(origin))) {
      res.writeHead(204, {
        'access-control-allow-origin': anyOrigin ? '*' : origin,
        'access-control-allow-methods': 'GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS',
        'access-control-allow-headers': ALLOW_HEADERS,
        'access-control-max-age': '86400',
        vary: 'Origin',
      });
    } else {
      res.writeHead(204, { vary: 'Origin' });
    }
    res.end();
  }

  /**
   * Kong key-auth: the apikey header (or ?apikey=) must be one of the project keys.
   * @param {Req} req
   * @param {URL} url
   * @returns {{ status: number, body: object } | null} the refusal, or null
   */
  function checkApiKey(req, url) {
    const key = req.headers.apikey || url.searchParams.get('apikey');
    if (!key) return { status: 401, body: { message: 'No API key found in request', hint: 'No `apikey` request header or url param was found.' } };
    if (!validKeys.has(String(key))) return { status: 401, body: { message: 'Invalid API key', hint: 'Double check your Supabase `anon` or `service_role` API key.' } };
    // Kong's behaviour in Supabase: with only an apikey, the key is the bearer.
    if (!req.headers.authorization) req.headers.authorization = `Bearer ${key}`;
    return null;
  }

  /** @param {Req} req @param {Res} res @param {'auth' | 'rpc'} kind @param {number} retryAfter */
  function tooMany(req, res, kind, retryAfter) {
    res.setHeader('retry-after', String(retryAfter));
    req.resume();
    if (kind === 'auth') {
      const err = authErrors.overRequestRateLimit();
      sendJson(res, 429, authErrorBody(err, req), { 'x-supabase-api-version': '2024-01-01' });
    } else {
      sendJson(res, 429, {
        code: '429',
        details: null,
        hint: `Try again in ${retryAfter} seconds.`,
        message: 'Too many requests: rate limit reached for this function',
      });
    }
  }

  /** A PostgREST-shaped 400 (PGRST100 is its code for a request it cannot parse). */
  /** @param {Req} req @param {Res} res @param {string} message */
  function badRestRequest(req, res, message) {
    req.resume();
    sendJson(res, 400, { code: 'PGRST100', details: null, hint: null, message });
  }

  /**
   * The OpenAPI root (GET /rest/v1/) lists every table, column and function: the service role's
   * only, as Supabase does for its new API keys. The caller is the service role when its bearer
   * (or its apikey, the bearer when there is no Authorization) is the service_role key.
   * @param {Req} req
   */
  function isServiceRole(req) {
    return req.headers.authorization === `Bearer ${opts.serviceRoleKey}`;
  }

  /** @param {Req} req @param {Res} res @param {string} prefix */
  function dbDownResponse(req, res, prefix) {
    req.resume();
    if (prefix === '/auth/v1') {
      sendJson(res, 503, authErrorBody(authErrors.dbUnavailable(), req), { 'x-supabase-api-version': '2024-01-01' });
    } else if (prefix === '/storage/v1') {
      sendJson(res, 503, { statusCode: '503', error: 'DatabaseUnavailable', message: 'Database unavailable: PostgreSQL is down' });
    } else {
      sendJson(res, 503, { code: 'PGRST001', details: 'PostgreSQL is down', hint: 'The backend is stopping; restart it with npm run backend.', message: 'Database unavailable' });
    }
  }

  /**
   * A /rest/v1 request to PostgREST (through the queue when there is one), its answer relayed.
   * @param {Req} req
   * @param {Res} res
   * @param {URL} url
   * @param {string} subpath
   */
  async function proxyRest(req, res, url, subpath) {
    const pgrst = getPostgrest();
    const declared = Number(req.headers['content-length']);
    if (Number.isFinite(declared) && declared > bodyLimits.rest) {
      req.resume();
      sendJson(res, 413, { code: '413', details: null, hint: null, message: `Request body too large (limit ${bodyLimits.rest} bytes)` });
      return;
    }
    if (!pgrst || (pgrst.state !== 'ready' && !(await pgrst.whenReady(5000)))) {
      req.resume();
      sendJson(res, 503, { code: 'PGRST000', details: 'PostgREST is restarting', hint: 'Retry in a few seconds.', message: 'REST service unavailable' }, { 'retry-after': '2' });
      return;
    }
    if (!(await acquireRest())) {
      req.resume();
      sendJson(res, 504, { code: 'PGRST003', details: null, hint: null, message: 'Timed out acquiring connection from connection pool.' });
      return;
    }
    let released = false;
    const release = () => {
      if (released) return;
      released = true;
      releaseRest();
    };
    if (req.destroyed || res.destroyed) {
      // The caller went away while queued.
      release();
      return;
    }
    const hasBody = req.headers['transfer-encoding'] !== undefined || (Number.isFinite(declared) && declared > 0);
    /** @type {Record<string, string | string[]>} */
    const headers = {};
    for (const k in req.headers) {
      const v = req.headers[k];
      if (v !== undefined && !HOP_BY_HOP.has(k) && !CLIENT_ADDRESS_HEADERS.has(k)) headers[k] = v;
    }
    headers['x-forwarded-for'] = clientIp(req);
    headers['x-forwarded-proto'] = 'http';
    if (req.headers.host) headers['x-forwarded-host'] = req.headers.host;
    // A body is streamed to PostgREST as it comes, counted: past the cap the upload is cut
    // (PostgREST never sees a whole request) and the caller gets a 413.
    /** @type {PassThrough | null} */
    let body = null;
    let tooLarge = false;
    if (hasBody) {
      const counted = new PassThrough();
      body = counted;
      let sent = 0;
      req.on('data', (/** @type {Buffer} */ chunk) => {
        sent += chunk.length;
        if (sent > bodyLimits.rest && !tooLarge) {
          tooLarge = true;
          req.unpipe(counted);
          req.resume();
          exchange.abort();
          release();
          sendJson(res, 413, { code: '413', details: null, hint: null, message: `Request body too large (limit ${bodyLimits.rest} bytes)` });
        }
      });
      req.pipe(counted);
    } else {
      req.resume();
    }
    /** @type {import('./upstream.js').Where} */
    const where = pgrst.socketPath ? { path: pgrst.socketPath } : { host: '127.0.0.1', port: Number(pgrst.port) };
    /** @type {ReturnType<typeof relayBody> | null} */
    let relay = null;
    const exchange = upstream.request(where, { method: req.method || 'GET', path: (subpath || '/') + url.search, headers, body }, {
      onHead(st, upHeaders) {
        // The slot is free once PostgREST answers (its transaction is over by then).
        release();
        /** @type {http.OutgoingHttpHeaders} */
        const out = {};
        // PostgREST's own CORS headers (allow-origin *) are replaced by the gateway's.
        for (const k in upHeaders) if (!HOP_BY_HOP.has(k) && !k.startsWith('access-control-')) out[k] = upHeaders[k];
        relay = relayBody(req, res, st, out, exchange);
      },
      onData(chunk) {
        relay?.data(chunk);
      },
      onEnd() {
        relay?.end();
      },
      onError(e) {
        release();
        if (res.headersSent) {
          res.destroy();
          return;
        }
        const code = /** @type {{ code?: string }} */ (e).code;
        sendJson(res, 503, { code: 'PGRST000', details: code || e.message, hint: 'Retry in a few seconds.', message: 'REST service unavailable' }, { 'retry-after': '2' });
      },
    });
    // The caller went away: stop relaying (that connection to PostgREST is not reused).
    res.once('close', () => {
      if (res.writableFinished) return;
      exchange.abort();
      release();
    });
  }

  /** @param {Req} req @param {Res} res */
  async function handle(req, res) {
    const started = process.hrtime.bigint();
    let url;
    try {
      url = new URL(req.url || '/', 'http://gateway.local');
    } catch {
      sendJson(res, 400, { message: 'Bad request URL' });
      return;
    }
    const pathname = url.pathname;
    res.on('finish', () => {
      const ms = Number(process.hrtime.bigint() - started) / 1e6;
      log(`${req.method} ${pathname} ${res.statusCode} ${ms.toFixed(1)}ms`);
    });
    res.setHeader('x-content-type-options', 'nosniff');
    cors(req, res);
    if (req.method === 'OPTIONS') {
      preflight(req, res);
      return;
    }
    const m = /^\/(rest\/v1|auth\/v1|storage\/v1|mailbox)(\/.*)?$/.exec(pathname);
    if (!m) {
      req.resume();
      sendJson(res, 404, { message: 'no Route matched with those values' });
      return;
    }
    const prefix = `/${m[1]}`;
    const subpath = m[2] || '';
    const ip = clientIp(req);

    if (prefix === '/mailbox') {
      opts.mailbox.handle(req, res, subpath, url.searchParams);
      return;
    }

    // Kong: /auth/v1/verify, /callback and /authorize are open; the rest needs an apikey.
    const openAuth = prefix === '/auth/v1' && ['/verify', '/callback', '/authorize'].includes(subpath);
    if ((prefix === '/rest/v1' || prefix === '/auth/v1') && !openAuth) {
      const refusal = checkApiKey(req, url);
      if (refusal) {
        req.resume();
        sendJson(res, refusal.status, refusal.body);
        return;
      }
    }
    if (prefix === '/storage/v1' && !req.headers.authorization && req.headers.apikey) {
      req.headers.authorization = `Bearer ${req.headers.apikey}`;
    }

    // Rate limits.
    if (prefix === '/auth/v1' && req.method === 'POST') {
      /** @type {RateLimitName | null} */
      let bucket = null;
      if (subpath === '/signup') bucket = 'signup';
      else if (subpath === '/token') bucket = 'token';
      else if (subpath === '/recover' || subpath === '/otp' || subpath === '/resend') bucket = 'recover';
      else if (subpath === '/verify' || /^\/factors\/[^/]+\/(verify|challenge)$/.test(subpath)) bucket = 'verify';
      if (bucket) {
        const r = limiters[bucket].hit(`${bucket}:${ip}`);
        if (!r.ok) return tooMany(req, res, 'auth', r.retryAfter);
      }
    } else if (prefix === '/auth/v1' && subpath === '/verify') {
      const r = limiters.verify.hit(`verify:${ip}`);
      if (!r.ok) return tooMany(req, res, 'auth', r.retryAfter);
    } else if (prefix === '/rest/v1') {
      // PostgREST answers a URL that is not UTF-8 once decoded with a 500: refuse it here.
      const path = percentDecode(subpath);
      if (path === null || percentDecode(url.search) === null) {
        return badRestRequest(req, res, 'Invalid UTF-8 in the request URL');
      }
      // PostgREST's routing ignores empty path segments: /rest/v1//rpc//f is /rpc/f.
      const segments = path.split('/').filter(Boolean);
      if (segments.length === 0 && !isServiceRole(req)) {
        req.resume();
        sendJson(res, 403, {
          code: '42501',
          details: null,
          hint: 'The schema listing needs the service_role key.',
          message: 'permission denied: the OpenAPI description is only for the service role',
        });
        return;
      }
      if (segments[0] === 'rpc') {
        // The limit counts the decoded, normalised name: %5F, case or a trailing slash does not
        // make another function; a name no function can have is refused here.
        const name = (segments[1] ?? '').trim().toLowerCase();
        if (segments.length !== 2 || !RPC_NAME.test(name) || name.length > 63) {
          return badRestRequest(req, res, 'Invalid function name in the request path');
        }
        if (publicRpcs.has(name)) {
          const r = limiters.rpc.hit(`rpc:${name}:${ip}`);
          if (!r.ok) return tooMany(req, res, 'rpc', r.retryAfter);
        }
      }
    }

    if (isDbDown()) {
      dbDownResponse(req, res, prefix);
      return;
    }

    try {
      if (prefix === '/rest/v1') await proxyRest(req, res, url, subpath);
      else if (prefix === '/auth/v1') await opts.auth.handle(req, res, subpath, url.searchParams);
      else await opts.storage.handle(req, res, subpath, url.searchParams);
    } catch (e) {
      log(`gateway: unexpected error on ${req.method} ${pathname}: ${e instanceof Error ? e.stack || e.message : e}`);
      if (!res.headersSent) sendJson(res, 500, { message: 'Internal gateway error' });
      else res.destroy();
    }
  }

  const server = http.createServer({ keepAliveTimeout: 65_000 }, (req, res) => {
    handle(req, res).catch(() => res.destroy());
  });
  server.headersTimeout = 66_000;
  server.requestTimeout = 5 * 60_000;
  server.on('clientError', (err, socket) => {
    if (socket.writable) socket.end('HTTP/1.1 400 Bad Request\r\nconnection: close\r\ncontent-length: 0\r\n\r\n');
    else socket.destroy();
  });
  /** What the /rest/v1 queue holds now (for tests and diagnostics). */
  const restQueueState = {
    get inFlight() {
      return restInFlight;
    },
    get waiting() {
      return restQueue.length;
    },
  };
  return { server, upstream, restQueue: restQueueState };
}
