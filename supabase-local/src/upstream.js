// A small keep-alive HTTP/1.1 client for the gateway's hop to PostgREST.
//
// The gateway proxies every /rest/v1 call; node:http's client (ClientRequest, agent,
// IncomingMessage, header objects) cost about as much CPU per call as the gateway's own
// server side. PostgREST is a known local peer (Warp, HTTP/1.1, keep-alive), so requests
// without a body take this path instead: the request head is written as one string on a
// pooled socket and the response is read straight from the socket's buffers. Requests
// with a body still go through node:http (streamed, size-capped).
//
// What it implements of HTTP/1.1 responses: status line and headers (names lowercased,
// repeated names kept as arrays), 1xx interim responses (skipped), bodies framed by
// content-length, chunked transfer-coding (extensions and trailers ignored) or the end of
// the connection, no body for HEAD / 204 / 304, `connection: close`.
import net from 'node:net';

const MAX_HEAD = 64 * 1024;

/**
 * @typedef {{ path: string } | { host: string, port: number }} Where
 * @typedef {{
 *   onHead: (status: number, headers: Record<string, string | string[]>) => void,
 *   onData: (chunk: Buffer) => void,
 *   onEnd: () => void,
 *   onError: (err: Error) => void,
 * }} Handlers
 * @typedef {{ pause: () => void, resume: () => void, abort: () => void }} Exchange
 */

/**
 * @param {{ maxIdle?: number, maxSockets?: number }} [opts] at most maxSockets connections in
 * use per destination (more requests wait their turn, first come first served), at most
 * maxIdle kept open between requests: the limits the gateway's node:http agent had.
 */
export function createUpstreamPool({ maxIdle = 64, maxSockets = 128 } = {}) {
  /** @type {Map<string, net.Socket[]>} idle keep-alive sockets by destination */
  const idle = new Map();
  /** @type {Map<string, number>} connections in use by destination */
  const active = new Map();
  /** @type {Map<string, Array<() => void>>} requests waiting for a connection */
  const waiting = new Map();
  let destroyed = false;

  const keyOf = (/** @type {Where} */ where) => ('path' in where ? `unix:${where.path}` : `${where.host}:${where.port}`);

  function removeIdle(key, socket) {
    const list = idle.get(key);
    const i = list ? list.indexOf(socket) : -1;
    if (i >= 0) list.splice(i, 1);
  }

  function connect(key, /** @type {Where} */ where) {
    const socket = net.connect({ ...where, noDelay: true });
    /** @type {any} */ (socket).exchange = null;
    socket.on('data', (chunk) => {
      const ex = /** @type {any} */ (socket).exchange;
      if (ex) ex.onData(chunk);
      else socket.destroy(); // bytes nobody asked for: the connection is out of step
    });
    const gone = (/** @type {Error | null} */ err) => {
      removeIdle(key, socket);
      const ex = /** @type {any} */ (socket).exchange;
      /** @type {any} */ (socket).exchange = null;
      if (ex) ex.onClose(err);
    };
    socket.on('error', gone);
    socket.on('close', () => gone(null));
    return socket;
  }

  /**
   * Sends `head` (request line, headers and the empty line; no body) and reports the
   * response through `handlers`. Like node:http's agent, a request is not sent again when
   * its connection fails (an idle connection the server closed leaves the pool on its
   * 'close' event).
   * @param {Where} where
   * @param {string} method
   * @param {string} head
   * @param {Handlers} handlers
   * @returns {Exchange}
   */
  function request(where, method, head, handlers) {
    if (destroyed) throw new Error('upstream pool destroyed');
    const key = keyOf(where);
    const noBody = method === 'HEAD';
    /** @type {net.Socket} */
    let socket;
    let finished = false;
    // Parser state.
    /** @type {Buffer | null} */
    let buf = null;
    let headDone = false;
    let status = 0;
    let length = -1; // content-length, or -1
    let chunked = false;
    let untilClose = false;
    let close = false;
    let remaining = 0; // bytes left in the current chunk / body
    let inTrailers = false;

    const ex = {
      onData(/** @type {Buffer} */ chunk) {
        buf = buf && buf.length ? Buffer.concat([buf, chunk]) : chunk;
        try {
          parse();
        } catch (e) {
          fail(/** @type {Error} */ (e));
        }
      },
      onClose(/** @type {Error | null} */ err) {
        if (finished) return;
        if (headDone && untilClose && !err) {
          done(false);
          return;
        }
        fail(err || new Error('PostgREST closed the connection before the response ended'));
      },
    };

    let started = false;
    function start() {
      started = true;
      active.set(key, (active.get(key) || 0) + 1);
      const list = idle.get(key);
      socket = (list && list.pop()) || connect(key, where);
      /** @type {any} */ (socket).exchange = ex;
      socket.write(head);
    }

    /** The connection is no longer this request's: the next waiting request may start. */
    function releaseSlot() {
      active.set(key, (active.get(key) || 1) - 1);
      const next = waiting.get(key)?.shift();
      if (next && !destroyed) next();
    }

    function fail(/** @type {Error} */ err) {
      if (finished) return;
      finished = true;
      /** @type {any} */ (socket).exchange = null;
      socket.destroy();
      releaseSlot();
      handlers.onError(err);
    }

    function done(reuse) {
      finished = true;
      /** @type {any} */ (socket).exchange = null;
      if (reuse && !close && !destroyed && !(buf && buf.length)) {
        let list = idle.get(key);
        if (!list) idle.set(key, (list = []));
        if (list.length < maxIdle) {
          socket.resume();
          list.push(socket);
        } else socket.end();
      } else socket.destroy();
      releaseSlot();
      handlers.onEnd();
    }

    function parse() {
      while (!headDone) {
        if (!buf) return;
        const end = buf.indexOf('\r\n\r\n');
        if (end < 0) {
          if (buf.length > MAX_HEAD) throw new Error('PostgREST response head too large');
          return;
        }
        const lines = buf.toString('latin1', 0, end).split('\r\n');
        buf = buf.subarray(end + 4);
        if (!lines[0].startsWith('HTTP/1.')) throw new Error('malformed response from PostgREST');
        status = Number.parseInt(lines[0].slice(9, 12), 10);
        if (!(status >= 100 && status <= 599)) throw new Error('malformed response status from PostgREST');
        if (status < 200) continue; // 1xx interim response: the final one follows
        /** @type {Record<string, string | string[]>} */
        const headers = {};
        for (let i = 1; i < lines.length; i += 1) {
          const line = lines[i];
          const colon = line.indexOf(':');
          if (colon <= 0) continue;
          const name = line.slice(0, colon).trim().toLowerCase();
          const value = line.slice(colon + 1).trim();
          if (name === 'content-length') length = Number.parseInt(value, 10);
          else if (name === 'transfer-encoding') chunked = /(^|,)\s*chunked\s*$/i.test(value);
          else if (name === 'connection') close = /(^|,)\s*close\s*(,|$)/i.test(value);
          const prev = headers[name];
          headers[name] = prev === undefined ? value : Array.isArray(prev) ? [...prev, value] : [prev, value];
        }
        headDone = true;
        const bodyless = noBody || status === 204 || status === 304;
        if (bodyless) {
          length = 0;
          chunked = false;
        } else if (!chunked && !(length >= 0)) {
          untilClose = true;
          close = true;
        }
        remaining = chunked ? 0 : length;
        handlers.onHead(status, headers);
        if (finished) return; // aborted from onHead
        if (!chunked && !untilClose && length === 0) {
          done(true);
          return;
        }
      }
      if (untilClose) {
        if (buf && buf.length) handlers.onData(buf);
        buf = null;
        return;
      }
      if (!chunked) {
        if (!buf || !buf.length) return;
        const take = Math.min(remaining, buf.length);
        const piece = buf.subarray(0, take);
        buf = buf.subarray(take);
        remaining -= take;
        handlers.onData(piece);
        if (remaining === 0) done(true);
        return;
      }
      // Chunked: "<hex size>[;ext]\r\n<data>\r\n" ... "0\r\n" [trailers] "\r\n".
      while (buf && buf.length && !finished) {
        if (inTrailers) {
          const eol = buf.indexOf('\r\n');
          if (eol < 0) return;
          const empty = eol === 0;
          buf = buf.subarray(eol + 2);
          if (empty) done(true);
          continue;
        }
        if (remaining > 0) {
          const take = Math.min(remaining, buf.length);
          const piece = buf.subarray(0, take);
          buf = buf.subarray(take);
          remaining -= take;
          handlers.onData(piece);
          if (remaining === 0) remaining = -2; // the CRLF after the data
          continue;
        }
        if (remaining === -2) {
          if (buf.length < 2) return;
          if (buf[0] !== 13 || buf[1] !== 10) throw new Error('malformed chunked body from PostgREST');
          buf = buf.subarray(2);
          remaining = 0;
          continue;
        }
        const eol = buf.indexOf('\r\n');
        if (eol < 0) {
          if (buf.length > 1024) throw new Error('malformed chunked body from PostgREST');
          return;
        }
        const size = Number.parseInt(buf.toString('latin1', 0, eol), 16);
        if (!Number.isFinite(size) || size < 0) throw new Error('malformed chunk size from PostgREST');
        buf = buf.subarray(eol + 2);
        if (size === 0) inTrailers = true;
        else remaining = size;
      }
    }

    if ((active.get(key) || 0) < maxSockets) start();
    else {
      let list = waiting.get(key);
      if (!list) waiting.set(key, (list = []));
      list.push(start);
    }
    return {
      pause: () => socket?.pause(),
      resume: () => socket?.resume(),
      abort: () => {
        if (finished) return;
        finished = true;
        if (!started) {
          const list = waiting.get(key);
          const i = list ? list.indexOf(start) : -1;
          if (i >= 0) list.splice(i, 1);
          return;
        }
        /** @type {any} */ (socket).exchange = null;
        socket.destroy();
        releaseSlot();
      },
    };
  }

  function destroy() {
    destroyed = true;
    for (const list of idle.values()) for (const s of list) s.destroy();
    idle.clear();
    waiting.clear();
  }

  return {
    request,
    destroy,
    /** Idle connections kept for reuse (for tests). */
    get idleCount() {
      let n = 0;
      for (const list of idle.values()) n += list.length;
      return n;
    },
  };
}
