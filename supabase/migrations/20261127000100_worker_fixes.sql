-- Worker fixes (issue 18 audit).
--
-- 1. The queued rule, corrected. Every create_article action — whatever its queued (§4 batch
--    creation: the first action of a batch has queued null, the others true; a single article
--    null or false) — goes to the named queue 'site-articles:<site id>'. Graphile runs the jobs of
--    a named queue one at a time, so a site's articles are written one after another, in order of
--    their run time (a job waiting for a retry lets the next one go first). Before, only the
--    queued-true ones were queued, and a batch's first article ran beside the second. Every other
--    action (serps, llm_answers, modify_articles_with_instructions, create_cover_image,
--    contact_form) has no queue name and runs as soon as a worker is free.

create or replace function citable_worker.enqueue_page_action() returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_action text;
  v_site bigint;
  v_queue text;
begin
  if to_regnamespace('graphile_worker') is null then
    return null;
  end if;
  if tg_op = 'UPDATE' then
    if current_setting('citable.worker', true) = 'on' then
      return null;
    end if;
    if new.created_date is not distinct from old.created_date then
      return null;
    end if;
  elsif new.status <> 'queued' then
    return null;
  end if;

  select a.name into v_action from public.actions a where a.id = new.linked_action;
  if v_action = 'create_article' then
    select p.site into v_site from public.pages p where p.id = new.linked_page;
    v_queue := 'site-articles:' || v_site;
  end if;

  perform graphile_worker.add_job(
    'pages_action',
    json_build_object('id', new.id),
    queue_name := v_queue,
    max_attempts := citable_worker.max_attempts(),
    job_key := 'pages_action:' || new.id
  );
  return null;
end
$$;
revoke all on function citable_worker.enqueue_page_action() from public;

-- 2. The first-article request remembers the requester's language (the public site's language
--    when they asked: 'fr' or 'en'), so the worker's e-mail to them is in their language — the
--    site claim_first_article creates is French whatever the visitor reads.
--    claim_first_article(p_url, p_stripe_email) keeps working (p_language defaults to 'fr');
--    p_language accepts 'fr', 'en' or a tag of them ('en-GB'), case-insensitive; anything else is
--    refused with 22023 hint 'language'.
alter table public.first_article_requests
  add column language text not null default 'fr' check (language in ('fr', 'en'));
comment on column public.first_article_requests.language is
  'Language of the requester (the public site''s language when they asked): fr | en.';

drop function public.claim_first_article(text, text);

create function public.claim_first_article(p_url text, p_stripe_email text, p_language text default 'fr') returns json
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

  insert into public.first_article_requests (url, stripe_email, site, language)
  values (v_url, v_email, v_site, v_language_code) returning id into v_request;

  return json_build_object('request_id', v_request, 'site_id', v_site);
end
$$;

revoke all on function public.claim_first_article(text, text, text) from public;
grant execute on function public.claim_first_article(text, text, text) to anon, authenticated, service_role;

-- 3. A run's cost adds up over its attempts (the worker adds each retry's usage, price and time
--    to the row; the first attempt of a run — a new row, or one a refresh re-queued — starts from
--    zero).
comment on column public.pages_actions.cost_usd is
  'Price of the last run, all its attempts added, in US dollars, as reported by the providers (null when none reported a price).';
comment on column public.pages_actions.usage is
  'Usage of the last run, all its attempts added: {calls, prompt_tokens, completion_tokens, total_tokens, images, serp_queries, models}.';
comment on column public.pages_actions.duration_ms is 'Wall time of the last run, all its attempts added, in milliseconds.';
