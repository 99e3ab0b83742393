// Waiting for a condition in tests: poll it until it holds, failing with `what` after a deadline
// (no fixed sleeps: a test goes on as soon as what it waits for has happened).

/**
 * Resolves with the first truthy value of `check` (sync or async), polled every `everyMs`;
 * rejects after `timeoutMs` with "timed out waiting for <what>".
 * @template T
 * @param {() => T | Promise<T>} check
 * @param {{ timeoutMs?: number, everyMs?: number, what?: string }} [opts]
 * @returns {Promise<NonNullable<T>>}
 */
export async function waitFor(check, { timeoutMs = 10_000, everyMs = 10, what = 'a condition' } = {}) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value) return /** @type {NonNullable<T>} */ (value);
    if (Date.now() > deadline) throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}`);
    await new Promise((r) => setTimeout(r, everyMs));
  }
}
