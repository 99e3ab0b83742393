#!/usr/bin/env node
// npm run bench:setup [-- --runs 3]: the cold set-up of a fresh clone, as a newcomer lives it.
// Each run clones this repository's HEAD into a temporary folder, times `npm ci`, then `npm start`
// until the shell answers at its URL (every port chosen free, so a running platform is not
// disturbed), stops it, and times a second `npm start` (which should build nothing). Prints each
// run with the load average, then the median and spread. npm's cache (~/.npm) is used as a second
// clone on the same machine would use it. Results and method: scripts/SETUP-RESULTS.md.
import { spawn, execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const runsArg = process.argv.indexOf('--runs');
const RUNS = runsArg > 0 ? Number(process.argv[runsArg + 1]) : 3;
const START_TIMEOUT_MS = 10 * 60_000;

const load = () => os.loadavg()[0].toFixed(1);
const seconds = (ms) => (ms / 1000).toFixed(1);

/** Runs a command to its end; resolves with its wall time in ms, rejects on a non-zero exit. */
function timed(command, args, cwd) {
  const started = performance.now();
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { cwd, stdio: ['ignore', 'ignore', 'pipe'] });
    let stderr = '';
    child.stderr.on('data', (chunk) => (stderr = (stderr + chunk).slice(-4000)));
    child.on('exit', (code) =>
      code === 0 ? resolve(performance.now() - started) : reject(new Error(`${command} ${args.join(' ')} exited ${code}\n${stderr}`)),
    );
  });
}

/** `npm start` in `cwd` until the shell answers 200; stops it; resolves with the wall time in ms. */
function startUntilUp(cwd) {
  const started = performance.now();
  const env = { ...process.env, SHELL_PORT: '0', MARKETING_PORT: '0', WORKSPACE_PORT: '0', REVIEWER_PORT: '0', BACKEND_PORT: '0' };
  delete env.DATABASE_URL;
  delete env.SKIP_BACKEND;
  const child = spawn('npm', ['start'], { cwd, env, detached: true, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  return new Promise((resolve, reject) => {
    const stop = () => {
      try {
        process.kill(-child.pid, 'SIGINT');
      } catch {
        /* already gone */
      }
    };
    const timer = setTimeout(() => {
      stop();
      reject(new Error(`npm start did not answer within ${START_TIMEOUT_MS / 1000} s\n${output.slice(-4000)}`));
    }, START_TIMEOUT_MS);
    const onData = async (chunk) => {
      output = (output + chunk).slice(-20_000);
      const match = /Citable is running: (http:\/\/localhost:\d+)/.exec(output);
      if (!match || child.upAt) return;
      child.upAt = true;
      const response = await fetch(match[1]).catch((error) => error);
      const elapsed = performance.now() - started;
      clearTimeout(timer);
      child.once('exit', () => (response instanceof Response && response.ok ? resolve(elapsed) : reject(new Error(`shell answered ${response.status ?? response}`))));
      stop();
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', (chunk) => (output = (output + chunk).slice(-20_000)));
    child.on('exit', (code) => {
      if (!child.upAt) {
        clearTimeout(timer);
        reject(new Error(`npm start exited ${code} before the shell answered\n${output.slice(-4000)}`));
      }
    });
  });
}

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
};

const head = execFileSync('git', ['rev-parse', '--short', 'HEAD'], { cwd: ROOT, encoding: 'utf8' }).trim();
console.log(`Cold set-up of a fresh clone of ${head}, ${RUNS} run(s), ${new Date().toISOString()}, ${os.cpus().length} cores, node ${process.version}`);
const rows = [];
for (let run = 1; run <= RUNS; run += 1) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'citable-setup-'));
  try {
    execFileSync('git', ['clone', '-q', ROOT, dir]);
    const loadBefore = load();
    const ci = await timed('npm', ['ci', '--no-audit', '--no-fund'], dir);
    const first = await startUntilUp(dir);
    const second = await startUntilUp(dir);
    const row = { ci, first, total: ci + first, second, load: `${loadBefore}→${load()}` };
    rows.push(row);
    console.log(
      `run ${run}: npm ci ${seconds(ci)} s + first npm start ${seconds(first)} s = ${seconds(row.total)} s; second npm start ${seconds(second)} s (load ${row.load})`,
    );
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}
for (const key of ['ci', 'first', 'total', 'second']) {
  const values = rows.map((row) => row[key]);
  console.log(`${key.padEnd(6)} median ${seconds(median(values))} s (spread ${seconds(Math.min(...values))}–${seconds(Math.max(...values))} s)`);
}
