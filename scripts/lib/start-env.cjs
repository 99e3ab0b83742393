// The environment `npm start` / `npm run dev` give their children, from the user's environment:
// every port resolved, the URLs the apps need, and a backend that accepts the apps at those ports.
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
 * which the backend uses too, stable for a given secret. A key the user set is kept.
 * @param {Record<string, string | undefined>} env
 * @param {(secret?: string) => Promise<{ anonKey: string }>} mint
 */
async function withLocalAnonKey(env, mint) {
  if (env.SUPABASE_ANON_KEY) return env;
  const { anonKey } = await mint(env.JWT_SECRET || undefined);
  return { ...env, SUPABASE_ANON_KEY: anonKey };
}

module.exports = { appOrigins, appsEnv, backendEnv, freePort, resolveAnyPorts, withLocalAnonKey };
