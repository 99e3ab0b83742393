// Main-content extraction in worker threads (piscina): research reads all its results at once, and
// parsing a big page takes the CPU for a while (hundreds of ms for 1 MB of HTML). On the main thread
// that time would stop the event loop: the other pages' bytes would wait, and their time-outs would
// measure our CPU instead of the network. The pool is the process's (one for every job), created at
// its first use with `threads` threads at most (EXTRACT_THREADS, by default the CPUs); idle threads
// end after a minute and never keep the process alive (piscina unrefs them).
import { Piscina } from 'piscina';
import type { ExtractedPage } from './extract.js';

/** A page's extraction taking longer than this (its wait for a free thread included) is given up. */
export const EXTRACT_TIMEOUT_MS = 30_000;
/** A thread's heap: a pathological page ends its thread, not the worker process. */
const THREAD_HEAP_MB = 512;

let pool: Piscina | null = null;

/** Thrown when a page's extraction was given up (EXTRACT_TIMEOUT_MS). */
export class ExtractTimeoutError extends Error {}

/** extractMainContent(html, url) in one of the pool's threads. */
export async function extractInThread(html: string, url: string, { threads, timeoutMs = EXTRACT_TIMEOUT_MS }: { threads: number; timeoutMs?: number }): Promise<ExtractedPage | null> {
  pool ??= new Piscina({
    filename: new URL('./extract-worker.js', import.meta.url).href,
    minThreads: 0,
    maxThreads: Math.max(1, threads),
    idleTimeout: 60_000,
    resourceLimits: { maxOldGenerationSizeMb: THREAD_HEAP_MB },
  });
  const signal = AbortSignal.timeout(timeoutMs);
  try {
    return (await pool.run({ html, url }, { signal })) as ExtractedPage | null;
  } catch (error) {
    if (signal.aborted) throw new ExtractTimeoutError(`took over ${Number((timeoutMs / 1000).toFixed(1))} s to parse`);
    throw error;
  }
}

/** Ends the pool's threads (a process that stops its workers and goes on). */
export async function closeExtractionPool() {
  const ending = pool;
  pool = null;
  await ending?.destroy();
}
