// One place that builds the module-federation `shared` map for every app (host and remotes),
// so all four declare the same singletons with the same versions.
const path = require('node:path');
const fs = require('node:fs');
const crypto = require('node:crypto');
const ts = require('typescript');

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
  // the query cache of the signed-in remotes: one QueryClient context per page (@citable/shared/query)
  '@tanstack/react-query',
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
 * strict singletons. The facade serves the components of the public pages; the signed-in remotes
 * (workspace, reviewer) bundle the Mantine components they import, and components that only the
 * shell's signed-in screens show are bundled by its lazy chunks (imported from BUNDLED_MANTINE) — all
 * of them still meet the one MantineProvider of the page through these contexts.
 */
const MANTINE_CONTEXT_MODULES = [
  'esm/core/MantineProvider/Mantine.context.mjs',
  'esm/core/MantineProvider/MantineThemeProvider/MantineThemeProvider.mjs',
  'esm/core/DirectionProvider/DirectionProvider.mjs',
];

/**
 * How an app gets `import … from '@mantine/core'`:
 * - 'facade': the shared, tree-shaken facade (the apps that render the public pages: every KB counts);
 * - 'bundled': the real package, bundled and tree-shaken into the app's own chunks, with only the
 *   context modules shared — the signed-in remotes, so that their developers use any Mantine component
 *   or extension (@mantine/dropzone, @mantine/dates…) as Mantine documents it, and release alone.
 */
const MANTINE_MODE = { shell: 'facade', marketing: 'facade', workspace: 'bundled', reviewer: 'bundled' };

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
    entries[sub === '.' ? pkg.name : `${pkg.name}/${sub.replace(/^\.\//, '')}`] = path.join(sharedLibraryDir, file);
  }
  return { name: pkg.name, version: pkg.version, entries };
}

/**
 * @param {string} appDir absolute path of the app (for resolving installed versions)
 * @param {object} [opts]
 * @param {'facade'|'bundled'} [opts.mantine] how the app gets @mantine/core (MANTINE_MODE)
 * @param {string} [opts.sharedLibraryDir] the @citable/shared folder the app is built with
 * @returns {Record<string, import('@module-federation/enhanced').moduleFederationPlugin.SharedConfig>}
 */
function buildSharedMap(appDir, { mantine = 'facade', sharedLibraryDir } = {}) {
  const shared = {};
  for (const name of SINGLETONS) {
    const version = installedVersion(name, appDir);
    shared[name] = { singleton: true, requiredVersion: `^${version}`, version, strictVersion: false };
  }
  const strict = (version) => ({ singleton: true, version, requiredVersion: version, strictVersion: true });

  // Mantine's contexts: one instance per page for every copy of its components; a page whose
  // @mantine/core is another release refuses the remote instead of mixing two shapes of a context
  const mantineVersion = installedVersion('@mantine/core', appDir);
  for (const file of MANTINE_CONTEXT_MODULES) {
    // keyed by the resolved file: every import of it (facade, bundled components) is the one instance
    shared[path.join(ROOT, 'node_modules', '@mantine/core', file)] = { ...strict(mantineVersion), shareKey: `@mantine/core/${file}` };
  }

  for (const [key, [file, pkg]] of Object.entries(FACADES)) {
    const facade = path.join(__dirname, 'vendor', file);
    const version = exportListVersion(installedVersion(pkg, appDir), facade);
    if (key === '@mantine/core') {
      if (mantine !== 'facade') continue;
      // not a singleton (its state lives in the context modules above): an app built with another
      // export list gets its own copy of the facade, the page's copy serves everyone built like it
      shared[key] = { import: facade, singleton: false, version, requiredVersion: version, strictVersion: true };
    } else {
      // the router and react-i18next keep module state (contexts, the i18next instance): one per page
      shared[key] = { ...strict(version), import: facade };
    }
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
  MANTINE_MODE,
  SINGLETONS,
  FACADES,
  MANTINE_CONTEXT_MODULES,
  BUNDLED_MANTINE,
  LIBRARY_CORE_SHIMS,
  libraryCoreShim,
  ROOT,
};
