-- Example images are uploaded files in our storage (issue 27.4).
--
-- The worker used to fetch an example row's image_url as it stood: a row pointing at
-- http://127.0.0.1:…/, 169.254.169.254 or the local mailbox made it fetch internal services and
-- send what they answered on to the image provider. It now reads the example from the page-images
-- bucket through the storage API, never from the URL (backend/src/worker/actions/cover-image.js),
-- and a new example row must name one of our storage objects:
--
--   [http(s)://host]/storage/v1/object/public/page-images/<folder>/<name>
--
-- <folder> the row's page (where the workspace uploads its examples: {pageId}/{timestamp}-{random}.{ext},
-- stored as the absolute public URL supabase-js getPublicUrl gives) or seed (the demo data's shared
-- files); <name> one plain file name (letters, digits, '.', '_', '-', not starting with '.'). The host
-- is whatever backend URL the uploading app used: it is never contacted, the worker reads the object
-- from its own SUPABASE_URL.
--
-- NOT VALID: rows already in a deployed database are not checked (nor deleted: they are the users'
-- rows, and deleting them would also remove objects through the storage-cleanup trigger); every new
-- or updated row is. The worker applies the same rule when it reads an example, so an old row
-- that breaks it fails its cover-image action with a clear message and nothing is fetched.

alter table public.pages_versions_images
  add constraint pages_versions_images_example_in_storage check (
    type <> 'example'
    or image_url ~ ('^(https?://[^/?#[:space:]]+)?/storage/v1/object/public/page-images/(' || linked_page::text
                    || '|seed)/[A-Za-z0-9][A-Za-z0-9._-]*$')
  ) not valid;
