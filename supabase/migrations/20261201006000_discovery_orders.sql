-- The 1 EUR discovery offer paid by card (issue 34; docs/payments.md): the order a Stripe Checkout
-- Session creates, marked paid only by Stripe's webhook, and the first-article request it then opens.
--
-- Who calls what:
--   - the shell's server (server/src/checkout.ts), with the service role key: discovery_order_start,
--     discovery_order_attach, discovery_order_abandon (before payment), discovery_order_event (the
--     verified webhook), discovery_order_refunded (after Stripe's refund);
--   - a staff account (the inbox's Refund, through the same server with the staff member's own
--     token): discovery_order_refund_check;
--   - staff read the orders (the inbox's "order" line); nobody else reads them, nobody writes them
--     but these functions.
-- The rules live here, each in one transaction: one discovery order per client (e-mail or website),
-- a Stripe event applied once (its id recorded), paid → the first-article request.
-- Database messages are English like the others; the screens translate them by their hint.
-- Re-runnable like the other migrations.

create schema if not exists private;

-- The website a URL names, for "one per client": its host, lower case, without www. nor port.
create or replace function private.discovery_site_key(p_url text) returns text
language sql immutable set search_path = ''
as $$
  select lower(split_part(split_part(split_part(split_part(
           regexp_replace(regexp_replace(btrim(coalesce(p_url, '')), '^[a-z][a-z0-9+.-]*://', '', 'i'), '^www\.', '', 'i'),
           '/', 1), '?', 1), '#', 1), ':', 1))
$$;
revoke all on function private.discovery_site_key(text) from public;

create table if not exists public.discovery_orders (
  id bigint generated always as identity primary key,
  email text not null check (length(email) between 3 and 320),
  site_url text not null check (length(site_url) between 1 and 2048),
  site_key text not null check (length(site_key) between 1 and 2048),
  language text not null default 'fr' check (language in ('fr', 'en')),
  -- pending: a Checkout Session is open (or being created); paid: Stripe said so (webhook);
  -- expired: the session expired or was replaced by a newer one before payment; refunded: by staff
  status text not null default 'pending' check (status in ('pending', 'paid', 'expired', 'refunded')),
  amount_cents integer not null check (amount_cents > 0),
  currency text not null default 'eur' check (currency ~ '^[a-z]{3}$'),
  stripe_session_id text unique check (stripe_session_id is null or length(stripe_session_id) <= 255),
  stripe_payment_intent text check (stripe_payment_intent is null or length(stripe_payment_intent) <= 255),
  stripe_refund_id text check (stripe_refund_id is null or length(stripe_refund_id) <= 255),
  request bigint references public.first_article_requests (id) on delete set null,
  created_at timestamptz not null default now(),
  expires_at timestamptz not null default now() + interval '1 hour',
  paid_at timestamptz,
  expired_at timestamptz,
  refunded_at timestamptz,
  refunded_by uuid references auth.users (id) on delete set null
);
create index if not exists discovery_orders_email_idx on public.discovery_orders (lower(email));
create index if not exists discovery_orders_site_key_idx on public.discovery_orders (site_key);
create index if not exists discovery_orders_request_idx on public.discovery_orders (request);
create index if not exists discovery_orders_pending_idx on public.discovery_orders (expires_at) where status = 'pending';
-- a free claim for the same website also counts as the client's first article
create index if not exists first_article_requests_site_key_idx on public.first_article_requests (private.discovery_site_key(url));

alter table public.discovery_orders enable row level security;
revoke all on table public.discovery_orders from public;
do $$
begin
  if exists (select 1 from pg_roles where rolname = 'anon') then
    revoke all on table public.discovery_orders from anon, authenticated;
    grant select on table public.discovery_orders to authenticated;
  end if;
end
$$;
drop policy if exists discovery_orders_select_staff on public.discovery_orders;
create policy discovery_orders_select_staff on public.discovery_orders
  for select to authenticated using ((select private.is_staff()));

-- Stripe events already applied (the webhook's idempotence: Stripe delivers at least once).
create table if not exists private.stripe_events (
  id text primary key check (length(id) between 1 and 255),
  type text not null,
  order_id bigint references public.discovery_orders (id) on delete set null,
  received_at timestamptz not null default now()
);
revoke all on table private.stripe_events from public;
do $$
begin
  if exists (select 1 from pg_roles where rolname = 'anon') then
    revoke all on table private.stripe_events from anon, authenticated;
  end if;
end
$$;

-- ------------------------------------------------------------- start -----
-- Before a Checkout Session is created: checks the input, refuses a client who already has their
-- first article (a paid or refunded discovery order, or a first-article request, for the same e-mail
-- or the same website: hint already_ordered, detail 'email' or 'site'), replaces the client's
-- pending orders (returned as superseded: their sessions are expired at Stripe by the caller) and
-- records a new pending order. One at a time (a transaction lock), so two tabs cannot both pass.
create or replace function public.discovery_order_start(
  p_email text, p_url text, p_language text, p_amount_cents integer, p_currency text default 'eur'
) returns json
language plpgsql security definer set search_path = ''
as $$
declare
  v_url text := btrim(coalesce(p_url, ''));
  v_email text := btrim(coalesce(p_email, ''));
  v_language text := lower(left(btrim(coalesce(p_language, 'fr')), 2));
  v_key text;
  v_superseded json;
  v_id bigint;
begin
  if v_url = '' then
    raise exception 'Please enter your website URL.' using errcode = '22023', hint = 'url';
  end if;
  -- the claim's rule (20261128000300): the paid order ends in the same request
  if length(v_url) > 2048 or v_url !~* '^(https?://)?([a-z0-9]([a-z0-9-]*[a-z0-9])?\.)+[a-z][a-z0-9-]*[a-z0-9](:[0-9]{1,5})?([/?#][^[:space:]]*)?$' then
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

  insert into public.discovery_orders (email, site_url, site_key, language, amount_cents, currency)
  values (v_email, v_url, v_key, v_language, p_amount_cents, p_currency)
  returning id into v_id;

  return json_build_object('order_id', v_id, 'superseded', v_superseded);
end
$$;

-- The Checkout Session of a pending order (its id and when Stripe expires it).
create or replace function public.discovery_order_attach(p_order_id bigint, p_session_id text, p_expires_at timestamptz)
returns json
language plpgsql security definer set search_path = ''
as $$
declare
  o public.discovery_orders;
begin
  update public.discovery_orders
     set stripe_session_id = p_session_id, expires_at = coalesce(p_expires_at, expires_at)
   where id = p_order_id and stripe_session_id is null
  returning * into o;
  if not found then
    raise exception 'Order not found or already attached' using errcode = 'P0001', hint = 'not_found';
  end if;
  return json_build_object('order_id', o.id, 'status', o.status);
end
$$;

-- A pending order whose session could not be created (Stripe refused, or did not answer).
create or replace function public.discovery_order_abandon(p_order_id bigint) returns json
language sql security definer set search_path = ''
as $$
  with done as (
    update public.discovery_orders set status = 'expired', expired_at = now()
     where id = p_order_id and status = 'pending'
    returning id, status
  )
  select coalesce((select json_build_object('order_id', id, 'status', status) from done), json_build_object('order_id', p_order_id, 'status', null))
$$;

-- --------------------------------------------------------- the webhook -----
-- One verified Stripe event (the server checked its signature). Applied once: a replayed or
-- duplicated event id changes nothing (duplicate: true). checkout.session.completed (or
-- async_payment_succeeded) with payment_status 'paid' → the order is paid and its first-article
-- request is created as the free claim creates it (the staff are notified by its trigger);
-- checkout.session.expired → a pending order expires. Other events are recorded and ignored.
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
-- Staff only (the caller's own token): may this order be refunded? Its payment, amount and the
-- staff member's id, for the server to ask Stripe. not_found, already_refunded, not_paid otherwise.
create or replace function public.discovery_order_refund_check(p_order_id bigint) returns json
language plpgsql stable security definer set search_path = ''
as $$
declare
  o public.discovery_orders;
begin
  perform private.require_staff();
  select * into o from public.discovery_orders where id = p_order_id;
  if not found then
    raise exception 'Order not found' using errcode = 'P0001', hint = 'not_found';
  end if;
  if o.status = 'refunded' then
    raise exception 'This order was already refunded' using errcode = 'P0001', hint = 'already_refunded';
  end if;
  if o.status <> 'paid' or o.stripe_payment_intent is null then
    raise exception 'Only a paid order can be refunded' using errcode = 'P0001', hint = 'not_paid';
  end if;
  return json_build_object('order_id', o.id, 'payment_intent', o.stripe_payment_intent,
    'amount_cents', o.amount_cents, 'currency', o.currency, 'staff', auth.uid());
end
$$;

-- Stripe refunded it (server, service role): paid → refunded, by whom. Again: nothing changes.
create or replace function public.discovery_order_refunded(p_order_id bigint, p_refund_id text, p_staff uuid) returns json
language plpgsql security definer set search_path = ''
as $$
declare
  o public.discovery_orders;
begin
  update public.discovery_orders
     set status = 'refunded', refunded_at = now(), stripe_refund_id = p_refund_id, refunded_by = p_staff
   where id = p_order_id and status = 'paid'
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

-- ------------------------------------------------------------- grants -----
do $$
declare
  fn text;
begin
  foreach fn in array array[
    'public.discovery_order_start(text, text, text, integer, text)',
    'public.discovery_order_attach(bigint, text, timestamptz)',
    'public.discovery_order_abandon(bigint)',
    'public.discovery_order_event(text, text, text, text, text)',
    'public.discovery_order_refunded(bigint, text, uuid)',
    'public.discovery_order_refund_check(bigint)'
  ] loop
    execute format('revoke all on function %s from public', fn);
    if exists (select 1 from pg_roles where rolname = 'anon') then
      execute format('revoke all on function %s from anon, authenticated', fn);
      execute format('grant execute on function %s to service_role', fn);
    end if;
  end loop;
  if exists (select 1 from pg_roles where rolname = 'anon') then
    grant execute on function public.discovery_order_refund_check(bigint) to authenticated;
  end if;
end
$$;
