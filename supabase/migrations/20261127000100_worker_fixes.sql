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
