-- Page list, fourth pass (issue 3, "Performance"): the per-page counts of the page list of
-- spec/app.md §7 (`select=...,serp_results_count,llm_answers_count`) become stored columns
-- of public.pages, kept up to date by triggers, instead of computed fields.
--
-- The computed fields (20261122000000, 20261123000000) ran two PL/pgSQL functions per page
-- of the list (20 calls for a page of 10), each with an ownership lookup, a count and a
-- parse of the JWT claims: ~0.8 ms of PostgreSQL CPU per page-list call, about a quarter
-- of the call. As columns the list reads them with the row. Same names, so the request
-- (`select=...,serp_results_count,llm_answers_count`) and PostgREST's filters and ordering
-- on them are unchanged.
--
--   serp_results_count = number of public.serps rows whose linked_keyword is one of the
--                        page's keywords (public.pages_keywords), as before;
--   llm_answers_count  = number of public.pages_llm_answers rows of the page, as before.
--
-- Visibility change: the computed fields counted only for the owner of the page's site
-- (and service_role), 0 for anyone else. The columns are read under the pages policy like
-- every other column: the owner sees them (as before); a non-owner reads no non-demo page
-- at all (as before); anyone reading a demo page (hide_revisions_texts_from_preview, a
-- public example article: spec/public.md "Demo-article listing") now sees that page's real
-- counts instead of 0. The demo listing itself does not ask for them.
--
-- Clients cannot write the two columns (column privileges below): only the triggers do.
--
-- How the triggers keep the counts right
-- * pages_llm_answers: insert / delete / update add the net change per page
--   (`llm_answers_count = llm_answers_count + d`). Concurrent writers are safe: an UPDATE
--   that waited for another transaction's row lock re-applies its delta to the row that
--   transaction committed.
-- * serps and pages_keywords: a page's count depends on two tables, so a delta can be lost
--   between transactions (a link added while someone else adds SERP rows of the same
--   keyword: each one's trigger misses the other's uncommitted row) or counted twice / not
--   at all within one statement (a keyword delete cascades to both tables, and the
--   cascaded deletes' triggers both run after both deletes). So the triggers recompute the
--   affected pages' counts from the tables, after locking, in this order:
--     1. the keyword rows whose links or SERP rows changed (FOR NO KEY UPDATE, by id):
--        transactions changing the same keyword's links or SERP rows take turns;
--     2. the affected pages (FOR NO KEY UPDATE, by id): for SERP changes, the pages linked
--        to those keywords, found after step 1; for link changes, the pages of the links;
--     3. one UPDATE recomputing those pages' counts (only rows whose count changed are
--        written). It is a new statement after the locks, so under READ COMMITTED (the
--        default, and what PostgREST uses) it sees everything committed by the
--        transactions it waited for.
--   Each (link, SERP row) pair is then counted by exactly one transaction: whichever's
--   trigger takes the keyword lock second sees the other's committed row. Under
--   REPEATABLE READ a trigger keeps its transaction's snapshot and could miss a concurrent
--   writer of the same keyword; SERIALIZABLE reports the conflict instead.
-- * Statement-level triggers with transition tables: a bulk insert of SERP rows (common:
--   one per keyword search) locks and recomputes once per statement, not per row.
-- * Truncate is not handled (nothing truncates these tables).
--
-- The trigger functions are SECURITY DEFINER with an empty search_path: they update pages
-- the caller's role may not update itself (a keyword is shared: SERP rows of it count for
-- every page linked to it, as before); what the caller could change in serps,
-- pages_keywords and pages_llm_answers was already limited by those tables' policies.

-- Nobody writes these tables while the columns are added, filled and the triggers created.
lock table public.pages_keywords, public.serps, public.pages_llm_answers in share mode;

-- -------------------------------------------------- computed fields out -----
drop function public.serp_results_count(public.pages);
drop function public.llm_answers_count(public.pages);

-- ---------------------------------------------------------- the columns -----
alter table public.pages
  add column serp_results_count integer not null default 0
    constraint pages_serp_results_count_check check (serp_results_count >= 0),
  add column llm_answers_count integer not null default 0
    constraint pages_llm_answers_count_check check (llm_answers_count >= 0);
comment on column public.pages.serp_results_count is
  'SERP rows of the page''s keywords (serps via pages_keywords). Maintained by triggers; read-only for clients.';
comment on column public.pages.llm_answers_count is
  'LLM answers of the page (pages_llm_answers). Maintained by triggers; read-only for clients.';

-- Column privileges: a table-wide INSERT/UPDATE grant covers every column (a column-level
-- revoke would not narrow it), so authenticated gets them column by column, the two
-- counts left out (writing them is a permission error, 42501). As for pages_actions.
-- anon never had INSERT/UPDATE on pages; service_role keeps all privileges.
revoke insert, update on public.pages from anon, authenticated;
grant insert (id, site, name, url, status, creator, date_created, date_modified,
              hide_cover_image_from_preview, hide_revisions_texts_from_preview)
  on public.pages to authenticated;
grant update (id, site, name, url, status, creator, date_created, date_modified,
              hide_cover_image_from_preview, hide_revisions_texts_from_preview)
  on public.pages to authenticated;

-- ------------------------------------------------------------- backfill -----
update public.pages p set serp_results_count = c.n
  from (select pk.linked_page, count(*)::integer as n
          from public.pages_keywords pk
          join public.serps s on s.linked_keyword = pk.linked_keyword
         group by pk.linked_page) c
 where p.id = c.linked_page;
update public.pages p set llm_answers_count = c.n
  from (select a.linked_page, count(*)::integer as n from public.pages_llm_answers a group by a.linked_page) c
 where p.id = c.linked_page;

-- ---------------------------------------------------- serp_results_count -----
-- Steps 1-3 above: lock the keywords, lock the pages, recompute. p_keywords: keywords
-- whose links or SERP rows changed; p_pages: pages whose links changed, or null for "the
-- pages linked to p_keywords" (SERP changes).
create function private.refresh_serp_results_counts(p_keywords bigint[], p_pages bigint[])
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
  -- Joins rather than a count per page, so a bulk change (thousands of pages) is a few
  -- hash joins instead of thousands of small queries.
  update public.pages p set serp_results_count = c.n
    from (select x.id, count(s.linked_keyword)::integer as n
            from unnest(v_pages) as x (id)
            left join public.pages_keywords pk on pk.linked_page = x.id
            left join public.serps s on s.linked_keyword = pk.linked_keyword
           group by x.id) c
   where p.id = c.id and p.serp_results_count <> c.n;
end
$$;

-- SERP rows added or removed: the keywords of those rows.
create function private.serps_after_insert() returns trigger
language plpgsql security definer set search_path = ''
as $$
begin
  perform private.refresh_serp_results_counts(array (select distinct n.linked_keyword from new_rows n), null);
  return null;
end
$$;

create function private.serps_after_delete() returns trigger
language plpgsql security definer set search_path = ''
as $$
begin
  perform private.refresh_serp_results_counts(array (select distinct o.linked_keyword from old_rows o), null);
  return null;
end
$$;

-- Updated SERP rows: the keywords whose number of rows changed (rows moved to another
-- keyword; other updates change nothing and lock nothing).
create function private.serps_after_update() returns trigger
language plpgsql security definer set search_path = ''
as $$
declare
  v_keywords bigint[];
begin
  select array_agg(coalesce(o.linked_keyword, n.linked_keyword)) into v_keywords
    from (select linked_keyword, count(*) as c from old_rows group by linked_keyword) o
    full join (select linked_keyword, count(*) as c from new_rows group by linked_keyword) n
      on n.linked_keyword = o.linked_keyword
   where o.c is distinct from n.c;
  if v_keywords is not null then
    perform private.refresh_serp_results_counts(v_keywords, null);
  end if;
  return null;
end
$$;

-- Links added, removed or changed: the pages and keywords of the (page, keyword) pairs
-- that are new or gone.
create function private.pages_keywords_after_change() returns trigger
language plpgsql security definer set search_path = ''
as $$
declare
  v_pages bigint[];
  v_keywords bigint[];
begin
  if tg_op = 'INSERT' then
    select array_agg(distinct n.linked_page), array_agg(distinct n.linked_keyword) into v_pages, v_keywords
      from new_rows n;
  elsif tg_op = 'DELETE' then
    select array_agg(distinct o.linked_page), array_agg(distinct o.linked_keyword) into v_pages, v_keywords
      from old_rows o;
  else
    select array_agg(distinct d.linked_page), array_agg(distinct d.linked_keyword) into v_pages, v_keywords
      from ((select linked_page, linked_keyword from old_rows except all select linked_page, linked_keyword from new_rows)
            union all
            (select linked_page, linked_keyword from new_rows except all select linked_page, linked_keyword from old_rows)) d;
  end if;
  if v_pages is not null then
    perform private.refresh_serp_results_counts(v_keywords, v_pages);
  end if;
  return null;
end
$$;

-- ----------------------------------------------------- llm_answers_count -----
-- Net change per page (new rows minus old rows), added to the stored count.
create function private.pages_llm_answers_after_change() returns trigger
language plpgsql security definer set search_path = ''
as $$
begin
  if tg_op = 'INSERT' then
    update public.pages p set llm_answers_count = p.llm_answers_count + d.n
      from (select linked_page, count(*)::integer as n from new_rows group by linked_page) d
     where p.id = d.linked_page;
  elsif tg_op = 'DELETE' then
    update public.pages p set llm_answers_count = p.llm_answers_count - d.n
      from (select linked_page, count(*)::integer as n from old_rows group by linked_page) d
     where p.id = d.linked_page;
  else
    update public.pages p set llm_answers_count = p.llm_answers_count + d.n
      from (select linked_page, sum(c)::integer as n
              from (select linked_page, 1 as c from new_rows
                    union all
                    select linked_page, -1 from old_rows) x
             group by linked_page having sum(c) <> 0) d
     where p.id = d.linked_page;
  end if;
  return null;
end
$$;

revoke all on function private.refresh_serp_results_counts(bigint[], bigint[]), private.serps_after_insert(),
  private.serps_after_delete(), private.serps_after_update(), private.pages_keywords_after_change(),
  private.pages_llm_answers_after_change() from public, anon, authenticated, service_role;

-- ------------------------------------------------------------- triggers -----
-- One trigger per event: a trigger with transition tables may have only one event.
create trigger serps_counts_after_insert after insert on public.serps
  referencing new table as new_rows for each statement execute function private.serps_after_insert();
create trigger serps_counts_after_delete after delete on public.serps
  referencing old table as old_rows for each statement execute function private.serps_after_delete();
create trigger serps_counts_after_update after update on public.serps
  referencing old table as old_rows new table as new_rows for each statement execute function private.serps_after_update();

create trigger pages_keywords_counts_after_insert after insert on public.pages_keywords
  referencing new table as new_rows for each statement execute function private.pages_keywords_after_change();
create trigger pages_keywords_counts_after_delete after delete on public.pages_keywords
  referencing old table as old_rows for each statement execute function private.pages_keywords_after_change();
create trigger pages_keywords_counts_after_update after update on public.pages_keywords
  referencing old table as old_rows new table as new_rows for each statement execute function private.pages_keywords_after_change();

create trigger pages_llm_answers_counts_after_insert after insert on public.pages_llm_answers
  referencing new table as new_rows for each statement execute function private.pages_llm_answers_after_change();
create trigger pages_llm_answers_counts_after_delete after delete on public.pages_llm_answers
  referencing old table as old_rows for each statement execute function private.pages_llm_answers_after_change();
create trigger pages_llm_answers_counts_after_update after update on public.pages_llm_answers
  referencing old table as old_rows new table as new_rows for each statement execute function private.pages_llm_answers_after_change();
