// The worker's configuration, from the environment only (documented in the README).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { DEFAULT_JWT_SECRET, mintKeys } from './keys.js';

const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
export const DEFAULT_OPENROUTER_BASE_URL = 'https://openrouter.ai/api/v1';

function int(value: string | undefined, fallback: number, name: string, { min = 0, max = Number.MAX_SAFE_INTEGER }: { min?: number; max?: number; } = {}) {
  if (value === undefined || value.trim() === '') return fallback;
  const n = Number(value);
  if (!Number.isInteger(n) || n < min || n > max) throw new Error(`${name} must be an integer between ${min} and ${max}, got "${value}"`);
  return n;
}

const str = (v: string | undefined) => (v && v.trim() ? v.trim() : undefined);

/**
 * The local backend writes DATA_DIR/backend.json (its database URL) when it starts: the worker
 * of `npm start` finds the embedded PostgreSQL there when DATABASE_URL is not set.
 */
function localDatabaseUrl(dataDir: string): string | undefined {
  try {
    const info = JSON.parse(fs.readFileSync(path.join(dataDir, 'backend.json'), 'utf8'));
    return typeof info.databaseUrl === 'string' ? info.databaseUrl : undefined;
  } catch {
    return undefined;
  }
}

/** APP_URL: an absolute http(s) URL, kept without its trailing slash. */
function checkedAppUrl(value: string) {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new Error(`APP_URL must be an absolute http(s) URL, got "${value}"`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new Error(`APP_URL must be an absolute http(s) URL, got "${value}"`);
  return value.replace(/\/+$/, '');
}

/** VISIBILITY_CRON: the five crontab time fields, or 'off'. */
function visibilityCron(value: string) {
  if (/^off$/i.test(value)) return null;
  if (!/^\S+( \S+){4}$/.test(value.trim())) throw new Error(`VISIBILITY_CRON must be five crontab fields (e.g. "*/10 * * * *") or off, got "${value}"`);
  return value.trim();
}

/** A price in USD: a non-negative number. */
function usd(value: string | undefined, fallback: number, name: string) {
  if (value === undefined || value.trim() === '') return fallback;
  const n = Number(value);
  if (!Number.isFinite(n) || n < 0) throw new Error(`${name} must be a non-negative number of USD, got "${value}"`);
  return n;
}

export type WorkerConfig = ReturnType<typeof loadConfig>;
export type SerpProvider = 'serper' | 'serpapi' | 'dataforseo';

/**
 * The service_role key the worker calls storage with: SUPABASE_SERVICE_ROLE_KEY, or the one the
 * local backend derives from its JWT secret (keys.ts, the same minting as the local stand-in's).
 */
export async function serviceRoleKeyOf(storage: WorkerConfig['storage']): Promise<string> {
  return storage.serviceRoleKey ?? (await mintKeys(storage.jwtSecret)).serviceRoleKey;
}

export function loadConfig(env: Record<string, string | undefined> = process.env) {
  const dataDir = path.resolve(env.DATA_DIR || path.join(REPO_ROOT, '.data'));
  const supabaseUrl = str(env.SUPABASE_URL) ?? `http://localhost:${env.BACKEND_PORT || env.PORT || '54321'}`;
  const smtpUrl = str(env.SMTP_URL);
  // The app's public URL (the shell), for links in e-mails: APP_URL, else SITE_URL, else the local shell.
  const appUrl = str(env.APP_URL) ?? str(env.SITE_URL) ?? `http://localhost:${str(env.SHELL_PORT) ?? '3000'}`;
  return {
    databaseUrl: str(env.DATABASE_URL) ?? localDatabaseUrl(dataDir),
    dataDir,
    appUrl: checkedAppUrl(appUrl),
    concurrency: int(env.WORKER_CONCURRENCY, 4, 'WORKER_CONCURRENCY', { min: 1, max: 100 }),
    pollIntervalMs: int(env.WORKER_POLL_INTERVAL_MS, 2000, 'WORKER_POLL_INTERVAL_MS', { min: 50 }),
    // Graphile's local queue: the process fetches (and locks) this many jobs at a time; 0 = one
    // job per fetch.
    localQueueSize: int(env.WORKER_LOCAL_QUEUE_SIZE, 0, 'WORKER_LOCAL_QUEUE_SIZE', { min: 0, max: 1000 }),
    lockTimeoutMs: int(env.WORKER_LOCK_TIMEOUT_MS, 60_000, 'WORKER_LOCK_TIMEOUT_MS', { min: 500 }),
    workerName: str(env.WORKER_NAME) ?? `${os.hostname()}:${process.pid}`,
    openrouter: {
      apiKey: str(env.OPENROUTER_API_KEY),
      baseUrl: (str(env.OPENROUTER_BASE_URL) ?? DEFAULT_OPENROUTER_BASE_URL).replace(/\/+$/, ''),
      articleModel: str(env.ARTICLE_MODEL),
      imageModel: str(env.IMAGE_MODEL),
      timeoutMs: int(env.OPENROUTER_TIMEOUT_MS, 180_000, 'OPENROUTER_TIMEOUT_MS', { min: 100 }),
      referer: str(env.OPENROUTER_REFERER) ?? 'https://citable.local',
    },
    // Model calls of one article at the same time (its sections, introduction and FAQ).
    articleConcurrency: int(env.ARTICLE_CONCURRENCY, 10, 'ARTICLE_CONCURRENCY', { min: 1, max: 32 }),
    llmAnswersPerModel: int(env.LLM_ANSWERS_PER_MODEL, 3, 'LLM_ANSWERS_PER_MODEL', { min: 1, max: 20 }),
    // AI visibility (issue 33, actions/visibility.ts): the crontab line of the schedule's check
    // ('off' = no schedule in this process), the model calls of one run at the same time, and the
    // smallest estimate of a call's cost reserved against a site's monthly budget before it is made.
    visibility: {
      cron: visibilityCron(str(env.VISIBILITY_CRON) ?? '*/10 * * * *'),
      concurrency: int(env.VISIBILITY_CONCURRENCY, 8, 'VISIBILITY_CONCURRENCY', { min: 1, max: 64 }),
      callEstimateUsd: usd(env.VISIBILITY_CALL_ESTIMATE_USD, 0.02, 'VISIBILITY_CALL_ESTIMATE_USD'),
    },
    serp: {
      provider: (str(env.SERP_PROVIDER) ?? 'serper').toLowerCase() as SerpProvider,
      apiKey: str(env.SERP_API_KEY),
      login: str(env.DATAFORSEO_LOGIN),
      password: str(env.DATAFORSEO_PASSWORD),
      baseUrl: str(env.SERP_BASE_URL)?.replace(/\/+$/, ''),
      timeoutMs: int(env.SERP_TIMEOUT_MS, 60_000, 'SERP_TIMEOUT_MS', { min: 100 }),
    },
    scrape: {
      timeoutMs: int(env.SCRAPE_TIMEOUT_MS, 15_000, 'SCRAPE_TIMEOUT_MS', { min: 100 }),
      maxPages: int(env.SCRAPE_MAX_PAGES, 5, 'SCRAPE_MAX_PAGES', { min: 0, max: 50 }),
      // Worker threads extracting pages' main content (engine/extract-pool.ts), for the process.
      extractThreads: int(env.EXTRACT_THREADS, Math.min(8, os.availableParallelism()), 'EXTRACT_THREADS', { min: 1, max: 32 }),
    },
    // URLs users control are fetched through outbound.js, which refuses non-public addresses unless
    // OUTBOUND_ALLOW_PRIVATE=1 (local tests only; SCRAPE_ALLOW_PRIVATE, its old name, is an alias).
    outbound: {
      allowPrivate: /^(1|true|yes)$/i.test(str(env.OUTBOUND_ALLOW_PRIVATE) ?? env.SCRAPE_ALLOW_PRIVATE ?? ''),
    },
    // Publishing to WordPress (wordpress/): the key its application passwords are encrypted with
    // (32 bytes, hex or base64; the previous one still decrypts after a rotation) and each
    // request's time limit.
    wordpress: {
      secretKey: str(env.WORDPRESS_SECRET_KEY),
      previousSecretKey: str(env.WORDPRESS_SECRET_KEY_PREVIOUS),
      timeoutMs: int(env.WORDPRESS_TIMEOUT_MS, 20_000, 'WORDPRESS_TIMEOUT_MS', { min: 100 }),
      uploadTimeoutMs: int(env.WORDPRESS_UPLOAD_TIMEOUT_MS, 60_000, 'WORDPRESS_UPLOAD_TIMEOUT_MS', { min: 100 }),
    },
    // without SUPABASE_SERVICE_ROLE_KEY, the key is minted from the JWT secret (serviceRoleKeyOf)
    storage: {
      supabaseUrl: supabaseUrl.replace(/\/+$/, ''),
      serviceRoleKey: str(env.SUPABASE_SERVICE_ROLE_KEY),
      jwtSecret: str(env.JWT_SECRET) ?? DEFAULT_JWT_SECRET,
    },
    mail: {
      smtpUrl,
      // The local mailbox needs no address; real SMTP does.
      contactEmail: str(env.CONTACT_EMAIL) ?? (smtpUrl ? undefined : 'contact@citable.local'),
    },
  };
}
