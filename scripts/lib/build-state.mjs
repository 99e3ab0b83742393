// Decides whether an app's dist/ is older than its sources (npm start builds only what is stale).
import fs from 'node:fs';
import path from 'node:path';

const SKIP = new Set(['node_modules', 'dist', '.data', 'coverage', 'test-results']);

function newestMtime(target) {
  let newest = 0;
  let stat;
  try {
    stat = fs.statSync(target);
  } catch {
    return 0;
  }
  if (stat.isFile()) return stat.mtimeMs;
  for (const name of fs.readdirSync(target)) {
    if (SKIP.has(name)) continue;
    newest = Math.max(newest, newestMtime(path.join(target, name)));
  }
  return newest;
}

/** Sources that end up in an app's build. */
export function buildInputs(root, app) {
  return [
    path.join(root, app, 'src'),
    path.join(root, app, 'public'),
    path.join(root, app, 'webpack.config.js'),
    path.join(root, app, 'package.json'),
    path.join(root, app, 'scripts'),
    path.join(root, 'shared', 'src'),
    path.join(root, 'shared', 'package.json'),
    path.join(root, 'scripts', 'webpack'),
    path.join(root, 'package-lock.json'),
  ];
}

/** true when dist/index.html and dist/remoteEntry.js exist and are newer than every input. */
export function isBuildFresh(root, app) {
  const dist = path.join(root, app, 'dist');
  const marker = path.join(dist, 'remoteEntry.js');
  if (!fs.existsSync(path.join(dist, 'index.html')) || !fs.existsSync(marker)) return false;
  const builtAt = fs.statSync(marker).mtimeMs;
  return buildInputs(root, app).every((input) => newestMtime(input) <= builtAt);
}
