-- Tenant isolation (issue 27, items 1, 2, 3 and the storage-listing / demo-creator part of 15).
-- Idempotent like the other migrations: it also deploys unchanged to a hosted Supabase project.
--
-- 1. Tone groups. A site may only point at a tone group (a tone article without parent) that
--    its owner may read: their own, or a shared one (sites_check_tone_group). A group that stops
--    being readable (unshared, given away, turned into a member) is cleared from the other
--    users' sites pointing at it (tone_articles_release_sites). Sites already pointing at a
--    group their owner may not read are cleared below. The worker reads, for a job, only the
--    group and the members owned by the site's owner or shared (create-article.js toneSamples).
-- 2. Keywords and SERPs. A user reads only the keywords linked to their own pages, and only the
--    SERP rows of their own sites. The keyword dictionary stays shared (one row per lower(keyword)):
--    a keyword is added to a page by text through public.add_page_keyword, which finds or
--    creates it and links it in one call. Clients no longer insert keywords or links, nor move a
--    link to another keyword id (that read any keyword's text by id).
-- 3. pages.creator and pages_versions.creator are set by the database on insert (the caller's
--    auth.uid() for the API roles) and never changed by the API roles afterwards.
-- 15. Storage objects stay readable by their public URL (the storage service reads public
--    buckets without RLS); listing, downloads through the authenticated route and info are for
--    owners: logos they uploaded, page-images folders of their own pages. Anonymous readers of
--    demo pages and versions do not get creator (column privileges).

-- ------------------------------------------------------------ 1. tone groups -----
-- A tone group (no parent) that p_user may read: their own or a shared one.
create or replace function private.tone_group_readable_by(p_group bigint, p_user uuid) returns boolean
language sql stable security definer set search_path = ''
as $$
  select exists (
    select 1 from public.tone_articles t
     where t.id = p_group and t.parent_tone_article is null
       and (t.is_shared or (p_user is not null and t.owner = p_user))
  )
$$;
revoke all on function private.tone_group_readable_by(bigint, uuid) from public, anon, authenticated;

create or replace function private.sites_check_tone_group() returns trigger
language plpgsql security definer set search_path = ''
as $$
begin
  if new.tone_articles_group is null then
    return new;
  end if;
  if tg_op = 'UPDATE' and new.tone_articles_group is not distinct from old.tone_articles_group
     and new.linked_user is not distinct from old.linked_user then
    return new;
  end if;
  if not private.tone_group_readable_by(new.tone_articles_group, new.linked_user) then
    raise exception 'Tone article group not found' using errcode = '23503', hint = 'tone_articles_group';
  end if;
  return new;
end
$$;
revoke all on function private.sites_check_tone_group() from public, anon, authenticated;

drop trigger if exists sites_check_tone_group on public.sites;
create trigger sites_check_tone_group
  before insert or update of tone_articles_group, linked_user on public.sites
  for each row execute function private.sites_check_tone_group();

create or replace function private.tone_articles_release_sites() returns trigger
language plpgsql security definer set search_path = ''
as $$
begin
  update public.sites s set tone_articles_group = null
   where s.tone_articles_group = new.id
     and not private.tone_group_readable_by(new.id, s.linked_user);
  return null;
end
$$;
revoke all on function private.tone_articles_release_sites() from public, anon, authenticated;

drop trigger if exists tone_articles_release_sites on public.tone_articles;
create trigger tone_articles_release_sites
  after update of is_shared, owner, parent_tone_article on public.tone_articles
  for each row execute function private.tone_articles_release_sites();

update public.sites s set tone_articles_group = null
 where s.tone_articles_group is not null
   and not private.tone_group_readable_by(s.tone_articles_group, s.linked_user);

-- ------------------------------------------------------- 2. keywords, SERPs -----
-- The page's keyword by text: found case-insensitively in the dictionary or created, then
-- linked to the page (nothing new when already linked). Only for the owner of the page's site.
--   P0001 hint 'not_found'  the page does not exist or is not the caller's
--   22023 hint 'keyword'    blank or longer than 200 characters (the keywords check, 20261128000400)
create or replace function public.add_page_keyword(p_page_id bigint, p_keyword text) returns json
language plpgsql volatile security definer set search_path = ''
as $$
declare
  v_text text := btrim(coalesce(p_keyword, ''));
  v_keyword public.keywords;
  v_link bigint;
  v_status text := 'linked';
begin
  if (select auth.uid()) is null or p_page_id is null or not private.owns_page(p_page_id) then
    raise exception 'Page not found' using errcode = 'P0001', hint = 'not_found';
  end if;
  if length(v_text) not between 1 and 200 then
    raise exception 'A keyword has 1 to 200 characters.' using errcode = '22023', hint = 'keyword';
  end if;
  -- A concurrent insert of the same keyword: this waits for it, then the select sees its row.
  insert into public.keywords (keyword) values (v_text) on conflict ((lower(keyword))) do nothing;
  select * into strict v_keyword from public.keywords k where lower(k.keyword) = lower(v_text);
  insert into public.pages_keywords (linked_page, linked_keyword) values (p_page_id, v_keyword.id)
  on conflict (linked_page, linked_keyword) do nothing
  returning id into v_link;
  if v_link is null then
    v_status := 'already-linked';
    select pk.id into v_link from public.pages_keywords pk
     where pk.linked_page = p_page_id and pk.linked_keyword = v_keyword.id;
  end if;
  return json_build_object('status', v_status, 'keyword_id', v_keyword.id, 'keyword', v_keyword.keyword, 'link_id', v_link);
end
$$;
revoke all on function public.add_page_keyword(bigint, text) from public, anon;
grant execute on function public.add_page_keyword(bigint, text) to authenticated, service_role;

drop policy if exists "Keywords: signed-in users read" on public.keywords;
drop policy if exists "Keywords: signed-in users add" on public.keywords;
drop policy if exists "Keywords: read those linked to own pages" on public.keywords;
create policy "Keywords: read those linked to own pages" on public.keywords for select to authenticated
  using (private.keyword_in_my_pages(id));
revoke insert, update, delete on public.keywords from anon, authenticated;

-- Links are made by add_page_keyword; a client only switches to_search or removes a link.
revoke insert, update on public.pages_keywords from anon, authenticated;
grant update (to_search) on public.pages_keywords to authenticated;

drop policy if exists "SERPs: owner reads by site or by keyword of own pages" on public.serps;
drop policy if exists "SERPs: owner reads own sites' rows" on public.serps;
create policy "SERPs: owner reads own sites' rows" on public.serps for select to authenticated
  using (site = any (array (select private.owned_sites())));

-- -------------------------------------------------------------- 3. creator -----
-- The API roles never choose nor change creator; service_role, the worker and the SECURITY
-- DEFINER functions (and ON DELETE SET NULL of auth.users) run as other roles and are not
-- affected. SECURITY INVOKER so current_user is the caller's role.
create or replace function private.creator_set_by_database() returns trigger
language plpgsql set search_path = ''
as $$
begin
  if current_user not in ('anon', 'authenticated') then
    return new;
  end if;
  if tg_op = 'INSERT' then
    new.creator := (select auth.uid());
  elsif new.creator is distinct from old.creator then
    raise exception 'The creator cannot be changed' using errcode = '42501', hint = 'creator';
  end if;
  return new;
end
$$;
revoke all on function private.creator_set_by_database() from public, anon, authenticated;

drop trigger if exists pages_creator_set_by_database on public.pages;
create trigger pages_creator_set_by_database
  before insert or update of creator on public.pages
  for each row execute function private.creator_set_by_database();
drop trigger if exists pages_versions_creator_set_by_database on public.pages_versions;
create trigger pages_versions_creator_set_by_database
  before insert or update of creator on public.pages_versions
  for each row execute function private.creator_set_by_database();

-- ------------------------------------------------------------- 15. storage -----
drop policy if exists "Citable: public read of seo1 and page-images" on storage.objects;
drop policy if exists "Citable: owners read their logos" on storage.objects;
drop policy if exists "Citable: page owners read page images" on storage.objects;
create policy "Citable: owners read their logos" on storage.objects
  for select to authenticated
  using (bucket_id = 'seo1' and (storage.foldername(name))[1] = 'logos' and owner = (select auth.uid()));
create policy "Citable: page owners read page images" on storage.objects
  for select to authenticated
  using (bucket_id = 'page-images' and private.owns_page_folder((storage.foldername(name))[1]));

-- ------------------------------------------------------- 15. demo creator -----
-- anon reads every column of pages and pages_versions but creator (RLS still picks the rows:
-- demo pages and their versions). Columns added later are not readable by anon until granted.
revoke select on public.pages, public.pages_versions from anon;
do $$
declare
  t text;
  cols text;
begin
  foreach t in array array['pages', 'pages_versions'] loop
    select string_agg(quote_ident(a.attname), ', ' order by a.attnum) into cols
      from pg_attribute a
     where a.attrelid = format('public.%I', t)::regclass and a.attnum > 0 and not a.attisdropped
       and a.attname <> 'creator';
    execute format('grant select (%s) on public.%I to anon', cols, t);
  end loop;
end
$$;
