// The pool npm start runs the app builds in (scripts/lib/pool.cjs): how many at once, in which order,
// what a failure stops.
const { jobCount, runPool } = require('../pool.cjs');

/** A task whose end the test decides: task.resolve(value) / task.reject(error). */
function deferredTask(name, log) {
  let resolveRun;
  let rejectRun;
  const task = () => {
    log.push(`start ${name}`);
    return new Promise((resolve, reject) => {
      resolveRun = resolve;
      rejectRun = reject;
    });
  };
  task.resolve = (value) => resolveRun(value);
  task.reject = (error) => rejectRun(error);
  task.started = () => resolveRun !== undefined;
  return task;
}

const flush = () => new Promise((resolve) => setImmediate(resolve));

describe('runPool', () => {
  test('runs at most `limit` tasks at once, in the order given, and starts the next as one ends', async () => {
    const log = [];
    const tasks = ['marketing', 'workspace', 'shell', 'reviewer'].map((name) => deferredTask(name, log));
    const done = runPool(tasks, 2);
    await flush();
    expect(log).toEqual(['start marketing', 'start workspace']);

    tasks[1].resolve('w');
    await flush();
    expect(log).toEqual(['start marketing', 'start workspace', 'start shell']);

    tasks[0].resolve('m');
    await flush();
    expect(log).toEqual(['start marketing', 'start workspace', 'start shell', 'start reviewer']);

    tasks[3].resolve('r');
    tasks[2].resolve('s');
    // results in the tasks' order, not in the order they ended
    await expect(done).resolves.toEqual(['m', 'w', 's', 'r']);
  });

  test('with a limit of 1 the tasks run one after another', async () => {
    const log = [];
    const tasks = ['a', 'b'].map((name) => deferredTask(name, log));
    const done = runPool(tasks, 1);
    await flush();
    expect(log).toEqual(['start a']);
    tasks[0].resolve(1);
    await flush();
    expect(log).toEqual(['start a', 'start b']);
    tasks[1].resolve(2);
    await expect(done).resolves.toEqual([1, 2]);
  });

  test('a failure starts no further task, waits for the running ones, then rejects with the first error', async () => {
    const log = [];
    const tasks = ['a', 'b', 'c'].map((name) => deferredTask(name, log));
    let settled = false;
    const done = runPool(tasks, 2).finally(() => {
      settled = true;
    });
    done.catch(() => {});
    await flush();
    tasks[0].reject(new Error('a failed'));
    await flush();
    expect(tasks[2].started()).toBe(false);
    // b is still running: the pool has not given up on it
    expect(settled).toBe(false);
    tasks[1].reject(new Error('b failed too'));
    await expect(done).rejects.toThrow('a failed');
    expect(log).toEqual(['start a', 'start b']);
  });

  test('a task that throws synchronously counts as a failure', async () => {
    const done = runPool(
      [
        () => {
          throw new Error('bad task');
        },
      ],
      2,
    );
    await expect(done).rejects.toThrow('bad task');
  });

  test('no task: resolves at once with no results', async () => {
    await expect(runPool([], 2)).resolves.toEqual([]);
  });

  test('a limit that is not a whole number ≥ 1 is refused', async () => {
    await expect(runPool([async () => 1], 0)).rejects.toThrow(/limit/);
    await expect(runPool([async () => 1], 1.5)).rejects.toThrow(/limit/);
  });
});

describe('jobCount', () => {
  test('2 by default, never more than the tasks there are, at least 1', () => {
    expect(jobCount(undefined, 4)).toBe(2);
    expect(jobCount('', 4)).toBe(2);
    expect(jobCount(undefined, 1)).toBe(1);
    expect(jobCount(undefined, 0)).toBe(1);
  });

  test('BUILD_JOBS chooses it', () => {
    expect(jobCount('1', 4)).toBe(1);
    expect(jobCount(' 3 ', 4)).toBe(3);
    expect(jobCount('8', 4)).toBe(4);
  });

  test('a BUILD_JOBS that is not a whole number ≥ 1 is a clear error', () => {
    for (const bad of ['0', '-1', 'two', '1.5']) {
      expect(() => jobCount(bad, 4)).toThrow(`BUILD_JOBS must be a whole number of 1 or more (got "${bad}")`);
    }
  });
});
