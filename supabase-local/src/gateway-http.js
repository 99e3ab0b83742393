// The gateway's HTTP pieces: hop-by-hop and client-address headers, percent-decoding, CORS and
// limits' defaults, and relaying an upstream body (whole when small, streamed otherwise).

export const HOP_BY_HOP = new Set([
  'connection', 'keep-alive', 'proxy-authenticate', 'proxy-authorization', 'te', 'trailer', 'trailers',
  'transfer-encoding', 'upgrade', 'host', 'expect',
]);
/**
 * Client-address headers the gateway sets itself: a client's own are dropped, so what PostgREST
 * (and the SQL functions reading request.headers) sees is the socket's address.
 */
export const CLIENT_ADDRESS_HEADERS = new Set(['x-forwarded-for', 'x-forwarded-proto', 'x-forwarded-host', 'x-real-ip', 'cf-connecting-ip', 'forwarded']);
export const UTF8 = new TextDecoder('utf-8', { fatal: true });
export const HEX = /^[0-9a-fA-F]{2}$/;

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
export const RPC_NAME = /^[a-z_][a-z0-9_$]*$/;

export const DEFAULT_ALLOWED_ORIGINS = [3000, 3001, 3002, 3003].flatMap((p) => [`http://localhost:${p}`, `http://127.0.0.1:${p}`]);

export const ALLOW_HEADERS = [
  'authorization', 'apikey', 'x-client-info', 'content-type', 'prefer', 'range', 'accept-profile', 'content-profile',
  'x-upsert', 'cache-control', 'x-supabase-api-version', 'x-metadata', 'accept', 'accept-language', 'content-language',
].join(', ');
export const EXPOSE_HEADERS = 'content-range, x-total-count, x-supabase-api-version, content-location, location, etag, content-length, content-type';

/**
 * @typedef {'signup' | 'token' | 'recover' | 'verify' | 'rpc'} RateLimitName
 * @typedef {{ rest: number, auth: number }} BodyLimits request body caps in bytes
 * @typedef {import('node:http').IncomingMessage} Req
 * @typedef {import('node:http').ServerResponse} Res
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
export const DEFAULT_PUBLIC_RPCS = ['submit_contact_message', 'claim_first_article', 'get_visibility_report'];

/**
 * REST: an article version's HTML may hold 5,000,000 characters (pages_versions.html_content, migration
 * 20261127000300), up to 3 bytes each in UTF-8 plus JSON's escapes: 16 MiB lets any of them through.
 */
/** @type {BodyLimits} */
export const DEFAULT_BODY_LIMITS = { rest: 16 * 1024 * 1024, auth: 64 * 1024 };
/** REST responses up to this size are sent in one write with a content-length. */
export const SMALL_BODY = 64 * 1024;

/**
 * Relays a PostgREST response body to the caller. Small bodies (a page of rows) are collected
 * and sent with their headers in one write, with a content-length instead of chunked encoding:
 * fewer syscalls per call. Past SMALL_BODY bytes the rest is streamed as it arrives, pausing
 * `source` while the caller's socket is full.
 * @param {import('node:http').IncomingMessage} req
 * @param {import('node:http').ServerResponse} res
 * @param {number} status
 * @param {Record<string, string | string[] | number | undefined>} headers
 * @param {{ pause: () => unknown, resume: () => unknown }} source
 */
export function relayBody(req, res, status, headers, source) {
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

