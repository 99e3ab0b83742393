#!/usr/bin/env node
// Finds Chromium for Playwright: CHROMIUM_PATH, else /usr/bin/chromium (Debian package `chromium`).
// When missing and running as root on Debian/Ubuntu, installs it with apt-get; otherwise explains what to install.
import fs from 'node:fs';
import { spawnSync } from 'node:child_process';

const candidates = [process.env.CHROMIUM_PATH, '/usr/bin/chromium', '/usr/bin/chromium-browser'].filter(Boolean);
const found = () => candidates.find((p) => fs.existsSync(p));

let chromium = found();
if (!chromium) {
  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  const hasApt = spawnSync('sh', ['-c', 'command -v apt-get'], { stdio: 'ignore' }).status === 0;
  if (isRoot && hasApt) {
    console.log('Chromium not found: installing the Debian package "chromium" (apt-get)…');
    const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
    const update = spawnSync('apt-get', ['update'], { stdio: 'inherit', env });
    const install = update.status === 0 ? spawnSync('apt-get', ['install', '-y', '--no-install-recommends', 'chromium'], { stdio: 'inherit', env }) : update;
    if (install.status !== 0) {
      console.error('apt-get could not install chromium.');
      process.exit(1);
    }
    chromium = found();
  }
}
if (!chromium) {
  console.error(
    [
      'Chromium is required for the end-to-end tests and was not found.',
      'Install it, then run the tests again:',
      '  Debian/Ubuntu:  sudo apt-get update && sudo apt-get install -y chromium',
      'or point CHROMIUM_PATH at an existing Chromium/Chrome binary:',
      '  CHROMIUM_PATH=/path/to/chromium npm test',
    ].join('\n'),
  );
  process.exit(1);
}
console.log(`Chromium: ${chromium}`);
