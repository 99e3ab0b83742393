-- Issue 32 (the workspace for a working day), part BULK: feeding the workspace in bulk. Idempotent.
--
-- 1. private.page_url_key(url): the normalised URL two pages of a site must not share (indexed per
--    site: pages_site_url_key_idx, so an import looks up its rows' keys only). Kept in step
--    with workspace/src/features/bulk/utils/urls.ts (pageUrlKey), which flags the same duplicates
--    in the preview: scheme (http/https), a leading "www.", the host's case, the default port, the
--    fragment and trailing slashes of the path do not count; the path's case and the query do.
-- 2. import_pages(site, rows, dry_run, status): ONE request for an import of up to 5,000 pages
--    ({name, url} each). SECURITY INVOKER: the pages policies apply (the caller must own the site).
--    Each row is created, or skipped as invalid (blank/too long name, not an http(s) URL, too long
--    URL), as a duplicate of an existing page of the site (same key), or as a duplicate of an
--    earlier row of the same import. dry_run answers the same without writing (the preview).
-- 3. import_keywords(site, rows, dry_run): ONE request for up to 1,000 {page | url, keyword} rows of
--    one site. SECURITY DEFINER (end users cannot insert keywords nor links: 20261128000100) with
--    the owner checked first; rows are created, "already" linked, for an unknown page, duplicates
--    of an earlier row, or invalid (blank, over 200 characters). Inserts go in statements of at
--    most 500 rows (the per-statement quota of 20261128000400); the keywords-per-minute quota
--    still applies (PT429, hint rate_limited).
-- 4. set_pages_status(site, ids, status) and delete_pages(site, ids): the page list's bulk actions,
--    ids in the body (no URL length limit), SECURITY INVOKER (the pages policies apply).
-- 5. export_site_articles(site, after, limit): for the content export, each page of the site
--    (keyset-paged by id) with its approved (else latest) version among those whose HTML is
--    sanitized (the rule of 20261128000400: an export reads only html_sanitized rows).
--
-- Errors (P0001 hint not_found: not the caller's site; 22023 with hints rows, too_many_rows, status).

-- ------------------------------------------------------------ 1. URL key -----
create or replace function private.page_url_key(p_url text) returns text
language plpgsql immutable parallel safe set search_path = ''
as $$
declare
  m text[];
  q text[];
  v_host text;
begin
  m := regexp_match(btrim(coalesce(p_url, '')), '^https?://([^/?#]*)([^#]*)', 'i');
  if m is null then
    return null;
  end if;
  v_host := regexp_replace(regexp_replace(lower(m[1]), '^www\.', ''), ':(80|443)$', '');
  q := regexp_match(m[2], '^([^?]*)(\?.*)?$');
  return v_host || regexp_replace(q[1], '/+$', '') || case when q[2] is null or q[2] = '?' then '' else q[2] end;
end
$$;
revoke all on function private.page_url_key(text) from public;
grant execute on function private.page_url_key(text) to authenticated, service_role;

-- A site's pages by key: an import compares its rows' keys, not the whole site's.
create index if not exists pages_site_url_key_idx on public.pages (site, private.page_url_key(url));

-- Whether a URL can be a page's: http(s), a host, no whitespace, at most 2,048 characters.
create or replace function private.is_page_url(p_url text) returns boolean
language sql immutable parallel safe set search_path = ''
as $$
  select coalesce(length(p_url) between 1 and 2048 and p_url ~* '^https?://[^/?#[:space:]]+[^[:space:]]*$', false)
$$;
revoke all on function private.is_page_url(text) from public;
grant execute on function private.is_page_url(text) to authenticated, service_role;

create or replace function private.check_own_site(p_site_id bigint) returns void
language plpgsql stable security definer set search_path = ''
as $$
begin
  if (select auth.uid()) is null or p_site_id is null
     or not exists (select 1 from public.sites s where s.id = p_site_id and s.linked_user = (select auth.uid())) then
    raise exception 'Site not found' using errcode = 'P0001', hint = 'not_found';
  end if;
end
$$;
revoke all on function private.check_own_site(bigint) from public;
grant execute on function private.check_own_site(bigint) to authenticated, service_role;

create or replace function private.check_rows(p_rows jsonb, p_max integer) returns void
language plpgsql immutable set search_path = ''
as $$
begin
  if p_rows is null or jsonb_typeof(p_rows) <> 'array' then
    raise exception 'The rows must be a JSON array.' using errcode = '22023', hint = 'rows';
  end if;
  if jsonb_array_length(p_rows) > p_max then
    raise exception 'Too many rows: at most % at a time (got %).', p_max, jsonb_array_length(p_rows)
      using errcode = '22023', hint = 'too_many_rows';
  end if;
end
$$;
revoke all on function private.check_rows(jsonb, integer) from public;
grant execute on function private.check_rows(jsonb, integer) to authenticated, service_role;

-- --------------------------------------------------------- 2. import_pages -----
drop function if exists public.import_pages(bigint, jsonb, boolean, bigint);
create function public.import_pages(p_site_id bigint, p_rows jsonb, p_dry_run boolean default false, p_status bigint default null)
returns json
language plpgsql volatile security invoker set search_path = ''
as $$
declare
  v_result json;
begin
  perform private.check_own_site(p_site_id);
  perform private.check_rows(p_rows, 5000);
  if p_status is not null and not exists (select 1 from public.statuses s where s.id = p_status) then
    raise exception 'Unknown page status %', p_status using errcode = '22023', hint = 'status';
  end if;
  with input as (
    select (e.ord - 1)::integer as i,
           btrim(coalesce(e.value ->> 'name', '')) as name,
           btrim(coalesce(e.value ->> 'url', '')) as url
      from jsonb_array_elements(p_rows) with ordinality as e(value, ord)
  ),
  checked as (
    select i, name, url, private.page_url_key(url) as key,
           length(name) between 1 and 500 and private.is_page_url(url) as is_valid
      from input
  ),
  -- each row's key looked up in pages_site_url_key_idx (a site of 10,000 pages against 1,000 rows)
  outcome as (
    select c.i, c.name, c.url,
           case
             when not c.is_valid then 'invalid'
             when exists (select 1 from public.pages p where p.site = p_site_id and private.page_url_key(p.url) = c.key) then 'existing'
             when row_number() over (partition by c.is_valid, c.key order by c.i) > 1 then 'duplicate'
             else 'create'
           end as o
      from checked c
  ),
  created as (
    insert into public.pages (site, name, url, status)
    select p_site_id, o.name, o.url, p_status from outcome o where o.o = 'create' and not p_dry_run order by o.i
    returning 1
  )
  select json_build_object(
           'created', case when p_dry_run then (select count(*) from outcome where o = 'create') else (select count(*) from created) end,
           'skipped', (select count(*) from outcome where o <> 'create'),
           'existing', coalesce((select json_agg(i order by i) from outcome where o = 'existing'), '[]'::json),
           'duplicates', coalesce((select json_agg(i order by i) from outcome where o = 'duplicate'), '[]'::json),
           'invalid', coalesce((select json_agg(i order by i) from outcome where o = 'invalid'), '[]'::json),
           'dry_run', p_dry_run)
    into v_result;
  return v_result;
end
$$;
comment on function public.import_pages(bigint, jsonb, boolean, bigint) is
  'Creates pages of an own site from [{name, url}] in one request (issue 32); duplicates (same page_url_key in the site or earlier in the rows) and invalid rows are skipped and listed by index. dry_run: the same answer, nothing written.';
revoke all on function public.import_pages(bigint, jsonb, boolean, bigint) from public, anon;
grant execute on function public.import_pages(bigint, jsonb, boolean, bigint) to authenticated, service_role;

-- ------------------------------------------------------ 3. import_keywords -----
drop function if exists public.import_keywords(bigint, jsonb, boolean);
create function public.import_keywords(p_site_id bigint, p_rows jsonb, p_dry_run boolean default false)
returns json
language plpgsql volatile security definer set search_path = ''
as $$
declare
  v_result json;
  v_chunk integer := 500;
  v_n integer;
  v_created integer := 0;
  v_step integer;
  v_rows integer;
begin
  perform private.check_own_site(p_site_id);
  perform private.check_rows(p_rows, 1000);

  drop table if exists pg_temp.keyword_import;
  create temp table keyword_import on commit drop as
  with input as (
    select (e.ord - 1)::integer as i,
           case when (e.value ->> 'page') ~ '^[0-9]{1,18}$' then (e.value ->> 'page')::bigint end as page_ref,
           btrim(coalesce(e.value ->> 'url', '')) as url,
           btrim(coalesce(e.value ->> 'keyword', '')) as keyword
      from jsonb_array_elements(p_rows) with ordinality as e(value, ord)
  ),
  -- a page named by URL: looked up by key in pages_site_url_key_idx
  resolved as (
    select n.*,
           case
             when n.page_ref is not null then (select p.id from public.pages p where p.id = n.page_ref and p.site = p_site_id)
             else (select min(p.id) from public.pages p where p.site = p_site_id and private.page_url_key(p.url) = private.page_url_key(n.url))
           end as page_id,
           length(n.keyword) between 1 and 200 and (n.page_ref is not null or private.is_page_url(n.url)) as is_valid
      from input n
  )
  select r.i, r.page_id, r.keyword,
         case
           when not r.is_valid then 'invalid'
           when r.page_id is null then 'unknown_page'
           when exists (select 1 from public.pages_keywords pk join public.keywords k on k.id = pk.linked_keyword
                         where pk.linked_page = r.page_id and lower(k.keyword) = lower(r.keyword)) then 'already'
           when row_number() over (partition by r.is_valid, r.page_id, lower(r.keyword) order by r.i) > 1 then 'duplicate'
           else 'create'
         end as o
    from resolved r;

  if not p_dry_run then
    -- the dictionary first (shared, case-insensitive), then the links, at most 500 rows a statement
    create temp table keyword_import_new on commit drop as
      select row_number() over (order by min(i)) as n, min(keyword) as keyword
        from pg_temp.keyword_import k
       where k.o = 'create'
         and not exists (select 1 from public.keywords d where lower(d.keyword) = lower(k.keyword))
       group by lower(k.keyword);
    select count(*) into v_n from pg_temp.keyword_import_new;
    v_step := 0;
    while v_step * v_chunk < v_n loop
      insert into public.keywords (keyword)
      select keyword from pg_temp.keyword_import_new where n > v_step * v_chunk and n <= (v_step + 1) * v_chunk order by n
      on conflict ((lower(keyword))) do nothing;
      v_step := v_step + 1;
    end loop;
    drop table pg_temp.keyword_import_new;

    create temp table keyword_import_links on commit drop as
      select row_number() over (order by k.i) as n, k.page_id, d.id as keyword_id
        from pg_temp.keyword_import k join public.keywords d on lower(d.keyword) = lower(k.keyword)
       where k.o = 'create';
    select count(*) into v_n from pg_temp.keyword_import_links;
    v_step := 0;
    while v_step * v_chunk < v_n loop
      insert into public.pages_keywords (linked_page, linked_keyword)
      select page_id, keyword_id from pg_temp.keyword_import_links where n > v_step * v_chunk and n <= (v_step + 1) * v_chunk order by n
      on conflict (linked_page, linked_keyword) do nothing;
      get diagnostics v_rows = row_count;
      v_created := v_created + v_rows;
      v_step := v_step + 1;
    end loop;
    drop table pg_temp.keyword_import_links;
  end if;

  select json_build_object(
           'created', case when p_dry_run then (select count(*) from pg_temp.keyword_import where o = 'create') else v_created end,
           'skipped', (select count(*) from pg_temp.keyword_import where o <> 'create'),
           'already', coalesce((select json_agg(i order by i) from pg_temp.keyword_import where o = 'already'), '[]'::json),
           'unknown_page', coalesce((select json_agg(i order by i) from pg_temp.keyword_import where o = 'unknown_page'), '[]'::json),
           'duplicates', coalesce((select json_agg(i order by i) from pg_temp.keyword_import where o = 'duplicate'), '[]'::json),
           'invalid', coalesce((select json_agg(i order by i) from pg_temp.keyword_import where o = 'invalid'), '[]'::json),
           'dry_run', p_dry_run)
    into v_result;
  drop table pg_temp.keyword_import;
  return v_result;
end
$$;
comment on function public.import_keywords(bigint, jsonb, boolean) is
  'Links keywords to pages of an own site from [{page | url, keyword}] in one request (issue 32); already linked, unknown pages, duplicates and invalid rows are skipped and listed by index. dry_run: nothing written.';
revoke all on function public.import_keywords(bigint, jsonb, boolean) from public, anon;
grant execute on function public.import_keywords(bigint, jsonb, boolean) to authenticated, service_role;

-- ------------------------------------------------- 4. bulk status, delete -----
drop function if exists public.set_pages_status(bigint, bigint[], bigint);
create function public.set_pages_status(p_site_id bigint, p_page_ids bigint[], p_status bigint)
returns json
language plpgsql volatile security invoker set search_path = ''
as $$
declare
  v_updated integer;
  v_found integer;
begin
  perform private.check_own_site(p_site_id);
  if p_status is null or not exists (select 1 from public.statuses s where s.id = p_status) then
    raise exception 'Unknown page status %', p_status using errcode = '22023', hint = 'status';
  end if;
  if coalesce(cardinality(p_page_ids), 0) > 10000 then
    raise exception 'Too many pages: at most 10000 at a time.' using errcode = '22023', hint = 'too_many_rows';
  end if;
  select count(*) into v_found from public.pages p where p.site = p_site_id and p.id = any (p_page_ids);
  update public.pages p set status = p_status
   where p.site = p_site_id and p.id = any (p_page_ids) and p.status is distinct from p_status;
  get diagnostics v_updated = row_count;
  return json_build_object('updated', v_updated, 'unchanged', v_found - v_updated);
end
$$;
revoke all on function public.set_pages_status(bigint, bigint[], bigint) from public, anon;
grant execute on function public.set_pages_status(bigint, bigint[], bigint) to authenticated, service_role;

drop function if exists public.delete_pages(bigint, bigint[]);
create function public.delete_pages(p_site_id bigint, p_page_ids bigint[])
returns integer
language plpgsql volatile security invoker set search_path = ''
as $$
declare
  v_deleted integer;
begin
  perform private.check_own_site(p_site_id);
  if coalesce(cardinality(p_page_ids), 0) > 10000 then
    raise exception 'Too many pages: at most 10000 at a time.' using errcode = '22023', hint = 'too_many_rows';
  end if;
  delete from public.pages p where p.site = p_site_id and p.id = any (p_page_ids);
  get diagnostics v_deleted = row_count;
  return v_deleted;
end
$$;
revoke all on function public.delete_pages(bigint, bigint[]) from public, anon;
grant execute on function public.delete_pages(bigint, bigint[]) to authenticated, service_role;

-- ------------------------------------------------------------ 5. export -----
drop function if exists public.export_site_articles(bigint, bigint, integer);
create function public.export_site_articles(p_site_id bigint, p_after bigint default 0, p_limit integer default 100)
returns table (page_id bigint, page_name text, page_url text, version_id uuid, version_date timestamptz, state text, html text)
language plpgsql stable security invoker set search_path = ''
as $$
begin
  perform private.check_own_site(p_site_id);
  return query
  select p.id, p.name, p.url, v.id, v.created_date,
         case when v.id is null then 'none' when v.approved then 'approved' when v.sent_in_revision then 'revision' else 'draft' end,
         v.html_content
    from public.pages p
    left join lateral (
      select pv.id, pv.created_date, pv.approved, pv.sent_in_revision, pv.html_content
        from public.pages_versions pv
       where pv.page = p.id and pv.html_sanitized and pv.html_content is not null
       order by pv.approved desc, pv.created_date desc
       limit 1
    ) v on true
   where p.site = p_site_id and p.id > coalesce(p_after, 0)
   order by p.id
   limit least(greatest(coalesce(p_limit, 100), 1), 500);
end
$$;
comment on function public.export_site_articles(bigint, bigint, integer) is
  'The content export (issue 32): each page of an own site after p_after (by id), with its approved (else latest) sanitized version; state none when it has none.';
revoke all on function public.export_site_articles(bigint, bigint, integer) from public, anon;
grant execute on function public.export_site_articles(bigint, bigint, integer) to authenticated, service_role;
