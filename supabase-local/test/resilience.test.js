// Crashes: PostgREST is restarted; PostgreSQL down gives clear 503s and the CLI exits non-zero.
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, test } from 'node:test';
import { makeClient, startTestStack } from './helpers.js';
import { waitFor } from './wait.js';

const CLI = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', 'src', 'cli.js');
/** Resolves 'timeout' after ms; does not keep the test process alive once everything else is done. */
const deadline = (ms) => new Promise((r) => setTimeout(r, ms).unref()).then(() => 'timeout');

async function postmasterPid(dataDir) {
  const text = await readFile(path.join(dataDir, 'pg', 'postmaster.pid'), 'utf8');
  return Number.parseInt(text.split('\n')[0], 10);
}

function isAlive(pid) {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

describe('resilience', () => {
  test('killing PostgREST mid-run is reported and it is restarted; requests recover', async () => {
    const env = await startTestStack({ seed: false });
    try {
      const sb = makeClient(env.stack);
      assert.equal((await sb.from('statuses').select('*')).status, 200);
      const pid = env.stack.postgrest.pid;
      process.kill(pid, 'SIGKILL');
      // A request during the restart either waits for PostgREST or gets a clear 503 JSON.
      const during = await fetch(`${env.stack.url}/rest/v1/statuses`, { headers: { apikey: env.stack.anonKey } });
      assert.ok([200, 503].includes(during.status), `got ${during.status}`);
      if (during.status === 503) assert.equal((await during.json()).message, 'REST service unavailable');
      await waitFor(async () => (await sb.from('statuses').select('*')).status === 200, { timeoutMs: 10_000, everyMs: 200, what: 'REST requests to recover' });
      assert.notEqual(env.stack.postgrest.pid, pid);
      assert.ok(env.logs.some((l) => /PostgREST exited unexpectedly \(signal SIGKILL\); restarting/.test(l)));
      assert.ok(env.logs.some((l) => /PostgREST restarted and ready/.test(l)));
    } finally {
      await env.close();
    }
  });

  test('killing PostgreSQL mid-run: clear 503 JSON on rest, auth and storage; fatal reported; stop() does not hang', async () => {
    let fatal = null;
    const env = await startTestStack({ seed: false, onFatal: (e) => { fatal = e; }, dbWatchdogMs: 300 });
    try {
      const pid = await postmasterPid(env.dataDir);
      process.kill(pid, 'SIGKILL');
      await waitFor(() => fatal, { timeoutMs: 5000, what: 'the stack to report PostgreSQL as down' });
      assert.match(fatal.message, /PostgreSQL is down/);
      const h = { apikey: env.stack.anonKey };
      const rest = await fetch(`${env.stack.url}/rest/v1/statuses`, { headers: h });
      assert.equal(rest.status, 503);
      assert.equal((await rest.json()).message, 'Database unavailable');
      const auth = await fetch(`${env.stack.url}/auth/v1/token?grant_type=password`, {
        method: 'POST', headers: { ...h, 'content-type': 'application/json' }, body: JSON.stringify({ email: 'a@b.co', password: 'xxxxxx' }),
      });
      assert.equal(auth.status, 503);
      assert.match((await auth.json()).msg, /Database unavailable/);
      const storage = await fetch(`${env.stack.url}/storage/v1/object/public/seo1/logos/x.png`);
      assert.equal(storage.status, 503);
    } finally {
      const t0 = Date.now();
      await env.close();
      assert.ok(Date.now() - t0 < 30000, 'stop() returns');
    }
  });

  test('CLI: prints the keys and the ready line; a dead PostgreSQL makes it exit non-zero; SIGTERM stops every child', async () => {
    const dataDir = await mkdtemp(path.join(os.tmpdir(), 'citable-cli-test-'));
    const run = () => {
      const child = spawn(process.execPath, [CLI], {
        env: { ...process.env, PORT: '0', DATA_DIR: dataDir, GOTRUE_MAILER_AUTOCONFIRM: '' },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      let out = '';
      child.stdout.on('data', (d) => { out += d; });
      child.stderr.on('data', (d) => { out += d; });
      const exited = new Promise((resolve) => child.on('exit', (code, signal) => resolve({ code, signal })));
      // true once the ready line is out, false if the CLI exited first
      const ready = waitFor(
        () => (/Backend ready at http:\/\/127\.0\.0\.1:\d+/.test(out) ? 'ready' : child.exitCode !== null ? 'exited' : null),
        { timeoutMs: 60_000, everyMs: 50, what: 'the CLI to be ready' },
      ).then((state) => state === 'ready', () => false);
      return { child, exited, ready, output: () => out };
    };
    try {
      const first = run();
      assert.ok(await first.ready, first.output());
      assert.match(first.output(), /anon key: +eyJ/);
      assert.match(first.output(), /service_role key: +eyJ/);
      assert.match(first.output(), /Mailbox: +http:\/\/127\.0\.0\.1:\d+\/mailbox/);
      const pgPid = await postmasterPid(dataDir);
      process.kill(pgPid, 'SIGKILL');
      const result = await Promise.race([first.exited, deadline(45000)]);
      if (result === 'timeout') first.child.kill('SIGKILL');
      assert.notEqual(result, 'timeout', 'the CLI exits instead of hanging');
      assert.notEqual(result.code, 0);
      assert.match(first.output(), /PostgreSQL is down/);

      // Restart on the same data (stale pid file) and stop with SIGTERM.
      const second = run();
      assert.ok(await second.ready, second.output());
      const pg2 = await postmasterPid(dataDir);
      second.child.kill('SIGTERM');
      const r2 = await Promise.race([second.exited, deadline(45000)]);
      if (r2 === 'timeout') second.child.kill('SIGKILL');
      assert.deepEqual(r2, { code: 0, signal: null });
      assert.equal(isAlive(pg2), false, 'PostgreSQL stopped with the CLI');
      assert.doesNotMatch(second.output(), /FATAL: PostgreSQL is down|Backend failed/);
    } finally {
      await rm(dataDir, { recursive: true, force: true });
    }
  });
});
