// The module-federation facades (scripts/webpack/vendor) serve every `import … from '<package>'` of
// the apps with a tree-shaken subset: a name the sources import but the facade lacks would be
// `undefined` in the browser. These tests keep each facade in step with the sources.
const fs = require('node:fs');
const path = require('node:path');
const ts = require('typescript');
const {
  FACADES,
  SINGLETONS,
  MANTINE_CONTEXT_MODULES,
  BUNDLED_MANTINE,
  LIBRARY_CORE_SHIMS,
  libraryCoreShim,
  facadeAliases,
  buildSharedMap,
  exportedNames,
  exportListVersion,
  sharedLibrary,
  ROOT,
} = require('../shared-deps.cjs');
const { collectImports, importedNames, libraryCoreImports, walk } = require('../vendor/imports.cjs');

const facadeFile = (file) => path.join(__dirname, '..', 'vendor', file);

/** Names a facade (or shim) re-exports. */
function facadeExports(file) {
  const text = fs.readFileSync(path.isAbsolute(file) ? file : facadeFile(file), 'utf8');
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest);
  const names = [];
  for (const statement of source.statements) {
    if (ts.isExportDeclaration(statement) && statement.exportClause && ts.isNamedExports(statement.exportClause)) {
      for (const el of statement.exportClause.elements) names.push(el.name.text);
    }
  }
  return names;
}

describe.each(Object.entries(FACADES))('facade of %s', (pkg, { file, pkg: realPkg, stateModules }) => {
  const exported = new Set(facadeExports(file));

  test('exports every name the apps and federated libraries import from it', () => {
    const missing = [...collectImports(pkg).entries()]
      .filter(([name]) => !exported.has(name))
      .map(([name, files]) => `${name} (${files.slice(0, 3).join(', ')})`);
    // fix: add the names to scripts/webpack/vendor/<facade>.mjs (`node scripts/webpack/vendor/imports.cjs <pkg>`)
    expect(missing).toEqual([]);
  });

  test('exports only names that exist in the real package', () => {
    const real = new Set(Object.keys(require(realPkg)));
    expect([...exported].filter((name) => !real.has(name))).toEqual([]);
  });

  test('has no `export *` (it would defeat tree shaking) and imports through its alias', () => {
    const text = fs.readFileSync(facadeFile(file), 'utf8');
    expect(text).not.toMatch(/export \*/);
    const alias = `citable-vendor-impl/${path.basename(file, '.mjs')}`;
    expect(text).toContain(`from '${alias}'`);
    expect(fs.existsSync(facadeAliases()[`${alias}$`])).toBe(true);
  });

  test('is served by the facade, not as the whole package, with a version that follows its export list', () => {
    expect(SINGLETONS).not.toContain(pkg);
    const config = buildSharedMap(path.join(ROOT, 'shell'))[pkg];
    const names = exportedNames(facadeFile(file));
    expect(names).toEqual([...new Set(facadeExports(file))].sort());
    expect(config).toMatchObject({ import: facadeFile(file), version: exportListVersion(JSON.parse(fs.readFileSync(path.join(ROOT, 'node_modules', realPkg, 'package.json'), 'utf8')).version, facadeFile(file)) });
    expect(config.requiredVersion).toBe(config.version);
    // without separate state modules the facade is the one instance of the library's state
    expect(config.singleton).toBe(!stateModules);
    if (!stateModules) expect(config.strictVersion).toBe(true);
  });

  if (stateModules) {
    test("'bundled' apps import the package itself and share only its state modules, as strict singletons", () => {
      const shared = buildSharedMap(path.join(ROOT, 'workspace'), { mode: 'bundled' });
      expect(shared[pkg]).toBeUndefined();
      for (const stateFile of stateModules) {
        const abs = path.join(ROOT, 'node_modules', realPkg, stateFile);
        expect(fs.existsSync(abs)).toBe(true);
        expect(shared[abs]).toMatchObject({ shareKey: `${realPkg}/${stateFile}`, singleton: true, strictVersion: true });
      }
    });
  }
});

describe('versions that follow export lists', () => {
  test('another export list is another version; the order of the names is not', () => {
    const dir = fs.mkdtempSync(path.join(require('node:os').tmpdir(), 'exports-'));
    const write = (name, text) => {
      fs.writeFileSync(path.join(dir, name), text);
      return path.join(dir, name);
    };
    write('inner.ts', 'export const inner = 1;\nexport type Hidden = string;\nexport default 3;\n');
    const a = write('a.ts', "export { b, a } from './x';\nexport type { T } from './x';\nexport function f() {}\nexport * from './inner';\nexport interface I { x: 1 }\n");
    const b = write('b.ts', "export { a, b } from './x';\nexport function f() {}\nexport { inner } from './inner';\n");
    const c = write('c.ts', "export { a, b, c } from './x';\nexport function f() {}\nexport { inner } from './inner';\n");
    expect(exportedNames(a)).toEqual(['a', 'b', 'f', 'inner']);
    expect(exportListVersion('1.2.3', a)).toBe(exportListVersion('1.2.3', b));
    expect(exportListVersion('1.2.3', c)).not.toBe(exportListVersion('1.2.3', b));
    expect(exportListVersion('1.2.3', a)).toMatch(/^1\.2\.3-x[0-9a-f]{10}$/);
    fs.rmSync(dir, { recursive: true });
  });

  test('@citable/shared and its other entry points are strict singletons versioned by their export lists', () => {
    const lib = sharedLibrary();
    expect(Object.keys(lib.entries)).toContain('@citable/shared');
    const shared = buildSharedMap(path.join(ROOT, 'workspace'), { mode: 'bundled' });
    for (const [key, entry] of Object.entries(lib.entries)) {
      expect(shared[key]).toMatchObject({ import: entry, singleton: true, strictVersion: true, version: exportListVersion(lib.version, entry) });
      expect(shared[key].requiredVersion).toBe(shared[key].version);
    }
  });
});

describe('Mantine components bundled by lazy chunks', () => {
  const bundled = [...collectImports(BUNDLED_MANTINE).keys()];
  const facade = new Set(facadeExports(FACADES['@mantine/core'].file));

  test(`${BUNDLED_MANTINE} resolves to @mantine/core and names only real, non-facade exports`, () => {
    expect(facadeAliases()[`${BUNDLED_MANTINE}$`]).toBe(path.join(ROOT, 'node_modules/@mantine/core/esm/index.mjs'));
    const real = new Set(Object.keys(require('@mantine/core')));
    expect(bundled.filter((name) => !real.has(name))).toEqual([]);
    // a name the facade already serves would be downloaded twice: import it from '@mantine/core'
    expect(bundled.filter((name) => facade.has(name))).toEqual([]);
  });

  test('the Mantine contexts are strict singletons keyed by their file, so bundled components find the provider', () => {
    const shared = buildSharedMap(path.join(ROOT, 'shell'));
    for (const file of MANTINE_CONTEXT_MODULES) {
      const abs = path.join(ROOT, 'node_modules/@mantine/core', file);
      expect(fs.readFileSync(abs, 'utf8')).toMatch(/createContext\(/);
      expect(shared[abs]).toMatchObject({ shareKey: `@mantine/core/${file}`, singleton: true, strictVersion: true });
    }
    // every module of @mantine/core's own core that creates a React context is in the list
    const coreDir = path.join(ROOT, 'node_modules/@mantine/core/esm/core');
    const withContext = walk(coreDir, (name) => name.endsWith('.mjs')).filter((f) =>
      /\bcreateContext\(/.test(fs.readFileSync(f, 'utf8')),
    );
    const listed = MANTINE_CONTEXT_MODULES.map((f) => path.join(ROOT, 'node_modules/@mantine/core', f));
    // (create-safe-context only defines the helper; each component family keeps its own context)
    expect(withContext.filter((f) => !listed.includes(f) && !f.includes('create-safe-context'))).toEqual([]);
  });
});

describe.each(LIBRARY_CORE_SHIMS.map((shim) => [shim.pkg, shim]))('%s through its own @mantine/core shim', (lib, shim) => {
  test('the shim exports every name the library imports from @mantine/core', () => {
    const exported = new Set(facadeExports(shim.file));
    expect([...libraryCoreImports(lib)].filter((name) => !exported.has(name))).toEqual([]);
  });

  test("the rewrite serves the library's own files only", () => {
    expect(libraryCoreShim(path.join(shim.dir, 'esm'))).toBe(shim.file);
    expect(libraryCoreShim(path.join(ROOT, 'node_modules/@mantine/carousel/esm'))).toBeNull();
    expect(libraryCoreShim(path.join(ROOT, 'shell/src/app'))).toBeNull();
    // the shim's own '@mantine/core' import is the shared facade again, not the shim
    expect(libraryCoreShim(path.dirname(shim.file))).toBeNull();
  });
});

describe('import scanner', () => {
  test('reads value imports and re-exports, and skips type-only ones', () => {
    const dir = fs.mkdtempSync(path.join(require('node:os').tmpdir(), 'facade-'));
    const file = path.join(dir, 'a.tsx');
    fs.writeFileSync(
      file,
      [
        "import { Button, type ButtonProps, Menu as M } from '@mantine/core';",
        "import type { BoxProps } from '@mantine/core';",
        "export { Text } from '@mantine/core';",
        "import { Link } from 'react-router-dom';",
      ].join('\n'),
    );
    expect([...importedNames(file, '@mantine/core')].sort()).toEqual(['Button', 'Menu', 'Text']);
    fs.rmSync(dir, { recursive: true });
  });
});

describe('the apps’ webpack configs', () => {
  const sharedOf = (app) => {
    const config = require(path.join(ROOT, app, 'webpack.config.js'))({}, { mode: 'production' });
    const appConfig = Array.isArray(config) ? config[0] : config;
    const federation = appConfig.plugins.find((plugin) => plugin.constructor.name === 'ModuleFederationPlugin');
    return federation._options.shared;
  };

  test.each([
    ['shell', 'facade'],
    ['marketing', 'facade'],
    ['workspace', 'bundled'],
    ['reviewer', 'bundled'],
  ])('%s gets @mantine/core and react-i18next as %s', (app, mode) => {
    const shared = sharedOf(app);
    for (const pkg of ['@mantine/core', 'react-i18next']) {
      if (mode === 'facade') expect(shared[pkg]).toMatchObject({ import: facadeFile(FACADES[pkg].file), singleton: false });
      else expect(shared[pkg]).toBeUndefined();
    }
    // the router facade and the platform library are the same strict singletons everywhere
    expect(shared['react-router-dom']).toMatchObject({ singleton: true, strictVersion: true });
    expect(shared['@citable/shared']).toMatchObject({ singleton: true, strictVersion: true });
  });
});
