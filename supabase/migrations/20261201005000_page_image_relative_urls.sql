-- Page images stored one way (issue 32): every pages_versions_images.image_url of a page-images
-- object is its relative storage path, /storage/v1/object/public/page-images/{pageId}/{file}, as the
-- worker has always stored propositions. Examples were stored with the backend's absolute URL
-- (https://<project>/storage/v1/…): a moved backend (another host, a restored copy) broke them, and
-- one file could be stored as two rows. The apps resolve the relative path against the backend of
-- their runtime config (workspace/src/features/images/utils/images.ts resolveImageUrl) and still
-- read an absolute URL; the worker and the storage cleanup read only the path (both forms).
--
-- 1. A row whose relative twin already exists (same page, type and object) goes: the unique index
--    (linked_page, type, image_url) admits only one of them. The chosen one stays, else the
--    relative one. No stored object is removed: the storage cleanup its delete queues removes an
--    object only once no row refers to its path, and the twin does.
-- 2. Every other absolute page-images URL becomes its path (query and fragment dropped), but an old
--    example the storage rule of 20261128000200 refuses (another page's folder, an odd file name).
-- External URLs (another bucket, another site) are left as they are.

with keyed as (
  select id,
         chosen,
         image_url ~ '^https?://' as absolute,
         -- what the row's image_url is once this migration has run
         case when image_url ~ '^https?://'
              then substring(image_url from '^https?://[^/?#]+(/storage/v1/object/public/page-images/[^?#]+)')
              else image_url end as stored,
         linked_page,
         type
    from public.pages_versions_images
   where image_url ~ '^(https?://[^/?#]+)?/storage/v1/object/public/page-images/[^?#]+'
), ranked as (
  select id, row_number() over (partition by linked_page, type, stored order by chosen desc, absolute, id) as n
    from keyed
)
delete from public.pages_versions_images
 where id in (select id from ranked where n > 1);

update public.pages_versions_images
   set image_url = substring(image_url from '^https?://[^/?#]+(/storage/v1/object/public/page-images/[^?#]+)')
 where image_url ~ '^https?://[^/?#]+/storage/v1/object/public/page-images/[^?#]+'
   -- an old example that breaks pages_versions_images_example_in_storage (NOT VALID: rows from before
   -- it are not checked, updated ones are) stays as it is: the worker refuses it all the same
   and (type <> 'example'
        or substring(image_url from '^https?://[^/?#]+(/storage/v1/object/public/page-images/[^?#]+)')
           ~ ('^/storage/v1/object/public/page-images/(' || linked_page::text || '|seed)/[A-Za-z0-9][A-Za-z0-9._-]*$'));
