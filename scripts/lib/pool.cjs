// Runs async tasks a few at a time (npm start: the stale apps' production builds, two at a time on
// a 2-core machine while the backend starts beside them). CommonJS so that the jest `scripts`
// project tests it as it is; start.mjs requires it.

/**
 * How many builds run at once: BUILD_JOBS when it is a whole number ≥ 1, else `fallback` (2: on the
 * 2-core machines a cold start went from 4 builds in a row to 2 × 2; more only adds contention),
 * never more than the builds there are.
 * @param {string | undefined} value the BUILD_JOBS variable
 * @param {number} taskCount how many builds there are
 */
function jobCount(value, taskCount, fallback = 2) {
  const trimmed = typeof value === 'string' ? value.trim() : '';
  if (trimmed !== '' && !/^[1-9][0-9]*$/.test(trimmed)) {
    throw new Error(`BUILD_JOBS must be a whole number of 1 or more (got "${value}")`);
  }
  const jobs = trimmed === '' ? fallback : Number(trimmed);
  return Math.max(1, Math.min(jobs, taskCount));
}

/**
 * Runs `tasks` (functions returning promises) with at most `limit` running at once, started in the
 * order given. Resolves with their results in that order. When one fails, no further task starts;
 * the ones already running are waited for (so nothing is left half-written behind the caller) and
 * the promise rejects with the first error.
 * @template T
 * @param {Array<() => Promise<T>>} tasks
 * @param {number} limit
 * @returns {Promise<T[]>}
 */
function runPool(tasks, limit) {
  if (!Number.isInteger(limit) || limit < 1) return Promise.reject(new Error(`runPool: limit must be a whole number ≥ 1 (got ${limit})`));
  return new Promise((resolve, reject) => {
    const results = new Array(tasks.length);
    let next = 0;
    let running = 0;
    let failure = null;

    const settle = () => {
      if (running > 0) return;
      if (failure) reject(failure.error);
      else if (next >= tasks.length) resolve(results);
    };

    const startMore = () => {
      while (!failure && running < limit && next < tasks.length) {
        const index = next;
        next += 1;
        running += 1;
        Promise.resolve()
          .then(() => tasks[index]())
          .then(
            (value) => {
              results[index] = value;
            },
            (error) => {
              if (!failure) failure = { error };
            },
          )
          .finally(() => {
            running -= 1;
            startMore();
            settle();
          });
      }
    };

    startMore();
    settle();
  });
}

module.exports = { jobCount, runPool };
