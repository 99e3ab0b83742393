// Build freshness (scripts/lib/build-state.mjs) and the stamped build (scripts/stamped-build.mjs), on a
// small copy of the repository's layout: an app, shared/, scripts/webpack and the lockfile, whose
// `npm run build` goes through the real stamped-build.mjs with a stand-in for webpack.
// (build-state.mjs is an ES module and this project runs CommonJS without transforms: it is called
// in a child node.)
const { execFileSync, spawn, spawnSync } = require('node:child_process');
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const { pathToFileURL } = require('node:url');

const SCRIPTS = path.resolve(__dirname, '..', '..');

// The stand-in build: writes dist/index.html and dist/remoteEntry.js; BUILD_FAIL=1 exits 1 after
// writing them (a prerender that fails after webpack), BUILD_EDIT=<file> appends to that source file
// while it runs, BUILD_HANG=1 waits to be interrupted.
const FAKE_BUILD = `
const fs = require('node:fs');
fs.mkdirSync('dist', { recursive: true });
fs.writeFileSync('dist/index.html', '<!doctype html>' + Date.now());
fs.writeFileSync('dist/remoteEntry.js', '// entry');
if (process.env.BUILD_EDIT) fs.appendFileSync(process.env.BUILD_EDIT, '\\n// edited during the build');
if (process.env.BUILD_HANG) { console.log('building'); setInterval(() => {}, 1000); }
else process.exit(process.env.BUILD_FAIL ? 1 : 0);
`;

let root;

function write(file, text) {
  fs.mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
  fs.writeFileSync(path.join(root, file), text);
}

function state(app = 'shell', env = {}) {
  const url = pathToFileURL(path.join(root, 'scripts/lib/build-state.mjs')).href;
  const code = `import { buildState } from ${JSON.stringify(url)}; console.log(JSON.stringify(buildState(${JSON.stringify(root)}, ${JSON.stringify(app)})));`;
  const out = execFileSync(process.execPath, ['--input-type=module', '-e', code], { env: { ...process.env, ...env }, encoding: 'utf8' });
  return JSON.parse(out);
}

/** `npm run build` in the app's folder, as `npm run build -w @citable/<app>` runs it. */
function build(app = 'shell', env = {}) {
  return spawnSync('npm', ['run', 'build'], { cwd: path.join(root, app), env: { ...process.env, ...env }, encoding: 'utf8' });
}

beforeEach(() => {
  root = fs.mkdtempSync(path.join(os.tmpdir(), 'citable-build-state-'));
  fs.mkdirSync(path.join(root, 'scripts/lib'), { recursive: true });
  fs.copyFileSync(path.join(SCRIPTS, 'lib/build-state.mjs'), path.join(root, 'scripts/lib/build-state.mjs'));
  fs.copyFileSync(path.join(SCRIPTS, 'stamped-build.mjs'), path.join(root, 'scripts/stamped-build.mjs'));
  write('scripts/webpack/create-config.cjs', 'module.exports = {};\n');
  write('package-lock.json', '{"lockfileVersion":3}\n');
  write('shared/package.json', '{"name":"@citable/shared"}\n');
  write('shared/src/index.ts', 'export const shared = 1;\n');
  for (const app of ['shell', 'reviewer']) {
    write(`${app}/package.json`, JSON.stringify({
      name: `@citable/${app}`,
      scripts: { build: 'node ../scripts/stamped-build.mjs build:dist', 'build:dist': 'node build.js' },
    }));
    write(`${app}/build.js`, FAKE_BUILD);
    write(`${app}/webpack.config.js`, 'module.exports = {};\n');
    write(`${app}/src/index.ts`, 'export const app = 1;\n');
    write(`${app}/src/app.test.ts`, 'test("x", () => {});\n');
    write(`${app}/public/index.html`, '<!doctype html>\n');
  }
});

afterEach(() => {
  fs.rmSync(root, { recursive: true, force: true });
});

describe('build freshness', () => {
  test('a host (no remoteEntry.js, like the shell) is fresh after a successful build', () => {
    expect(state().fresh).toBe(false);
    const result = build();
    expect(result.status).toBe(0);
    fs.rmSync(path.join(root, 'shell/dist/remoteEntry.js'));
    expect(state()).toMatchObject({ fresh: true });
    expect(JSON.parse(fs.readFileSync(path.join(root, 'shell/dist/.build-stamp'), 'utf8'))).toMatchObject({ app: 'shell' });
  });

  test('stays fresh when nothing changed, even if files were rewritten with the same bytes (a git checkout)', () => {
    expect(build().status).toBe(0);
    const later = new Date(Date.now() + 60_000);
    fs.utimesSync(path.join(root, 'shell/src/index.ts'), later, later);
    fs.writeFileSync(path.join(root, 'shared/src/index.ts'), 'export const shared = 1;\n');
    expect(state().fresh).toBe(true);
  });

  test('is stale after a source edit', () => {
    expect(build().status).toBe(0);
    fs.appendFileSync(path.join(root, 'shell/src/index.ts'), 'export const more = 2;\n');
    expect(state()).toMatchObject({ fresh: false, reason: expect.stringMatching(/sources changed/) });
  });

  test('is stale after a new source file', () => {
    expect(build().status).toBe(0);
    write('shell/src/new.ts', 'export {};\n');
    expect(state().fresh).toBe(false);
  });

  test('is stale after a config edit (the app’s webpack config, package.json, scripts/webpack, the lockfile)', () => {
    for (const file of ['shell/webpack.config.js', 'shell/package.json', 'scripts/webpack/create-config.cjs', 'package-lock.json']) {
      expect(build().status).toBe(0);
      expect(state().fresh).toBe(true);
      fs.appendFileSync(path.join(root, file), ' ');
      expect({ file, fresh: state().fresh }).toEqual({ file, fresh: false });
    }
  });

  test('is stale after an edit of the shared/ library, for every app', () => {
    expect(build('shell').status).toBe(0);
    expect(build('reviewer').status).toBe(0);
    fs.appendFileSync(path.join(root, 'shared/src/index.ts'), 'export const two = 2;\n');
    expect(state('shell').fresh).toBe(false);
    expect(state('reviewer').fresh).toBe(false);
  });

  test('an edit of another app does not make this one stale', () => {
    expect(build('shell').status).toBe(0);
    fs.appendFileSync(path.join(root, 'reviewer/src/index.ts'), 'export const two = 2;\n');
    expect(state('shell').fresh).toBe(true);
  });

  test('a test file is not an input (webpack never bundles it)', () => {
    expect(build().status).toBe(0);
    fs.appendFileSync(path.join(root, 'shell/src/app.test.ts'), 'test("y", () => {});\n');
    expect(state().fresh).toBe(true);
  });

  test('is stale when the stamp is missing (a dist/ built before stamps, or by webpack alone)', () => {
    expect(build().status).toBe(0);
    fs.rmSync(path.join(root, 'shell/dist/.build-stamp'));
    expect(state()).toMatchObject({ fresh: false, reason: expect.stringMatching(/no build stamp/) });
  });

  test('is stale when dist/index.html is missing', () => {
    expect(build().status).toBe(0);
    fs.rmSync(path.join(root, 'shell/dist/index.html'));
    expect(state().fresh).toBe(false);
  });

  test('is stale after a failed build, even of unchanged sources over a good build', () => {
    expect(build().status).toBe(0);
    expect(state().fresh).toBe(true);
    const failed = build('shell', { BUILD_FAIL: '1' });
    expect(failed.status).not.toBe(0);
    expect(failed.stderr).toMatch(/no build stamp written/);
    // dist/ now holds the failed build's files: never taken as fresh
    expect(state()).toMatchObject({ fresh: false, reason: expect.stringMatching(/no build stamp/) });
    expect(build().status).toBe(0);
    expect(state().fresh).toBe(true);
  });

  test('is stale after an interrupted build', async () => {
    expect(build().status).toBe(0);
    const child = spawn('npm', ['run', 'build'], { cwd: path.join(root, 'shell'), env: { ...process.env, BUILD_HANG: '1' }, stdio: ['ignore', 'pipe', 'pipe'], detached: true });
    await new Promise((resolve) => child.stdout.on('data', (chunk) => String(chunk).includes('building') && resolve()));
    process.kill(-child.pid, 'SIGINT'); // Ctrl-C: the terminal's whole process group
    const code = await new Promise((resolve) => child.once('exit', (c, signal) => resolve(c ?? signal)));
    expect(code).not.toBe(0);
    expect(state().fresh).toBe(false);
  });

  test('is stale when a source was edited while the build ran', () => {
    const result = build('shell', { BUILD_EDIT: path.join(root, 'shell/src/index.ts') });
    expect(result.status).toBe(0);
    expect(state().fresh).toBe(false);
  });

  test('is stale when the build id baked into the bundle changes', () => {
    expect(build('shell', { CITABLE_BUILD_ID: 'a' }).status).toBe(0);
    expect(state('shell', { CITABLE_BUILD_ID: 'a' }).fresh).toBe(true);
    expect(state('shell', { CITABLE_BUILD_ID: 'b' }).fresh).toBe(false);
  });
});
