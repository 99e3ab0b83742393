-- Publishing to WordPress (issue 31; docs/worker.md#publishing-to-wordpress).
--
-- 1. publish_wordpress (action 8): the worker publishes a page's approved version to the site's
--    WordPress (worker/src/actions/publish-wordpress.ts).
-- 2. wordpress_connections: a site's WordPress address, user and application password (encrypted
--    by the worker with WORDPRESS_SECRET_KEY, AES-256-GCM), what the last connection test found.
--    RLS on and no policy, no grant to anon or authenticated: only the service role (the worker)
--    reads or writes it. The owner reads it through get_wordpress_connection(), which returns
--    everything but the password.
-- 3. pages: the WordPress post a page was published to (id, type, link, when, which version).
--    Clients read them (the pages' select grant) and cannot write them (pages has column grants).
-- 4. A publish_wordpress action is refused unless its version is approved and the site has a
--    connection (hints not_approved, no_wordpress_connection).
-- 5. A client approving a version (approve_version, /view) queues publish_wordpress when the site's
--    connection has auto_publish and its last test passed.

insert into public.actions (id, name) values (8, 'publish_wordpress')
on conflict (id) do update set name = excluded.name;
select setval(pg_get_serial_sequence('public.actions', 'id'), (select max(id) from public.actions));

-- ------------------------------------------------------------ connections -----
create table public.wordpress_connections (
  site bigint primary key references public.sites (id) on delete cascade,
  wp_url text not null check (wp_url ~* '^https?://' and length(wp_url) <= 2048),
  username text not null check (length(btrim(username)) between 1 and 200),
  -- v1.<key id>.<iv>.<ciphertext>.<tag> (worker/src/wordpress/secret.ts), bound to 'site:<id>'
  password_encrypted text not null check (password_encrypted ~ '^v1\.' and length(password_encrypted) <= 2000),
  -- the operator confirmed a plain-http site (the password then travels in clear)
  plain_http_confirmed boolean not null default false,
  -- publish when a client approves a version on /view
  auto_publish boolean not null default false,
  -- /wp-json/ or ?rest_route= (sites without pretty permalinks), found by the test
  rest_style text not null default 'pretty' check (rest_style in ('pretty', 'query')),
  -- the last test: 'ok' or a failure code (client.ts WordPressFailure), its English message, and
  -- what it found (ConnectionFound: site name, user, capabilities, SEO plugin and whether its
  -- fields are writable)
  test_status text check (test_status is null or test_status ~ '^[a-z_]{1,40}$'),
  test_message text check (test_message is null or length(test_message) <= 2000),
  found jsonb check (found is null or (jsonb_typeof(found) = 'object' and pg_column_size(found) <= 65536)),
  tested_at timestamptz,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
comment on table public.wordpress_connections is
  'A site''s WordPress connection. Service role only (RLS, no policy): the password never reaches a client; owners read get_wordpress_connection().';

alter table public.wordpress_connections enable row level security;
revoke all on public.wordpress_connections from public, anon, authenticated;
grant select, insert, update, delete on public.wordpress_connections to service_role;

-- ------------------------------------------------------------------ pages -----
alter table public.pages
  add column wordpress_post_id bigint check (wordpress_post_id is null or wordpress_post_id > 0),
  add column wordpress_post_type text check (wordpress_post_type is null or wordpress_post_type in ('posts', 'pages')),
  add column wordpress_link text check (wordpress_link is null or length(wordpress_link) <= 2048),
  add column wordpress_status text check (wordpress_status is null or length(wordpress_status) <= 40),
  add column wordpress_published_at timestamptz,
  add column wordpress_version uuid, -- no foreign key: a second pages<->pages_versions relationship would make PostgREST embeds ambiguous (PGRST201)
  -- the featured image uploaded to WordPress and the cover (image_url) it came from: not uploaded again
  add column wordpress_media_id bigint check (wordpress_media_id is null or wordpress_media_id > 0),
  add column wordpress_media_source text check (wordpress_media_source is null or length(wordpress_media_source) <= 2048);
comment on column public.pages.wordpress_version is
  'The version the WordPress post holds (publish_wordpress); older than the latest approved version: the copy is behind.';
create index pages_wordpress_version_idx on public.pages (wordpress_version) where wordpress_version is not null;

-- ------------------------------------------------- publish_wordpress rules -----
create function private.pages_actions_wordpress_check() returns trigger
language plpgsql security definer set search_path = ''
as $$
declare
  v_site bigint;
begin
  if new.linked_action <> 8 then
    return new;
  end if;
  if tg_op = 'UPDATE' and new.created_date is not distinct from old.created_date then
    return new;
  end if;
  if new.linked_pages_version is null or not exists (
    select 1 from public.pages_versions v where v.id = new.linked_pages_version and v.page = new.linked_page and v.approved
  ) then
    raise exception 'Only an approved version can be published to WordPress' using errcode = 'P0001', hint = 'not_approved';
  end if;
  select p.site into v_site from public.pages p where p.id = new.linked_page;
  if not exists (select 1 from public.wordpress_connections c where c.site = v_site) then
    raise exception 'The site has no WordPress connection' using errcode = 'P0001', hint = 'no_wordpress_connection';
  end if;
  return new;
end
$$;
revoke all on function private.pages_actions_wordpress_check() from public;

create trigger pages_actions_wordpress_check
  before insert or update on public.pages_actions
  for each row execute function private.pages_actions_wordpress_check();

-- A version approved (false -> true) on a site whose connection publishes automatically.
create function private.pages_versions_auto_publish() returns trigger
language plpgsql security definer set search_path = ''
as $$
begin
  if new.approved and not old.approved and exists (
    select 1 from public.pages p join public.wordpress_connections c on c.site = p.site
     where p.id = new.page and c.auto_publish and c.test_status = 'ok'
  ) then
    insert into public.pages_actions (linked_page, linked_action, linked_pages_version, creator, info_json)
    values (new.page, 8, new.id, null, jsonb_build_object('auto', true));
  end if;
  return null;
end
$$;
revoke all on function private.pages_versions_auto_publish() from public;

create trigger pages_versions_auto_publish
  after update of approved on public.pages_versions
  for each row execute function private.pages_versions_auto_publish();

-- ------------------------------------------------- saving a connection -----
-- 6. The application password never reaches the database in clear. The worker keeps an RSA key
--    pair (citable_worker.wordpress_keys: its private key encrypted with WORDPRESS_SECRET_KEY);
--    the site form encrypts the password in the browser with the public key
--    (get_wordpress_public_key(): RSA-OAEP, SHA-256, WebCrypto) and calls
--    save_wordpress_connection(), which keeps the sealed password in
--    citable_worker.wordpress_connection_requests and queues the wordpress_connect job: the worker
--    opens it, tests the connection, stores the password encrypted with WORDPRESS_SECRET_KEY
--    (AES-256-GCM) in wordpress_connections with what the test found, and deletes the request.
--    A save without a password keeps the stored one (and tests it again).
create table citable_worker.wordpress_keys (
  kid text primary key check (kid ~ '^[A-Za-z0-9_-]{8,64}$'),
  public_jwk jsonb not null check (jsonb_typeof(public_jwk) = 'object'),
  -- PKCS#8 PEM encrypted by worker/src/wordpress/secret.ts, bound to 'wordpress-key:<kid>'
  private_key_encrypted text not null,
  created_at timestamptz not null default now()
);

create table citable_worker.wordpress_connection_requests (
  site bigint primary key references public.sites (id) on delete cascade,
  wp_url text not null,
  username text not null,
  -- base64 RSA-OAEP ciphertext of the password; null: keep the stored password
  password_sealed text,
  kid text,
  plain_http_confirmed boolean not null default false,
  auto_publish boolean not null default false,
  requested_at timestamptz not null default clock_timestamp(),
  -- why the worker could not handle it (WORDPRESS_SECRET_KEY missing, the key pair changed…)
  error text
);

-- The public key to seal a password with, or null when the worker has none (WORDPRESS_SECRET_KEY unset).
create function public.get_wordpress_public_key() returns json
language sql stable security definer set search_path = ''
as $$
  select json_build_object('kid', k.kid, 'jwk', k.public_jwk, 'alg', 'RSA-OAEP-256')
    from citable_worker.wordpress_keys k order by k.created_at desc limit 1
$$;
revoke all on function public.get_wordpress_public_key() from public, anon;
grant execute on function public.get_wordpress_public_key() to authenticated, service_role;

create function public.save_wordpress_connection(
  p_site bigint, p_url text, p_username text, p_password_sealed text default null, p_kid text default null,
  p_plain_http_confirmed boolean default false, p_auto_publish boolean default false
) returns json
language plpgsql volatile security definer set search_path = ''
as $$
declare
  v_url text := btrim(coalesce(p_url, ''));
  v_user text := btrim(coalesce(p_username, ''));
  v_requested timestamptz;
begin
  if not private.owns_site(p_site) then
    raise exception 'Site not found' using errcode = 'P0001', hint = 'not_found';
  end if;
  if v_url !~* '^https?://[^\s/?#@]+(/[^\s?#]*)?$' or length(v_url) > 2048 then
    raise exception 'The WordPress address must be an http(s) URL' using errcode = '22023', hint = 'wp_url';
  end if;
  if v_url ~* '^http://' and not coalesce(p_plain_http_confirmed, false) then
    raise exception 'The site is not on HTTPS: the password would travel in clear; confirm to use it anyway'
      using errcode = '22023', hint = 'plain_http';
  end if;
  if length(v_user) not between 1 and 200 then
    raise exception 'The WordPress username is required (200 characters at most)' using errcode = '22023', hint = 'username';
  end if;
  if p_password_sealed is null then
    if not exists (select 1 from public.wordpress_connections c where c.site = p_site) then
      raise exception 'The application password is required' using errcode = '22023', hint = 'password';
    end if;
  elsif p_password_sealed !~ '^[A-Za-z0-9+/_-]+={0,2}$' or length(p_password_sealed) > 4096
        or not exists (select 1 from citable_worker.wordpress_keys k where k.kid = p_kid) then
    raise exception 'The application password must be sealed with the current public key (get_wordpress_public_key)'
      using errcode = '22023', hint = 'password';
  end if;
  insert into citable_worker.wordpress_connection_requests as r
    (site, wp_url, username, password_sealed, kid, plain_http_confirmed, auto_publish, requested_at, error)
  values (p_site, v_url, v_user, p_password_sealed, p_kid, coalesce(p_plain_http_confirmed, false), coalesce(p_auto_publish, false), clock_timestamp(), null)
  on conflict (site) do update set wp_url = excluded.wp_url, username = excluded.username,
    password_sealed = excluded.password_sealed, kid = excluded.kid, plain_http_confirmed = excluded.plain_http_confirmed,
    auto_publish = excluded.auto_publish, requested_at = excluded.requested_at, error = null
  returning r.requested_at into v_requested;
  if to_regnamespace('graphile_worker') is not null then
    perform graphile_worker.add_job('wordpress_connect', json_build_object('site', p_site),
      max_attempts := 3, job_key := 'wordpress_connect:' || p_site);
  end if;
  return json_build_object('site', p_site, 'status', 'testing', 'requested_at', v_requested);
end
$$;
revoke all on function public.save_wordpress_connection(bigint, text, text, text, text, boolean, boolean) from public, anon;
grant execute on function public.save_wordpress_connection(bigint, text, text, text, text, boolean, boolean) to authenticated, service_role;

create function public.delete_wordpress_connection(p_site bigint) returns boolean
language plpgsql volatile security definer set search_path = ''
as $$
begin
  if not private.owns_site(p_site) then
    raise exception 'Site not found' using errcode = 'P0001', hint = 'not_found';
  end if;
  delete from citable_worker.wordpress_connection_requests where site = p_site;
  delete from public.wordpress_connections where site = p_site;
  return found;
end
$$;
revoke all on function public.delete_wordpress_connection(bigint) from public, anon;
grant execute on function public.delete_wordpress_connection(bigint) to authenticated, service_role;

-- The site's connection for its owner, without the password (has_password instead), with the
-- request being tested (pending) when there is one; null when there is neither.
create function public.get_wordpress_connection(p_site bigint) returns json
language plpgsql stable security definer set search_path = ''
as $$
declare
  c public.wordpress_connections;
  r citable_worker.wordpress_connection_requests;
begin
  if not private.owns_site(p_site) then
    raise exception 'Site not found' using errcode = 'P0001', hint = 'not_found';
  end if;
  select * into c from public.wordpress_connections where site = p_site;
  select * into r from citable_worker.wordpress_connection_requests where site = p_site;
  if c.site is null and r.site is null then
    return null;
  end if;
  return json_build_object(
    'site', p_site, 'wp_url', c.wp_url, 'username', c.username, 'has_password', c.site is not null,
    'plain_http_confirmed', c.plain_http_confirmed, 'auto_publish', c.auto_publish,
    'test_status', c.test_status, 'test_message', c.test_message, 'found', c.found,
    'tested_at', c.tested_at, 'updated_at', c.updated_at,
    'pending', case when r.site is null then null else json_build_object(
      'wp_url', r.wp_url, 'username', r.username, 'requested_at', r.requested_at, 'error', r.error) end);
end
$$;
revoke all on function public.get_wordpress_connection(bigint) from public, anon;
grant execute on function public.get_wordpress_connection(bigint) to authenticated, service_role;
