-- Production lookup data: page statuses, action kinds, countries and languages, LLMs.

insert into public.statuses (id, name) values
  (1, 'Published'),
  (2, 'Draft'),
  (3, 'In Review')
on conflict (id) do update set name = excluded.name;
select setval(pg_get_serial_sequence('public.statuses', 'id'), (select max(id) from public.statuses));

insert into public.actions (id, name) values
  (1, 'create_article'),
  (2, 'modify_articles_with_instructions'),
  (3, 'serps'),
  (4, 'llm_answers'),
  (5, 'contact_form'),
  (6, 'create_cover_image')
on conflict (id) do update set name = excluded.name;
select setval(pg_get_serial_sequence('public.actions', 'id'), (select max(id) from public.actions));

insert into public.location_countries (id, country_name, country_code) values
  (1, 'France', 'FR'),
  (2, 'Belgium', 'BE'),
  (3, 'Switzerland', 'CH'),
  (4, 'Canada', 'CA'),
  (5, 'United States', 'US'),
  (6, 'United Kingdom', 'GB'),
  (7, 'Germany', 'DE'),
  (8, 'Spain', 'ES'),
  (9, 'Italy', 'IT'),
  (10, 'Luxembourg', 'LU'),
  (11, 'Netherlands', 'NL'),
  (12, 'Portugal', 'PT'),
  (13, 'Austria', 'AT'),
  (14, 'Ireland', 'IE'),
  (15, 'Morocco', 'MA'),
  (16, 'Australia', 'AU')
on conflict (id) do nothing;
select setval(pg_get_serial_sequence('public.location_countries', 'id'), (select max(id) from public.location_countries));

insert into public.location_languages (id, language_name, language_code, linked_country) values
  (1, 'French', 'fr', 1),
  (2, 'French', 'fr', 2),
  (3, 'Dutch', 'nl', 2),
  (4, 'German', 'de', 2),
  (5, 'French', 'fr', 3),
  (6, 'German', 'de', 3),
  (7, 'Italian', 'it', 3),
  (8, 'French', 'fr', 4),
  (9, 'English', 'en', 4),
  (10, 'English', 'en', 5),
  (11, 'Spanish', 'es', 5),
  (12, 'English', 'en', 6),
  (13, 'German', 'de', 7),
  (14, 'Spanish', 'es', 8),
  (15, 'Italian', 'it', 9),
  (16, 'French', 'fr', 10),
  (17, 'German', 'de', 10),
  (18, 'Luxembourgish', 'lb', 10),
  (19, 'Dutch', 'nl', 11),
  (20, 'Portuguese', 'pt', 12),
  (21, 'German', 'de', 13),
  (22, 'English', 'en', 14),
  (23, 'French', 'fr', 15),
  (24, 'Arabic', 'ar', 15),
  (25, 'English', 'en', 16)
on conflict (id) do nothing;
select setval(pg_get_serial_sequence('public.location_languages', 'id'), (select max(id) from public.location_languages));

insert into public.llms (id, name, name_openrouter) values
  (1, 'GPT-4o', 'openai/gpt-4o'),
  (2, 'GPT-4o mini', 'openai/gpt-4o-mini'),
  (3, 'Claude 3.5 Sonnet', 'anthropic/claude-3.5-sonnet'),
  (4, 'Gemini 1.5 Pro', 'google/gemini-pro-1.5'),
  (5, 'Perplexity Sonar', 'perplexity/sonar'),
  (6, 'Mistral Large', 'mistralai/mistral-large'),
  (7, 'Llama 3.1 70B Instruct', 'meta-llama/llama-3.1-70b-instruct')
on conflict (id) do nothing;
select setval(pg_get_serial_sequence('public.llms', 'id'), (select max(id) from public.llms));
