// One place that builds the module-federation `shared` map for every app (host and remotes),
// so all four declare the same singletons with the same versions.
const path = require('node:path');
const fs = require('node:fs');

const ROOT = path.resolve(__dirname, '..', '..');

/** Libraries that must exist once per page (ARCHITECTURE.md "Shared singletons"). */
const SINGLETONS = [
  'react',
  'react/jsx-runtime',
  'react-dom',
  'react-dom/client',
  'react-router-dom',
  '@mantine/core',
  '@mantine/hooks',
  '@mantine/notifications',
  'zustand',
  'i18next',
  'react-i18next',
  '@supabase/supabase-js',
];

/** Shared too (one copy downloaded), but not required to be a singleton. */
const SHARED = ['@mantine/form'];

function installedVersion(pkg, fromDir) {
  const base = pkg.split('/').slice(0, pkg.startsWith('@') ? 2 : 1).join('/');
  // (not require.resolve: some packages do not export ./package.json)
  for (const dir of [fromDir, ROOT]) {
    const pkgJson = path.join(dir, 'node_modules', base, 'package.json');
    if (fs.existsSync(pkgJson)) return JSON.parse(fs.readFileSync(pkgJson, 'utf8')).version;
  }
  throw new Error(`shared dependency ${base} is not installed (run npm ci)`);
}

/**
 * @param {string} appDir absolute path of the app (for resolving installed versions)
 * @returns {Record<string, import('@module-federation/enhanced').moduleFederationPlugin.SharedConfig>}
 */
function buildSharedMap(appDir) {
  const shared = {};
  for (const name of SINGLETONS) {
    const version = installedVersion(name, appDir);
    shared[name] = { singleton: true, requiredVersion: `^${version}`, version, strictVersion: false };
  }
  for (const name of SHARED) {
    const version = installedVersion(name, appDir);
    shared[name] = { singleton: false, requiredVersion: `^${version}`, version };
  }
  // @citable/shared: a singleton with its version from its own package.json (shared-context pattern)
  const sharedPkg = JSON.parse(fs.readFileSync(path.join(ROOT, 'shared', 'package.json'), 'utf8'));
  shared['@citable/shared'] = {
    singleton: true,
    requiredVersion: sharedPkg.version,
    version: sharedPkg.version,
    strictVersion: true,
  };
  return shared;
}

module.exports = { buildSharedMap, SINGLETONS, SHARED, ROOT };
