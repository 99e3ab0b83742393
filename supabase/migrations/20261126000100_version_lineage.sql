-- Version lineage: every page version knows where it came from (issue 15).
--
-- pages_versions.parent_version   the version this one was derived from (null: the first article
--                                 of the page, or a parent since deleted — on delete set null).
-- pages_versions.origin           how it was made:
--                                   'generated'   written by the worker for a create_article action
--                                   'instruction' written by the worker for a
--                                                 modify_articles_with_instructions action
--                                   'hand_edit'   edited by hand in the versions screen
--                                 null for versions written before this migration (origin unknown).
-- pages_versions.instruction      for 'instruction': the comments of the modify request that
--                                 produced it (a copy: the parent's comments_to_modify may change
--                                 later); null otherwise. The UI shows 'Edited by hand' for 'hand_edit'.
--
-- The background worker fills them when it writes the version a pages_actions row asked for:
--   create_article                    -> origin 'generated', parent null
--   modify_articles_with_instructions -> parent_version = the action's linked_pages_version,
--                                        origin 'instruction', instruction = info_json->>'comments'
--                                        (when info_json->>'create_new_version' is false the worker
--                                        rewrites the version in place and the lineage is unchanged).
--
-- A parent is always a version of the same page (trigger below), so a lineage never crosses pages,
-- and, for an API user, never points at a version they cannot read.
--
-- RPCs (SECURITY INVOKER: the caller's row level security applies to every read and write):
--   public.request_version_modification(...)  records a modify request on a version and queues its
--       modify_articles_with_instructions action, in one transaction (both or nothing).
--   public.save_version_edit(p_version_id, p_html)  a hand edit: a new version of the same page with
--       parent = the edited version and origin 'hand_edit'.
-- Errors: P0001 hint 'not_found' 'Version not found' (unknown id or another user's version);
--         P0001 hint 'action_not_found' "Action \"modify_articles_with_instructions\" not found";
--         22023 hint 'example_version' / 'comments' / 'html_content' validation messages.

alter table public.pages_versions
  add column parent_version uuid references public.pages_versions (id) on delete set null,
  add column origin text check (origin in ('generated', 'instruction', 'hand_edit')),
  add column instruction text check (instruction is null or length(instruction) <= 20000);

create index pages_versions_parent_idx on public.pages_versions (parent_version);

comment on column public.pages_versions.parent_version is 'The version this one was derived from (same page); null for a first article or a deleted parent.';
comment on column public.pages_versions.origin is 'generated | instruction | hand_edit; null = written before lineage was recorded.';
comment on column public.pages_versions.instruction is 'Comments of the modify request that produced this version (origin instruction).';

-- A parent belongs to the same page, and is never the version itself. Runs with the writer's
-- rights: a parent the writer cannot read counts as missing.
create function public.pages_versions_check_parent() returns trigger
language plpgsql
set search_path = ''
as $$
begin
  if new.parent_version is not null
     and (tg_op = 'INSERT' or new.parent_version is distinct from old.parent_version) then
    if new.parent_version = new.id
       or not exists (select 1 from public.pages_versions p where p.id = new.parent_version and p.page = new.page) then
      raise exception 'The parent version must be another version of the same page'
        using errcode = '23514', hint = 'parent_version';
    end if;
  end if;
  return new;
end
$$;
revoke all on function public.pages_versions_check_parent() from public, anon, authenticated;

create trigger pages_versions_check_parent
  before insert or update of parent_version, page on public.pages_versions
  for each row execute function public.pages_versions_check_parent();

-- Records a modify request on the version (the columns of spec/app.md §3) and queues the
-- modify_articles_with_instructions action for it; returns both rows:
--   { "version": pages_versions row, "action": pages_actions row }
-- info_json of the action: { comments, use_web_search, highlight_modifications,
--   unhighlight_modifications, create_new_version, example_version_id }.
create function public.request_version_modification(
  p_version_id uuid,
  p_comments text,
  p_use_web_search boolean default false,
  p_highlight boolean default false,
  p_unhighlight boolean default false,
  p_create_new_version boolean default false,
  p_example_version_id uuid default null
) returns json
language plpgsql
security invoker
set search_path = ''
as $$
declare
  v public.pages_versions;
  a public.pages_actions;
  v_action bigint;
  v_comments text := nullif(btrim(coalesce(p_comments, '')), '');
begin
  if v_comments is not null and length(v_comments) > 20000 then
    raise exception 'Comments must be at most 20000 characters.' using errcode = '22023', hint = 'comments';
  end if;

  -- RLS: another user's version is invisible, so it is "not found", and nothing is written.
  select * into v from public.pages_versions where id = p_version_id for update;
  if not found then
    raise exception 'Version not found' using errcode = 'P0001', hint = 'not_found';
  end if;

  if p_example_version_id is not null and not exists (
    select 1 from public.pages_versions e where e.id = p_example_version_id and e.page = v.page
  ) then
    raise exception 'The example version must be a version of the same page'
      using errcode = '22023', hint = 'example_version';
  end if;

  select ac.id into v_action from public.actions ac where ac.name = 'modify_articles_with_instructions';
  if v_action is null then
    raise exception 'Action "modify_articles_with_instructions" not found'
      using errcode = 'P0001', hint = 'action_not_found';
  end if;

  update public.pages_versions
     set comments_to_modify = v_comments,
         need_to_do_web_search_for_modification = coalesce(p_use_web_search, false),
         highlight_modified_content = coalesce(p_highlight, false),
         unhighlight_modified_content = coalesce(p_unhighlight, false),
         pages_versions_to_take_as_example = p_example_version_id
   where id = v.id
  returning * into v;

  insert into public.pages_actions (linked_page, linked_action, linked_pages_version, creator, info_json, queued)
  values (v.page, v_action, v.id, (select auth.uid()),
          jsonb_build_object(
            'comments', v_comments,
            'use_web_search', coalesce(p_use_web_search, false),
            'highlight_modifications', coalesce(p_highlight, false),
            'unhighlight_modifications', coalesce(p_unhighlight, false),
            'create_new_version', coalesce(p_create_new_version, false),
            'example_version_id', p_example_version_id),
          true)
  returning * into a;

  return json_build_object('version', to_json(v), 'action', to_json(a));
end
$$;

-- A hand edit: a new version of the edited version's page, with its lineage.
create function public.save_version_edit(p_version_id uuid, p_html text) returns public.pages_versions
language plpgsql
security invoker
set search_path = ''
as $$
declare
  src public.pages_versions;
  v public.pages_versions;
begin
  select * into src from public.pages_versions where id = p_version_id;
  if not found then
    raise exception 'Version not found' using errcode = 'P0001', hint = 'not_found';
  end if;
  if p_html is null or btrim(p_html) = '' then
    raise exception 'The HTML content cannot be empty.' using errcode = '22023', hint = 'html_content';
  end if;
  if length(p_html) > 2000000 then
    raise exception 'The HTML content must be at most 2,000,000 characters.' using errcode = '22023', hint = 'html_content';
  end if;
  insert into public.pages_versions (page, html_content, creator, parent_version, origin)
  values (src.page, p_html, (select auth.uid()), src.id, 'hand_edit')
  returning * into v;
  return v;
end
$$;

revoke all on function
  public.request_version_modification(uuid, text, boolean, boolean, boolean, boolean, uuid),
  public.save_version_edit(uuid, text)
from public, anon;
grant execute on function
  public.request_version_modification(uuid, text, boolean, boolean, boolean, boolean, uuid),
  public.save_version_edit(uuid, text)
to authenticated, service_role;
