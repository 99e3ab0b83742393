-- AI visibility (issue 33), second slice: share of voice against the cited domains, the answers'
-- export, and the client's read-only report link. docs/data-model.md "AI visibility".
--
--   visibility_share_of_voice(site, page?, from?, to?, top?)   per engine over the period, each cited
--       domain's share of all the citations of that engine's answers (the site's domain and its
--       subdomains counted as the site's domain), the top domains and always the site's own row
--   visibility_answers_export(site, page?, from?, to?)        the answers, one row each, for the CSV
--   visibility_report_links                                   one token per site that the owner creates
--       and revokes (revoked stays revoked); at most one live link per site
--   get_visibility_report(token)                              anyone holding a live token: that site's
--       aggregate figures only (no page, prompt nor answer text); rate-limited per source like the
--       public forms (private.count_public_submission), and by the local gateway per address

-- ------------------------------------------------------------ helpers -----
-- The site's domain as the citation analysis compares it (worker/src/citations/analyze.ts): the
-- URL's host, lowercased, without a leading www. nor a trailing dot.
create function private.site_domain(p_url text) returns text
language sql immutable set search_path = ''
as $$
  select nullif(regexp_replace(regexp_replace(lower(substring(coalesce(p_url, '') from '^[a-zA-Z][a-zA-Z0-9+.-]*://([^/:?#@]+)')),
                '^www\.', ''), '\.$', ''), '')
$$;
revoke all on function private.site_domain(text) from public, anon, authenticated;

-- Share of voice without checks (the public functions check who asks). share = a domain's answers
-- / all the domain citations of the engine's answers in the period. The analysis stores each domain
-- once per answer (worker/src/citations/analyze.ts), and domain_cited is true exactly when one of them
-- is the site's domain or a subdomain of it: the site's row counts the domain_cited answers (its
-- subdomains folded in, listed even at 0), every other domain its answers.
create function private.visibility_sov(p_site bigint, p_page bigint, p_from timestamptz, p_to timestamptz, p_top integer)
returns table (engine bigint, domain text, is_site boolean, answers integer, share float8, engine_answers integer, engine_citations integer)
language sql stable set search_path = ''
as $$
  with site as (
    select private.site_domain(s.url) as d from public.sites s where s.id = p_site
  ), a as not materialized (
    -- read twice, each time straight from the figures index (pages_llm_answers_figures_idx)
    -- page by page (offset 0 keeps the planner from joining the pages to a scan of the whole table)
    select a.linked_llm, a.cited_domains, a.domain_cited
      from public.pages p
      cross join lateral (
        select a.linked_llm, a.cited_domains, a.domain_cited
          from public.pages_llm_answers a
         where a.linked_page = p.id and a.analysed_at is not null and a.visibility
           and a.created_at >= p_from and a.created_at < p_to
        offset 0) a
     where p.site = p_site and (p_page is null or p.id = p_page)
  ), engines as (
    select a.linked_llm, count(*)::integer as n, count(*) filter (where a.domain_cited)::integer as site_n from a group by 1
  ), counts as (
    select a.linked_llm, c.dom, count(*)::integer as n
      from a cross join site cross join lateral unnest(a.cited_domains) as c(dom)
     where c.dom <> '' and (site.d is null or (c.dom <> site.d and right(c.dom, length(site.d) + 1) <> '.' || site.d))
     group by 1, 2
    union all
    select e.linked_llm, site.d, e.site_n from engines e cross join site where site.d is not null
  ), totals as (
    select c.linked_llm, sum(c.n)::integer as n from counts c group by 1
  ), ranked as (
    select c.linked_llm, c.dom, c.n, c.dom = (select d from site) as is_site,
           row_number() over (partition by c.linked_llm order by c.n desc, c.dom) as r
      from counts c
  )
  select r.linked_llm, r.dom, coalesce(r.is_site, false), r.n,
         case when t.n = 0 then 0::float8 else r.n::float8 / t.n end, e.n, t.n
    from ranked r
    join engines e on e.linked_llm = r.linked_llm
    join totals t on t.linked_llm = r.linked_llm
   where r.r <= p_top or r.is_site
   order by 1, 4 desc, 2
$$;
revoke all on function private.visibility_sov(bigint, bigint, timestamptz, timestamptz, integer) from public, anon, authenticated;

-- ------------------------------------------------------ share of voice -----
create function public.visibility_share_of_voice(p_site bigint, p_page bigint default null, p_from timestamptz default null,
                                                 p_to timestamptz default null, p_top integer default 10)
returns table (engine bigint, domain text, is_site boolean, answers integer, share float8, engine_answers integer, engine_citations integer)
language plpgsql stable security definer set search_path = ''
as $$
begin
  if (select auth.uid()) is null then
    raise exception 'Sign in to read the figures' using errcode = '42501';
  end if;
  if p_top is null or p_top < 1 or p_top > 50 then
    raise exception 'The number of domains must be between 1 and 50' using errcode = '22023', hint = 'top';
  end if;
  if p_from is not null and p_to is not null and p_from >= p_to then
    raise exception 'The period must end after it starts' using errcode = '22023', hint = 'period';
  end if;
  if not private.owns_site(p_site) or (p_page is not null and not exists (
      select 1 from public.pages p where p.id = p_page and p.site = p_site)) then
    raise exception 'Site or page not found' using errcode = 'P0001', hint = 'not_found';
  end if;
  return query select * from private.visibility_sov(p_site, p_page, coalesce(p_from, now() - interval '52 weeks'),
                                                    coalesce(p_to, now() + interval '1 second'), p_top);
end
$$;
revoke all on function public.visibility_share_of_voice(bigint, bigint, timestamptz, timestamptz, integer) from public, anon;
grant execute on function public.visibility_share_of_voice(bigint, bigint, timestamptz, timestamptz, integer) to authenticated;

-- -------------------------------------------------------------- export -----
-- The answers of the page (or the site) in the period, oldest first, for the CSV the browser writes.
create function public.visibility_answers_export(p_site bigint, p_page bigint default null, p_from timestamptz default null,
                                                 p_to timestamptz default null)
returns table (id bigint, created_at timestamptz, engine text, page text, prompt text, phrasing text, version_created timestamptz,
               cited boolean, mentioned boolean, cited_domains text[])
language plpgsql stable security definer set search_path = ''
as $$
begin
  if (select auth.uid()) is null then
    raise exception 'Sign in to export the answers' using errcode = '42501';
  end if;
  if p_from is not null and p_to is not null and p_from >= p_to then
    raise exception 'The period must end after it starts' using errcode = '22023', hint = 'period';
  end if;
  if not private.owns_site(p_site) or (p_page is not null and not exists (
      select 1 from public.pages p where p.id = p_page and p.site = p_site)) then
    raise exception 'Site or page not found' using errcode = 'P0001', hint = 'not_found';
  end if;
  return query
    select a.id, a.created_at, l.name, p.name, vp.question, a.question, v.created_date,
           a.domain_cited, a.brand_mentioned, coalesce(a.cited_domains, '{}')
      from public.pages_llm_answers a
      join public.pages p on p.id = a.linked_page
      left join public.llms l on l.id = a.linked_llm
      left join public.visibility_prompts vp on vp.id = a.prompt
      left join public.pages_versions v on v.id = a.pages_version
     where p.site = p_site and (p_page is null or p.id = p_page)
       and a.analysed_at is not null and a.visibility
       and a.created_at >= coalesce(p_from, '-infinity'::timestamptz) and a.created_at < coalesce(p_to, 'infinity'::timestamptz)
     order by a.created_at, a.id;
end
$$;
revoke all on function public.visibility_answers_export(bigint, bigint, timestamptz, timestamptz) from public, anon;
grant execute on function public.visibility_answers_export(bigint, bigint, timestamptz, timestamptz) to authenticated;

-- -------------------------------------------------------- report links -----
create table public.visibility_report_links (
  id bigint generated by default as identity primary key,
  site bigint not null references public.sites (id) on delete cascade,
  -- 256 random bits as 64 hex digits (two v4 UUIDs: 244 random bits): the link is the capability
  token text not null unique default (replace(gen_random_uuid()::text, '-', '') || replace(gen_random_uuid()::text, '-', ''))
    check (token ~ '^[0-9a-f]{64}$'),
  weeks integer not null default 12 check (weeks between 1 and 52),
  created_at timestamptz not null default now(),
  revoked_at timestamptz
);
comment on table public.visibility_report_links is
  'Read-only links to a site''s AI-visibility report (issue 33): /view/report/<token>. The owner creates and revokes them; at most one live link per site.';
create unique index visibility_report_links_live_idx on public.visibility_report_links (site) where revoked_at is null;

alter table public.visibility_report_links enable row level security;
create policy "Report links: owner reads" on public.visibility_report_links for select to authenticated
  using (private.owns_site(site));
create policy "Report links: owner creates" on public.visibility_report_links for insert to authenticated
  with check (private.owns_site(site));
create policy "Report links: owner revokes" on public.visibility_report_links for update to authenticated
  using (private.owns_site(site)) with check (private.owns_site(site));
revoke all on public.visibility_report_links from anon, authenticated;
grant select on public.visibility_report_links to authenticated;
grant insert (site, weeks) on public.visibility_report_links to authenticated;
grant update (revoked_at) on public.visibility_report_links to authenticated;

-- A revoked link stays revoked; the revocation time is the database's.
create function private.visibility_report_links_revoke() returns trigger
language plpgsql set search_path = ''
as $$
begin
  if old.revoked_at is not null then
    raise exception 'This report link is already revoked' using errcode = 'P0001', hint = 'revoked';
  end if;
  if new.revoked_at is not null then
    new.revoked_at := now();
  end if;
  return new;
end
$$;
revoke all on function private.visibility_report_links_revoke() from public, anon, authenticated;
create trigger visibility_report_links_revoke before update on public.visibility_report_links
  for each row execute function private.visibility_report_links_revoke();

-- The report's reads count as public submissions of their own kind.
alter table private.public_submissions drop constraint if exists public_submissions_kind_check;
alter table private.public_submissions add constraint public_submissions_kind_check
  check (kind in ('claim', 'contact', 'visibility_report'));

-- What the client sees for a live token: the site's name, domain, logo and language, the period
-- (the link's weeks up to now), the engines, per engine and week the answers, cited and mentioned
-- counts, per engine the totals, and the share of voice (top 5 domains and the site's row). Nothing
-- else of the site: no page, prompt, answer text, cost or setting. A malformed, unknown or revoked
-- token: P0001 'not_found' (one answer for the three). Per source: 300 reads an hour.
create function public.get_visibility_report(p_token text) returns json
language plpgsql volatile security definer set search_path = ''
as $$
declare
  v_link public.visibility_report_links;
  v_site public.sites;
  v_from timestamptz;
  v_to timestamptz := now();
  v_lang text;
begin
  perform private.count_public_submission('visibility_report', 300);
  if p_token is null or p_token !~ '^[0-9a-f]{64}$' then
    raise exception 'Report link not found' using errcode = 'P0001', hint = 'not_found';
  end if;
  select * into v_link from public.visibility_report_links l where l.token = p_token and l.revoked_at is null;
  if not found then
    raise exception 'Report link not found' using errcode = 'P0001', hint = 'not_found';
  end if;
  select * into v_site from public.sites s where s.id = v_link.site;
  v_from := date_trunc('week', v_to at time zone 'utc') at time zone 'utc' - make_interval(weeks => v_link.weeks - 1);
  select case when ll.language_code = 'en' then 'en' else 'fr' end into v_lang
    from public.location_languages ll where ll.id = v_site.language;
  return (
    with series as (
      -- page by page from the figures index, as private.visibility_sov
      select date_trunc('week', a.created_at at time zone 'utc')::date as bucket, a.linked_llm as engine,
             count(*)::integer as answers, count(*) filter (where a.domain_cited)::integer as cited,
             count(*) filter (where a.brand_mentioned)::integer as mentioned
        from public.pages p
        cross join lateral (
          select a.created_at, a.linked_llm, a.domain_cited, a.brand_mentioned
            from public.pages_llm_answers a
           where a.linked_page = p.id and a.analysed_at is not null and a.visibility and a.created_at >= v_from
          offset 0) a
       where p.site = v_site.id
       group by 1, 2
    )
    select json_build_object(
      'site', json_build_object('name', v_site.name, 'domain', private.site_domain(v_site.url),
                                'logo_url', private.client_logo_url(v_site.image_logo), 'language', coalesce(v_lang, 'fr')),
      'period', json_build_object('from', v_from, 'to', v_to, 'weeks', v_link.weeks),
      'engines', (select coalesce(json_agg(json_build_object('id', l.id, 'name', l.name) order by l.id), '[]'::json)
                    from public.llms l where l.id in (select s.engine from series s)),
      'series', (select coalesce(json_agg(json_build_object('bucket', s.bucket, 'engine', s.engine, 'answers', s.answers,
                                                            'cited', s.cited, 'mentioned', s.mentioned) order by s.bucket, s.engine), '[]'::json)
                   from series s),
      'share_of_voice', (select coalesce(json_agg(json_build_object('engine', v.engine, 'domain', v.domain, 'is_site', v.is_site,
                                                                    'answers', v.answers, 'share', v.share, 'engine_answers', v.engine_answers,
                                                                    'engine_citations', v.engine_citations)), '[]'::json)
                           from private.visibility_sov(v_site.id, null, v_from, v_to + interval '1 second', 5) v)
    )
  );
end
$$;
revoke all on function public.get_visibility_report(text) from public;
grant execute on function public.get_visibility_report(text) to anon, authenticated;
