// Decides whether an app's dist/ was built from its current sources (npm start and npm test build only
// what is stale).
//
// The rule: an app's build is fresh when dist/.build-stamp exists and holds the digest of the app's
// build inputs as they are now. The stamp is written by scripts/stamped-build.mjs (each app's
// `npm run build`): it removes the old stamp, digests the inputs, runs the build and writes the stamp
// only when every step of the build succeeded. A failed or interrupted build therefore leaves no stamp
// (stale), and a source edited while the build ran leaves a stamp of the sources before the edit (stale).
//
// The digest hashes the inputs' contents (sha256 of each file's path and bytes), not their mtimes: the
// ~250 files (~2 MB) of an app take a few milliseconds to read, and contents do not go stale when git
// rewrites a file with the same bytes (checkout back and forth, stash, rebase) or when a tool keeps an
// old mtime. Test files are left out (webpack never bundles them).
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

export const STAMP_FILE = '.build-stamp';
const STAMP_VERSION = 1;

const SKIP_DIRS = new Set(['node_modules', 'dist', '.data', 'coverage', 'test-results', '__tests__']);
const isTestFile = (name) => /\.(test|spec)\.[cm]?[jt]sx?$/.test(name);
/** Environment variables the build bakes into its output (scripts/webpack/create-config.cjs). */
const BUILD_ENV = ['CITABLE_BUILD_ID'];

/** Sources that end up in an app's build (files or folders; missing ones are allowed). */
export function buildInputs(root, app) {
  return [
    path.join(root, app, 'src'),
    path.join(root, app, 'public'),
    path.join(root, app, 'prerender'),
    path.join(root, app, 'scripts'),
    path.join(root, app, 'webpack.config.js'),
    path.join(root, app, 'tsconfig.json'),
    path.join(root, app, 'package.json'),
    path.join(root, 'shared', 'src'),
    path.join(root, 'shared', 'package.json'),
    path.join(root, 'scripts', 'webpack'),
    path.join(root, 'package-lock.json'),
  ];
}

function listFiles(target, out) {
  let stat;
  try {
    stat = fs.statSync(target);
  } catch {
    return out;
  }
  if (stat.isFile()) {
    out.push(target);
    return out;
  }
  if (!stat.isDirectory()) return out;
  for (const entry of fs.readdirSync(target, { withFileTypes: true })) {
    if (entry.isDirectory() ? SKIP_DIRS.has(entry.name) : isTestFile(entry.name)) continue;
    listFiles(path.join(target, entry.name), out);
  }
  return out;
}

/** The input files of an app's build, relative to root, sorted. */
export function inputFiles(root, app) {
  const files = [];
  for (const input of buildInputs(root, app)) listFiles(input, files);
  return [...new Set(files.map((file) => path.relative(root, file).split(path.sep).join('/')))].sort();
}

/** sha256 of the app's input files (paths and contents) and of the build's environment variables. */
export function inputsDigest(root, app, env = process.env) {
  const hash = crypto.createHash('sha256');
  hash.update(`citable-build ${STAMP_VERSION} ${app}\0`);
  for (const name of BUILD_ENV) hash.update(`env ${name}=${env[name] ?? ''}\0`);
  for (const file of inputFiles(root, app)) {
    hash.update(`file ${file}\0`);
    hash.update(crypto.createHash('sha256').update(fs.readFileSync(path.join(root, file))).digest());
  }
  return hash.digest('hex');
}

export const stampPath = (root, app) => path.join(root, app, 'dist', STAMP_FILE);

/** The stamp of the app's last successful build, or null. */
export function readStamp(root, app) {
  try {
    const stamp = JSON.parse(fs.readFileSync(stampPath(root, app), 'utf8'));
    return stamp && stamp.version === STAMP_VERSION && typeof stamp.digest === 'string' ? stamp : null;
  } catch {
    return null;
  }
}

export function removeStamp(root, app) {
  fs.rmSync(stampPath(root, app), { force: true });
}

/** Records that dist/ holds a complete build of the inputs whose digest is `digest` (atomic rename). */
export function writeStamp(root, app, digest) {
  const file = stampPath(root, app);
  const tmp = `${file}.${process.pid}.tmp`;
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(tmp, `${JSON.stringify({ version: STAMP_VERSION, app, digest, builtAt: new Date().toISOString() })}\n`);
  fs.renameSync(tmp, file);
}

/** { fresh, reason }: why the app needs a build (no stamp, no index.html, inputs changed) or not. */
export function buildState(root, app, env = process.env) {
  const stamp = readStamp(root, app);
  if (!stamp) return { fresh: false, reason: 'no build stamp (never built, or the last build failed or was interrupted)' };
  if (!fs.existsSync(path.join(root, app, 'dist', 'index.html'))) return { fresh: false, reason: 'dist/index.html is missing' };
  if (stamp.digest !== inputsDigest(root, app, env)) return { fresh: false, reason: 'its sources changed since the last build' };
  return { fresh: true, reason: `built ${stamp.builtAt} from the current sources` };
}

/** true when dist/ holds a complete build of the app's current inputs. */
export function isBuildFresh(root, app, env = process.env) {
  return buildState(root, app, env).fresh;
}
