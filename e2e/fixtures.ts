// Shared Playwright fixtures: every spec imports { test, expect } from here.
//   baseURL      → the shell started by global-setup (page.goto('/sites') works)
//   platformUrls → URLs of the four apps and the backend
//   consoleErrors → console errors/page errors of the test (ChunkLoadError is always fatal)
//   shell        → ShellPage page object
import { test as base, expect, type Page } from '@playwright/test';
import fs from 'node:fs';
import path from 'node:path';
import { ShellPage } from './pages/ShellPage';
import { ROOT } from './support/platform';

export interface PlatformUrls {
  shell: string;
  marketing: string;
  workspace: string;
  reviewer: string;
  supabase: string;
  anonKey: string;
  serviceRoleKey: string;
  mailbox: string;
}

function urls(): PlatformUrls {
  const shell = process.env.E2E_SHELL_URL;
  if (!shell) throw new Error('E2E_SHELL_URL is not set: run the tests with `npx playwright test` (global setup)');
  return {
    shell,
    marketing: process.env.E2E_MARKETING_URL ?? '',
    workspace: process.env.E2E_WORKSPACE_URL ?? '',
    reviewer: process.env.E2E_REVIEWER_URL ?? '',
    supabase: process.env.E2E_SUPABASE_URL ?? '',
    anonKey: process.env.E2E_ANON_KEY ?? '',
    serviceRoleKey: process.env.E2E_SERVICE_ROLE_KEY ?? '',
    mailbox: process.env.E2E_MAILBOX_URL ?? '',
  };
}

/** Saves full-page screenshots at 1440px and 375px wide under e2e/artifacts/. */
export async function saveScreenshots(page: Page, name: string) {
  const dir = path.join(ROOT, 'e2e', 'artifacts', 'screenshots');
  fs.mkdirSync(dir, { recursive: true });
  const original = page.viewportSize() ?? { width: 1440, height: 900 };
  for (const width of [1440, 375]) {
    await page.setViewportSize({ width, height: width === 375 ? 812 : 900 });
    await page.waitForTimeout(150);
    await page.screenshot({ path: path.join(dir, `${name}-${width}.png`), fullPage: true });
  }
  await page.setViewportSize(original);
}

export const test = base.extend<{ platformUrls: PlatformUrls; consoleErrors: string[]; shell: ShellPage }>({
  baseURL: async ({}, use) => use(urls().shell),
  platformUrls: async ({}, use) => use(urls()),
  consoleErrors: async ({ page }, use) => {
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(`pageerror: ${e.message}`));
    page.on('console', (m) => {
      if (m.type() === 'error') errors.push(m.text());
    });
    await use(errors);
    expect(errors.filter((e) => /ChunkLoadError|Loading chunk .* failed/.test(e)), 'no ChunkLoadError').toEqual([]);
  },
  shell: async ({ page }, use) => use(new ShellPage(page)),
});

export { expect };
