-- RPC functions for the public article viewer (/view/:versionId) and the public forms.
-- A review link is a capability: whoever holds the (unguessable) version uuid may read
-- the article and move it through the review states of spec/app.md §4.
--
-- Errors (PostgREST turns them into 400 responses with code/message/hint):
--   P0001 hint 'demo_article'        'This is a demo article, so you cannot use this feature.'
--   P0001 hint 'not_found'           'Version not found' / 'Image not found for this article'
--   P0001 hint 'invalid_transition'  the version is not in the state the action starts from
--   22023 hint '<field>'             validation message, in the words of the spec

-- Locks the version row, refusing unknown versions and demo articles.
create function private.version_for_review(p_version_id uuid) returns public.pages_versions
language plpgsql security definer set search_path = ''
as $$
declare
  v public.pages_versions;
  is_demo boolean;
begin
  select * into v from public.pages_versions where id = p_version_id for update;
  if not found then
    raise exception 'Version not found' using errcode = 'P0001', hint = 'not_found';
  end if;
  select p.hide_revisions_texts_from_preview into is_demo from public.pages p where p.id = v.page;
  if is_demo then
    raise exception 'This is a demo article, so you cannot use this feature.'
      using errcode = 'P0001', hint = 'demo_article';
  end if;
  return v;
end
$$;
revoke all on function private.version_for_review(uuid) from public, anon, authenticated;

-- draft -> in-revision, with the reviewer's comments
create function public.send_for_revision(p_version_id uuid, p_comments text) returns public.pages_versions
language plpgsql security definer set search_path = ''
as $$
declare
  v public.pages_versions;
begin
  v := private.version_for_review(p_version_id);
  if p_comments is null or btrim(p_comments) = '' then
    raise exception 'Comments are required to send for revision' using errcode = '22023', hint = 'comments';
  end if;
  if length(p_comments) > 20000 then
    raise exception 'Comments must be at most 20000 characters.' using errcode = '22023', hint = 'comments';
  end if;
  if v.sent_in_revision or v.approved then
    raise exception 'Only a draft version can be sent for revision'
      using errcode = 'P0001', hint = 'invalid_transition';
  end if;
  update public.pages_versions set sent_in_revision = true, comments_to_modify = p_comments
   where id = v.id returning * into v;
  return v;
end
$$;

-- in-revision -> draft
create function public.cancel_revision(p_version_id uuid) returns public.pages_versions
language plpgsql security definer set search_path = ''
as $$
declare
  v public.pages_versions;
begin
  v := private.version_for_review(p_version_id);
  if not v.sent_in_revision then
    raise exception 'This version has not been sent for revision' using errcode = 'P0001', hint = 'invalid_transition';
  end if;
  update public.pages_versions set sent_in_revision = false where id = v.id returning * into v;
  return v;
end
$$;

-- draft -> approved
create function public.approve_version(p_version_id uuid) returns public.pages_versions
language plpgsql security definer set search_path = ''
as $$
declare
  v public.pages_versions;
begin
  v := private.version_for_review(p_version_id);
  if v.sent_in_revision or v.approved then
    raise exception 'Only a draft version can be approved' using errcode = 'P0001', hint = 'invalid_transition';
  end if;
  update public.pages_versions set approved = true where id = v.id returning * into v;
  return v;
end
$$;

-- approved -> draft
create function public.cancel_approval(p_version_id uuid) returns public.pages_versions
language plpgsql security definer set search_path = ''
as $$
declare
  v public.pages_versions;
begin
  v := private.version_for_review(p_version_id);
  if not v.approved then
    raise exception 'This version is not approved' using errcode = 'P0001', hint = 'invalid_transition';
  end if;
  update public.pages_versions set approved = false where id = v.id returning * into v;
  return v;
end
$$;

-- Everything the viewer needs, or null when the version does not exist.
-- Demo articles never expose the revision comments.
create function public.get_article_for_view(p_version_id uuid) returns json
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
      'comments_to_modify', case when p.hide_revisions_texts_from_preview then null else v.comments_to_modify end
    ),
    'page', json_build_object(
      'id', p.id,
      'name', p.name,
      'url', p.url,
      'hide_cover_image_from_preview', p.hide_cover_image_from_preview,
      'hide_revisions_texts_from_preview', p.hide_revisions_texts_from_preview
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
    ), '[]'::json)
  )
  from public.pages_versions v
  join public.pages p on p.id = v.page
  where v.id = p_version_id
$$;

-- Choose the cover among the page's proposition images (exactly one chosen per page).
create function public.set_cover_image(p_version_id uuid, p_image_id bigint) returns json
language plpgsql security definer set search_path = ''
as $$
declare
  v public.pages_versions;
begin
  v := private.version_for_review(p_version_id);
  if not exists (
    select 1 from public.pages_versions_images i
     where i.id = p_image_id and i.linked_page = v.page and i.type = 'proposition'
  ) then
    raise exception 'Image not found for this article' using errcode = 'P0001', hint = 'not_found';
  end if;
  update public.pages_versions_images set chosen = false
   where linked_page = v.page and type = 'proposition' and chosen and id <> p_image_id;
  update public.pages_versions_images set chosen = true where id = p_image_id;
  return public.get_article_for_view(p_version_id);
end
$$;

-- Demo articles for the public side: latest version per demo page, newest first.
create function public.list_demo_articles()
returns table (page_id bigint, page_name text, latest_version_date timestamptz, latest_version_id uuid)
language sql stable security definer set search_path = ''
as $$
  select d.page_id, d.page_name, d.latest_version_date, d.latest_version_id
    from (
      select distinct on (p.id)
             p.id as page_id, p.name as page_name, v.created_date as latest_version_date, v.id as latest_version_id
        from public.pages p
        join public.pages_versions v on v.page = p.id
       where p.hide_revisions_texts_from_preview
       order by p.id, v.created_date desc, v.id desc
    ) d
   order by d.latest_version_date desc, d.page_id desc
$$;

-- Shared e-mail check (same rule as the forms: something@something.tld, no spaces).
create function private.is_valid_email(p_email text) returns boolean
language sql immutable set search_path = ''
as $$
  select p_email is not null
     and length(p_email) between 3 and 320
     and p_email ~ '^[^[:space:]@]+@[^[:space:]@]+\.[^[:space:]@]+$'
$$;

-- Contact form (spec/public.md §5).
create function public.submit_contact_message(p_name text, p_email text, p_message text) returns json
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
  insert into public.contact_messages (name, email, message) values (v_name, v_email, v_message)
  returning * into row;
  return json_build_object('id', row.id, 'created_at', row.created_at);
end
$$;

-- Free first-article flow (spec/public.md §3): creates the request and its site with the
-- flow's defaults. Asking again with the same url and e-mail returns the same request.
create function public.claim_first_article(p_url text, p_stripe_email text) returns json
language plpgsql security definer set search_path = ''
as $$
declare
  v_url text := btrim(coalesce(p_url, ''));
  v_email text := btrim(coalesce(p_stripe_email, ''));
  v_country bigint;
  v_language bigint;
  v_site bigint;
  v_request bigint;
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

  select r.id, r.site into v_request, v_site from public.first_article_requests r
   where lower(r.stripe_email) = lower(v_email) and r.url = v_url
   order by r.id limit 1;
  if found then
    return json_build_object('request_id', v_request, 'site_id', v_site);
  end if;

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

  insert into public.first_article_requests (url, stripe_email, site)
  values (v_url, v_email, v_site) returning id into v_request;

  return json_build_object('request_id', v_request, 'site_id', v_site);
end
$$;

-- ----------------------------------------------------------------- grants -----
revoke all on function private.is_valid_email(text) from public;
grant execute on function private.is_valid_email(text) to anon, authenticated, service_role;

revoke execute on all functions in schema public from public, anon, authenticated;

grant execute on function
  public.send_for_revision(uuid, text),
  public.cancel_revision(uuid),
  public.approve_version(uuid),
  public.cancel_approval(uuid),
  public.get_article_for_view(uuid),
  public.set_cover_image(uuid, bigint),
  public.list_demo_articles(),
  public.submit_contact_message(text, text, text),
  public.claim_first_article(text, text)
to anon, authenticated, service_role;
