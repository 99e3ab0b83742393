// The gateway's /rest/v1 concurrency limit (restConcurrency): at most N requests in
// PostgREST at once, the others wait in arrival order; a queued request that waits too
// long gets PostgREST's 504 PGRST003. PostgREST is a stand-in HTTP server here that holds
// each request until the test releases it, so nothing depends on timing.
import assert from 'node:assert/strict';
import http from 'node:http';
import { after, before, describe, test } from 'node:test';
import { startStandInGateway, STAND_IN_KEY as KEY } from './stand-in-gateway.js';
import { waitFor } from './wait.js';

/** A fake PostgREST: records arrivals, answers only when told to. */
function fakePostgrest() {
  /** @type {{ path: string, res: http.ServerResponse, body: string }[]} */
  const held = [];
  let arrived = 0;
  /** @type {(() => void)[]} */
  let waiters = [];
  const server = http.createServer((req, res) => {
    let body = '';
    req.setEncoding('utf8');
    req.on('data', (c) => { body += c; });
    req.on('end', () => {
      arrived += 1;
      held.push({ path: req.url || '', res, body });
      for (const w of waiters) w();
      waiters = [];
    });
  });
  return {
    server,
    held,
    get arrived() {
      return arrived;
    },
    /** Resolves once `n` requests have arrived in total. */
    until(n) {
      return new Promise((resolve) => {
        const check = () => (arrived >= n ? resolve(undefined) : waiters.push(check));
        check();
      });
    },
    answer(entry, payload = '[]') {
      held.splice(held.indexOf(entry), 1);
      entry.res.writeHead(200, { 'content-type': 'application/json' });
      entry.res.end(payload);
    },
  };
}

async function get(port, path) {
  const res = await fetch(`http://127.0.0.1:${port}${path}`, { headers: { apikey: KEY } });
  return { status: res.status, body: await res.json() };
}

/** @param {() => boolean} cond */
const until = (cond) => waitFor(cond, { timeoutMs: 20_000, everyMs: 5, what: 'the gateway queue' });

describe('gateway /rest/v1 queue (restConcurrency)', () => {
  const upstream = fakePostgrest();
  /** @type {Awaited<ReturnType<typeof startStandInGateway>>} */
  let stack;
  /** @type {{ inFlight: number, waiting: number }} */
  let queue;
  let port = 0;

  before(async () => {
    stack = await startStandInGateway(upstream.server, { restConcurrency: 2, restQueueTimeoutMs: 60_000 });
    ({ port, restQueue: queue } = stack);
  });

  after(() => stack.close());

  test('lets 2 requests through at a time and the others in arrival order', async () => {
    const base = upstream.arrived;
    const responses = [];
    // Five requests, each sent once the previous one is in PostgREST or in the queue.
    for (let i = 1; i <= 5; i += 1) {
      responses.push(get(port, `/rest/v1/items?n=${i}`));
      await until(() => queue.inFlight + queue.waiting === i);
    }
    assert.deepEqual([queue.inFlight, queue.waiting], [2, 3]);
    await upstream.until(base + 2);
    assert.deepEqual(upstream.held.map((h) => h.path), ['/items?n=1', '/items?n=2']);

    // Each answer lets exactly the next queued request through, oldest first.
    const order = ['/items?n=1', '/items?n=2'];
    for (let next = 3; next <= 5; next += 1) {
      upstream.answer(upstream.held[0], JSON.stringify({ done: true }));
      await upstream.until(base + next);
      assert.equal(upstream.held.length, 2);
      order.push(upstream.held[1].path);
    }
    assert.deepEqual(order, ['/items?n=1', '/items?n=2', '/items?n=3', '/items?n=4', '/items?n=5']);
    while (upstream.held.length) upstream.answer(upstream.held[0], JSON.stringify({ done: true }));
    const all = await Promise.all(responses);
    assert.deepEqual(all.map((r) => r.status), [200, 200, 200, 200, 200]);
    assert.deepEqual(all[4].body, { done: true });
    await until(() => queue.inFlight === 0);
  });

  test('a slot is given back when PostgREST fails; other routes do not queue', async () => {
    const base = upstream.arrived;
    const first = get(port, '/rest/v1/a');
    await upstream.until(base + 1);
    const second = get(port, '/rest/v1/b');
    await upstream.until(base + 2);
    const third = get(port, '/rest/v1/c');
    await until(() => queue.waiting === 1);
    // Both slots busy: a request to an unknown route is still answered at once.
    assert.equal((await fetch(`http://127.0.0.1:${port}/nowhere`)).status, 404);
    // PostgREST drops the first request's connection: 503 for it, and its slot goes to /c.
    const dropped = upstream.held.shift();
    dropped?.res.socket?.destroy();
    await upstream.until(base + 3);
    assert.deepEqual(upstream.held.map((h) => h.path), ['/b', '/c']);
    while (upstream.held.length) upstream.answer(upstream.held[0]);
    const [r1, r2, r3] = await Promise.all([first, second, third]);
    assert.deepEqual([r1.status, r2.status, r3.status], [503, 200, 200]);
    await until(() => queue.inFlight === 0 && queue.waiting === 0);
  });
});

describe('gateway /rest/v1 queue timeout', () => {
  test('a request still queued after restQueueTimeoutMs gets 504 PGRST003', async () => {
    const upstream = fakePostgrest();
    const stack = await startStandInGateway(upstream.server, { restConcurrency: 1, restQueueTimeoutMs: 50 });
    const { port } = stack;
    try {
      const first = get(port, '/rest/v1/slow');
      await upstream.until(1);
      const second = await get(port, '/rest/v1/queued');
      assert.equal(second.status, 504);
      assert.equal(second.body.code, 'PGRST003');
      assert.equal(upstream.arrived, 1, 'the timed-out request never reached PostgREST');
      upstream.answer(upstream.held[0]);
      assert.equal((await first).status, 200);
    } finally {
      await stack.close();
    }
  });
});
