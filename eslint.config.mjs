// ESLint 9 flat config for the whole repository.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import importX from 'eslint-plugin-import-x';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import fs from 'node:fs';
import path from 'node:path';

// ---- Import boundaries (bulletproof-react): shared → features → app, computed from the folders ----
const ROOT = import.meta.dirname;
const APPS = ['shell', 'marketing', 'workspace', 'reviewer'];
const subdirs = (dir) =>
  fs.existsSync(path.join(ROOT, dir))
    ? fs
        .readdirSync(path.join(ROOT, dir), { withFileTypes: true })
        .filter((entry) => entry.isDirectory())
        .map((entry) => entry.name)
    : [];

// folders of src/ that may import src/app: app itself, the federated surface, the test helpers
const MAY_IMPORT_APP = new Set(['app', 'exposes', 'testing']);
// the cross-feature layer: used by features and app, never uses them
const SHARED_LAYER = ['components', 'hooks', 'lib', 'utils', 'config', 'types'];

/** no-restricted-paths zones for every app, from its folders as they are now (a new feature is covered). */
function boundaryZones() {
  const zones = APPS.flatMap((app) => {
    const src = `${app}/src`;
    const srcDirs = subdirs(src);
    const features = subdirs(`${src}/features`);
    const sharedLayer = SHARED_LAYER.filter((dir) => srcDirs.includes(dir)).map((dir) => `${src}/${dir}`);
    return [
      // a feature never imports another feature
      ...features.map((feature) => ({
        target: `${src}/features/${feature}`,
        from: `${src}/features`,
        except: [`./${feature}`],
        message: `A feature never imports another feature: move what both need to ${src}/components or ${src}/lib, or compose them in ${src}/app.`,
      })),
      // nothing below src/app imports it (routes compose features, not the other way round)
      {
        target: srcDirs.filter((dir) => !MAY_IMPORT_APP.has(dir)).map((dir) => `${src}/${dir}`),
        from: `${src}/app`,
        message: `Only ${src}/app (and exposes/, testing/) may import ${src}/app: code flows shared → features → app.`,
      },
      // components/lib/config… sit below the features: used by them, never using them
      ...(sharedLayer.length && features.length
        ? [{ target: sharedLayer, from: `${src}/features`, message: `${sharedLayer.join(', ')} never import a feature.` }]
        : []),
      // an app never imports another app's source
      {
        target: src,
        from: APPS.filter((other) => other !== app),
        message: 'An app never imports another app: load remotes through module federation, share code through @citable/shared.',
      },
    ];
  });
  zones.push({ target: 'shared', from: APPS, message: '@citable/shared is imported by the apps and imports none of them.' });
  return zones.filter((zone) => [zone.target].flat().length > 0);
}

// module-federation remotes (`marketing/MarketingApp`…) exist only at run time: what the apps'
// `declare module '…'` files declare is not an unresolved import
const FEDERATED_MODULES = APPS.filter((app) => fs.existsSync(path.join(ROOT, app, 'src'))).flatMap((app) =>
  fs
    .readdirSync(path.join(ROOT, app, 'src'), { recursive: true })
    .filter((file) => String(file).endsWith('.d.ts'))
    .flatMap((file) => [...fs.readFileSync(path.join(ROOT, app, 'src', String(file)), 'utf8').matchAll(/declare module '([^']+)'/g)])
    // `*` is TypeScript's wildcard; everything else is literal
    .map(([, name]) => `^${name.split('*').map((part) => part.replace(/[.+?^${}()|[\]\\]/g, '\\$&')).join('.*')}$`),
);

// the Node packages, named by where they run: the production server (server/) and what runs against a
// hosted Supabase (worker/) never import the local Supabase stand-in (supabase-local/), which may import
// the worker; server and worker do not import each other. Tests and benches may start a local stack:
// only src/ is bound.
const NODE_PACKAGE_ZONES = [
  { target: ['server/src', 'worker/src'], from: 'supabase-local', message: 'The production server and the worker never import the local Supabase stand-in (supabase-local/).' },
  { target: 'server/src', from: 'worker', message: 'The production server does not import the worker.' },
  { target: 'worker/src', from: 'server', message: 'The worker does not import the production server.' },
];

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      '**/coverage/**',
      '**/.data/**',
      'test-results/**',
      'playwright-report/**',
      'blob-report/**',
      'e2e/artifacts/**',
      // copies of a remote that the release e2e test builds (removed after the test)
      'e2e/.release-builds/**',
      // generated from supabase/migrations
      'shared/src/data/database.types.ts',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' }],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
    },
  },
  {
    // boundaries and cycles of the apps' and shared's sources (TypeScript resolution: tsconfig paths,
    // workspace packages through node_modules/@citable/*)
    files: [...APPS, 'shared'].map((dir) => `${dir}/src/**/*.{ts,tsx}`),
    plugins: { 'import-x': importX },
    settings: {
      'import-x/extensions': importX.flatConfigs.typescript.settings['import-x/extensions'],
      'import-x/parsers': importX.flatConfigs.typescript.settings['import-x/parsers'],
      'import-x/resolver-next': [
        createTypeScriptImportResolver({
          project: [...APPS, 'shared'].map((dir) => path.join(ROOT, dir, 'tsconfig.json')),
          alwaysTryTypes: true,
          noWarnOnMultipleProjects: true,
        }),
      ],
    },
    rules: {
      'import-x/no-restricted-paths': ['error', { basePath: ROOT, zones: boundaryZones() }],
      // lazy import() counts (a page importing the route table that lazy-loads it is a cycle); no
      // maxDepth: each module is parsed once whatever the depth, so a limit saves no time (measured)
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
      // also proves the resolver works: with a broken one the two rules above would pass silently
      'import-x/no-unresolved': ['error', { ignore: FEDERATED_MODULES }],
    },
  },
  {
    // the public pages stay light: the query cache is for the signed-in remotes
    files: ['marketing/src/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': ['error', { paths: [
        { name: '@citable/shared/query', message: 'The public pages never download the query cache (TanStack Query): call the API function, or use a hook of your own.' },
        { name: '@tanstack/react-query', message: 'The public pages never download the query cache (TanStack Query).' },
      ] }],
    },
  },
  {
    // the signed-in remotes import Mantine as its documentation says (bundled, scripts/webpack/vendor/README.md)
    files: ['workspace/src/**/*.{ts,tsx}', 'reviewer/src/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': ['error', { paths: [
        { name: '@citable/mantine-bundled', message: "The workspace and reviewer bundle Mantine: import from '@mantine/core'." },
      ] }],
    },
  },
  {
    // one retry policy (shouldRetry in @citable/shared/query: no 4xx, not_found included): a query of
    // an app never sets its own (issue 28: seven copies had drifted into retrying 401/403/400 twice)
    files: APPS.map((app) => `${app}/src/**/*.{ts,tsx}`),
    ignores: ['**/*.test.{ts,tsx}', '**/testing/**'],
    rules: {
      'no-restricted-syntax': ['error', {
        selector: "CallExpression[callee.name=/^use(Suspense)?(Query|Queries|InfiniteQuery)$/] Property[key.name='retry']",
        message: 'Queries follow the central retry policy (shouldRetry in @citable/shared/query/client.ts): a case of its own goes there, not here.',
      }],
    },
  },
  {
    files: ['**/*.{js,cjs,mjs}'],
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-require-imports': 'off',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', caughtErrors: 'none' }],
    },
  },
  {
    // the Node packages' JavaScript (boundaries: NODE_PACKAGE_ZONES)
    files: ['server/**/*.{js,cjs,mjs}', 'worker/**/*.{js,mjs}', 'supabase-local/**/*.{js,mjs}'],
    plugins: { 'import-x': importX },
    settings: { 'import-x/resolver-next': [importX.createNodeResolver()] },
    rules: {
      'import-x/no-restricted-paths': ['error', { basePath: ROOT, zones: NODE_PACKAGE_ZONES }],
      // also proves the resolver works: with a broken one the rule above would pass silently
      'import-x/no-unresolved': ['error', { commonjs: true }],
    },
  },
  {
    // the worker's TypeScript (Node, NodeNext: relative imports name the .js they compile to, which the
    // TypeScript resolver maps back to the .ts): the same boundaries as its JavaScript above
    files: ['worker/src/**/*.ts'],
    languageOptions: { globals: { ...globals.node } },
    plugins: { 'import-x': importX },
    settings: {
      'import-x/extensions': importX.flatConfigs.typescript.settings['import-x/extensions'],
      'import-x/parsers': importX.flatConfigs.typescript.settings['import-x/parsers'],
      'import-x/resolver-next': [createTypeScriptImportResolver({ project: path.join(ROOT, 'worker', 'tsconfig.json') })],
    },
    rules: {
      'import-x/no-restricted-paths': ['error', { basePath: ROOT, zones: NODE_PACKAGE_ZONES }],
      // also proves the resolver works: with a broken one the rule above would pass silently
      'import-x/no-unresolved': 'error',
    },
  },
  {
    // the production server's TypeScript (server/tsconfig.json: Node, CommonJS output): the same
    // boundaries, resolved as tsc does
    files: ['server/**/*.ts'],
    languageOptions: { globals: { ...globals.node } },
    plugins: { 'import-x': importX },
    settings: {
      'import-x/resolver-next': [createTypeScriptImportResolver({ project: path.join(ROOT, 'server', 'tsconfig.json') })],
    },
    rules: {
      'import-x/no-restricted-paths': ['error', { basePath: ROOT, zones: NODE_PACKAGE_ZONES }],
      'import-x/no-unresolved': 'error',
    },
  },
  {
    // a classic script inlined into the shell page (the prerendered copy's tap queue): the browser's globals
    files: ['server/src/prerender-taps.js'],
    languageOptions: { sourceType: 'script', globals: { ...globals.browser } },
  },
  {
    files: ['**/*.test.{ts,tsx,js,cjs,mjs}', 'scripts/jest/**', '**/testing/**', 'e2e/**'],
    languageOptions: { globals: { ...globals.jest, ...globals.node } },
  },
  {
    // Playwright fixtures: `use` is not a React hook and `async ({}, use)` is the documented shape
    files: ['e2e/**/*.ts', 'playwright.config.ts'],
    rules: { 'react-hooks/rules-of-hooks': 'off', 'no-empty-pattern': 'off' },
  },
);
