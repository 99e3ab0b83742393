-- The operator's desk (issue 30), its inbox: staff read first-article requests and contact
-- messages, take a request in (its site becomes theirs, its first page is created), and set the
-- inbox state of both. The shapes are in 20261130000000_operator_desk.sql; docs/operator-desk.md.
-- Database messages are English like the others; the screens translate them by their hint.
-- Re-runnable like the other migrations.

-- ------------------------------------------------------------- reads -----
-- Staff read both tables (every row: a request stays visible to every staff account until taken,
-- and after, with who took it). Nobody else reads them: no policy for anon, none for other users.
-- Writes go through the functions below only (no insert/update/delete grant).
grant select on public.first_article_requests to authenticated;
grant select on public.contact_messages to authenticated;
drop policy if exists first_article_requests_select_staff on public.first_article_requests;
create policy first_article_requests_select_staff on public.first_article_requests
  for select to authenticated using ((select private.is_staff()));
drop policy if exists contact_messages_select_staff on public.contact_messages;
create policy contact_messages_select_staff on public.contact_messages
  for select to authenticated using ((select private.is_staff()));
create index if not exists contact_messages_status_created_idx on public.contact_messages (status, created_at desc);
create index if not exists first_article_requests_status_created_idx on public.first_article_requests (status, created_at desc);

-- A staff member's name as the inbox shows it: full name, else e-mail.
create or replace function private.user_label(p_user uuid) returns text
language sql stable security definer set search_path = ''
as $$
  select coalesce(nullif(btrim(u.raw_user_meta_data->>'full_name'), ''), u.email, p_user::text)
    from auth.users u where u.id = p_user
$$;
revoke all on function private.user_label(uuid) from public, anon, authenticated;

create or replace function private.require_staff() returns void
language plpgsql stable security definer set search_path = ''
as $$
begin
  if auth.uid() is null or not private.is_staff(auth.uid()) then
    raise exception 'This is reserved for the Citable team (staff accounts).' using errcode = '42501', hint = 'staff_only';
  end if;
end
$$;
revoke all on function private.require_staff() from public, anon;
grant execute on function private.require_staff() to authenticated, service_role;

-- The staff accounts (id, name, e-mail), for the inbox's "taken by" column. Staff only.
create or replace function public.staff_members() returns table (id uuid, name text, email text)
language plpgsql stable security definer set search_path = ''
as $$
begin
  perform private.require_staff();
  return query
    select u.id, private.user_label(u.id), u.email::text
      from auth.users u
     where u.id in (select private.staff_user_ids())
        -- former staff who took requests in are still named
        or u.id in (select r.taken_by from public.first_article_requests r where r.taken_by is not null)
        or u.id in (select m.status_changed_by from public.contact_messages m where m.status_changed_by is not null)
     order by 2;
end
$$;
revoke all on function public.staff_members() from public, anon;
grant execute on function public.staff_members() to authenticated, service_role;

-- ----------------------------------------------------------- take in -----
-- One transaction: the request row is locked (two staff taking the same request at once: the
-- second waits, then sees it taken and is told by whom: hint already_taken, detail a JSON object
-- {status, taken_by, taken_at}). Otherwise: the site becomes the caller's (linked_user), its
-- client e-mail is the request's when it has none, its first page is created from the request —
-- URL as claimed (https:// added when it has no scheme), name the URL's host and path, status
-- Draft (2: nothing is written yet) — and the request becomes taken, with the page.
-- The claim form asks no topic: the page's name is the URL until the operator renames it.
create or replace function public.take_in_request(p_request_id bigint) returns json
language plpgsql security definer set search_path = ''
as $$
declare
  r public.first_article_requests;
  v_uid uuid := auth.uid();
  v_url text;
  v_name text;
  v_page bigint;
begin
  perform private.require_staff();
  select * into r from public.first_article_requests where id = p_request_id for update;
  if not found then
    raise exception 'Request not found' using errcode = 'P0001', hint = 'not_found';
  end if;
  if r.status <> 'new' then
    if r.status = 'taken' then
      raise exception 'This request was already taken in by % on %', coalesce(private.user_label(r.taken_by), 'a former staff member'),
        to_char(r.taken_at at time zone 'UTC', 'YYYY-MM-DD HH24:MI "UTC"')
        using errcode = 'P0001', hint = 'already_taken',
              detail = json_build_object('status', r.status, 'taken_by', private.user_label(r.taken_by), 'taken_at', r.taken_at)::text;
    end if;
    raise exception 'This request is marked %: set it back to new before taking it in', r.status
      using errcode = 'P0001', hint = 'already_taken',
            detail = json_build_object('status', r.status, 'taken_by', null, 'taken_at', null)::text;
  end if;
  if r.site is null or not exists (select 1 from public.sites s where s.id = r.site) then
    raise exception 'The site of this request no longer exists' using errcode = 'P0001', hint = 'site_missing';
  end if;

  v_url := btrim(r.url);
  if v_url !~* '^https?://' then
    v_url := 'https://' || v_url;
  end if;
  v_name := left(regexp_replace(regexp_replace(regexp_replace(v_url, '^https?://', '', 'i'), '^www\.', '', 'i'), '[/?#]+$', ''), 500);
  if btrim(v_name) = '' then
    v_name := left(v_url, 500);
  end if;

  update public.sites s
     set linked_user = v_uid,
         client_email = coalesce(s.client_email,
           case when r.stripe_email ~ '^[^[:space:]@]+@[^[:space:]@]+\.[^[:space:]@]+$' and length(r.stripe_email) <= 320 then r.stripe_email end)
   where s.id = r.site;

  insert into public.pages (site, name, url, status, creator)
  values (r.site, v_name, v_url, 2, v_uid)
  returning id into v_page;

  update public.first_article_requests
     set status = 'taken', taken_by = v_uid, taken_at = now(), page = v_page, status_changed_at = now()
   where id = r.id;

  return json_build_object('request_id', r.id, 'site_id', r.site, 'page_id', v_page);
end
$$;
revoke all on function public.take_in_request(bigint) from public, anon;
grant execute on function public.take_in_request(bigint) to authenticated, service_role;

-- ------------------------------------------------------ inbox states -----
-- answered, spam, or back to new. 'taken' is reached only by take_in_request; a taken request
-- has a site and a page assigned: it may become answered, never new or spam again.
create or replace function public.set_request_status(p_id bigint, p_status text) returns json
language plpgsql security definer set search_path = ''
as $$
declare
  r public.first_article_requests;
begin
  perform private.require_staff();
  if p_status is null or p_status not in ('new', 'answered', 'spam') then
    raise exception 'The state must be new, answered or spam' using errcode = '22023', hint = 'status';
  end if;
  select * into r from public.first_article_requests where id = p_id for update;
  if not found then
    raise exception 'Request not found' using errcode = 'P0001', hint = 'not_found';
  end if;
  if r.status = 'taken' and p_status <> 'answered' then
    raise exception 'A request taken in cannot go back to %', p_status using errcode = 'P0001', hint = 'invalid_transition';
  end if;
  update public.first_article_requests
     set status = p_status, status_changed_at = case when status = p_status then status_changed_at else now() end
   where id = p_id
   returning * into r;
  return json_build_object('id', r.id, 'status', r.status, 'status_changed_at', r.status_changed_at);
end
$$;
revoke all on function public.set_request_status(bigint, text) from public, anon;
grant execute on function public.set_request_status(bigint, text) to authenticated, service_role;

create or replace function public.set_message_status(p_id bigint, p_status text) returns json
language plpgsql security definer set search_path = ''
as $$
declare
  m public.contact_messages;
begin
  perform private.require_staff();
  if p_status is null or p_status not in ('new', 'answered', 'spam') then
    raise exception 'The state must be new, answered or spam' using errcode = '22023', hint = 'status';
  end if;
  select * into m from public.contact_messages where id = p_id for update;
  if not found then
    raise exception 'Message not found' using errcode = 'P0001', hint = 'not_found';
  end if;
  if m.status <> p_status then
    update public.contact_messages
       set status = p_status, status_changed_by = auth.uid(), status_changed_at = now()
     where id = p_id
     returning * into m;
  end if;
  return json_build_object('id', m.id, 'status', m.status, 'status_changed_at', m.status_changed_at);
end
$$;
revoke all on function public.set_message_status(bigint, text) from public, anon;
grant execute on function public.set_message_status(bigint, text) to authenticated, service_role;

-- --------------------------------------------------------------- claim -----
-- As in 20261128000300, plus the site's client e-mail from the form (the review link's recipient).
create or replace function public.claim_first_article(p_url text, p_stripe_email text, p_language text default 'fr') returns json
language plpgsql security definer set search_path = ''
as $$
declare
  v_url text := btrim(coalesce(p_url, ''));
  v_email text := btrim(coalesce(p_stripe_email, ''));
  v_language_code text := lower(btrim(coalesce(p_language, 'fr')));
  v_country bigint;
  v_language bigint;
  v_site bigint;
  v_request bigint;
  v_mailed_today boolean;
begin
  if v_url = '' then
    raise exception 'Please enter your website URL.' using errcode = '22023', hint = 'url';
  end if;
  if length(v_url) > 2048 or v_url !~* '^(https?://)?([a-z0-9]([a-z0-9-]*[a-z0-9])?\.)+[a-z][a-z0-9-]*[a-z0-9](:[0-9]{1,5})?([/?#][^[:space:]]*)?$' then
    raise exception 'Please enter a valid website URL.' using errcode = '22023', hint = 'url';
  end if;
  if not private.is_valid_email(v_email) then
    raise exception 'Please enter a valid email address.' using errcode = '22023', hint = 'stripe_email';
  end if;
  if v_language_code = '' then
    v_language_code := 'fr';
  end if;
  if v_language_code !~ '^(fr|en)([-_][a-z0-9]{1,8})*$' then
    raise exception 'The language must be fr or en.' using errcode = '22023', hint = 'language';
  end if;
  v_language_code := left(v_language_code, 2);

  -- Concurrent claims for one address see each other's requests (the daily e-mail rule below).
  perform pg_advisory_xact_lock(hashtext('first_article_request:' || lower(v_email)));

  select r.id, r.site into v_request, v_site from public.first_article_requests r
   where lower(r.stripe_email) = lower(v_email) and r.url = v_url
   order by r.id limit 1;
  if found then
    return json_build_object('request_id', v_request, 'site_id', v_site);
  end if;

  perform private.count_public_submission('claim', 10);

  v_mailed_today := exists (
    select 1 from public.first_article_requests r
     where lower(r.stripe_email) = lower(v_email) and r.created_at > now() - interval '24 hours'
  );

  select c.id into v_country from public.location_countries c where c.country_name = 'France';
  select l.id into v_language from public.location_languages l
   where l.linked_country = v_country and l.language_name = 'French';

  insert into public.sites (
    name, url, image_logo, linked_user, additional_guidelines, stripe_email, email1, client_email, country, language,
    familiar_terms, force_defined_language_for_serps, serps_nb_results, serps_img_nb_results,
    address_the_reader_with_i, accepted_topics, cover_image_width, cover_image_height,
    nb_images_to_create, default_type_page_post, default_status, auto_publish_image, tone_articles_group
  ) values (
    regexp_replace(regexp_replace(v_url, '^https?://', '', 'i'), '^www\.', '', 'i'),
    v_url, '/storage/v1/object/public/seo1/logos/placeholder.png', null,
    'Free first article requested from the public site.', v_email, v_email,
    -- the client of the site (20261130000000): who receives the review link
    case when v_email ~ '^[^[:space:]@]+@[^[:space:]@]+\.[^[:space:]@]+$' and length(v_email) <= 320 then v_email end,
    v_country, v_language,
    false, false, 10, 5,
    false, null, 1200, 630,
    3, 'post', 'draft', false, null
  ) returning id into v_site;

  insert into public.first_article_requests (url, stripe_email, site, language)
  values (v_url, v_email, v_site, v_language_code) returning id into v_request;

  -- The worker's key for the requester's e-mail (backend/src/worker/actions/mail.js): already done.
  if v_mailed_today then
    insert into citable_worker.sent_mails (key, skipped)
    values ('first_article_request:' || v_request || ':requester', 'recipient_daily_cap')
    on conflict (key) do nothing;
  end if;

  return json_build_object('request_id', v_request, 'site_id', v_site);
end
$$;

revoke all on function public.claim_first_article(text, text, text) from public;
grant execute on function public.claim_first_article(text, text, text) to anon, authenticated, service_role;
