// The long tasks of a page load and the scripts that ran in them, read from a Chromium trace (bench:web
// records one extra, uncounted, traced load per page: tracing slows the page down).
//
//   main thread   the renderer thread named CrRendererMain (metadata event thread_name) that ran the
//                 page's navigation (its navigationStart event for an http(s) document); failing that,
//                 the CrRendererMain thread with the most task time.
//   task          a top-level complete event ('X') ThreadControllerImpl::RunTask (or RunTask, its older
//                 name) of that thread, not nested in another one; long when it lasts more than 50 ms.
//   attribution   by the CPU samples of V8's profiler (category disabled-by-default-v8.cpu_profiler:
//                 the Profile event of the main thread and its ProfileChunk events) when the task has
//                 some: each sample weighs the time to the next sample (within the task) and goes to the
//                 script of the innermost frame with a URL (so code of a chunk called through the
//                 webpack runtime of main.js is the chunk's), "(garbage collector)" to (GC); a sample with
//                 no script frame ((program): style, layout, paint, parsing, microtask glue…) goes where
//                 the trace events put that moment (below). The weights are scaled to the task's duration.
//                 Without samples, by the trace events: the task's events form a tree (by start and
//                 duration); each event's self time (its duration minus its children's) goes to the
//                 nearest event, itself or an ancestor, that names a script: EvaluateScript /
//                 FunctionCall / v8.compile args.data.url, v8.compileModule args.fileName, ParseHTML
//                 args.beginData.url (the document: HTML parsing and inline scripts). Self time under no
//                 script goes to a kind of browser work: (style/layout), (paint), (GC), (other). Events
//                 only know the entry point of a call (a promise callback has none: (other)), which is
//                 why the samples come first.
//   blocking      the part of a task over 50 ms after FCP, as TBT counts it (a task straddling FCP only
//                 counts its part after FCP); a task's blocking time is shared among its scripts in
//                 proportion to their self time in it.
// Times in ms relative to the navigation start (the trace's navigationStart of the main thread).
const LONG_TASK_MS = 50;
const TASK_NAMES = new Set(['ThreadControllerImpl::RunTask', 'RunTask']);

/** The trace events of Playwright's browser.stopTracing() buffer (or an already parsed trace). */
function traceEvents(trace) {
  const json = Buffer.isBuffer(trace) || typeof trace === 'string' ? JSON.parse(String(trace)) : trace;
  return Array.isArray(json) ? json : json.traceEvents || [];
}

/** The script (or document) URL an event names, or ''. */
function urlOf(event) {
  const args = event.args || {};
  const data = args.data || {};
  switch (event.name) {
    case 'EvaluateScript':
    case 'FunctionCall':
    case 'v8.compile':
    case 'v8.compileModule':
    case 'v8.evaluateModule':
      return data.url || args.fileName || data.fileName || '';
    case 'ParseHTML':
      return (args.beginData && args.beginData.url) || data.url || '';
    default:
      return '';
  }
}

/** The kind of browser work of self time no script accounts for. */
function workKind(name) {
  if (/Layout|Style|RecalculateStyles|UpdateLayoutTree|InvalidateLayout|ScheduleStyleRecalculation/.test(name)) return '(style/layout)';
  if (/Paint|Layerize|CompositeLayers|UpdateLayer|Rasterize|Commit/.test(name)) return '(paint)';
  if (/GC|GCEvent|MinorGC|MajorGC|BlinkGC/.test(name)) return '(GC)';
  return '(other)';
}

/** The main thread of the page: { pid, tid, navStart } (navStart in µs, trace clock). */
function mainThread(events, { pageUrl } = {}) {
  const renderers = new Set(
    events
      .filter((e) => e.ph === 'M' && e.name === 'thread_name' && e.args && e.args.name === 'CrRendererMain')
      .map((e) => `${e.pid}:${e.tid}`),
  );
  const navs = events
    .filter((e) => e.name === 'navigationStart' && renderers.has(`${e.pid}:${e.tid}`))
    .filter((e) => {
      const data = (e.args && e.args.data) || {};
      const url = data.documentLoaderURL || '';
      if (!/^https?:/.test(url) || data.isLoadingMainFrame === false) return false;
      return !pageUrl || url.split('#')[0] === pageUrl.split('#')[0] || url.startsWith(new URL(pageUrl).origin);
    })
    .sort((a, b) => a.ts - b.ts);
  if (navs.length) return { pid: navs[0].pid, tid: navs[0].tid, navStart: navs[0].ts };
  // no navigationStart: the renderer main thread with the most task time, from its first task
  const busy = new Map();
  for (const e of events) {
    const key = `${e.pid}:${e.tid}`;
    if (e.ph === 'X' && TASK_NAMES.has(e.name) && renderers.has(key)) {
      const b = busy.get(key) || { pid: e.pid, tid: e.tid, total: 0, first: Infinity };
      b.total += e.dur || 0;
      b.first = Math.min(b.first, e.ts);
      busy.set(key, b);
    }
  }
  const best = [...busy.values()].sort((a, b) => b.total - a.total)[0];
  return best ? { pid: best.pid, tid: best.tid, navStart: best.first } : null;
}

/** The first-contentful-paint of the trace on the page's renderer after navStart (ms), or null. */
function traceFcp(events, { pid, navStart }) {
  const fcp = events
    .filter((e) => e.name === 'firstContentfulPaint' && e.pid === pid && e.ts >= navStart)
    .sort((a, b) => a.ts - b.ts)[0];
  return fcp ? (fcp.ts - navStart) / 1000 : null;
}

/**
 * The event tree of `task` (`inside`: its nested events): self time (µs) per script URL (or kind of
 * work), and the nodes in start order (each with its owner script or kind) for sampleTimes.
 */
function eventTree(task, inside) {
  const node = (e) => ({ e, end: e.ts + (e.dur || 0), children: 0, owner: '', kind: '' });
  const nodes = [node(task), ...inside.map(node).sort((a, b) => a.e.ts - b.e.ts || b.end - a.end)];
  const totals = new Map();
  const stack = [];
  for (const n of nodes) {
    while (stack.length && stack[stack.length - 1].end <= n.e.ts) stack.pop();
    const parent = stack[stack.length - 1];
    if (parent) parent.children += Math.min(n.end, parent.end) - n.e.ts;
    n.owner = urlOf(n.e) || (parent ? parent.owner : '');
    // the most specific kind of work on the way down (a GC inside a layout is GC)
    const kind = workKind(n.e.name);
    n.kind = kind === '(other)' && parent ? parent.kind : kind;
    stack.push(n);
  }
  for (const n of nodes) {
    const self = Math.max(0, (n.e.dur || 0) - n.children);
    if (!self) continue;
    const key = n.owner || n.kind;
    totals.set(key, (totals.get(key) || 0) + self);
  }
  return { totals, nodes };
}

/**
 * The CPU samples of the main thread's profile, in time order: { ts (µs), key, line?, column? } where
 * key is the URL of the innermost frame with one (line and column: where that frame's function
 * starts, 0-based), '(GC)' for the garbage collector, '' for none.
 */
function cpuSamples(events, { pid, tid }) {
  const profile = events.find((e) => e.name === 'Profile' && e.pid === pid && e.tid === tid);
  if (!profile) return [];
  const chunks = events.filter((e) => e.name === 'ProfileChunk' && e.pid === pid && e.id === profile.id).sort((a, b) => a.ts - b.ts);
  const nodes = new Map();
  const raw = [];
  let t = (profile.args && profile.args.data && profile.args.data.startTime) || profile.ts;
  for (const chunk of chunks) {
    const data = (chunk.args && chunk.args.data) || {};
    const cpu = data.cpuProfile || {};
    for (const n of cpu.nodes || []) {
      const f = n.callFrame || {};
      nodes.set(n.id, { url: f.url || '', name: f.functionName || '', line: f.lineNumber, column: f.columnNumber, parent: n.parent });
    }
    const ids = cpu.samples || [];
    const deltas = data.timeDeltas || [];
    for (let i = 0; i < ids.length; i += 1) {
      t += deltas[i] || 0;
      raw.push({ ts: t, node: ids[i] });
    }
  }
  const keys = new Map();
  const keyOf = (id) => {
    if (keys.has(id)) return keys.get(id);
    let key = { key: '' };
    for (let n = nodes.get(id), guard = 0; n && guard < 10000; n = nodes.get(n.parent), guard += 1) {
      if (n.name === '(garbage collector)') {
        key = { key: '(GC)' };
        break;
      }
      if (/^https?:/.test(n.url)) {
        key = { key: n.url, line: n.line, column: n.column };
        break;
      }
    }
    keys.set(id, key);
    return key;
  };
  return raw.map(({ ts, node }) => ({ ts, ...keyOf(node) })).sort((a, b) => a.ts - b.ts);
}

/** Time (µs) per script URL (or kind of work) of `task` from the samples in it, or null without. */
function sampleTimes(task, samples, nodes) {
  const end = task.ts + (task.dur || 0);
  let lo = 0;
  let hi = samples.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (samples[mid].ts < task.ts) lo = mid + 1;
    else hi = mid;
  }
  const totals = new Map();
  const frames = new Map();
  let weighed = 0;
  for (let i = lo; i < samples.length && samples[i].ts < end; i += 1) {
    const { ts } = samples[i];
    const next = i + 1 < samples.length ? Math.min(samples[i + 1].ts, end) : end;
    let key = samples[i].key;
    if (!key) {
      // no script frame: what the trace events say of that moment (the innermost event around it)
      let inner = nodes[0];
      for (const n of nodes) {
        if (n.e.ts > ts) break;
        if (n.end > ts) inner = n;
      }
      key = inner.owner || inner.kind;
    }
    totals.set(key, (totals.get(key) || 0) + (next - ts));
    if (samples[i].key && samples[i].line !== undefined) {
      const frame = `${samples[i].key}\n${samples[i].line}\n${samples[i].column}`;
      frames.set(frame, (frames.get(frame) || 0) + (next - ts));
    }
    weighed += next - ts;
  }
  if (!weighed) return null;
  const scale = (task.dur || 0) / weighed;
  for (const [key, v] of totals) totals.set(key, v * scale);
  for (const [key, v] of frames) frames.set(key, v * scale);
  return { totals, frames };
}

/**
 * The long tasks of a traced page load.
 * @param {Buffer|string|object|object[]} trace browser.stopTracing()'s buffer, or trace JSON
 * @param {{ pageUrl?: string, fcpMs?: number, minMs?: number }} [opts] fcpMs: the FCP of the traced
 *   load (else the trace's firstContentfulPaint; else 0: every long task counts)
 * @returns {{ fcpMs: number, tasks: { startMs: number, durationMs: number, blockingMs: number, scripts: { url: string, selfMs: number }[] }[],
 *   tbtMs: number, byScript: { url: string, blockingMs: number, selfMs: number, tasks: number }[],
 *   byFrame: { url: string, line: number, column: number, blockingMs: number, selfMs: number }[] } | null}
 *   tasks in start order, each with its scripts by self time (largest first); byScript: the TBT (and
 *   the long tasks' time) per script over the tasks that end after FCP, largest first; byFrame: the
 *   same per function of a script (where it starts, 0-based; from the CPU samples only: bench:web
 *   maps it to its source through the source map). null without a renderer main thread.
 */
function longTasks(trace, { pageUrl, fcpMs, minMs = LONG_TASK_MS } = {}) {
  const events = traceEvents(trace);
  const main = mainThread(events, { pageUrl });
  if (!main) return null;
  const { pid, tid, navStart } = main;
  const fcp = fcpMs ?? traceFcp(events, main) ?? 0;
  const samples = cpuSamples(events, main);
  const onThread = events.filter((e) => e.pid === pid && e.tid === tid && e.ph === 'X' && typeof e.ts === 'number').sort((a, b) => a.ts - b.ts || (b.dur || 0) - (a.dur || 0));

  // top-level tasks, then the events nested in each
  const tasks = [];
  let lastEnd = -Infinity;
  for (const e of onThread) {
    if (!TASK_NAMES.has(e.name) || e.ts < lastEnd) continue;
    lastEnd = e.ts + (e.dur || 0);
    tasks.push({ task: e, inside: [] });
  }
  let t = 0;
  for (const e of onThread) {
    if (TASK_NAMES.has(e.name)) continue;
    while (t < tasks.length && tasks[t].task.ts + tasks[t].task.dur <= e.ts) t += 1;
    if (t < tasks.length && e.ts >= tasks[t].task.ts) tasks[t].inside.push(e);
  }

  const ms = (us) => us / 1000;
  const out = [];
  const byScript = new Map();
  const byFrame = new Map();
  for (const { task, inside } of tasks) {
    const durationMs = ms(task.dur || 0);
    if (durationMs <= minMs) continue;
    const startMs = ms(task.ts - navStart);
    if (startMs + durationMs <= fcp) continue;
    const blockingMs = Math.max(0, durationMs - minMs - Math.max(0, fcp - startMs));
    const tree = eventTree(task, inside);
    const sampled = sampleTimes(task, samples, tree.nodes);
    const totals = sampled ? sampled.totals : tree.totals;
    const all = [...totals.values()].reduce((s, v) => s + v, 0) || 1;
    const scripts = [...totals].map(([url, self]) => ({ url, selfMs: ms(self) })).sort((a, b) => b.selfMs - a.selfMs);
    for (const { url, selfMs } of scripts) {
      const s = byScript.get(url) || { url, blockingMs: 0, selfMs: 0, tasks: 0 };
      s.blockingMs += (blockingMs * selfMs * 1000) / all;
      s.selfMs += selfMs;
      s.tasks += 1;
      byScript.set(url, s);
    }
    for (const [frame, us] of sampled ? sampled.frames : []) {
      const [url, line, column] = frame.split('\n');
      const f = byFrame.get(frame) || { url, line: Number(line), column: Number(column), blockingMs: 0, selfMs: 0 };
      f.blockingMs += (blockingMs * us) / all;
      f.selfMs += ms(us);
      byFrame.set(frame, f);
    }
    out.push({ startMs, durationMs, blockingMs, scripts });
  }
  return {
    fcpMs: fcp,
    tasks: out,
    tbtMs: out.reduce((s, x) => s + x.blockingMs, 0),
    byScript: [...byScript.values()].sort((a, b) => b.blockingMs - a.blockingMs),
    byFrame: [...byFrame.values()].sort((a, b) => b.blockingMs - a.blockingMs),
  };
}

/**
 * A URL shortened for the table: the path, prefixed with the app that served it (`apps`: origin →
 * name), `html:` for the page's document.
 */
function shortUrl(url, { apps = {}, pageUrl } = {}) {
  if (!/^https?:/.test(url)) return url;
  const u = new URL(url);
  if (pageUrl && url.split('#')[0] === pageUrl.split('#')[0]) return `html:${u.pathname}`;
  const app = apps[u.origin];
  return `${app ? `${app}:` : u.origin}${u.pathname}`;
}

module.exports = { LONG_TASK_MS, traceEvents, urlOf, mainThread, cpuSamples, longTasks, shortUrl };
