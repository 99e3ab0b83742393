// Jest config of the marketing remote's component tests (run: npx jest -c marketing/src/testing/jest.config.cjs).
const path = require('node:path');

const appDir = path.resolve(__dirname, '../..');

/** @type {import('jest').Config} */
module.exports = {
  rootDir: appDir,
  roots: ['<rootDir>/src'],
  testEnvironment: 'jsdom',
  testMatch: ['**/*.test.ts', '**/*.test.tsx'],
  setupFilesAfterEnv: ['<rootDir>/src/testing/setup-tests.ts'],
  transform: {
    '^.+\\.(t|j)sx?$': ['@swc/jest', { jsc: { parser: { syntax: 'typescript', tsx: true }, transform: { react: { runtime: 'automatic' } } } }],
    '^.+\\.mjs$': ['@swc/jest', { jsc: { parser: { syntax: 'ecmascript' } }, module: { type: 'commonjs' } }],
  },
  // per-icon ESM files of @tabler/icons-react are transformed like our sources
  transformIgnorePatterns: ['/node_modules/(?!@tabler/icons-react/dist/esm/)'],
  moduleFileExtensions: ['ts', 'tsx', 'js', 'mjs', 'cjs', 'json'],
  moduleNameMapper: {
    '\\.css$': 'identity-obj-proxy',
    // shared's webpack-only resource loader (require.context): the marketing tests need no shared namespace
    'locale-resources\\.webpack$': '<rootDir>/src/testing/locale-resources.cjs',
    // @mantine/core bundled into a chunk instead of the federated facade (scripts/webpack/vendor)
    '^@citable/mantine-bundled$': '@mantine/core',
  },
};
