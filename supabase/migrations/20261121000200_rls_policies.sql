-- Row level security and grants.
-- A user sees and changes only the sites they own (linked_user = auth.uid()) and what
-- hangs off them. Lookup tables are read-only for everybody. Demo pages
-- (hide_revisions_texts_from_preview) and their versions are readable by everybody.
-- contact_messages and first_article_requests are reachable only through RPCs.

-- --------------------------------------------------- helper functions -----
-- SECURITY DEFINER helpers keep the policies short and avoid re-applying RLS in
-- nested lookups. They live outside the API schema, so PostgREST does not expose them.
create schema if not exists private;
grant usage on schema private to anon, authenticated, service_role;

create function private.owns_site(p_site bigint) returns boolean
language sql stable security definer set search_path = ''
as $$
  select exists (
    select 1 from public.sites s where s.id = p_site and s.linked_user = (select auth.uid())
  )
$$;

create function private.owns_page(p_page bigint) returns boolean
language sql stable security definer set search_path = ''
as $$
  select exists (
    select 1 from public.pages p join public.sites s on s.id = p.site
     where p.id = p_page and s.linked_user = (select auth.uid())
  )
$$;

create function private.is_demo_page(p_page bigint) returns boolean
language sql stable security definer set search_path = ''
as $$
  select exists (select 1 from public.pages p where p.id = p_page and p.hide_revisions_texts_from_preview)
$$;

-- A keyword linked to one of the caller's pages: its SERP rows are visible.
create function private.keyword_in_my_pages(p_keyword bigint) returns boolean
language sql stable security definer set search_path = ''
as $$
  select exists (
    select 1 from public.pages_keywords pk
      join public.pages p on p.id = pk.linked_page
      join public.sites s on s.id = p.site
     where pk.linked_keyword = p_keyword and s.linked_user = (select auth.uid())
  )
$$;

-- Storage folder named after a page id of a site the caller owns.
create function private.owns_page_folder(p_folder text) returns boolean
language sql stable security definer set search_path = ''
as $$
  select p_folder ~ '^[0-9]{1,18}$' and private.owns_page(p_folder::bigint)
$$;

create function private.version_belongs_to_page(p_version uuid, p_page bigint) returns boolean
language sql stable security definer set search_path = ''
as $$
  select p_version is null or exists (
    select 1 from public.pages_versions v where v.id = p_version and v.page = p_page
  )
$$;

revoke all on all functions in schema private from public;
grant execute on all functions in schema private to anon, authenticated, service_role;

-- --------------------------------------------------------------- grants -----
-- Start from nothing (the schema's default privileges grant everything), then grant
-- what each role needs. RLS then filters the rows.
revoke all on all tables in schema public from anon, authenticated;
grant all on all tables in schema public to service_role;
grant usage, select on all sequences in schema public to authenticated, service_role;

grant select on public.statuses, public.actions, public.location_countries,
  public.location_languages, public.llms to anon, authenticated;

grant select, insert, update, delete on public.sites, public.pages, public.pages_versions,
  public.pages_keywords, public.serps, public.pages_llm_answers, public.pages_versions_images,
  public.tone_articles to authenticated;

grant select on public.pages, public.pages_versions to anon;

grant select, insert on public.keywords to authenticated;

-- Page actions: the worker's columns (status, attempts, last_error, updated_at) are
-- written by service_role only.
grant select, delete on public.pages_actions to authenticated;
grant insert (linked_page, linked_action, linked_pages_version, creator, info_json, info2, queued, created_date)
  on public.pages_actions to authenticated;
grant update (linked_pages_version, info_json, info2, queued, created_date)
  on public.pages_actions to authenticated;

-- --------------------------------------------------------- enable RLS -----
alter table public.statuses enable row level security;
alter table public.actions enable row level security;
alter table public.location_countries enable row level security;
alter table public.location_languages enable row level security;
alter table public.llms enable row level security;
alter table public.tone_articles enable row level security;
alter table public.sites enable row level security;
alter table public.pages enable row level security;
alter table public.pages_versions enable row level security;
alter table public.pages_actions enable row level security;
alter table public.keywords enable row level security;
alter table public.pages_keywords enable row level security;
alter table public.serps enable row level security;
alter table public.pages_llm_answers enable row level security;
alter table public.pages_versions_images enable row level security;
alter table public.first_article_requests enable row level security;
alter table public.contact_messages enable row level security;

-- ------------------------------------------------------------- lookups -----
create policy "Lookup: everyone reads" on public.statuses for select to anon, authenticated using (true);
create policy "Lookup: everyone reads" on public.actions for select to anon, authenticated using (true);
create policy "Lookup: everyone reads" on public.location_countries for select to anon, authenticated using (true);
create policy "Lookup: everyone reads" on public.location_languages for select to anon, authenticated using (true);
create policy "Lookup: everyone reads" on public.llms for select to anon, authenticated using (true);

-- --------------------------------------------------------------- sites -----
create policy "Sites: owner reads" on public.sites for select to authenticated
  using (linked_user = (select auth.uid()));
create policy "Sites: owner creates" on public.sites for insert to authenticated
  with check (linked_user = (select auth.uid()));
create policy "Sites: owner updates" on public.sites for update to authenticated
  using (linked_user = (select auth.uid())) with check (linked_user = (select auth.uid()));
create policy "Sites: owner deletes" on public.sites for delete to authenticated
  using (linked_user = (select auth.uid()));

-- --------------------------------------------------------------- pages -----
create policy "Pages: owner and demo read" on public.pages for select to anon, authenticated
  using (hide_revisions_texts_from_preview or private.owns_site(site));
create policy "Pages: owner creates" on public.pages for insert to authenticated
  with check (private.owns_site(site) and (creator is null or creator = (select auth.uid())));
create policy "Pages: owner updates" on public.pages for update to authenticated
  using (private.owns_site(site)) with check (private.owns_site(site));
create policy "Pages: owner deletes" on public.pages for delete to authenticated
  using (private.owns_site(site));

-- ------------------------------------------------------- page versions -----
create policy "Versions: owner and demo read" on public.pages_versions for select to anon, authenticated
  using (private.is_demo_page(page) or private.owns_page(page));
create policy "Versions: owner creates" on public.pages_versions for insert to authenticated
  with check (private.owns_page(page) and (creator is null or creator = (select auth.uid())));
create policy "Versions: owner updates" on public.pages_versions for update to authenticated
  using (private.owns_page(page)) with check (private.owns_page(page));
create policy "Versions: owner deletes" on public.pages_versions for delete to authenticated
  using (private.owns_page(page));

-- -------------------------------------------------------- page actions -----
create policy "Page actions: owner reads" on public.pages_actions for select to authenticated
  using (private.owns_page(linked_page));
create policy "Page actions: owner queues" on public.pages_actions for insert to authenticated
  with check (private.owns_page(linked_page) and (creator is null or creator = (select auth.uid()))
              and private.version_belongs_to_page(linked_pages_version, linked_page));
create policy "Page actions: owner refreshes" on public.pages_actions for update to authenticated
  using (private.owns_page(linked_page))
  with check (private.owns_page(linked_page) and private.version_belongs_to_page(linked_pages_version, linked_page));
create policy "Page actions: owner deletes" on public.pages_actions for delete to authenticated
  using (private.owns_page(linked_page));

-- ------------------------------------------------------------ keywords -----
-- Keywords are a shared dictionary: signed-in users read and add them.
create policy "Keywords: signed-in users read" on public.keywords for select to authenticated using (true);
create policy "Keywords: signed-in users add" on public.keywords for insert to authenticated with check (true);

create policy "Page keywords: owner reads" on public.pages_keywords for select to authenticated
  using (private.owns_page(linked_page));
create policy "Page keywords: owner links" on public.pages_keywords for insert to authenticated
  with check (private.owns_page(linked_page));
create policy "Page keywords: owner updates" on public.pages_keywords for update to authenticated
  using (private.owns_page(linked_page)) with check (private.owns_page(linked_page));
create policy "Page keywords: owner unlinks" on public.pages_keywords for delete to authenticated
  using (private.owns_page(linked_page));

-- --------------------------------------------------------------- SERPs -----
create policy "SERPs: owner reads by site or by keyword of own pages" on public.serps for select to authenticated
  using (private.owns_site(site) or private.keyword_in_my_pages(linked_keyword));
create policy "SERPs: owner writes for own site" on public.serps for insert to authenticated
  with check (private.owns_site(site));
create policy "SERPs: owner updates own site rows" on public.serps for update to authenticated
  using (private.owns_site(site)) with check (private.owns_site(site));
create policy "SERPs: owner deletes own site rows" on public.serps for delete to authenticated
  using (private.owns_site(site));

-- --------------------------------------------------------- LLM answers -----
create policy "LLM answers: owner reads" on public.pages_llm_answers for select to authenticated
  using (private.owns_page(linked_page));
create policy "LLM answers: owner creates" on public.pages_llm_answers for insert to authenticated
  with check (private.owns_page(linked_page));
create policy "LLM answers: owner updates" on public.pages_llm_answers for update to authenticated
  using (private.owns_page(linked_page)) with check (private.owns_page(linked_page));
create policy "LLM answers: owner deletes" on public.pages_llm_answers for delete to authenticated
  using (private.owns_page(linked_page));

-- --------------------------------------------------------- page images -----
create policy "Images: owner reads" on public.pages_versions_images for select to authenticated
  using (private.owns_page(linked_page));
create policy "Images: owner adds" on public.pages_versions_images for insert to authenticated
  with check (private.owns_page(linked_page) and private.version_belongs_to_page(linked_pages_version, linked_page));
create policy "Images: owner updates" on public.pages_versions_images for update to authenticated
  using (private.owns_page(linked_page))
  with check (private.owns_page(linked_page) and private.version_belongs_to_page(linked_pages_version, linked_page));
create policy "Images: owner deletes" on public.pages_versions_images for delete to authenticated
  using (private.owns_page(linked_page));

-- ------------------------------------------------------- tone articles -----
create policy "Tone articles: own and shared read" on public.tone_articles for select to authenticated
  using (owner = (select auth.uid()) or is_shared);
create policy "Tone articles: owner creates" on public.tone_articles for insert to authenticated
  with check (owner = (select auth.uid()));
create policy "Tone articles: owner updates" on public.tone_articles for update to authenticated
  using (owner = (select auth.uid())) with check (owner = (select auth.uid()));
create policy "Tone articles: owner deletes" on public.tone_articles for delete to authenticated
  using (owner = (select auth.uid()));

-- first_article_requests and contact_messages: RLS on, no policy for anon/authenticated
-- (and no grant): only the RPCs below and service_role reach them.
