#!/usr/bin/env node
// Serves one built app in production mode:  node scripts/serve.mjs <shell|marketing|workspace|reviewer>
// Port from SHELL_PORT / MARKETING_PORT / WORKSPACE_PORT / REVIEWER_PORT (0 = any free port);
// DIST_DIR overrides the directory served (e.g. another build of a remote).
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createRequire } from 'node:module';
import { buildServer } from './lib/server-build.mjs';

const require = createRequire(import.meta.url);
const { portOf, APPS } = require('@citable/server/ports');

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const app = process.argv[2];
if (!APPS.includes(app)) {
  console.error(`usage: node scripts/serve.mjs <${APPS.join('|')}>`);
  process.exit(2);
}

try {
  // the server is TypeScript: compiled to server/dist first (unless npm start just did, SERVER_BUILT=1)
  buildServer(root);
  const { startAppServer } = require('@citable/server/app-server');
  const handle = await startAppServer({
    app,
    distDir: process.env.DIST_DIR ? path.resolve(process.env.DIST_DIR) : path.join(root, app, 'dist'),
    port: portOf(app),
    host: process.env.HOST || '0.0.0.0',
    log: (msg) => console.error(msg),
  });
  const publicUrl = `http://localhost:${handle.port}`;
  console.log(`${app} ready at ${publicUrl}`);
  const stop = () => handle.close().then(() => process.exit(0));
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
} catch (error) {
  console.error(`${app}: ${error instanceof Error ? error.message : error}`);
  process.exit(1);
}
