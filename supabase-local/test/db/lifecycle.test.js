// Lifecycle of the embedded server and of prepareDatabase (bootstrap + migrations + seed).
import assert from 'node:assert/strict';
import fs from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import pg from 'pg';
import { startDatabase } from '../../src/db/postgres.js';
import { authenticatorUrl, prepareDatabase } from '@citable/worker/db/migrate.js';

/** @type {string} */
let dataDir;
/** @type {Awaited<ReturnType<typeof startDatabase>> | undefined} */
let db;

/** @param {string} url @param {string} sql @param {unknown[]} [params] */
async function query(url, sql, params = []) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query(sql, params)).rows;
  } finally {
    await client.end();
  }
}

describe('embedded PostgreSQL lifecycle', () => {
  before(async () => {
    dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'citable-lifecycle-'));
    db = await startDatabase({ dataDir, port: 0, log: () => {} });
  });

  after(async () => {
    await db?.stop();
    await fs.rm(dataDir, { recursive: true, force: true });
  });

  it('starts a real PostgreSQL 17 server on a free loopback port', async () => {
    assert.ok(db);
    assert.equal(db.kind, 'embedded');
    assert.match(db.serverVersion, /^17\./);
    assert.match(db.url, /^postgresql:\/\/postgres:.+@127\.0\.0\.1:\d+\/postgres$/);
    const rows = await query(db.url, "select current_setting('server_encoding') as enc");
    assert.equal(rows[0].enc, 'UTF8');
  });

  it('prepares the database twice, the second time applying nothing', async () => {
    assert.ok(db);
    const first = await prepareDatabase(db.url, { authenticatorPassword: 'auth-secret-1', log: () => {} });
    assert.ok(Array.isArray(first.applied));
    const second = await prepareDatabase(db.url, { authenticatorPassword: 'auth-secret-1', log: () => {} });
    assert.deepEqual(second.applied, []);
    assert.equal(second.seeded, false);
    const versions = await query(db.url, 'select version from supabase_migrations.schema_migrations order by version');
    assert.equal(versions.length, first.applied.length);
  });

  it('is safe when two processes prepare at the same time', async () => {
    assert.ok(db);
    const url = db.url;
    const results = await Promise.all([
      prepareDatabase(url, { authenticatorPassword: 'auth-secret-1' }),
      prepareDatabase(url, { authenticatorPassword: 'auth-secret-1' }),
    ]);
    assert.deepEqual(results.map((r) => r.applied), [[], []]);
  });

  it('creates the Supabase roles with the right attributes', async () => {
    assert.ok(db);
    const rows = await query(
      db.url,
      `select rolname, rolcanlogin, rolinherit, rolbypassrls from pg_roles
        where rolname in ('anon','authenticated','service_role','authenticator') order by rolname`,
    );
    const byName = Object.fromEntries(rows.map((r) => [r.rolname, r]));
    assert.equal(byName.anon.rolcanlogin, false);
    assert.equal(byName.authenticated.rolcanlogin, false);
    assert.equal(byName.service_role.rolbypassrls, true);
    assert.equal(byName.authenticator.rolcanlogin, true);
    assert.equal(byName.authenticator.rolinherit, false);
    const members = await query(
      db.url,
      `select r.rolname from pg_auth_members m join pg_roles r on r.oid = m.roleid
        join pg_roles u on u.oid = m.member where u.rolname = 'authenticator' order by 1`,
    );
    assert.deepEqual(members.map((m) => m.rolname), ['anon', 'authenticated', 'service_role']);
  });

  it('lets authenticator log in with the password and switch to the API roles only', async () => {
    assert.ok(db);
    const url = authenticatorUrl(db.url, 'auth-secret-1');
    assert.match(url, /^postgresql:\/\/authenticator:auth-secret-1@127\.0\.0\.1:/);
    const rows = await query(url, 'select current_user as who');
    assert.equal(rows[0].who, 'authenticator');
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    try {
      await client.query('set role authenticated');
      assert.equal((await client.query('select current_user as who')).rows[0].who, 'authenticated');
      await client.query('reset role');
      await assert.rejects(client.query('set role postgres'), /permission denied/);
    } finally {
      await client.end();
    }
    await assert.rejects(query(authenticatorUrl(db.url, 'wrong'), 'select 1'), /password authentication failed/);
  });

  it('reads JWT claims like Supabase in auth.uid(), auth.role(), auth.email(), auth.jwt()', async () => {
    assert.ok(db);
    const uid = '11111111-2222-4333-8444-555555555555';
    const claims = JSON.stringify({ sub: uid, role: 'authenticated', email: 'a@b.fr' });
    const client = new pg.Client({ connectionString: db.url });
    await client.connect();
    try {
      await client.query('begin');
      await client.query("select set_config('request.jwt.claims', $1, true)", [claims]);
      const { rows } = await client.query('select auth.uid() as uid, auth.role() as role, auth.email() as email, auth.jwt() as jwt');
      assert.equal(rows[0].uid, uid);
      assert.equal(rows[0].role, 'authenticated');
      assert.equal(rows[0].email, 'a@b.fr');
      assert.equal(rows[0].jwt.sub, uid);
      await client.query('rollback');
      await client.query('begin');
      await client.query("select set_config('request.jwt.claim.sub', $1, true)", [uid]);
      assert.equal((await client.query('select auth.uid() as uid')).rows[0].uid, uid);
      await client.query('rollback');
      assert.equal((await client.query('select auth.uid() as uid')).rows[0].uid, null);
    } finally {
      await client.end();
    }
  });

  it('has the storage helpers and path_tokens', async () => {
    assert.ok(db);
    const rows = await query(
      db.url,
      "select storage.foldername('a/b/c.png') as f, storage.filename('a/b/c.png') as n, storage.extension('a/b/c.png') as e",
    );
    assert.deepEqual(rows[0], { f: ['a', 'b'], n: 'c.png', e: 'png' });
    const rls = await query(db.url, "select relrowsecurity from pg_class where oid = 'storage.objects'::regclass");
    assert.equal(rls[0].relrowsecurity, true);
  });

  it('restarts on the same data after a crash left a stale postmaster.pid', async () => {
    assert.ok(db);
    await db.stop();
    // A pid that cannot be running (beyond pid_max) in a crash-left lock file.
    await fs.writeFile(path.join(dataDir, 'pg', 'postmaster.pid'), `99999999\n${path.join(dataDir, 'pg')}\n0\n5432\n`);
    db = await startDatabase({ dataDir, port: 0 });
    const rows = await query(db.url, "select count(*)::int as n from pg_roles where rolname = 'authenticator'");
    assert.equal(rows[0].n, 1, 'data persisted across restarts');
  });

  it('refuses a second server on the same data folder', async () => {
    await assert.rejects(startDatabase({ dataDir, port: 0 }), /already running on the data folder/);
  });

  it('gives a clear error when the port is busy', async () => {
    const blocker = net.createServer();
    await new Promise((resolve) => blocker.listen(0, '127.0.0.1', () => resolve(undefined)));
    const address = blocker.address();
    const port = typeof address === 'object' && address ? address.port : 0;
    const otherDir = await fs.mkdtemp(path.join(os.tmpdir(), 'citable-busy-'));
    try {
      await assert.rejects(startDatabase({ dataDir: otherDir, port }), new RegExp(`Port ${port} is already in use`));
    } finally {
      blocker.close();
      await fs.rm(otherDir, { recursive: true, force: true });
    }
  });

  it('checks an external server by url and explains when it is unreachable', async () => {
    assert.ok(db);
    const external = await startDatabase({ databaseUrl: db.url });
    assert.equal(external.kind, 'external');
    assert.match(external.serverVersion, /^17\./);
    await external.stop();
    await assert.rejects(
      startDatabase({ databaseUrl: 'postgresql://postgres:x@127.0.0.1:1/postgres' }),
      /Cannot connect to the PostgreSQL server at postgresql:\/\/postgres:\*\*\*@127\.0\.0\.1:1\/postgres/,
    );
  });
});
