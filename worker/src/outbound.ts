// The one way the worker fetches a URL a user controls (site pages to scrape, and anything added
// later: competitor pages, WordPress sites). Issue 27.4.
//
//   - http and https only;
//   - the host is resolved once, every address checked (no loopback, private, link-local, shared,
//     benchmark, documentation, multicast or reserved range, in any IPv4 or IPv6 form: IPv4-mapped,
//     IPv4-compatible, SIIT, NAT64, 6to4, Teredo…), and the connection goes to exactly that checked
//     address (the socket's lookup answers with it: no second DNS lookup, no rebinding window; TLS
//     SNI and Host stay the hostname);
//   - redirects are followed by hand (at most maxRedirects), each hop checked again; Authorization
//     and Cookie headers dropped when a redirect leaves the origin; a request with a body (POST…)
//     follows only 307/308;
//   - one time limit for the whole fetch (DNS, every hop and the body);
//   - the body streamed against a byte cap (never buffered past it);
//   - only the content types the caller accepts.
// OUTBOUND_ALLOW_PRIVATE=1 (local tests only) lifts the address check so tests reach local fakes.
//
// Errors: OutboundError (permanent: a refused URL, address, type or size, a 4xx) and
// OutboundTransientError (timeouts, network failures, 5xx). Their messages name the URL's host and
// the reason, never the body of an answer nor the address a name resolved to.
import { lookup as dnsLookup } from 'node:dns/promises';
import { isIP } from 'node:net';
import type { Readable } from 'node:stream';
import ipaddr from 'ipaddr.js';
import { Agent } from 'undici';
import { PermanentError, TransientError } from './errors.js';

export const DEFAULT_MAX_BYTES = 5 * 1024 * 1024;
export const DEFAULT_TIMEOUT_MS = 15_000;
export const DEFAULT_MAX_REDIRECTS = 5;
const USER_AGENT = 'CitableBot/1.0 (+https://citable.local)';

type OutboundErrorCode = 'scheme' | 'address' | 'dns' | 'redirects' | 'status' | 'content_type' | 'too_large' | 'timeout' | 'network';

/** A fetch refused or failed for good (running again cannot fix it). */
export class OutboundError extends PermanentError {
  readonly code: OutboundErrorCode;
  readonly status: number | undefined;

  constructor(code: OutboundErrorCode, message: string, options: ErrorOptions & { status?: number; } = {}) {
    super(message, options);
    this.name = 'OutboundError';
    this.code = code;
    this.status = options.status;
  }
}

/** A fetch that may work later (timeout, network failure, 5xx, 429). */
export class OutboundTransientError extends TransientError {
  readonly code: OutboundErrorCode;

  constructor(code: OutboundErrorCode, message: string, options: ErrorOptions & { status?: number; } = {}) {
    super(message, options);
    this.name = 'OutboundTransientError';
    this.code = code;
  }
}

// ------------------------------------------------------------------------------ addresses -----

// Parsing and the special ranges come from ipaddr.js. An IPv4 address is public when ipaddr.js
// names it 'unicast' (none of: unspecified 0/8, broadcast, multicast, linkLocal, loopback,
// carrierGradeNat, private, reserved [IETF protocol assignments, TEST-NETs, 6to4 relay,
// benchmarking, 240/4], as112, amt). IPv6 is reachable only inside global unicast 2000::/3 and
// outside every special range ipaddr.js knows; the forms that embed an IPv4 address are judged by
// that address, or refused outright where the embedded address cannot be trusted.
const GLOBAL_UNICAST = ipaddr.parseCIDR('2000::/3');
const IPV4_COMPATIBLE = ipaddr.parseCIDR('::/96'); // deprecated; also ::, ::1, ::7f00:1 …
const NAT64_WELL_KNOWN = ipaddr.parseCIDR('64:ff9b::/96'); // the IPv4 address is the last 32 bits

const publicV4 = (v4: ipaddr.IPv4) => v4.range() === 'unicast';

/**
 * Why an address may not be connected to, or null when it is public.
 * @param address an IPv4 or IPv6 literal (as DNS or a URL gives it)
 */
export function blockedReason(address: string): string | null {
  const text = address.replace(/^\[|\]$/g, '').replace(/%.*$/, '');
  // node:net and URL decide what the address is (they are what connects); ipaddr.js only
  // classifies it. So: dotted-decimal IPv4 only (not the legacy 2130706433, 0177.0.0.1, 0x7f.1 that
  // ipaddr.js would also read), and IPv6 first put in URL's canonical all-hex form, because
  // ipaddr.js reads the IPv4-compatible ::a.b.c.d (as getaddrinfo prints it) as ::ffff:a.b.c.d.
  const family = isIP(text);
  if (!family) return 'not an IP address';
  let ip: ipaddr.IPv4 | ipaddr.IPv6;
  try {
    const canonical = new URL(`http://${family === 6 ? `[${text}]` : text}/`).hostname.replace(/^\[|\]$/g, '');
    ip = family === 4 ? ipaddr.IPv4.parse(canonical) : ipaddr.IPv6.parse(canonical);
  } catch {
    return 'not an IP address';
  }
  if (ip.kind() === 'ipv4') return publicV4((ip as ipaddr.IPv4)) ? null : 'not a public IPv4 address';
  const v6 = (ip as ipaddr.IPv6);
  if (v6.match(IPV4_COMPATIBLE)) return 'an IPv4-compatible IPv6 address';
  const range = v6.range();
  const bytes = v6.toByteArray();
  // ::ffff:0:0/96 IPv4-mapped, ::ffff:0:0:0/96 SIIT, 64:ff9b::/96 NAT64: judged by the IPv4 address
  if (range === 'ipv4Mapped' || range === 'rfc6145' || v6.match(NAT64_WELL_KNOWN)) {
    const v4 = range === 'ipv4Mapped' ? v6.toIPv4Address() : new ipaddr.IPv4(bytes.slice(12));
    return publicV4(v4) ? null : 'an IPv6 form of a non-public IPv4 address';
  }
  // 2002::/16 6to4: judged by the IPv4 address in bits 16–48
  if (range === '6to4') return publicV4(new ipaddr.IPv4(bytes.slice(2, 6))) ? null : 'a 6to4 form of a non-public IPv4 address';
  if (!v6.match(GLOBAL_UNICAST)) return 'not a global IPv6 address'; // ::1, fc00::/7, fe80::/10, ff00::/8, 100::/64, 64:ff9b:1::/48 …
  // teredo (its IPv4 addresses are obfuscated: refused outright), 2001::/23, 2001:db8::/32, 3fff::/20, as112v6 …
  if (range !== 'unicast') return 'a special-purpose IPv6 address';
  return null;
}

// -------------------------------------------------------------------------------- fetching -----

type Resolver = (hostname: string) => Promise<{ address: string; family: number; }[]>;

const systemResolver: Resolver = (hostname) => dnsLookup(hostname, { all: true, verbatim: true });

export interface OutboundOptions {
  accept: string[];
  /** GET by default. A request with a body follows only 307 and 308 redirects (with its body). */
  method?: string;
  body?: Buffer | string;
  /**
   * false: an answer whose status is not 2xx (nor a redirect) is returned with its body (capped,
   * its type not checked) instead of thrown, for callers that read APIs' error bodies.
   */
  throwOnStatus?: boolean;
  maxBytes?: number;
  truncate?: boolean;
  timeoutMs?: number;
  maxRedirects?: number;
  allowPrivate?: boolean;
  allowAddresses?: string[];
  headers?: Record<string, string>;
  resolve?: Resolver;
}

export interface OutboundResponse {
  url: string;
  status: number;
  contentType: string;
  charset: string | null;
  body: Buffer;
  truncated: boolean;
  headers: Record<string, string | string[] | undefined>;
}

const label = (url: URL) => url.host;

export function acceptsType(mediaType: string, accept: string[]) {
  return accept.some((a) => {
    const want = a.toLowerCase();
    return want.endsWith('/*') ? mediaType.startsWith(want.slice(0, -1)) : mediaType === want;
  });
}

/**
 * The checked address to connect to for a URL's host.
 */
async function checkedAddress(url: URL, { allowPrivate, allowAddresses, resolve }: Required<Pick<OutboundOptions, 'allowPrivate' | 'allowAddresses' | 'resolve'>>, signal: AbortSignal): Promise<{ address: string; family: number; }> {
  const refused = (address: string) => !allowPrivate && !allowAddresses.includes(address) && blockedReason(address) !== null;
  const host = url.hostname.replace(/^\[|\]$/g, '');
  const family = isIP(host);
  if (family) {
    if (refused(host)) throw new OutboundError('address', `${label(url)} is not a public address: not fetched`);
    return { address: host, family };
  }
  let addresses: { address: string; family: number; }[];
  try {
    addresses = await abortable(resolve(host), signal);
  } catch (error) {
    if (signal.aborted) throw error;
    const code = (error as { code?: string }).code;
    if (code === 'ENOTFOUND' || code === 'ENODATA') throw new OutboundError('dns', `${label(url)} does not exist (no address)`, { cause: error });
    throw new OutboundTransientError('dns', `${label(url)} could not be resolved (${code ?? 'DNS error'})`, { cause: error });
  }
  if (!addresses.length) throw new OutboundError('dns', `${label(url)} does not exist (no address)`);
  // every address is checked, not only the one used: a name that also points inside is refused
  if (addresses.some((a) => refused(a.address))) {
    throw new OutboundError('address', `${label(url)} resolves to a non-public address: not fetched`);
  }
  return addresses[0];
}

function abortable<T>(promise: Promise<T>, signal: AbortSignal): Promise<T> {
  if (signal.aborted) return Promise.reject(signal.reason);
  return new Promise((resolve, reject) => {
    const onAbort = () => reject(signal.reason);
    signal.addEventListener('abort', onAbort, { once: true });
    promise.then(resolve, reject).finally(() => signal.removeEventListener('abort', onAbort));
  });
}

/**
 * An undici Agent whose sockets connect to this one address whatever the name (net's `lookup`
 * hook answers with it: there is no second lookup). One Agent per hop, closed after it.
 */
function pinnedAgent(pinned: { address: string; family: number; }) {
  return new Agent({
    connections: 1,
    pipelining: 0,
    connect: {
      // net's lookup hook: an address list when asked for all, else one address and its family
      lookup(
        _hostname: string,
        options: { all?: boolean },
        callback: (error: Error | null, address: string | { address: string; family: number }[], family?: number) => void,
      ) {
        if (options?.all) callback(null, [{ address: pinned.address, family: pinned.family }]);
        else callback(null, pinned.address, pinned.family);
      },
    },
  });
}

/**
 * Drops an answer's body unread (its connection closes).
 */
function discard(body: Readable) {
  body.on('error', () => undefined);
  body.destroy();
}

/**
 * Reads a body stream up to maxBytes: past it the stream is destroyed and either the first
 * maxBytes are kept (truncate) or null is returned. Memory stays bounded by maxBytes.
 */
export async function readCapped(stream: AsyncIterable<Buffer | Uint8Array | string>, maxBytes: number, truncate: boolean): Promise<{ body: Buffer; truncated: boolean; } | null> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of stream) {
    const buffer = typeof chunk === 'string' ? Buffer.from(chunk) : Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength);
    if (size + buffer.length > maxBytes) {
      // leaving the loop ends the iteration, which destroys the stream (the connection closes)
      if (!truncate) return null;
      chunks.push(Buffer.from(buffer.subarray(0, maxBytes - size)));
      return { body: Buffer.concat(chunks), truncated: true };
    }
    chunks.push(Buffer.from(buffer));
    size += buffer.length;
  }
  return { body: Buffer.concat(chunks), truncated: false };
}

/**
 * Fetches a URL a user controls (GET, or the method given with its body), under the rules at the
 * top of this file.
 */
export async function fetchOutbound(rawUrl: string, options: OutboundOptions): Promise<OutboundResponse> {
  const {
    accept,
    maxBytes = DEFAULT_MAX_BYTES,
    truncate = false,
    timeoutMs = DEFAULT_TIMEOUT_MS,
    maxRedirects = DEFAULT_MAX_REDIRECTS,
    allowPrivate = false,
    allowAddresses = [],
    headers: givenHeaders = {},
    resolve = systemResolver,
    method = 'GET',
    body: requestBody,
    throwOnStatus = true,
  } = options;
  let headers = givenHeaders;
  if (!accept?.length) throw new TypeError('fetchOutbound: accept lists the content types the caller expects');
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(new OutboundTransientError('timeout', 'timeout')), timeoutMs);
  const { signal } = controller;
  let url: URL;
  try {
    url = new URL(rawUrl);
  } catch {
    clearTimeout(timer);
    throw new OutboundError('scheme', 'not a valid URL');
  }
  const timeoutError = () => new OutboundTransientError('timeout', `${label(url)} did not answer within ${Math.round(timeoutMs / 1000)} s`);
  try {
    for (let hop = 0; ; hop += 1) {
      if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new OutboundError('scheme', `only http and https URLs are fetched (${url.protocol})`);
      if (url.username || url.password) throw new OutboundError('scheme', 'URLs with credentials are not fetched');
      const pinned = await checkedAddress(url, { allowPrivate, allowAddresses, resolve }, signal);
      const agent = pinnedAgent(pinned);
      try {
        let response;
        try {
          response = await agent.request({
            origin: url.origin,
            path: `${url.pathname}${url.search}`,
            method: method as 'GET',
            headers: { 'user-agent': USER_AGENT, accept: accept.join(', '), ...headers },
            ...(requestBody !== undefined ? { body: requestBody } : {}),
            signal,
          });
        } catch (error) {
          if (signal.aborted) throw timeoutError();
          const err = (error as Error & { code?: string, cause?: { code?: string } });
          throw new OutboundTransientError('network', `${label(url)} could not be reached (${err.code ?? err.cause?.code ?? 'network error'})`, { cause: error });
        }
        const { statusCode, headers: responseHeaders, body } = response;
        const location = responseHeaders.location;
        if (statusCode >= 300 && statusCode < 400 && location) {
          await body.dump().catch(() => undefined);
          if (hop >= maxRedirects) throw new OutboundError('redirects', `${label(url)}: more than ${maxRedirects} redirects`);
          // a request with a body is never turned into a GET (what 301/302/303 would do): refused
          if (method !== 'GET' && method !== 'HEAD' && statusCode !== 307 && statusCode !== 308) {
            throw new OutboundError('redirects', `${label(url)} redirects a ${method} request (${statusCode}): use the address it redirects to`, { status: statusCode });
          }
          const from = url.origin;
          try {
            url = new URL(Array.isArray(location) ? location[0] : location, url);
          } catch {
            throw new OutboundError('redirects', `${label(url)} redirects to an invalid URL`);
          }
          // credentials never follow a redirect to another origin (as fetch does)
          if (url.origin !== from) headers = Object.fromEntries(Object.entries(headers).filter(([name]) => !['authorization', 'cookie'].includes(name.toLowerCase())));
          continue;
        }
        if ((statusCode < 200 || statusCode >= 300) && !throwOnStatus) {
          const typeHeader = String(responseHeaders['content-type'] ?? '');
          let read;
          try {
            read = await readCapped(body, maxBytes, true);
          } catch (error) {
            if (signal.aborted) throw timeoutError();
            throw new OutboundTransientError('network', `${label(url)}: the answer was cut off`, { cause: error });
          }
          const charset = /charset\s*=\s*"?([\w.:-]+)"?/i.exec(typeHeader)?.[1]?.toLowerCase() ?? null;
          return { url: url.toString(), status: statusCode, contentType: typeHeader.split(';')[0].trim().toLowerCase(), charset, body: read?.body ?? Buffer.alloc(0), truncated: read?.truncated ?? false, headers: responseHeaders };
        }
        if (statusCode < 200 || statusCode >= 300) {
          discard(body);
          const message = `${label(url)} answered ${statusCode}`;
          if (statusCode >= 500 || statusCode === 408 || statusCode === 425 || statusCode === 429) {
            throw new OutboundTransientError('status', message, { status: statusCode });
          }
          throw new OutboundError('status', message, { status: statusCode });
        }
        const typeHeader = String(responseHeaders['content-type'] ?? '');
        const contentType = typeHeader.split(';')[0].trim().toLowerCase();
        if (!contentType || !acceptsType(contentType, accept)) {
          discard(body);
          throw new OutboundError('content_type', `${label(url)} answered ${contentType || 'an unknown type'}, not ${accept.join(' or ')}`);
        }
        const declared = Number(responseHeaders['content-length']);
        if (!truncate && Number.isFinite(declared) && declared > maxBytes) {
          discard(body);
          throw new OutboundError('too_large', `${label(url)} answered more than ${maxBytes} bytes`);
        }
        let read;
        try {
          read = await readCapped(body, maxBytes, truncate);
        } catch (error) {
          if (signal.aborted) throw timeoutError();
          throw new OutboundTransientError('network', `${label(url)}: the answer was cut off`, { cause: error });
        }
        if (!read) throw new OutboundError('too_large', `${label(url)} answered more than ${maxBytes} bytes`);
        const charset = /charset\s*=\s*"?([\w.:-]+)"?/i.exec(typeHeader)?.[1]?.toLowerCase() ?? null;
        return { url: url.toString(), status: statusCode, contentType, charset, body: read.body, truncated: read.truncated, headers: responseHeaders };
      } finally {
        agent.destroy().catch(() => undefined);
      }
    }
  } catch (error) {
    if (signal.aborted && !(error instanceof OutboundError)) throw timeoutError();
    throw error;
  } finally {
    clearTimeout(timer);
  }
}

/**
 * The body as text, in its declared charset (UTF-8 when none or unknown).
 */
export function bodyText(response: OutboundResponse) {
  try {
    return new TextDecoder(response.charset ?? 'utf-8').decode(response.body);
  } catch {
    return new TextDecoder('utf-8').decode(response.body);
  }
}
