// The long tasks of a traced load (bench:web): the page's main thread, its top-level tasks over 50 ms
// after FCP, and the scripts (or kinds of browser work) their time goes to.
const { longTasks, mainThread, cpuSamples, shortUrl, urlOf } = require('../long-tasks.cjs');

const PAGE = 'http://127.0.0.1:4000/home-3';
const MAIN_JS = 'http://127.0.0.1:4000/main.js';
const CHUNK_JS = 'http://127.0.0.1:4001/chunk.js';
const T0 = 1_000_000; // navigation start, µs

const meta = (pid, tid, name) => ({ ph: 'M', name: 'thread_name', pid, tid, ts: 0, args: { name } });
const x = (name, at, dur, args = {}, where = { pid: 3, tid: 20 }) => ({ ph: 'X', name, ts: T0 + at * 1000, dur: dur * 1000, ...where, args });
const task = (at, dur, where) => x('ThreadControllerImpl::RunTask', at, dur, {}, where);

/** A renderer for about:blank (pid 2) and the page's renderer (pid 3, main thread 20). */
function trace() {
  return {
    traceEvents: [
      meta(1, 1, 'CrBrowserMain'),
      meta(2, 10, 'CrRendererMain'),
      meta(3, 20, 'CrRendererMain'),
      meta(3, 21, 'Compositor'),
      { ph: 'R', name: 'navigationStart', pid: 2, tid: 10, ts: T0 - 500_000, args: { data: { documentLoaderURL: 'about:blank', isLoadingMainFrame: true } } },
      { ph: 'R', name: 'navigationStart', pid: 3, tid: 20, ts: T0, args: { data: { documentLoaderURL: PAGE, isLoadingMainFrame: true } } },
      { ph: 'R', name: 'firstContentfulPaint', pid: 3, tid: 20, ts: T0 + 500_000, args: {} },
      // before FCP: HTML parsing, 80 ms
      task(100, 80),
      x('ParseHTML', 100, 75, { beginData: { url: PAGE } }),
      // straddles FCP (480 → 580 ms): 30 ms blocking after FCP
      task(480, 100),
      x('EvaluateScript', 480, 90, { data: { url: MAIN_JS } }),
      x('v8.compile', 480, 10, { data: { url: MAIN_JS } }),
      x('FunctionCall', 520, 40, { data: { url: CHUNK_JS, functionName: 'render' } }),
      x('Layout', 540, 10),
      // short: not a long task
      task(700, 30),
      x('FunctionCall', 700, 25, { data: { url: MAIN_JS } }),
      // after FCP, 120 ms: 70 ms blocking
      task(1000, 120),
      x('UpdateLayoutTree', 1000, 60),
      x('MinorGC', 1010, 20),
      x('TimerFire', 1060, 50, { data: {} }),
      x('FunctionCall', 1060, 50, { data: { url: CHUNK_JS } }),
      // a long task of another thread and of another renderer: not the page's
      task(1200, 300, { pid: 3, tid: 21 }),
      task(1200, 300, { pid: 2, tid: 10 }),
    ],
  };
}

/**
 * V8's CPU samples of the page's main thread over the 120 ms task at 1000 ms, every 10 ms, in two
 * chunks (written by the profiler's own thread 22): layout and a GC with no script frame, then chunk.js
 * calling into main.js (through the webpack runtime: the trace events only see chunk.js), then a GC.
 */
function profiled() {
  const frame = (id, functionName, url, parent) => ({ id, parent, callFrame: { functionName, url, scriptId: id, lineNumber: 0, columnNumber: id * 100 } });
  const chunk = (nodes, samples, timeDeltas) => ({ ph: 'P', name: 'ProfileChunk', id: '0x1', pid: 3, tid: 22, ts: T0, args: { data: { cpuProfile: { nodes, samples }, timeDeltas } } });
  const events = trace().traceEvents;
  events.push(
    { ph: 'P', name: 'Profile', id: '0x1', pid: 3, tid: 20, ts: T0, args: { data: { startTime: T0 + 995_000 } } },
    // 1000–1050 ms: (program) — the events say layout, then a GC at 1010–1030
    chunk([frame(1, '(root)', '', undefined), frame(2, '(program)', '', 1)], [2, 2, 2, 2, 2, 2], [5000, 10000, 10000, 10000, 10000, 10000]),
    // 1060 chunk.js, 1070–1100 main.js called from it, 1110 the garbage collector
    chunk([frame(3, 'render', CHUNK_JS, 1), frame(4, '', MAIN_JS, 3), frame(5, '(garbage collector)', '', 1)], [3, 4, 4, 4, 4, 5], [10000, 10000, 10000, 10000, 10000, 10000]),
    // a profile of another thread: ignored
    { ph: 'P', name: 'Profile', id: '0x2', pid: 3, tid: 30, ts: T0, args: { data: { startTime: T0 } } },
  );
  return events;
}

describe('long tasks of a trace', () => {
  test("reads the main thread's CPU samples across chunks, each with its innermost script", () => {
    const samples = cpuSamples(profiled(), { pid: 3, tid: 20 });
    expect(samples.map((x) => [(x.ts - T0) / 1000, x.key])).toEqual([
      ...[1000, 1010, 1020, 1030, 1040, 1050].map((ms) => [ms, '']),
      [1060, CHUNK_JS],
      ...[1070, 1080, 1090, 1100].map((ms) => [ms, MAIN_JS]),
      [1110, '(GC)'],
    ]);
  });

  test('shares the blocking time among the sampled functions too, by where each starts', () => {
    const { byFrame } = longTasks(profiled(), { pageUrl: PAGE });
    expect(byFrame.map((f) => ({ ...f, blockingMs: +f.blockingMs.toFixed(2) }))).toEqual([
      { url: MAIN_JS, line: 0, column: 400, selfMs: 40, blockingMs: +((70 * 40) / 120).toFixed(2) },
      { url: CHUNK_JS, line: 0, column: 300, selfMs: 10, blockingMs: +((70 * 10) / 120).toFixed(2) },
    ]);
  });

  test("attributes a task by its CPU samples when it has some, a sample with no script by the trace's events", () => {
    const [first, second] = longTasks(profiled(), { pageUrl: PAGE }).tasks;
    expect(first.scripts.map((x) => x.url)).toEqual([MAIN_JS, CHUNK_JS, '(other)']); // no samples: events
    expect(second.scripts).toEqual([
      { url: '(style/layout)', selfMs: 40 }, // first in the task (a tie keeps that order)
      { url: MAIN_JS, selfMs: 40 },
      { url: '(GC)', selfMs: 30 },
      { url: CHUNK_JS, selfMs: 10 },
    ]);
  });


  test("finds the page's renderer main thread by its navigation", () => {
    expect(mainThread(trace().traceEvents, { pageUrl: PAGE })).toEqual({ pid: 3, tid: 20, navStart: T0 });
  });

  test('lists the top-level tasks over 50 ms that end after FCP, with their blocking time', () => {
    const result = longTasks(Buffer.from(JSON.stringify(trace())), { pageUrl: PAGE });
    expect(result.fcpMs).toBe(500);
    expect(result.tasks.map(({ startMs, durationMs, blockingMs }) => ({ startMs, durationMs, blockingMs }))).toEqual([
      { startMs: 480, durationMs: 100, blockingMs: 30 },
      { startMs: 1000, durationMs: 120, blockingMs: 70 },
    ]);
    expect(result.tbtMs).toBe(100);
  });

  test('gives each task its scripts by self time, and non-script work its kind', () => {
    const [first, second] = longTasks(trace(), { pageUrl: PAGE }).tasks;
    // main.js: EvaluateScript 90 − 40 (the nested call of chunk.js) − 10 (compile) + the compile's 10
    expect(first.scripts).toEqual([
      { url: MAIN_JS, selfMs: 50 },
      { url: CHUNK_JS, selfMs: 40 }, // including the layout it forced
      { url: '(other)', selfMs: 10 },
    ]);
    expect(second.scripts).toEqual([
      { url: CHUNK_JS, selfMs: 50 },
      { url: '(style/layout)', selfMs: 40 },
      { url: '(GC)', selfMs: 20 },
      { url: '(other)', selfMs: 10 },
    ]);
  });

  test("shares each task's blocking time among its scripts by self time", () => {
    const { byScript } = longTasks(trace(), { pageUrl: PAGE });
    const of = Object.fromEntries(byScript.map((s) => [s.url, +s.blockingMs.toFixed(2)]));
    expect(of).toEqual({
      [CHUNK_JS]: +(12 + (70 * 50) / 120).toFixed(2),
      [MAIN_JS]: 15,
      '(style/layout)': +((70 * 40) / 120).toFixed(2),
      '(GC)': +((70 * 20) / 120).toFixed(2),
      '(other)': +(3 + (70 * 10) / 120).toFixed(2),
    });
    expect(byScript[0].url).toBe(CHUNK_JS);
    expect(byScript.reduce((s, b) => s + b.blockingMs, 0)).toBeCloseTo(100, 6);
  });

  test('counts every long task when FCP is given as 0, the HTML parse going to the document', () => {
    const { tasks } = longTasks(trace(), { pageUrl: PAGE, fcpMs: 0 });
    expect(tasks).toHaveLength(3);
    expect(tasks[0]).toMatchObject({ startMs: 100, blockingMs: 30, scripts: [{ url: PAGE, selfMs: 75 }, { url: '(other)', selfMs: 5 }] });
  });

  test('falls back to the busiest renderer main thread without a navigationStart', () => {
    const events = trace().traceEvents.filter((e) => e.name !== 'navigationStart');
    expect(mainThread(events)).toEqual({ pid: 3, tid: 20, navStart: T0 + 100_000 }); // 330 ms of tasks against 300
    expect(longTasks([], {})).toBeNull();
  });

  test('reads the URL each kind of event names', () => {
    expect(urlOf({ name: 'v8.compileModule', args: { fileName: MAIN_JS } })).toBe(MAIN_JS);
    expect(urlOf({ name: 'ParseHTML', args: { beginData: { url: PAGE } } })).toBe(PAGE);
    expect(urlOf({ name: 'Layout', args: { data: { url: PAGE } } })).toBe('');
  });

  test('shortens URLs to the app and path, the document to html:', () => {
    const apps = { 'http://127.0.0.1:4000': 'shell', 'http://127.0.0.1:4001': 'marketing' };
    expect(shortUrl(CHUNK_JS, { apps, pageUrl: PAGE })).toBe('marketing:/chunk.js');
    expect(shortUrl(PAGE, { apps, pageUrl: PAGE })).toBe('html:/home-3');
    expect(shortUrl('https://cdn.example/x.js?v=1', { apps })).toBe('https://cdn.example/x.js');
    expect(shortUrl('(GC)', { apps })).toBe('(GC)');
  });
});
