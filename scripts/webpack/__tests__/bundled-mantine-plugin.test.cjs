// scripts/webpack/bundled-mantine-plugin.cjs: which Mantine files a component bundled from
// @citable/mantine-bundled takes from the page's facade, and what their shims say. (That a page then
// downloads Box and the style system once is checked on every public page by
// e2e/tests/first-load-budget.spec.ts.)
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const { facadeBackedFiles, shimSource } = require('../bundled-mantine-plugin.cjs');
const { FACADES, ROOT } = require('../shared-deps.cjs');

const ESM = path.join(ROOT, 'node_modules', '@mantine', 'core', 'esm');
const esm = (file) => path.join(ESM, file);

describe('facadeBackedFiles', () => {
  const backed = facadeBackedFiles();

  test('the facade stands in for Box, the style system and the components it exports', () => {
    expect(backed.get(esm('core/Box/Box.mjs'))).toEqual([['Box', 'Box']]);
    expect(backed.get(esm('core/styles-api/use-styles/use-styles.mjs'))).toEqual([['useStyles', 'useStyles']]);
    expect(backed.get(esm('core/MantineProvider/use-props/use-props.mjs'))).toEqual([['useProps', 'useProps']]);
    expect(backed.get(esm('components/CloseButton/CloseButton.mjs'))).toEqual([['CloseButton', 'CloseButton']]);
  });

  test('a file the facade covers in part keeps its other exports', () => {
    const pairs = backed.get(esm('core/factory/factory.mjs'));
    expect(pairs).toEqual(expect.arrayContaining([['factory', 'factory'], ['identity', null]]));
  });

  test('leaves out what the facade does not offer, and Mantine’s shared context modules', () => {
    expect(backed.has(esm('components/TextInput/TextInput.mjs'))).toBe(false);
    expect(backed.has(esm('components/Input/Input.mjs'))).toBe(false);
    for (const stateModule of FACADES['@mantine/core'].stateModules) {
      expect(backed.has(path.join(ROOT, 'node_modules', '@mantine', 'core', stateModule))).toBe(false);
    }
  });

  test('follows the facade: a smaller facade backs fewer files', () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'facade-'));
    const facade = path.join(dir, 'mantine-core.mjs');
    fs.writeFileSync(facade, "export { Box, rem } from 'citable-vendor-impl/mantine-core';\n");
    const small = facadeBackedFiles(facade);
    expect([...small.keys()].map((f) => path.relative(ESM, f)).sort()).toEqual(['core/Box/Box.mjs', 'core/utils/units-converters/rem.mjs']);
    expect(small.get(esm('core/utils/units-converters/rem.mjs'))).toEqual([['em', null], ['rem', 'rem']]);
    fs.rmSync(dir, { recursive: true, force: true });
  });
});

describe('shimSource', () => {
  test('takes the facade’s names from @mantine/core and the others from the file', () => {
    const file = esm('core/utils/units-converters/rem.mjs');
    const source = shimSource(file, [['em', null], ['rem', 'rem']]);
    expect(source).toContain("export { rem } from '@mantine/core';");
    expect(source).toContain(`export { em } from ${JSON.stringify(file)};`);
  });

  test('a whole-facade file is one line of re-export, renamed where the index renames it', () => {
    const source = shimSource(esm('x.mjs'), [['transitions', 'MANTINE_TRANSITIONS']]);
    expect(source).toContain("export { MANTINE_TRANSITIONS as transitions } from '@mantine/core';");
    expect(source).not.toContain('x.mjs');
  });
});
