// Errors of a job run. The runner decides from them what happens to the pages_actions row:
//   PermanentError (and NotConfiguredError)  -> failed at once, last_error = the message, no retry;
//   any other error                          -> retried by Graphile Worker with backoff while
//                                               attempts remain, then failed with the message;
//   a TransientError with retryAfterMs        -> (a 429 whose Retry-After is too long to wait in
//                                               place) rescheduled after that delay, the attempt
//                                               not counted against the job's retries.

/** A failure that running again cannot fix (bad input, a provider refusing the request). */
export class PermanentError extends Error {
  /** @param {string} message @param {ErrorOptions} [options] */
  constructor(message, options) {
    super(message, options);
    this.name = 'PermanentError';
    this.permanent = true;
  }
}

/** A provider without its configuration: "… is not configured: set …". */
export class NotConfiguredError extends PermanentError {
  /** @param {string} what @param {string} how */
  constructor(what, how) {
    super(`${what} is not configured: set ${how}.`);
    this.name = 'NotConfiguredError';
  }
}

/**
 * A provider answered with an error worth retrying (429, 5xx, timeout, network). retryAfterMs: the
 * delay a rate-limiting provider asked for (429 Retry-After), after which the runner reschedules
 * the job instead of spending one of its attempts.
 */
export class TransientError extends Error {
  /** @param {string} message @param {ErrorOptions & { status?: number, retryAfterMs?: number }} [options] */
  constructor(message, options = {}) {
    super(message, options);
    this.name = 'TransientError';
    this.status = options.status;
    this.retryAfterMs = options.retryAfterMs;
  }
}

/**
 * @param {unknown} error
 * @returns {boolean}
 */
export const isPermanent = (error) => Boolean(error && typeof error === 'object' && /** @type {any} */ (error).permanent);

/**
 * A message for last_error: one readable line, at most 2000 characters.
 * @param {unknown} error
 */
export function readableError(error) {
  const message = error instanceof Error ? error.message : String(error);
  const line = message.replace(/\s+/g, ' ').trim() || 'Unknown error';
  return line.length > 2000 ? `${line.slice(0, 1997)}…` : line;
}
