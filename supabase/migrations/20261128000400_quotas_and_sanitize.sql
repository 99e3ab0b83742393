-- Issue 27, items 10, 12 and 13: an article generation that can be found again, quotas, and
-- hand-edited HTML sanitized on write. Idempotent (safe to run twice), and nothing here needs more
-- than PostgreSQL and the graphile_worker schema, so it deploys unchanged to a hosted Supabase.
--
-- The trigger functions are security definer (the API roles have no access to schema
-- citable_worker); they read only the request's settings (the JWT claims, citable.worker).
--
-- Who is an "end user" below: a request that carries an end user's JWT (PostgREST sets
-- request.jwt.claims; its role is anon or authenticated). The worker (its own connection, and
-- citable.worker = 'on' in its transactions), the service role and the migration role are not.
--
-- 1. (#27.10) A generated version remembers the run that wrote it: pages_versions.generated_by_action
--    and generated_for_run (the action's created_date, which a refresh changes). create_article looks
--    for that version before calling the model, so a run retried after its version committed (a
--    failure while marking the action done, a database outage) completes without a second paid call
--    or a second version. One version per run (a unique index). End users cannot set these columns.
--
-- 2. (#27.12) Quotas, each answered with a clear 4xx and a machine-readable hint:
--      keywords.keyword                 at most 200 characters (23514, HTTP 400): a search query,
--                                       not a paragraph (the workspace's field stops at 200);
--      pages_versions.html_content      at most 5,000,000 characters, unchanged (20261127000300: a
--                                       real 2 MiB article must fit; the editor checks the same
--                                       figure, ARTICLE_MAX_CHARS);
--      rows per request                 at most 500 rows inserted by one statement into
--                                       pages_actions, keywords or pages_keywords (PT413 -> HTTP 413,
--                                       hint 'too_many_rows'): the workspace's bulk actions send at
--                                       most one list page of rows (50 pages);
--      page actions per user            at most 200 actions queued (inserted, or refreshed to run
--                                       again) per user per minute (PT429 -> HTTP 429, hint
--                                       'rate_limited'): four full-page bulk actions in a minute
--                                       still pass; a script queueing 1,000 does not;
--      keywords per user                at most 1,000 keywords inserted per user per minute (PT429).
--    The minute is a calendar minute (date_trunc): a burst across a minute boundary can reach twice
--    the figure, which is still far from the abuse these stop. A refused statement rolls back, so it
--    does not count. The worker, the service role and migrations are not limited.
--
-- 3. (#27.13) Stored HTML is sanitized on write, by the worker, with the worker's own rules
--    (backend/src/worker/sanitize.js, DOMPurify): PostgreSQL cannot run DOMPurify, so a write of
--    pages_versions.html_content by an end user (save_version_edit, a PostgREST insert or update)
--    marks the row html_sanitized = false and queues a high-priority sanitize_version job, which
--    rewrites the HTML and sets html_sanitized = true. THE RULE: anything that publishes or exports
--    a version's HTML (WordPress, an export, a public page) reads only rows with html_sanitized =
--    true, and waits for (or refuses) the others. The screens keep sanitizing on display.

-- ------------------------------------------------------ 1. the run's version -----
alter table public.pages_versions
  add column if not exists generated_by_action bigint references public.pages_actions (id) on delete set null,
  add column if not exists generated_for_run timestamptz,
  add column if not exists html_sanitized boolean not null default true;
comment on column public.pages_versions.generated_by_action is
  'The pages_actions row (create_article) whose run wrote this version; with generated_for_run, how a retried run finds it.';
comment on column public.pages_versions.generated_for_run is
  'The created_date of that action when it ran (a refresh starts a new run).';
comment on column public.pages_versions.html_sanitized is
  'False from an end user''s write of html_content until the worker''s sanitize_version job has cleaned it. Publish or export only rows where it is true.';
create unique index if not exists pages_versions_generated_run_key
  on public.pages_versions (generated_by_action, generated_for_run)
  where generated_by_action is not null;

-- ------------------------------------------------------------- helpers -----
-- The end user a request acts for, or null (worker, service role, migrations).
create or replace function citable_worker.end_user() returns uuid
language sql stable
set search_path = ''
as $$
  select case
    when current_setting('citable.worker', true) = 'on' then null
    when coalesce(auth.role(), '') in ('anon', 'authenticated') then auth.uid()
    else null
  end
$$;
create or replace function citable_worker.is_end_user_request() returns boolean
language sql stable
set search_path = ''
as $$
  select current_setting('citable.worker', true) is distinct from 'on'
     and coalesce(auth.role(), '') in ('anon', 'authenticated')
$$;
revoke all on function citable_worker.end_user() from public;
revoke all on function citable_worker.is_end_user_request() from public;

-- -------------------------------------------------------------- 2. quotas -----
alter table public.keywords drop constraint if exists keywords_keyword_check;
alter table public.keywords drop constraint if exists keywords_keyword_length;
-- not valid: rows stored before this migration are kept; new and changed rows are checked.
alter table public.keywords add constraint keywords_keyword_length
  check (length(btrim(keyword)) between 1 and 200 and keyword = btrim(keyword)) not valid;

create table if not exists citable_worker.write_counts (
  user_id uuid not null,
  kind text not null,
  minute timestamptz not null,
  n integer not null,
  primary key (user_id, kind, minute)
);
revoke all on citable_worker.write_counts from public, anon, authenticated;

create or replace function citable_worker.quota(p_kind text) returns integer
language sql immutable
set search_path = ''
as $$
  select case p_kind when 'rows_per_statement' then 500 when 'actions_per_minute' then 200 when 'keywords_per_minute' then 1000 end
$$;
revoke all on function citable_worker.quota(text) from public;

-- Adds n to the user's count of this minute; over the quota, PT429 (HTTP 429).
create or replace function citable_worker.count_writes(p_user uuid, p_kind text, p_n integer, p_limit integer, p_what text)
returns void
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_total integer;
begin
  if p_user is null or p_n <= 0 then
    return;
  end if;
  insert into citable_worker.write_counts as w (user_id, kind, minute, n)
  values (p_user, p_kind, date_trunc('minute', now()), p_n)
  on conflict (user_id, kind, minute) do update set n = w.n + excluded.n
  returning w.n into v_total;
  if v_total > p_limit then
    raise exception 'Too many % in a short time: at most % per minute. Wait a minute and try again.', p_what, p_limit
      using errcode = 'PT429', hint = 'rate_limited',
            detail = format('%s %s this minute (limit %s).', v_total, p_what, p_limit);
  end if;
  -- Old minutes go now and then (one user's rows, cheap).
  if random() < 0.05 then
    delete from citable_worker.write_counts where user_id = p_user and minute < now() - interval '10 minutes';
  end if;
end
$$;
revoke all on function citable_worker.count_writes(uuid, text, integer, integer, text) from public;

-- Statement-level: the rows one request inserts (transition table new_rows).
create or replace function citable_worker.limit_inserted_rows() returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_n integer;
  v_max integer := citable_worker.quota('rows_per_statement');
  v_user uuid;
begin
  if not citable_worker.is_end_user_request() then
    return null;
  end if;
  select count(*) into v_n from new_rows;
  if v_n > v_max then
    raise exception 'Too many rows in one request: at most % % at a time (got %).', v_max, replace(tg_table_name, '_', ' '), v_n
      using errcode = 'PT413', hint = 'too_many_rows';
  end if;
  v_user := citable_worker.end_user();
  if tg_table_name = 'pages_actions' then
    perform citable_worker.count_writes(v_user, 'actions', v_n, citable_worker.quota('actions_per_minute'), 'page actions');
  elsif tg_table_name = 'keywords' then
    perform citable_worker.count_writes(v_user, 'keywords', v_n, citable_worker.quota('keywords_per_minute'), 'keywords');
  end if;
  return null;
end
$$;

-- A refresh (a new created_date) runs an action again: it counts as a queued action.
create or replace function citable_worker.limit_refreshed_actions() returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_n integer;
begin
  if not citable_worker.is_end_user_request() then
    return null;
  end if;
  select count(*) into v_n from new_rows n join old_rows o on o.id = n.id where n.created_date is distinct from o.created_date;
  perform citable_worker.count_writes(citable_worker.end_user(), 'actions', v_n, citable_worker.quota('actions_per_minute'), 'page actions');
  return null;
end
$$;
revoke all on function citable_worker.limit_inserted_rows() from public;
revoke all on function citable_worker.limit_refreshed_actions() from public;

drop trigger if exists pages_actions_limit_insert on public.pages_actions;
create trigger pages_actions_limit_insert
  after insert on public.pages_actions
  referencing new table as new_rows
  for each statement execute function citable_worker.limit_inserted_rows();
drop trigger if exists pages_actions_limit_refresh on public.pages_actions;
create trigger pages_actions_limit_refresh
  after update on public.pages_actions
  referencing old table as old_rows new table as new_rows
  for each statement execute function citable_worker.limit_refreshed_actions();
drop trigger if exists keywords_limit_insert on public.keywords;
create trigger keywords_limit_insert
  after insert on public.keywords
  referencing new table as new_rows
  for each statement execute function citable_worker.limit_inserted_rows();
drop trigger if exists pages_keywords_limit_insert on public.pages_keywords;
create trigger pages_keywords_limit_insert
  after insert on public.pages_keywords
  referencing new table as new_rows
  for each statement execute function citable_worker.limit_inserted_rows();

-- ------------------------------------------------------- 3. sanitize on write -----
-- Before a write: an end user's HTML is unsanitized until the worker cleans it; an end user
-- cannot set the flag nor the run columns.
create or replace function citable_worker.pages_versions_mark_unsanitized() returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  if current_setting('citable.worker', true) = 'on' then
    -- The worker writes HTML it has sanitized (sanitize.js).
    if tg_op = 'INSERT' or new.html_content is distinct from old.html_content then
      new.html_sanitized := true;
    end if;
    return new;
  end if;
  if not citable_worker.is_end_user_request() then
    return new;
  end if;
  if tg_op = 'INSERT' then
    new.generated_by_action := null;
    new.generated_for_run := null;
    new.html_sanitized := new.html_content is null;
  else
    new.generated_by_action := old.generated_by_action;
    new.generated_for_run := old.generated_for_run;
    new.html_sanitized := case when new.html_content is distinct from old.html_content then new.html_content is null
                               else old.html_sanitized end;
  end if;
  return new;
end
$$;
revoke all on function citable_worker.pages_versions_mark_unsanitized() from public;

-- After a write that left the HTML unsanitized: the sanitize_version job (one pending per version,
-- before the other jobs).
create or replace function citable_worker.enqueue_sanitize_version() returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  if to_regnamespace('graphile_worker') is null or new.html_sanitized then
    return null;
  end if;
  if tg_op = 'UPDATE' and new.html_content is not distinct from old.html_content and old.html_sanitized = new.html_sanitized then
    return null;
  end if;
  perform graphile_worker.add_job(
    'sanitize_version',
    json_build_object('id', new.id),
    max_attempts := citable_worker.max_attempts(),
    job_key := 'sanitize_version:' || new.id,
    priority := -10
  );
  return null;
end
$$;
revoke all on function citable_worker.enqueue_sanitize_version() from public;

drop trigger if exists pages_versions_mark_unsanitized on public.pages_versions;
create trigger pages_versions_mark_unsanitized
  before insert or update on public.pages_versions
  for each row execute function citable_worker.pages_versions_mark_unsanitized();
drop trigger if exists pages_versions_enqueue_sanitize on public.pages_versions;
create trigger pages_versions_enqueue_sanitize
  after insert or update of html_content, html_sanitized on public.pages_versions
  for each row execute function citable_worker.enqueue_sanitize_version();

-- Hand edits stored before this migration were never sanitized on the server: they are cleaned too.
do $$
begin
  update public.pages_versions set html_sanitized = false
   where origin = 'hand_edit' and html_sanitized and html_content is not null;
end
$$;
