-- The operator's desk (issue 30), where work stands (docs/operator-desk.md#where-work-stands):
--   1. pages.review_state follows the page's latest version (latest by created_date, then id):
--      'none' without a version, 'revision' when it was sent in revision, 'approved' when
--      approved, else 'draft'; kept by an AFTER trigger on pages_versions for every writer
--      (the review RPCs, the worker, a client's own write, a script).
--   2. pages.date_modified moves when a version is added (to the version's date, never later
--      than now(): seeds and imports keep their history) and when a version's review state
--      changes (now()), so the page list's default sort (date_modified desc) brings fresh work
--      to the top. pages_before_write (20261126000000) only moves it on edits of the page's own
--      fields; the update here sets it itself and changes none of those fields, so it is kept.
--   3. pages_versions.review_state_at: when the version's review state last changed (its
--      creation, the client's request or approval, a cancellation); kept by a BEFORE trigger
--      whatever the writer sends. The "Articles" work list shows it as "since".
--   4. list_work_queue(): the caller's pages waiting for them, across all their sites, oldest
--      first, with the reason: 'revision', 'failed', 'ready_to_send', 'approved'.
--   5. set_page_published(p_page, p_published): "Mark as published" (owner only) until WordPress
--      publishing (issue 31) sets pages.published_at from the post.
--   6. Indexes: the page list's review-state filter, the queue's failed actions.
-- Re-runnable like the other migrations: it also deploys unchanged to a hosted Supabase project.
--
-- Loops: the trigger of (1) updates pages.review_state and pages.date_modified only. The pages
-- triggers it fires: pages_before_write (no page field changes: date_modified kept as set),
-- pages_keep_content_score / pages_creator_set_by_database / the SERP recount on a move (column
-- triggers on content_score, creator, site: not fired). No pages trigger writes pages_versions.
-- Clients cannot write review_state or published_at themselves: pages' columns are granted to
-- authenticated one by one (20261125000000) and these two are not among them (42501).

-- ------------------------------------------------ 3. version's review time -----
alter table public.pages_versions add column if not exists review_state_at timestamptz;
update public.pages_versions set review_state_at = created_date where review_state_at is null;
alter table public.pages_versions alter column review_state_at set default now();
alter table public.pages_versions alter column review_state_at set not null;
comment on column public.pages_versions.review_state_at is
  'When the version''s review state (draft, in revision, approved) last changed; kept by a trigger.';

create or replace function private.pages_versions_review_time() returns trigger
language plpgsql
set search_path = ''
as $$
begin
  if tg_op = 'INSERT' then
    new.review_state_at := least(new.created_date, now());
  elsif (new.sent_in_revision, new.approved) is distinct from (old.sent_in_revision, old.approved) then
    new.review_state_at := now();
  else
    new.review_state_at := old.review_state_at;
  end if;
  return new;
end
$$;
revoke all on function private.pages_versions_review_time() from public;
drop trigger if exists pages_versions_review_time on public.pages_versions;
create trigger pages_versions_review_time before insert or update on public.pages_versions
  for each row execute function private.pages_versions_review_time();

-- ------------------------------------------------------ 1-2. page's state -----
-- The review state of a version from its two flags (the table's check forbids both).
create or replace function private.version_review_state(p_sent_in_revision boolean, p_approved boolean) returns text
language sql immutable set search_path = ''
as $$
  select case when p_approved then 'approved' when p_sent_in_revision then 'revision' else 'draft' end
$$;
revoke all on function private.version_review_state(boolean, boolean) from public, anon, authenticated;

-- The state of a page's latest version, 'none' without one.
create or replace function private.page_review_state(p_page bigint) returns text
language sql stable security definer set search_path = ''
as $$
  select coalesce((
    select private.version_review_state(v.sent_in_revision, v.approved)
      from public.pages_versions v where v.page = p_page
     order by v.created_date desc, v.id desc limit 1
  ), 'none')
$$;
revoke all on function private.page_review_state(bigint) from public, anon, authenticated;

create or replace function private.pages_versions_review_state() returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  latest text;
begin
  if tg_op = 'UPDATE'
     and (new.page, new.created_date, new.sent_in_revision, new.approved)
         is not distinct from (old.page, old.created_date, old.sent_in_revision, old.approved) then
    return null;
  end if;
  -- the page the version left (a delete, or a version moved to another page)
  if tg_op = 'DELETE' or (tg_op = 'UPDATE' and new.page is distinct from old.page) then
    latest := private.page_review_state(old.page);
    update public.pages p set review_state = latest
     where p.id = old.page and p.review_state is distinct from latest;
  end if;
  if tg_op = 'DELETE' then
    return null;
  end if;
  latest := private.page_review_state(new.page);
  if tg_op = 'INSERT' or new.page is distinct from old.page then
    -- a version added: the page was modified when the version was written (a seed's or an
    -- import's older date is kept; a date in the future is not believed)
    update public.pages p
       set review_state = latest,
           date_modified = greatest(p.date_modified, least(new.created_date, now()))
     where p.id = new.page;
  elsif (new.sent_in_revision, new.approved) is distinct from (old.sent_in_revision, old.approved) then
    update public.pages p set review_state = latest, date_modified = now() where p.id = new.page;
  else
    -- created_date rewritten: only which version is the latest may have changed
    update public.pages p set review_state = latest
     where p.id = new.page and p.review_state is distinct from latest;
  end if;
  return null;
end
$$;
revoke all on function private.pages_versions_review_state() from public;
drop trigger if exists pages_versions_review_state on public.pages_versions;
create trigger pages_versions_review_state
  after insert or delete or update of page, created_date, sent_in_revision, approved on public.pages_versions
  for each row execute function private.pages_versions_review_state();

-- Backfill: the state of every page's latest version; date_modified at least its latest
-- version's date (the page list's order then means "last worked on").
update public.pages p
   set review_state = l.state,
       date_modified = greatest(p.date_modified, least(l.created_date, now()))
  from (select distinct on (v.page) v.page, v.created_date,
               private.version_review_state(v.sent_in_revision, v.approved) as state
          from public.pages_versions v
         order by v.page, v.created_date desc, v.id desc) l
 where p.id = l.page
   and (p.review_state is distinct from l.state or p.date_modified < least(l.created_date, now()));
update public.pages p set review_state = 'none'
 where p.review_state <> 'none' and not exists (select 1 from public.pages_versions v where v.page = p.id);

comment on column public.pages.review_state is
  'The latest version''s review state: none, draft, revision, approved (kept by a trigger on pages_versions; read-only for clients).';
comment on column public.pages.published_at is
  'When the approved article was published (set_page_published until WordPress publishing sets it).';

-- ------------------------------------------------------------- 6. indexes -----
-- The page list filtered by review state, in its default order (date_modified desc); the queue
-- reads a user's pages by state through it too.
create index if not exists pages_site_review_state_idx on public.pages (site, review_state, date_modified desc);
-- The latest version of a page, ties broken by id (the queue, page_review_state).
create index if not exists pages_versions_page_latest_idx on public.pages_versions (page, created_date desc, id desc);
-- The queue's failed actions of a page.
create index if not exists pages_actions_failed_idx on public.pages_actions (linked_page, updated_at desc)
  where status = 'failed';

-- ------------------------------------------------------------ 4. the queue -----
-- What waits for the caller on their own sites (never a demo page of someone else, which the
-- pages policy lets everyone read), one row per page and reason, oldest first:
--   revision       the latest version was sent in revision (the client asked); since = then
--   failed         the page's latest failed action is newer than its latest version and was not
--                  retried since (no later action of the same kind); since = when it failed
--   ready_to_send  the latest version is a draft with content that was never sent to the client
--                  (no version_sends row for it, except failed sends); since = its creation
--   approved       the latest version is approved and the page was not published after that
--                  approval; since = the approval
-- Demo articles (hide_revisions_texts_from_preview) cannot be reviewed or sent: only their
-- failed actions are listed. A page may be listed twice (e.g. revision asked, and the
-- modification failed).
create or replace function public.list_work_queue()
returns table (
  reason text,
  site_id bigint,
  site_name text,
  page_id bigint,
  page_name text,
  page_url text,
  version_id uuid,
  since timestamptz,
  action_name text,
  action_error text
)
language sql stable security invoker set search_path = ''
as $$
  with mine as (
    select p.id, p.name, p.url, p.review_state, p.published_at, p.hide_revisions_texts_from_preview as demo,
           s.id as site_id, coalesce(nullif(btrim(s.name), ''), s.url) as site_name
      from public.sites s
      join public.pages p on p.site = s.id
     where s.linked_user = (select auth.uid())
  ),
  latest as (
    select m.*, v.id as version_id, v.created_date as version_date, v.review_state_at,
           (v.html_content is not null and btrim(v.html_content) <> '') as has_content
      from mine m
      left join lateral (
        select v.id, v.created_date, v.review_state_at, v.html_content
          from public.pages_versions v where v.page = m.id
         order by v.created_date desc, v.id desc limit 1
      ) v on true
  ),
  failed as (
    select l.*, f.action_name, f.action_error, f.failed_at
      from latest l
      join lateral (
        select a.name as action_name, pa.last_error as action_error, pa.updated_at as failed_at
          from public.pages_actions pa
          join public.actions a on a.id = pa.linked_action
         where pa.linked_page = l.id and pa.status = 'failed'
           and (l.version_date is null or pa.updated_at > l.version_date)
           and not exists (
             select 1 from public.pages_actions later
              where later.linked_page = pa.linked_page and later.linked_action = pa.linked_action
                and later.id <> pa.id and later.created_date > pa.created_date and later.status <> 'failed')
         order by pa.updated_at desc, pa.id desc limit 1
      ) f on true
  )
  select q.reason, q.site_id, q.site_name, q.page_id, q.page_name, q.page_url, q.version_id, q.since,
         q.action_name, q.action_error
    from (
      select 'revision'::text as reason, l.site_id, l.site_name, l.id as page_id, l.name as page_name,
             l.url as page_url, l.version_id, l.review_state_at as since, null::text as action_name,
             null::text as action_error
        from latest l where l.review_state = 'revision' and not l.demo and l.version_id is not null
      union all
      select 'failed', f.site_id, f.site_name, f.id, f.name, f.url, f.version_id, f.failed_at,
             f.action_name, f.action_error
        from failed f
      union all
      select 'ready_to_send', l.site_id, l.site_name, l.id, l.name, l.url, l.version_id, l.version_date, null, null
        from latest l
       where l.review_state = 'draft' and not l.demo and l.has_content
         and not exists (select 1 from public.version_sends vs where vs.version = l.version_id and vs.status <> 'failed')
      union all
      select 'approved', l.site_id, l.site_name, l.id, l.name, l.url, l.version_id, l.review_state_at, null, null
        from latest l
       where l.review_state = 'approved' and not l.demo and l.version_id is not null
         and (l.published_at is null or l.published_at < l.review_state_at)
    ) q
   order by q.since asc, q.page_id asc, q.reason asc
$$;
comment on function public.list_work_queue() is
  'The caller''s pages waiting for them across their sites, oldest first: revision, failed, ready_to_send, approved (docs/operator-desk.md).';
revoke all on function public.list_work_queue() from public, anon;
grant execute on function public.list_work_queue() to authenticated;

-- ------------------------------------------------------ 5. mark as published -----
-- Errors: 22023 hint 'published' (p_published null); P0001 hint 'not_found' 'Page not found'
-- (unknown id or another user's page, a demo page of someone else included); P0001 hint
-- 'not_approved' (marking published a page whose latest version is not approved: the approval
-- may have been cancelled meanwhile).
create or replace function public.set_page_published(p_page bigint, p_published boolean) returns json
language plpgsql security definer set search_path = ''
as $$
declare
  p public.pages;
begin
  if p_published is null then
    raise exception 'p_published is required (true or false)' using errcode = '22023', hint = 'published';
  end if;
  select pg.* into p from public.pages pg join public.sites s on s.id = pg.site
   where pg.id = p_page and s.linked_user = (select auth.uid())
   for update of pg;
  if not found then
    raise exception 'Page not found' using errcode = 'P0001', hint = 'not_found';
  end if;
  if p_published and p.review_state <> 'approved' then
    raise exception 'Only an approved article can be marked as published' using errcode = 'P0001', hint = 'not_approved';
  end if;
  update public.pages pg set published_at = case when p_published then now() end
   where pg.id = p.id returning pg.* into p;
  return json_build_object('id', p.id, 'review_state', p.review_state, 'published_at', p.published_at);
end
$$;
comment on function public.set_page_published(bigint, boolean) is
  'Mark an approved page as published (published_at = now()) or not (null); owner only.';
revoke all on function public.set_page_published(bigint, boolean) from public, anon;
grant execute on function public.set_page_published(bigint, boolean) to authenticated;
