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

