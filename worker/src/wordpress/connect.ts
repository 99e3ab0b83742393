// Saving a site's WordPress connection (issue 31; migration 20261130000600_wordpress.sql, part 6).
//
// The application password never reaches the database in clear: the browser seals it with the
// worker's RSA public key (RSA-OAEP with SHA-256, WebCrypto), save_wordpress_connection() keeps the
// sealed password in citable_worker.wordpress_connection_requests and queues wordpress_connect
// {site}; this job opens it with the private key, tests the connection (client.ts), and stores the
// password encrypted with WORDPRESS_SECRET_KEY (secret.ts, AES-256-GCM, bound to 'site:<id>') in
// wordpress_connections with what the test found, then deletes the request.
//
// The key pair: made by the first worker that starts with WORDPRESS_SECRET_KEY (ensureSealingKey),
// its private key stored encrypted with that key (citable_worker.wordpress_keys), shared by every
// worker process.
import { constants, generateKeyPairSync, privateDecrypt, randomBytes } from 'node:crypto';
import type pg from 'pg';
import { PermanentError } from '../errors.js';
import type { WorkerConfig } from '../config.js';
import { decryptSecret, encryptSecret, secretKeysFrom, type SecretKey } from './secret.js';
import { testWordPressConnection, type PostType } from './client.js';

const KEY_LOCK = 31_002;

export const keysOf = (config: WorkerConfig): SecretKey[] =>
  secretKeysFrom({ WORDPRESS_SECRET_KEY: config.wordpress.secretKey, WORDPRESS_SECRET_KEY_PREVIOUS: config.wordpress.previousSecretKey });

/**
 * The sealing key pair's id, made and stored when there is none. One process makes it (an
 * advisory lock), the others find it.
 */
export async function ensureSealingKey(pool: pg.Pool, keys: SecretKey[]): Promise<string> {
  const client = await pool.connect();
  try {
    await client.query('begin');
    await client.query('select pg_advisory_xact_lock($1)', [KEY_LOCK]);
    const { rows } = await client.query<{ kid: string; private_key_encrypted: string }>('select kid, private_key_encrypted from citable_worker.wordpress_keys order by created_at desc limit 1');
    if (rows[0]) {
      // still readable with the configured keys? (else a new pair: passwords sealed with the old one are asked again)
      try {
        decryptSecret(rows[0].private_key_encrypted, keys, `wordpress-key:${rows[0].kid}`);
        await client.query('commit');
        return rows[0].kid;
      } catch {
        /* made with another WORDPRESS_SECRET_KEY: a new pair below */
      }
    }
    const { publicKey, privateKey } = generateKeyPairSync('rsa', { modulusLength: 3072 });
    const kid = randomBytes(12).toString('base64url');
    const jwk = { ...publicKey.export({ format: 'jwk' }), alg: 'RSA-OAEP-256', use: 'enc', kid };
    const pem = privateKey.export({ format: 'pem', type: 'pkcs8' }).toString();
    await client.query('insert into citable_worker.wordpress_keys (kid, public_jwk, private_key_encrypted) values ($1, $2, $3)', [kid, JSON.stringify(jwk), encryptSecret(pem, keys, `wordpress-key:${kid}`)]);
    await client.query('commit');
    return kid;
  } catch (error) {
    await client.query('rollback').catch(() => undefined);
    throw error;
  } finally {
    client.release();
  }
}

/** A password sealed by the browser, opened with the private key of `kid`. */
export async function openSealed(pool: pg.Pool, keys: SecretKey[], kid: string, sealed: string): Promise<string> {
  const { rows } = await pool.query<{ private_key_encrypted: string }>('select private_key_encrypted from citable_worker.wordpress_keys where kid = $1', [kid]);
  if (!rows[0]) throw new PermanentError('The password was sealed with a key that no longer exists: enter it again');
  const pem = decryptSecret(rows[0].private_key_encrypted, keys, `wordpress-key:${kid}`);
  try {
    const plain = privateDecrypt({ key: pem, padding: constants.RSA_PKCS1_OAEP_PADDING, oaepHash: 'sha256' }, Buffer.from(sealed.replace(/-/g, '+').replace(/_/g, '/'), 'base64'));
    return plain.toString('utf8');
  } catch {
    throw new PermanentError('The sealed password could not be opened (not sealed with this public key): enter it again');
  }
}

interface RequestRow {
  site: string;
  wp_url: string;
  username: string;
  password_sealed: string | null;
  kid: string | null;
  plain_http_confirmed: boolean;
  auto_publish: boolean;
  requested_at: Date;
  requested_at_text: string;
}

/**
 * The wordpress_connect job: the site's pending request opened, tested and stored. A failure of
 * the site (wrong password, unreachable…) is the test's result, stored; what the worker cannot do
 * (WORDPRESS_SECRET_KEY unset, a stale seal) is written on the request (error) for the form.
 */
export async function runWordPressConnect(base: { pool: pg.Pool; config: WorkerConfig; log: (m: string) => void }, payload: { site: number }) {
  const { pool, config } = base;
  const { rows } = await pool.query<RequestRow>(
    `select site::text, wp_url, username, password_sealed, kid, plain_http_confirmed, auto_publish, requested_at,
            requested_at::text as requested_at_text
       from citable_worker.wordpress_connection_requests where site = $1`,
    [payload.site],
  );
  const request = rows[0];
  if (!request) return; // handled already (or the connection deleted)
  const fail = async (message: string) => {
    await pool.query('update citable_worker.wordpress_connection_requests set error = $3 where site = $1 and requested_at = $2::timestamptz', [request.site, request.requested_at_text, message]);
    base.log(`[wordpress_connect ${request.site}] ${message}`);
  };
  let keys: SecretKey[];
  let password: string;
  try {
    keys = keysOf(config);
    if (request.password_sealed && request.kid) {
      password = await openSealed(pool, keys, request.kid, request.password_sealed);
    } else {
      const { rows: stored } = await pool.query<{ password_encrypted: string }>('select password_encrypted from public.wordpress_connections where site = $1', [request.site]);
      if (!stored[0]) throw new PermanentError('No application password was given and none is stored');
      password = decryptSecret(stored[0].password_encrypted, keys, `site:${request.site}`);
    }
  } catch (error) {
    if (error instanceof PermanentError) {
      await fail(error.message);
      return;
    }
    throw error;
  }
  const { rows: sites } = await pool.query<{ default_type_page_post: string | null }>('select default_type_page_post from public.sites where id = $1', [request.site]);
  const type: PostType = sites[0]?.default_type_page_post === 'page' ? 'pages' : 'posts';
  const result = await testWordPressConnection(
    { url: request.wp_url, username: request.username, password },
    { allowPrivate: config.outbound.allowPrivate, allowPlainHttp: request.plain_http_confirmed, timeoutMs: config.wordpress.timeoutMs },
    type,
  );
  const client = await pool.connect();
  try {
    await client.query("begin; select set_config('citable.worker', 'on', true)");
    await client.query(
      `insert into public.wordpress_connections as c (site, wp_url, username, password_encrypted, plain_http_confirmed, auto_publish,
                                                     rest_style, test_status, test_message, found, tested_at, updated_at)
       values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, now(), now())
       on conflict (site) do update set wp_url = excluded.wp_url, username = excluded.username,
         password_encrypted = excluded.password_encrypted, plain_http_confirmed = excluded.plain_http_confirmed,
         auto_publish = excluded.auto_publish, rest_style = excluded.rest_style, test_status = excluded.test_status,
         test_message = excluded.test_message, found = excluded.found, tested_at = now(), updated_at = now()`,
      [
        request.site,
        result.ok ? result.found.apiBase.replace(/\/+$/, '') : request.wp_url,
        request.username,
        encryptSecret(password, keys, `site:${request.site}`),
        request.plain_http_confirmed,
        request.auto_publish,
        result.ok ? result.found.restStyle : 'pretty',
        result.ok ? 'ok' : result.code,
        result.ok ? null : result.message.slice(0, 2000),
        JSON.stringify(result.ok ? result.found : result.found ?? {}),
      ],
    );
    // this request only: a newer one (saved meanwhile) has its own job
    await client.query('delete from citable_worker.wordpress_connection_requests where site = $1 and requested_at = $2::timestamptz', [request.site, request.requested_at_text]);
    await client.query('commit');
  } catch (error) {
    await client.query('rollback').catch(() => undefined);
    throw error;
  } finally {
    client.release();
  }
  base.log(`[wordpress_connect ${request.site}] ${result.ok ? 'connected' : `failed: ${result.code}`}`);
}
