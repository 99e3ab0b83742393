-- Page list performance (issue 3, "Performance"): the request of spec/app.md §7
--   /pages?select=...,statuses(name),serp_results_count,llm_answers_count
--          &site=eq.<id>&order=date_modified.desc&limit=10   (Prefer: count=exact)
-- must answer in a few milliseconds for a site with 10,000 pages.
--
-- 1. The pages policies called private.owns_site(site) for every row: a SECURITY DEFINER
--    function is never inlined, so the exact count ran it 10,000 times (~60 ms). They now
--    compare site with the caller's site ids, computed once per statement as an InitPlan
--    (`(select private.owned_site_ids())`, Supabase's "wrap functions in select" advice).
-- 2. The (site, date_modified desc) index carries hide_revisions_texts_from_preview, so the
--    exact count under RLS is an index-only scan.
-- 3. serp_results_count(pages) and llm_answers_count(pages) are PostgREST computed fields:
--    the list asks for two numbers per page instead of embedding every SERP row through
--    pages_keywords -> keywords -> serps. They count only for the owner of the page's site
--    (checked inside, see below).

-- ------------------------------------------------------- owned site ids -----
-- The ids of the sites the caller owns (empty for anon). Used in policies as
-- `site = any ((select private.owned_site_ids())::bigint[])`, evaluated once per statement.
create function private.owned_site_ids() returns bigint[]
language sql stable security definer set search_path = ''
as $$
  select coalesce(array_agg(s.id), '{}'::bigint[]) from public.sites s where s.linked_user = (select auth.uid())
$$;
revoke all on function private.owned_site_ids() from public;
grant execute on function private.owned_site_ids() to anon, authenticated, service_role;

-- ---------------------------------------------------------- pages policies -----
drop policy "Pages: owner and demo read" on public.pages;
drop policy "Pages: owner creates" on public.pages;
drop policy "Pages: owner updates" on public.pages;
drop policy "Pages: owner deletes" on public.pages;

create policy "Pages: owner and demo read" on public.pages for select to anon, authenticated
  using (hide_revisions_texts_from_preview or site = any ((select private.owned_site_ids())::bigint[]));
create policy "Pages: owner creates" on public.pages for insert to authenticated
  with check (site = any ((select private.owned_site_ids())::bigint[]) and (creator is null or creator = (select auth.uid())));
create policy "Pages: owner updates" on public.pages for update to authenticated
  using (site = any ((select private.owned_site_ids())::bigint[]))
  with check (site = any ((select private.owned_site_ids())::bigint[]));
create policy "Pages: owner deletes" on public.pages for delete to authenticated
  using (site = any ((select private.owned_site_ids())::bigint[]));

-- SERP rows of the caller's own sites are recognised without a per-row function call;
-- rows of other sites (or without site) fall back to "keyword linked to one of my pages".
drop policy "SERPs: owner reads by site or by keyword of own pages" on public.serps;
create policy "SERPs: owner reads by site or by keyword of own pages" on public.serps for select to authenticated
  using (site = any ((select private.owned_site_ids())::bigint[]) or private.keyword_in_my_pages(linked_keyword));

-- ----------------------------------------------------------------- index -----
-- Serves `site = ? order by date_modified desc limit n`, and the exact count of a site's
-- pages as an index-only scan (the RLS filter reads the included column).
drop index public.pages_site_date_modified_idx;
create index pages_site_date_modified_idx on public.pages (site, date_modified desc)
  include (hide_revisions_texts_from_preview);

-- ------------------------------------------------------- computed fields -----
-- select=...,serp_results_count,llm_answers_count on /pages (PostgREST computed fields).
-- SECURITY DEFINER with the ownership check written out (looked up by page id, never
-- trusting the row passed in): counting under the callers' RLS re-ran the child tables'
-- policies and the owned-site lookup for every call, about 10x slower (and so does a
-- nested helper function: the check is inlined, it becomes a one-time filter). Pages the
-- caller does not own (demo pages read by anyone) count 0; service_role sees every count.

-- SERP rows of the keywords linked to the page.
create function public.serp_results_count(public.pages) returns bigint
language sql stable security definer set search_path = ''
as $$
  select count(*)
    from public.pages_keywords pk
    join public.serps s on s.linked_keyword = pk.linked_keyword
   where pk.linked_page = $1.id and (
     (select auth.role()) = 'service_role'
     or exists (select 1 from public.pages p join public.sites st on st.id = p.site
                 where p.id = $1.id and st.linked_user = (select auth.uid())))
$$;

-- LLM answers stored for the page.
create function public.llm_answers_count(public.pages) returns bigint
language sql stable security definer set search_path = ''
as $$
  select count(*) from public.pages_llm_answers a
   where a.linked_page = $1.id and (
     (select auth.role()) = 'service_role'
     or exists (select 1 from public.pages p join public.sites st on st.id = p.site
                 where p.id = $1.id and st.linked_user = (select auth.uid())))
$$;

revoke all on function public.serp_results_count(public.pages), public.llm_answers_count(public.pages) from public;
grant execute on function public.serp_results_count(public.pages), public.llm_answers_count(public.pages)
  to anon, authenticated, service_role;
