-- Storage buckets and their policies.
-- seo1: site logos under logos/ (5 MB, JPG/PNG/GIF/WebP, spec/app.md §5).
-- page-images: page images under {pageId}/ for the owner of that page's site.
-- Both are public: anybody can read a file by its public URL.

insert into storage.buckets (id, name, public, file_size_limit, allowed_mime_types) values
  ('seo1', 'seo1', true, 5242880, array['image/jpeg', 'image/png', 'image/gif', 'image/webp']),
  ('page-images', 'page-images', true, 10485760, array['image/jpeg', 'image/png', 'image/gif', 'image/webp', 'image/avif'])
on conflict (id) do update set
  public = excluded.public,
  file_size_limit = excluded.file_size_limit,
  allowed_mime_types = excluded.allowed_mime_types;

create policy "Citable: public read of seo1 and page-images" on storage.objects
  for select to anon, authenticated
  using (bucket_id in ('seo1', 'page-images'));

create policy "Citable: signed-in users upload logos" on storage.objects
  for insert to authenticated
  with check (bucket_id = 'seo1' and (storage.foldername(name))[1] = 'logos'
              and (owner is null or owner = (select auth.uid())));
create policy "Citable: owners replace their logos" on storage.objects
  for update to authenticated
  using (bucket_id = 'seo1' and (storage.foldername(name))[1] = 'logos' and owner = (select auth.uid()))
  with check (bucket_id = 'seo1' and (storage.foldername(name))[1] = 'logos' and owner = (select auth.uid()));
create policy "Citable: owners delete their logos" on storage.objects
  for delete to authenticated
  using (bucket_id = 'seo1' and (storage.foldername(name))[1] = 'logos' and owner = (select auth.uid()));

create policy "Citable: page owners upload page images" on storage.objects
  for insert to authenticated
  with check (bucket_id = 'page-images' and private.owns_page_folder((storage.foldername(name))[1]));
create policy "Citable: page owners update page images" on storage.objects
  for update to authenticated
  using (bucket_id = 'page-images' and private.owns_page_folder((storage.foldername(name))[1]))
  with check (bucket_id = 'page-images' and private.owns_page_folder((storage.foldername(name))[1]));
create policy "Citable: page owners delete page images" on storage.objects
  for delete to authenticated
  using (bucket_id = 'page-images' and private.owns_page_folder((storage.foldername(name))[1]));
