// Child-process helpers for the start/dev/test scripts: prefixed logs, waiting for a ready line,
// stopping every child on Ctrl-C (supervisor.cjs: stopping, and restarting a child that exits).
import { spawn } from 'node:child_process';
import readline from 'node:readline';
import { createRequire } from 'node:module';

const supervisor = createRequire(import.meta.url)('./supervisor.cjs');

const COLORS = { shell: 36, marketing: 35, workspace: 32, reviewer: 33, backend: 34, build: 90 };
const useColor = process.stdout.isTTY && !process.env.NO_COLOR;

export function prefixFor(name) {
  const label = `[${name}]`.padEnd(12);
  return useColor ? `\x1b[${COLORS[name] ?? 37}m${label}\x1b[0m` : label;
}

/** Spawns a process whose stdout/stderr lines are printed with a prefix. */
export function run(name, command, args, options = {}) {
  const child = spawn(command, args, { stdio: ['ignore', 'pipe', 'pipe'], ...options });
  const prefix = prefixFor(name);
  const listeners = new Set();
  for (const stream of [child.stdout, child.stderr]) {
    readline.createInterface({ input: stream }).on('line', (line) => {
      const out = stream === child.stderr ? process.stderr : process.stdout;
      out.write(`${prefix} ${line}\n`);
      for (const listener of listeners) listener(line);
    });
  }
  child.onLine = (fn) => listeners.add(fn);
  child.name = name;
  return child;
}

/** Resolves when a line matches `pattern`; rejects if the process exits first or on timeout. */
export function waitForLine(child, pattern, timeoutMs = 120_000) {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`${child.name}: not ready after ${timeoutMs / 1000}s`)), timeoutMs);
    child.onLine((line) => {
      if (pattern.test(line)) {
        clearTimeout(timer);
        resolve(line);
      }
    });
    child.once('exit', (code, signal) => {
      clearTimeout(timer);
      reject(new Error(`${child.name} exited (${signal ?? code}) before it was ready`));
    });
  });
}

/**
 * Runs a command to completion with prefixed logs (each line also to `onLine`; `onSpawn` gets the
 * child, e.g. to stop it); rejects on a non-zero exit.
 */
export function runToEnd(name, command, args, { onLine, onSpawn, ...options } = {}) {
  return new Promise((resolve, reject) => {
    const child = run(name, command, args, options);
    if (onLine) child.onLine(onLine);
    if (onSpawn) onSpawn(child);
    child.once('error', reject);
    child.once('exit', (code, signal) =>
      code === 0 ? resolve() : reject(new Error(`${name}: ${[command, ...args].join(' ')} failed (${signal ?? code})`)),
    );
  });
}

/** Stops children (processes or supervisors) with SIGTERM, then SIGKILL after a grace period. */
export const stopAll = supervisor.stopAll;
