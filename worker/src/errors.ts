// Errors of a job run. The runner decides from them what happens to the pages_actions row:
//   PermanentError (and NotConfiguredError)  -> failed at once, last_error = the message, no retry;
//   any other error                          -> retried by Graphile Worker with backoff while
//                                               attempts remain, then failed with the message;
//   a TransientError with retryAfterMs        -> (a 429 whose Retry-After is too long to wait in
//                                               place) rescheduled after that delay, the attempt
//                                               not counted against the job's retries.

/** A failure that running again cannot fix (bad input, a provider refusing the request). */
export class PermanentError extends Error {
  readonly permanent = true;

  constructor(message: string, options?: ErrorOptions) {
    super(message, options);
    this.name = 'PermanentError';
  }
}

/** A provider without its configuration: "… is not configured: set …". */
export class NotConfiguredError extends PermanentError {
  constructor(what: string, how: string) {
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
  readonly status: number | undefined;
  readonly retryAfterMs: number | undefined;

  constructor(message: string, options: ErrorOptions & { status?: number; retryAfterMs?: number; } = {}) {
    super(message, options);
    this.name = 'TransientError';
    this.status = options.status;
    this.retryAfterMs = options.retryAfterMs;
  }
}

export const isPermanent = (error: unknown): boolean => typeof error === 'object' && error !== null && 'permanent' in error && Boolean(error.permanent);

/**
 * A message for last_error: one readable line, at most 2000 characters.
 */
export function readableError(error: unknown) {
  const message = error instanceof Error ? error.message : String(error);
  const line = message.replace(/\s+/g, ' ').trim() || 'Unknown error';
  return line.length > 2000 ? `${line.slice(0, 1997)}…` : line;
}
