// One place that builds the module-federation `shared` map for every app (host and remotes),
// so all four declare the same singletons with the same versions.
const path = require('node:path');
const fs = require('node:fs');
const crypto = require('node:crypto');
const ts = require('typescript');

const ROOT = path.resolve(__dirname, '..', '..');

/** Libraries that must exist once per page (docs/architecture.md "Shared singletons"). */
const SINGLETONS = [
  'react',
  'react/jsx-runtime',
  'react-dom',
  'react-dom/client',
  '@mantine/notifications',
  'zustand',
  'i18next',
  '@supabase/supabase-js',
  // the query cache of the signed-in remotes: one QueryClient context per page (@citable/shared/query)
  '@tanstack/react-query',
];

/**
 * Libraries served by a facade (scripts/webpack/vendor/README.md): the shared module re-exports only
 * what the apps import, so it is tree-shaken instead of being downloaded whole (a federated shared
 * module keeps every export of what it provides).
 * key → { file: the facade, pkg: the package whose ESM entry it re-exports, entry: that entry,
 *         stateModules: the package's modules that hold page-wide state (React contexts, module
 *         variables), or null when the state cannot be told apart from the rest }
 *
 * With stateModules, the state modules are shared one by one as strict singletons and the facade is
 * not a singleton: an app built with another export list brings its own copy of the facade and still
 * meets the page's one provider, and the 'bundled' apps (LIBRARY_MODE) import the real package. Without
 * them (react-router-dom, one file holds its contexts) the facade is a strict singleton for every app
 * and lists the library's whole declarative API, so that it does not change when an app uses more.
 */
const FACADES = {
  '@mantine/core': {
    file: 'mantine-core.mjs',
    pkg: '@mantine/core',
    entry: 'esm/index.mjs',
    stateModules: [
      'esm/core/MantineProvider/Mantine.context.mjs',
      'esm/core/MantineProvider/MantineThemeProvider/MantineThemeProvider.mjs',
      'esm/core/DirectionProvider/DirectionProvider.mjs',
    ],
  },
  'react-router-dom': { file: 'react-router-dom.mjs', pkg: 'react-router-dom', entry: 'dist/index.mjs', stateModules: null },
  'react-i18next': {
    file: 'react-i18next.mjs',
    pkg: 'react-i18next',
    entry: 'dist/es/index.js',
    // I18nContext, and the i18next instance and defaults that initReactI18next sets
    stateModules: ['dist/es/context.js', 'dist/es/i18nInstance.js', 'dist/es/defaults.js'],
  },
};

/** Mantine's context modules (FACADES['@mantine/core'].stateModules). */
const MANTINE_CONTEXT_MODULES = FACADES['@mantine/core'].stateModules;

/**
 * How an app gets a facaded library that has stateModules (@mantine/core, react-i18next):
 * - 'facade': the shared, tree-shaken facade (the apps that render the public pages: every KB counts);
 * - 'bundled': the real package, bundled and tree-shaken into the app's own chunks, with only the
 *   state modules shared — the signed-in remotes, so that their developers use any Mantine component
 *   or extension (@mantine/dropzone, @mantine/dates…) and any react-i18next API as documented, and
 *   release alone.
 */
const LIBRARY_MODE = { shell: 'facade', marketing: 'facade', workspace: 'bundled', reviewer: 'bundled' };

/** Import specifier of @mantine/core bundled into the importing chunk instead of served by the facade (facade apps). */
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
  for (const { file, pkg, entry } of Object.values(FACADES)) {
    alias[`citable-vendor-impl/${path.basename(file, '.mjs')}$`] = path.join(ROOT, 'node_modules', pkg, entry);
  }
  alias[`${BUNDLED_MANTINE}$`] = path.join(ROOT, 'node_modules', FACADES['@mantine/core'].pkg, FACADES['@mantine/core'].entry);
  return alias;
}

/**
 * Production builds use React Router's production build: its package.json "exports" offer only the
 * development one (dev warnings on), with the production twin beside it in dist/production.
 */
function productionAliases() {
  const dist = path.join(ROOT, 'node_modules', 'react-router', 'dist', 'production');
  return { 'react-router$': path.join(dist, 'index.mjs'), 'react-router/dom$': path.join(dist, 'dom-export.mjs') };
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

const MODULE_FILES = ['', '.ts', '.tsx', '.mjs', '.js', '/index.ts', '/index.tsx', '/index.mjs', '/index.js'];

/**
 * The value names a module exports (type-only exports vanish at build time and are skipped), following
 * `export * from './relative'`. What a shared module offers at run time is exactly this list.
 * @param {string} file absolute path of an ES module (TypeScript or JavaScript)
 * @returns {string[]} sorted names
 */
function exportedNames(file, seen = new Set()) {
  if (seen.has(file)) return [];
  seen.add(file);
  const text = fs.readFileSync(file, 'utf8');
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, false, file.endsWith('x') ? ts.ScriptKind.TSX : ts.ScriptKind.TS);
  const names = new Set();
  const isExported = (node) => ts.canHaveModifiers(node) && (ts.getModifiers(node) || []).some((m) => m.kind === ts.SyntaxKind.ExportKeyword);
  const isDefault = (node) => (ts.getModifiers(node) || []).some((m) => m.kind === ts.SyntaxKind.DefaultKeyword);
  for (const st of source.statements) {
    if (ts.isExportDeclaration(st)) {
      if (st.isTypeOnly) continue;
      if (!st.exportClause) {
        const spec = st.moduleSpecifier && ts.isStringLiteral(st.moduleSpecifier) ? st.moduleSpecifier.text : '';
        if (!spec.startsWith('.')) throw new Error(`${file}: cannot list the names of \`export * from '${spec}'\``);
        const target = MODULE_FILES.map((ext) => path.resolve(path.dirname(file), spec + ext)).find((f) => fs.existsSync(f) && fs.statSync(f).isFile());
        if (!target) throw new Error(`${file}: cannot resolve '${spec}'`);
        for (const name of exportedNames(target, seen)) if (name !== 'default') names.add(name);
      } else if (ts.isNamespaceExport(st.exportClause)) names.add(st.exportClause.name.text);
      else for (const el of st.exportClause.elements) if (!el.isTypeOnly) names.add(el.name.text);
    } else if (ts.isExportAssignment(st)) names.add('default');
    else if (isExported(st)) {
      if (ts.isInterfaceDeclaration(st) || ts.isTypeAliasDeclaration(st) || (ts.isModuleDeclaration(st) && !ts.isIdentifier(st.name))) continue;
      if (ts.isEnumDeclaration(st) && (ts.getModifiers(st) || []).some((m) => m.kind === ts.SyntaxKind.ConstKeyword)) continue;
      if (isDefault(st)) names.add('default');
      else if (ts.isVariableStatement(st)) {
        for (const decl of st.declarationList.declarations) {
          if (ts.isIdentifier(decl.name)) names.add(decl.name.text);
          else throw new Error(`${file}: destructured exports are not supported here`);
        }
      } else if (st.name && ts.isIdentifier(st.name)) names.add(st.name.text);
    }
  }
  return [...names].sort();
}

/**
 * The version a shared module is registered with: its base version (the package's) plus a digest of
 * the names it exports. Two builds that offer different names never claim the same version, so a
 * remote built against another export list meets the page's copy only where module federation's
 * rules allow it (a strict singleton is refused at load with the error panel; a non-singleton brings
 * its own copy) — never a missing name, `undefined` at render. A hand-bumped version cannot forget it.
 */
function exportListVersion(baseVersion, file) {
  const digest = crypto.createHash('sha256').update(exportedNames(file).join(',')).digest('hex').slice(0, 10);
  return `${baseVersion.split('-')[0]}-x${digest}`;
}

/** The @citable/shared library an app builds with: its entry points (package.json "exports"). */
function sharedLibrary(sharedLibraryDir = path.join(ROOT, 'shared')) {
  const pkg = JSON.parse(fs.readFileSync(path.join(sharedLibraryDir, 'package.json'), 'utf8'));
  const exportsField = pkg.exports || { '.': `./${pkg.main}` };
  /** share key → absolute entry file */
  const entries = {};
  for (const [sub, target] of Object.entries(exportsField)) {
    const file = typeof target === 'string' ? target : target.default || target.import;
    if (typeof file !== 'string' || sub.includes('*') || !/\.tsx?$/.test(file)) continue;
    // test helpers (src/testing/) are for the apps' tests only: not federated modules every page registers
    if (/(^|\/)testing\//.test(file)) continue;
    entries[sub === '.' ? pkg.name : `${pkg.name}/${sub.replace(/^\.\//, '')}`] = path.join(sharedLibraryDir, file);
  }
  return { name: pkg.name, version: pkg.version, entries };
}

/**
 * @param {string} appDir absolute path of the app (for resolving installed versions)
 * @param {object} [opts]
 * @param {'facade'|'bundled'} [opts.mode] how the app gets the facaded libraries with state modules (LIBRARY_MODE)
 * @param {string} [opts.sharedLibraryDir] the @citable/shared folder the app is built with
 * @returns {Record<string, import('@module-federation/enhanced').moduleFederationPlugin.SharedConfig>}
 */
function buildSharedMap(appDir, { mode = 'facade', sharedLibraryDir } = {}) {
  const shared = {};
  for (const name of SINGLETONS) {
    const version = installedVersion(name, appDir);
    shared[name] = { singleton: true, requiredVersion: `^${version}`, version, strictVersion: false };
  }
  const strict = (version) => ({ singleton: true, version, requiredVersion: version, strictVersion: true });

  for (const [key, { file, pkg, stateModules }] of Object.entries(FACADES)) {
    const libraryVersion = installedVersion(pkg, appDir);
    const facade = path.join(__dirname, 'vendor', file);
    const version = exportListVersion(libraryVersion, facade);
    if (!stateModules) {
      shared[key] = { ...strict(version), import: facade };
      continue;
    }
    // the page-wide state: one instance per page for every copy of the library's code; a page with
    // another release of the library refuses the remote instead of mixing two shapes of a context.
    // Keyed by the resolved file: every import of it (facade, bundled code) is the one instance.
    for (const stateFile of stateModules) {
      shared[path.join(ROOT, 'node_modules', pkg, stateFile)] = { ...strict(libraryVersion), shareKey: `${pkg}/${stateFile}` };
    }
    // the facade (not for 'bundled' apps): the page's copy serves every app built with the same
    // export list; an app built with another one gets its own copy
    if (mode === 'facade') shared[key] = { import: facade, singleton: false, version, requiredVersion: version, strictVersion: true };
  }

  // @citable/shared (one supabase client, one auth store) and its other entry points: strict
  // singletons whose versions follow their export lists
  const lib = sharedLibrary(sharedLibraryDir);
  for (const [key, entry] of Object.entries(lib.entries)) {
    shared[key] = { ...strict(exportListVersion(lib.version, entry)), import: entry };
  }
  return shared;
}

module.exports = {
  buildSharedMap,
  exportedNames,
  exportListVersion,
  sharedLibrary,
  facadeAliases,
  productionAliases,
  LIBRARY_MODE,
  SINGLETONS,
  FACADES,
  MANTINE_CONTEXT_MODULES,
  BUNDLED_MANTINE,
  LIBRARY_CORE_SHIMS,
  libraryCoreShim,
  ROOT,
};
