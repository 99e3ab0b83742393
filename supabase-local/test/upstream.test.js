// The gateway's keep-alive client for PostgREST (src/upstream.js, undici underneath), against
// scripted raw HTTP/1.1 servers: body framings, responses split at every byte, connection
// reuse, a server that closed an idle connection, request bodies, errors.
import assert from 'node:assert/strict';
import { mkdtemp, rm } from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { createUpstreamPool } from '../src/upstream.js';
import { waitFor } from './wait.js';

/**
 * A server that answers each request head with `reply(head)`: a Buffer, or an array of
 * Buffers written one by one (to split the response), or null to close the connection.
 */
async function scriptedServer(where, reply) {
  const sockets = new Set();
  let connections = 0;
  let answered = 0;
  const server = net.createServer((s) => {
    connections += 1;
    sockets.add(s);
    s.on('close', () => sockets.delete(s));
    let buf = '';
    s.on('data', async (c) => {
      buf += c.toString('latin1');
      let i;
      while ((i = buf.indexOf('\r\n\r\n')) >= 0) {
        const head = buf.slice(0, i);
        buf = buf.slice(i + 4);
        const r = reply(head);
        if (r === null) {
          s.destroy();
          return;
        }
        for (const part of Array.isArray(r) ? r : [r]) {
          // each part flushed before the next: the client reads the response in pieces
          await new Promise((res) => s.write(part, res));
          if (Array.isArray(r)) await new Promise((res) => setImmediate(res));
        }
        answered += 1;
      }
    });
  });
  await new Promise((resolve) => server.listen(where, resolve));
  return {
    get connections() {
      return connections;
    },
    /** Replies written in full. */
    get answered() {
      return answered;
    },
    closeIdle: () => {
      for (const s of sockets) s.destroy();
    },
    close: () => new Promise((resolve) => {
      for (const s of sockets) s.destroy();
      server.close(resolve);
    }),
  };
}

/** @param {() => boolean} cond */
const until = (cond) => waitFor(cond, { timeoutMs: 5000, what: 'the pool to catch up' });

/** One request through the pool; resolves with what the handlers saw. */
function send(pool, where, method, path = '/x', body = null, headers = {}) {
  return new Promise((resolve) => {
    const seen = { status: 0, headers: {}, body: Buffer.alloc(0), error: null };
    pool.request(where, { method, path, headers, body }, {
      onHead: (status, headers) => Object.assign(seen, { status, headers }),
      onData: (chunk) => {
        seen.body = Buffer.concat([seen.body, chunk]);
      },
      onEnd: () => resolve(seen),
      onError: (error) => resolve({ ...seen, error }),
    });
  });
}

const b = (s) => Buffer.from(s, 'latin1');
const splitEveryByte = (buf) => Array.from(buf, (_, i) => buf.subarray(i, i + 1));

describe('upstream keep-alive client', () => {
  let dir = '';
  before(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'citable-upstream-test-'));
  });
  after(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  it('reads chunked and content-length bodies, split anywhere, and reuses the connection', async () => {
    const where = { path: path.join(dir, 'a.sock') };
    const chunked = b('HTTP/1.1 206 Partial Content\r\nTransfer-Encoding: chunked\r\nContent-Range: 0-9/10000\r\nSet-Cookie: a=1\r\nSet-Cookie: b=2\r\n\r\n5;ext=1\r\nhello\r\n6\r\n world\r\n0\r\nX-Trailer: t\r\n\r\n');
    const sized = b('HTTP/1.1 200 OK\r\nContent-Length: 3\r\n\r\nabc');
    let n = 0;
    const server = await scriptedServer(where, () => {
      n += 1;
      if (n === 1) return chunked;
      if (n === 2) return splitEveryByte(chunked);
      return splitEveryByte(sized);
    });
    const pool = createUpstreamPool();
    try {
      for (let i = 0; i < 2; i += 1) {
        // undici hands a connection to the next request one event-loop turn after a response
        // ends (a server that said keep-alive but closes would show by then)
        await new Promise((r) => setImmediate(r));
        const r = await send(pool, where, 'GET');
        assert.equal(r.error, null);
        assert.equal(r.status, 206);
        assert.equal(r.headers['content-range'], '0-9/10000');
        assert.deepEqual(r.headers['set-cookie'], ['a=1', 'b=2']);
        assert.equal(r.body.toString(), 'hello world');
      }
      await new Promise((r) => setImmediate(r));
      const r = await send(pool, where, 'GET');
      assert.equal(r.body.toString(), 'abc');
      assert.equal(server.connections, 1, 'one keep-alive connection for the three calls');
      await until(() => pool.stats.free === 1);
      assert.deepEqual(pool.stats, { connected: 1, free: 1 });
    } finally {
      pool.destroy();
      await server.close();
    }
  });

  it('reads no body for HEAD, 204 and 304; skips a 1xx; a body up to the close without a length', async () => {
    const where = { path: path.join(dir, 'b.sock') };
    const server = await scriptedServer(where, (head) => {
      if (head.startsWith('HEAD')) return b('HTTP/1.1 200 OK\r\nContent-Length: 10\r\n\r\n');
      if (head.includes('/204')) return b('HTTP/1.1 204 No Content\r\n\r\n');
      if (head.includes('/304')) return b('HTTP/1.1 304 Not Modified\r\nContent-Length: 10\r\n\r\n');
      if (head.includes('/103')) return b('HTTP/1.1 103 Early Hints\r\nLink: </a.css>; rel=preload\r\n\r\nHTTP/1.1 201 Created\r\nContent-Length: 2\r\n\r\nok');
      return [b('HTTP/1.1 200 OK\r\nConnection: close\r\n\r\npart1,'), b('part2')];
    });
    const pool = createUpstreamPool();
    try {
      const head = await send(pool, where, 'HEAD');
      assert.deepEqual([head.status, head.body.length, head.error], [200, 0, null]);
      const noContent = await send(pool, where, 'DELETE', '/204');
      assert.deepEqual([noContent.status, noContent.body.length], [204, 0]);
      const notModified = await send(pool, where, 'GET', '/304');
      assert.deepEqual([notModified.status, notModified.body.length], [304, 0]);
      const created = await send(pool, where, 'GET', '/103');
      assert.deepEqual([created.status, created.body.toString()], [201, 'ok']);
      const untilClose = send(pool, where, 'GET', '/until-close');
      // the body so far has been written: the server ends it by closing the connection
      await until(() => server.answered >= 5);
      server.closeIdle();
      const r = await untilClose;
      assert.deepEqual([r.status, r.body.toString(), r.error], [200, 'part1,part2', null]);
    } finally {
      pool.destroy();
      await server.close();
    }
  });

  it('drops an idle connection the server closed and opens a new one', async () => {
    const where = { path: path.join(dir, 'c.sock') };
    const server = await scriptedServer(where, () => b('HTTP/1.1 200 OK\r\nContent-Length: 2\r\n\r\nok'));
    const pool = createUpstreamPool();
    try {
      assert.equal((await send(pool, where, 'GET')).body.toString(), 'ok');
      await until(() => pool.stats.free === 1);
      server.closeIdle();
      await until(() => pool.stats.connected === 0);
      const r = await send(pool, where, 'GET');
      assert.deepEqual([r.status, r.body.toString(), r.error], [200, 'ok', null]);
      assert.equal(server.connections, 2);
    } finally {
      pool.destroy();
      await server.close();
    }
  });

  it('keeps at most maxSockets connections in use; the others wait their turn in order', async () => {
    const where = { path: path.join(dir, 'e.sock') };
    const order = [];
    const server = await scriptedServer(where, (head) => {
      order.push(head.split(' ')[1]);
      return b('HTTP/1.1 200 OK\r\nContent-Length: 2\r\n\r\nok');
    });
    const pool = createUpstreamPool({ maxSockets: 1 });
    try {
      const results = await Promise.all(['/1', '/2', '/3'].map((p) => send(pool, where, 'GET', p)));
      assert.deepEqual(results.map((r) => r.body.toString()), ['ok', 'ok', 'ok']);
      assert.deepEqual(order, ['/1', '/2', '/3']);
      assert.equal(server.connections, 1);
    } finally {
      pool.destroy();
      await server.close();
    }
  });

  it('reports errors: nothing listening, a connection closed mid-body, a malformed response', async () => {
    const pool = createUpstreamPool();
    const missing = await send(pool, { path: path.join(dir, 'none.sock') }, 'GET');
    assert.equal(missing.error?.code, 'ENOENT');
    const where = { path: path.join(dir, 'd.sock') };
    const server = await scriptedServer(where, (head) => (head.includes('/bad') ? b('garbage\r\n\r\n') : null));
    try {
      const cut = await send(pool, where, 'POST', '/x', null, { 'content-length': '0' });
      assert.match(String(cut.error?.message), /closed/);
      assert.equal(cut.status, 0, 'no response was reported');
      const bad = await send(pool, where, 'GET', '/bad');
      assert.ok(bad.error, 'a malformed response is an error');
      assert.equal(bad.status, 0);
      await until(() => pool.stats.connected === 0);
    } finally {
      pool.destroy();
      await server.close();
    }
  });
});
