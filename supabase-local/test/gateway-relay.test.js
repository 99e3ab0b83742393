// How the gateway relays PostgREST's answers (requests with and without a body, both through
// upstream.js): small bodies in one write with a
// content-length, bodies past 64 KB streamed (chunked) and complete, HEAD / 204 without a
// body, PostgREST's CORS headers replaced. PostgREST is a stand-in HTTP server here.
import assert from 'node:assert/strict';
import http from 'node:http';
import { after, before, describe, test } from 'node:test';
import { startStandInGateway, STAND_IN_KEY as KEY } from './stand-in-gateway.js';

const BIG = 300 * 1024;

describe('gateway relay of PostgREST responses', () => {
  /** A stand-in PostgREST: /small, /big (300 KB in 4 KB writes), /empty (204); echoes POST bodies. */
  const upstream = http.createServer((req, res) => {
    let body = '';
    req.setEncoding('utf8');
    req.on('data', (c) => { body += c; });
    req.on('end', () => {
      const base = { 'content-type': 'application/json', 'access-control-allow-origin': '*' };
      if (req.url?.startsWith('/empty')) {
        res.writeHead(204, base);
        res.end();
      } else if (req.url?.startsWith('/big')) {
        res.writeHead(200, base);
        const piece = 'x'.repeat(4096);
        for (let sent = 0; sent < BIG; sent += piece.length) res.write(piece);
        res.end();
      } else {
        res.writeHead(200, base);
        res.end(JSON.stringify({ method: req.method, body }));
      }
    });
  });
  /** @type {Awaited<ReturnType<typeof startStandInGateway>>} */
  let stack;
  let port = 0;

  before(async () => {
    stack = await startStandInGateway(upstream);
    ({ port } = stack);
  });

  after(() => stack.close());

  const call = (path, init = {}) =>
    fetch(`http://127.0.0.1:${port}/rest/v1${path}`, { ...init, headers: { apikey: KEY, ...(init.headers || {}) } });

  for (const [label, init] of [
    ['without a body', {}],
    ['with a body', { method: 'POST', body: '{"a":1}', headers: { 'content-type': 'application/json' } }],
  ]) {
    test(`small answer ${label}: one body with a content-length, gateway CORS`, async () => {
      const res = await call('/small', init);
      assert.equal(res.status, 200);
      const text = await res.text();
      assert.equal(res.headers.get('content-length'), String(Buffer.byteLength(text)));
      assert.equal(JSON.parse(text).method, init.method || 'GET');
      if (init.body) assert.equal(JSON.parse(text).body, init.body);
      assert.notEqual(res.headers.get('access-control-allow-origin'), '*');
    });

    test(`answer past 64 KB ${label}: streamed and complete`, async () => {
      const res = await call('/big', init);
      assert.equal(res.status, 200);
      assert.equal(res.headers.get('content-length'), null);
      const text = await res.text();
      assert.equal(text.length, BIG);
      assert.match(text, /^x+$/);
    });

    test(`204 ${label}: no body`, async () => {
      const res = await call('/empty', init);
      assert.equal(res.status, 204);
      assert.equal(await res.text(), '');
    });
  }

  test('HEAD: headers only', async () => {
    const res = await call('/small', { method: 'HEAD' });
    assert.equal(res.status, 200);
    assert.equal(await res.text(), '');
  });
});

describe('gateway /rest/v1 request bodies', () => {
  /** A stand-in PostgREST that records the bodies it received in full. */
  const received = [];
  const upstream = http.createServer((req, res) => {
    const chunks = [];
    req.on('data', (c) => chunks.push(c));
    req.on('end', () => {
      received.push(Buffer.concat(chunks).length);
      res.writeHead(201, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ bytes: received.at(-1) }));
    });
  });
  /** @type {Awaited<ReturnType<typeof startStandInGateway>>} */
  let stack;
  before(async () => {
    stack = await startStandInGateway(upstream, { bodyLimits: { rest: 10_000 } });
  });
  after(() => stack.close());

  /** A body sent in 1 KB chunks without a content-length (chunked encoding). */
  const chunkedBody = (bytes) =>
    new ReadableStream({
      start(controller) {
        for (let sent = 0; sent < bytes; sent += 1024) controller.enqueue(new Uint8Array(Math.min(1024, bytes - sent)).fill(97));
        controller.close();
      },
    });
  const post = (body) =>
    fetch(`http://127.0.0.1:${stack.port}/rest/v1/items`, { method: 'POST', body, duplex: 'half', headers: { apikey: KEY, 'content-type': 'application/json' } });

  test('a chunked body under the cap reaches PostgREST whole', async () => {
    const res = await post(chunkedBody(9_000));
    assert.equal(res.status, 201);
    assert.deepEqual(await res.json(), { bytes: 9_000 });
  });

  test('a chunked body past the cap: 413 with a PostgREST-shaped body, PostgREST gets no whole request', async () => {
    const before = received.length;
    const res = await post(chunkedBody(50_000));
    assert.equal(res.status, 413);
    const body = await res.json();
    assert.match(body.message, /Request body too large \(limit 10000 bytes\)/);
    assert.equal(received.length, before, 'the cut upload never completed upstream');
  });

  test('a declared content-length past the cap: 413 before anything is sent', async () => {
    const res = await post('x'.repeat(20_000));
    assert.equal(res.status, 413);
    assert.equal((await res.json()).code, '413');
  });
});
