-- Notifications (issue 30, the operator's desk): what writes them, how they are marked read, and the
-- operator's e-mail for a client decision. The table, its policies and grants are in
-- 20261130000000_operator_desk.sql; docs/operator-desk.md "Notifications".
--
-- Who is told what (definer triggers, so every writer — the /view RPCs, the worker, a script — is
-- covered):
--   pages_versions approved false → true, by the client     → client_approved  for the site's owner
--   pages_versions sent_in_revision false → true, by client  → client_revision  (body: the comments)
--   pages_actions status → done, create_article or
--     modify_articles_with_instructions                      → version_ready    for the site's owner
--   pages_actions status → failed (any action)               → action_failed    (body: last_error)
--   first_article_requests insert                            → new_request      for every staff account
--   contact_messages insert                                  → new_message      for every staff account
-- A decision is the client's when the caller is not the site's owner: anonymous (/view without an
-- account, auth.uid() null) or another account. The owner reviewing their own version is not told.
-- A site without an owner (a claim nobody took in yet) tells nobody.
--
-- A client decision also enqueues the worker job notification_mail {id} (the operator's e-mail),
-- unless the owner turned those e-mails off (user_settings.notification_emails = false).
-- Re-runnable like the other migrations.

-- ------------------------------------------------------------ helpers -----
-- Text for a notification column: trimmed, empty → null, cut to p_max characters (an ellipsis
-- marks the cut).
create or replace function private.notification_text(p_text text, p_max integer) returns text
language sql immutable set search_path = ''
as $$
  select case
    when nullif(btrim(p_text), '') is null then null
    when length(btrim(p_text)) <= p_max then btrim(p_text)
    else left(btrim(p_text), p_max - 1) || '…'
  end
$$;
revoke all on function private.notification_text(text, integer) from public, anon, authenticated;

-- Enqueues the operator's e-mail of a client decision, unless they turned them off. Does nothing
-- without Graphile Worker's schema (see 20261126000400_worker_queue.sql).
create or replace function private.enqueue_notification_mail(p_notification bigint, p_user uuid) returns void
language plpgsql security definer set search_path = ''
as $$
begin
  if to_regnamespace('graphile_worker') is null then
    return;
  end if;
  if coalesce((select s.notification_emails from public.user_settings s where s.user_id = p_user), true) is false then
    return;
  end if;
  perform graphile_worker.add_job(
    'notification_mail',
    json_build_object('id', p_notification),
    max_attempts := citable_worker.max_attempts(),
    job_key := 'notification_mail:' || p_notification
  );
end
$$;
revoke all on function private.enqueue_notification_mail(bigint, uuid) from public, anon, authenticated;

-- --------------------------------------------------- client decisions -----
create or replace function private.notify_version_decision() returns trigger
language plpgsql security definer set search_path = ''
as $$
declare
  v_kind text;
  v_owner uuid;
  v_site bigint;
  v_title text;
  v_body text;
  v_id bigint;
begin
  if new.approved and not old.approved then
    v_kind := 'client_approved';
  elsif new.sent_in_revision and not old.sent_in_revision then
    v_kind := 'client_revision';
  else
    return null;
  end if;
  select s.linked_user, s.id, p.name into v_owner, v_site, v_title
    from public.pages p join public.sites s on s.id = p.site
   where p.id = new.page;
  -- nobody to tell, or the owner's own decision
  if v_owner is null or (select auth.uid()) is not distinct from v_owner then
    return null;
  end if;
  if v_kind = 'client_revision' then
    -- the client's own words (client_comments, 000400), else what send_for_revision stored
    v_body := private.notification_text(coalesce(nullif(btrim(new.client_comments), ''), new.comments_to_modify), 2000);
  end if;
  insert into public.notifications (user_id, kind, site, page, version, title, body)
  values (v_owner, v_kind, v_site, new.page, new.id, private.notification_text(v_title, 500), v_body)
  returning id into v_id;
  perform private.enqueue_notification_mail(v_id, v_owner);
  return null;
end
$$;
revoke all on function private.notify_version_decision() from public, anon, authenticated;

drop trigger if exists pages_versions_notify_decision on public.pages_versions;
create trigger pages_versions_notify_decision
  after update of approved, sent_in_revision on public.pages_versions
  for each row
  when ((new.approved and not old.approved) or (new.sent_in_revision and not old.sent_in_revision))
  execute function private.notify_version_decision();

-- ----------------------------------------------------- page actions -----
create or replace function private.notify_action_outcome() returns trigger
language plpgsql security definer set search_path = ''
as $$
declare
  v_action text;
  v_owner uuid;
  v_site bigint;
  v_title text;
  v_version uuid;
begin
  select a.name into v_action from public.actions a where a.id = new.linked_action;
  if new.status = 'done' and v_action not in ('create_article', 'modify_articles_with_instructions') then
    return null;
  end if;
  select s.linked_user, s.id, p.name into v_owner, v_site, v_title
    from public.pages p join public.sites s on s.id = p.site
   where p.id = new.linked_page;
  if v_owner is null then
    return null;
  end if;
  if new.status = 'done' then
    -- the version the run wrote; a modification in place keeps its version
    v_version := coalesce(
      (select v.id from public.pages_versions v where v.generated_by_action = new.id order by v.created_date desc limit 1),
      (select v.id from public.pages_versions v where v.page = new.linked_page and v.parent_version = new.linked_pages_version
          and v.created_date >= new.created_date order by v.created_date desc limit 1),
      new.linked_pages_version,
      (select v.id from public.pages_versions v where v.page = new.linked_page order by v.created_date desc limit 1));
    insert into public.notifications (user_id, kind, site, page, version, title)
    values (v_owner, 'version_ready', v_site, new.linked_page, v_version, private.notification_text(v_title, 500));
  else
    insert into public.notifications (user_id, kind, site, page, version, title, body)
    values (v_owner, 'action_failed', v_site, new.linked_page, new.linked_pages_version, private.notification_text(v_title, 500),
            coalesce(private.notification_text(new.last_error, 2000), v_action));
  end if;
  return null;
end
$$;
revoke all on function private.notify_action_outcome() from public, anon, authenticated;

drop trigger if exists pages_actions_notify_outcome on public.pages_actions;
create trigger pages_actions_notify_outcome
  after update of status on public.pages_actions
  for each row
  when (new.status is distinct from old.status and new.status in ('done', 'failed'))
  execute function private.notify_action_outcome();

-- ------------------------------------------------------- staff inbox -----
create or replace function private.notify_staff_inbox() returns trigger
language plpgsql security definer set search_path = ''
as $$
begin
  if tg_table_name = 'first_article_requests' then
    insert into public.notifications (user_id, kind, site, request, title, body)
    select u, 'new_request', new.site, new.id, private.notification_text(new.url, 500), private.notification_text(new.stripe_email, 2000)
      from private.staff_user_ids() u;
  else
    insert into public.notifications (user_id, kind, message, title, body)
    select u, 'new_message', new.id, private.notification_text(new.name || ' <' || new.email || '>', 500),
           private.notification_text(new.message, 2000)
      from private.staff_user_ids() u;
  end if;
  return null;
end
$$;
revoke all on function private.notify_staff_inbox() from public, anon, authenticated;

drop trigger if exists first_article_requests_notify_staff on public.first_article_requests;
create trigger first_article_requests_notify_staff
  after insert on public.first_article_requests
  for each row execute function private.notify_staff_inbox();
drop trigger if exists contact_messages_notify_staff on public.contact_messages;
create trigger contact_messages_notify_staff
  after insert on public.contact_messages
  for each row execute function private.notify_staff_inbox();

-- ------------------------------------------------------------ mark read -----
-- Marks the caller's unread notifications read: those listed, or all of them (null). Returns how
-- many it marked. Invoker: RLS and the column grant (read_at only) apply; ids of other users'
-- notifications are silently not theirs to mark.
create or replace function public.mark_notifications_read(p_ids bigint[] default null) returns integer
language plpgsql security invoker set search_path = ''
as $$
declare
  v_count integer;
begin
  if auth.uid() is null then
    raise exception 'Sign in to mark notifications read' using errcode = '42501', hint = 'unauthorized';
  end if;
  if p_ids is not null and cardinality(p_ids) > 1000 then
    raise exception 'At most 1000 notifications at a time' using errcode = '22023', hint = 'ids';
  end if;
  update public.notifications set read_at = now()
   where user_id = auth.uid() and read_at is null and (p_ids is null or id = any (p_ids));
  get diagnostics v_count = row_count;
  return v_count;
end
$$;
revoke all on function public.mark_notifications_read(bigint[]) from public, anon, authenticated;
grant execute on function public.mark_notifications_read(bigint[]) to authenticated, service_role;

-- ------------------------------------------------------ user settings -----
create or replace function private.user_settings_touch() returns trigger
language plpgsql set search_path = ''
as $$
begin
  new.updated_at := now();
  return new;
end
$$;
revoke all on function private.user_settings_touch() from public, anon, authenticated;
drop trigger if exists user_settings_touch on public.user_settings;
create trigger user_settings_touch
  before update on public.user_settings
  for each row execute function private.user_settings_touch();
