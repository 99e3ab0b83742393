// Builds another release of a remote from a changed copy of its sources, in a temporary folder,
// with the platform's own webpack configuration (scripts/webpack/create-config.cjs): what a remote
// team releases alone. Nothing in the repository is changed or rebuilt.
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { ROOT } from './platform';

const run = promisify(execFile);

/** Where the copies are built (git-ignored, removed by the tests that make them). */
export const RELEASE_BUILDS = path.join(ROOT, 'e2e', '.release-builds');

export interface RemoteBuild {
  dir: string;
  dist: string;
}

/** A copy of `<app>/src` and `<app>/public` (and of `shared/` when asked) to change before building. */
export function copyRemote(app: 'workspace' | 'reviewer', { withSharedLibrary = false } = {}) {
  // inside the repository (git-ignored): module federation's build resolves its runtime from the
  // project's folders, and a copy under /tmp fails with "Cannot fulfil chunk condition of external
  // global _FEDERATION_RUNTIME_CORE"
  fs.mkdirSync(RELEASE_BUILDS, { recursive: true });
  const dir = fs.mkdtempSync(path.join(RELEASE_BUILDS, `${app}-`));
  for (const part of ['src', 'public']) fs.cpSync(path.join(ROOT, app, part), path.join(dir, part), { recursive: true });
  let sharedLibraryDir: string | undefined;
  if (withSharedLibrary) {
    sharedLibraryDir = path.join(dir, 'shared-library');
    fs.cpSync(path.join(ROOT, 'shared'), sharedLibraryDir, {
      recursive: true,
      filter: (src) => !src.split(path.sep).includes('node_modules'),
    });
  }
  /** Changes one file of the copy; `anchor` must be found (the test would prove nothing otherwise). */
  const edit = (file: string, change: (text: string) => string) => {
    const full = path.join(dir, file);
    const before = fs.existsSync(full) ? fs.readFileSync(full, 'utf8') : '';
    const after = change(before);
    if (after === before) throw new Error(`copyRemote: ${file} unchanged`);
    fs.mkdirSync(path.dirname(full), { recursive: true });
    fs.writeFileSync(full, after);
  };
  return { dir, sharedLibraryDir, edit };
}

/** Builds the copy in production mode, as `npm run build -w @citable/<app>` would build the original. */
export async function buildRemote(
  app: 'workspace' | 'reviewer',
  dir: string,
  { exposes, buildId, sharedLibraryDir }: { exposes: Record<string, string>; buildId: string; sharedLibraryDir?: string },
): Promise<RemoteBuild> {
  const config = path.join(dir, 'webpack.config.cjs');
  fs.writeFileSync(
    config,
    `const { createAppConfig } = require(${JSON.stringify(path.join(ROOT, 'scripts/webpack/create-config.cjs'))});
module.exports = createAppConfig(${JSON.stringify({ appDir: dir, name: app, title: `${app} (release test)`, exposes, sharedLibraryDir })});
`,
  );
  await run(process.execPath, [require.resolve('webpack-cli/bin/cli.js'), '--config', config, '--mode', 'production'], {
    cwd: dir,
    env: { ...process.env, CITABLE_BUILD_ID: buildId },
    maxBuffer: 32 * 1024 * 1024,
  });
  return { dir, dist: path.join(dir, 'dist') };
}
