// Typed access to the production app server (server/src/*.cjs, @citable/server) from the e2e code.
import { createRequire } from 'node:module';
import path from 'node:path';

const require = createRequire(__filename);
export const ROOT = path.resolve(__dirname, '..', '..');

export interface AppServerHandle {
  url: string;
  port: number;
  close: () => Promise<void>;
}

export type AppName = 'shell' | 'marketing' | 'workspace' | 'reviewer';

interface AppServerModule {
  startAppServer(opts: {
    app: AppName;
    distDir: string;
    port?: number;
    host?: string;
    env?: NodeJS.ProcessEnv;
    log?: (m: string) => void;
  }): Promise<AppServerHandle>;
}

interface PlatformModule {
  startPlatform(opts?: {
    env?: NodeJS.ProcessEnv;
    ports?: Partial<Record<AppName, number>>;
    distDirs?: Partial<Record<AppName, string>>;
    log?: (m: string) => void;
  }): Promise<{ urls: Record<AppName, string>; env: NodeJS.ProcessEnv; close: () => Promise<unknown> }>;
}

export const { startAppServer } = require(path.join(ROOT, 'server/src/app-server.cjs')) as AppServerModule;
export const { startPlatform } = require(path.join(ROOT, 'server/src/platform.cjs')) as PlatformModule;

export const distOf = (app: AppName) => path.join(ROOT, app, 'dist');
