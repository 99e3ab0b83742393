// Database access scoped like Supabase's: a transaction that runs as the caller's role with
// request.jwt.claims set, so the database's RLS policies decide.
import { withTransaction } from '../pg-tx.js';
import { E } from './errors.js';

/** @typedef {import('./types.js').Caller} Caller */
/** @typedef {import('./types.js').BucketRow} BucketRow */
/** @typedef {import('pg').PoolClient} PoolClient */
/** @typedef {import('pg').Pool} Pool */

const ROLLBACK = Symbol('rollback');

/**
 * Makes the rest of `client`'s transaction run as the caller's role with its JWT claims.
 * @param {PoolClient} client
 * @param {Caller} who
 */
export async function becomeCaller(client, who) {
  await client.query(
    `select set_config('role', $1, true), set_config('request.jwt.claims', $2, true),
            set_config('request.jwt.claim.sub', $3, true), set_config('request.jwt.claim.role', $1, true)`,
    [who.role, JSON.stringify(who.claims), typeof who.claims.sub === 'string' ? who.claims.sub : ''],
  );
}

/**
 * Runs `fn(client)` in a transaction as the caller (RLS decides).
 * @template T
 * @param {Pool} pool
 * @param {Caller} who
 * @param {(client: PoolClient) => Promise<T>} fn
 * @returns {Promise<T>}
 */
export function asCaller(pool, who, fn) {
  return withTransaction(pool, async (client) => {
    await becomeCaller(client, who);
    return fn(client);
  });
}

/**
 * Runs `fn(client)` as the caller in a transaction that is always rolled back (storage-api's testPermission).
 * @param {Pool} pool
 * @param {Caller} who
 * @param {(client: PoolClient) => Promise<void>} fn
 */
export async function testAsCaller(pool, who, fn) {
  try {
    await asCaller(pool, who, async (db) => {
      await fn(db);
      throw ROLLBACK;
    });
  } catch (e) {
    if (e !== ROLLBACK) throw e;
  }
}

/**
 * The bucket, read as the superuser (storage-api reads bucket rules so).
 * @param {Pool} pool
 * @param {string} id
 * @returns {Promise<BucketRow>}
 */
export async function getBucket(pool, id) {
  const { rows } = await pool.query('select * from storage.buckets where id = $1', [id]);
  if (!rows[0]) throw E.bucketNotFound();
  return rows[0];
}

/**
 * One object row as the superuser, or undefined.
 * @param {Pool | PoolClient} db
 * @param {string} bucket
 * @param {string} key
 * @returns {Promise<import('./types.js').ObjectRow | undefined>}
 */
export async function findObject(db, bucket, key) {
  const { rows } = await db.query('select * from storage.objects where bucket_id = $1 and name = $2', [bucket, key]);
  return rows[0];
}
