// How the gateway relays PostgREST's answers on both of its paths (requests without a body
// through upstream.js, with a body through node:http): small bodies in one write with a
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
    ['without a body (upstream.js)', {}],
    ['with a body (node:http)', { method: 'POST', body: '{"a":1}', headers: { 'content-type': 'application/json' } }],
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
