// The local backend (supabase-local: gateway, auth, PostgREST, embedded PostgreSQL in a temporary data
// dir) for the server's jest tests, in a child process: jest compiles the tests to CommonJS, the
// backend is ESM. Prints one JSON line {url, anonKey, serviceRoleKey, databaseUrl} when ready; stops
// and removes its data dir when its standard input closes (the test ended or died).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');
const { startStack } = await import(pathToFileURL(path.join(root, 'supabase-local', 'src', 'index.js')).href);
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'citable-server-test-db-'));
const stack = await startStack({ port: 0, dataDir, log: () => {} });
let stopping = false;
async function stop() {
  if (stopping) return;
  stopping = true;
  await stack.stop().catch(() => {});
  fs.rmSync(dataDir, { recursive: true, force: true });
  process.exit(0);
}
process.stdin.on('end', stop);
process.stdin.on('close', stop);
process.stdin.resume();
process.on('SIGTERM', stop);
process.stdout.write(`${JSON.stringify({ url: stack.url, anonKey: stack.anonKey, serviceRoleKey: stack.serviceRoleKey, databaseUrl: stack.databaseUrl })}\n`);
