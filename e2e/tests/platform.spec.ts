// Issue 2: the shell hosts the three remotes, routes to them, shows not-found, shares singletons.
import { test, expect, saveScreenshots } from '../fixtures';

const VERSION_ID = '7d0c3a2e-5b7f-4e8e-9d51-2c1f0a6b9e42';

test.describe('platform shell and remotes', () => {
  test('/ renders the marketing remote inside the shell layout', async ({ page, shell, consoleErrors }) => {
    await shell.goto('/');
    await shell.expectHeader();
    await expect(shell.remoteRoot('marketing')).toBeVisible();
    // real content from the remote (not the loading state or an error panel)
    await expect(shell.remoteRoot('marketing').locator('h1, h2').first()).toBeVisible();
    await expect(page.getByTestId('remote-error')).toHaveCount(0);
    await saveScreenshots(page, 'platform-home');
    expect(consoleErrors.filter((e) => /federation|remote/i.test(e))).toEqual([]);
  });

  test('/view/:versionId loads the reviewer remote outside the protected group, without the public header', async ({ page, shell }) => {
    await shell.goto(`/view/${VERSION_ID}`);
    await expect(shell.remoteRoot('reviewer')).toBeVisible();
    // the client's page is the site's (issue 30): no Citable header, no sign-in buttons
    await expect(page.getByTestId('bare-layout')).toBeVisible();
    await expect(page.getByRole('banner')).toHaveCount(0);
    await expect(page).toHaveURL(new RegExp(`/view/${VERSION_ID}$`));
    await saveScreenshots(page, 'platform-view');
  });

  test('/sites loads the workspace remote, or the guard sends a guest to /auth', async ({ page, shell }) => {
    await shell.goto('/sites');
    await shell.expectHeader();
    await page.waitForURL(/\/(sites|auth)(\?|$)/);
    if (new URL(page.url()).pathname === '/auth') {
      await expect(page.getByRole('tab').first()).toBeVisible();
    } else {
      await expect(shell.remoteRoot('workspace')).toBeVisible();
    }
  });

  test('an unknown path shows the not-found screen and Return to Home works', async ({ page, shell }) => {
    await shell.goto('/this/path/does-not-exist');
    await expect(page.getByRole('heading', { name: 'Oops! Page not found' })).toBeVisible();
    await shell.expectHeader();
    await saveScreenshots(page, 'platform-not-found');
    await page.getByRole('link', { name: 'Return to Home' }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(shell.remoteRoot('marketing')).toBeVisible();
  });

  test('the not-found screen is translated to French', async ({ browser, platformUrls }) => {
    const context = await browser.newContext({ locale: 'fr-FR' });
    const page = await context.newPage();
    await page.goto(`${platformUrls.shell}/nope`);
    await expect(page.getByRole('heading', { name: 'Oups ! Page introuvable' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Retour à l’accueil' })).toBeVisible();
    await context.close();
  });

  test('/login and /signup redirect to /auth', async ({ page }) => {
    await page.goto('/login');
    await expect(page).toHaveURL(/\/auth$/);
    await page.goto('/signup');
    await expect(page).toHaveURL(/\/auth$/);
  });

  test('@citable/shared is one instance: shell and remotes see the same objects', async ({ page, shell }) => {
    await shell.goto(`/view/${VERSION_ID}`);
    await expect(shell.remoteRoot('reviewer')).toBeVisible();
    await page.getByRole('link', { name: /Citable/ }).first().click();
    await expect(shell.remoteRoot('marketing')).toBeVisible();
    for (const remote of ['reviewer', 'marketing']) {
      const identity = await shell.sharedIdentity(remote);
      expect(identity, `${remote} recorded its view of @citable/shared`).not.toBeNull();
      expect(identity).toEqual({
        hasInstanceId: true,
        sameInstanceId: true,
        hasAuthStore: true,
        sameAuthStore: true,
        sameSupabaseLoader: true,
        sameI18n: true,
        sameReact: true,
      });
    }
  });

  test('react, react-dom, the library facades and the federation runtime are downloaded once, from one origin', async ({ page, shell, platformUrls }) => {
    const downloaded: string[] = [];
    page.on('response', (r) => {
      if (r.url().endsWith('.js')) downloaded.push(r.url());
    });
    await shell.goto('/');
    await expect(shell.remoteRoot('marketing')).toBeVisible();
    await page.goto(`/view/${VERSION_ID}`);
    await expect(shell.remoteRoot('reviewer')).toBeVisible();

    // which chunks hold react / react-dom, per app, from each app's federation manifest
    type Manifest = { shared: { name: string; assets: { js: { sync: string[]; async: string[] } } }[] };
    const origins = { shell: platformUrls.shell, marketing: platformUrls.marketing, reviewer: platformUrls.reviewer };
    for (const lib of ['react', 'react-dom', '@mantine/core', 'react-router-dom', 'react-i18next']) {
      const fetchedFrom = new Set<string>();
      for (const [app, origin] of Object.entries(origins)) {
        const manifest = (await (await page.request.get(`${origin}/mf-manifest.json`)).json()) as Manifest;
        const entry = manifest.shared.find((s) => s.name === lib);
        // the signed-in remotes bundle Mantine and react-i18next (only their state modules are shared)
        const isBundled = (lib === '@mantine/core' || lib === 'react-i18next') && app === 'reviewer';
        expect(Boolean(entry), `${app} ${isBundled ? 'bundles' : 'shares'} ${lib}`).toBe(!isBundled);
        if (!entry) continue;
        const files = [...entry!.assets.js.sync, ...entry!.assets.js.async];
        if (downloaded.some((url) => url.startsWith(origin) && files.some((f) => url.endsWith(`/${f}`)))) fetchedFrom.add(app);
      }
      expect([...fetchedFrom], `${lib} downloaded from exactly one app`).toHaveLength(1);
    }
    // and exactly one copy of react-dom's client code and of the federation runtime-core (the
    // remotes use the shell's: experiments.externalRuntime) was downloaded
    const copies = await page.evaluate(async (urls) => {
      const found = { reactDom: [] as string[], federationRuntime: [] as string[] };
      for (const url of urls) {
        const text = await (await fetch(url)).text();
        if (text.includes('__reactContainer$')) found.reactDom.push(url);
        // a hook name of runtime-core's ModuleFederation class
        if (text.includes('beforeInitContainer')) found.federationRuntime.push(url);
      }
      return found;
    }, [...new Set(downloaded)]);
    expect(copies.reactDom).toHaveLength(1);
    expect(copies.federationRuntime).toEqual([`${platformUrls.shell}/main.js`]);
  });

  test('a remote runs standalone, deep links included', async ({ page, platformUrls, consoleErrors }) => {
    await page.goto(`${platformUrls.reviewer}/view/${VERSION_ID}`);
    await expect(page.getByText(VERSION_ID).first()).toBeVisible();
    await page.goto(`${platformUrls.marketing}/`);
    await expect(page.locator('h1').first()).toBeVisible();
    expect(consoleErrors.filter((e) => /federation|remote|ChunkLoadError|MIME/i.test(e))).toEqual([]);
  });
});
