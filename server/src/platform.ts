// Starts the four built apps in this process (remotes first, then the shell pointed at them).
// Used by the Playwright global setup and by script tests; `npm start` uses child processes instead.
import path from 'node:path';
import { REMOTES, type AppName } from '../ports.cjs';
import { startAppServer, type AppServerHandle } from './app-server';

// the repository (from src/ under jest, from dist/ once built: both two levels down)
const ROOT = path.resolve(__dirname, '..', '..');

export interface PlatformOptions {
  env?: NodeJS.ProcessEnv;
  /** app → port (default 0: a free port) */
  ports?: Partial<Record<AppName, number>>;
  /** app → its built dist/ (default <app>/dist) */
  distDirs?: Partial<Record<AppName, string>>;
  host?: string;
  log?: (m: string) => void;
}

export interface Platform {
  handles: Partial<Record<AppName, AppServerHandle>>;
  /** the environment the shell was started with (the remotes' *_URL set) */
  env: NodeJS.ProcessEnv;
  urls: Record<AppName, string>;
  close: () => Promise<void[]>;
}

export async function startPlatform(opts: PlatformOptions = {}): Promise<Platform> {
  const env: NodeJS.ProcessEnv = { ...process.env, ...(opts.env || {}) };
  const host = opts.host || '127.0.0.1';
  const ports = opts.ports || {};
  const distDirs = opts.distDirs || {};
  const handles: Partial<Record<AppName, AppServerHandle>> = {};
  try {
    for (const name of REMOTES) {
      const handle = (handles[name] = await startAppServer({
        app: name,
        distDir: distDirs[name] || path.join(ROOT, name, 'dist'),
        port: ports[name] ?? 0,
        host,
        env,
        log: opts.log,
      }));
      env[`${name.toUpperCase()}_URL`] = handle.url;
    }
    handles.shell = await startAppServer({
      app: 'shell',
      distDir: distDirs.shell || path.join(ROOT, 'shell', 'dist'),
      port: ports.shell ?? 0,
      host,
      env: { ...env, SITE_URL: env.SITE_URL || '' },
      log: opts.log,
    });
  } catch (error) {
    await Promise.all(Object.values(handles).map((h) => h.close()));
    throw error;
  }
  return {
    handles,
    env,
    urls: Object.fromEntries(Object.entries(handles).map(([k, h]) => [k, h.url])) as Record<AppName, string>,
    close: () => Promise.all(Object.values(handles).map((h) => h.close())),
  };
}
