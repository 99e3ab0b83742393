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

/**
 * Before a screenshot: at the top, nothing focused or hovered (a full-page image taken scrolled draws
 * the fixed header mid-page). At 375 px the page must not be wider than the phone: the elements
 * that stick out are named when it is.
 */
export async function settleForScreenshot(page: Page) {
  await page.mouse.move(0, 0);
  await page.evaluate(() => {
    (document.activeElement as HTMLElement | null)?.blur?.();
    window.scrollTo(0, 0);
  });
  const width = page.viewportSize()?.width ?? 0;
  if (width > 400) return;
  const wider = await page.evaluate(() => {
    const limit = window.innerWidth + 1;
    if (document.documentElement.scrollWidth <= limit) return [];
    return [...document.querySelectorAll('body *')]
      .filter((el) => el.getBoundingClientRect().right > limit && getComputedStyle(el).position !== 'fixed')
      .slice(0, 5)
      .map((el) => `${el.tagName.toLowerCase()}.${[...el.classList].join('.')} right=${Math.round(el.getBoundingClientRect().right)}`);
  });
  expect(wider, `the page is wider than ${width} px`).toEqual([]);
}

/**
 * Saves full-page screenshots at 1440px and 375px wide under e2e/artifacts/<folder> (screenshots by
 * default). settle: each one taken as settleForScreenshot leaves the page, which also fails when the
 * 375 px page is wider than the phone.
 */
export async function saveScreenshots(page: Page, name: string, options: { folder?: string; settle?: boolean } = {}) {
  const dir = path.join(ROOT, 'e2e', 'artifacts', options.folder ?? 'screenshots');
  fs.mkdirSync(dir, { recursive: true });
  const original = page.viewportSize() ?? { width: 1440, height: 900 };
  for (const width of [1440, 375]) {
    await page.setViewportSize({ width, height: width === 375 ? 812 : 900 });
    await page.waitForTimeout(options.settle ? 250 : 150);
    if (options.settle) await settleForScreenshot(page);
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
