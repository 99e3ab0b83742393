// The supervisor of `npm start` (scripts/lib/supervisor.cjs) with real child processes.
const fs = require('node:fs');
const { spawn } = require('node:child_process');
const { backoffDelay, nextAttempt, supervise, stopAll } = require('../supervisor.cjs');

/** A node child running `code`; its stdout is piped (ready lines), stderr ignored. */
function node(code) {
  return spawn(process.execPath, ['-e', code], { stdio: ['ignore', 'pipe', 'ignore'] });
}
const EXIT_AT_ONCE = (code) => `process.exit(${code})`;
// stays up until stopped, or until the test process is gone (no orphans if a broken supervisor hangs jest)
const STAY_UP = `console.log('ready'); const parent = process.ppid; setInterval(() => { if (process.ppid !== parent) process.exit(0); }, 200)`;

function waitFor(predicate, timeoutMs = 10_000) {
  return new Promise((resolve, reject) => {
    const started = Date.now();
    const tick = () => {
      if (predicate()) return resolve();
      if (Date.now() - started > timeoutMs) return reject(new Error('condition not met in time'));
      setTimeout(tick, 20);
    };
    tick();
  });
}
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** A process that runs (a zombie, dead but not yet reaped by init, does not count). */
function isAlive(pid) {
  try {
    process.kill(pid, 0);
  } catch {
    return false;
  }
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2)[0] !== 'Z';
  } catch {
    return !fs.existsSync('/proc/self'); // gone in between, or no /proc (trust kill 0)
  }
}

/** Resolves when the child prints `ready`, rejects if it exits first. */
function readyLine(child) {
  return new Promise((resolve, reject) => {
    child.stdout.on('data', (chunk) => {
      if (String(chunk).includes('ready')) resolve();
    });
    child.once('exit', (code) => reject(new Error(`exited (${code}) before it was ready`)));
  });
}

// real processes on a busy 2-core machine: room for slow starts (no test depends on speed)
jest.setTimeout(20_000);

const supervisors = [];
afterEach(async () => {
  await stopAll(supervisors.splice(0), 1_000);
});

describe('backoff schedule', () => {
  test('doubles from 0.5 s and stays at 30 s', () => {
    expect([1, 2, 3, 4, 5, 6, 7, 8, 20].map((n) => backoffDelay(n))).toEqual([
      500, 1_000, 2_000, 4_000, 8_000, 16_000, 30_000, 30_000, 30_000,
    ]);
    expect(backoffDelay(3, { initialDelayMs: 100, maxDelayMs: 300 })).toBe(300);
  });

  test('counts restarts in a row, and starts again at 1 after a child stayed up 60 s', () => {
    expect(nextAttempt(0, 10)).toBe(1);
    expect(nextAttempt(4, 59_999)).toBe(5);
    expect(nextAttempt(4, 60_000)).toBe(1);
    expect(nextAttempt(2, 500, { resetAfterMs: 400 })).toBe(1);
  });
});

describe('supervise', () => {
  test('restarts a child that crashes, with a growing delay, and says so', async () => {
    const lines = [];
    let starts = 0;
    const sup = supervise(
      'crashy',
      () => {
        starts += 1;
        return node(starts <= 2 ? EXIT_AT_ONCE(3) : STAY_UP);
      },
      { log: (m) => lines.push(m), initialDelayMs: 100 },
    );
    supervisors.push(sup);

    await waitFor(() => starts === 3);
    expect(lines).toEqual([
      'crashy exited (code 3); restarting in 0.1 s (attempt 1)',
      expect.stringMatching(/^crashy started again \(pid \d+\)$/),
      'crashy exited (code 3); restarting in 0.2 s (attempt 2)',
      expect.stringMatching(/^crashy started again \(pid \d+\)$/),
    ]);
    expect(sup.restarts).toBe(2);
    await sleep(300);
    expect(isAlive(sup.child.pid)).toBe(true);
    expect(starts).toBe(3);
  });

  test('a child killed by a signal is restarted too', async () => {
    const lines = [];
    let starts = 0;
    const sup = supervise(
      'killed',
      () => {
        starts += 1;
        return node(STAY_UP);
      },
      { log: (m) => lines.push(m), initialDelayMs: 50 },
    );
    supervisors.push(sup);
    const first = sup.child;
    await readyLine(first);
    first.kill('SIGKILL');
    await waitFor(() => starts === 2);
    expect(lines[0]).toBe('killed exited (signal SIGKILL); restarting in 0.1 s (attempt 1)');
    expect(sup.child).not.toBe(first);
  });

  test('the delay goes back to the first one after a child stayed up for resetAfterMs', async () => {
    const lines = [];
    let clock = 0;
    let starts = 0;
    const sup = supervise(
      'flaky',
      () => {
        starts += 1;
        // the third child "runs" for a minute: the clock moves while it is up
        if (starts === 3) clock += 60_000;
        return node(starts <= 3 ? EXIT_AT_ONCE(1) : STAY_UP);
      },
      { log: (m) => lines.push(m), initialDelayMs: 40, now: () => clock },
    );
    supervisors.push(sup);
    await waitFor(() => starts === 4);
    expect(lines.filter((l) => l.includes('exited'))).toEqual([
      'flaky exited (code 1); restarting in 0.0 s (attempt 1)',
      'flaky exited (code 1); restarting in 0.1 s (attempt 2)',
      // the third child: started at 0 by the clock, exited at 60 s: attempt 1 again (40 ms)
      'flaky exited (code 1); restarting in 0.0 s (attempt 1)',
    ]);
  });

  test('a child that exits while it is being stopped is not restarted', async () => {
    const lines = [];
    let starts = 0;
    const sup = supervise(
      'graceful',
      () => {
        starts += 1;
        // on SIGTERM it takes a moment, then exits with an error code, as a crash would
        return node(`${STAY_UP}; process.on('SIGTERM', () => setTimeout(() => process.exit(1), 100))`);
      },
      { log: (m) => lines.push(m), initialDelayMs: 20, ready: readyLine },
    );
    await sup.ready;
    const pid = sup.child.pid;
    await sup.stop();
    expect(isAlive(pid)).toBe(false);
    await sleep(200);
    expect(starts).toBe(1);
    expect(lines).toEqual([]);
  });

  test('stop() while a restart is pending cancels it', async () => {
    const lines = [];
    let starts = 0;
    const sup = supervise(
      'pending',
      () => {
        starts += 1;
        return node(EXIT_AT_ONCE(2));
      },
      { log: (m) => lines.push(m), initialDelayMs: 300 },
    );
    await waitFor(() => lines.length === 1);
    expect(lines[0]).toBe('pending exited (code 2); restarting in 0.3 s (attempt 1)');
    await sup.stop();
    await sleep(500);
    expect(starts).toBe(1);
    expect(lines).toHaveLength(1);
  });

  test('a first child that exits before it is ready is not restarted: ready rejects', async () => {
    const lines = [];
    let starts = 0;
    const sup = supervise(
      'broken',
      () => {
        starts += 1;
        return node(EXIT_AT_ONCE(1));
      },
      { log: (m) => lines.push(m), initialDelayMs: 20, ready: readyLine },
    );
    supervisors.push(sup);
    await expect(sup.ready).rejects.toThrow('exited (1) before it was ready');
    await sleep(200);
    expect(starts).toBe(1);
    expect(lines).toEqual([]);
  });

  test('a command that cannot be spawned is retried, not thrown', async () => {
    const lines = [];
    let starts = 0;
    const sup = supervise(
      'missing',
      () => {
        starts += 1;
        return starts === 1 ? node(EXIT_AT_ONCE(1)) : spawn('/nonexistent/citable-binary', [], { stdio: 'ignore' });
      },
      { log: (m) => lines.push(m), initialDelayMs: 20 },
    );
    supervisors.push(sup);
    await waitFor(() => starts >= 3);
    expect(lines).toContain('missing: spawn /nonexistent/citable-binary ENOENT');
    expect(lines).toContain('missing exited (failed to start); restarting in 0.0 s (attempt 2)');
  });
});

describe('supervise with processGroup (a child that starts servers of its own, like the backend)', () => {
  // the grandchild ends by itself after 20 s at most, so a failing test leaves nothing behind for long
  const GRANDCHILD = `setTimeout(() => process.exit(0), 20000); setInterval(() => {}, 1000)`;
  /** A detached child (its own process group) that starts a grandchild, prints its pid, then stays or crashes. */
  function parentOfGrandchild({ crashAfterMs }) {
    const code = `
      const g = require('node:child_process').spawn(process.execPath, ['-e', ${JSON.stringify(GRANDCHILD)}], { stdio: 'ignore' });
      console.log('grandchild ' + g.pid);
      ${crashAfterMs ? `setTimeout(() => process.exit(1), ${crashAfterMs})` : STAY_UP}`;
    return spawn(process.execPath, ['-e', code], { stdio: ['ignore', 'pipe', 'ignore'], detached: true });
  }
  function grandchildPid(child) {
    return new Promise((resolve) => {
      child.stdout.on('data', (chunk) => {
        const match = /grandchild (\d+)/.exec(String(chunk));
        if (match) resolve(Number(match[1]));
      });
    });
  }

  test('what a crashed child left running is stopped before the restart', async () => {
    const lines = [];
    let starts = 0;
    const grandchildren = [];
    const sup = supervise(
      'backendish',
      () => {
        starts += 1;
        const child = parentOfGrandchild({ crashAfterMs: starts === 1 ? 300 : 0 });
        grandchildren.push(grandchildPid(child));
        return child;
      },
      { log: (m) => lines.push(m), initialDelayMs: 50, processGroup: true, groupGraceMs: 1_000 },
    );
    supervisors.push(sup);
    const first = await grandchildren[0];
    expect(isAlive(first)).toBe(true);
    await waitFor(() => starts === 2);
    expect(isAlive(first)).toBe(false);
    expect(lines[0]).toBe(
      'backendish exited (code 1) (stopped the processes it left running); restarting in 0.1 s (attempt 1)',
    );
    expect(isAlive(await grandchildren[1])).toBe(true);
  });

  test('stop() stops what the child leaves behind too', async () => {
    let grandchild;
    const sup = supervise(
      'backendish',
      () => {
        const child = parentOfGrandchild({ crashAfterMs: 0 });
        grandchild = grandchildPid(child);
        return child;
      },
      { processGroup: true, ready: readyLine },
    );
    await sup.ready;
    const pid = await grandchild;
    expect(isAlive(pid)).toBe(true);
    await sup.stop(1_000);
    expect(isAlive(sup.child.pid)).toBe(false);
    expect(isAlive(pid)).toBe(false);
  });

  test('a child spawned without detached: true leads no group: nothing else is signalled', async () => {
    const lines = [];
    let starts = 0;
    const sup = supervise(
      'attached',
      () => {
        starts += 1;
        return node(starts === 1 ? EXIT_AT_ONCE(1) : STAY_UP);
      },
      { log: (m) => lines.push(m), initialDelayMs: 20, processGroup: true },
    );
    supervisors.push(sup);
    await waitFor(() => starts === 2);
    // its group is the test process's: untouched (we are still here), and no leftovers claimed
    expect(lines[0]).toBe('attached exited (code 1); restarting in 0.0 s (attempt 1)');
  });
});

describe('stopAll', () => {
  test('stops supervised children and plain ones, SIGKILL for those that ignore SIGTERM', async () => {
    const a = supervise('a', () => node(STAY_UP), { ready: readyLine });
    const b = supervise('b', () => node(STAY_UP), { ready: readyLine });
    const stubborn = node(`process.on('SIGTERM', () => {}); ${STAY_UP}`);
    await Promise.all([a.ready, b.ready, readyLine(stubborn)]);
    const pids = [a.child.pid, b.child.pid, stubborn.pid];
    expect(pids.every(isAlive)).toBe(true);

    const started = Date.now();
    await stopAll([a, b, stubborn], 300);
    expect(pids.some(isAlive)).toBe(false);
    expect(stubborn.signalCode).toBe('SIGKILL');
    expect(a.child.signalCode).toBe('SIGTERM');
    expect(Date.now() - started).toBeGreaterThanOrEqual(250);
    await sleep(100);
    expect(a.restarts + b.restarts).toBe(0);
  });

  test('children that already exited are fine', async () => {
    const gone = node(EXIT_AT_ONCE(0));
    await new Promise((resolve) => gone.once('exit', resolve));
    await expect(stopAll([gone], 100)).resolves.toBeUndefined();
  });
});
