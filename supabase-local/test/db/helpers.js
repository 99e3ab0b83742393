// Shared helpers for the SQL-level tests: a migrated + seeded embedded server, and
// transactions run as anon / authenticated with Supabase-style JWT claims.
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { prepareDatabase } from '@citable/worker/db/migrate.js';
import { startDatabase } from '../../src/db/postgres.js';

export const DEMO_USER = '00000000-0000-4000-8000-00000000de01';
export const OTHER_USER = '00000000-0000-4000-8000-00000000de02';
export const DEMO_ARTICLE_VERSION = '00000000-0000-4000-8000-00000000d3e0';
export const DEMO_ARTICLE_OLD_VERSION = '00000000-0000-4000-8000-00000000d3df';
export const REVIEW_VERSION = '00000000-0000-4000-8000-0000000a0001';

/**
 * Start an embedded server in a temp dir, migrate and seed it.
 * @returns {Promise<{ url: string, pool: pg.Pool, stop: () => Promise<void> }>}
 */
export async function startSeededDatabase() {
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'citable-dbtest-'));
  const db = await startDatabase({ dataDir, port: 0 });
  try {
    await prepareDatabase(db.url, { authenticatorPassword: 'test-authenticator' });
  } catch (error) {
    await db.stop();
    await fs.rm(dataDir, { recursive: true, force: true });
    throw error;
  }
  const pool = new pg.Pool({ connectionString: db.url, max: 4 });
  return {
    url: db.url,
    pool,
    stop: async () => {
      await pool.end();
      await db.stop();
      await fs.rm(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * Run `fn` in a transaction as `role` with the claims PostgREST would set, then roll back
 * (or commit with { commit: true }).
 * @template T
 * @param {pg.Pool} pool
 * @param {{ role: 'anon' | 'authenticated', sub?: string, commit?: boolean }} who
 * @param {(client: pg.PoolClient) => Promise<T>} fn
 * @returns {Promise<T>}
 */
export async function asRole(pool, who, fn) {
  const client = await pool.connect();
  try {
    await client.query('begin');
    const claims = who.sub ? { sub: who.sub, role: who.role, aud: who.role } : { role: who.role };
    await client.query("select set_config('request.jwt.claims', $1, true)", [JSON.stringify(claims)]);
    await client.query(`set local role ${who.role}`);
    const result = await fn(client);
    await client.query(who.commit ? 'commit' : 'rollback');
    return result;
  } catch (error) {
    await client.query('rollback').catch(() => {});
    throw error;
  } finally {
    client.release();
  }
}

/** @param {string} sub */
export const asUser = (sub) => /** @type {const} */ ({ role: 'authenticated', sub });
export const asAnon = /** @type {const} */ ({ role: 'anon' });

/**
 * Run one statement as `who` inside a savepoint-free transaction and return the pg error (or null).
 * @param {pg.Pool} pool
 * @param {{ role: 'anon' | 'authenticated', sub?: string }} who
 * @param {string} sql
 * @param {unknown[]} [params]
 * @returns {Promise<(Error & { code?: string, hint?: string }) | null>}
 */
export async function errorOf(pool, who, sql, params = []) {
  try {
    await asRole(pool, who, (client) => client.query(sql, params));
    return null;
  } catch (error) {
    return /** @type {Error & { code?: string, hint?: string }} */ (error);
  }
}
