-- AI-visibility answers kept apart from the LLM answers of issue 21 (issue 33). Both live in
-- public.pages_llm_answers (one citation analysis, one RLS); the LLM answers screen, its per-version
-- figures and the page's llm_answers_count are about the answers of the llm_answers action only,
-- the visibility figures about the answers of visibility runs only.
--
--   pages_llm_answers.visibility  set once, when the row is inserted: true when it came from a
--                                 visibility run (prompt or run given); never changed afterwards, so
--                                 a deleted prompt (prompt set null) does not move its answers to
--                                 the other screen.

alter table public.pages_llm_answers add column visibility boolean not null default false;
comment on column public.pages_llm_answers.visibility is
  'An answer of an AI-visibility run (issue 33), set at insert from prompt/run and never changed; false: an answer of the llm_answers action (issue 21).';

-- The guard of 20261201007000 also decides the flag: for every writer at insert, kept on update.
create or replace function private.llm_answers_guard_visibility() returns trigger
language plpgsql security definer set search_path = ''
as $$
begin
  if tg_op = 'INSERT' then
    new.visibility := new.prompt is not null or new.run is not null;
  else
    new.visibility := old.visibility;
  end if;
  if not citable_worker.is_end_user_request() then
    return new;
  end if;
  if tg_op = 'INSERT' and (new.prompt is not null or new.run is not null or new.cost_usd is not null) then
    raise exception 'Visibility answers are written by the worker only' using errcode = '42501';
  end if;
  if tg_op = 'UPDATE' and (old.visibility or old.run is not null
      or new.prompt is distinct from old.prompt or new.run is distinct from old.run or new.cost_usd is distinct from old.cost_usd) then
    raise exception 'Visibility answers are written by the worker only' using errcode = '42501';
  end if;
  return new;
end
$$;
revoke all on function private.llm_answers_guard_visibility() from public, anon, authenticated;

-- The stored llm_answers_count counts the llm_answers action's answers only.
create or replace function private.pages_llm_answers_after_change() returns trigger
language plpgsql security definer set search_path = ''
as $$
begin
  if tg_op = 'INSERT' then
    update public.pages p set llm_answers_count = p.llm_answers_count + d.n
      from (select linked_page, count(*)::integer as n from new_rows where not visibility group by linked_page) d
     where p.id = d.linked_page;
  elsif tg_op = 'DELETE' then
    update public.pages p set llm_answers_count = p.llm_answers_count - d.n
      from (select linked_page, count(*)::integer as n from old_rows where not visibility group by linked_page) d
     where p.id = d.linked_page;
  else
    update public.pages p set llm_answers_count = p.llm_answers_count + d.n
      from (select linked_page, sum(c)::integer as n
              from (select linked_page, 1 as c from new_rows where not visibility
                    union all
                    select linked_page, -1 from old_rows where not visibility) x
             group by linked_page having sum(c) <> 0) d
     where p.id = d.linked_page;
  end if;
  return null;
end
$$;
revoke all on function private.pages_llm_answers_after_change() from public, anon, authenticated, service_role;

-- ------------------------------------------------------------- backfill -----
-- The rows written before this migration: the flag (no change of llm_answers_count through the
-- trigger: an update's old and new rows cancel out), then the counts recomputed.
alter table public.pages_llm_answers disable trigger pages_llm_answers_guard_visibility;
update public.pages_llm_answers set visibility = true where prompt is not null or run is not null;
alter table public.pages_llm_answers enable trigger pages_llm_answers_guard_visibility;
update public.pages p set llm_answers_count = c.n
  from (select p2.id, (select count(*)::integer from public.pages_llm_answers a
                        where a.linked_page = p2.id and not a.visibility) as n
          from public.pages p2) c
 where p.id = c.id and p.llm_answers_count <> c.n;

-- ------------------------------------------------------------- indexes -----
drop index if exists public.pages_llm_answers_figures_idx;
-- (cited_domains too: the share of voice of 20261202002100 reads it from the index alone)
create index pages_llm_answers_figures_idx on public.pages_llm_answers (linked_page, created_at)
  include (linked_llm, domain_cited, brand_mentioned, pages_version, prompt, cited_domains)
  where analysed_at is not null and visibility;

-- -------------------------------------------------------------- figures -----
-- As in 20261201007000, on the visibility answers (the flag rather than prompt, which a deleted
-- prompt sets null).
create or replace function public.visibility_series(p_site bigint, p_page bigint default null, p_bucket text default 'week', p_from timestamptz default null)
returns table (bucket date, engine bigint, answers integer, cited integer, mentioned integer)
language plpgsql stable security definer set search_path = ''
as $$
begin
  if (select auth.uid()) is null then
    raise exception 'Sign in to read the figures' using errcode = '42501';
  end if;
  if p_bucket is null or p_bucket not in ('week', 'day') then
    raise exception 'The period must be week or day' using errcode = '22023', hint = 'bucket';
  end if;
  if not private.owns_site(p_site) or (p_page is not null and not exists (
      select 1 from public.pages p where p.id = p_page and p.site = p_site)) then
    raise exception 'Site or page not found' using errcode = 'P0001', hint = 'not_found';
  end if;
  return query
    select date_trunc(p_bucket, a.created_at at time zone 'utc')::date, a.linked_llm,
           count(*)::integer, count(*) filter (where a.domain_cited)::integer, count(*) filter (where a.brand_mentioned)::integer
      from public.pages_llm_answers a
     where a.linked_page in (select p.id from public.pages p where p.site = p_site and (p_page is null or p.id = p_page))
       and a.analysed_at is not null and a.visibility
       and a.created_at >= coalesce(p_from, now() - interval '52 weeks')
     group by 1, 2
     order by 1, 2;
end
$$;

create or replace function public.visibility_version_counts(p_page bigint)
returns table (version uuid, version_created timestamptz, engine bigint, prompt bigint, answers integer, cited integer, mentioned integer)
language plpgsql stable security definer set search_path = ''
as $$
begin
  if (select auth.uid()) is null then
    raise exception 'Sign in to read the figures' using errcode = '42501';
  end if;
  if not private.owns_page(p_page) then
    raise exception 'Page not found' using errcode = 'P0001', hint = 'not_found';
  end if;
  return query
    select a.pages_version, v.created_date, a.linked_llm, a.prompt,
           count(*)::integer, count(*) filter (where a.domain_cited)::integer, count(*) filter (where a.brand_mentioned)::integer
      from public.pages_llm_answers a
      join public.pages_versions v on v.id = a.pages_version
     where a.linked_page = p_page and a.analysed_at is not null and a.visibility and a.prompt is not null
     group by 1, 2, 3, 4
     order by 2, 3, 4;
end
$$;
