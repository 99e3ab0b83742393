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
  '@mantine/notifications',
  'zustand',
  'i18next',
  '@supabase/supabase-js',
];

/**
 * Singletons served by a facade (scripts/webpack/vendor/README.md): one instance per page, like the
 * others, but the shared module re-exports only what the apps import, so it is tree-shaken instead of
 * being downloaded whole (a federated shared module keeps every export of what it provides).
 * key → [facade file, package whose ESM entry the facade re-exports, that entry inside the package]
 */
const FACADES = {
  '@mantine/core': ['mantine-core.mjs', '@mantine/core', 'esm/index.mjs'],
  'react-router-dom': ['react-router-dom.mjs', 'react-router-dom', 'dist/index.mjs'],
  'react-i18next': ['react-i18next.mjs', 'react-i18next', 'dist/es/index.js'],
};

/**
 * The modules of @mantine/core that hold page-wide state (its React contexts), shared one by one as
 * strict singletons. The facade serves the components of the public pages; components that only
 * signed-in screens show are bundled by the (lazy) chunks that use them, imported from
 * BUNDLED_MANTINE — and still meet the one MantineProvider of the page through these contexts.
 */
const MANTINE_CONTEXT_MODULES = [
  'esm/core/MantineProvider/Mantine.context.mjs',
  'esm/core/MantineProvider/MantineThemeProvider/MantineThemeProvider.mjs',
  'esm/core/DirectionProvider/DirectionProvider.mjs',
];

/** Import specifier of @mantine/core bundled into the importing chunk instead of served by the facade. */
const BUNDLED_MANTINE = '@citable/mantine-bundled';

/**
 * Federated libraries whose `import … from '@mantine/core'` is served by a shim of their own: the
 * names only that (lazy) library needs are bundled with it from BUNDLED_MANTINE, the rest come from
 * the shared facade. dir: the package's folder; file: the shim.
 */
const LIBRARY_CORE_SHIMS = [
  {
    pkg: '@mantine/notifications',
    dir: path.join(ROOT, 'node_modules', '@mantine', 'notifications') + path.sep,
    file: path.join(__dirname, 'vendor', 'mantine-notifications-core.mjs'),
  },
];

/** The shim that serves `import … from '@mantine/core'` written in `context` (a folder), if any. */
function libraryCoreShim(context) {
  const shim = LIBRARY_CORE_SHIMS.find(({ dir }) => (context || '').startsWith(dir));
  return shim ? shim.file : null;
}

// Not shared at all: @mantine/hooks and @mantine/form hold no page-wide state, so each bundle keeps
// the few functions it calls (tree-shaken) instead of every app downloading the whole libraries.

/** webpack resolve.alias entries the facades import from (the real ESM entry under another name). */
function facadeAliases() {
  const alias = {};
  for (const [file, pkg, entry] of Object.values(FACADES)) {
    alias[`citable-vendor-impl/${path.basename(file, '.mjs')}$`] = path.join(ROOT, 'node_modules', pkg, entry);
  }
  alias[`${BUNDLED_MANTINE}$`] = path.join(ROOT, 'node_modules', ...FACADES['@mantine/core'].slice(1));
  return alias;
}

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
  // @citable/shared: a singleton with its version from its own package.json (shared-context pattern).
  // The facades and Mantine's context modules are part of that platform too: versioned (strictly) with
  // @citable/shared, because their export lists change with the apps, not with the libraries' versions.
  const sharedPkg = JSON.parse(fs.readFileSync(path.join(ROOT, 'shared', 'package.json'), 'utf8'));
  const platformSingleton = {
    singleton: true,
    version: sharedPkg.version,
    requiredVersion: sharedPkg.version,
    strictVersion: true,
  };
  for (const file of MANTINE_CONTEXT_MODULES) {
    // keyed by the resolved file: every import of it (facade, bundled components) is the one instance
    shared[path.join(ROOT, 'node_modules', '@mantine/core', file)] = { ...platformSingleton, shareKey: `@mantine/core/${file}` };
  }
  for (const [key, [file]] of Object.entries(FACADES)) {
    shared[key] = { ...platformSingleton, import: path.join(__dirname, 'vendor', file) };
  }
  shared['@citable/shared'] = { ...platformSingleton };
  return shared;
}

module.exports = {
  buildSharedMap,
  facadeAliases,
  SINGLETONS,
  FACADES,
  MANTINE_CONTEXT_MODULES,
  BUNDLED_MANTINE,
  LIBRARY_CORE_SHIMS,
  libraryCoreShim,
  ROOT,
};
