-- The article engine (docs/article-engine.md): a page's research and brief, the sources research
-- read, a version's claims, content score and structured data, an action's warnings and stages.
-- The shapes of the JSON columns are the types of @citable/shared/engine (shared/src/engine/types.ts).

-- research_page: reads the SERP's top results of the page's keywords and writes its brief.
insert into public.actions (id, name) values (7, 'research_page')
on conflict (id) do update set name = excluded.name;
select setval(pg_get_serial_sequence('public.actions', 'id'), (select max(id) from public.actions));

-- ------------------------------------------------------------- the brief -----
create table public.page_briefs (
  page bigint primary key references public.pages (id) on delete cascade,
  brief jsonb not null check (jsonb_typeof(brief) = 'object' and pg_column_size(brief) <= 262144),
  researched_at timestamptz,
  research_action bigint references public.pages_actions (id) on delete set null,
  edited_at timestamptz,
  updated_at timestamptz not null default now()
);
comment on table public.page_briefs is
  'A page''s brief (Brief): target length, sections, terms, questions, from research_page; the operator edits brief.';

-- The sources research read (or could not), numbered as the article cites them; text is the main
-- content read, kept for claim checking.
create table public.page_brief_sources (
  page bigint not null references public.page_briefs (page) on delete cascade,
  n integer not null check (n between 1 and 100),
  url text not null check (length(url) <= 2048),
  kind text not null default 'serp' check (kind in ('serp', 'scraped')),
  position integer,
  title text check (title is null or length(title) <= 1000),
  status text not null check (status in ('read', 'failed', 'skipped')),
  error text check (error is null or length(error) <= 1000),
  words integer check (words is null or words >= 0),
  headings jsonb not null default '[]' check (jsonb_typeof(headings) = 'array'),
  text text check (text is null or length(text) <= 400000),
  primary key (page, n)
);

alter table public.page_briefs enable row level security;
alter table public.page_brief_sources enable row level security;

-- The owner of the page reads and edits its brief; sources are written by the worker only.
grant select, insert, update, delete on public.page_briefs to authenticated;
grant select on public.page_brief_sources to authenticated;
revoke insert, update (researched_at, research_action) on public.page_briefs from authenticated;
create policy "Briefs: owner reads" on public.page_briefs for select to authenticated
  using (private.owns_page(page));
create policy "Briefs: owner creates" on public.page_briefs for insert to authenticated
  with check (private.owns_page(page));
create policy "Briefs: owner updates" on public.page_briefs for update to authenticated
  using (private.owns_page(page)) with check (private.owns_page(page));
create policy "Briefs: owner deletes" on public.page_briefs for delete to authenticated
  using (private.owns_page(page));
create policy "Brief sources: owner reads" on public.page_brief_sources for select to authenticated
  using (private.owns_page(page));

-- An end user's write marks the brief edited (the worker's does not).
create function private.page_briefs_touch() returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  new.updated_at := now();
  if citable_worker.is_end_user_request() then
    new.edited_at := now();
    if tg_op = 'INSERT' then
      new.researched_at := null;
      new.research_action := null;
    else
      new.researched_at := old.researched_at;
      new.research_action := old.research_action;
    end if;
  end if;
  return new;
end
$$;
revoke all on function private.page_briefs_touch() from public;
create trigger page_briefs_touch before insert or update on public.page_briefs
  for each row execute function private.page_briefs_touch();

-- ------------------------------------------------------ a version's checks -----
alter table public.pages_versions
  add column claims jsonb check (claims is null or jsonb_typeof(claims) = 'array'),
  add column score smallint check (score is null or score between 0 and 100),
  add column score_parts jsonb check (score_parts is null or jsonb_typeof(score_parts) = 'array'),
  add column structured_data jsonb check (structured_data is null or jsonb_typeof(structured_data) = 'array'),
  add column scored_at timestamptz;
comment on column public.pages_versions.claims is 'Claim[]: each cited sentence, its source passage, supported or not (worker).';
comment on column public.pages_versions.score is 'Content score 0-100 against the page''s brief (worker, @citable/shared/engine contentScore).';
comment on column public.pages_versions.score_parts is 'ScorePart[] of that score.';
comment on column public.pages_versions.structured_data is 'JSON-LD objects for publishing: Article, and FAQPage when the article has an FAQ.';

-- The page list sorts by the latest version's score.
alter table public.pages add column content_score smallint check (content_score is null or content_score between 0 and 100);
comment on column public.pages.content_score is 'The score of the page''s latest version (kept by a trigger).';

-- ------------------------------------------------------ an action's record -----
alter table public.pages_actions
  add column warnings jsonb not null default '[]' check (jsonb_typeof(warnings) = 'array'),
  add column stages jsonb not null default '[]' check (jsonb_typeof(stages) = 'array');
comment on column public.pages_actions.warnings is 'ActionWarning[]: what a run skipped or could not do, beside last_error.';
comment on column public.pages_actions.stages is 'ActionStage[]: time and cost of each stage of the last run.';

-- ------------------------------------------- computed columns stay computed -----
-- Claims, score and structured data are the worker's (the sanitize_version job recomputes them
-- after an end user's write of the HTML); an end user's insert or update cannot set them.
create function private.pages_versions_keep_checks() returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  if citable_worker.is_end_user_request() then
    if tg_op = 'INSERT' then
      new.claims := null; new.score := null; new.score_parts := null; new.structured_data := null; new.scored_at := null;
    else
      new.claims := old.claims; new.score := old.score; new.score_parts := old.score_parts;
      new.structured_data := old.structured_data; new.scored_at := old.scored_at;
    end if;
  end if;
  return new;
end
$$;
revoke all on function private.pages_versions_keep_checks() from public;
create trigger pages_versions_keep_checks before insert or update on public.pages_versions
  for each row execute function private.pages_versions_keep_checks();

-- A client's direct write cannot set it; the versions trigger below (nested, depth > 1) can.
create function private.pages_keep_content_score() returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  if citable_worker.is_end_user_request() and pg_trigger_depth() = 1 then
    new.content_score := case when tg_op = 'INSERT' then null else old.content_score end;
  end if;
  return new;
end
$$;
revoke all on function private.pages_keep_content_score() from public;
create trigger pages_keep_content_score before insert or update of content_score on public.pages
  for each row execute function private.pages_keep_content_score();

-- pages.content_score: the score of the page's latest version, after any change of a version's
-- score or the page's set of versions.
create function private.pages_versions_content_score() returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  target bigint := case when tg_op = 'DELETE' then old.page else new.page end;
  latest smallint;
begin
  select v.score into latest from public.pages_versions v
   where v.page = target order by v.created_date desc, v.id desc limit 1;
  update public.pages p set content_score = latest
   where p.id = target and p.content_score is distinct from latest;
  return null;
end
$$;
revoke all on function private.pages_versions_content_score() from public;
create trigger pages_versions_content_score
  after insert or delete or update of score on public.pages_versions
  for each row execute function private.pages_versions_content_score();
