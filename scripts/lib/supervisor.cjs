// Keeps the children of `npm start` running: a child that exits while nobody asked it to stop is
// started again after a backoff (0.5 s, 1 s, 2 s … at most 30 s; back to 0.5 s once a child has
// stayed up for 60 s). Stopping a supervisor cancels any pending restart before it stops the child.
// CommonJS so that the jest `scripts` project can test it as it is; start.mjs and proc.mjs require it.

const DEFAULTS = { initialDelayMs: 500, maxDelayMs: 30_000, resetAfterMs: 60_000 };

/** Delay before restart number `attempt` (1, 2, 3 …): initialDelayMs doubled each time, capped at maxDelayMs. */
function backoffDelay(attempt, { initialDelayMs = DEFAULTS.initialDelayMs, maxDelayMs = DEFAULTS.maxDelayMs } = {}) {
  return Math.min(initialDelayMs * 2 ** (Math.max(attempt, 1) - 1), maxDelayMs);
}

/**
 * Number of the next restart, after a child started by restart number `previous` (0 = the first
 * start) ran for `uptimeMs`: one more, or 1 again when the child had stayed up for resetAfterMs.
 */
function nextAttempt(previous, uptimeMs, { resetAfterMs = DEFAULTS.resetAfterMs } = {}) {
  return uptimeMs >= resetAfterMs ? 1 : previous + 1;
}

function describeExit(code, signal) {
  if (signal) return `signal ${signal}`;
  if (code === null || code === undefined) return 'failed to start';
  return `code ${code}`;
}

function isRunning(child) {
  return Boolean(child) && child.pid !== undefined && child.exitCode === null && child.signalCode === null;
}

/** Stops one child with SIGTERM, then SIGKILL after graceMs; resolves once it has exited. */
function stopChild(child, graceMs = 5_000) {
  if (!isRunning(child)) return Promise.resolve();
  return new Promise((resolve) => {
    const timer = setTimeout(() => {
      try {
        child.kill('SIGKILL');
      } catch {
        /* already gone */
      }
    }, graceMs);
    child.once('exit', () => {
      clearTimeout(timer);
      resolve();
    });
    try {
      child.kill('SIGTERM');
    } catch {
      clearTimeout(timer);
      resolve();
    }
  });
}

function signalGroup(pgid, signal) {
  try {
    process.kill(-pgid, signal);
    return true;
  } catch {
    return false; // no process left in the group
  }
}

/**
 * Stops what is left of process group `pgid` (a child spawned with `detached: true` leads its own
 * group; what it started stays there after it dies, e.g. a database server): SIGTERM, then SIGKILL
 * after graceMs. Resolves true if anything was left.
 */
async function stopGroup(pgid, graceMs = 5_000) {
  // (a child spawned without `detached: true` leads no group: nothing to signal, false)
  if (!pgid || !signalGroup(pgid, 'SIGTERM')) return false;
  const deadline = Date.now() + graceMs;
  while (Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 100));
    if (!signalGroup(pgid, 0)) return true;
  }
  signalGroup(pgid, 'SIGKILL');
  return true;
}

/** Stops children (processes, or supervisors: anything with a stop() method) all at once. */
async function stopAll(children, graceMs = 5_000) {
  await Promise.all(
    children.map((c) => (c && typeof c.stop === 'function' ? c.stop(graceMs) : stopChild(c, graceMs))),
  );
}

/**
 * Starts a child with `start()` and starts it again whenever it exits, until stop() is called.
 *
 * With `ready` (child → promise resolved when it is ready), the first start is a check: if that
 * first child exits before it is ready, it is not restarted (`supervisor.ready` rejects and the
 * caller decides, as `npm start` does by stopping everything). Children started by a restart are
 * restarted whatever happens.
 *
 * With `processGroup` (the child is spawned with `detached: true`), what is left of the child's
 * process group once it has exited is stopped too (stopGroup) before the restart and on stop():
 * a backend killed hard leaves its PostgreSQL running, which would refuse every restart.
 *
 * @param {string} name used in the log lines
 * @param {() => import('node:child_process').ChildProcess} start spawns the child; called on each (re)start
 * @param {{
 *   log?: (message: string) => void,
 *   ready?: (child: import('node:child_process').ChildProcess) => Promise<unknown>,
 *   processGroup?: boolean, groupGraceMs?: number,
 *   initialDelayMs?: number, maxDelayMs?: number, resetAfterMs?: number,
 *   now?: () => number,
 * }} [options]
 */
function supervise(name, start, options = {}) {
  const { log = () => {}, ready, now = Date.now, processGroup = false, groupGraceMs = 5_000 } = options;
  const backoff = {
    initialDelayMs: options.initialDelayMs ?? DEFAULTS.initialDelayMs,
    maxDelayMs: options.maxDelayMs ?? DEFAULTS.maxDelayMs,
    resetAfterMs: options.resetAfterMs ?? DEFAULTS.resetAfterMs,
  };
  let child = null;
  let attempt = 0; // restarts in a row (0: the first start)
  let restarts = 0; // restarts in all
  let timer = null;
  let stopped = false;
  let firstIsReady = !ready;

  function launch() {
    timer = null;
    const startedAt = now();
    const isFirst = child === null;
    try {
      child = start();
    } catch (error) {
      if (isFirst) throw error;
      log(`${name} could not be started: ${error instanceof Error ? error.message : error}`);
      scheduleRestart(now() - startedAt);
      return;
    }
    const current = child;
    let gone = false;
    const onGone = (code, signal) => {
      if (gone) return;
      gone = true;
      if (stopped || current !== child) return;
      // a first start that never became ready is the caller's failure to report, not a crash to retry
      if (isFirst && !firstIsReady) return;
      const exit = describeExit(code, signal);
      const uptimeMs = now() - startedAt;
      void cleanGroup(current).then((leftovers) => {
        if (stopped) return;
        const delay = scheduleRestart(uptimeMs);
        const cleaned = leftovers ? ' (stopped the processes it left running)' : '';
        log(`${name} exited (${exit})${cleaned}; restarting in ${(delay / 1000).toFixed(1)} s (attempt ${attempt})`);
      });
    };
    current.once('exit', onGone);
    current.on('error', (error) => {
      // 'error' without a pid: the process could not be spawned (no 'exit' may follow)
      if (current.pid === undefined) {
        log(`${name}: ${error.message}`);
        onGone(null, null);
      }
    });
    if (!isFirst) log(`${name} started again (pid ${current.pid ?? '?'})`);
  }

  /** With processGroup: stops what an exited child left in its group; resolves true if anything was. */
  function cleanGroup(exited) {
    return processGroup ? stopGroup(exited.pid, groupGraceMs) : Promise.resolve(false);
  }

  /** Counts the restart (after a child that ran for uptimeMs), arms its timer and returns its delay. */
  function scheduleRestart(uptimeMs) {
    attempt = nextAttempt(attempt, uptimeMs, backoff);
    restarts += 1;
    const delay = backoffDelay(attempt, backoff);
    timer = setTimeout(launch, delay); // stop() clears it
    return delay;
  }

  launch();
  const readyPromise = ready
    ? Promise.resolve(ready(child)).then((value) => {
        firstIsReady = true;
        return value;
      })
    : Promise.resolve();
  readyPromise.catch(() => {}); // the caller awaits it; no unhandled-rejection warning meanwhile

  return {
    name,
    /** The child running now (or the last one, while a restart is pending). */
    get child() {
      return child;
    },
    /** Restarts so far. */
    get restarts() {
      return restarts;
    },
    /** Resolves when the first child is ready (`ready` option), rejects if it never is. */
    ready: readyPromise,
    /** Cancels any pending restart, then stops the child (SIGTERM, SIGKILL after graceMs). */
    async stop(graceMs = 5_000) {
      stopped = true;
      if (timer) clearTimeout(timer);
      timer = null;
      await stopChild(child, graceMs);
      if (child) await cleanGroup(child);
    },
  };
}

module.exports = { DEFAULTS, backoffDelay, nextAttempt, describeExit, stopChild, stopGroup, stopAll, supervise };
