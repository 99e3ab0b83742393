-- The discovery order's gaps (issue 34 follow-up; docs/payments.md):
--   - one rule for a website URL, private.is_valid_site_url, used by the free claim
--     (claim_first_article) and the paid order (discovery_order_start) — it was copied in both;
--   - the keyword the client aims at ("Mot-clé visé", optional): kept on the order and passed to the
--     first-article request the payment opens (first_article_requests.target_keyword);
--   - a refund made from Stripe's dashboard (the charge.refunded event): the order is refunded, once;
--   - pending orders whose Checkout Session is over expire without waiting for the next checkout:
--     citable_worker.expire_discovery_orders(), run by the worker's cron task (worker/src/jobs/expire-orders.ts),
--     besides Stripe's checkout.session.expired (discovery_order_event).
-- Re-runnable like the other migrations.

create schema if not exists private;

-- ------------------------------------------------------------ the URL -----
-- A website address as the public forms take it: an optional http(s)://, a host name with a dot and
-- a top-level label of letters, an optional port, then an optional path, query or fragment without
-- spaces; 2048 characters at most. (The forms' own check, marketing/src/lib/validation.ts and the
-- server's normalizeWebsite, is the same rule.)
create or replace function private.is_valid_site_url(p_url text) returns boolean
language sql immutable set search_path = ''
as $$
  select p_url is not null and length(p_url) <= 2048
     and p_url ~* '^(https?://)?([a-z0-9]([a-z0-9-]*[a-z0-9])?\.)+[a-z][a-z0-9-]*[a-z0-9](:[0-9]{1,5})?([/?#][^[:space:]]*)?$'
$$;
revoke all on function private.is_valid_site_url(text) from public;

-- --------------------------------------------------------- the keyword -----
alter table public.discovery_orders add column if not exists target_keyword text;
alter table public.first_article_requests add column if not exists target_keyword text;
do $$
begin
  if not exists (select 1 from pg_constraint where conname = 'discovery_orders_target_keyword_check') then
    alter table public.discovery_orders add constraint discovery_orders_target_keyword_check
      check (target_keyword is null or length(target_keyword) between 1 and 200);
  end if;
  if not exists (select 1 from pg_constraint where conname = 'first_article_requests_target_keyword_check') then
    alter table public.first_article_requests add constraint first_article_requests_target_keyword_check
      check (target_keyword is null or length(target_keyword) between 1 and 200);
  end if;
end
$$;

-- ------------------------------------------------------------- claim -----
-- As in 20261130000100, the URL checked by private.is_valid_site_url.
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
  if not private.is_valid_site_url(v_url) then
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

-- ------------------------------------------------------------- start -----
-- As in 20261201006000, with the optional keyword (blank → none; 200 characters at most, one line:
-- hint keyword) and the URL checked by private.is_valid_site_url. The old five-argument function
-- goes: two candidates would make PostgREST's call by named arguments ambiguous.
drop function if exists public.discovery_order_start(text, text, text, integer, text);
create or replace function public.discovery_order_start(
  p_email text, p_url text, p_language text, p_amount_cents integer, p_currency text default 'eur', p_keyword text default null
) returns json
language plpgsql security definer set search_path = ''
as $$
declare
  v_url text := btrim(coalesce(p_url, ''));
  v_email text := btrim(coalesce(p_email, ''));
  v_language text := lower(left(btrim(coalesce(p_language, 'fr')), 2));
  v_keyword text := nullif(btrim(regexp_replace(coalesce(p_keyword, ''), '[[:space:]]+', ' ', 'g')), '');
  v_key text;
  v_superseded json;
  v_id bigint;
begin
  if v_url = '' then
    raise exception 'Please enter your website URL.' using errcode = '22023', hint = 'url';
  end if;
  if not private.is_valid_site_url(v_url) then
    raise exception 'Please enter a valid website URL.' using errcode = '22023', hint = 'url';
  end if;
  if not private.is_valid_email(v_email) then
    raise exception 'Please enter a valid email address.' using errcode = '22023', hint = 'email';
  end if;
  if v_language not in ('fr', 'en') then
    raise exception 'The language must be fr or en.' using errcode = '22023', hint = 'language';
  end if;
  if p_amount_cents is null or p_amount_cents <= 0 or p_currency is null or p_currency !~ '^[a-z]{3}$' then
    raise exception 'The price must be a positive amount in a currency such as eur.' using errcode = '22023', hint = 'amount';
  end if;
  if v_keyword is not null and (length(v_keyword) > 200 or v_keyword ~ '[[:cntrl:]]') then
    raise exception 'The keyword must be one line of 200 characters at most.' using errcode = '22023', hint = 'keyword';
  end if;
  v_key := private.discovery_site_key(v_url);

  perform pg_advisory_xact_lock(hashtext('discovery_orders'));

  update public.discovery_orders set status = 'expired', expired_at = now()
   where status = 'pending' and expires_at < now();

  if exists (select 1 from public.discovery_orders o
              where o.status in ('paid', 'refunded') and lower(o.email) = lower(v_email))
     or exists (select 1 from public.first_article_requests r where lower(r.stripe_email) = lower(v_email)) then
    raise exception 'A first article was already ordered with this e-mail address.'
      using errcode = 'P0001', hint = 'already_ordered', detail = 'email';
  end if;
  if exists (select 1 from public.discovery_orders o where o.status in ('paid', 'refunded') and o.site_key = v_key)
     or exists (select 1 from public.first_article_requests r where private.discovery_site_key(r.url) = v_key) then
    raise exception 'A first article was already ordered for this website.'
      using errcode = 'P0001', hint = 'already_ordered', detail = 'site';
  end if;

  with gone as (
    update public.discovery_orders o set status = 'expired', expired_at = now()
     where o.status = 'pending' and (lower(o.email) = lower(v_email) or o.site_key = v_key)
    returning o.stripe_session_id
  )
  select coalesce(json_agg(stripe_session_id) filter (where stripe_session_id is not null), '[]'::json)
    into v_superseded from gone;

  insert into public.discovery_orders (email, site_url, site_key, language, amount_cents, currency, target_keyword)
  values (v_email, v_url, v_key, v_language, p_amount_cents, p_currency, v_keyword)
  returning id into v_id;

  return json_build_object('order_id', v_id, 'superseded', v_superseded);
end
$$;

-- --------------------------------------------------------- the webhook -----
-- As in 20261201006000; the paid order's keyword goes to its first-article request.
create or replace function public.discovery_order_event(
  p_event_id text, p_type text, p_session_id text, p_payment_status text, p_payment_intent text
) returns json
language plpgsql security definer set search_path = ''
as $$
declare
  o public.discovery_orders;
  v_claim json;
  v_request bigint;
begin
  if p_event_id is null or btrim(p_event_id) = '' or p_type is null then
    raise exception 'An event needs its id and type' using errcode = '22023', hint = 'event';
  end if;
  select * into o from public.discovery_orders where stripe_session_id = p_session_id for update;
  insert into private.stripe_events (id, type, order_id) values (p_event_id, p_type, o.id)
  on conflict (id) do nothing;
  if not found then
    return json_build_object('duplicate', true, 'order_id', o.id, 'status', o.status, 'request_id', o.request);
  end if;
  if o.id is null then
    return json_build_object('duplicate', false, 'order_id', null, 'status', null, 'request_id', null);
  end if;

  if p_type in ('checkout.session.completed', 'checkout.session.async_payment_succeeded')
     and p_payment_status = 'paid' and o.status in ('pending', 'expired') then
    -- the server's call is trusted: no per-source cap of the public claim (20261128000300)
    perform set_config('request.headers', '{}', true);
    v_claim := public.claim_first_article(o.site_url, o.email, o.language);
    v_request := (v_claim ->> 'request_id')::bigint;
    update public.sites set additional_guidelines = 'Discovery article paid by card on the public site.'
     where id = (v_claim ->> 'site_id')::bigint and additional_guidelines = 'Free first article requested from the public site.';
    if o.target_keyword is not null then
      update public.first_article_requests set target_keyword = o.target_keyword
       where id = v_request and target_keyword is null;
    end if;
    update public.discovery_orders
       set status = 'paid', paid_at = now(), stripe_payment_intent = nullif(btrim(coalesce(p_payment_intent, '')), ''),
           request = v_request, expired_at = null
     where id = o.id
    returning * into o;
  elsif p_type = 'checkout.session.expired' and o.status = 'pending' then
    update public.discovery_orders set status = 'expired', expired_at = now() where id = o.id returning * into o;
  end if;
  return json_build_object('duplicate', false, 'order_id', o.id, 'status', o.status, 'request_id', o.request);
end
$$;

-- ------------------------------------------------------------- refund -----
-- A refund of the order's payment seen by Stripe (charge.refunded; from Stripe's dashboard, or the
-- echo of the inbox's own Refund): the event is applied once (private.stripe_events); a fully
-- refunded charge makes a paid order refunded (by nobody of ours: refunded_by stays null), a partial
-- refund changes nothing. An order already refunded keeps who refunded it.
create or replace function public.discovery_order_charge_refunded(
  p_event_id text, p_payment_intent text, p_refund_id text, p_fully_refunded boolean
) returns json
language plpgsql security definer set search_path = ''
as $$
declare
  o public.discovery_orders;
begin
  if p_event_id is null or btrim(p_event_id) = '' then
    raise exception 'An event needs its id' using errcode = '22023', hint = 'event';
  end if;
  select * into o from public.discovery_orders
   where stripe_payment_intent = nullif(btrim(coalesce(p_payment_intent, '')), '')
   order by id desc limit 1 for update;
  insert into private.stripe_events (id, type, order_id) values (p_event_id, 'charge.refunded', o.id)
  on conflict (id) do nothing;
  if not found then
    return json_build_object('duplicate', true, 'order_id', o.id, 'status', o.status);
  end if;
  if o.id is not null and coalesce(p_fully_refunded, false) and o.status = 'paid' then
    update public.discovery_orders
       set status = 'refunded', refunded_at = now(), stripe_refund_id = nullif(btrim(coalesce(p_refund_id, '')), '')
     where id = o.id
    returning * into o;
  end if;
  return json_build_object('duplicate', false, 'order_id', o.id, 'status', o.status);
end
$$;

-- As in 20261201006000; when Stripe's charge.refunded arrived first (the order is refunded already,
-- by nobody), the staff member and the refund id are filled in.
create or replace function public.discovery_order_refunded(p_order_id bigint, p_refund_id text, p_staff uuid) returns json
language plpgsql security definer set search_path = ''
as $$
declare
  o public.discovery_orders;
begin
  update public.discovery_orders
     set status = 'refunded', refunded_at = coalesce(refunded_at, now()),
         stripe_refund_id = coalesce(stripe_refund_id, p_refund_id), refunded_by = coalesce(refunded_by, p_staff)
   where id = p_order_id and (status = 'paid' or (status = 'refunded' and refunded_by is null))
  returning * into o;
  if not found then
    select * into o from public.discovery_orders where id = p_order_id;
    if not found then
      raise exception 'Order not found' using errcode = 'P0001', hint = 'not_found';
    end if;
  end if;
  return json_build_object('order_id', o.id, 'status', o.status, 'refunded_at', o.refunded_at);
end
$$;

-- ------------------------------------------------------------- expiry -----
create schema if not exists citable_worker;
-- Pending orders whose Checkout Session is over (Stripe's expires_at, or the hour a session that was
-- never attached gets) become expired: the worker's cron task runs this every few minutes, catching
-- the checkout.session.expired events that did not arrive. A late payment still counts: the webhook
-- marks an expired order paid. Returns how many expired.
create or replace function citable_worker.expire_discovery_orders() returns integer
language sql set search_path = ''
as $$
  with gone as (
    update public.discovery_orders set status = 'expired', expired_at = now()
     where status = 'pending' and expires_at < now()
    returning id
  )
  select count(*)::integer from gone
$$;
revoke all on function citable_worker.expire_discovery_orders() from public;

-- ------------------------------------------------------------- grants -----
do $$
declare
  fn text;
begin
  foreach fn in array array[
    'public.discovery_order_start(text, text, text, integer, text, text)',
    'public.discovery_order_event(text, text, text, text, text)',
    'public.discovery_order_charge_refunded(text, text, text, boolean)',
    'public.discovery_order_refunded(bigint, text, uuid)'
  ] loop
    execute format('revoke all on function %s from public', fn);
    if exists (select 1 from pg_roles where rolname = 'anon') then
      execute format('revoke all on function %s from anon, authenticated', fn);
      execute format('grant execute on function %s to service_role', fn);
    end if;
  end loop;
end
$$;
