-- "Publier sur WordPress" on the operator's Articles screen (issue 31; docs/operator-desk.md
-- #where-work-stands, docs/worker.md#publishing-to-wordpress).
--
-- list_work_queue() gains what an 'approved' row needs to publish from the list:
--   wordpress_connection  'none' (the site has no connection), 'ok' (its last test passed) or
--                         'failed' (saved, but the last test failed or never ran)
--   wordpress_link, wordpress_status, wordpress_version
--                         the page's post (pages.wordpress_*: its link, WordPress status, the version
--                         it holds)
--   publish_status, publish_error, publish_warnings, publish_version
--                         the page's latest publish_wordpress action (queued, running, done, failed),
--                         its English error, its warnings (the failure's code, wordpress_<code>, for
--                         the screen to translate) and the version it publishes
-- The other columns and the rows are unchanged. The function stays security invoker: the
-- connections table is service-role only, so its state is read through
-- private.my_wordpress_connections() (security definer, the caller's own sites only, never the
-- password).
-- A new return type: the function is dropped and made again (grants restated). Re-runnable.

create or replace function private.my_wordpress_connections()
returns table (site bigint, state text)
language sql stable security definer set search_path = ''
as $$
  select c.site, case when c.test_status = 'ok' then 'ok' else 'failed' end
    from public.wordpress_connections c
    join public.sites s on s.id = c.site
   where s.linked_user = (select auth.uid())
$$;
comment on function private.my_wordpress_connections() is
  'The caller''s sites that have a WordPress connection and whether its last test passed (ok, failed); never the password.';
revoke all on function private.my_wordpress_connections() from public, anon;
grant execute on function private.my_wordpress_connections() to authenticated, service_role;

drop function if exists public.list_work_queue();
create function public.list_work_queue()
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
  action_error text,
  wordpress_connection text,
  wordpress_link text,
  wordpress_status text,
  wordpress_version uuid,
  publish_status text,
  publish_error text,
  publish_warnings jsonb,
  publish_version uuid
)
language sql stable security invoker set search_path = ''
as $$
  with mine as (
    select p.id, p.name, p.url, p.review_state, p.published_at, p.hide_revisions_texts_from_preview as demo,
           p.wordpress_link, p.wordpress_status, p.wordpress_version,
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
  ),
  queue as (
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
  )
  select q.reason, q.site_id, q.site_name, q.page_id, q.page_name, q.page_url, q.version_id, q.since,
         q.action_name, q.action_error,
         coalesce(c.state, 'none'), m.wordpress_link, m.wordpress_status, m.wordpress_version,
         pw.status, pw.last_error, pw.warnings, pw.linked_pages_version
    from queue q
    join mine m on m.id = q.page_id
    left join private.my_wordpress_connections() c on c.site = q.site_id
    left join lateral (
      select pa.status, pa.last_error, pa.warnings, pa.linked_pages_version
        from public.pages_actions pa
        join public.actions a on a.id = pa.linked_action
       where pa.linked_page = q.page_id and a.name = 'publish_wordpress'
       order by pa.created_date desc, pa.id desc limit 1
    ) pw on true
   order by q.since asc, q.page_id asc, q.reason asc
$$;
comment on function public.list_work_queue() is
  'The caller''s pages waiting for them across their sites, oldest first: revision, failed, ready_to_send, approved, with the site''s WordPress connection state and the page''s latest publication (docs/operator-desk.md).';
revoke all on function public.list_work_queue() from public, anon;
grant execute on function public.list_work_queue() to authenticated;
