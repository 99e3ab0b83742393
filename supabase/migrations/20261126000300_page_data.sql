-- Page data (issue 16): honest citation figures on LLM answers, and choosing a page's image in
-- one transaction.
--
-- pages_llm_answers, recorded when an answer is stored (by the background worker, with
-- backend/src/citations/analyze.js), and backfilled for older rows by
-- backend/src/db/backfills/llm-answer-citations.js (run by prepareDatabase after the seed):
--   question         the prompt the model was asked (null: not recorded, e.g. rows written before)
--   brand_mentioned  the answer names the site's brand (its name)
--   domain_cited     the answer cites the site's domain (a link or a bare domain, subdomains too)
--   cited_urls       the http(s) URLs the answer cites, in order, unique
--   cited_domains    every domain it cites ('www.' dropped), unique — the customer's and the others
--   pages_version    the version of the page that was current when the answer was stored; set by
--                    the trigger below when the writer leaves it null (on delete set null)
--   analysed_at      when the four figures above were computed; null = not analysed yet (the
--                    screen leaves such rows out of the figures and says how many)
--
-- public.choose_page_image(p_page_id, p_image_id)  (SECURITY INVOKER: RLS applies) clears `chosen`
--   on the page's other propositions and sets it on the picked one, in one transaction, serialised
--   per page by an advisory lock, so no sequence of clicks leaves two chosen (the partial unique index
--   pages_versions_images_one_chosen_idx stays the last guard). Errors: P0001 hint 'not_found'
--   'Image not found' (unknown image, an example, another page's or another user's image).
--
-- Stored objects of deleted image rows: removed by the client right after the row's delete (the
-- storage API owns the files; its delete policy lets the page owner remove {pageId}/... objects).
-- Rows pointing outside the page's folder (the seed's shared page-images/seed/* files) keep their file.

alter table public.pages_llm_answers
  add column question text check (question is null or length(question) <= 20000),
  add column brand_mentioned boolean,
  add column domain_cited boolean,
  add column cited_urls text[],
  add column cited_domains text[],
  add column pages_version uuid references public.pages_versions (id) on delete set null,
  add column analysed_at timestamptz,
  add constraint pages_llm_answers_analysed_check check (
    analysed_at is null
    or (brand_mentioned is not null and domain_cited is not null and cited_urls is not null and cited_domains is not null)
  );

create index pages_llm_answers_pages_version_idx on public.pages_llm_answers (pages_version);
create index pages_llm_answers_not_analysed_idx on public.pages_llm_answers (id) where analysed_at is null;

comment on column public.pages_llm_answers.question is 'The prompt the model was asked.';
comment on column public.pages_llm_answers.brand_mentioned is 'The answer names the site''s brand (backend/src/citations/analyze.js).';
comment on column public.pages_llm_answers.domain_cited is 'The answer cites the site''s domain, by a link or a bare domain.';
comment on column public.pages_llm_answers.cited_urls is 'The http(s) URLs the answer cites.';
comment on column public.pages_llm_answers.cited_domains is 'Every domain the answer cites (www. dropped).';
comment on column public.pages_llm_answers.pages_version is 'The page version current when the answer was stored.';
comment on column public.pages_llm_answers.analysed_at is 'When the citation figures were computed; null = not analysed yet.';

-- The version current when the answer is stored (latest by created_date), unless the writer gave
-- one; a given version must belong to the answer's page. Runs with the writer's rights.
create function public.pages_llm_answers_before_write() returns trigger
language plpgsql
set search_path = ''
as $$
begin
  if tg_op = 'INSERT' and new.pages_version is null then
    select v.id into new.pages_version
      from public.pages_versions v
     where v.page = new.linked_page
     order by v.created_date desc, v.id desc
     limit 1;
  elsif new.pages_version is not null
        and (tg_op = 'INSERT' or new.pages_version is distinct from old.pages_version)
        and not exists (select 1 from public.pages_versions v where v.id = new.pages_version and v.page = new.linked_page) then
    raise exception 'The version must be a version of the answer''s page'
      using errcode = '23514', hint = 'pages_version';
  end if;
  return new;
end
$$;
create trigger pages_llm_answers_before_write
  before insert or update on public.pages_llm_answers
  for each row execute function public.pages_llm_answers_before_write();

-- Exactly one chosen proposition per page, in one transaction keyed by the page.
create function public.choose_page_image(p_page_id bigint, p_image_id bigint)
returns public.pages_versions_images
language plpgsql
set search_path = ''
as $$
declare
  picked public.pages_versions_images;
begin
  -- one choice at a time per page: a concurrent call waits, then sees this one's result
  perform pg_catalog.pg_advisory_xact_lock(pg_catalog.hashtext('choose_page_image'), pg_catalog.hashtext(p_page_id::text));
  if not exists (
    select 1 from public.pages_versions_images i
     where i.id = p_image_id and i.linked_page = p_page_id and i.type = 'proposition'
  ) then
    raise exception 'Image not found' using errcode = 'P0001', hint = 'not_found';
  end if;
  update public.pages_versions_images set chosen = false
   where linked_page = p_page_id and type = 'proposition' and chosen and id <> p_image_id;
  update public.pages_versions_images set chosen = true
   where id = p_image_id and linked_page = p_page_id
  returning * into picked;
  if picked.id is null then
    raise exception 'Image not found' using errcode = 'P0001', hint = 'not_found';
  end if;
  return picked;
end
$$;

revoke all on function public.choose_page_image(bigint, bigint) from public, anon;
grant execute on function public.choose_page_image(bigint, bigint) to authenticated, service_role;
revoke all on function public.pages_llm_answers_before_write() from public, anon, authenticated;
