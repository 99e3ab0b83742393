// The gateway's keep-alive client for PostgREST (src/upstream.js), against scripted raw
// HTTP/1.1 servers: body framings, responses split at every byte, connection reuse, a
// server that closed an idle connection, errors.
import assert from 'node:assert/strict';
import { mkdtemp, rm } from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { createUpstreamPool } from '../src/upstream.js';

/**
 * A server that answers each request head with `reply(head)`: a Buffer, or an array of
 * Buffers written one by one (to split the response), or null to close the connection.
 */
async function scriptedServer(where, reply) {
  const sockets = new Set();
  let connections = 0;
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
          s.write(part);
          if (Array.isArray(r)) await new Promise((res) => setImmediate(res));
        }
      }
    });
  });
  await new Promise((resolve) => server.listen(where, resolve));
  return {
    get connections() {
      return connections;
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

/** One request through the pool; resolves with what the handlers saw. */
function send(pool, where, method, head) {
  return new Promise((resolve) => {
    const seen = { status: 0, headers: {}, body: Buffer.alloc(0), error: null };
    pool.request(where, method, head, {
      onHead: (status, headers) => Object.assign(seen, { status, headers }),
      onData: (chunk) => {
        seen.body = Buffer.concat([seen.body, chunk]);
      },
      onEnd: () => resolve(seen),
      onError: (error) => resolve({ ...seen, error }),
    });
  });
}

const GET = 'GET /x HTTP/1.1\r\nhost: localhost\r\n\r\n';
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
        const r = await send(pool, where, 'GET', GET);
        assert.equal(r.error, null);
        assert.equal(r.status, 206);
        assert.equal(r.headers['content-range'], '0-9/10000');
        assert.deepEqual(r.headers['set-cookie'], ['a=1', 'b=2']);
        assert.equal(r.body.toString(), 'hello world');
      }
      const r = await send(pool, where, 'GET', GET);
      assert.equal(r.body.toString(), 'abc');
      assert.equal(server.connections, 1, 'one keep-alive connection for the three calls');
      assert.equal(pool.idleCount, 1);
    } finally {
      pool.destroy();
      await server.close();
    }
  });

  it('reads no body for HEAD, 204 and 304; skips 1xx; a body up to the close without a length', async () => {
    const where = { path: path.join(dir, 'b.sock') };
    const server = await scriptedServer(where, (head) => {
      if (head.startsWith('HEAD')) return b('HTTP/1.1 200 OK\r\nContent-Length: 10\r\n\r\n');
      if (head.includes('/204')) return b('HTTP/1.1 204 No Content\r\n\r\n');
      if (head.includes('/304')) return b('HTTP/1.1 304 Not Modified\r\nContent-Length: 10\r\n\r\n');
      if (head.includes('/100')) return b('HTTP/1.1 100 Continue\r\n\r\nHTTP/1.1 201 Created\r\nContent-Length: 2\r\n\r\nok');
      return [b('HTTP/1.1 200 OK\r\nConnection: close\r\n\r\npart1,'), b('part2')];
    });
    const pool = createUpstreamPool();
    try {
      const head = await send(pool, where, 'HEAD', 'HEAD /x HTTP/1.1\r\nhost: localhost\r\n\r\n');
      assert.deepEqual([head.status, head.body.length, head.error], [200, 0, null]);
      const noContent = await send(pool, where, 'DELETE', 'DELETE /204 HTTP/1.1\r\nhost: localhost\r\n\r\n');
      assert.deepEqual([noContent.status, noContent.body.length], [204, 0]);
      const notModified = await send(pool, where, 'GET', 'GET /304 HTTP/1.1\r\nhost: localhost\r\n\r\n');
      assert.deepEqual([notModified.status, notModified.body.length], [304, 0]);
      const created = await send(pool, where, 'GET', 'GET /100 HTTP/1.1\r\nhost: localhost\r\n\r\n');
      assert.deepEqual([created.status, created.body.toString()], [201, 'ok']);
      const untilClose = send(pool, where, 'GET', GET);
      setTimeout(() => server.closeIdle(), 100);
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
      assert.equal((await send(pool, where, 'GET', GET)).body.toString(), 'ok');
      assert.equal(pool.idleCount, 1);
      server.closeIdle();
      for (let i = 0; i < 100 && pool.idleCount; i += 1) await new Promise((r) => setTimeout(r, 10));
      assert.equal(pool.idleCount, 0);
      const r = await send(pool, where, 'GET', GET);
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
      const heads = ['/1', '/2', '/3'].map((p) => `GET ${p} HTTP/1.1\r\nhost: localhost\r\n\r\n`);
      const results = await Promise.all(heads.map((h) => send(pool, where, 'GET', h)));
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
    const missing = await send(pool, { path: path.join(dir, 'none.sock') }, 'GET', GET);
    assert.ok(missing.error);
    const where = { path: path.join(dir, 'd.sock') };
    const server = await scriptedServer(where, (head) => (head.includes('/bad') ? b('garbage\r\n\r\n') : null));
    try {
      const cut = await send(pool, where, 'POST', 'POST /x HTTP/1.1\r\nhost: localhost\r\ncontent-length: 0\r\n\r\n');
      assert.match(String(cut.error?.message), /closed/);
      const bad = await send(pool, where, 'GET', 'GET /bad HTTP/1.1\r\nhost: localhost\r\n\r\n');
      assert.match(String(bad.error?.message), /malformed/);
      assert.equal(pool.idleCount, 0);
    } finally {
      pool.destroy();
      await server.close();
    }
  });
});
