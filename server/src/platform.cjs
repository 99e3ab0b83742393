// Starts the four built apps in this process (remotes first, then the shell pointed at them).
// Used by the Playwright global setup and by script tests; `npm start` uses child processes instead.
const path = require('node:path');
const { startAppServer } = require('./app-server.cjs');
const { REMOTES } = require('./ports.cjs');

const ROOT = path.resolve(__dirname, '..', '..');

/**
 * @param {{ env?: NodeJS.ProcessEnv, ports?: Partial<Record<'shell'|'marketing'|'workspace'|'reviewer', number>>, distDirs?: Partial<Record<string, string>>, host?: string, log?: (m: string) => void }} [opts]
 */
async function startPlatform(opts = {}) {
  const env = { ...process.env, ...(opts.env || {}) };
  const host = opts.host || '127.0.0.1';
  const ports = opts.ports || {};
  const distDirs = opts.distDirs || {};
  const handles = {};
  try {
    for (const name of REMOTES) {
      handles[name] = await startAppServer({
        app: name,
        distDir: distDirs[name] || path.join(ROOT, name, 'dist'),
        port: ports[name] ?? 0,
        host,
        env,
        log: opts.log,
      });
      env[`${name.toUpperCase()}_URL`] = handles[name].url;
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
    urls: Object.fromEntries(Object.entries(handles).map(([k, h]) => [k, h.url])),
    close: () => Promise.all(Object.values(handles).map((h) => h.close())),
  };
}

module.exports = { startPlatform };
