-- Issue 27, item 5: limits on the public RPCs that hold wherever the schema is deployed (the local
-- gateway's per-IP limit does not exist on a hosted Supabase project).
--
-- 1. Per source address: a source may create at most 10 first-article requests and send at most
--    10 contact messages an hour. Beyond, the functions raise P0001 with hint 'rate_limited' (the
--    clients' catalogue shows it as "too many requests", as the contact form's flood guard).
--    The source is the client address PostgREST received in its request headers: Cloudflare's
--    cf-connecting-ip on a hosted project (the first x-forwarded-for entry there is whatever the
--    client sent), else the first x-forwarded-for entry (the local gateway overwrites both with the
--    socket's address). No source (a direct SQL call, a trusted server) means no per-source cap.
-- 2. Per recipient address: a first-article request for an address that already had one in the last
--    24 hours still answers success (no way to learn who already asked) and its team notice still
--    goes out, but the requester gets no second e-mail that day: the claim marks that e-mail as done
--    in citable_worker.sent_mails (with a skipped reason), the worker's once-only ledger, so the
--    worker's sendOnce finds the key and skips it.
--
-- Idempotent: safe to run again.

create schema if not exists private;

-- Recent public submissions per source (no rows older than a day are kept; no API role can read it).
create table if not exists private.public_submissions (
  id bigint generated always as identity primary key,
  kind text not null check (kind in ('claim', 'contact')),
  source text not null check (length(source) <= 100),
  created_at timestamptz not null default now()
);
create index if not exists public_submissions_source_idx on private.public_submissions (kind, source, created_at);
create index if not exists public_submissions_created_idx on private.public_submissions (created_at);
revoke all on table private.public_submissions from public;
do $$
begin
  if exists (select 1 from pg_roles where rolname = 'anon') then
    revoke all on table private.public_submissions from anon, authenticated;
  end if;
end
$$;

-- Why a sent_mails key was recorded without sending (null: the e-mail was sent).
alter table citable_worker.sent_mails add column if not exists skipped text;
comment on column citable_worker.sent_mails.skipped is
  'Null when the e-mail was sent; otherwise why it was not (recipient_daily_cap: that address already had one in the last 24 hours).';

-- The client address of the current PostgREST request, or null outside one.
create or replace function private.request_source() returns text
language sql stable set search_path = ''
as $$
  select nullif(left(btrim(coalesce(
           nullif(btrim(h ->> 'cf-connecting-ip'), ''),
           split_part(h ->> 'x-forwarded-for', ',', 1)
         )), 100), '')
    from (select coalesce(nullif(current_setting('request.headers', true), ''), '{}')::json as h) s
$$;
revoke all on function private.request_source() from public;

-- Records one public submission of this kind from the current source, or raises 'rate_limited'
-- when that source already made p_max of them in the last hour.
create or replace function private.count_public_submission(p_kind text, p_max integer) returns void
language plpgsql security definer set search_path = ''
as $$
declare
  v_source text := private.request_source();
begin
  if v_source is null then
    return;
  end if;
  -- One at a time per source and kind, so that concurrent calls cannot all pass the count.
  perform pg_advisory_xact_lock(hashtext('public_submissions:' || p_kind || ':' || v_source));
  if (select count(*) from private.public_submissions s
       where s.kind = p_kind and s.source = v_source and s.created_at > now() - interval '1 hour') >= p_max then
    raise exception 'Too many requests were sent from your network. Please try again later.'
      using errcode = 'P0001', hint = 'rate_limited';
  end if;
  delete from private.public_submissions s where s.created_at < now() - interval '1 day';
  insert into private.public_submissions (kind, source) values (p_kind, v_source);
end
$$;
revoke all on function private.count_public_submission(text, integer) from public;
do $$
begin
  if exists (select 1 from pg_roles where rolname = 'anon') then
    revoke all on function private.request_source() from anon, authenticated;
    revoke all on function private.count_public_submission(text, integer) from anon, authenticated;
  end if;
end
$$;

-- Contact form (spec/public.md §5): as in 20261121000300, plus the per-source cap.
create or replace function public.submit_contact_message(p_name text, p_email text, p_message text) returns json
language plpgsql security definer set search_path = ''
as $$
declare
  v_name text := btrim(coalesce(p_name, ''));
  v_email text := btrim(coalesce(p_email, ''));
  v_message text := btrim(coalesce(p_message, ''));
  row public.contact_messages;
begin
  if length(v_name) < 2 then
    raise exception 'Name must be at least 2 characters.' using errcode = '22023', hint = 'name';
  end if;
  if length(v_name) > 200 then
    raise exception 'Name must be at most 200 characters.' using errcode = '22023', hint = 'name';
  end if;
  if not private.is_valid_email(v_email) then
    raise exception 'Please enter a valid email address.' using errcode = '22023', hint = 'email';
  end if;
  if length(v_message) < 10 then
    raise exception 'Message must be at least 10 characters.' using errcode = '22023', hint = 'message';
  end if;
  if length(v_message) > 5000 then
    raise exception 'Message must be at most 5000 characters.' using errcode = '22023', hint = 'message';
  end if;
  -- Simple flood guard per sender address.
  if (select count(*) from public.contact_messages c
       where lower(c.email) = lower(v_email) and c.created_at > now() - interval '10 minutes') >= 5 then
    raise exception 'Too many messages were sent from this address. Please try again later.'
      using errcode = 'P0001', hint = 'rate_limited';
  end if;
  perform private.count_public_submission('contact', 10);
  insert into public.contact_messages (name, email, message) values (v_name, v_email, v_message)
  returning * into row;
  return json_build_object('id', row.id, 'created_at', row.created_at);
end
$$;

-- Free first-article flow (spec/public.md §3): as in 20261127000100, plus the per-source cap and
-- the requester's e-mail at most once a day per address.
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
    name, url, image_logo, linked_user, additional_guidelines, stripe_email, email1, country, language,
    familiar_terms, force_defined_language_for_serps, serps_nb_results, serps_img_nb_results,
    address_the_reader_with_i, accepted_topics, cover_image_width, cover_image_height,
    nb_images_to_create, default_type_page_post, default_status, auto_publish_image, tone_articles_group
  ) values (
    regexp_replace(regexp_replace(v_url, '^https?://', '', 'i'), '^www\.', '', 'i'),
    v_url, '/storage/v1/object/public/seo1/logos/placeholder.png', null,
    'Free first article requested from the public site.', v_email, v_email, v_country, v_language,
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

revoke all on function public.submit_contact_message(text, text, text) from public;
grant execute on function public.submit_contact_message(text, text, text) to anon, authenticated, service_role;
revoke all on function public.claim_first_article(text, text, text) from public;
grant execute on function public.claim_first_article(text, text, text) to anon, authenticated, service_role;
