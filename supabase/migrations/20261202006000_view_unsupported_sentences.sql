-- /view says which claims are unsupported, not only how many (issue 32, audit L8): the client reads
-- "Cet article contient 1 affirmation non vérifiée." and can now find it — the viewer lists the
-- sentences under the warning and highlights them in the text. get_article_for_view adds
-- `unsupported_sentences`: the distinct sentences of the version's claims with supported = false, in
-- the article's order, at most 20, each cut at 1000 characters (a claim's sentence is the article's own
-- text, which the link's holder reads anyway). Everything else as in 20261201000000.
-- Same signature and return type: create or replace keeps the grants.

create or replace function public.get_article_for_view(p_version_id uuid) returns json
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
      'comments_to_modify', case when p.hide_revisions_texts_from_preview or private.is_client_caller(p.id) then null else v.comments_to_modify end,
      'client_comments', case when p.hide_revisions_texts_from_preview then null else v.client_comments end
    ),
    'page', json_build_object(
      'id', p.id,
      'name', p.name,
      'url', p.url,
      'hide_cover_image_from_preview', p.hide_cover_image_from_preview,
      'hide_revisions_texts_from_preview', p.hide_revisions_texts_from_preview
    ),
    'site', json_build_object(
      'name', s.name,
      'logo_url', private.client_logo_url(s.image_logo)
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
    ), '[]'::json),
    'sources', coalesce((
      select json_agg(json_build_object('n', s.n, 'url', s.url, 'title', s.title) order by s.n)
        from (
          select distinct on ((e->>'n')::int)
                 (e->>'n')::int as n,
                 e->>'url' as url,
                 nullif(left(btrim(coalesce(e->>'title', '')), 300), '') as title
            from jsonb_array_elements(case when jsonb_typeof(v.sources) = 'array' then v.sources else '[]'::jsonb end) e
           where jsonb_typeof(e) = 'object'
             and jsonb_typeof(e->'n') = 'number'
             and (e->>'n') ~ '^[0-9]{1,3}$'
             and jsonb_typeof(e->'url') = 'string'
             and length(e->>'url') <= 2048
             and (e->>'url') ~* '^https?://[^[:space:]]+$'
           order by (e->>'n')::int
        ) s
    ), '[]'::json),
    'unsupported_claims', (
      select count(*)::int
        from jsonb_array_elements(case when jsonb_typeof(v.claims) = 'array' then v.claims else '[]'::jsonb end) c
       where jsonb_typeof(c) = 'object' and c->'supported' = 'false'::jsonb
    ),
    'unsupported_sentences', coalesce((
      select json_agg(u.sentence order by u.first)
        from (
          select left(c.value->>'sentence', 1000) as sentence, min(c.ordinality) as first
            from jsonb_array_elements(case when jsonb_typeof(v.claims) = 'array' then v.claims else '[]'::jsonb end) with ordinality c
           where jsonb_typeof(c.value) = 'object'
             and c.value->'supported' = 'false'::jsonb
             and jsonb_typeof(c.value->'sentence') = 'string'
             and btrim(c.value->>'sentence') <> ''
           group by 1
           order by 2
           limit 20
        ) u
    ), '[]'::json)
  )
  from public.pages_versions v
  join public.pages p on p.id = v.page
  join public.sites s on s.id = p.site
  where v.id = p_version_id
$$;
