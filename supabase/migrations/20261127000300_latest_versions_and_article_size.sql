-- Issues 14 and 15, audit fixes.
--
-- 1. latest_versions_for_pages(bigint[]): the newest version of each of a list of pages, one row
--    per page that has a version ('copy version URLs' of the page list, spec/app.md §7 "latest per
--    list of page ids"). Reading every version of the selected pages and keeping the first per page
--    in the browser could miss a page: PostgREST answers at most max-rows rows (1000 here and on a
--    hosted project by default). SECURITY INVOKER: the caller's pages_versions policy decides which
--    pages answer, exactly as the table request did. Each page is one index probe of
--    pages_versions_page_created_idx (page, created_date desc).
--
-- 2. Article size: a hand edit (save_version_edit) and the html_content column accepted at most
--    2,000,000 characters, so a real 2 MiB article (2,097,152 characters of ASCII) could be neither
--    stored nor edited. The cap is now 5,000,000 characters for both (the workspace's editor checks
--    the same figure before sending: ARTICLE_MAX_CHARS in workspace/src/features/page-versions).

-- --------------------------------------------------------- latest versions -----
create function public.latest_versions_for_pages(p_page_ids bigint[])
returns table (page bigint, id uuid, created_date timestamptz)
language sql
stable
security invoker
set search_path = ''
as $$
  select ids.page, latest.id, latest.created_date
    from (select distinct unnest(p_page_ids) as page) ids
    cross join lateral (
      select v.id, v.created_date
        from public.pages_versions v
       where v.page = ids.page
       order by v.created_date desc, v.id
       limit 1
    ) latest
   order by ids.page
$$;
comment on function public.latest_versions_for_pages(bigint[]) is
  'The newest version (created_date desc, then id) of each listed page the caller may read; pages without a version are absent.';

revoke all on function public.latest_versions_for_pages(bigint[]) from public, anon;
grant execute on function public.latest_versions_for_pages(bigint[]) to authenticated, service_role;

-- ------------------------------------------------------------ article size -----
alter table public.pages_versions drop constraint if exists pages_versions_html_content_check;
alter table public.pages_versions add constraint pages_versions_html_content_check
  check (html_content is null or length(html_content) <= 5000000);

create or replace function public.save_version_edit(p_version_id uuid, p_html text) returns public.pages_versions
language plpgsql
security invoker
set search_path = ''
as $$
declare
  src public.pages_versions;
  v public.pages_versions;
begin
  select * into src from public.pages_versions where id = p_version_id;
  if not found then
    raise exception 'Version not found' using errcode = 'P0001', hint = 'not_found';
  end if;
  if p_html is null or btrim(p_html) = '' then
    raise exception 'The HTML content cannot be empty.' using errcode = '22023', hint = 'html_content';
  end if;
  if length(p_html) > 5000000 then
    raise exception 'The HTML content must be at most 5,000,000 characters.' using errcode = '22023', hint = 'html_content';
  end if;
  insert into public.pages_versions (page, html_content, creator, parent_version, origin)
  values (src.page, p_html, (select auth.uid()), src.id, 'hand_edit')
  returning * into v;
  return v;
end
$$;
