-- Tenant isolation, what 20261128000100 left (issue 27, items 15 and 2).
-- Re-runnable like the other migrations: it also deploys unchanged to a hosted Supabase project.
--
-- 15. The review functions (send_for_revision, cancel_revision, approve_version, cancel_approval),
--     callable by anyone holding a review link (anon), returned the whole pages_versions row, and
--     with it creator, the owner's user id. They now return the version as the reviewer app reads
--     it, the same fields as get_article_for_view's 'version' (id, page, html_content,
--     created_date, sent_in_revision, approved, comments_to_modify), as json. A new return type
--     needs drop + create (same arguments, same grants as 20261121000300).
-- 2.  pages.serp_results_count counted the SERP rows of the page's keywords on every site, so a
--     page showed other customers' SERP rows of the same (shared) keyword. It now counts only
--     the SERP rows of the page's own site (serps.site = pages.site), like what its owner can
--     read (the serps policy: rows of their own sites). The triggers of 20261125000000 keep it:
--       * SERP rows inserted or deleted: the pages linked to their keywords are recounted (as
--         before; pages of other sites keep their count, the update writes only changed rows);
--       * SERP rows updated: now also when a row moves to another site, not only to another
--         keyword (the keywords whose (keyword, site) rows changed);
--       * links added, removed or moved: their pages are recounted (as before);
--       * a page moved to another site: its count is recomputed for the new site (new BEFORE
--         UPDATE trigger on pages). It takes no keyword lock: the page row is locked by the
--         update itself, and the SERP and link triggers lock the pages they recount after the
--         keywords, so whichever of the two commits second sees the other's rows (each query
--         of the trigger functions takes a new snapshot under READ COMMITTED). The SERP
--         triggers therefore still lock every page linked to the keywords, not only those of
--         the rows' sites: a page moving between sites meanwhile would otherwise be missed.
--     Existing counts are recomputed below.

-- ------------------------------------------------- 15. review functions -----
-- The version as the reviewer app reads it: no creator, nothing the app does not use.
create or replace function private.version_for_reviewer(v public.pages_versions) returns json
language sql stable set search_path = ''
as $$
  select json_build_object(
    'id', v.id,
    'page', v.page,
    'html_content', v.html_content,
    'created_date', v.created_date,
    'sent_in_revision', v.sent_in_revision,
    'approved', v.approved,
    'comments_to_modify', v.comments_to_modify
  )
$$;
revoke all on function private.version_for_reviewer(public.pages_versions) from public, anon, authenticated;

-- draft -> in-revision, with the reviewer's comments
drop function if exists public.send_for_revision(uuid, text);
create function public.send_for_revision(p_version_id uuid, p_comments text) returns json
language plpgsql security definer set search_path = ''
as $$
declare
  v public.pages_versions;
begin
  v := private.version_for_review(p_version_id);
  if p_comments is null or btrim(p_comments) = '' then
    raise exception 'Comments are required to send for revision' using errcode = '22023', hint = 'comments';
  end if;
  if length(p_comments) > 20000 then
    raise exception 'Comments must be at most 20000 characters.' using errcode = '22023', hint = 'comments';
  end if;
  if v.sent_in_revision or v.approved then
    raise exception 'Only a draft version can be sent for revision'
      using errcode = 'P0001', hint = 'invalid_transition';
  end if;
  update public.pages_versions set sent_in_revision = true, comments_to_modify = p_comments
   where id = v.id returning * into v;
  return private.version_for_reviewer(v);
end
$$;

-- in-revision -> draft
drop function if exists public.cancel_revision(uuid);
create function public.cancel_revision(p_version_id uuid) returns json
language plpgsql security definer set search_path = ''
as $$
declare
  v public.pages_versions;
begin
  v := private.version_for_review(p_version_id);
  if not v.sent_in_revision then
    raise exception 'This version has not been sent for revision' using errcode = 'P0001', hint = 'invalid_transition';
  end if;
  update public.pages_versions set sent_in_revision = false where id = v.id returning * into v;
  return private.version_for_reviewer(v);
end
$$;

-- draft -> approved
drop function if exists public.approve_version(uuid);
create function public.approve_version(p_version_id uuid) returns json
language plpgsql security definer set search_path = ''
as $$
declare
  v public.pages_versions;
begin
  v := private.version_for_review(p_version_id);
  if v.sent_in_revision or v.approved then
    raise exception 'Only a draft version can be approved' using errcode = 'P0001', hint = 'invalid_transition';
  end if;
  update public.pages_versions set approved = true where id = v.id returning * into v;
  return private.version_for_reviewer(v);
end
$$;

-- approved -> draft
drop function if exists public.cancel_approval(uuid);
create function public.cancel_approval(p_version_id uuid) returns json
language plpgsql security definer set search_path = ''
as $$
declare
  v public.pages_versions;
begin
  v := private.version_for_review(p_version_id);
  if not v.approved then
    raise exception 'This version is not approved' using errcode = 'P0001', hint = 'invalid_transition';
  end if;
  update public.pages_versions set approved = false where id = v.id returning * into v;
  return private.version_for_reviewer(v);
end
$$;

revoke all on function
  public.send_for_revision(uuid, text),
  public.cancel_revision(uuid),
  public.approve_version(uuid),
  public.cancel_approval(uuid)
from public, anon, authenticated;
grant execute on function
  public.send_for_revision(uuid, text),
  public.cancel_revision(uuid),
  public.approve_version(uuid),
  public.cancel_approval(uuid)
to anon, authenticated, service_role;

-- ------------------------------------------------------ 2. SERP counts -----
-- Nobody writes these tables while the triggers are replaced and the counts recomputed.
lock table public.pages, public.pages_keywords, public.serps in share mode;

comment on column public.pages.serp_results_count is
  'SERP rows of the page''s keywords on the page''s own site (serps via pages_keywords, serps.site = pages.site). Maintained by triggers; read-only for clients.';

-- As in 20261125000000 (lock the keywords, lock the pages, recount), counting only the SERP
-- rows of each page's site.
create or replace function private.refresh_serp_results_counts(p_keywords bigint[], p_pages bigint[])
returns void
language plpgsql volatile security definer set search_path = ''
as $$
declare
  v_pages bigint[];
begin
  perform 1 from public.keywords k join unnest(p_keywords) as x (id) on k.id = x.id
    order by k.id for no key update of k;
  if p_pages is null then
    select array_agg(distinct pk.linked_page) into v_pages
      from unnest(p_keywords) as x (id) join public.pages_keywords pk on pk.linked_keyword = x.id;
  else
    v_pages := p_pages;
  end if;
  if v_pages is null or cardinality(v_pages) = 0 then
    return;
  end if;
  perform 1 from public.pages p join unnest(v_pages) as x (id) on p.id = x.id
    order by p.id for no key update of p;
  update public.pages p set serp_results_count = c.n
    from (select x.id, count(s.linked_keyword)::integer as n
            from unnest(v_pages) as x (id)
            join public.pages pp on pp.id = x.id
            left join public.pages_keywords pk on pk.linked_page = x.id
            left join public.serps s on s.linked_keyword = pk.linked_keyword and s.site = pp.site
           group by x.id) c
   where p.id = c.id and p.serp_results_count <> c.n;
end
$$;

-- Updated SERP rows: the keywords whose rows changed keyword or site (other updates change
-- nothing and lock nothing).
create or replace function private.serps_after_update() returns trigger
language plpgsql security definer set search_path = ''
as $$
declare
  v_keywords bigint[];
begin
  select array_agg(distinct d.linked_keyword) into v_keywords
    from ((select linked_keyword, site from old_rows except all select linked_keyword, site from new_rows)
          union all
          (select linked_keyword, site from new_rows except all select linked_keyword, site from old_rows)) d;
  if v_keywords is not null then
    perform private.refresh_serp_results_counts(v_keywords, null);
  end if;
  return null;
end
$$;

-- A page moved to another site: its count on the new site.
create or replace function private.pages_serp_results_count_on_move() returns trigger
language plpgsql security definer set search_path = ''
as $$
begin
  select count(*)::integer into new.serp_results_count
    from public.pages_keywords pk
    join public.serps s on s.linked_keyword = pk.linked_keyword and s.site = new.site
   where pk.linked_page = new.id;
  return new;
end
$$;

revoke all on function private.refresh_serp_results_counts(bigint[], bigint[]), private.serps_after_update(),
  private.pages_serp_results_count_on_move() from public, anon, authenticated, service_role;

drop trigger if exists pages_serp_results_count_on_move on public.pages;
create trigger pages_serp_results_count_on_move
  before update of site on public.pages
  for each row when (new.site is distinct from old.site)
  execute function private.pages_serp_results_count_on_move();

-- Existing counts, recounted per site.
update public.pages p set serp_results_count = c.n
  from (select pp.id, count(s.linked_keyword)::integer as n
          from public.pages pp
          left join public.pages_keywords pk on pk.linked_page = pp.id
          left join public.serps s on s.linked_keyword = pk.linked_keyword and s.site = pp.site
         group by pp.id) c
 where p.id = c.id and p.serp_results_count <> c.n;
