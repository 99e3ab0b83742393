-- The page-actions worker (issue 18): jobs for Graphile Worker, enqueued in the writer's transaction.
--
-- Graphile Worker's own schema (graphile_worker) is installed by its migrations, which
-- backend/src/db/migrate.js runs before these files (runMigrations). The triggers below call
-- graphile_worker.add_job when that schema exists, and do nothing when it does not (a database
-- migrated by another tool: run `npm run worker -- --migrate` once, then re-save the rows).
--
-- What enqueues a job (identifier, payload, job key):
--   pages_actions insert with status 'queued'             -> pages_action {id}, key pages_action:<id>
--   pages_actions update that changes created_date (the client's refresh, §4), by anybody but
--     the worker itself (it sets citable.worker = 'on' in its transactions)
--                                                          -> the same (a pending job is replaced)
--   contact_messages insert                                -> contact_message {id}
--   first_article_requests insert                          -> first_article_request {id}
--
-- The queued rule (§4 batch creation: the first action null, the others true):
--   a create_article action whose queued is true goes to the named queue
--   'site-articles:<site id>': Graphile runs the jobs of one named queue one at a time, in
--   order, so a batch's articles are written one after another per site. Every other action
--   (a create_article with queued null or false — a single article, or the first of a batch —
--   and every other kind) has no queue name and runs as soon as a worker is free.
--
-- Attempts: citable.worker_max_attempts (a database or role setting, default 5); Graphile
-- retries a failed job with exponential backoff (exp(attempt) seconds: 2.7 s, 7.4 s, 20 s …).

-- ------------------------------------------------------------ columns -----
alter table public.pages_actions
  add column cost_usd numeric(14, 6) check (cost_usd is null or cost_usd >= 0),
  add column usage jsonb,
  add column duration_ms integer check (duration_ms is null or duration_ms >= 0),
  add column started_at timestamptz,
  add column finished_at timestamptz;
comment on column public.pages_actions.cost_usd is
  'Price of the last run in US dollars, as reported by the providers (null when none reported a price).';
comment on column public.pages_actions.usage is
  'Usage of the last run: {calls, prompt_tokens, completion_tokens, total_tokens, images, serp_queries, models}.';
comment on column public.pages_actions.duration_ms is 'Wall time of the last run, in milliseconds.';

alter table public.pages_versions
  add column sources jsonb check (sources is null or jsonb_typeof(sources) = 'array');
comment on column public.pages_versions.sources is
  'The numbered sources a generated article relied on: [{n, url, title, kind: serp | scraped}].';

-- ------------------------------------------------- worker bookkeeping -----
-- Not exposed by PostgREST (only public is), and no grants to the API roles.
create schema if not exists citable_worker;
revoke all on schema citable_worker from public;

-- Liveness of worker processes: a job locked by a worker whose heartbeat is older than the lock
-- timeout is unlocked by the other workers (graphile_worker.force_unlock_workers), so a worker
-- killed in the middle of a job loses nothing.
create table citable_worker.heartbeats (
  worker_id text primary key,
  process text not null,
  beat_at timestamptz not null default now()
);

-- E-mails already sent, so each is sent once even when its job runs again.
create table citable_worker.sent_mails (
  key text primary key,
  sent_at timestamptz not null default now()
);

-- ----------------------------------------------------------- enqueue -----
create function citable_worker.max_attempts() returns integer
language sql stable
set search_path = ''
as $$
  select coalesce(nullif(current_setting('citable.worker_max_attempts', true), '')::integer, 5)
$$;

create function citable_worker.enqueue_page_action() returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_action text;
  v_site bigint;
  v_queue text;
begin
  if to_regnamespace('graphile_worker') is null then
    return null;
  end if;
  if tg_op = 'UPDATE' then
    if current_setting('citable.worker', true) = 'on' then
      return null;
    end if;
    if new.created_date is not distinct from old.created_date then
      return null;
    end if;
  elsif new.status <> 'queued' then
    return null;
  end if;

  select a.name into v_action from public.actions a where a.id = new.linked_action;
  if v_action = 'create_article' and new.queued is true then
    select p.site into v_site from public.pages p where p.id = new.linked_page;
    v_queue := 'site-articles:' || v_site;
  end if;

  perform graphile_worker.add_job(
    'pages_action',
    json_build_object('id', new.id),
    queue_name := v_queue,
    max_attempts := citable_worker.max_attempts(),
    job_key := 'pages_action:' || new.id
  );
  return null;
end
$$;

create trigger pages_actions_enqueue
  after insert or update of created_date on public.pages_actions
  for each row execute function citable_worker.enqueue_page_action();

create function citable_worker.enqueue_message() returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_task text := case tg_table_name when 'contact_messages' then 'contact_message' else 'first_article_request' end;
begin
  if to_regnamespace('graphile_worker') is null then
    return null;
  end if;
  perform graphile_worker.add_job(
    v_task,
    json_build_object('id', new.id),
    max_attempts := citable_worker.max_attempts(),
    job_key := v_task || ':' || new.id
  );
  return null;
end
$$;

create trigger contact_messages_enqueue
  after insert on public.contact_messages
  for each row execute function citable_worker.enqueue_message();
create trigger first_article_requests_enqueue
  after insert on public.first_article_requests
  for each row execute function citable_worker.enqueue_message();

revoke all on function citable_worker.enqueue_page_action() from public;
revoke all on function citable_worker.enqueue_message() from public;
revoke all on function citable_worker.max_attempts() from public;
