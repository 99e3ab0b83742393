// Access to the production app server (@citable/server, compiled to server/dist) from the e2e code.
// Loaded on first use: the global setup compiles the server first (buildServer), then starts it.
import { createRequire } from 'node:module';
import path from 'node:path';
import type * as ServerModule from '@citable/server';
import type { AppServerHandle, StartAppServerOptions, PlatformOptions, Platform } from '@citable/server';

const require = createRequire(__filename);
export const ROOT = path.resolve(__dirname, '..', '..');

export type AppName = 'shell' | 'marketing' | 'workspace' | 'reviewer';
export type { AppServerHandle };

const server = () => require('@citable/server') as typeof ServerModule;

/**
 * The app servers take the anon key from SUPABASE_ANON_KEY only: unless the caller's environment
 * has one, the e2e backend's (E2E_ANON_KEY, set by the global setup).
 */
function withAnonKey(env: NodeJS.ProcessEnv = process.env): NodeJS.ProcessEnv {
  const anonKey = env.SUPABASE_ANON_KEY || process.env.E2E_ANON_KEY;
  return anonKey ? { ...env, SUPABASE_ANON_KEY: anonKey } : env;
}

export const startAppServer = (opts: StartAppServerOptions): Promise<AppServerHandle> =>
  server().startAppServer({ ...opts, env: withAnonKey(opts.env) });
export const startPlatform = (opts: PlatformOptions = {}): Promise<Platform> =>
  server().startPlatform({ ...opts, env: withAnonKey(opts.env) });

export const distOf = (app: AppName) => path.join(ROOT, app, 'dist');
