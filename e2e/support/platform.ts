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

export const startAppServer = (opts: StartAppServerOptions): Promise<AppServerHandle> => server().startAppServer(opts);
export const startPlatform = (opts?: PlatformOptions): Promise<Platform> => server().startPlatform(opts);

export const distOf = (app: AppName) => path.join(ROOT, app, 'dist');
