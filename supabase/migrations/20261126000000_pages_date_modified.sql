-- Page rules of spec/app.md §4-§5 kept by the database, for every writer (the page form,
-- another client, a script): issue 14.
--
-- 1. date_modified follows the page's own fields. An update that changes what a person edits
--    (site, name, url, status, the two preview flags) sets date_modified to now(), whatever
--    the client sent; an update that changes none of them (e.g. the stored counts of
--    20261125000000, rewritten by triggers when SERP rows or answers change) leaves it
--    alone, so the "Last modified" column of the page list means an edit of the page.
--    Inserts keep the client's date_created/date_modified (the defaults are now()); seeds
--    and imports may give older dates.
-- 2. Status: "an unknown status id is replaced by 1; a new page defaults to 1" (§4). A null
--    or unknown status becomes 1 (Published) on insert and on update, instead of a foreign
--    key error.
-- 3. Indexes for the page list's other sorts (name, url), per site, so sorting a site's
--    10,000 pages by name or URL and reading one page of them does not sort the whole site.

create function public.pages_before_write() returns trigger
language plpgsql
set search_path = ''
as $$
begin
  if new.status is null or not exists (select 1 from public.statuses s where s.id = new.status) then
    new.status := 1;
  end if;
  if tg_op = 'UPDATE'
     and (new.site, new.name, new.url, new.status, new.hide_cover_image_from_preview, new.hide_revisions_texts_from_preview)
         is distinct from
         (old.site, old.name, old.url, old.status, old.hide_cover_image_from_preview, old.hide_revisions_texts_from_preview) then
    new.date_modified := now();
  end if;
  return new;
end
$$;
comment on function public.pages_before_write() is
  'Page rules for every writer: unknown/null status -> 1; an edit of the page''s fields sets date_modified = now().';

create trigger pages_before_write
  before insert or update on public.pages
  for each row execute function public.pages_before_write();

create index pages_site_name_idx on public.pages (site, name);
create index pages_site_url_idx on public.pages (site, url);
