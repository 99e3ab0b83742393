#!/usr/bin/env node
// npm run bench:api — page-list request of docs/data-model.md#calls a sign-in, at 1, 10
// and 50 concurrent clients, through the gateway and directly against PostgREST.
// The stack runs in a child process so the load generator does not share its event loop.
// Gateway and direct runs are interleaved in 1 s slices so both see the same background load.
// Env: BENCH_SECONDS (5 per run), BENCH_PAGES (10000), BENCH_CONCURRENCY ("1,10,50"),
// REST_CONCURRENCY (the gateway's /rest/v1 limit, as for npm run backend).
import { fork } from 'node:child_process';
import http from 'node:http';
import net from 'node:net';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { seedBenchSite } from './seed.js';

const SELF = fileURLToPath(import.meta.url);

/**
 * PostgREST's API is on a Unix socket (stack.postgrest.socketPath) or a loopback port: the
 * direct runs reach it as `http://unix/<path>` with the socket given separately.
 * @param {string} url
 * @param {string | null} [socketPath]
 */
function target(url, socketPath) {
  const u = new URL(url);
  return { u, conn: socketPath ? { path: socketPath } : { host: u.hostname, port: Number(u.port) } };
}

function request(agent, url, { method = 'GET', headers = {}, body, socketPath } = {}) {
  return new Promise((resolve, reject) => {
    const u = new URL(url);
    const where = socketPath ? { socketPath } : { host: u.hostname, port: u.port };
    const req = http.request({ ...where, path: u.pathname + u.search, method, headers, agent }, (res) => {
      let n = 0;
      res.on('data', (c) => { n += c.length; });
      res.on('end', () => resolve({ status: res.statusCode, bytes: n }));
    });
    req.on('error', reject);
    req.end(body);
  });
}

/**
 * One keep-alive HTTP/1.1 connection that sends a prepared request and reads the whole
 * response (status line, headers, then the body by content-length or chunked encoding).
 * The load generator shares the machine's two cores with the stack: node:http's client
 * costs ~0.4 ms of CPU per call, this one a fraction of that, so more of the CPU goes to
 * what is measured. Every request still goes out in full and every byte of every response
 * is read before the call counts as done.
 */
class RawClient {
  /** @param {string} url @param {string | null} [socketPath] */
  constructor(url, socketPath) {
    this.conn = target(url, socketPath).conn;
    /** @type {net.Socket | null} */
    this.socket = null;
    this.pending = null;
  }

  connect() {
    const socket = net.connect({ ...this.conn, noDelay: true });
    socket.on('data', (chunk) => this.onData(chunk));
    const fail = (err) => {
      if (this.socket === socket) this.socket = null;
      const p = this.pending;
      this.pending = null;
      if (p) p.reject(err || new Error('connection closed before the response ended'));
    };
    socket.on('error', fail);
    socket.on('close', () => fail(null));
    this.socket = socket;
  }

  /** @param {Buffer} raw the whole request (head and body) @returns {Promise<{ status: number, bytes: number }>} */
  send(raw) {
    if (!this.socket) this.connect();
    return new Promise((resolve, reject) => {
      this.pending = { resolve, reject, buf: Buffer.alloc(0), headEnd: -1, status: 0, length: -1, chunked: false, pos: 0, payload: 0, close: false };
      this.socket.write(raw);
    });
  }

  onData(chunk) {
    const p = this.pending;
    if (!p) return;
    p.buf = p.buf.length ? Buffer.concat([p.buf, chunk]) : chunk;
    if (p.headEnd < 0) {
      const end = p.buf.indexOf('\r\n\r\n');
      if (end < 0) return;
      const head = p.buf.toString('latin1', 0, end).toLowerCase();
      p.headEnd = end + 4;
      p.pos = p.headEnd;
      p.status = Number(head.slice(9, 12));
      const cl = /\r\ncontent-length: *(\d+)/.exec(head);
      p.length = cl ? Number(cl[1]) : -1;
      p.chunked = /\r\ntransfer-encoding: *chunked/.test(head);
      p.close = /\r\nconnection: *close/.test(head);
    }
    let done = false;
    if (p.chunked) {
      // Walk the chunks: "<hex size>\r\n<data>\r\n" ... "0\r\n\r\n".
      while (true) {
        const eol = p.buf.indexOf('\r\n', p.pos);
        if (eol < 0) break;
        const size = Number.parseInt(p.buf.toString('latin1', p.pos, eol), 16);
        if (size === 0) {
          done = p.buf.length >= eol + 4;
          break;
        }
        if (p.buf.length < eol + 2 + size + 2) break;
        p.pos = eol + 2 + size + 2;
        p.payload += size;
      }
    } else if (p.length >= 0) {
      done = p.buf.length >= p.headEnd + p.length;
    } else {
      return; // body delimited by close: finished in the 'close' handler (not used by the stack)
    }
    if (!done) return;
    this.pending = null;
    if (p.close) {
      this.socket.destroy();
      this.socket = null;
    }
    p.resolve({ status: p.status, bytes: p.chunked ? p.payload : p.buf.length - p.headEnd });
  }

  close() {
    this.socket?.destroy();
    this.socket = null;
  }
}

/** The bytes of one HTTP/1.1 request to `url`. */
function rawRequest(url, { method = 'GET', headers = {}, body } = {}) {
  const u = new URL(url);
  let head = `${method} ${u.pathname}${u.search} HTTP/1.1\r\nhost: ${u.host}\r\nconnection: keep-alive\r\n`;
  for (const [k, v] of Object.entries(headers)) head += `${k}: ${v}\r\n`;
  const payload = body === undefined ? Buffer.alloc(0) : Buffer.from(body);
  if (body !== undefined && !Object.keys(headers).some((k) => k.toLowerCase() === 'content-length')) head += `content-length: ${payload.length}\r\n`;
  return Buffer.concat([Buffer.from(`${head}\r\n`, 'latin1'), payload]);
}

/** A request maker for slice(): the same prepared bytes, sent on each client's own connection. */
function maker(url, opts) {
  const raw = rawRequest(url, opts);
  return (client) => (client.raw ??= new RawClient(url, opts.socketPath)).send(raw);
}

/** Runs `concurrency` closed-loop clients for `seconds`; returns the latencies (ms) and error count. */
async function slice(concurrency, seconds, makeRequest) {
  const agent = { clients: [] };
  const latencies = [];
  let errors = 0;
  const end = Date.now() + seconds * 1000;
  const started = process.hrtime.bigint();
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      // One connection per client, kept alive (like an agent with maxSockets = concurrency).
      const client = { raw: null };
      agent.clients.push(client);
      while (Date.now() < end) {
        const t0 = process.hrtime.bigint();
        try {
          const r = await makeRequest(client);
          if (r.status >= 400) errors += 1;
        } catch {
          errors += 1;
        }
        latencies.push(Number(process.hrtime.bigint() - t0) / 1e6);
      }
    }),
  );
  const elapsed = Number(process.hrtime.bigint() - started) / 1e9;
  for (const c of agent.clients) c.raw?.close();
  return { latencies, errors, elapsed };
}

function summary(label, concurrency, parts) {
  const latencies = parts.flatMap((p) => p.latencies).sort((a, b) => a - b);
  const elapsed = parts.reduce((t, p) => t + p.elapsed, 0);
  const errors = parts.reduce((t, p) => t + p.errors, 0);
  const pct = (p) => latencies[Math.min(latencies.length - 1, Math.floor((p / 100) * latencies.length))] ?? NaN;
  return { label, concurrency, requests: latencies.length, errors, rps: latencies.length / elapsed, p50: pct(50), p95: pct(95), p99: pct(99) };
}

async function drive(label, concurrency, seconds, makeRequest) {
  return summary(label, concurrency, [await slice(concurrency, seconds, makeRequest)]);
}

/**
 * Gateway and direct PostgREST alternate in one-second slices (order swapped each round)
 * for `seconds` each, so both paths see the same background load on a shared machine and
 * their ratio measures the gateway, not the neighbours.
 */
async function driveInterleaved(labels, concurrency, seconds, makers) {
  const parts = makers.map(() => []);
  for (let round = 0; round < seconds; round += 1) {
    const order = round % 2 ? [1, 0] : [0, 1];
    for (const i of order) parts[i].push(await slice(concurrency, 1, makers[i]));
  }
  return labels.map((label, i) => summary(label, concurrency, parts[i]));
}

async function main() {
  const seconds = Number(process.env.BENCH_SECONDS || 5);
  const pages = Number(process.env.BENCH_PAGES || 10000);
  const levels = (process.env.BENCH_CONCURRENCY || '1,10,50').split(',').map(Number);
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'citable-bench-'));
  const child = fork(SELF, ['--serve', dataDir], { stdio: ['ignore', 'ignore', 'inherit', 'ipc'] });
  try {
    const info = await new Promise((resolve, reject) => {
      child.once('message', resolve);
      child.once('exit', (code) => reject(new Error(`stack exited with ${code}`)));
    });
    const email = 'bench@example.com';
    const password = 'BenchPassw0rd';
    const admin = await fetch(`${info.url}/auth/v1/admin/users`, {
      method: 'POST',
      headers: { apikey: info.serviceRoleKey, authorization: `Bearer ${info.serviceRoleKey}`, 'content-type': 'application/json' },
      body: JSON.stringify({ email, password, email_confirm: true }),
    });
    const user = await admin.json();
    const t0 = Date.now();
    const siteId = await seedBenchSite(info.databaseUrl, user.id, pages);
    console.log(`Seeded a site with ${pages} pages (keywords, 3 SERP rows each, LLM answers) in ${Date.now() - t0} ms`);
    const login = await (await fetch(`${info.url}/auth/v1/token?grant_type=password`, {
      method: 'POST', headers: { apikey: info.anonKey, 'content-type': 'application/json' }, body: JSON.stringify({ email, password }),
    })).json();
    const token = login.access_token;
    const query = `/pages?select=id,name,url,status,date_modified,statuses(name),serp_results_count,llm_answers_count,content_score,review_state,hide_cover_image_from_preview,hide_revisions_texts_from_preview&site=eq.${siteId}&order=date_modified.desc&offset=0&limit=10`;
    const headers = { apikey: info.anonKey, authorization: `Bearer ${token}`, prefer: 'count=exact', accept: 'application/json' };
    const check = await request(undefined, `${info.url}/rest/v1${query}`, { headers });
    if (check.status >= 300) throw new Error(`page-list request failed with ${check.status}`);
    const signInBody = JSON.stringify({ email, password });
    // Warm up both paths (connections, plan caches) before measuring.
    const viaGateway = maker(`${info.url}/rest/v1${query}`, { headers });
    // Straight to PostgREST, on its Unix socket (or loopback port) as the gateway reaches it.
    const directUrl = info.postgrestSocket ? `http://localhost${query}` : `http://127.0.0.1:${info.postgrestPort}${query}`;
    const direct = maker(directUrl, { headers, socketPath: info.postgrestSocket });
    const signIn = maker(`${info.url}/auth/v1/token?grant_type=password`, {
      method: 'POST', headers: { apikey: info.anonKey, 'content-type': 'application/json' }, body: signInBody,
    });
    // The raw client reads the same bytes as node:http does.
    for (const [url, m, socketPath] of [[`${info.url}/rest/v1${query}`, viaGateway, null], [directUrl, direct, info.postgrestSocket]]) {
      const [byHttp, client] = [await request(undefined, url, { headers, socketPath }), { raw: null }];
      const byRaw = await m(client);
      client.raw.close();
      if (byRaw.status !== byHttp.status || byRaw.bytes !== byHttp.bytes) {
        throw new Error(`raw client read ${byRaw.status}/${byRaw.bytes} bytes, node:http ${byHttp.status}/${byHttp.bytes} (${url})`);
      }
    }
    await drive('warm-up', 4, 1, viaGateway);
    await drive('warm-up', 4, 1, direct);
    const results = [];
    for (const c of levels) {
      results.push(...(await driveInterleaved(['page list via gateway', 'page list direct PostgREST'], c, seconds, [viaGateway, direct])));
      results.push(await drive('sign-in via gateway', c, seconds, signIn));
    }
    const f = (n) => n.toFixed(1);
    console.log('\n| request | clients | requests | errors | req/s | p50 ms | p95 ms | p99 ms |');
    console.log('|---|---:|---:|---:|---:|---:|---:|---:|');
    for (const r of results) console.log(`| ${r.label} | ${r.concurrency} | ${r.requests} | ${r.errors} | ${f(r.rps)} | ${f(r.p50)} | ${f(r.p95)} | ${f(r.p99)} |`);
    console.log('\nGateway cost (page list): throughput via gateway / direct');
    for (const c of levels) {
      const g = results.find((r) => r.label === 'page list via gateway' && r.concurrency === c);
      const d = results.find((r) => r.label === 'page list direct PostgREST' && r.concurrency === c);
      console.log(`  ${c} client(s): ratio ${(g.rps / d.rps).toFixed(3)} → overhead ${(100 * (1 - g.rps / d.rps)).toFixed(1)}% (target ≤ 15%)`);
    }
    const g10 = results.find((r) => r.label === 'page list via gateway' && r.concurrency === 10);
    if (g10) console.log(`  page-list p95 at 10 clients via gateway: ${f(g10.p95)} ms (target ≤ 25 ms)`);
  } finally {
    child.send('stop');
    await new Promise((r) => {
      child.once('exit', r);
      setTimeout(() => { child.kill('SIGKILL'); r(); }, 30000).unref();
    });
    await rm(dataDir, { recursive: true, force: true });
  }
}

// Dispatch last: main() uses the classes and functions above.
if (process.argv[2] === '--serve') {
  const { startStack } = await import('../src/index.js');
  const big = { max: 1e9, windowMs: 60000 };
  const stack = await startStack({
    port: 0,
    dataDir: process.argv[3],
    rateLimits: { signup: big, token: big, recover: big, verify: big, rpc: big },
    log: () => {},
    // Unset: the stack's default (see startStack); REST_CONCURRENCY=0 turns the gateway queue off.
    restConcurrency: process.env.REST_CONCURRENCY ? Number(process.env.REST_CONCURRENCY) : undefined,
  });
  process.send({ url: stack.url, anonKey: stack.anonKey, serviceRoleKey: stack.serviceRoleKey, databaseUrl: stack.databaseUrl, postgrestPort: stack.postgrest.port, postgrestSocket: stack.postgrest.socketPath });
  process.on('message', async (m) => {
    if (m === 'stop') {
      await stack.stop();
      process.exit(0);
    }
  });
} else {
  await main();
}
