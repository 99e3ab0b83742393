// AI visibility (issue 33): the schedule and the runs.
//
// visibility_schedule  (graphile-worker cron, VISIBILITY_CRON, every 10 minutes by default): queues a
//   run for every site that is due — not paused, with active prompts, next_run_at passed — through
//   citable_worker.queue_due_visibility_runs (migration 20261201007000), which moves next_run_at on.
// visibility_run {id}  one visibility_runs row: for each active prompt of the site's pages (or of its
//   one page), each engine of the site's settings and each of runs_per_prompt samples (sample i asks
//   phrasing i mod the number of phrasings), one model call with web search on; each answer is stored
//   at once with its citation analysis, the prompt, the engine, the page's version live then and the
//   call's cost. A job run again (a retry, a worker restarted in the middle) skips the samples the run
//   already stored. Before each call its estimated cost is reserved against the site's monthly budget
//   (citable_worker.reserve_visibility_call): when it would pass the budget no further call is made,
//   the run ends 'stopped_budget' and the owner is told (once a month).
import type { JobHelpers } from 'graphile-worker';
import { halfWidth } from '@citable/shared/stats';
import { analyzeAnswer } from '../citations/analyze.js';
import { PermanentError, isPermanent, readableError } from '../errors.js';
import { workerTx } from '../db.js';
import type { TaskContext } from '../runner.js';

interface RunRow {
  id: string;
  site: string;
  page: string | null;
  status: string;
}
interface Prompt {
  id: string;
  page: string;
  phrasings: string[];
}
interface Engine {
  id: string;
  name_openrouter: string;
  /** the dearest call of this engine in the last 30 days (USD), null when none was recorded */
  max_cost: string | null;
}

/** Runs with at most `limit` tasks at once; every task settles; the first error is thrown after. */
async function pooled(tasks: (() => Promise<void>)[], limit: number) {
  const errors: unknown[] = [];
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(limit, tasks.length) }, async () => {
      while (next < tasks.length) {
        const i = next++;
        await tasks[i]().catch((error) => errors.push(error));
      }
    }),
  );
  if (errors.length > 0) throw errors[0];
}

/** The schedule's check (the cron task): the number of runs queued. */
export async function runVisibilitySchedule(base: TaskContext) {
  const { rows } = await base.pool.query<{ n: number }>('select citable_worker.queue_due_visibility_runs() as n');
  if (rows[0].n > 0) base.log(`[visibility] ${rows[0].n} scheduled run(s) queued`);
  return rows[0].n;
}

/** One visibility run (the visibility_run task). */
export async function runVisibility(base: TaskContext, runId: number, helpers: Pick<JobHelpers, 'job'>) {
  const log = (m: string) => base.log(`[visibility run ${runId}] ${m}`);
  const { rows: claimed } = await base.pool.query<RunRow>(
    `update public.visibility_runs set status = 'running', started_at = coalesce(started_at, now())
      where id = $1 and status in ('queued', 'running') returning id, site, page, status`,
    [runId],
  );
  const run = claimed[0];
  if (!run) return; // deleted, or finished already (a job run again)
  const finish = (status: 'done' | 'stopped_budget' | 'failed', error: string | null) =>
    base.pool.query(
      `update public.visibility_runs set status = $2, error = $3, finished_at = now(), reserved_usd = 0 where id = $1`,
      [runId, status, error?.slice(0, 2000) ?? null],
    );
  try {
    const { rows: sites } = await base.pool.query<{ name: string | null; url: string | null; engines: string[] | null; runs_per_prompt: number }>(
      `select s.name, s.url, st.engines::text[] as engines, coalesce(st.runs_per_prompt, 3) as runs_per_prompt
         from public.sites s left join public.visibility_settings st on st.site = s.id where s.id = $1`,
      [run.site],
    );
    const site = sites[0];
    if (!site) throw new PermanentError('The site no longer exists');
    const { rows: engines } = await base.pool.query<Engine>(
      `select l.id::text, l.name_openrouter,
              (select max(a.cost_usd) from public.pages_llm_answers a
                where a.linked_llm = l.id and a.cost_usd is not null and a.created_at > now() - interval '30 days')::text as max_cost
         from public.llms l where $1::bigint[] is null or l.id = any($1::bigint[]) order by l.id`,
      [site.engines],
    );
    const { rows: prompts } = await base.pool.query<Prompt>(
      `select vp.id::text, vp.page::text, vp.phrasings from public.visibility_prompts vp join public.pages p on p.id = vp.page
        where p.site = $1 and vp.active and ($2::bigint is null or vp.page = $2) order by vp.page, vp.position, vp.id`,
      [run.site, run.page],
    );
    if (engines.length === 0 || prompts.length === 0) {
      await finish('done', engines.length === 0 ? 'No engine to ask' : 'No active prompt');
      return;
    }
    // what this run stored already (a job run again): those samples are not asked twice
    const { rows: stored } = await base.pool.query<{ prompt: string; engine: string; n: number }>(
      `select prompt::text, linked_llm::text as engine, count(*)::int as n from public.pages_llm_answers
        where run = $1 group by 1, 2`,
      [runId],
    );
    const have = new Map(stored.map((r) => [`${r.prompt}:${r.engine}`, r.n]));
    const runs = site.runs_per_prompt;
    const planned = prompts.length * engines.length * runs;
    await base.pool.query('update public.visibility_runs set calls_planned = $2, reserved_usd = 0 where id = $1', [runId, planned]);

    let stopped = false;
    const refused = new Map<string, string>();
    const calls: (() => Promise<void>)[] = [];
    for (const prompt of prompts) {
      for (const engine of engines) {
        for (let sample = have.get(`${prompt.id}:${engine.id}`) ?? 0; sample < runs; sample += 1) {
          const phrasing = prompt.phrasings[sample % prompt.phrasings.length];
          calls.push(async () => {
            if (stopped || refused.has(engine.id)) return;
            const estimate = Math.max(base.config.visibility.callEstimateUsd, Number(engine.max_cost ?? 0));
            const { rows: reserved } = await base.pool.query<{ ok: boolean }>(
              'select citable_worker.reserve_visibility_call($1, $2) as ok',
              [runId, estimate],
            );
            if (!reserved[0].ok) {
              stopped = true;
              return;
            }
            let answer: { text: string; cost: number };
            try {
              const { text, usage } = await base.openrouter.chat({
                model: engine.name_openrouter,
                messages: [{ role: 'user', content: phrasing }],
                webSearch: true,
              });
              answer = { text, cost: typeof usage?.cost === 'number' && usage.cost >= 0 ? usage.cost : estimate };
            } catch (error) {
              await base.pool.query('update public.visibility_runs set reserved_usd = greatest(0, reserved_usd - $2) where id = $1', [runId, estimate]);
              // an engine the provider refuses (retired, unknown id) is skipped; anything retryable
              // fails this attempt, and the job's next one asks only what is missing
              if (isPermanent(error)) {
                refused.set(engine.id, `${engine.name_openrouter}: ${readableError(error)}`);
                return;
              }
              throw error;
            }
            const analysis = analyzeAnswer({ answer: answer.text, brand: site.name, siteUrl: site.url });
            await workerTx(base.pool, async (client) => {
              await client.query(
                `insert into public.pages_llm_answers (linked_page, linked_llm, answer, question, brand_mentioned, domain_cited, cited_urls,
                                                       cited_domains, analysed_at, pages_version, prompt, run, cost_usd)
                 values ($1, $2, $3, $4, $5, $6, $7, $8, now(),
                         (select v.id from public.pages_versions v where v.page = $1 order by v.created_date desc limit 1), $9, $10, $11)`,
                [prompt.page, engine.id, answer.text, phrasing, analysis.brand_mentioned, analysis.domain_cited, analysis.cited_urls,
                  analysis.cited_domains, prompt.id, runId, answer.cost],
              );
              await client.query(
                `update public.visibility_runs set reserved_usd = greatest(0, reserved_usd - $2), cost_usd = cost_usd + $3,
                        calls_done = calls_done + 1 where id = $1`,
                [runId, estimate, answer.cost],
              );
            });
          });
        }
      }
    }
    await pooled(calls, base.config.visibility.concurrency);

    const warning = refused.size > 0 ? `Skipped: ${[...refused.values()].join('; ')}` : null;
    if (stopped) {
      await finish('stopped_budget', warning);
      const { rows } = await base.pool.query<{ told: boolean }>('select citable_worker.notify_visibility_budget($1) as told', [runId]);
      log(`stopped at the monthly budget${rows[0].told ? ' (owner told)' : ''}`);
      return;
    }
    const { rows: totals } = await base.pool.query<{ n: number; cited: number }>(
      'select count(*)::int as n, count(*) filter (where domain_cited)::int as cited from public.pages_llm_answers where run = $1',
      [runId],
    );
    await finish(refused.size === engines.length ? 'failed' : 'done', warning);
    const { n, cited } = totals[0];
    if (n > 0) log(`done: ${n} answers, cited ${cited} (±${Math.round(halfWidth(cited / n, n) * 100)} points)`);
  } catch (error) {
    const last = isPermanent(error) || helpers.job.attempts >= helpers.job.max_attempts;
    if (last) await finish('failed', readableError(error));
    else await base.pool.query("update public.visibility_runs set status = 'queued', reserved_usd = 0, error = $2 where id = $1", [runId, readableError(error).slice(0, 2000)]);
    log(`${last ? 'failed' : 'will retry'}: ${readableError(error)}`);
    if (!last) throw error;
  }
}
