// Issue 2: a remote ships a new version without rebuilding the shell. The marketing remote is
// rebuilt alone (into another directory, with a build marker) and only its server is restarted;
// then it is moved to another URL, which needs only a restart of the shell's server with another
// MARKETING_URL — the shell's dist is never rebuilt.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createRequire } from 'node:module';
import { test, expect } from '../fixtures';
import { ROOT, distOf, startAppServer, type AppServerHandle } from '../support/platform';

const require = createRequire(__filename);

test.describe('independent remote deployment', () => {
  test.describe.configure({ timeout: 300_000 });
  const MARKER = `redeploy-${Date.now().toString(36)}`;
  let newDist = '';
  const servers: AppServerHandle[] = [];

  test.beforeAll(async () => {
    test.setTimeout(300_000);
    newDist = fs.mkdtempSync(path.join(os.tmpdir(), 'citable-marketing-v2-'));
    // build ONLY the marketing remote, with a marker, into another directory
    execFileSync(
      process.execPath,
      [require.resolve('webpack-cli/bin/cli.js'), '--mode', 'production', '--output-path', newDist],
      { cwd: path.join(ROOT, 'marketing'), env: { ...process.env, CITABLE_BUILD_ID: MARKER }, stdio: 'pipe' },
    );
  });

  test.afterAll(async () => {
    await Promise.all(servers.map((s) => s.close()));
    if (newDist) fs.rmSync(newDist, { recursive: true, force: true });
  });

  test('the shell shows the new marketing build after restarting only the marketing server', async ({ page, platformUrls }) => {
    const shellDistBefore = fs.statSync(path.join(distOf('shell'), 'main.js')).mtimeMs;
    const v1 = await startAppServer({ app: 'marketing', distDir: distOf('marketing'), port: 0 });
    const shellEnv = {
      ...process.env,
      MARKETING_URL: v1.url,
      WORKSPACE_URL: platformUrls.workspace,
      REVIEWER_URL: platformUrls.reviewer,
    };
    const shell = await startAppServer({ app: 'shell', distDir: distOf('shell'), port: 0, env: shellEnv });
    servers.push(shell);

    const root = page.locator('[data-app="marketing"]');
    await page.goto(`${shell.url}/`);
    await expect(root).toBeVisible();
    expect(await root.getAttribute('data-build-id')).not.toBe(MARKER);

    // redeploy: stop the marketing server, start the new build on the same URL
    await v1.close();
    const v2 = await startAppServer({ app: 'marketing', distDir: newDist, port: v1.port });
    servers.push(v2);
    await page.goto(`${shell.url}/`);
    await expect(root).toHaveAttribute('data-build-id', MARKER);

    // move: the new build on another URL; only the shell server restarts, with another MARKETING_URL
    const moved = await startAppServer({ app: 'marketing', distDir: newDist, port: 0 });
    servers.push(moved);
    const shell2 = await startAppServer({
      app: 'shell',
      distDir: distOf('shell'),
      port: 0,
      env: { ...shellEnv, MARKETING_URL: moved.url },
    });
    servers.push(shell2);
    const config = (await (await page.request.get(`${shell2.url}/config.json`)).json()) as { remotes: { marketing: string } };
    expect(config.remotes.marketing).toBe(`${moved.url}/mf-manifest.json`);
    const fromMoved = page.waitForResponse((r) => r.url().startsWith(moved.url) && r.url().endsWith('mf-manifest.json'));
    await page.goto(`${shell2.url}/`);
    await fromMoved;
    await expect(root).toHaveAttribute('data-build-id', MARKER);

    // the shell was never rebuilt
    expect(fs.statSync(path.join(distOf('shell'), 'main.js')).mtimeMs).toBe(shellDistBefore);
  });
});
