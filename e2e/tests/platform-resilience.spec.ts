// Issue 2: a remote that cannot be loaded gives an error panel (not a blank page) inside the shell
// layout; the header and other routes keep working; Retry recovers once the remote is back.
// This spec starts its own shell + marketing servers so that stopping marketing affects no other test.
import { test, expect, saveScreenshots } from '../fixtures';
import { distOf, startAppServer, type AppServerHandle } from '../support/platform';

test.describe('remote failure and recovery', () => {
  let marketing: AppServerHandle | null = null;
  let shellServer: AppServerHandle | null = null;
  let marketingPort = 0;

  test.beforeAll(async ({ platformUrls }) => {
    marketing = await startAppServer({ app: 'marketing', distDir: distOf('marketing'), port: 0 });
    marketingPort = marketing.port;
    shellServer = await startAppServer({
      app: 'shell',
      distDir: distOf('shell'),
      port: 0,
      env: {
        ...process.env,
        MARKETING_URL: marketing.url,
        WORKSPACE_URL: platformUrls.workspace,
        REVIEWER_URL: platformUrls.reviewer,
        SUPABASE_URL: platformUrls.supabase || undefined,
        SUPABASE_ANON_KEY: platformUrls.anonKey || undefined,
      },
    });
  });

  test.afterAll(async () => {
    await marketing?.close();
    await shellServer?.close();
  });

  test('stopping marketing shows the error panel with Retry; retry recovers after restart', async ({ page, shell }) => {
    const base = shellServer!.url;
    await page.goto(`${base}/`);
    await expect(shell.remoteRoot('marketing')).toBeVisible();

    // stop the marketing remote's server, then open the app fresh
    await marketing!.close();
    await page.goto(`${base}/`);
    const panel = shell.remoteError('marketing');
    await expect(panel).toBeVisible();
    await expect(panel).toContainText('marketing');
    await shell.expectHeader();
    await saveScreenshots(page, 'platform-remote-down');

    // the rest keeps working: client-side navigation to the reviewer remote
    await page.evaluate((to) => {
      window.history.pushState({}, '', to);
      window.dispatchEvent(new PopStateEvent('popstate'));
    }, '/view/7d0c3a2e-5b7f-4e8e-9d51-2c1f0a6b9e42');
    await expect(shell.remoteRoot('reviewer')).toBeVisible();
    // /view is the client's page: the shell's bare layout, no public header (issue 30)
    await expect(page.getByTestId('bare-layout')).toBeVisible();

    // back to the failing route: still the panel, Retry while down keeps the panel
    await page.goBack();
    await expect(panel).toBeVisible();
    await panel.getByRole('button', { name: 'Retry' }).click();
    await expect(panel).toBeVisible();

    // restart marketing on the same port; Retry recovers without reloading the page
    marketing = await startAppServer({ app: 'marketing', distDir: distOf('marketing'), port: marketingPort });
    await panel.getByRole('button', { name: 'Retry' }).click();
    await expect(shell.remoteRoot('marketing')).toBeVisible();
    await expect(shell.remoteError('marketing')).toHaveCount(0);
  });
});
