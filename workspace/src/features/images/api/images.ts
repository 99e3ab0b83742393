/** Page images (docs/data-model.md#calls pages_versions_images and Storage page-images; §4 selection; §8 image messages). */
import { useMutation, useQuery } from '@tanstack/react-query';
import { getRuntimeConfig, loadSupabase, type PageImage } from '@citable/shared';
import { DataError, request, toDataError } from '@citable/shared/data';
import { queryKeys } from '@citable/shared/query';
import { BUCKET, coverImageInfo, imageObjectPath, isAlreadyStored, isRefusal, ownedObjectPath, resolveImageUrl, storedImageUrl } from '../utils/images';

export type ImageRow = Pick<PageImage, 'id' | 'linked_page' | 'image_url' | 'type' | 'chosen' | 'created_at'>;
export type ImageType = PageImage['type'];

export function backendUrl(): string {
  try {
    return getRuntimeConfig().supabaseUrl;
  } catch {
    return '';
  }
}

export const imageSrc = (url: string) => resolveImageUrl(url, backendUrl());

export const getImages = (pageId: number, type: ImageType) =>
  request((db) =>
    db
      .from('pages_versions_images')
      .select('id, linked_page, image_url, type, chosen, created_at')
      .eq('linked_page', pageId)
      .eq('type', type)
      .order('created_at', { ascending: false })
      .order('id', { ascending: false }),
  ) as Promise<ImageRow[]>;

export function useImages(pageId: number, type: ImageType) {
  return useQuery({ queryKey: queryKeys.images.list(pageId, type), queryFn: () => getImages(pageId, type) });
}

/** §4: exactly one chosen proposition, in one transaction on the server (choose_page_image). */
export function useChooseImage(pageId: number) {
  return useMutation({
    mutationFn: (imageId: number) => request((db) => db.rpc('choose_page_image', { p_page_id: pageId, p_image_id: imageId })),
    meta: { invalidates: [queryKeys.images.lists(pageId)] },
  });
}

/**
 * Deletes the row, then its stored object when it lives in the page's own folder (the seed's shared
 * files and external URLs are left alone). The server removes that object too (the row's delete
 * trigger queues a storage_cleanup job for the worker), so this is only the fast path: an object
 * the worker already removed is no error, and a failed removal is logged — the worker still does it.
 */
export async function deleteImage(pageId: number, imageId: number): Promise<ImageRow> {
  const rows = (await request((db) =>
    db.from('pages_versions_images').delete().eq('id', imageId).eq('linked_page', pageId).select('id, linked_page, image_url, type, chosen, created_at'),
  )) as ImageRow[];
  if (rows.length === 0) throw new DataError('not_found', 'Image not found');
  const path = ownedObjectPath(pageId, rows[0].image_url);
  if (path) {
    try {
      const supabase = await loadSupabase();
      const { error } = await supabase.storage.from(BUCKET).remove([path]);
      if (error) console.warn('[images] could not remove the stored object', path, error);
    } catch (error) {
      console.warn('[images] could not remove the stored object', path, error);
    }
  }
  return rows[0];
}

export function useDeleteImage(pageId: number) {
  return useMutation({
    mutationFn: (imageId: number) => deleteImage(pageId, imageId),
    meta: { invalidates: [queryKeys.images.lists(pageId)] },
  });
}

export interface GenerateRequest {
  pageName: string;
  numberOfImages: unknown;
  comments: string;
  useInitialPhoto: boolean;
  exampleId: number | null;
}

/** Queues a create_cover_image action with the info_json of §3. */
export async function requestImageGeneration(pageId: number, input: GenerateRequest): Promise<number> {
  const action = await request((db) => db.from('actions').select('id').eq('name', 'create_cover_image').maybeSingle());
  if (!action) throw new DataError('not_found', 'Action "create_cover_image" not found');
  const row = await request((db) =>
    db
      .from('pages_actions')
      .insert({ linked_page: pageId, linked_action: action.id, linked_pages_version: null, info_json: coverImageInfo(input), queued: true })
      .select('id')
      .single(),
  );
  return row.id;
}

export function useRequestImageGeneration(pageId: number) {
  return useMutation({
    mutationFn: (input: GenerateRequest) => requestImageGeneration(pageId, input),
    meta: { invalidates: [queryKeys.pageActions.lists(pageId)] },
  });
}

function randomPart(): string {
  return typeof crypto !== 'undefined' && 'randomUUID' in crypto
    ? crypto.randomUUID().slice(0, 12)
    : Math.random().toString(36).slice(2, 14);
}

/** The storage path of a picked file, {pageId}/{timestamp}-{random}.{ext}: chosen once, reused by every retry. */
export const newExamplePath = (pageId: number, file: File) => imageObjectPath(pageId, file, Date.now(), randomPart());

const IMAGE_COLUMNS = 'id, linked_page, image_url, type, chosen, created_at';

/**
 * Uploads one example image at its path (newExamplePath, fixed when the file was picked), then
 * its row, with the object's relative path (storedImageUrl). Safe to call again for the same file and path after any failure, the answer of any
 * step lost on the way back included: an object already at the path is this file (not sent
 * twice), and the row is inserted with ON CONFLICT DO NOTHING on (linked_page, type, image_url)
 * (not written twice; the existing row is read back). The object is removed again only when the
 * database clearly refused the row (a 4xx): after a network error or a 5xx the row may exist,
 * and the next attempt finds it.
 */
export async function uploadExample(pageId: number, file: File, path: string): Promise<ImageRow> {
  const supabase = await loadSupabase().catch((error: unknown) => {
    throw toDataError(error);
  });
  const { data: session } = await supabase.auth.getSession();
  if (!session.session) throw new DataError('unauthorized', 'User not authenticated');
  let uploaded;
  try {
    uploaded = await supabase.storage.from(BUCKET).upload(path, file, { cacheControl: '3600', upsert: false, contentType: file.type });
  } catch (error) {
    throw toDataError(error);
  }
  if (uploaded.error && !isAlreadyStored(uploaded.error)) throw toDataError(uploaded.error);
  const imageUrl = storedImageUrl(path);
  let inserted: ImageRow[];
  try {
    inserted = (await request((db) =>
      db
        .from('pages_versions_images')
        .upsert(
          { linked_page: pageId, image_url: imageUrl, type: 'example', linked_pages_version: null },
          { onConflict: 'linked_page,type,image_url', ignoreDuplicates: true },
        )
        .select(IMAGE_COLUMNS),
    )) as ImageRow[];
  } catch (error) {
    if (isRefusal(toDataError(error).status)) {
      await supabase.storage
        .from(BUCKET)
        .remove([path])
        .catch(() => undefined);
    }
    throw error;
  }
  if (inserted[0]) return inserted[0];
  // already there: an earlier attempt wrote it and its answer was lost
  return (await request((db) =>
    db.from('pages_versions_images').select(IMAGE_COLUMNS).eq('linked_page', pageId).eq('type', 'example').eq('image_url', imageUrl).single(),
  )) as ImageRow;
}

/**
 * A failed file the user takes out of the list: its object may be stored already (its row was not
 * written, or its answer was lost). The object is removed only when no row shows it; a row that
 * was written after all stays (and shows in the grid). Best effort: nothing is thrown.
 */
export async function discardExample(pageId: number, path: string): Promise<'removed' | 'kept'> {
  try {
    const supabase = await loadSupabase();
    const imageUrl = storedImageUrl(path);
    const rows = await request((db) =>
      db.from('pages_versions_images').select('id').eq('linked_page', pageId).eq('type', 'example').eq('image_url', imageUrl).limit(1),
    );
    if (rows.length > 0) return 'kept';
    const { error } = await supabase.storage.from(BUCKET).remove([path]);
    return error ? 'kept' : 'removed';
  } catch {
    return 'kept';
  }
}
