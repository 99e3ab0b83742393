// Issue 27, the public endpoints: the public RPCs' limits (gateway and SQL), account enumeration
// through the auth e-mail endpoints, concurrent refreshes, invalid UTF-8 in URLs, unsafe defaults
// when the backend is exposed, and the OpenAPI root. One backend for the whole file.
import assert from 'node:assert/strict';
import { mkdtemp, readFile, rm, stat, unlink } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { after, before, describe, test } from 'node:test';
import pg from 'pg';
import { DEFAULT_LOCAL_POSTGRES_PASSWORD, startDatabase } from '../src/db/postgres.js';
import { startStack } from '../src/index.js';
import { sendFirstArticleRequest } from '@citable/worker/actions/mail.js';
import { RELAXED_LIMITS, makeClient, rawRequest, signedInUser, startTestStack, uniqueEmail } from './helpers.js';

const MAILBOX_KEY = 'test-mailbox-key-0123456789';
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

describe('issue 27: public endpoints', () => {
  /** @type {Awaited<ReturnType<typeof startTestStack>>} */
  let env;
  /** @type {any} */
  let stack;
  /** @type {pg.Pool} */
  let pool;

  before(async () => {
    env = await startTestStack({
      rateLimits: { ...RELAXED_LIMITS, rpc: { max: 4, windowMs: 60_000 } },
      emailMinInterval: 60,
      mailboxKey: MAILBOX_KEY,
    });
    stack = env.stack;
    pool = new pg.Pool({ connectionString: stack.databaseUrl, max: 3 });
  });

  after(async () => {
    await pool?.end();
    await env?.close();
  });

  const rest = (p, init = {}) =>
    rawRequest(stack.url, init.method || 'GET', `/rest/v1${p}`, { apikey: stack.anonKey, 'content-type': 'application/json', ...(init.headers || {}) }, init.body);
  const auth = (p, body, headers = {}) =>
    fetch(`${stack.url}/auth/v1${p}`, {
      method: 'POST',
      headers: { apikey: stack.anonKey, 'content-type': 'application/json', 'x-supabase-api-version': '2024-01-01', ...headers },
      body: JSON.stringify(body),
    });
  const mailbox = async (to) => {
    const res = await fetch(`${stack.url}/mailbox/messages?to=${encodeURIComponent(to)}`, { headers: { 'x-mailbox-key': MAILBOX_KEY } });
    assert.equal(res.status, 200);
    return res.json();
  };

  /** Runs fn as PostgREST would for an anonymous request with these headers (then rolls back). */
  async function asAnonWithHeaders(headers, fn) {
    const client = await pool.connect();
    try {
      await client.query('begin');
      await client.query("select set_config('role', 'anon', true), set_config('request.headers', $1, true)", [JSON.stringify(headers)]);
      return await fn(client);
    } finally {
      await client.query('rollback').catch(() => {});
      client.release();
    }
  }

  // ------------------------------------------------------------------ item 5 -----
  test('#27.5 a second claim for an address the same day answers success but mails the requester once', async () => {
    const email = uniqueEmail('victim');
    const first = await rest('/rpc/claim_first_article', { method: 'POST', body: JSON.stringify({ p_url: 'https://premier-site.test', p_stripe_email: email }) });
    const second = await rest('/rpc/claim_first_article', { method: 'POST', body: JSON.stringify({ p_url: 'https://second-site.test', p_stripe_email: email.toUpperCase() }) });
    assert.equal(first.status, 200, first.text);
    assert.equal(second.status, 200, second.text);
    assert.deepEqual(Object.keys(second.body).sort(), ['request_id', 'site_id']);
    assert.notEqual(second.body.request_id, first.body.request_id);
    /** @type {{ to: string, subject: string }[]} */
    const sent = [];
    const ctx = { pool, mailer: { send: async (m) => sent.push(m) }, config: { mail: { contactEmail: 'team@citable.test' } } };
    await sendFirstArticleRequest(/** @type {any} */ (ctx), first.body.request_id);
    await sendFirstArticleRequest(/** @type {any} */ (ctx), second.body.request_id);
    assert.equal(sent.filter((m) => m.to.toLowerCase() === email).length, 1, 'one mail to the requester');
    assert.equal(sent.filter((m) => m.to === 'team@citable.test').length, 2, 'the team hears of both');
  });

  test('#27.5 the gateway forwards the socket address: a client cannot choose its source address', async () => {
    const r = await rest('/rpc/submit_contact_message', {
      method: 'POST',
      headers: { 'x-forwarded-for': '198.51.100.7', 'cf-connecting-ip': '198.51.100.7', 'x-real-ip': '198.51.100.7' },
      body: JSON.stringify({ p_name: 'Jean', p_email: 'jean@example.com', p_message: 'Bonjour, une question.' }),
    });
    assert.equal(r.status, 200, r.text);
    const { rows } = await pool.query("select source from private.public_submissions where kind = 'contact' order by created_at desc limit 1");
    assert.ok(['127.0.0.1', '::1', '::ffff:127.0.0.1'].includes(rows[0]?.source), rows[0]?.source);
  });

  test('#27.5 claims and contact messages are capped per source address in SQL', async () => {
    for (const [fn, args] of /** @type {const} */ ([
      ['claim_first_article', (i) => [`https://site-${i}.flood.test`, `owner${i}@flood-${process.pid}.test`]],
      ['submit_contact_message', (i) => [`Nom ${i}`, `sender${i}@flood-${process.pid}.test`, 'Bonjour, une question sérieuse.']],
    ])) {
      const call = (client, i) => client.query(`select public.${fn}(${args(i).map((_, k) => `$${k + 1}`).join(', ')}) as r`, args(i));
      const outcome = await asAnonWithHeaders({ 'x-forwarded-for': '203.0.113.9' }, async (client) => {
        for (let i = 0; i < 10; i += 1) await call(client, i);
        return call(client, 10).then(() => null, (e) => e);
      });
      assert.ok(outcome, `${fn}: the 11th call from one source is refused`);
      assert.equal(outcome.code, 'P0001');
      assert.equal(outcome.hint, 'rate_limited');
      // Another source is not affected (each call above was rolled back, so commit some first).
      const other = await asAnonWithHeaders({ 'x-forwarded-for': '203.0.113.10' }, (client) => call(client, 0));
      assert.ok(other.rows[0].r);
    }
  });

  test('#27.5 a percent-encoded function name shares the limit', async () => {
    for (const [name, body] of [
      ['claim_first_article', { p_url: 'https://limite.test', p_stripe_email: 'limite@example.com' }],
      ['submit_contact_message', { p_name: 'Jean', p_email: 'jean@example.com', p_message: 'Bonjour, une question.' }],
    ]) {
      let limited = false;
      for (let i = 0; i < 10 && !limited; i += 1) {
        limited = (await rest(`/rpc/${name}`, { method: 'POST', body: JSON.stringify(body) })).status === 429;
      }
      assert.ok(limited, `${name} reaches its limit`);
      const variants = [
        `/rpc/${name.replace('_', '%5F')}`,
        `/rpc/${name.replace('_', '%5f')}`,
        `/rpc/${[...name].map((c) => `%${c.charCodeAt(0).toString(16)}`).join('')}`,
        `/rpc/${name.toUpperCase()}`,
        `/rpc/${name}/`,
        `/rpc//${name}`,
        `//rpc/${name}`,
        `/rpc/${name}%20`,
        `/rpc/x/../${name}`,
      ];
      for (const v of variants) {
        const r = await rest(v, { method: 'POST', body: JSON.stringify(body) });
        assert.ok(r.status === 429 || (r.status >= 400 && r.status < 500), `${v}: ${r.status} ${r.text}`);
        assert.notEqual(r.status, 200, v);
      }
    }
  });

  test('#27.5 a function name that decodes to something odd is refused with a 4xx JSON error, never 500', async () => {
    for (const v of ['/rpc/%FF', '/rpc/claim%2Ffirst_article', '/rpc/%00', '/rpc/%E2%80%AEabc', '/rpc/a%']) {
      const r = await rest(v, { method: 'POST', body: '{}' });
      assert.ok(r.status >= 400 && r.status < 500, `${v}: ${r.status} ${r.text}`);
      assert.ok(r.body && typeof r.body.message === 'string', `${v}: JSON error, got ${r.text}`);
    }
  });

  // ------------------------------------------------------------------ item 6 -----
  test('#27.6 a second recover within the interval answers the same for a known and an unknown address', async () => {
    const known = (await signedInUser(stack)).email;
    const unknown = uniqueEmail('nobody');
    const out = {};
    for (const [label, email] of [['known', known], ['unknown', unknown]]) {
      const first = await auth('/recover', { email });
      const second = await auth('/recover', { email });
      out[label] = [first.status, second.status, (await second.json()).code];
    }
    assert.deepEqual(out.unknown, out.known);
    assert.deepEqual(out.known, [200, 429, 'over_email_send_rate_limit']);
    assert.equal((await mailbox(known)).length, 1);
    assert.equal((await mailbox(unknown)).length, 0);
  });

  test('#27.6 otp with create_user false answers the same for a known and an unknown address', async () => {
    const known = (await signedInUser(stack)).email;
    const unknown = uniqueEmail('nobody-otp');
    const a = await auth('/otp', { email: known, create_user: false });
    const b = await auth('/otp', { email: unknown, create_user: false });
    assert.equal(a.status, 200);
    assert.equal(b.status, a.status);
    assert.deepEqual(await b.json(), await a.json());
    assert.equal((await mailbox(known)).length, 1, 'the known address gets its link');
    assert.equal((await mailbox(unknown)).length, 0, 'nobody is signed up');
    const { rows } = await pool.query('select 1 from auth.users where email = $1', [unknown]);
    assert.equal(rows.length, 0);
  });

  test('#27.6 sign-up of an existing address answers like a new one, in comparable time', async () => {
    const existing = (await signedInUser(stack)).email;
    const timeOf = async (email) => {
      const t0 = performance.now();
      const res = await auth('/signup', { email, password: 'Passw0rd!' });
      const ms = performance.now() - t0;
      return { ms, status: res.status, body: await res.json() };
    };
    const olds = [];
    const news = [];
    for (let i = 0; i < 5; i += 1) {
      olds.push(await timeOf(existing));
      news.push(await timeOf(uniqueEmail('fresh')));
    }
    for (const r of [...olds, ...news]) assert.equal(r.status, 200);
    assert.deepEqual(Object.keys(olds[0].body).sort(), Object.keys(news[0].body).sort());
    const mOld = median(olds.map((r) => r.ms));
    const mNew = median(news.map((r) => r.ms));
    // Both hash the password (bcrypt cost 10): the gap is a few queries, not the hash.
    assert.ok(mOld * 3 >= mNew, `existing ${mOld.toFixed(1)} ms vs new ${mNew.toFixed(1)} ms`);
  });

  // ------------------------------------------------------------------ item 7 -----
  test('#27.7 two simultaneous refreshes with one refresh token both succeed with the same new session', async () => {
    const { session } = await signedInUser(stack);
    const refresh = () => auth('/token?grant_type=refresh_token', { refresh_token: session.refresh_token });
    const [a, b] = await Promise.all([refresh(), refresh()]);
    assert.equal(a.status, 200);
    assert.equal(b.status, 200);
    const [ja, jb] = [await a.json(), await b.json()];
    assert.equal(ja.refresh_token, jb.refresh_token);
    assert.notEqual(ja.refresh_token, session.refresh_token);
    const next = await auth('/token?grant_type=refresh_token', { refresh_token: ja.refresh_token });
    assert.equal(next.status, 200, 'the winner\'s token still works');
    // Past the 10 s reuse interval, reuse is theft again: the session ends.
    const late = (await next.json()).refresh_token;
    const again = await auth('/token?grant_type=refresh_token', { refresh_token: late });
    assert.equal(again.status, 200);
    await pool.query("update auth.refresh_tokens set updated_at = now() - interval '11 seconds' where token = $1", [late]);
    const reused = await auth('/token?grant_type=refresh_token', { refresh_token: late });
    assert.equal(reused.status, 400);
    assert.equal((await reused.json()).code, 'refresh_token_already_used');
    const newest = await auth('/token?grant_type=refresh_token', { refresh_token: (await again.json()).refresh_token });
    assert.equal(newest.status, 400, 'the session was revoked');
  });

  // ------------------------------------------------------------------ item 8 -----
  test('#27.8 invalid UTF-8 in the query string answers 400 with a JSON error', async () => {
    for (const p of ['/statuses?name=eq.%FF%FE', '/rpc/get_article_for_view?p_version_id=%FF', '/statuses?select=%C3']) {
      const r = await rest(p);
      assert.equal(r.status, 400, `${p}: ${r.status} ${r.text}`);
      assert.equal(typeof r.body?.message, 'string', r.text);
    }
    // Valid UTF-8 and a literal percent sign still work.
    assert.equal((await rest('/statuses?name=eq.%C3%A9t%C3%A9')).status, 200);
    assert.equal((await rest('/statuses?name=like.*50%25*')).status, 200);
  });

  // ----------------------------------------------------------------- item 14 -----
  test('#27.14 exposed on a non-loopback address, the backend refuses the demo secret and a keyless mailbox', async () => {
    const dataDir = await mkdtemp(path.join(os.tmpdir(), 'citable-exposed-'));
    // A stack that starts anyway is stopped at once (then the assertion fails).
    const startExposed = (opts) =>
      startStack({ host: '0.0.0.0', port: 0, dataDir, ...opts }).then(async (s) => {
        await s.stop();
        throw new Error('started');
      });
    try {
      await assert.rejects(startExposed({}), (e) => {
        assert.match(e.message, /JWT_SECRET/);
        assert.doesNotMatch(e.message, /\n/);
        return true;
      });
      await assert.rejects(startExposed({ jwtSecret: 'a'.repeat(40) }), /MAILBOX_KEY/);
      // Nothing was started: no database folder.
      await assert.rejects(stat(path.join(dataDir, 'pg')));
    } finally {
      await rm(dataDir, { recursive: true, force: true });
    }
  });

  test('#27.14 the mailbox needs its key when one is set, and its file is owner-only', async () => {
    assert.equal((await fetch(`${stack.url}/mailbox/messages`)).status, 401);
    assert.equal((await fetch(`${stack.url}/mailbox/messages`, { headers: { 'x-mailbox-key': 'wrong' } })).status, 401);
    assert.equal((await fetch(`${stack.url}/mailbox?key=${MAILBOX_KEY}`)).status, 200);
    const s = await stat(path.join(env.dataDir, 'mailbox.json'));
    assert.equal(s.mode & 0o777, 0o600);
  });

  test('#27.14 the embedded database gets a random password per data folder, kept 0600, reused, and old folders move to one', async () => {
    const dataDir = await mkdtemp(path.join(os.tmpdir(), 'citable-pgpw-'));
    const file = path.join(dataDir, 'postgres-password');
    const passwordOf = (url) => decodeURIComponent(new URL(url).password);
    try {
      const db1 = await startDatabase({ dataDir });
      const pw1 = passwordOf(db1.url);
      assert.notEqual(pw1, DEFAULT_LOCAL_POSTGRES_PASSWORD);
      assert.ok(pw1.length >= 24);
      assert.equal((await readFile(file, 'utf8')).trim(), pw1);
      assert.equal((await stat(file)).mode & 0o777, 0o600);
      // A folder of an older version: the fixed password and no file.
      const c = new pg.Client({ connectionString: db1.url });
      await c.connect();
      await c.query(`alter role postgres password '${DEFAULT_LOCAL_POSTGRES_PASSWORD}'`);
      await c.end();
      await db1.stop();
      await unlink(file);
      const db2 = await startDatabase({ dataDir });
      const pw2 = passwordOf(db2.url);
      assert.notEqual(pw2, DEFAULT_LOCAL_POSTGRES_PASSWORD);
      assert.equal((await readFile(file, 'utf8')).trim(), pw2);
      await db2.stop();
      const db3 = await startDatabase({ dataDir });
      assert.equal(passwordOf(db3.url), pw2, 'reused on restart');
      const legacy = new pg.Client({ connectionString: db3.url.replace(encodeURIComponent(pw2), DEFAULT_LOCAL_POSTGRES_PASSWORD) });
      await assert.rejects(legacy.connect());
      await legacy.end().catch(() => {});
      await db3.stop();
    } finally {
      await rm(dataDir, { recursive: true, force: true });
    }
  });

  // --------------------------------------------------------------- item 15 -----
  test('#27.15 the OpenAPI root is for the service role only', async () => {
    for (const p of ['', '/', '//', '/?select=*']) {
      const anon = await rawRequest(stack.url, 'GET', `/rest/v1${p}`, { apikey: stack.anonKey });
      assert.ok([401, 403].includes(anon.status), `anon ${p}: ${anon.status}`);
      assert.equal(typeof anon.body?.message, 'string');
    }
    const { session } = await signedInUser(stack);
    const user = await rawRequest(stack.url, 'GET', '/rest/v1/', { apikey: stack.anonKey, authorization: `Bearer ${session.access_token}` });
    assert.ok([401, 403].includes(user.status), `authenticated: ${user.status}`);
    const service = await rawRequest(stack.url, 'GET', '/rest/v1/', { apikey: stack.serviceRoleKey });
    assert.equal(service.status, 200);
    assert.ok(service.body?.paths, 'the OpenAPI document');
    // The tables themselves still answer the anon key.
    assert.equal((await makeClient(stack).from('statuses').select('*')).error, null);
  });
});
