#!/usr/bin/env node
// npm run bench:api — page-list request of spec/app.md §7 and a sign-in, at 1, 10
// and 50 concurrent clients, through the gateway and directly against PostgREST.
// The stack runs in a child process so the load generator does not share its event loop.
// Gateway and direct runs are interleaved in 1 s slices so both see the same background load.
// Env: BENCH_SECONDS (5 per run), BENCH_PAGES (10000), BENCH_CONCURRENCY ("1,10,50").
import { fork } from 'node:child_process';
import http from 'node:http';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { seedBenchSite } from './seed.js';

const SELF = fileURLToPath(import.meta.url);

if (process.argv[2] === '--serve') {
  const { startStack } = await import('../src/index.js');
  const big = { max: 1e9, windowMs: 60000 };
  const stack = await startStack({
    port: 0,
    dataDir: process.argv[3],
    rateLimits: { signup: big, token: big, recover: big, verify: big, rpc: big },
    log: () => {},
  });
  process.send({ url: stack.url, anonKey: stack.anonKey, serviceRoleKey: stack.serviceRoleKey, databaseUrl: stack.databaseUrl, postgrestPort: stack.postgrest.port });
  process.on('message', async (m) => {
    if (m === 'stop') {
      await stack.stop();
      process.exit(0);
    }
  });
} else {
  await main();
}

function request(agent, url, { method = 'GET', headers = {}, body } = {}) {
  return new Promise((resolve, reject) => {
    const u = new URL(url);
    const req = http.request({ host: u.hostname, port: u.port, path: u.pathname + u.search, method, headers, agent }, (res) => {
      let n = 0;
      res.on('data', (c) => { n += c.length; });
      res.on('end', () => resolve({ status: res.statusCode, bytes: n }));
    });
    req.on('error', reject);
    req.end(body);
  });
}

/** Runs `concurrency` closed-loop clients for `seconds`; returns the latencies (ms) and error count. */
async function slice(concurrency, seconds, makeRequest) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: concurrency });
  const latencies = [];
  let errors = 0;
  const end = Date.now() + seconds * 1000;
  const started = process.hrtime.bigint();
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (Date.now() < end) {
        const t0 = process.hrtime.bigint();
        try {
          const r = await makeRequest(agent);
          if (r.status >= 400) errors += 1;
        } catch {
          errors += 1;
        }
        latencies.push(Number(process.hrtime.bigint() - t0) / 1e6);
      }
    }),
  );
  const elapsed = Number(process.hrtime.bigint() - started) / 1e9;
  agent.destroy();
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
    const query = `/pages?select=id,name,url,status,date_modified,statuses(name),serp_results_count,llm_answers_count&site=eq.${siteId}&order=date_modified.desc&offset=0&limit=10`;
    const headers = { apikey: info.anonKey, authorization: `Bearer ${token}`, prefer: 'count=exact', accept: 'application/json' };
    const check = await request(undefined, `${info.url}/rest/v1${query}`, { headers });
    if (check.status >= 300) throw new Error(`page-list request failed with ${check.status}`);
    const signInBody = JSON.stringify({ email, password });
    // Warm up both paths (connections, plan caches) before measuring.
    await drive('warm-up', 4, 1, (agent) => request(agent, `${info.url}/rest/v1${query}`, { headers }));
    await drive('warm-up', 4, 1, (agent) => request(agent, `http://127.0.0.1:${info.postgrestPort}${query}`, { headers }));
    const results = [];
    for (const c of levels) {
      results.push(...(await driveInterleaved(['page list via gateway', 'page list direct PostgREST'], c, seconds, [
        (agent) => request(agent, `${info.url}/rest/v1${query}`, { headers }),
        (agent) => request(agent, `http://127.0.0.1:${info.postgrestPort}${query}`, { headers }),
      ])));
      results.push(await drive('sign-in via gateway', c, seconds, (agent) =>
        request(agent, `${info.url}/auth/v1/token?grant_type=password`, {
          method: 'POST', headers: { apikey: info.anonKey, 'content-type': 'application/json', 'content-length': Buffer.byteLength(signInBody) }, body: signInBody,
        })));
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
