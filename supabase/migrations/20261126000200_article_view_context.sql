-- What the article viewer (/view/:versionId) shows around the article, for whoever holds the link:
--   newer_version     the page's newest version when it is not this one ({ id, created_date }), else null
--                     (the notice "a newer version exists" links to it)
--   is_owner, site_id whether the signed-in caller owns the page's site (site_id only then: the link back
--                     to the versions screen of the workspace)
--   sent_back         the version the client sent back for revision that this one follows, to show
--                     "what changed since you asked": its recorded parent (pages_versions.parent_version,
--                     when that column exists), else the page's previous version by date — only when it
--                     was sent for revision or carries comments; { created_date, html_content,
--                     comments_to_modify }, never its id (a version id is the capability to review it).
--                     Never on demo articles (their revision texts are private).
-- null when the version does not exist.
create function public.get_article_view_context(p_version_id uuid) returns json
language plpgsql stable security definer set search_path = ''
as $$
declare
  v public.pages_versions;
  v_site bigint;
  v_owner uuid;
  v_demo boolean;
  v_newer json;
  v_parent uuid;
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
    -- the recorded parent (column added by the versions' lineage migration, if present)
    if exists (
      select 1 from pg_catalog.pg_attribute a
       where a.attrelid = 'public.pages_versions'::pg_catalog.regclass
         and a.attname = 'parent_version' and not a.attisdropped
    ) then
      execute 'select parent_version from public.pages_versions where id = $1' into v_parent using v.id;
    end if;
    if v_parent is not null then
      select json_build_object('created_date', b.created_date, 'html_content', b.html_content,
                               'comments_to_modify', b.comments_to_modify)
        into v_sent_back
        from public.pages_versions b
       where b.id = v_parent and b.page = v.page
         and (b.sent_in_revision or coalesce(btrim(b.comments_to_modify), '') <> '');
    else
      select json_build_object('created_date', b.created_date, 'html_content', b.html_content,
                               'comments_to_modify', b.comments_to_modify)
        into v_sent_back
        from public.pages_versions b
       where b.page = v.page and b.id <> v.id
         and (b.created_date < v.created_date or (b.created_date = v.created_date and b.id < v.id))
         and (b.sent_in_revision or coalesce(btrim(b.comments_to_modify), '') <> '')
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

revoke all on function public.get_article_view_context(uuid) from public;
grant execute on function public.get_article_view_context(uuid) to anon, authenticated, service_role;
