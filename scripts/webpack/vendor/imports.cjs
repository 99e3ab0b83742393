// Which names the apps (and the federated libraries built on top of them) import from a package.
// The vendor facades (see ./README.md) must export at least these; the facade test checks it and
// `node scripts/webpack/vendor/imports.cjs <package>` prints the list when a facade needs updating.
const fs = require('node:fs');
const path = require('node:path');
const ts = require('typescript');

const ROOT = path.resolve(__dirname, '..', '..', '..');

/** App sources that end up in a browser bundle (tests, stories and scripts excluded). */
const SOURCE_DIRS = ['shell/src', 'marketing/src', 'workspace/src', 'reviewer/src', 'shared/src'];

/**
 * The sources served by a package's facade: every app's for a facade that all apps share
 * (react-router-dom); only the 'facade' apps' and the shared library's for one with state modules,
 * which the 'bundled' apps import themselves (shared-deps.cjs LIBRARY_MODE).
 */
function sourceDirsFor(pkg) {
  const { FACADES, LIBRARY_MODE } = require('../shared-deps.cjs');
  if (!FACADES[pkg] || !FACADES[pkg].stateModules) return SOURCE_DIRS;
  return SOURCE_DIRS.filter((dir) => {
    const app = dir.split('/')[0];
    return !(app in LIBRARY_MODE) || LIBRARY_MODE[app] === 'facade';
  });
}

/** Libraries bundled by the apps that import a facaded package themselves (their ESM build). */
const LIBRARY_DIRS = ['node_modules/@mantine/carousel/esm', 'node_modules/@mantine/notifications/esm'];

// A library with a shim of its own (shared-deps.cjs LIBRARY_CORE_SHIMS) imports '@mantine/core' through
// it: its files count for the shim (the rule webpack applies: libraryCoreShim), and the shim's own
// imports count instead.
const { LIBRARY_CORE_SHIMS, libraryCoreShim } = require('../shared-deps.cjs');

function walk(dir, accept, out = []) {
  if (!fs.existsSync(dir)) return out;
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) {
      if (entry.name !== 'node_modules' && entry.name !== '__tests__' && entry.name !== 'testing') walk(full, accept, out);
    } else if (accept(entry.name)) out.push(full);
  }
  return out;
}

const isSource = (name) => /\.(tsx?|mjs)$/.test(name) && !/\.(test|spec|stories)\.tsx?$/.test(name) && !name.endsWith('.d.ts');

/**
 * Value names imported (or re-exported) from `pkg` in one file; type-only imports are skipped
 * (they vanish at build time).
 * @returns {Set<string>}
 */
function importedNames(file, pkg) {
  const text = fs.readFileSync(file, 'utf8');
  const names = new Set();
  if (!text.includes(pkg)) return names;
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, false, file.endsWith('x') ? ts.ScriptKind.TSX : ts.ScriptKind.TS);
  for (const statement of source.statements) {
    const spec = statement.moduleSpecifier;
    if (!spec || !ts.isStringLiteral(spec) || spec.text !== pkg) continue;
    if (ts.isImportDeclaration(statement)) {
      const clause = statement.importClause;
      if (!clause || clause.isTypeOnly) continue;
      if (clause.name) names.add('default');
      const bindings = clause.namedBindings;
      if (bindings && ts.isNamespaceImport(bindings)) names.add('*');
      if (bindings && ts.isNamedImports(bindings)) {
        for (const el of bindings.elements) if (!el.isTypeOnly) names.add((el.propertyName ?? el.name).text);
      }
    } else if (ts.isExportDeclaration(statement) && !statement.isTypeOnly) {
      const clause = statement.exportClause;
      if (!clause) names.add('*');
      else if (ts.isNamedExports(clause)) for (const el of clause.elements) if (!el.isTypeOnly) names.add((el.propertyName ?? el.name).text);
    }
  }
  return names;
}

/** Names a library imports from '@mantine/core' in its ESM build. */
function libraryCoreImports(lib, { root = ROOT } = {}) {
  const names = new Set();
  for (const file of walk(path.join(root, 'node_modules', lib, 'esm'), (n) => n.endsWith('.mjs'))) {
    for (const name of importedNames(file, '@mantine/core')) names.add(name);
  }
  return names;
}

/** @returns {Map<string, string[]>} name → files importing it */
function collectImports(pkg, { root = ROOT } = {}) {
  const shimmed = (file) => pkg === '@mantine/core' && libraryCoreShim(path.dirname(file)) !== null;
  const files = [
    ...sourceDirsFor(pkg).flatMap((d) => walk(path.join(root, d), isSource)),
    ...LIBRARY_DIRS.flatMap((d) => walk(path.join(root, d), (n) => n.endsWith('.mjs'))).filter((f) => !shimmed(f)),
    ...LIBRARY_CORE_SHIMS.map(({ file }) => file),
  ];
  const byName = new Map();
  for (const file of files) {
    for (const name of importedNames(file, pkg)) {
      if (!byName.has(name)) byName.set(name, []);
      byName.get(name).push(path.relative(root, file));
    }
  }
  return byName;
}

module.exports = { collectImports, importedNames, libraryCoreImports, walk, sourceDirsFor, SOURCE_DIRS, LIBRARY_DIRS };

if (require.main === module) {
  const pkg = process.argv[2] || '@mantine/core';
  console.log([...collectImports(pkg).keys()].sort().join(',\n'));
}
