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

describe.each(Object.entries(FACADES))('facade of %s', (pkg, [file, realPkg]) => {
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

  test('is shared as a strict singleton served by the facade, not as the whole package', () => {
    expect(SINGLETONS).not.toContain(pkg);
    const config = buildSharedMap(path.join(ROOT, 'shell'))[pkg];
    expect(config).toMatchObject({ import: facadeFile(file), singleton: true, strictVersion: true });
  });
});

describe('Mantine components bundled by lazy chunks', () => {
  const bundled = [...collectImports(BUNDLED_MANTINE).keys()];
  const facade = new Set(facadeExports(FACADES['@mantine/core'][0]));

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
