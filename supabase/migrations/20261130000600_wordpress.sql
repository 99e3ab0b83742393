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

-- The site's connection for its owner, without the password: null when there is none.
create function public.get_wordpress_connection(p_site bigint) returns json
language plpgsql stable security definer set search_path = ''
as $$
declare
  c public.wordpress_connections;
begin
  if not private.owns_site(p_site) then
    raise exception 'Site not found' using errcode = 'P0001', hint = 'not_found';
  end if;
  select * into c from public.wordpress_connections where site = p_site;
  if not found then
    return null;
  end if;
  return json_build_object(
    'site', c.site, 'wp_url', c.wp_url, 'username', c.username, 'has_password', true,
    'plain_http_confirmed', c.plain_http_confirmed, 'auto_publish', c.auto_publish,
    'test_status', c.test_status, 'test_message', c.test_message, 'found', c.found,
    'tested_at', c.tested_at, 'updated_at', c.updated_at);
end
$$;
revoke all on function public.get_wordpress_connection(bigint) from public, anon;
grant execute on function public.get_wordpress_connection(bigint) to authenticated, service_role;

-- ------------------------------------------------------------------ pages -----
alter table public.pages
  add column wordpress_post_id bigint check (wordpress_post_id is null or wordpress_post_id > 0),
  add column wordpress_post_type text check (wordpress_post_type is null or wordpress_post_type in ('posts', 'pages')),
  add column wordpress_link text check (wordpress_link is null or length(wordpress_link) <= 2048),
  add column wordpress_status text check (wordpress_status is null or length(wordpress_status) <= 40),
  add column wordpress_published_at timestamptz,
  add column wordpress_version uuid references public.pages_versions (id) on delete set null,
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
