// Playwright end-to-end tests in Chromium against the built apps and a real backend,
// all started on free ports by e2e/global-setup.ts (run `npm run build` first; `npm test` does).
import { defineConfig } from '@playwright/test';
import { chromiumExecutable, CHROMIUM_ARGS } from './e2e/chromium';

export default defineConfig({
  testDir: './e2e/tests',
  outputDir: process.env.PLAYWRIGHT_OUTPUT_DIR ?? './test-results',
  globalSetup: './e2e/global-setup.ts',
  // 2 shared cores: one worker keeps the suite stable
  workers: 1,
  fullyParallel: false,
  retries: process.env.CI ? 1 : 0,
  timeout: 60_000,
  expect: { timeout: 15_000 },
  reporter: [['list'], ['html', { outputFolder: 'playwright-report', open: 'never' }]],
  use: {
    browserName: 'chromium',
    locale: 'en-US',
    viewport: { width: 1440, height: 900 },
    launchOptions: { executablePath: chromiumExecutable(), args: CHROMIUM_ARGS },
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    actionTimeout: 15_000,
    navigationTimeout: 30_000,
  },
});
