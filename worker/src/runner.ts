// The page-actions worker: Graphile Worker (SKIP LOCKED dequeuing, retries with exponential
// backoff, LISTEN/NOTIFY wake-up) running three tasks enqueued by database triggers
// (supabase/migrations/20261126000400_worker_queue.sql):
//   pages_action {id}           one run of a pages_actions row
//   contact_message {id}        e-mail of a public contact message
//   first_article_request {id}  e-mails of a first-article request
//   notification_mail {id}      the operator's e-mail of a client decision (actions/notification-mail.ts)
//   send_version {id}           "Send to client": the /view link of a version (version_sends row)
//   visibility_run {id}         an AI-visibility run (actions/visibility.ts, issue 33)
//   visibility_schedule         cron (VISIBILITY_CRON): queues the visibility runs that are due
// Any number of these processes, on any number of machines, can share one database.
//
// A pages_actions run: status 'running' and attempts + 1 (own transaction, visible at once),
// then the action; then 'done' with cost_usd, usage and duration_ms (added up over the run's
// attempts: a retry spends again) — or, on an error,
// 'failed' with last_error when the error is permanent or the job's last attempt, else
// 'queued' with last_error and Graphile retries it later (after the provider's Retry-After, without
// spending a retry, when a 429 said how long to wait).
//
// Crash recovery: each Graphile worker id of this process beats in citable_worker.heartbeats;
// every process unlocks (graphile_worker.force_unlock_workers) the jobs locked longer than
// WORKER_LOCK_TIMEOUT_MS by a worker whose heartbeat is older than that: a process killed in
// the middle of a job loses nothing, the job runs again elsewhere.
//
// Database outages (issue 27, #9): the pool waits for an unreachable database (db.js ResilientPool),
// so nothing Graphile or an action does fails for it — the outage is logged once, the worker goes
// on when PostgreSQL is back. What a cut connection still breaks is recovered: a row's final status
// is written again until it lands (idempotent); a job whose completion or failure was lost in
// flight is unlocked again by this process once the database has been back for the lock timeout
// (releaseStrandedJobs), and a job run again for a row already done or failed does nothing; an
// action that writes its result in workerTx finds what it wrote (create_article). If Graphile's
// runner stops on its own anyway, it is started again.
//
// sanitize_version {id} (issue 27, #13): HTML an end user wrote (save_version_edit, PostgREST) is
// rewritten with sanitize.js's rules and marked html_sanitized (migration 20261128000400): the job
// is jobs/sanitize-version.ts.
//
// Cron (Graphile's crontab, parsedCronItems): expire_discovery_orders every 10 minutes, the pending
// discovery orders whose Stripe session is over (jobs/expire-orders.ts); visibility_schedule on
// VISIBILITY_CRON (actions/visibility.ts). A run's usage, cost, warnings and stages: run-journal.ts.
import { EventEmitter } from 'node:events';
import { Logger, parseCrontab, run, type AddJobFunction, type Job, type Runner, type RunnerOptions, type WorkerEvents } from 'graphile-worker';
import type { WorkerConfig } from './config.js';
import { TransientError, isPermanent, readableError } from './errors.js';
import { createOpenRouter } from './providers/openrouter.js';
import { createSerp } from './providers/serp.js';
import { runSerps } from './actions/serps.js';
import { runLlmAnswers } from './actions/llm-answers.js';
import { runCreateArticle } from './actions/create-article.js';
import { runModifyArticle } from './actions/modify-article.js';
import { runCoverImage } from './actions/cover-image.js';
import { runContactFormAction, sendContactMessage, sendFirstArticleRequest } from './actions/mail.js';
import { runStorageCleanup } from './actions/storage-cleanup.js';
import { sendNotificationMail } from './actions/notification-mail.js';
import { sendVersion } from './actions/send-version.js';
import { runResearchPage } from './engine/research.js';
import { runPublishWordPress } from './actions/publish-wordpress.js';
import { ensureSealingKey, keysOf, runWordPressConnect } from './wordpress/connect.js';
import { createMailer } from './mail/mailer.js';
import { ResilientPool, isConnectionError, outageReporter, retryOnConnectionError } from './db.js';
import { sanitizeVersion } from './jobs/sanitize-version.js';
import { CRON_ITEMS, EXPIRE_ORDERS_TASK, expireDiscoveryOrders } from './jobs/expire-orders.js';
import { runVisibility, runVisibilitySchedule } from './actions/visibility.js';
import { addRunCost, runJournal, usageRecorder, type RunUsage, type UsageEntry } from './run-journal.js';
import {
  assertMessagePayload,
  assertPageActionPayload,
  assertSanitizeVersionPayload,
  assertStorageCleanupPayload,
  assertWordPressConnectPayload,
  typedTask,
  type PageActionPayload,
} from './payloads.js';
import type { Mail } from './mail/mailer.js';
import type { ActionWarning } from '@citable/shared/engine';

// What other modules and the tests import from here.
export { addRunCost, runJournal, usageRecorder, type ProviderUsage, type RunUsage, type UsageEntry } from './run-journal.js';
export { sanitizeVersion } from './jobs/sanitize-version.js';
export { CRON_ITEMS, EXPIRE_ORDERS_TASK, expireDiscoveryOrders } from './jobs/expire-orders.js';

/** What every task runs with. */
export interface TaskContext {
  pool: ResilientPool;
  config: WorkerConfig;
  openrouter: ReturnType<typeof createOpenRouter>;
  serp: ReturnType<typeof createSerp>;
  mailer: { send: (mail: Mail) => Promise<unknown> };
  log: (message: string) => void;
}

/** The pages_actions row being run (node-pg: bigint and numeric columns come as strings). */
export interface PageActionRow {
  id: string;
  linked_page: string;
  linked_action: string;
  linked_pages_version: string | null;
  creator: string | null;
  /** jsonb: the request's options (an object) */
  info_json: Record<string, unknown> | null;
  /** a keyword id (serps) */
  info2: string | null;
  created_date: Date;
  status: string;
  attempts: number;
  last_error: string | null;
  cost_usd: string | null;
  usage: Partial<RunUsage> | null;
  duration_ms: number | null;
  /** actions.name */
  action_name: string;
  /** created_date to the microsecond: names this run */
  run_key: string;
}

/** What an action runs with: the task's context, its row, and where it records its providers' usage. */
export interface ActionContext extends TaskContext {
  action: PageActionRow;
  recordUsage: (entry: UsageEntry) => void;
  /**
   * Records what the run skipped or could not do (pages_actions.warnings, saved when the run ends,
   * done or failed): nothing the engine skips is silent.
   */
  warn: (warning: ActionWarning) => void;
  /**
   * Runs one stage of the action and records its time, cost and provider calls
   * (pages_actions.stages, saved when the run ends), whether it succeeds or throws. Cost and calls
   * are the usage recorded from within it (its async context): stages may run at the same time.
   */
  stage: <T>(name: string, fn: () => Promise<T>) => Promise<T>;
}

/** What an action may answer: a warning (e.g. a model skipped) shown on the done row. */
export type ActionResult = { warning?: string | null; [detail: string]: unknown } | void;

export const ACTIONS: Record<string, (ctx: ActionContext) => Promise<ActionResult>> = {
  serps: runSerps,
  llm_answers: runLlmAnswers,
  create_article: runCreateArticle,
  modify_articles_with_instructions: runModifyArticle,
  create_cover_image: runCoverImage,
  contact_form: runContactFormAction,
  research_page: runResearchPage,
  publish_wordpress: runPublishWordPress,
};

/** Rate-limit reschedules of one run at most; past them a 429 is retried like any other error. */
export const MAX_RATE_LIMIT_DELAYS = 10;
/** The longest Retry-After honoured by a reschedule (a day). */
const MAX_RATE_LIMIT_DELAY_MS = 24 * 3600 * 1000;

/** The delay a rate-limiting provider asked for, when the run should be rescheduled for it. */
function rateLimitDelay(error: unknown, delaysSoFar: number) {
  const ms = error instanceof TransientError ? error.retryAfterMs : undefined;
  if (isPermanent(error) || typeof ms !== 'number' || !Number.isFinite(ms) || delaysSoFar >= MAX_RATE_LIMIT_DELAYS) return null;
  return Math.min(Math.max(ms, 0), MAX_RATE_LIMIT_DELAY_MS);
}

/**
 * Runs one pages_actions row (the pages_action task; its payload checked by assertPageActionPayload).
 */
export async function runPageAction(
  base: TaskContext,
  payload: PageActionPayload,
  helpers: { job: Pick<Job, 'attempts' | 'max_attempts' | 'job_queue_id'>; addJob?: AddJobFunction },
) {
  const { id } = payload;
  const started = Date.now();
  // One statement each (autocommit): the enqueue trigger only fires on created_date changes,
  // which the worker never makes. The first attempt of a run (attempts 0: a new row, or one a
  // refresh re-queued) clears the cost of the previous run; a retry adds to it (addRunCost).
  const { rows: claimed } = await base.pool.query<PageActionRow>(
    `update public.pages_actions pa
        set status = 'running', attempts = pa.attempts + 1, started_at = now(), finished_at = null,
            cost_usd = case when pa.attempts = 0 then null else pa.cost_usd end,
            usage = case when pa.attempts = 0 then null else pa.usage end,
            duration_ms = case when pa.attempts = 0 then null else pa.duration_ms end,
            warnings = '[]'::jsonb, stages = '[]'::jsonb
       from public.actions a
      where pa.id = $1 and a.id = pa.linked_action and pa.status in ('queued', 'running')
      returning pa.*, a.name as action_name, pa.created_date::text as run_key`,
    [id],
  );
  const action = claimed[0];
  // run_key: created_date to the microsecond (a JS Date keeps milliseconds), naming this run.
  // Deleted since it was queued, or already done or failed (a job whose completion was lost in an
  // outage, run again): nothing to do. Every new run sets the row back to queued first.
  if (!action) return;
  const recorder = usageRecorder();
  const journal = runJournal(recorder);
  const ctx: ActionContext = {
    ...base,
    action,
    recordUsage: recorder.record,
    warn: journal.warn,
    stage: journal.stage,
    log: (m) => base.log(`[action ${id} ${action.action_name}] ${m}`),
  };
  const finish = (status: 'done' | 'queued' | 'failed', error: string | null) => {
    const { usage, cost, durationMs } = addRunCost(
      { usage: action.usage, cost: action.cost_usd, durationMs: action.duration_ms },
      { ...recorder.result(), durationMs: Date.now() - started },
    );
    // Idempotent: written again until it lands when the database is briefly unreachable.
    return retryOnConnectionError(() =>
      base.pool.query(
        `update public.pages_actions
            set status = $2, last_error = $3, cost_usd = $4, usage = $5, duration_ms = $6, finished_at = now(),
                warnings = $7, stages = $8
          where id = $1`,
        [id, status, error, cost, JSON.stringify(usage), durationMs, JSON.stringify(journal.warnings), JSON.stringify(journal.stages)],
      ),
    );
  };
  try {
    const handler = ACTIONS[action.action_name];
    if (!handler) throw Object.assign(new Error(`Unknown action "${action.action_name}"`), { permanent: true });
    const result = await handler(ctx);
    // A done run may carry a warning (e.g. a model skipped), shown like an error.
    await finish('done', result?.warning ? readableError(result.warning) : null);
    ctx.log(`done in ${Date.now() - started} ms`);
  } catch (error) {
    const message = readableError(error);
    // A 429 with a Retry-After too long to wait in place: a new job for the same row at that time
    // (same key, queue and remaining retries; Graphile clears the key of this running job, which
    // then completes), so the attempt is not spent on exponential backoff.
    const delays = payload.rateLimitDelays ?? 0;
    const delayMs = helpers.addJob ? rateLimitDelay(error, delays) : null;
    if (delayMs !== null && helpers.addJob) {
      const queueId = helpers.job.job_queue_id;
      const queueName = queueId
        ? (await base.pool.query<{ queue_name: string }>('select queue_name from graphile_worker._private_job_queues where id = $1', [queueId])).rows[0]?.queue_name
        : undefined;
      await finish('queued', message);
      await helpers.addJob(
        'pages_action',
        { id, rateLimitDelays: delays + 1 },
        {
          jobKey: `pages_action:${id}`,
          runAt: new Date(Date.now() + delayMs),
          queueName: queueName ?? undefined,
          maxAttempts: Math.max(1, helpers.job.max_attempts - helpers.job.attempts + 1),
        },
      );
      ctx.log(`rate limited: runs again in ${Math.ceil(delayMs / 1000)} s`);
      return;
    }
    const last = isPermanent(error) || helpers.job.attempts >= helpers.job.max_attempts;
    await finish(last ? 'failed' : 'queued', message);
    ctx.log(`${last ? 'failed' : 'will retry'}: ${message}`);
    if (!last) throw error; // Graphile reschedules it with backoff
  }
}

export interface StartWorkerOptions {
  config: WorkerConfig;
  log?: (message: string) => void;
  /** where mail goes (tests); by default the mailer of config.mail */
  mailer?: TaskContext['mailer'];
  fetchImpl?: typeof fetch;
}

/** Starts a worker process's runner. */
export async function startWorker({ config, log = (m) => console.log(m), mailer, fetchImpl }: StartWorkerOptions) {
  if (!config.databaseUrl) throw new Error('DATABASE_URL is not set (and no local backend wrote .data/backend.json): start the backend first or set DATABASE_URL.');
  const outage = outageReporter(log);
  const pool = new ResilientPool({ connectionString: config.databaseUrl, max: config.concurrency + 4, outage });
  const onConnectionError = (what: string, e: Error) => (isConnectionError(e) ? outage.down(e) : log(`[${what}] ${e.message}`));
  pool.on('error', (e) => onConnectionError('worker pool', e));
  // A connection that breaks while checked out reports here, not on the pool (Graphile checks both).
  pool.on('connect', (client) => client.on('error', (e) => onConnectionError('worker connection', e)));
  const ownMailer = mailer ? null : await createMailer({ smtpUrl: config.mail.smtpUrl, dataDir: config.dataDir, log });
  const base: TaskContext = {
    pool,
    config,
    openrouter: createOpenRouter(config.openrouter, { fetchImpl }),
    serp: createSerp(config.serp, { fetchImpl }),
    mailer: mailer ?? ownMailer!,
    log,
  };

  const workerIds = new Set<string>();
  const beat = async () => {
    if (workerIds.size === 0) return;
    await pool.query(
      `insert into citable_worker.heartbeats (worker_id, process, beat_at)
       select w, $2, now() from unnest($1::text[]) w
       on conflict (worker_id) do update set beat_at = now(), process = excluded.process`,
      [[...workerIds], config.workerName],
    );
  };
  const reap = async () => {
    const { rows } = await pool.query<{ dead: (string | null)[] }>(
      `select array(
         select distinct j.locked_by from graphile_worker._private_jobs j
          where j.locked_by is not null and j.locked_at < now() - make_interval(secs => $1::double precision / 1000)
            and not exists (select 1 from citable_worker.heartbeats h
                             where h.worker_id = j.locked_by and h.beat_at > now() - make_interval(secs => $1::double precision / 1000))
         union
         select distinct q.locked_by from graphile_worker._private_job_queues q
          where q.locked_by is not null and q.locked_at < now() - make_interval(secs => $1::double precision / 1000)
            and not exists (select 1 from citable_worker.heartbeats h
                             where h.worker_id = q.locked_by and h.beat_at > now() - make_interval(secs => $1::double precision / 1000))
       ) as dead`,
      [config.lockTimeoutMs],
    );
    const dead = rows[0].dead.filter((w): w is string => Boolean(w));
    if (dead.length > 0) {
      await pool.query('select graphile_worker.force_unlock_workers($1::text[])', [dead]);
      await pool.query('delete from citable_worker.heartbeats where worker_id = any($1::text[])', [dead]);
      log(`unlocked the jobs of ${dead.length} dead worker(s): ${dead.join(', ')}`);
    }
    await pool.query("delete from citable_worker.heartbeats where beat_at < now() - interval '1 day'");
  };
  /** Jobs this process is running now (Graphile's job:start … job:complete). */
  const activeJobs = new Set<string>();
  /** Graphile's pool ids of this process (the jobs it fetches are locked by them). */
  const poolIds = new Set<string>();
  // A job locked by this live process but not running here: its completion or failure was cut in
  // flight (or its fetch's answer was). Unlocked once the database has been back long enough for
  // any completion still waiting on a connection to have landed; a job run again for a finished
  // row does nothing (runPageAction), a lost failure is the retry it was going to be anyway.
  const releaseStrandedJobs = async () => {
    if (outage.healthyForMs < Math.max(config.lockTimeoutMs, 10_000) || poolIds.size === 0 || config.localQueueSize > 1) return;
    const { rows } = await pool.query<{ jobs: number }>(
      `with stranded as (
         update graphile_worker._private_jobs j set locked_by = null, locked_at = null
          where j.locked_by = any($1::text[]) and not (j.id = any($2::bigint[]))
            and j.locked_at < now() - make_interval(secs => $3::double precision / 1000)
         returning j.id, j.job_queue_id
       ), queues as (
         update graphile_worker._private_job_queues q set locked_by = null, locked_at = null
           from stranded s where q.id = s.job_queue_id and q.locked_by = any($1::text[])
         returning q.id
       )
       select (select count(*)::int from stranded) as jobs`,
      [[...poolIds], [...activeJobs].map(String), Math.max(config.lockTimeoutMs, 10_000)],
    );
    if (rows[0].jobs > 0) log(`[worker] released ${rows[0].jobs} job(s) whose completion was lost in a database outage`);
  };
  const tick = () => {
    if (outage.isDown) return; // the pool is waiting for the database already
    beat()
      .then(reap)
      .then(releaseStrandedJobs)
      .catch((e) => onConnectionError('worker heartbeat', e));
  };

  const events: WorkerEvents = new EventEmitter();
  events.on('job:start', ({ job }) => activeJobs.add(String(job.id)));
  events.on('job:complete', ({ job }) => activeJobs.delete(String(job.id)));
  events.on('worker:create', ({ worker }) => {
    workerIds.add(worker.workerId);
    beat().catch((e) => log(`[worker heartbeat] ${e.message}`));
  });
  events.on('worker:release', ({ worker }) => workerIds.delete(worker.workerId));
  // With a local queue the pool itself locks the jobs it fetches: it beats too.
  events.on('pool:create', ({ workerPool }) => {
    workerIds.add(workerPool.id);
    poolIds.add(workerPool.id);
    beat().catch((e) => log(`[worker heartbeat] ${e.message}`));
  });
  const runnerOptions: RunnerOptions = {
    pgPool: pool,
    events,
    concurrency: config.concurrency,
    pollInterval: config.pollIntervalMs,
    noHandleSignals: true,
    logger: new Logger(() => (level, message) => {
      if (level === 'error' || level === 'warning') log(`[graphile-worker] ${message}`);
    }),
    ...(config.localQueueSize > 1
      ? { preset: { worker: { localQueue: { size: config.localQueueSize }, completeJobBatchDelay: 0, failJobBatchDelay: 0 } } }
      : {}),
    taskList: {
      pages_action: typedTask('pages_action', assertPageActionPayload, (payload, helpers) => runPageAction(base, payload, helpers), log),
      contact_message: typedTask('contact_message', assertMessagePayload('contact_message'), (payload) => sendContactMessage(base, payload.id), log),
      first_article_request: typedTask('first_article_request', assertMessagePayload('first_article_request'), (payload) => sendFirstArticleRequest(base, payload.id), log),
      notification_mail: typedTask('notification_mail', assertMessagePayload('notification_mail'), (payload) => sendNotificationMail(base, payload.id), log),
      send_version: typedTask('send_version', assertMessagePayload('send_version'), (payload, helpers) => sendVersion(base, payload.id, helpers.job), log),
      storage_cleanup: typedTask('storage_cleanup', assertStorageCleanupPayload, (payload) => runStorageCleanup(base, payload), log),
      sanitize_version: typedTask('sanitize_version', assertSanitizeVersionPayload, (payload) => sanitizeVersion(base, payload), log),
      wordpress_connect: typedTask('wordpress_connect', assertWordPressConnectPayload, (payload) => runWordPressConnect(base, payload), log),
      // cron (jobs/expire-orders.ts): no payload to check
      [EXPIRE_ORDERS_TASK]: async () => {
        await expireDiscoveryOrders(base);
      },
      visibility_run: typedTask('visibility_run', assertMessagePayload('visibility_run'), (payload, helpers) => runVisibility(base, payload.id, helpers), log),
      visibility_schedule: async () => {
        await runVisibilitySchedule(base);
      },
    },
    // Graphile's crontab: the expiry sweep always; the AI-visibility schedule's check
    // (actions/visibility.ts) when configured. Graphile runs each tick once across every worker
    // process sharing the database.
    parsedCronItems: [
      ...CRON_ITEMS,
      ...(config.visibility.cron ? parseCrontab(`${config.visibility.cron} visibility_schedule ?max=1`) : []),
    ],
  };
  let stopped = false;
  let runner: Runner;
  // Graphile's runner ends on its own only on an error it cannot ride out (e.g. its batched
  // completion failing for good): this process starts another one rather than stay idle.
  const startRunner = async () => {
    runner = await run(runnerOptions);
    const current = runner;
    current.promise.then(
      () => restart(current, null),
      (error) => restart(current, error),
    );
  };
  const restart = async (ended: Runner, error: unknown) => {
    if (stopped || ended !== runner) return;
    log(`[worker] the job runner stopped (${error instanceof Error ? error.message : 'no error'}); starting it again`);
    for (let n = 0; !stopped; n += 1) {
      await new Promise((r) => setTimeout(r, Math.min(30_000, 500 * 2 ** n)));
      if (stopped) return;
      try {
        await startRunner();
        return;
      } catch (e) {
        log(`[worker] could not start the job runner: ${readableError(e)}`);
      }
    }
  };
  // the key pair the site form seals WordPress passwords with (wordpress/connect.ts)
  if (config.wordpress.secretKey) {
    await ensureSealingKey(pool, keysOf(config)).catch((e) => log(`[wordpress] no sealing key: ${readableError(e)}`));
  }
  await startRunner();
  const interval = setInterval(tick, Math.max(200, Math.floor(config.lockTimeoutMs / 3)));
  tick();

  return {
    get runner() {
      return runner;
    },
    pool,
    /**
     * For the process's unhandledRejection handler: true when the rejection is a cut database
     * connection (Graphile does not await its job completions; the outage is reported once and
     * the job recovered by releaseStrandedJobs), false for anything else.
     */
    absorbsRejection(reason: unknown) {
      if (!isConnectionError(reason)) return false;
      outage.down(reason);
      return true;
    },
    async stop() {
      if (stopped) return;
      stopped = true;
      pool.stopping = true;
      clearInterval(interval);
      await runner.stop().catch((e) => log(`[worker] stop: ${e.message}`));
      await pool.query('delete from citable_worker.heartbeats where worker_id = any($1::text[])', [[...workerIds]]).catch(() => {});
      await pool.end().catch(() => {});
      await ownMailer?.close();
    },
  };
}
