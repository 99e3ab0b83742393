// @citable/server: the production app server (compiled to dist/; `exports` in package.json).
export { startAppServer, createAppServer, type AppServerOptions, type StartAppServerOptions, type AppServerHandle } from './app-server';
export { startPlatform, type PlatformOptions, type Platform } from './platform';
export { buildRuntimeConfig, type RuntimeConfig } from './runtime-config';
