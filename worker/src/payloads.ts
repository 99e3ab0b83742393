// The jobs' payloads, checked at the boundary: each task's payload comes from a database trigger
// (supabase/migrations, graphile_worker.add_job) or from addJob, and is JSON the worker did not
// write. An assertion function per task says what the payload must be; a payload it refuses fails
// the job for good (typedTask: no retry can fix it), with the assertion's message as the job's
// last_error.
import type { JobHelpers, Task } from 'graphile-worker';
import { PermanentError, readableError } from './errors.js';

/** A job's payload that is not what its task takes: running again cannot fix it. */
export class InvalidPayloadError extends PermanentError {
  constructor(task: string, why: string, payload: unknown) {
    super(`Invalid ${task} payload (${why}): ${JSON.stringify(payload)?.slice(0, 200)}`);
    this.name = 'InvalidPayloadError';
  }
}

type JsonObject = Record<string, unknown>;

function assertObject(task: string, payload: unknown): asserts payload is JsonObject {
  if (typeof payload !== 'object' || payload === null || Array.isArray(payload)) throw new InvalidPayloadError(task, 'not an object', payload);
}

/** A positive integer id (a bigint column: JSON number, or its digits). */
function positiveInteger(value: unknown): number | null {
  const n = typeof value === 'number' ? value : typeof value === 'string' && /^\d+$/.test(value) ? Number(value) : NaN;
  return Number.isSafeInteger(n) && n > 0 ? n : null;
}

/** pages_action {id, rateLimitDelays?}: one run of a pages_actions row. */
export interface PageActionPayload {
  id: number;
  /** rate-limit reschedules of this run so far (runner.ts) */
  rateLimitDelays?: number;
}

export function assertPageActionPayload(payload: unknown): asserts payload is PageActionPayload {
  assertObject('pages_action', payload);
  const id = positiveInteger(payload.id);
  if (id === null) throw new InvalidPayloadError('pages_action', 'id must be a positive integer', payload);
  payload.id = id;
  const delays = payload.rateLimitDelays;
  if (delays !== undefined && !(typeof delays === 'number' && Number.isInteger(delays) && delays >= 0)) {
    throw new InvalidPayloadError('pages_action', 'rateLimitDelays must be a non-negative integer', payload);
  }
}

/** contact_message {id}, first_article_request {id} and notification_mail {id}: the row whose e-mails to send. */
export interface MessagePayload {
  id: number;
}

export const assertMessagePayload =
  (task: 'contact_message' | 'first_article_request' | 'notification_mail' | 'send_version' | 'visibility_run') =>
  (payload: unknown): asserts payload is MessagePayload => {
    assertObject(task, payload);
    const id = positiveInteger(payload.id);
    if (id === null) throw new InvalidPayloadError(task, 'id must be a positive integer', payload);
    payload.id = id;
  };

/** sanitize_version {id}: the pages_versions row (uuid) whose HTML to sanitize. */
export interface SanitizeVersionPayload {
  id: string;
}

export function assertSanitizeVersionPayload(payload: unknown): asserts payload is SanitizeVersionPayload {
  assertObject('sanitize_version', payload);
  if (typeof payload.id !== 'string' || !/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(payload.id)) {
    throw new InvalidPayloadError('sanitize_version', 'id must be a uuid', payload);
  }
}

/** wordpress_connect {site}: the site whose pending WordPress connection to open, test and store. */
export interface WordPressConnectPayload {
  site: number;
}

export function assertWordPressConnectPayload(payload: unknown): asserts payload is WordPressConnectPayload {
  assertObject('wordpress_connect', payload);
  if (typeof payload.site !== 'number' || !Number.isSafeInteger(payload.site) || payload.site <= 0) {
    throw new InvalidPayloadError('wordpress_connect', 'site must be a positive integer', payload);
  }
}

/** storage_cleanup: the stored object of a deleted row (a page's image, or a site's logo). */
export type StorageCleanupPayload = { bucket: 'page-images'; path: string; page: number } | { bucket: 'seo1'; path: string; owner: string };

export function assertStorageCleanupPayload(payload: unknown): asserts payload is StorageCleanupPayload {
  assertObject('storage_cleanup', payload);
  if (typeof payload.path !== 'string' || !payload.path) throw new InvalidPayloadError('storage_cleanup', 'path must be a non-empty string', payload);
  if (payload.bucket === 'page-images') {
    const page = positiveInteger(payload.page);
    if (page === null) throw new InvalidPayloadError('storage_cleanup', 'page must be a positive integer', payload);
    payload.page = page;
  } else if (payload.bucket === 'seo1') {
    if (typeof payload.owner !== 'string' || !payload.owner) throw new InvalidPayloadError('storage_cleanup', 'owner must be a non-empty string', payload);
  } else {
    throw new InvalidPayloadError('storage_cleanup', 'bucket must be page-images or seo1', payload);
  }
}

/**
 * A Graphile task from a payload assertion and a typed executor. A payload the assertion refuses
 * fails the job for good: its attempts are used up (max_attempts = attempts) before the error is
 * thrown, so Graphile records the message as last_error and never runs it again; the job stays in
 * the queue to be looked at. Any other error is the executor's: retried with backoff.
 */
export function typedTask<P>(
  name: string,
  assertPayload: (payload: unknown) => asserts payload is P,
  execute: (payload: P, helpers: JobHelpers) => Promise<unknown>,
  log: (message: string) => void,
): Task {
  return async (payload, helpers) => {
    try {
      assertPayload(payload);
    } catch (error) {
      log(`[${name} job ${helpers.job.id}] ${readableError(error)}: failed for good`);
      await helpers.withPgClient((client) =>
        client.query('update graphile_worker._private_jobs set max_attempts = attempts where id = $1', [helpers.job.id]),
      );
      throw error;
    }
    await execute(payload, helpers);
  };
}
