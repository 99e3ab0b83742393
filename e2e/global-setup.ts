// Starts, on free ports: the real backend (supabase-local/src/index.js startStack, embedded PostgreSQL in a
// temporary data dir) and the four built apps (@citable/server startPlatform,
// server/src/platform.ts, compiled first). Exposes their URLs to the
// tests as E2E_* environment variables and returns the teardown.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { FullConfig } from '@playwright/test';
import { freePorts } from '@citable/supabase-local/free-port';
import { ROOT, distOf, startPlatform, type AppName } from './support/platform';

interface BackendStack {
  url: string;
  anonKey: string;
  serviceRoleKey: string;
  mailboxUrl?: string;
  databaseUrl?: string;
  stop: () => Promise<void>;
}

const APPS: AppName[] = ['shell', 'marketing', 'workspace', 'reviewer'];

export default async function globalSetup(_config: FullConfig) {
  for (const app of APPS) {
    if (!fs.existsSync(path.join(distOf(app), 'index.html'))) {
      throw new Error(`${app}/dist is missing: run \`npm run build\` (npm test builds automatically)`);
    }
  }
  // the worker's build (worker/dist, incremental): the backend imports its migrations runner, keys and
  // mailer, and the tests its citation analysis
  for (const config of [path.join(ROOT, 'shared', 'tsconfig.engine.json'), path.join(ROOT, 'shared', 'tsconfig.stats.json'), path.join(ROOT, 'worker', 'tsconfig.json')]) {
    execFileSync(process.execPath, [require.resolve('typescript/bin/tsc'), '-p', config], { cwd: ROOT, stdio: 'inherit' });
  }
  // the production server is TypeScript: server/dist compiled (incrementally) before anything loads it
  const { buildServer } = (await import(pathToFileURL(path.join(ROOT, 'scripts', 'lib', 'server-build.mjs')).href)) as {
    buildServer: (root: string) => void;
  };
  buildServer(ROOT);
  const artifacts = path.join(ROOT, 'e2e', 'artifacts');
  fs.mkdirSync(artifacts, { recursive: true });
  const backendLog = fs.createWriteStream(path.join(artifacts, 'backend.log'));

  // The apps' ports are known before the backend starts (its CORS origins name them), and two spare
  // ones for shells that a test starts itself (another build of a remote next to the same shell dist):
  // their origins must be allowed by the backend like the platform's own.
  const [shell, marketing, workspace, reviewer, ...sparePorts] = await freePorts(6);
  const ports = { shell, marketing, workspace, reviewer };
  const origins = [...Object.values(ports), ...sparePorts].map((p) => `http://127.0.0.1:${p}`);
  const shellUrl = `http://127.0.0.1:${ports.shell}`;

  let backend: BackendStack | null = null;
  let dataDir: string | null = null;
  const backendIndex = path.join(ROOT, 'supabase-local', 'src', 'index.js');
  if (fs.existsSync(backendIndex) && !process.env.E2E_SKIP_BACKEND) {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'citable-e2e-db-'));
    const { startStack } = (await import(pathToFileURL(backendIndex).href)) as {
      startStack: (opts: Record<string, unknown>) => Promise<BackendStack>;
    };
    backend = await startStack({
      port: 0,
      dataDir,
      siteUrl: shellUrl,
      allowedOrigins: origins,
      log: (m: string) => backendLog.write(`${m}\n`),
    });
  }

  const env: NodeJS.ProcessEnv = {
    ...process.env,
    SITE_URL: shellUrl,
    ...(backend ? { SUPABASE_URL: backend.url, SUPABASE_ANON_KEY: backend.anonKey } : {}),
  };
  const platform = await startPlatform({ env, ports });

  Object.assign(process.env, {
    E2E_SHELL_URL: platform.urls.shell,
    E2E_MARKETING_URL: platform.urls.marketing,
    E2E_WORKSPACE_URL: platform.urls.workspace,
    E2E_REVIEWER_URL: platform.urls.reviewer,
    E2E_SUPABASE_URL: env.SUPABASE_URL ?? '',
    E2E_ANON_KEY: backend?.anonKey ?? env.SUPABASE_ANON_KEY ?? '',
    E2E_SERVICE_ROLE_KEY: backend?.serviceRoleKey ?? '',
    E2E_MAILBOX_URL: backend?.mailboxUrl ?? '',
    // for a spec that runs a worker task against the same database and mailbox (e2e/support/task-worker.mjs)
    E2E_DATABASE_URL: backend?.databaseUrl ?? '',
    E2E_BACKEND_DATA_DIR: dataDir ?? '',
    E2E_DATA_DIR: dataDir ?? '',
    E2E_SPARE_PORTS: sparePorts.join(','),
  });

  return async () => {
    await platform.close();
    if (backend) await backend.stop();
    backendLog.end();
    if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
  };
}
