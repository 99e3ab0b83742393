// Issue 12: a remote ships a real change without the shell. Two releases of the workspace are built
// from changed copies of its sources (e2e/support/remote-build.ts) and served next to the UNREBUILT
// shell dist:
// - v2 adds a route with Mantine components the shell has never loaded (Table, Slider, Dropzone from
//   @mantine/dropzone) and router hooks the shell never imports (useSearchParams, useMatch): it works;
// - v3 is built against a @citable/shared whose export list differs (a new function it calls): it is
//   refused at load, and the shell shows the error panel in its place — never a TypeError at render.
import fs from 'node:fs';
import path from 'node:path';
import { createRequire } from 'node:module';
import { test, expect, type PlatformUrls } from '../fixtures';
import { distOf, startAppServer, type AppServerHandle } from '../support/platform';
import { buildRemote, copyRemote, type RemoteBuild } from '../support/remote-build';
import { createConfirmedUser, signIn } from '../support/users';

const require = createRequire(__filename);
const { exposes } = require('../../workspace/webpack.config.js') as { exposes: Record<string, string> };

const PROBE = `
import '@mantine/dropzone/styles.css';
import { Button, Slider, Stack, Table, Text } from '@mantine/core';
import { Dropzone } from '@mantine/dropzone';
import { useMatch, useSearchParams } from 'react-router-dom';

export function ReleaseProbe() {
  const [params, setParams] = useSearchParams();
  const match = useMatch('/tone-articles/:probe');
  return (
    <Stack p="md" data-testid="release-probe">
      <Text data-testid="probe-match">{match?.params.probe}</Text>
      <Text data-testid="probe-param">{params.get('tab') ?? 'none'}</Text>
      <Button onClick={() => setParams({ tab: 'keywords' })}>Set tab</Button>
      <Table data-testid="probe-table">
        <Table.Thead><Table.Tr><Table.Th>Keyword</Table.Th><Table.Th>Position</Table.Th></Table.Tr></Table.Thead>
        <Table.Tbody><Table.Tr><Table.Td>seo ia</Table.Td><Table.Td>3</Table.Td></Table.Tr></Table.Tbody>
      </Table>
      <Slider thumbLabel="Probe slider" defaultValue={40} />
      <Dropzone onDrop={() => undefined} data-testid="probe-dropzone"><Text>Drop a file</Text></Dropzone>
    </Stack>
  );
}
`;

test.describe('a remote released alone next to an unrebuilt shell', () => {
  test.describe.configure({ timeout: 600_000 });
  const MARKER = `release-${Date.now().toString(36)}`;
  let v2: RemoteBuild;
  let v3: RemoteBuild;
  const servers: AppServerHandle[] = [];
  const spare = (process.env.E2E_SPARE_PORTS ?? '').split(',').map(Number);

  test.beforeAll(async () => {
    test.setTimeout(600_000);
    // v2: a new route, new Mantine components, new router hooks
    const copy2 = copyRemote('workspace');
    copy2.edit('src/app/ReleaseProbe.tsx', () => PROBE);
    copy2.edit('src/app/WorkspaceRoutes.tsx', (text) =>
      `import { ReleaseProbe } from './ReleaseProbe';\n${text.replace(
        '<Route path="*"',
        '<Route path="/tone-articles/release-probe" element={<ReleaseProbe />} />\n        <Route path="*"',
      )}`,
    );
    // v3: built against a @citable/shared that exports one more function, which it calls at load
    const copy3 = copyRemote('workspace', { withSharedLibrary: true });
    const sharedIndex = path.join(copy3.sharedLibraryDir!, 'src', 'index.ts');
    fs.appendFileSync(sharedIndex, "\nexport const releaseProbe = () => 'v3';\n");
    copy3.edit('src/exposes/WorkspaceApp.tsx', (text) => `import { releaseProbe } from '@citable/shared';\n${text}\nreleaseProbe();\n`);

    [v2, v3] = await Promise.all([
      buildRemote('workspace', copy2.dir, { exposes, buildId: MARKER }),
      buildRemote('workspace', copy3.dir, { exposes, buildId: `${MARKER}-v3`, sharedLibraryDir: copy3.sharedLibraryDir }),
    ]);
  });

  test.afterAll(async () => {
    await Promise.all(servers.map((s) => s.close()));
    for (const build of [v2, v3]) if (build) fs.rmSync(build.dir, { recursive: true, force: true });
  });

  async function shellWith(workspaceDist: string, port: number, platformUrls: Pick<PlatformUrls, 'marketing' | 'reviewer'>) {
    const workspace = await startAppServer({ app: 'workspace', distDir: workspaceDist, port: 0 });
    servers.push(workspace);
    const shell = await startAppServer({
      app: 'shell',
      distDir: distOf('shell'),
      port,
      host: '127.0.0.1',
      env: {
        ...process.env,
        SUPABASE_URL: process.env.E2E_SUPABASE_URL,
        SUPABASE_ANON_KEY: process.env.E2E_ANON_KEY,
        MARKETING_URL: platformUrls.marketing,
        REVIEWER_URL: platformUrls.reviewer,
        WORKSPACE_URL: workspace.url,
      },
    });
    servers.push(shell);
    return shell;
  }

  test('a new screen with new Mantine components and router hooks works without a shell release', async ({ page, request, platformUrls }) => {
    const shellMainBefore = fs.statSync(path.join(distOf('shell'), 'main.js')).mtimeMs;
    const pageErrors: string[] = [];
    page.on('pageerror', (error) => pageErrors.push(error.message));
    const shell = await shellWith(v2.dist, spare[0], platformUrls);
    await signIn(page, await createConfirmedUser(request, 'release'), shell.url);

    await page.goto(`${shell.url}/tone-articles/release-probe`);
    const probe = page.getByTestId('release-probe');
    await expect(probe).toBeVisible();
    await expect(page.locator('[data-app="workspace"]')).toHaveAttribute('data-build-id', MARKER);
    await expect(page.getByTestId('probe-match')).toHaveText('release-probe');
    await expect(probe.getByRole('table')).toContainText('seo ia');
    await expect(probe.getByRole('slider', { name: 'Probe slider' })).toHaveAttribute('aria-valuenow', '40');
    await probe.getByRole('slider', { name: 'Probe slider' }).focus();
    await page.keyboard.press('ArrowRight');
    await expect(probe.getByRole('slider', { name: 'Probe slider' })).toHaveAttribute('aria-valuenow', '41');
    await expect(page.getByTestId('probe-dropzone').locator('input[type="file"]')).toHaveCount(1);
    await probe.getByRole('button', { name: 'Set tab' }).click();
    await expect(page).toHaveURL(/\?tab=keywords$/);
    await expect(page.getByTestId('probe-param')).toHaveText('keywords');
    // the shell's chrome is still the shell's, and the other workspace screens still route
    await expect(page.getByTestId('sidebar').first()).toBeVisible();
    await page.getByTestId('sidebar').first().getByRole('link', { name: 'Sites' }).click();
    await expect(page).toHaveURL(/\/sites$/);
    await expect(page.getByTestId('workspace-app')).toBeVisible();

    expect(pageErrors).toEqual([]);
    expect(fs.statSync(path.join(distOf('shell'), 'main.js')).mtimeMs).toBe(shellMainBefore);
  });

  test('a release built against another @citable/shared export list is refused with the error panel', async ({ page, request, platformUrls }) => {
    const pageErrors: string[] = [];
    page.on('pageerror', (error) => pageErrors.push(error.message));
    const shell = await shellWith(v3.dist, spare[1], platformUrls);
    await signIn(page, await createConfirmedUser(request, 'refused'), shell.url);

    await page.goto(`${shell.url}/tone-articles`);
    const panel = page.locator('[data-testid="remote-error"][data-remote="workspace"]');
    await expect(panel).toBeVisible();
    await panel.locator('summary').click();
    await expect(panel).toContainText('@citable/shared');
    // the shell around it keeps working
    await expect(page.getByTestId('sidebar').first()).toBeVisible();
    await page.getByRole('link', { name: 'Profile' }).first().click();
    await expect(page).toHaveURL(/\/profile$/);
    expect(pageErrors.filter((m) => /TypeError|is not a function/.test(m))).toEqual([]);
  });
});
