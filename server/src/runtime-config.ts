// Builds the runtime config served as GET /config.json from environment variables.
// Used by the production servers (scripts/serve.mjs) and the webpack dev servers.
import path from 'node:path';
import fs from 'node:fs';
import { pathToFileURL } from 'node:url';
import { spawnSync } from 'node:child_process';
import { portOf, REMOTES, type RemoteName, type ServiceName } from '../ports.cjs';

// the repository (from src/ under jest, from dist/ once built: both two levels down)
const ROOT = path.resolve(__dirname, '..', '..');

/** GET /config.json: what the apps read at start (loadRuntimeConfig in @citable/shared). */
export interface RuntimeConfig {
  supabaseUrl: string;
  supabaseAnonKey: string;
  /** remote name → its module-federation manifest URL */
  remotes: Partial<Record<RemoteName, string>>;
  linkedinScriptUrl: string | null;
  siteUrl: string;
  contact: { email?: string; phone?: string; address?: string };
}

export type MintAnonKey = (env: NodeJS.ProcessEnv) => Promise<string>;

/** Supabase's documented self-hosted demo anon key (JWT secret super-secret-jwt-token-with-at-least-32-characters-long). */
export const DEMO_ANON_KEY =
  'eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJpc3MiOiJzdXBhYmFzZS1kZW1vIiwicm9sZSI6ImFub24iLCJleHAiOjE5ODM4MTI5OTZ9.CRXP1A7WOeoJeXxjNni43kdQwgnWNReilDMblYTn_I0';

export const DEFAULT_CONTACT = { email: 'contact@citable.fr', phone: '+33 1 84 60 12 34', address: '10 rue de la Paix, 75002 Paris, France' };

function checkUrl(name: string, value: string): string {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new Error(`${name} must be an absolute http(s) URL, got "${value}"`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new Error(`${name} must be an http(s) URL, got "${value}"`);
  }
  return value;
}

const trimSlash = (s: string): string => s.replace(/\/+$/, '');

/** Remote base URL (or a full manifest URL) → manifest URL. */
export function manifestUrl(base: string): string {
  return /\.json($|\?)/.test(base) ? base : `${trimSlash(base)}/mf-manifest.json`;
}

/**
 * Default loader of the anon key (local development: SUPABASE_ANON_KEY unset): mint it from JWT_SECRET
 * with the worker's keys module (worker/dist/keys.js, built by `npm run typecheck` and `npm start`) when
 * present (the same minting the local stand-in uses; the server never
 * imports supabase-local/).
 */
async function mintAnonKey(env: NodeJS.ProcessEnv): Promise<string> {
  const keysFile = path.join(ROOT, 'worker', 'dist', 'keys.js');
  if (!fs.existsSync(keysFile)) return DEMO_ANON_KEY;
  // worker/dist/keys.js is an ES module: mint in a short child process so this CommonJS
  // module (also loaded by jest and webpack configs) never needs dynamic import()
  const script = `const { mintKeys } = await import(${JSON.stringify(pathToFileURL(keysFile).href)});
const secret = process.env.JWT_SECRET;
process.stdout.write((await (secret ? mintKeys(secret) : mintKeys())).anonKey);`;
  const result = spawnSync(process.execPath, ['--input-type=module', '-e', script], {
    env: { PATH: process.env.PATH, JWT_SECRET: env.JWT_SECRET || '' },
    encoding: 'utf8',
  });
  if (result.status !== 0) throw new Error(`could not mint the anon key from JWT_SECRET: ${result.stderr.trim()}`);
  return result.stdout.trim();
}

/** The runtime config from environment variables (every URL checked); mintAnonKey replaceable for tests. */
export async function buildRuntimeConfig(
  env: NodeJS.ProcessEnv = process.env,
  deps: { mintAnonKey?: MintAnonKey } = {},
): Promise<RuntimeConfig> {
  const supabaseUrl = trimSlash(
    checkUrl('SUPABASE_URL', env.SUPABASE_URL || `http://localhost:${portOf('backend', env)}`),
  );
  const supabaseAnonKey = env.SUPABASE_ANON_KEY || (await (deps.mintAnonKey || mintAnonKey)(env));

  const remotes: RuntimeConfig['remotes'] = {};
  for (const name of REMOTES) {
    const variable = `${name.toUpperCase()}_URL`;
    const base = env[variable] || `http://localhost:${portOf(name, env)}`;
    remotes[name] = manifestUrl(checkUrl(variable, base));
  }

  const linkedinScriptUrl = env.LINKEDIN_SCRIPT_URL ? checkUrl('LINKEDIN_SCRIPT_URL', env.LINKEDIN_SCRIPT_URL) : null;
  const siteUrl = trimSlash(checkUrl('SITE_URL', env.SITE_URL || `http://localhost:${portOf('shell', env)}`));

  return {
    supabaseUrl,
    supabaseAnonKey,
    remotes,
    linkedinScriptUrl,
    siteUrl,
    contact: {
      email: env.CONTACT_EMAIL || DEFAULT_CONTACT.email,
      phone: env.CONTACT_PHONE || DEFAULT_CONTACT.phone,
      address: env.CONTACT_ADDRESS || DEFAULT_CONTACT.address,
    },
  };
}

/** Base URL of a remote (without the manifest file), e.g. for the prerender files. */
export function remoteBaseUrl(name: ServiceName, env: NodeJS.ProcessEnv = process.env): string {
  const base = env[`${name.toUpperCase()}_URL`] || `http://localhost:${portOf(name, env)}`;
  return trimSlash(base.replace(/\/[^/]*\.json(\?.*)?$/, ''));
}
