// Default ports and app names of the platform. Plain JavaScript on purpose (types: ports.d.cts): the
// tooling (scripts/test.mjs, scripts/start.mjs, scripts/lib/start-env.cjs, the webpack configs) requires
// it at its top, before anything has built the server's dist/.
'use strict';

// README "Ports and variables".
const DEFAULT_PORTS = { shell: 3000, marketing: 3001, workspace: 3002, reviewer: 3003, backend: 54321 };
const APPS = ['shell', 'marketing', 'workspace', 'reviewer'];
const REMOTES = ['marketing', 'workspace', 'reviewer'];

/** Port of an app from its variable (SHELL_PORT, MARKETING_PORT, …) or the default. */
function portOf(app, env = process.env) {
  const raw = env[`${app.toUpperCase()}_PORT`];
  if (raw === undefined || raw === '') return DEFAULT_PORTS[app];
  const port = Number(raw);
  if (!Number.isInteger(port) || port < 0 || port > 65535) {
    throw new Error(`${app.toUpperCase()}_PORT must be a port number (0-65535), got "${raw}"`);
  }
  return port;
}

module.exports = { DEFAULT_PORTS, APPS, REMOTES, portOf };
