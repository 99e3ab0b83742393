/**
 * Runtime configuration of the platform, served by the shell (and each remote's own server)
 * as `GET /config.json`, written from environment variables when the server starts.
 * Moving a remote or the backend is a restart with other variables, never a rebuild.
 */
export type RemoteName = 'marketing' | 'workspace' | 'reviewer';

export const REMOTE_NAMES: readonly RemoteName[] = ['marketing', 'workspace', 'reviewer'];

export interface ContactConfig {
  email: string;
  phone: string;
  address: string;
}

export interface RuntimeConfig {
  supabaseUrl: string;
  supabaseAnonKey: string;
  /** manifest URL of each remote, e.g. http://localhost:3001/mf-manifest.json */
  remotes: Record<RemoteName, string>;
  /** external LinkedIn OAuth helper script, null when not configured */
  linkedinScriptUrl: string | null;
  /** public base URL of the site (canonical links, e-mail redirects) */
  siteUrl: string;
  contact: ContactConfig;
  /**
   * Answers the worker asks of each model per LLM answers run (its LLM_ANSWERS_PER_MODEL, served by
   * the app servers from the same variable); absent from an older server: DEFAULT_LLM_ANSWERS_PER_MODEL.
   */
  llmAnswersPerModel?: number;
  /**
   * The discovery offer's card payment (Stripe Checkout, issue 34): the publishable key and the price
   * in cents; null when the server has no Stripe keys (the offer is then the free claim).
   */
  checkout?: CheckoutConfig | null;
}

export interface CheckoutConfig {
  publishableKey: string;
  priceCents: number;
  currency: 'eur';
}

/** The worker's default LLM_ANSWERS_PER_MODEL (worker/src/config.ts). */
export const DEFAULT_LLM_ANSWERS_PER_MODEL = 3;

export class RuntimeConfigError extends Error {
  readonly issues: string[];
  constructor(issues: string[]) {
    super(`Invalid runtime configuration: ${issues.join('; ')}`);
    this.name = 'RuntimeConfigError';
    this.issues = issues;
  }
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

function checkUrl(value: unknown, field: string, issues: string[]): string {
  if (typeof value !== 'string' || value.trim() === '') {
    issues.push(`${field} must be a non-empty URL`);
    return '';
  }
  try {
    const url = new URL(value);
    if (url.protocol !== 'http:' && url.protocol !== 'https:') {
      issues.push(`${field} must be an http(s) URL, got ${url.protocol}`);
    }
  } catch {
    issues.push(`${field} is not a valid URL: ${value}`);
  }
  return value;
}

function checkString(value: unknown, field: string, issues: string[], allowEmpty = true): string {
  if (typeof value !== 'string' || (!allowEmpty && value.trim() === '')) {
    issues.push(`${field} must be a ${allowEmpty ? '' : 'non-empty '}string`);
    return '';
  }
  return value;
}

/** Validates an unknown JSON value and returns a typed config, or throws RuntimeConfigError listing every problem. */
export function parseRuntimeConfig(input: unknown): RuntimeConfig {
  const issues: string[] = [];
  if (!isRecord(input)) throw new RuntimeConfigError(['the configuration must be a JSON object']);

  const supabaseUrl = checkUrl(input.supabaseUrl, 'supabaseUrl', issues).replace(/\/+$/, '');
  const supabaseAnonKey = checkString(input.supabaseAnonKey, 'supabaseAnonKey', issues, false);

  const remotes = {} as Record<RemoteName, string>;
  if (!isRecord(input.remotes)) {
    issues.push('remotes must be an object with marketing, workspace and reviewer');
  } else {
    for (const name of REMOTE_NAMES) remotes[name] = checkUrl(input.remotes[name], `remotes.${name}`, issues);
  }

  let linkedinScriptUrl: string | null = null;
  if (input.linkedinScriptUrl !== null && input.linkedinScriptUrl !== undefined && input.linkedinScriptUrl !== '') {
    linkedinScriptUrl = checkUrl(input.linkedinScriptUrl, 'linkedinScriptUrl', issues);
  }

  const siteUrl = checkUrl(input.siteUrl, 'siteUrl', issues).replace(/\/+$/, '');

  const contact: ContactConfig = { email: '', phone: '', address: '' };
  if (!isRecord(input.contact)) {
    issues.push('contact must be an object with email, phone and address');
  } else {
    contact.email = checkString(input.contact.email, 'contact.email', issues);
    contact.phone = checkString(input.contact.phone, 'contact.phone', issues);
    contact.address = checkString(input.contact.address, 'contact.address', issues);
  }

  // optional (an older server does not send it): readers fall back to DEFAULT_LLM_ANSWERS_PER_MODEL
  let llmAnswersPerModel: number | undefined;
  if (input.llmAnswersPerModel !== undefined && input.llmAnswersPerModel !== null) {
    const n = input.llmAnswersPerModel;
    if (typeof n !== 'number' || !Number.isInteger(n) || n < 1 || n > 20) issues.push('llmAnswersPerModel must be an integer from 1 to 20');
    else llmAnswersPerModel = n;
  }

  // optional (older servers send none): anything but a complete value means no card payment
  let checkout: CheckoutConfig | null = null;
  if (input.checkout !== null && input.checkout !== undefined) {
    const c = input.checkout;
    if (!isRecord(c) || typeof c.publishableKey !== 'string' || !/^pk_(test|live)_/.test(c.publishableKey)
      || typeof c.priceCents !== 'number' || !Number.isInteger(c.priceCents) || c.priceCents <= 0 || c.currency !== 'eur') {
      issues.push('checkout must be null or {publishableKey: "pk_…", priceCents: a positive integer, currency: "eur"}');
    } else {
      checkout = { publishableKey: c.publishableKey, priceCents: c.priceCents, currency: 'eur' };
    }
  }

  if (issues.length > 0) throw new RuntimeConfigError(issues);
  return { supabaseUrl, supabaseAnonKey, remotes, linkedinScriptUrl, siteUrl, contact, checkout, ...(llmAnswersPerModel === undefined ? {} : { llmAnswersPerModel }) };
}

const GLOBAL_KEY = '__citableRuntimeConfig__';
type ConfigHolder = typeof globalThis & { [GLOBAL_KEY]?: { config?: RuntimeConfig; pending?: Promise<RuntimeConfig> } };
const holder = globalThis as ConfigHolder;
const slot = (holder[GLOBAL_KEY] ??= {});

/** Id of the inert JSON copy of /config.json the shell server puts in every page it serves (app-server.cjs). */
export const INLINE_CONFIG_ID = 'citable-config';

/**
 * The config the page carries, when it carries a valid one (read once: a retry after an error fetches
 * /config.json). It saves the page a request on the way to its first render.
 */
function inlineConfig(): RuntimeConfig | null {
  if (typeof document === 'undefined') return null;
  const element = document.getElementById(INLINE_CONFIG_ID);
  if (!element) return null;
  element.remove();
  try {
    return parseRuntimeConfig(JSON.parse(element.textContent ?? ''));
  } catch (error) {
    console.warn('[config] the page’s inline config is unusable: fetching /config.json', error);
    return null;
  }
}

/**
 * The validated runtime config, once per page (later calls share the same promise): the copy inlined in
 * the page when there is one, else fetched from `url`. A failed load is not cached, so calling again retries.
 */
export function loadRuntimeConfig(url = '/config.json', fetchImpl: typeof fetch = fetch): Promise<RuntimeConfig> {
  if (slot.config) return Promise.resolve(slot.config);
  if (slot.pending) return slot.pending;
  const inline = inlineConfig();
  if (inline) {
    slot.config = inline;
    return Promise.resolve(inline);
  }
  const pending = (async () => {
    const response = await fetchImpl(url, { cache: 'no-store', headers: { accept: 'application/json' } });
    if (!response.ok) throw new Error(`Could not load ${url}: HTTP ${response.status}`);
    let json: unknown;
    try {
      json = await response.json();
    } catch {
      throw new RuntimeConfigError([`${url} is not valid JSON`]);
    }
    const config = parseRuntimeConfig(json);
    slot.config = config;
    return config;
  })();
  slot.pending = pending;
  pending.catch(() => {
    if (slot.pending === pending) slot.pending = undefined;
  });
  return pending;
}

/** Sets the config directly (tests, storybook-like harnesses). */
export function setRuntimeConfig(config: RuntimeConfig): RuntimeConfig {
  slot.config = parseRuntimeConfig(config);
  slot.pending = undefined;
  return slot.config;
}

/** The loaded config; throws when `loadRuntimeConfig()` has not completed yet. */
export function getRuntimeConfig(): RuntimeConfig {
  if (!slot.config) throw new Error('Runtime config not loaded yet: await loadRuntimeConfig() before rendering');
  return slot.config;
}

/** For tests: forget the loaded config. */
export function resetRuntimeConfig(): void {
  slot.config = undefined;
  slot.pending = undefined;
}
