// Builds the runtime config served as GET /config.json from environment variables.
// Used by the production servers (scripts/serve.mjs) and the webpack dev servers.
import { portOf, REMOTES, type RemoteName, type ServiceName } from '../ports.cjs';
import { checkoutSettingsFromEnv, type PublicCheckoutConfig } from './checkout-config';

/** GET /config.json: what the apps read at start (loadRuntimeConfig in @citable/shared). */
export interface RuntimeConfig {
  supabaseUrl: string;
  supabaseAnonKey: string;
  /** remote name → its module-federation manifest URL */
  remotes: Partial<Record<RemoteName, string>>;
  linkedinScriptUrl: string | null;
  siteUrl: string;
  contact: { email?: string; phone?: string; address?: string };
  /**
   * The worker's LLM_ANSWERS_PER_MODEL (answers asked of each model per llm_answers run): the
   * LLM answers screen says how many calls a run makes before it starts. Read from the same
   * variable, with the worker's default and bounds (worker/src/config.ts).
   */
  llmAnswersPerModel: number;
  /** the discovery offer's card payment (issue 34): the publishable key and price, null when not configured */
  checkout: PublicCheckoutConfig | null;
}

/** The worker's default for LLM_ANSWERS_PER_MODEL (worker/src/config.ts). */
export const DEFAULT_LLM_ANSWERS_PER_MODEL = 3;

/** LLM_ANSWERS_PER_MODEL as the worker reads it: an integer from 1 to 20, 3 when unset. */
function answersPerModel(value: string | undefined): number {
  if (value === undefined || value.trim() === '') return DEFAULT_LLM_ANSWERS_PER_MODEL;
  const n = Number(value);
  if (!Number.isInteger(n) || n < 1 || n > 20) throw new Error(`LLM_ANSWERS_PER_MODEL must be an integer between 1 and 20, got "${value}"`);
  return n;
}

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

/** What an app server says when SUPABASE_ANON_KEY is missing. */
export const MISSING_ANON_KEY =
  'SUPABASE_ANON_KEY is not set: the app servers need the Supabase project\'s anon key (hosted Supabase: ' +
  'dashboard → Project Settings → API keys; `npm start` and `npm run dev` pass the local backend\'s).';

/**
 * The runtime config from environment variables (every URL checked). The anon key comes from
 * SUPABASE_ANON_KEY only: the server never mints one (the local backend's is passed by the start
 * scripts, see scripts/lib/start-env.cjs).
 */
export async function buildRuntimeConfig(env: NodeJS.ProcessEnv = process.env): Promise<RuntimeConfig> {
  const supabaseUrl = trimSlash(
    checkUrl('SUPABASE_URL', env.SUPABASE_URL || `http://localhost:${portOf('backend', env)}`),
  );
  const supabaseAnonKey = env.SUPABASE_ANON_KEY?.trim();
  if (!supabaseAnonKey) throw new Error(MISSING_ANON_KEY);

  const remotes: RuntimeConfig['remotes'] = {};
  for (const name of REMOTES) {
    const variable = `${name.toUpperCase()}_URL`;
    const base = env[variable] || `http://localhost:${portOf(name, env)}`;
    remotes[name] = manifestUrl(checkUrl(variable, base));
  }

  const linkedinScriptUrl = env.LINKEDIN_SCRIPT_URL ? checkUrl('LINKEDIN_SCRIPT_URL', env.LINKEDIN_SCRIPT_URL) : null;
  const siteUrl = trimSlash(checkUrl('SITE_URL', env.SITE_URL || `http://localhost:${portOf('shell', env)}`));

  const checkoutSettings = checkoutSettingsFromEnv(env);
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
    llmAnswersPerModel: answersPerModel(env.LLM_ANSWERS_PER_MODEL),
    // only the publishable key and the price: the secret key and webhook secret stay on the server
    checkout: checkoutSettings
      ? { publishableKey: checkoutSettings.publishableKey, priceCents: checkoutSettings.priceCents, currency: checkoutSettings.currency }
      : null,
  };
}

/** Base URL of a remote (without the manifest file), e.g. for the prerender files. */
export function remoteBaseUrl(name: ServiceName, env: NodeJS.ProcessEnv = process.env): string {
  const base = env[`${name.toUpperCase()}_URL`] || `http://localhost:${portOf(name, env)}`;
  return trimSlash(base.replace(/\/[^/]*\.json(\?.*)?$/, ''));
}
