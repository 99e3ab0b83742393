import { expect, type Locator, type Page } from '@playwright/test';

/** The shell around every screen: header, remote areas, error panel, not-found screen. */
export class ShellPage {
  readonly header: Locator;
  readonly notFound: Locator;

  constructor(readonly page: Page) {
    this.header = page.locator('header').first();
    this.notFound = page.getByTestId('not-found');
  }

  async goto(path: string) {
    await this.page.goto(path);
  }

  /** The area where a remote renders (present once its module is loaded). */
  remoteRoot(remote: 'marketing' | 'workspace' | 'reviewer'): Locator {
    return this.page.locator(`[data-remote-root="${remote}"]`);
  }

  remoteError(remote: 'marketing' | 'workspace' | 'reviewer'): Locator {
    return this.page.locator(`[data-testid="remote-error"][data-remote="${remote}"]`);
  }

  async expectHeader() {
    await expect(this.header).toBeVisible();
    await expect(this.header.getByRole('link', { name: /Citable/ }).first()).toBeVisible();
  }

  /** Reads the shared-singleton probe recorded by the shell and each loaded remote. */
  async sharedIdentity(remote: string) {
    return this.page.evaluate((name) => {
      const w = window as unknown as {
        __citable?: { sharedInstanceId?: unknown; authStore?: unknown; apps: Record<string, Record<string, unknown>> };
      };
      const c = w.__citable;
      const r = c?.apps[name];
      const s = c?.apps.shell;
      if (!c || !r || !s) return null;
      return {
        hasInstanceId: typeof c.sharedInstanceId === 'string',
        sameInstanceId: r.sharedInstanceId === c.sharedInstanceId,
        hasAuthStore: c.authStore !== undefined,
        sameAuthStore: r.authStore === c.authStore,
        sameSupabaseLoader: r.loadSupabase === s.loadSupabase,
        sameI18n: r.i18n === s.i18n,
        sameReact: r.react === s.react,
      };
    }, remote);
  }
}
