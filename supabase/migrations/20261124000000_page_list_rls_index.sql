-- Page list, third pass (issue 3, "Performance"): the exact count of the page list of
-- spec/app.md §7 (`Prefer: count=exact` on /pages?...&site=eq.<id>) reads every page of
-- the site through the pages read policy. With the policy written
--   site = any (array (select private.owned_sites())) or hide_revisions_texts_from_preview
-- the OR cannot be an index condition, so the index-only scan returned all 10,000 index
-- entries of a site and evaluated the policy on each of them as a Filter (a ScalarArrayOp
-- plus the OR: ~40 % of the ~820 instructions per page the count cost).
--
-- The same rule, written as one comparison that a btree index can check:
--   (case when hide_revisions_texts_from_preview then 0 else site end)
--     = any (array (select private.page_read_keys()))
-- where page_read_keys() is 0 plus the ids of the caller's sites:
--   * a demo page (hide_revisions_texts_from_preview) has the key 0, always in the list:
--     readable by everyone, as before;
--   * any other page has its site id as key: readable only when that site is the caller's.
-- Site ids are positive (identity from 1; the check constraint below makes sure no site
-- can be given the id 0 explicitly), so no non-demo page can have the key 0.
-- With an index on (site, key, hide_revisions_texts_from_preview) both the request's
-- `site = $1` and the policy are index conditions of the count's index-only scan: btree
-- checks them once per posting list (deduplicated entries of equal keys), not once per
-- page, and no Filter runs per row. PostgreSQL work for the page-list call: 15.1 M ->
-- 12.4 M instructions (callgrind, the transaction as PostgREST sends it).

-- ------------------------------------------------------------ site ids -----
alter table public.sites add constraint sites_id_positive check (id > 0);

-- ------------------------------------------------------- page read keys -----
-- 0 (demo pages) and the ids of the sites the caller owns. PL/pgSQL so its plan is
-- cached per connection; SECURITY DEFINER to read sites without the sites policy.
create function private.page_read_keys() returns setof bigint
language plpgsql stable security definer set search_path = ''
rows 10
as $$
begin
  return next 0;
  return query select s.id from public.sites s where s.linked_user = (select auth.uid());
end
$$;
revoke all on function private.page_read_keys() from public;
grant execute on function private.page_read_keys() to anon, authenticated, service_role;

-- ---------------------------------------------------------- pages policy -----
drop policy "Pages: owner and demo read" on public.pages;
create policy "Pages: owner and demo read" on public.pages for select to anon, authenticated
  using ((case when hide_revisions_texts_from_preview then 0::bigint else site end)
         = any (array (select private.page_read_keys())));

-- ----------------------------------------------------------------- index -----
-- All three columns are keys (no INCLUDE), so btree deduplication keeps a site's pages
-- in a few posting lists; hide_revisions_texts_from_preview is there so the count can be
-- an index-only scan (the planner needs the policy's columns, not only its expression).
-- It replaces the (site, hide_revisions_texts_from_preview) index of 20261123000000.
create index pages_site_read_key_idx on public.pages
  (site, (case when hide_revisions_texts_from_preview then 0::bigint else site end), hide_revisions_texts_from_preview);
drop index public.pages_site_hide_revisions_idx;

-- ------------------------------------------------------------ plan cache -----
-- PostgREST sends every request as a prepared statement with parameters, the page list's
-- LIMIT/OFFSET included. After five executions PostgreSQL compares the generic plan's
-- estimated cost with the custom plans' average; with LIMIT $4 unknown the generic estimate
-- assumes 10 % of the rows (computed fields evaluated 168 times instead of 10), so the
-- custom plan "wins" and PostgreSQL plans the statement again at every request (~1.2 M
-- instructions, 8 % of the call). The generic plan is the same plan (same indexes, same
-- joins); force it for PostgREST's sessions. Skipped with a notice where the migration
-- role may not alter the authenticator role.
do $$
begin
  alter role authenticator set plan_cache_mode = 'force_generic_plan';
exception when insufficient_privilege then
  raise notice 'plan_cache_mode not set for authenticator: %', sqlerrm;
end
$$;
