#!/usr/bin/env node
// npm run bench:article — the article pipeline against the fakes with fixed latencies: 300 ms per
// competitor page, 1.5 s per model call, 200 ms per SERP call (worker/bench/article-pipeline.mjs).
//   1. one article at a time, BENCH_RUNS times, one worker process: wall time (queued → done) against
//      the critical path of those latencies (SERP, then the pages read in parallel, then the
//      outline, then the sections, introduction and FAQ in parallel: 0.2 + 0.3 + 1.5 + 1.5 s), and
//      the worker process's CPU time per article (/proc: the engine's work, plus its database
//      driver and job queue);
//   2. peak memory (the worker process's VmHWM) for one article whose 10 competitor pages are
//      2 MB each, no latency;
//   3. a batch of 20 articles (queued as the UI queues a batch: one site, one at a time) across
//      2 worker processes, and the same 20 queued as single runs, with the latencies.
// Env: BENCH_RUNS (5), BENCH_BATCH (20).
import os from 'node:os';
import { median, startPipeline } from './article-pipeline.mjs';

const RUNS = Number(process.env.BENCH_RUNS || 5);
const BATCH = Number(process.env.BENCH_BATCH || 20);
const LATENCY = { page: 300, model: 1500, serp: 200 };
const CRITICAL_MS = LATENCY.serp + LATENCY.page + 2 * LATENCY.model;
const fmt = (/** @type {number[]} */ xs, digits = 2) => `${median(xs).toFixed(digits)} median (spread ${Math.min(...xs).toFixed(digits)}–${Math.max(...xs).toFixed(digits)})`;

async function perArticle() {
  const pipeline = await startPipeline({ latency: LATENCY });
  const [worker] = pipeline.startWorkers(1);
  try {
    await worker.ready;
    // the idle worker's CPU (job polling, heartbeats) over 5 s, to tell the engine's own CPU
    const idleStart = await worker.cpuSeconds();
    await new Promise((r) => setTimeout(r, 5000));
    const idleRate = ((await worker.cpuSeconds()) - idleStart) / 5;
    const site = await pipeline.addSite('fr', 'Bench');
    /** @type {number[]} */ const ratios = [];
    /** @type {number[]} */ const walls = [];
    /** @type {number[]} */ const cpus = [];
    /** @type {number[]} */ const ownCpus = [];
    /** @type {string[]} */ const calls = [];
    for (let r = 0; r < RUNS; r += 1) {
      pipeline.arm();
      const page = await pipeline.addPage(site, `pain au levain ${r}`);
      const cpuBefore = await worker.cpuSeconds();
      const started = performance.now();
      const [id] = await pipeline.queueArticles([page]);
      const [row] = await pipeline.waitDone([id]);
      const wall = performance.now() - started;
      const cpu = (await worker.cpuSeconds()) - cpuBefore;
      if (row.status !== 'done') throw new Error(`article failed: ${row.last_error}`);
      const requests = pipeline.fake?.requests ?? [];
      calls.push(`${requests.filter((q) => q.route === 'serper').length} SERP, ${pipeline.web?.hits ?? 0} pages so far, ${requests.filter((q) => q.route === 'chat').length} model`);
      walls.push(wall / 1000);
      ratios.push(wall / CRITICAL_MS);
      cpus.push(cpu);
      ownCpus.push(Math.max(0, cpu - (idleRate * wall) / 1000));
      console.log(`  run ${r + 1}: ${(wall / 1000).toFixed(2)} s wall (${(wall / CRITICAL_MS).toFixed(2)}× the critical path), ${cpu.toFixed(2)} s CPU (${ownCpus[ownCpus.length - 1].toFixed(2)} s without the idle rate); stages ${row.stages.map((/** @type {any} */ s) => `${s.stage} ${s.ms} ms`).join(', ')}; calls: ${calls[calls.length - 1]}`);
    }
    console.log(`wall per article: ${fmt(walls)} s; critical path ${(CRITICAL_MS / 1000).toFixed(1)} s; ratio ${fmt(ratios)} (target ≤ 1.3×)`);
    console.log(`worker CPU per article: ${fmt(cpus)} s; without the idle worker's rate (${(idleRate * 1000).toFixed(0)} ms/s: polling, heartbeats): ${fmt(ownCpus)} s (target ≤ 1 s)`);
  } finally {
    await worker.stop();
    await pipeline.stop();
  }
}

async function memory() {
  const pipeline = await startPipeline({ pageBytes: 2_000_000 });
  const [worker] = pipeline.startWorkers(1);
  try {
    await worker.ready;
    const idle = await worker.peakMb();
    pipeline.arm();
    const site = await pipeline.addSite('fr', 'Bench memory');
    const page = await pipeline.addPage(site, 'pain au levain lourd');
    const started = performance.now();
    const [id] = await pipeline.queueArticles([page]);
    const [row] = await pipeline.waitDone([id]);
    if (row.status !== 'done') throw new Error(`article failed: ${row.last_error}`);
    const { rows } = await pipeline.pool.query("select count(*)::int as read, coalesce(sum(length(text)), 0)::int as chars from public.page_brief_sources where page = $1 and status = 'read'", [page]);
    console.log(
      `10 pages of 2 MB: peak RSS ${(await worker.peakMb()).toFixed(0)} MB (idle worker ${idle.toFixed(0)} MB), ${((performance.now() - started) / 1000).toFixed(1)} s, ${rows[0].read} pages read, ${(rows[0].chars / 1e6).toFixed(1)} M characters of text kept`,
    );
    console.log(`  stages ${row.stages.map((/** @type {any} */ s) => `${s.stage} ${s.ms} ms`).join(', ')}`);
    for (const w of row.warnings) console.log(`  warning: ${w.message}`);
  } finally {
    await worker.stop();
    await pipeline.stop();
  }
}

async function batch() {
  const pipeline = await startPipeline({ latency: LATENCY });
  const workers = pipeline.startWorkers(2);
  try {
    await Promise.all(workers.map((w) => w.ready));
    // create_article runs in its site's queue (one article of a site at a time, whatever the
    // batch): one site's batch is serial; the same 20 over 10 sites share the 2 workers' slots.
    for (const sites of [1, 10]) {
      pipeline.arm();
      const siteIds = [];
      for (let k = 0; k < sites; k += 1) siteIds.push(await pipeline.addSite('fr', `Bench batch ${sites}-${k}`));
      const pages = [];
      for (let i = 0; i < BATCH; i += 1) pages.push(await pipeline.addPage(siteIds[i % sites], `compost ${sites} ${i}`));
      const cpuBefore = await Promise.all(workers.map((w) => w.cpuSeconds()));
      const started = performance.now();
      const ids = await pipeline.queueArticles(pages, { batch: true });
      const rows = await pipeline.waitDone(ids);
      const wall = (performance.now() - started) / 1000;
      const cpu = (await Promise.all(workers.map((w) => w.cpuSeconds()))).reduce((a, c, i) => a + c - cpuBefore[i], 0);
      const failed = rows.filter((r) => r.status !== 'done').length;
      const perArticle = wall / BATCH;
      console.log(
        `${BATCH} articles of one batch on ${sites === 1 ? 'one site (one at a time)' : `${sites} sites`}, 2 workers (WORKER_CONCURRENCY 4 each): ${wall.toFixed(1)} s, ${perArticle.toFixed(2)} s per article (${((perArticle * 1000) / CRITICAL_MS).toFixed(2)}× the critical path), ${(cpu / BATCH).toFixed(2)} s worker CPU per article, ${failed} failed`,
      );
    }
  } finally {
    await Promise.all(workers.map((w) => w.stop()));
    await pipeline.stop();
  }
}

async function main() {
  const only = process.env.BENCH_ONLY;
  if (only === 'memory') return memory();
  console.log(`Article pipeline benchmark — ${new Date().toISOString()}, ${os.cpus().length} CPU(s), Node ${process.version}, load ${os.loadavg().map((l) => l.toFixed(1)).join(' ')}`);
  console.log(`latencies: ${LATENCY.page} ms per competitor page, ${LATENCY.model} ms per model call, ${LATENCY.serp} ms per SERP call; ${RUNS} single runs\n`);
  console.log('1. one article at a time');
  await perArticle();
  console.log('\n2. memory');
  await memory();
  console.log('\n3. batch');
  await batch();
  console.log(`\nload at the end ${os.loadavg().map((l) => l.toFixed(1)).join(' ')}`);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
