// bench:web's split of the first-load JS into the parts of the stack, on a small built file with a
// source map written here (the same shape webpack writes: one minified line, `webpack://<app>/…` sources).
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const { SourceMapGenerator } = require('source-map-js');
const { normaliseSource, partOf, attributeFile, sourceBytes, composition } = require('../composition.cjs');

function writeBuilt(dir, name, pieces) {
  // pieces: [source | null, code] written one after the other on one line
  const map = new SourceMapGenerator({ file: name });
  let column = 0;
  for (const [source, code] of pieces) {
    if (source) map.addMapping({ generated: { line: 1, column }, original: { line: 1, column: 0 }, source });
    else map.addMapping({ generated: { line: 1, column } });
    column += code.length;
  }
  const file = path.join(dir, name);
  fs.writeFileSync(file, pieces.map(([, code]) => code).join(''));
  fs.writeFileSync(`${file}.map`, map.toString());
  return file;
}

describe('bench:web composition', () => {
  let dir;
  beforeAll(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'composition-'));
  });
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

  test('names sources from the repository root, an app file under its app', () => {
    expect(normaliseSource('webpack://citable_shell/src/app/routes.tsx', 'shell')).toBe('shell/src/app/routes.tsx');
    expect(normaliseSource('webpack://citable_shell/shared/src/i18n/index.ts', 'shell')).toBe('shared/src/i18n/index.ts');
    expect(normaliseSource('webpack://citable_marketing/../node_modules/react-dom/cjs/x.js', 'marketing')).toBe('node_modules/react-dom/cjs/x.js');
    expect(normaliseSource('webpack://citable_marketing/webpack/runtime/sharing', 'marketing')).toBe('webpack/runtime/sharing');
    expect(normaliseSource(null, 'shell')).toBe('?');
  });

  test('puts each source in its part of the stack', () => {
    expect(partOf('node_modules/react-dom/cjs/react-dom-client.production.js')).toBe('react');
    expect(partOf('node_modules/@module-federation/runtime-core/dist/index.js')).toBe('federation');
    expect(partOf('webpack/runtime/consumes')).toBe('federation');
    expect(partOf('node_modules/i18next/dist/esm/i18next.js')).toBe('i18n');
    expect(partOf('node_modules/react-router/dist/production/chunk.mjs')).toBe('router');
    expect(partOf('node_modules/@mantine/core/esm/core/MantineProvider/MantineProvider.mjs')).toBe('mantineCore');
    expect(partOf('node_modules/@mantine/core/esm/components/Button/Button.mjs')).toBe('mantineComponents');
    expect(partOf('node_modules/@mantine/hooks/esm/use-id/use-id.mjs')).toBe('mantineComponents');
    expect(partOf('marketing/src/locales/fr/faq.ts')).toBe('copy');
    expect(partOf('marketing/src/components/Hero.tsx')).toBe('marketing');
    expect(partOf('shell/src/app/routes.tsx')).toBe('shell');
    expect(partOf('shared/src/auth/store.ts')).toBe('shared');
    expect(partOf('node_modules/zustand/esm/vanilla.mjs')).toBe('other');
    expect(partOf('?')).toBe('unmapped');
  });

  test("splits a file's transferred bytes over its sources in proportion to their code", () => {
    const file = writeBuilt(dir, 'a.js', [
      ['webpack://citable_shell/node_modules/react-dom/index.js', 'x'.repeat(600)],
      ['webpack://citable_shell/src/app.tsx', 'y'.repeat(300)],
      [null, 'z'.repeat(100)],
    ]);
    const parts = attributeFile(file, 2000, 'shell');
    expect(parts.get('node_modules/react-dom/index.js')).toBeCloseTo(1200);
    expect(parts.get('shell/src/app.tsx')).toBeCloseTo(600);
    expect(parts.get('?')).toBeCloseTo(200);
  });

  test('sums the bytes of each source over several files and says which files it came from', () => {
    const a = writeBuilt(dir, 'e.js', [
      ['webpack://citable_shell/src/app.tsx', 'x'.repeat(50)],
      ['webpack://citable_shell/shared/src/theme.ts', 'y'.repeat(50)],
    ]);
    const b = writeBuilt(dir, 'f.js', [['webpack://citable_marketing/../shared/src/theme.ts', 'z'.repeat(10)]]);
    const sources = sourceBytes([
      { file: a, bytes: 100, app: 'shell', url: 'http://s/e.js' },
      { file: b, bytes: 30, app: 'marketing', url: 'http://m/f.js' },
    ]);
    expect(sources.get('shell/src/app.tsx')).toEqual({ bytes: 50, from: ['http://s/e.js'] });
    expect(sources.get('shared/src/theme.ts')).toEqual({ bytes: 80, from: ['http://s/e.js', 'http://m/f.js'] });
  });

  test('sums the parts of several files; the floor is the stack parts only; a file without a map is unmapped', () => {
    const a = writeBuilt(dir, 'b.js', [
      ['webpack://citable_shell/node_modules/react-dom/index.js', 'x'.repeat(500)],
      ['webpack://citable_shell/src/app.tsx', 'y'.repeat(500)],
    ]);
    const b = writeBuilt(dir, 'c.js', [['webpack://citable_marketing/src/locales/en/faq.ts', 'q'.repeat(10)]]);
    const bare = path.join(dir, 'd.js');
    fs.writeFileSync(bare, 'no map');
    const result = composition([
      { file: a, bytes: 1000, app: 'shell' },
      { file: b, bytes: 300, app: 'marketing' },
      { file: bare, bytes: 50, app: 'shell' },
    ]);
    const bytes = Object.fromEntries(result.parts.map((p) => [p.key, Math.round(p.bytes)]));
    expect(bytes).toMatchObject({ react: 500, shell: 500, copy: 300, unmapped: 50, marketing: 0 });
    expect(Math.round(result.stackBytes)).toBe(500);
    expect(Math.round(result.total)).toBe(1350);
  });
});
