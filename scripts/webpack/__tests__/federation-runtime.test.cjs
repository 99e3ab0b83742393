// Remotes are built without @module-federation/runtime-core (experiments.externalRuntime) and read
// it from the page: the host's runtime plugin, or federation-runtime.js on a remote's own page,
// puts a chosen subset there (federation-runtime-api.mjs). A name the remotes' runtime reads but the
// subset lacks would be `undefined` in the browser, so this test keeps the list in step with the
// installed @module-federation/runtime.
const fs = require('node:fs');
const path = require('node:path');
const { importedNames } = require('../vendor/imports.cjs');
const { createAppConfig, FEDERATION_RUNTIME_FILE } = require('../create-config.cjs');
const { ROOT } = require('../shared-deps.cjs');

const API = path.join(__dirname, '..', 'federation-runtime-api.mjs');
const RUNTIME_DIST = path.join(path.dirname(require.resolve('@module-federation/runtime')), '.');

/** Names @module-federation/runtime (bundled into each remote) imports from runtime-core. */
function namesTheRemotesRead() {
  const names = new Set();
  for (const file of fs.readdirSync(RUNTIME_DIST).filter((f) => /\.js$/.test(f))) {
    for (const name of importedNames(path.join(RUNTIME_DIST, file), '@module-federation/runtime-core')) names.add(name);
  }
  return names;
}

describe('external federation runtime', () => {
  it('provides every runtime-core name the remotes read (loadScriptNode is Node-only)', () => {
    const provided = importedNames(API, '@module-federation/runtime-core');
    const read = namesTheRemotesRead();
    expect(read.size).toBeGreaterThan(5);
    const missing = [...read].filter((n) => !provided.has(n) && n !== 'loadScriptNode' && n !== '*');
    expect(missing).toEqual([]);
  });

  it('builds remotes without the runtime and gives their own page one; the host provides it', () => {
    const remote = createAppConfig({ appDir: path.join(ROOT, 'marketing'), name: 'marketing', title: 't', exposes: { './X': './x' } })({}, { mode: 'production' });
    expect(Array.isArray(remote)).toBe(true);
    const [app, runtime] = remote;
    const mf = app.plugins.find((p) => p.constructor.name === 'ModuleFederationPlugin');
    expect(mf._options.experiments.externalRuntime).toBe(true);
    expect(runtime.output.filename).toBe(FEDERATION_RUNTIME_FILE);
    expect(runtime.plugins ?? []).toEqual([]);

    const host = createAppConfig({ appDir: path.join(ROOT, 'shell'), name: 'shell', title: 't' })({}, { mode: 'production' });
    const hostMf = host.plugins.find((p) => p.constructor.name === 'ModuleFederationPlugin');
    expect(hostMf._options.experiments.externalRuntime).toBeUndefined();
    expect(hostMf._options.runtimePlugins[0]).toMatch(/provide-federation-runtime-plugin\.mjs$/);
  });
});
