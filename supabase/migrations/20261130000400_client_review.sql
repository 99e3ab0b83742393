-- The operator's desk (issue 30), the client's side: "Send to client", the review functions made
-- race-safe and aware of who decides, and /view wearing the site. docs/operator-desk.md.
-- Re-runnable like the other migrations: it also deploys unchanged to a hosted Supabase project.
--
-- 1. send_version_to_client(p_version_id, p_email, p_name) (owner only): records a version_sends row
--    (status 'queued', language = the site's: 'en' when its language is English, else French) and a
--    trigger enqueues the worker's job send_version {id}, which mails the /view link and marks the row
--    'sent' or 'failed'. The e-mail defaults to the site's client_email; another one given becomes
--    the site's client (sites.client_email, and client_name — the given name, or none: the old name
--    belonged to the old address). At most SENDS_PER_HOUR (5) sends of one version per hour.
--      22023 hint 'email'          no address, or not an address
--      22023 hint 'name'           name longer than 200 characters
--      22023 hint 'version_empty'  the version has no content
--      P0001 hint 'not_found'      no such version, or not the caller's
--      P0001 hint 'rate_limited'   too many sends of this version in the last hour
-- 2. The review functions (send_for_revision, cancel_revision, approve_version, cancel_approval)
--    lock the version row before they read its state (private.version_for_review: select … for
--    update), so two tabs approving at once serialise: the second one finds the version approved and
--    is told so (hint 'invalid_transition', the state it found in DETAIL: 'approved', 'in_revision'
--    or 'draft'). Their messages now say what happened. A decision is the client's when the caller is
--    not the site's owner (anonymous on /view, or another account): send_for_revision then also keeps
--    the comments in pages_versions.client_comments, and a client's cancel_revision clears them.
-- 3. get_article_for_view also returns site {name, logo_url} (sites.image_logo; the claim's placeholder
--    logo counts as none) and version.client_comments; every other field is unchanged.
--    get_article_view_context's sent_back carries client_comments (what the client wrote when they
--    sent it back) instead of comments_to_modify — the operator's modification instructions never
--    reach /view's "what changed since your request" — and it is the version the client sent back
--    (sent in revision, or carrying client comments), not one the operator only modified.

-- ------------------------------------------------------ 1. send to client -----
create or replace function private.client_logo_url(p_logo text) returns text
language sql immutable set search_path = ''
as $$
  select case
    when p_logo is null or btrim(p_logo) = '' then null
    -- the placeholder a claimed site gets (claim_first_article): no logo of the client's
    when p_logo like '%/seo1/logos/placeholder.png' then null
    else btrim(p_logo)
  end
$$;
revoke all on function private.client_logo_url(text) from public, anon, authenticated;

create or replace function public.send_version_to_client(p_version_id uuid, p_email text default null, p_name text default null)
returns json
language plpgsql security definer set search_path = ''
as $$
declare
  c_sends_per_hour constant integer := 5;
  v public.pages_versions;
  v_page public.pages;
  v_site public.sites;
  v_email text := nullif(btrim(coalesce(p_email, '')), '');
  v_name text := nullif(btrim(coalesce(p_name, '')), '');
  v_language text;
  v_recent integer;
  s public.version_sends;
begin
  if (select auth.uid()) is null then
    raise exception 'Sign in to send an article to a client' using errcode = '42501';
  end if;
  -- the version row is locked: two sends at once count each other
  select * into v from public.pages_versions where id = p_version_id for update;
  if not found or not private.owns_page(v.page) then
    raise exception 'Version not found' using errcode = 'P0001', hint = 'not_found';
  end if;
  select * into v_page from public.pages where id = v.page;
  select * into v_site from public.sites where id = v_page.site for update;

  if v_name is not null and length(v_name) > 200 then
    raise exception 'The client''s name must be at most 200 characters.' using errcode = '22023', hint = 'name';
  end if;
  if v_email is null then
    v_email := nullif(btrim(coalesce(v_site.client_email, '')), '');
    if v_email is null then
      raise exception 'The client''s e-mail address is required.' using errcode = '22023', hint = 'email';
    end if;
    v_name := coalesce(v_name, v_site.client_name);
  end if;
  if length(v_email) > 320 or v_email !~ '^[^[:space:]@]+@[^[:space:]@]+\.[^[:space:]@]+$' then
    raise exception 'Enter a valid e-mail address for the client.' using errcode = '22023', hint = 'email';
  end if;
  if v.html_content is null or btrim(v.html_content) = '' then
    raise exception 'This version has no content to send.' using errcode = '22023', hint = 'version_empty';
  end if;

  select count(*) into v_recent from public.version_sends vs
   where vs.version = v.id and vs.created_at > now() - interval '1 hour';
  if v_recent >= c_sends_per_hour then
    raise exception 'This version was already sent % times in the last hour: try again later.', v_recent
      using errcode = 'P0001', hint = 'rate_limited';
  end if;

  -- the site's client follows the address the operator sends to
  if lower(v_email) is distinct from lower(coalesce(v_site.client_email, '')) then
    update public.sites set client_email = v_email, client_name = v_name where id = v_site.id;
  elsif v_name is not null and v_name is distinct from v_site.client_name then
    update public.sites set client_name = v_name where id = v_site.id;
  end if;

  select case when l.language_code = 'en' then 'en' else 'fr' end into v_language
    from public.location_languages l where l.id = v_site.language;

  insert into public.version_sends (version, page, to_email, to_name, language, sent_by)
  values (v.id, v.page, v_email, v_name, coalesce(v_language, 'fr'), (select auth.uid()))
  returning * into s;

  return json_build_object(
    'id', s.id,
    'version', s.version,
    'page', s.page,
    'to_email', s.to_email,
    'to_name', s.to_name,
    'language', s.language,
    'status', s.status,
    'created_at', s.created_at,
    'sends_of_version', (select count(*) from public.version_sends x where x.version = v.id)
  );
end
$$;
revoke all on function public.send_version_to_client(uuid, text, text) from public, anon, authenticated;
grant execute on function public.send_version_to_client(uuid, text, text) to authenticated, service_role;

-- The worker's job for a send (graphile_worker, like citable_worker.enqueue_message).
create or replace function citable_worker.enqueue_version_send() returns trigger
language plpgsql security definer set search_path = ''
as $$
begin
  if to_regnamespace('graphile_worker') is null then
    return null;
  end if;
  perform graphile_worker.add_job(
    'send_version',
    json_build_object('id', new.id),
    max_attempts := citable_worker.max_attempts(),
    job_key := 'send_version:' || new.id
  );
  return null;
end
$$;
revoke all on function citable_worker.enqueue_version_send() from public;
drop trigger if exists version_sends_enqueue on public.version_sends;
create trigger version_sends_enqueue
  after insert on public.version_sends
  for each row execute function citable_worker.enqueue_version_send();

-- ------------------------------------------------- 2. review functions -----
-- Whether the caller decides as the client: not the owner of the version's site.
create or replace function private.is_client_caller(p_page bigint) returns boolean
language sql stable security definer set search_path = ''
as $$
  select (select auth.uid()) is null or not exists (
    select 1 from public.pages p join public.sites s on s.id = p.site
     where p.id = p_page and s.linked_user = (select auth.uid())
  )
$$;
revoke all on function private.is_client_caller(bigint) from public, anon, authenticated;

-- The state a version is in, for the messages of refused transitions.
create or replace function private.review_state_of(v public.pages_versions) returns text
language sql immutable set search_path = ''
as $$
  select case when v.approved then 'approved' when v.sent_in_revision then 'in_revision' else 'draft' end
$$;
revoke all on function private.review_state_of(public.pages_versions) from public, anon, authenticated;

-- The version as the reviewer app reads it (20261128000500), with the client's comments.
create or replace function private.version_for_reviewer(v public.pages_versions) returns json
language sql stable set search_path = ''
as $$
  select json_build_object(
    'id', v.id,
    'page', v.page,
    'html_content', v.html_content,
    'created_date', v.created_date,
    'sent_in_revision', v.sent_in_revision,
    'approved', v.approved,
    'comments_to_modify', v.comments_to_modify,
    'client_comments', v.client_comments
  )
$$;
revoke all on function private.version_for_reviewer(public.pages_versions) from public, anon, authenticated;

-- draft -> in-revision, with the reviewer's comments
create or replace function public.send_for_revision(p_version_id uuid, p_comments text) returns json
language plpgsql security definer set search_path = ''
as $$
declare
  v public.pages_versions;
  v_client boolean;
begin
  -- locked (select … for update): a decision made meanwhile in another tab is seen here
  v := private.version_for_review(p_version_id);
  if p_comments is null or btrim(p_comments) = '' then
    raise exception 'Comments are required to send for revision' using errcode = '22023', hint = 'comments';
  end if;
  if length(p_comments) > 20000 then
    raise exception 'Comments must be at most 20000 characters.' using errcode = '22023', hint = 'comments';
  end if;
  if v.approved then
    raise exception 'This version has just been approved: it can no longer be sent for revision.'
      using errcode = 'P0001', hint = 'invalid_transition', detail = 'approved';
  end if;
  if v.sent_in_revision then
    raise exception 'This version has already been sent for revision.'
      using errcode = 'P0001', hint = 'invalid_transition', detail = 'in_revision';
  end if;
  v_client := private.is_client_caller(v.page);
  update public.pages_versions
     set sent_in_revision = true,
         comments_to_modify = p_comments,
         client_comments = case when v_client then p_comments else client_comments end
   where id = v.id returning * into v;
  return private.version_for_reviewer(v);
end
$$;

-- in-revision -> draft
create or replace function public.cancel_revision(p_version_id uuid) returns json
language plpgsql security definer set search_path = ''
as $$
declare
  v public.pages_versions;
  v_client boolean;
begin
  v := private.version_for_review(p_version_id);
  if not v.sent_in_revision then
    raise exception '%', case private.review_state_of(v)
        when 'approved' then 'This version has been approved: there is no revision request to cancel.'
        else 'This version has no revision request to cancel (it was already cancelled).' end
      using errcode = 'P0001', hint = 'invalid_transition', detail = private.review_state_of(v);
  end if;
  v_client := private.is_client_caller(v.page);
  update public.pages_versions
     set sent_in_revision = false,
         client_comments = case when v_client then null else client_comments end
   where id = v.id returning * into v;
  return private.version_for_reviewer(v);
end
$$;

-- draft -> approved
create or replace function public.approve_version(p_version_id uuid) returns json
language plpgsql security definer set search_path = ''
as $$
declare
  v public.pages_versions;
begin
  v := private.version_for_review(p_version_id);
  if v.approved then
    raise exception 'This version has already been approved.'
      using errcode = 'P0001', hint = 'invalid_transition', detail = 'approved';
  end if;
  if v.sent_in_revision then
    raise exception 'This version has been sent for revision: cancel the request before approving it.'
      using errcode = 'P0001', hint = 'invalid_transition', detail = 'in_revision';
  end if;
  update public.pages_versions set approved = true where id = v.id returning * into v;
  return private.version_for_reviewer(v);
end
$$;

-- approved -> draft
create or replace function public.cancel_approval(p_version_id uuid) returns json
language plpgsql security definer set search_path = ''
as $$
declare
  v public.pages_versions;
begin
  v := private.version_for_review(p_version_id);
  if not v.approved then
    raise exception 'This version is not approved (its approval was already cancelled).'
      using errcode = 'P0001', hint = 'invalid_transition', detail = private.review_state_of(v);
  end if;
  update public.pages_versions set approved = false where id = v.id returning * into v;
  return private.version_for_reviewer(v);
end
$$;

-- ------------------------------------------------------ 3. /view's site -----
-- Same signature and return type (json): create or replace keeps the grants (anon, authenticated).
create or replace function public.get_article_for_view(p_version_id uuid) returns json
language sql stable security definer set search_path = ''
as $$
  select json_build_object(
    'version', json_build_object(
      'id', v.id,
      'page', v.page,
      'html_content', v.html_content,
      'created_date', v.created_date,
      'sent_in_revision', v.sent_in_revision,
      'approved', v.approved,
      'comments_to_modify', case when p.hide_revisions_texts_from_preview then null else v.comments_to_modify end,
      'client_comments', case when p.hide_revisions_texts_from_preview then null else v.client_comments end
    ),
    'page', json_build_object(
      'id', p.id,
      'name', p.name,
      'url', p.url,
      'hide_cover_image_from_preview', p.hide_cover_image_from_preview,
      'hide_revisions_texts_from_preview', p.hide_revisions_texts_from_preview
    ),
    'site', json_build_object(
      'name', s.name,
      'logo_url', private.client_logo_url(s.image_logo)
    ),
    'is_demo', p.hide_revisions_texts_from_preview,
    'cover_image_url', (
      select i.image_url from public.pages_versions_images i
       where i.linked_page = p.id and i.type = 'proposition'
       order by i.chosen desc, i.id desc
       limit 1
    ),
    'images', coalesce((
      select json_agg(json_build_object('id', i.id, 'image_url', i.image_url, 'chosen', i.chosen) order by i.id desc)
        from public.pages_versions_images i
       where i.linked_page = p.id and i.type = 'proposition'
    ), '[]'::json),
    'sources', coalesce((
      select json_agg(json_build_object('n', s.n, 'url', s.url, 'title', s.title) order by s.n)
        from (
          select distinct on ((e->>'n')::int)
                 (e->>'n')::int as n,
                 e->>'url' as url,
                 nullif(left(btrim(coalesce(e->>'title', '')), 300), '') as title
            from jsonb_array_elements(case when jsonb_typeof(v.sources) = 'array' then v.sources else '[]'::jsonb end) e
           where jsonb_typeof(e) = 'object'
             and jsonb_typeof(e->'n') = 'number'
             and (e->>'n') ~ '^[0-9]{1,3}$'
             and jsonb_typeof(e->'url') = 'string'
             and length(e->>'url') <= 2048
             and (e->>'url') ~* '^https?://[^[:space:]]+$'
           order by (e->>'n')::int
        ) s
    ), '[]'::json),
    'unsupported_claims', (
      select count(*)::int
        from jsonb_array_elements(case when jsonb_typeof(v.claims) = 'array' then v.claims else '[]'::jsonb end) c
       where jsonb_typeof(c) = 'object' and c->'supported' = 'false'::jsonb
    )
  )
  from public.pages_versions v
  join public.pages p on p.id = v.page
  join public.sites s on s.id = p.site
  where v.id = p_version_id
$$;

-- sent_back: { created_date, html_content, client_comments } of the version the client sent back.
create or replace function public.get_article_view_context(p_version_id uuid) returns json
language plpgsql stable security definer set search_path = ''
as $$
declare
  v public.pages_versions;
  v_site bigint;
  v_owner uuid;
  v_demo boolean;
  v_newer json;
  v_sent_back json;
  v_is_owner boolean;
begin
  select * into v from public.pages_versions where id = p_version_id;
  if not found then
    return null;
  end if;
  select p.site, s.linked_user, p.hide_revisions_texts_from_preview
    into v_site, v_owner, v_demo
    from public.pages p join public.sites s on s.id = p.site
   where p.id = v.page;

  select json_build_object('id', n.id, 'created_date', n.created_date) into v_newer
    from public.pages_versions n
   where n.page = v.page
   order by n.created_date desc, n.id desc
   limit 1;
  if (v_newer ->> 'id')::uuid = v.id then
    v_newer := null;
  end if;

  if not coalesce(v_demo, false) then
    if v.parent_version is not null then
      -- the recorded parent (20261126000100), when the client sent it back
      select json_build_object('created_date', b.created_date, 'html_content', b.html_content,
                               'client_comments', b.client_comments)
        into v_sent_back
        from public.pages_versions b
       where b.id = v.parent_version and b.page = v.page
         and (b.sent_in_revision or coalesce(btrim(b.client_comments), '') <> '');
    else
      -- no recorded parent: the page's previous version by date, when the client sent it back
      select json_build_object('created_date', b.created_date, 'html_content', b.html_content,
                               'client_comments', b.client_comments)
        into v_sent_back
        from public.pages_versions b
       where b.page = v.page and b.id <> v.id
         and (b.created_date < v.created_date or (b.created_date = v.created_date and b.id < v.id))
         and (b.sent_in_revision or coalesce(btrim(b.client_comments), '') <> '')
         and b.created_date = (
           select max(c.created_date) from public.pages_versions c
            where c.page = v.page and c.id <> v.id
              and (c.created_date < v.created_date or (c.created_date = v.created_date and c.id < v.id))
         )
       order by b.id desc
       limit 1;
    end if;
  end if;

  v_is_owner := auth.uid() is not null and v_owner is not null and v_owner = auth.uid();

  return json_build_object(
    'newer_version', v_newer,
    'is_owner', v_is_owner,
    'site_id', case when v_is_owner then v_site else null end,
    'sent_back', v_sent_back
  );
end
$$;

-- ---------------------------------------------- 4. a claim's client -----
-- A first-article request's e-mail is the claimed site's client (who receives its review links),
-- unless the site already has one. A trigger, so that every writer of requests keeps it
-- (claim_first_article today); requests already made fill their sites once.
create or replace function private.request_fills_site_client() returns trigger
language plpgsql security definer set search_path = ''
as $$
begin
  if new.site is not null and new.stripe_email is not null
     and length(btrim(new.stripe_email)) <= 320
     and btrim(new.stripe_email) ~ '^[^[:space:]@]+@[^[:space:]@]+\.[^[:space:]@]+$' then
    update public.sites set client_email = btrim(new.stripe_email)
     where id = new.site and client_email is null;
  end if;
  return null;
end
$$;
revoke all on function private.request_fills_site_client() from public, anon, authenticated;
drop trigger if exists first_article_requests_site_client on public.first_article_requests;
create trigger first_article_requests_site_client
  after insert on public.first_article_requests
  for each row execute function private.request_fills_site_client();

update public.sites s set client_email = btrim(r.stripe_email)
  from public.first_article_requests r
 where r.site = s.id and s.client_email is null
   and length(btrim(r.stripe_email)) <= 320
   and btrim(r.stripe_email) ~ '^[^[:space:]@]+@[^[:space:]@]+\.[^[:space:]@]+$';
