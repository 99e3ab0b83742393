// The gateway: one port, Kong-like. Routes /rest/v1 (PostgREST), /auth/v1,
// /storage/v1 and /mailbox; checks the apikey like Kong's key-auth; CORS;
// body-size caps; per-IP rate limits; one log line per request.
import http from 'node:http';
import { PassThrough } from 'node:stream';
import { authErrorBody, authErrors } from './auth/service.js';
import { clientIp, sendJson } from './http-util.js';
import { createRateLimiter } from './rate-limit.js';
import { createUpstreamPool } from './upstream.js';
import { ALLOW_HEADERS, CLIENT_ADDRESS_HEADERS, DEFAULT_ALLOWED_ORIGINS, DEFAULT_BODY_LIMITS, DEFAULT_PUBLIC_RPCS, DEFAULT_RATE_LIMITS, EXPOSE_HEADERS, HOP_BY_HOP, RPC_NAME, percentDecode, relayBody } from './gateway-http.js';

export { DEFAULT_ALLOWED_ORIGINS, DEFAULT_BODY_LIMITS, DEFAULT_PUBLIC_RPCS, DEFAULT_RATE_LIMITS, percentDecode } from './gateway-http.js';
/** @typedef {import('./gateway-http.js').RateLimitName} RateLimitName */
/** @typedef {import('./gateway-http.js').Req} Req */
/** @typedef {import('./gateway-http.js').Res} Res */
/** @typedef {import('./gateway-http.js').ServiceHandler} ServiceHandler */
/** @typedef {import('./gateway-http.js').BodyLimits} BodyLimits */
/** @typedef {import('./gateway-http.js').PostgrestTarget} PostgrestTarget */

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
