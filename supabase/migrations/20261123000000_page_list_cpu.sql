-- Page list CPU (issue 3, "Performance", second pass): the same request of spec/app.md §7
--   /pages?select=...,statuses(name),serp_results_count,llm_answers_count
--          &site=eq.<id>&order=date_modified.desc&limit=10   (Prefer: count=exact)
-- took ~23.4 M CPU instructions in PostgreSQL per call for a 10,000-page site (callgrind,
-- the transaction exactly as PostgREST sends it); after this migration ~14.4 M, with the
-- same results and the same visibility rules. Three changes:
--
-- 1. The pages policy compared `site = any ((select private.owned_site_ids())::bigint[])`.
--    The array a SQL function returns comes back as a packed (short-header) varlena, so
--    `= any` detoasted (copied) it again for each of the 10,000 rows of the exact count
--    (-2.7 M). An ARRAY(subquery) is built once per statement (an InitPlan) with a normal
--    header and read in place. private.owned_sites() is PL/pgSQL so its plan is cached per
--    connection (a SQL SECURITY DEFINER function is parsed and planned at every statement).
-- 2. serp_results_count / llm_answers_count were SQL SECURITY DEFINER functions: never
--    inlined, so PostgreSQL 15-17 parse, analyse and plan their body again at each
--    statement, and `(select auth.role())` parsed the JWT claims (jsonb) at each of the
--    20 calls on top of auth.uid(). As PL/pgSQL the plans are cached per connection; the
--    service_role test reads the database role PostgREST switched to
--    (current_setting('role'): a caller cannot set it to a role it is not a member of)
--    instead of the claims (-3.3 M). Same checks otherwise (see 20261122000000 for why
--    they are SECURITY DEFINER and look ownership up by page id).
-- 3. An index on (site, hide_revisions_texts_from_preview) for the exact count (-2.6 M),
--    see below.

-- ------------------------------------------------------------ owned sites -----
-- The ids of the sites the caller owns (none for anon). In policies as
-- `site = any (array (select private.owned_sites()))`: one InitPlan per statement.
create function private.owned_sites() returns setof bigint
language plpgsql stable security definer set search_path = ''
rows 10
as $$
begin
  return query select s.id from public.sites s where s.linked_user = (select auth.uid());
end
$$;
revoke all on function private.owned_sites() from public;
grant execute on function private.owned_sites() to anon, authenticated, service_role;

-- ---------------------------------------------------------- pages policies -----
-- The owner test comes first: for an owner's page it settles the OR without reading the flag.
drop policy "Pages: owner and demo read" on public.pages;
drop policy "Pages: owner creates" on public.pages;
drop policy "Pages: owner updates" on public.pages;
drop policy "Pages: owner deletes" on public.pages;

create policy "Pages: owner and demo read" on public.pages for select to anon, authenticated
  using (site = any (array (select private.owned_sites())) or hide_revisions_texts_from_preview);
create policy "Pages: owner creates" on public.pages for insert to authenticated
  with check (site = any (array (select private.owned_sites())) and (creator is null or creator = (select auth.uid())));
create policy "Pages: owner updates" on public.pages for update to authenticated
  using (site = any (array (select private.owned_sites())))
  with check (site = any (array (select private.owned_sites())));
create policy "Pages: owner deletes" on public.pages for delete to authenticated
  using (site = any (array (select private.owned_sites())));

drop policy "SERPs: owner reads by site or by keyword of own pages" on public.serps;
create policy "SERPs: owner reads by site or by keyword of own pages" on public.serps for select to authenticated
  using (site = any (array (select private.owned_sites())) or private.keyword_in_my_pages(linked_keyword));

-- No policy uses it any more.
drop function private.owned_site_ids();

-- ----------------------------------------------------------------- index -----
-- The exact count (`select 1 from pages where site = $1` under the policy above) as an
-- index-only scan of a small index: with both columns as keys (no INCLUDE), btree
-- deduplication stores a site's pages as a few posting lists, so the `site = $1` key is
-- checked once per posting list instead of once per page, and each page only needs its
-- two key columns for the policy. 88 kB instead of 584 kB for 10,000 pages; ~20 % fewer
-- instructions for the count (12.6 M -> 10.0 M). (site, date_modified desc) still serves
-- the ordered page of 10.
create index pages_site_hide_revisions_idx on public.pages (site, hide_revisions_texts_from_preview);

-- ------------------------------------------------------- computed fields -----
-- Same contract as before: the count for the owner of the page's site (looked up by page
-- id, never trusting the row passed in) and for service_role; 0 for anyone else.

create or replace function public.serp_results_count(public.pages) returns bigint
language plpgsql stable security definer set search_path = ''
as $$
begin
  if current_setting('role') = 'service_role' or exists (
       select 1 from public.pages p join public.sites st on st.id = p.site
        where p.id = $1.id and st.linked_user = auth.uid()) then
    return (select count(*)
              from public.pages_keywords pk
              join public.serps s on s.linked_keyword = pk.linked_keyword
             where pk.linked_page = $1.id);
  end if;
  return 0;
end
$$;

create or replace function public.llm_answers_count(public.pages) returns bigint
language plpgsql stable security definer set search_path = ''
as $$
begin
  if current_setting('role') = 'service_role' or exists (
       select 1 from public.pages p join public.sites st on st.id = p.site
        where p.id = $1.id and st.linked_user = auth.uid()) then
    return (select count(*) from public.pages_llm_answers a where a.linked_page = $1.id);
  end if;
  return 0;
end
$$;
