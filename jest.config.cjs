// Jest: one project per app (jsdom, @swc/jest), the production server (server/), the worker's pure
// modules and the Node-side tooling (scripts/).
const fs = require('node:fs');
const path = require('node:path');

const swc = [
  '@swc/jest',
  { jsc: { parser: { syntax: 'typescript', tsx: true }, transform: { react: { runtime: 'automatic' } }, target: 'es2022' } },
];

function domProject(name) {
  return {
    displayName: name,
    rootDir: __dirname,
    roots: [`<rootDir>/${name}/src`],
    testEnvironment: 'jsdom',
    testMatch: ['**/*.test.ts', '**/*.test.tsx'],
    setupFilesAfterEnv: ['<rootDir>/scripts/jest/setup-dom.ts'],
    transform: {
      '^.+\\.(t|j)sx?$': swc,
      '^.+\\.mjs$': ['@swc/jest', { jsc: { parser: { syntax: 'ecmascript' } }, module: { type: 'commonjs' } }],
    },
    // the per-icon ESM files of @tabler/icons-react are transformed like our sources
    transformIgnorePatterns: ['/node_modules/(?!@tabler/icons-react/dist/esm/)'],
    moduleFileExtensions: ['ts', 'tsx', 'js', 'mjs', 'cjs', 'json'],
    moduleNameMapper: {
      '\\.css$': 'identity-obj-proxy',
      // shared's webpack-only resource loader (require.context) → a Node reader of the same files
      'locale-resources\\.webpack$': '<rootDir>/scripts/jest/locale-resources.cjs',
      // @mantine/core bundled into a chunk instead of the federated facade (scripts/webpack/vendor)
      '^@citable/mantine-bundled$': '@mantine/core',
    },
  };
}

// the marketing team keeps its own project config; use it when present
const marketingConfig = path.join(__dirname, 'marketing/src/testing/jest.config.cjs');

/** @type {import('jest').Config} */
module.exports = {
  projects: [
    domProject('shared'),
    domProject('shell'),
    fs.existsSync(marketingConfig) ? { ...require(marketingConfig), displayName: 'marketing' } : domProject('marketing'),
    domProject('workspace'),
    domProject('reviewer'),
    {
      // the worker's pure modules (TypeScript, NodeNext: relative imports name the .js they compile
      // to), compiled to CommonJS for jest from worker/src (never worker/dist); the Node packages' own
      // suites stay under worker/test and supabase-local/test (node:test, `npm run test:backend`)
      displayName: 'worker',
      rootDir: __dirname,
      roots: ['<rootDir>/worker/src'],
      testEnvironment: 'node',
      testMatch: ['**/*.test.ts'],
      moduleFileExtensions: ['ts', 'js', 'json'],
      moduleNameMapper: { '^(\\.{1,2}/.*)\\.js$': '$1' },
      transform: { '^.+\\.ts$': ['@swc/jest', { jsc: { parser: { syntax: 'typescript' }, target: 'es2022' }, module: { type: 'commonjs' } }] },
    },
    {
      // the production app server (TypeScript, compiled to CommonJS in server/dist by tsc): the tests
      // import the TypeScript sources, compiled here by @swc/jest; the build output is never looked at
      displayName: 'server',
      rootDir: __dirname,
      roots: ['<rootDir>/server/src'],
      testEnvironment: 'node',
      testMatch: ['**/*.test.ts'],
      testPathIgnorePatterns: ['/node_modules/', '<rootDir>/server/dist/'],
      modulePathIgnorePatterns: ['<rootDir>/server/dist/'],
      moduleFileExtensions: ['ts', 'js', 'cjs', 'json'],
      transform: { '^.+\\.ts$': ['@swc/jest', { jsc: { parser: { syntax: 'typescript' }, target: 'es2022' }, module: { type: 'commonjs' } }] },
    },
    {
      displayName: 'scripts',
      rootDir: __dirname,
      roots: ['<rootDir>/scripts', '<rootDir>/marketing/bench'],
      testEnvironment: 'node',
      testMatch: ['**/*.test.cjs', '**/*.test.js'],
      transform: {},
    },
  ],
};
