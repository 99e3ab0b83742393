// The gateway's keep-alive HTTP/1.1 client for PostgREST: undici, one Pool per destination
// (PostgREST's Unix socket, or its loopback port), driven through its low-level dispatch API
// (no stream or Response object per call: the response is handed over as undici parses it).
import { Pool } from 'undici';

/**
 * @typedef {{ path: string } | { host: string, port: number }} Where PostgREST's Unix socket or loopback port
 * @typedef {import('node:http').IncomingHttpHeaders} Headers
 * @typedef {{
 *   method: string,
 *   path: string,
 *   headers: Record<string, string | string[]>,
 *   body?: import('node:stream').Readable | null,
 * }} UpstreamRequest
 * @typedef {{
 *   onHead: (status: number, headers: Headers) => void,
 *   onData: (chunk: Buffer) => void,
 *   onEnd: () => void,
 *   onError: (err: Error) => void,
 * }} Handlers
 * @typedef {{ pause: () => void, resume: () => void, abort: () => void }} Exchange
 */

/**
 * @param {{ maxSockets?: number, keepAliveTimeout?: number }} [opts] at most maxSockets
 * connections per destination (more requests wait their turn in the pool's queue, first come
 * first served); an idle connection is closed after keepAliveTimeout ms (PostgREST's server
 * keeps them for 30 s: ours go first, so a request never lands on a connection being closed).
 */
export function createUpstreamPool({ maxSockets = 128, keepAliveTimeout = 10_000 } = {}) {
  /** @type {Map<string, Pool>} */
  const pools = new Map();
  let destroyed = false;

  /** @param {Where} where */
  function poolFor(where) {
    const key = 'path' in where ? `unix:${where.path}` : `${where.host}:${where.port}`;
    let pool = pools.get(key);
    if (!pool) {
      pool =
        'path' in where
          ? new Pool('http://localhost', { socketPath: where.path, connections: maxSockets, keepAliveTimeout })
          : new Pool(`http://${where.host}:${where.port}`, { connections: maxSockets, keepAliveTimeout });
      pools.set(key, pool);
    }
    return pool;
  }

  /**
   * Sends the request (its body streamed from `body` when there is one) and reports the
   * response through `handlers`: onHead once (1xx interim responses are skipped), onData per
   * chunk, then onEnd, or onError instead at any point. An aborted exchange reports nothing more.
   * @param {Where} where
   * @param {UpstreamRequest} request
   * @param {Handlers} handlers
   * @returns {Exchange}
   */
  function request(where, { method, path, headers, body = null }, handlers) {
    if (destroyed) throw new Error('upstream pool destroyed');
    /** @type {import('undici').Dispatcher.DispatchController | null} */
    let controller = null;
    let aborted = false;
    let paused = false;
    poolFor(where).dispatch(
      { method, path, headers, body },
      {
        onRequestStart(c) {
          controller = c;
          if (aborted) c.abort(new Error('request aborted by the gateway'));
          else if (paused) c.pause();
        },
        onResponseStart(_c, status, responseHeaders) {
          if (aborted || status < 200) return;
          handlers.onHead(status, responseHeaders);
        },
        onResponseData(_c, chunk) {
          if (!aborted) handlers.onData(chunk);
        },
        onResponseEnd() {
          if (!aborted) handlers.onEnd();
        },
        onResponseError(_c, err) {
          if (!aborted) handlers.onError(err);
        },
      },
    );
    return {
      pause() {
        paused = true;
        controller?.pause();
      },
      resume() {
        paused = false;
        controller?.resume();
      },
      abort() {
        if (aborted) return;
        aborted = true;
        controller?.abort(new Error('request aborted by the gateway'));
      },
    };
  }

  return {
    request,
    /** Closes every connection now; requests still running fail. */
    async destroy() {
      destroyed = true;
      const all = [...pools.values()];
      pools.clear();
      await Promise.all(all.map((p) => p.destroy()));
    },
    /** Connections open and idle ones, over every destination (for tests and diagnostics). */
    get stats() {
      let connected = 0;
      let free = 0;
      for (const p of pools.values()) {
        connected += p.stats.connected;
        free += p.stats.free;
      }
      return { connected, free };
    },
  };
}
