// The first-load definitions shared by bench:web and the budget test (e2e/tests/first-load-budget.spec.ts):
// which requests are first-load JS, which built file a URL is, and the signed-in-only source globs.
const path = require('node:path');
const { SIGNED_IN_ONLY, BUDGET_KB, KB, globToRegExp, forbiddenSources, firstLoadJs, builtFiles } = require('../first-load.cjs');

describe('first-load JS', () => {
  test('is every finished Script request, at its transferred size', () => {
    const requests = [
      { url: 'http://s/main.js', type: 'Script', end: 1, bytes: 100 },
      { url: 'http://s/late.js', type: 'Script', end: null, bytes: 0 },
      { url: 'http://s/a.css', type: 'Stylesheet', end: 1, bytes: 50 },
      { url: 'http://m/remoteEntry.js', type: 'Script', end: 2, bytes: 30 },
      { url: 'http://m/mf-manifest.json', type: 'Fetch', end: 2, bytes: 5 },
    ];
    expect(firstLoadJs(requests)).toEqual({
      bytes: 130,
      files: [
        { url: 'http://s/main.js', bytes: 100 },
        { url: 'http://m/remoteEntry.js', bytes: 30 },
      ],
    });
  });

  test("maps a URL to the built file in its app's dist/", () => {
    const files = builtFiles(
      [
        { url: 'http://127.0.0.1:4000/main.js', bytes: 1 },
        { url: 'http://127.0.0.1:4001/page%20x.js', bytes: 2 },
        { url: 'https://cdn.example/x.js', bytes: 3 },
      ],
      { shell: 'http://127.0.0.1:4000', marketing: 'http://127.0.0.1:4001/', workspace: '' },
      '/repo',
    );
    expect(files).toEqual([
      { file: path.join('/repo', 'shell', 'dist', 'main.js'), bytes: 1, app: 'shell', url: 'http://127.0.0.1:4000/main.js' },
      { file: path.join('/repo', 'marketing', 'dist', 'page x.js'), bytes: 2, app: 'marketing', url: 'http://127.0.0.1:4001/page%20x.js' },
      { file: '', bytes: 3, app: undefined, url: 'https://cdn.example/x.js' },
    ]);
  });

  test('the budget is 225 KB of 1024 bytes', () => {
    expect(BUDGET_KB * KB).toBe(230400);
  });
});

describe('signed-in-only sources', () => {
  test('globs: ** any path, * within a name, {a,b} either', () => {
    expect(globToRegExp('workspace/src/**').test('workspace/src/app/x.tsx')).toBe(true);
    expect(globToRegExp('workspace/src/**').test('workspace/srcx/a.ts')).toBe(false);
    expect(globToRegExp('a/B*').test('a/Bar.tsx')).toBe(true);
    expect(globToRegExp('a/B*').test('a/Bar/c.tsx')).toBe(false);
    expect(globToRegExp('x/{Menu,Tabs}/**').test('x/Tabs/Tabs.mjs')).toBe(true);
    expect(globToRegExp('x/{Menu,Tabs}/**').test('x/MenuItem/a.mjs')).toBe(false);
    expect(globToRegExp('a.b').test('axb')).toBe(false);
  });

  const forbidden = (source) => forbiddenSources(new Map([[source, { bytes: 1, from: ['u'] }]])).length > 0;

  test.each([
    'workspace/src/features/sites/SitesPage.tsx',
    'reviewer/src/exposes/ReviewerApp.tsx',
    'shell/src/features/profile/components/ProfilePage.tsx',
    'shell/src/features/settings/components/SettingsPage.tsx',
    'shell/src/features/layout/components/AppLayout.tsx',
    'shell/src/features/layout/components/Sidebar.tsx',
    'shell/src/features/layout/components/UserMenu.tsx',
    'node_modules/@tanstack/query-core/build/modern/queryClient.js',
    'node_modules/@mantine/dropzone/esm/Dropzone.mjs',
    'node_modules/@mantine/dates/esm/components/DatePicker/DatePicker.mjs',
    'node_modules/@mantine/core/esm/components/AppShell/AppShell.mjs',
    'node_modules/@mantine/core/esm/components/Popover/Popover.mjs',
    'node_modules/@mantine/core/esm/components/Table/Table.mjs',
  ])('%s is signed-in-only', (source) => {
    expect(forbidden(source)).toBe(true);
  });

  // what the public pages download today (bench:web's composition of / and /home-4-pricing-google)
  test.each([
    'shell/src/features/layout/components/AppHeader.tsx',
    'shell/src/features/layout/components/PublicLayout.tsx',
    'shell/src/features/auth/components/RequireAuth.tsx',
    'node_modules/@mantine/core/esm/components/Accordion/Accordion.mjs',
    'node_modules/@mantine/core/esm/components/Button/Button.mjs',
    'node_modules/@mantine/core/esm/core/MantineProvider/MantineProvider.mjs',
    'node_modules/@mantine/hooks/esm/use-id/use-id.mjs',
    'marketing/src/components/Hero.tsx',
    'shared/src/auth/store.ts',
  ])('%s is allowed on a public page', (source) => {
    expect(forbidden(source)).toBe(false);
  });

  test('reports each offending source with its glob, bytes and files, once per file', () => {
    const sources = new Map([
      ['shell/src/app/App.tsx', { bytes: 10, from: ['a.js'] }],
      ['workspace/src/x.ts', { bytes: 5, from: ['b.js', 'b.js'] }],
    ]);
    expect(forbiddenSources(sources)).toEqual([{ source: 'workspace/src/x.ts', glob: 'workspace/src/**', bytes: 5, from: ['b.js'] }]);
    expect(SIGNED_IN_ONLY).toContain('workspace/src/**');
  });
});
