-- French search and sort of the lists (issue 32, docs/data-model.md "pages", "sites").
--
-- 1. public.search_fold(text): the text a search compares, lower-cased, without accents
--    (NFD then the combining marks dropped: "Éclair" -> "eclair"), the typographic apostrophes
--    folded to the typed one ("d’épices" -> "d'epices"), the no-break spaces of French
--    typography to a space, œ and æ spelt out. Built from
--    core functions only (normalize is immutable with a UTF8 database): no unaccent extension,
--    so a generated column may use it. The page list folds the typed search the same way
--    (workspace/src/features/pages/utils/listParams.ts, foldSearch) and filters on:
-- 2. pages.name_search: search_fold(name), a stored generated column, so the search stays a
--    PostgREST filter (`name_search.ilike.*…*`) and the paging stays on the server.
-- 3. pages.name and sites.name sort in French order: the ICU collation "fr-x-icu" (present in
--    the embedded server and in Supabase's PostgreSQL): "Éclair" before "Tarte", case and
--    accents second ("eclair" < "Éclair" < "éclat"), instead of the byte order that put every
--    accented or lower-case name after "Z".
-- 4. keywords: the length check of 20261128000400 (1 to 200 characters, trimmed) stays; the
--    form says it before the database does.

create or replace function public.search_fold(p_text text) returns text
language sql immutable strict parallel safe
set search_path = ''
as $$
  select replace(replace(
           translate(
             regexp_replace(normalize(lower(p_text), NFD), '[\u0300-\u036f]', '', 'g'),
             '’‘ʼ`´′' || U&'\00A0\202F', repeat('''', 6) || '  '),
           'œ', 'oe'), 'æ', 'ae')
$$;
comment on function public.search_fold(text) is
  'Search form of a text: lower case, no accents, apostrophes and no-break spaces folded, œ/æ spelt out (issue 32).';
grant execute on function public.search_fold(text) to anon, authenticated, service_role;

alter table public.pages alter column name type text collate "fr-x-icu";
alter table public.sites alter column name type text collate "fr-x-icu";

alter table public.pages
  add column if not exists name_search text generated always as (public.search_fold(name)) stored;
comment on column public.pages.name_search is
  'search_fold(name): the page list''s accent- and apostrophe-insensitive search (issue 32).';
