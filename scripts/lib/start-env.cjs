// The environment `npm start` / `npm run dev` give their children, from the user's environment:
// every port resolved, the URLs the apps need, and a backend that accepts the apps at those ports.
const crypto = require('node:crypto');
const fs = require('node:fs');
const path = require('node:path');
const { freePort } = require('@citable/supabase-local/free-port');
const { APPS, REMOTES, portOf } = require('@citable/server/ports');

const SERVICES = [...APPS, 'backend'];
const portVar = (name) => `${name.toUpperCase()}_PORT`;

/** Origins the browser uses for the four apps at their ports (localhost and 127.0.0.1). */
function appOrigins(env) {
  return APPS.flatMap((app) => {
    const port = portOf(app, env);
    return [`http://localhost:${port}`, `http://127.0.0.1:${port}`];
  });
}

/** Origin of a URL, or null when it is not an http(s) URL. */
function originOf(url) {
  try {
    const parsed = new URL(url);
    return /^https?:$/.test(parsed.protocol) ? parsed.origin : null;
  } catch {
    return null;
  }
}

/**
 * Environment of the app servers: every *_PORT set (defaults filled in), SUPABASE_URL and the
 * remotes' URLs defaulted to the local ports. Values the user set are kept.
 * @param {Record<string, string | undefined>} env
 */
function appsEnv(env) {
  const out = { ...env };
  for (const name of SERVICES) out[portVar(name)] = String(portOf(name, env));
  out.SUPABASE_URL ||= `http://localhost:${out.BACKEND_PORT}`;
  for (const name of REMOTES) out[`${name.toUpperCase()}_URL`] ||= `http://localhost:${out[portVar(name)]}`;
  return out;
}

/**
 * Environment of the backend: PORT from BACKEND_PORT; unless the user set them, ALLOWED_ORIGINS
 * = the four apps' origins at their ports (plus the origin of a SITE_URL the user set) and
 * SITE_URL = the shell's URL. So moving an app to another port needs no other variable.
 * @param {Record<string, string | undefined>} env
 */
function backendEnv(env) {
  const out = appsEnv(env);
  out.PORT = out.BACKEND_PORT;
  if (!env.ALLOWED_ORIGINS || !env.ALLOWED_ORIGINS.trim()) {
    const origins = appOrigins(out);
    const site = env.SITE_URL ? originOf(env.SITE_URL) : null;
    if (site && !origins.includes(site)) origins.push(site);
    out.ALLOWED_ORIGINS = origins.join(',');
  }
  out.SITE_URL ||= `http://localhost:${out.SHELL_PORT}`;
  return out;
}

/**
 * Replaces every port set to 0 ("any free port") by a free port chosen now, so that each app
 * knows where the others are and a restarted child comes back on the same port.
 * @param {Record<string, string | undefined>} env
 * @param {() => Promise<number>} [pickPort]
 */
async function resolveAnyPorts(env, pickPort = freePort) {
  const out = { ...env };
  const taken = new Set(SERVICES.map((name) => portOf(name, env)));
  for (const name of SERVICES) {
    if (portOf(name, env) !== 0) continue;
    let port = await pickPort();
    // the system may hand out the same port twice in a row: never give two services one port
    for (let tries = 0; taken.has(port) && tries < 20; tries += 1) port = await pickPort();
    if (taken.has(port)) throw new Error(`no free port found for ${portVar(name)}`);
    taken.add(port);
    out[portVar(name)] = String(port);
  }
  return out;
}

/**
 * The app servers read the anon key from SUPABASE_ANON_KEY only. With the local backend it is the
 * backend's own: minted from JWT_SECRET (or the default secret) by `mint` — the worker's keys module,
 * which the backend uses too, stable for a given secret. A key the user set is kept. When Stripe keys
 * are set (the discovery offer's card payment, docs/payments.md), the shell server also needs the
 * service role key: the local backend's, unless one is set.
 * @param {Record<string, string | undefined>} env
 * @param {(secret?: string) => Promise<{ anonKey: string, serviceRoleKey?: string }>} mint
 */
async function withLocalAnonKey(env, mint) {
  const wantsServiceKey = Boolean(env.STRIPE_SECRET_KEY) && !env.SUPABASE_SERVICE_ROLE_KEY;
  if (env.SUPABASE_ANON_KEY && !wantsServiceKey) return env;
  const { anonKey, serviceRoleKey } = await mint(env.JWT_SECRET || undefined);
  return {
    ...env,
    SUPABASE_ANON_KEY: env.SUPABASE_ANON_KEY || anonKey,
    ...(wantsServiceKey && serviceRoleKey ? { SUPABASE_SERVICE_ROLE_KEY: serviceRoleKey } : {}),
  };
}

/** Where `npm start` keeps the development WORDPRESS_SECRET_KEY (DATA_DIR, as the backend and the worker read it). */
const DEV_WORDPRESS_KEY_FILE = 'wordpress-dev-secret.key';

/**
 * A development WORDPRESS_SECRET_KEY for the worker `npm start` runs against the local backend, so
 * publishing to WordPress works out of the box: 32 random bytes (base64) made once into
 * DATA_DIR/wordpress-dev-secret.key (mode 0600) and read again at each start (the passwords stored
 * with it stay readable). Only when the user set no WORDPRESS_SECRET_KEY, the local backend is started
 * (no SKIP_BACKEND) and no DATABASE_URL points the worker at another database, and NODE_ENV is not
 * production: a production worker always has its own key (docs/worker.md). Returns the environment and
 * what was done (null: nothing).
 * @param {Record<string, string | undefined>} env
 * @param {{ root: string }} options
 * @returns {{ env: Record<string, string | undefined>, devKey: null | { file: string, created: boolean } }}
 */
function withDevWordPressKey(env, { root }) {
  if ((env.WORDPRESS_SECRET_KEY ?? '').trim() || env.SKIP_BACKEND || env.DATABASE_URL || env.NODE_ENV === 'production') return { env, devKey: null };
  const dataDir = path.resolve(env.DATA_DIR || path.join(root, '.data'));
  const file = path.join(dataDir, DEV_WORDPRESS_KEY_FILE);
  let key = null;
  let created = false;
  try {
    key = fs.readFileSync(file, 'utf8').trim();
  } catch (error) {
    if (/** @type {NodeJS.ErrnoException} */ (error).code !== 'ENOENT') throw error;
  }
  if (key === null) {
    fs.mkdirSync(dataDir, { recursive: true });
    key = crypto.randomBytes(32).toString('base64');
    // wx: never overwrite a key another start wrote meanwhile
    try {
      fs.writeFileSync(file, `${key}\n`, { mode: 0o600, flag: 'wx' });
      created = true;
    } catch (error) {
      if (/** @type {NodeJS.ErrnoException} */ (error).code !== 'EEXIST') throw error;
      key = fs.readFileSync(file, 'utf8').trim();
    }
  }
  if (!/^[A-Za-z0-9+/]{43}=$/.test(key) || Buffer.from(key, 'base64').length !== 32) {
    throw new Error(`${file} does not hold a 32-byte base64 key: delete it (the WordPress passwords saved with it must then be entered again) or set WORDPRESS_SECRET_KEY`);
  }
  return { env: { ...env, WORDPRESS_SECRET_KEY: key }, devKey: { file, created } };
}

module.exports = { appOrigins, appsEnv, backendEnv, freePort, resolveAnyPorts, withLocalAnonKey, withDevWordPressKey, DEV_WORDPRESS_KEY_FILE };
