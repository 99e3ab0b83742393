-- Page images and their stored objects (issue 16).
--
-- 1. One row per (page, type, image URL). An example upload that is sent again (its answer lost
--    on the way back) inserts with ON CONFLICT DO NOTHING on this index (supabase-js
--    upsert(…, { onConflict: 'linked_page,type,image_url', ignoreDuplicates: true })), so a retry
--    never makes a second row. The index is not partial (examples only) because PostgREST's
--    on_conflict names columns and cannot name a partial index's predicate; propositions get the
--    same rule, which they already follow (each generated image has its own file).
--    Duplicates already there are removed first: the chosen row, else the oldest, stays.

delete from public.pages_versions_images i
 where exists (
   select 1 from public.pages_versions_images k
    where k.linked_page = i.linked_page and k.type = i.type and k.image_url = i.image_url
      and k.id <> i.id
      and (k.chosen and not i.chosen or (k.chosen = i.chosen and k.id < i.id))
 );

create unique index pages_versions_images_page_type_url_key
  on public.pages_versions_images (linked_page, type, image_url);

-- 2. A deleted row takes its stored object with it, on the server: also when the row goes by
--    cascade (its page or its site deleted), and whoever deletes it. AFTER DELETE triggers
--    enqueue a storage_cleanup job for Graphile Worker in the deleting transaction (nothing is
--    enqueued when it rolls back); the worker (backend/src/worker/actions/storage-cleanup.js)
--    removes the object through the storage API with the service role key, once no row refers
--    to it any more. Like the queue's other triggers, they do nothing when the graphile_worker
--    schema is missing (see 20261126000400_worker_queue.sql).
--
--    page-images: only an object in the page's own folder ({pageId}/…): the seed's shared files
--      (seed/…) and external URLs are never touched.
--    seo1 logos (a site deleted, or its logo replaced): only logos/…, and the worker removes it
--      only when its storage owner is the site's owner (the seed's shared placeholder has none).
--
--    storage_cleanup {bucket, path, page | owner}   job key storage_cleanup:<bucket>/<path>

create function citable_worker.enqueue_page_image_cleanup() returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_path text := substring(old.image_url from '/storage/v1/object/public/page-images/([^?#]+)');
begin
  if to_regnamespace('graphile_worker') is null then
    return null;
  end if;
  if v_path is null or split_part(v_path, '/', 1) <> old.linked_page::text then
    return null;
  end if;
  perform graphile_worker.add_job(
    'storage_cleanup',
    json_build_object('bucket', 'page-images', 'path', v_path, 'page', old.linked_page),
    max_attempts := citable_worker.max_attempts(),
    job_key := 'storage_cleanup:page-images/' || v_path
  );
  return null;
end
$$;

create trigger pages_versions_images_storage_cleanup
  after delete on public.pages_versions_images
  for each row execute function citable_worker.enqueue_page_image_cleanup();

create function citable_worker.enqueue_logo_cleanup() returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_path text := substring(old.image_logo from '/storage/v1/object/public/seo1/(logos/[^?#]+)');
begin
  if to_regnamespace('graphile_worker') is null then
    return null;
  end if;
  if v_path is null or old.linked_user is null then
    return null;
  end if;
  if tg_op = 'UPDATE' and new.image_logo is not distinct from old.image_logo then
    return null;
  end if;
  perform graphile_worker.add_job(
    'storage_cleanup',
    json_build_object('bucket', 'seo1', 'path', v_path, 'owner', old.linked_user),
    max_attempts := citable_worker.max_attempts(),
    job_key := 'storage_cleanup:seo1/' || v_path
  );
  return null;
end
$$;

create trigger sites_logo_storage_cleanup
  after delete or update of image_logo on public.sites
  for each row execute function citable_worker.enqueue_logo_cleanup();

revoke all on function citable_worker.enqueue_page_image_cleanup() from public;
revoke all on function citable_worker.enqueue_logo_cleanup() from public;
