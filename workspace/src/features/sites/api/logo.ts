/** Site logos in storage bucket seo1 (docs/data-model.md#calls Storage, §5 logo upload). */
import { loadSupabase } from '@citable/shared';
import { DataError, toDataError } from '@citable/shared/data';
import { logoObjectPath, logoPath } from '../utils/siteForm';

const BUCKET = 'seo1';

function randomName(): string {
  return typeof crypto !== 'undefined' && 'randomUUID' in crypto
    ? crypto.randomUUID()
    : `${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 10)}`;
}

/** Uploads a logo at logos/{random}.{ext} and returns its object path and public URL. */
export async function uploadLogo(file: File): Promise<{ path: string; publicUrl: string }> {
  const supabase = await loadSupabase();
  const { data: session } = await supabase.auth.getSession();
  if (!session.session) throw new DataError('unauthorized', 'Authentication required to upload files.');
  const path = logoPath(file, randomName());
  const { error } = await supabase.storage
    .from(BUCKET)
    .upload(path, file, { cacheControl: '3600', upsert: true, contentType: file.type });
  if (error) throw toDataError(error);
  const { data } = supabase.storage.from(BUCKET).getPublicUrl(path);
  return { path, publicUrl: data.publicUrl };
}

/** Removes a logo by its object path or public URL; a logo that is not ours (or gone) is ignored. */
export async function removeLogo(pathOrUrl: string | null | undefined): Promise<void> {
  const path = pathOrUrl?.startsWith('logos/') ? pathOrUrl : logoObjectPath(pathOrUrl);
  if (!path) return;
  try {
    const supabase = await loadSupabase();
    const { error } = await supabase.storage.from(BUCKET).remove([path]);
    if (error) console.warn('[sites] could not remove logo', path, error);
  } catch (error) {
    console.warn('[sites] could not remove logo', path, error);
  }
}
