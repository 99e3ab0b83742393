#!/usr/bin/env node
// npm run worker — one worker process (see runner.ts and the README's "Worker" section).
// `npm run worker -- --migrate` installs or upgrades the queue's schema and exits.
import { runMigrations } from 'graphile-worker';
import { loadConfig } from './config.js';
import { startWorker } from './runner.js';

async function main() {
  const config = loadConfig();
  if (process.argv.includes('--migrate')) {
    if (!config.databaseUrl) throw new Error('DATABASE_URL is not set');
    await runMigrations({ connectionString: config.databaseUrl });
    console.log('Graphile Worker schema is up to date');
    return;
  }
  const worker = await startWorker({ config });
  // A database outage must not end the process (issue 27, #9): Graphile completes jobs without
  // awaiting it, so a connection cut in flight is an unhandled rejection; the worker absorbs those.
  process.on('unhandledRejection', (reason) => {
    if (worker.absorbsRejection(reason)) return;
    console.error(`Worker failed: ${reason instanceof Error ? (reason.stack ?? reason.message) : String(reason)}`);
    process.exit(1);
  });
  const configured = [
    `text ${config.openrouter.apiKey || config.openrouter.baseUrl !== 'https://openrouter.ai/api/v1' ? `on ${config.openrouter.baseUrl}` : 'not configured (OPENROUTER_API_KEY)'}`,
    `SERP ${config.serp.provider}${config.serp.apiKey || config.serp.login ? '' : ' not configured'}`,
    `mail to ${config.mail.contactEmail ?? 'nobody (CONTACT_EMAIL)'}${config.mail.smtpUrl ? ' by SMTP' : ' in the local mailbox'}`,
  ];
  console.log(`Worker ${config.workerName} ready: ${config.concurrency} job(s) at once; ${configured.join('; ')}`);
  let stopping = false;
  const stop = async (code: number) => {
    if (stopping) return;
    stopping = true;
    console.log('Worker stopping (running jobs finish first)…');
    const force = setTimeout(() => process.exit(code || 1), 30_000);
    force.unref();
    await worker.stop();
    process.exit(code);
  };
  process.on('SIGINT', () => void stop(0));
  process.on('SIGTERM', () => void stop(0));
  worker.pool.on('error', () => {});
}

main().catch((error) => {
  console.error(`Worker failed to start: ${error instanceof Error ? error.message : error}`);
  process.exit(1);
});
