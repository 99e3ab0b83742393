/** Pure rules of the images screen (docs/product-rules.md#screens "Images", §3 cover-image info_json, §5, §7 Storage, §9). */

export const BUCKET = 'page-images';
/** the bucket's file_size_limit (supabase/migrations/20261121000400_storage.sql) */
export const MAX_IMAGE_BYTES = 10 * 1024 * 1024;
export const IMAGES_MIN = 1;
export const IMAGES_MAX = 10;

/** §5: numberOfImages an integer 1 to 10, default 1, 1 when not numeric (out of range: the nearest bound). */
export function parseImagesCount(value: unknown): number {
  const n = typeof value === 'number' ? value : typeof value === 'string' && value.trim() !== '' ? Number(value) : NaN;
  if (!Number.isFinite(n)) return IMAGES_MIN;
  return Math.min(IMAGES_MAX, Math.max(IMAGES_MIN, Math.trunc(n)));
}

/** §5: only files whose type starts with image/. */
export const isImageFile = (file: { type: string }) => file.type.startsWith('image/');

const EXTENSIONS: Record<string, string> = {
  'image/jpeg': 'jpg',
  'image/png': 'png',
  'image/gif': 'gif',
  'image/webp': 'webp',
  'image/avif': 'avif',
  'image/svg+xml': 'svg',
};

/** The file's extension: from its type, else its name, else 'img'. */
export function extensionOf(file: { type: string; name: string }): string {
  return EXTENSIONS[file.type] ?? (/\.([a-z0-9]{1,5})$/i.exec(file.name)?.[1] ?? 'img').toLowerCase();
}

/** §7: {pageId}/{timestamp}-{random}.{ext} */
export function imageObjectPath(pageId: number, file: { type: string; name: string }, timestamp: number, random: string): string {
  return `${pageId}/${timestamp}-${random}.${extensionOf(file)}`;
}

/**
 * The storage's answer to an upload at a path that already holds an object: this API answers
 * 409 Duplicate, hosted Supabase 400 with statusCode '409' or code ResourceAlreadyExists.
 * For an example upload the path is its own (chosen when the file was picked), so the object
 * there is this file, stored by an earlier attempt whose answer was lost.
 */
export function isAlreadyStored(error: unknown): boolean {
  if (!error || typeof error !== 'object') return false;
  const e = error as { status?: unknown; statusCode?: unknown; code?: unknown; error?: unknown; message?: unknown };
  return (
    e.status === 409 ||
    String(e.statusCode) === '409' ||
    e.code === 'ResourceAlreadyExists' ||
    e.error === 'Duplicate' ||
    (typeof e.message === 'string' && /already exists/i.test(e.message))
  );
}

/** A clear refusal by the server (4xx: nothing was written), as opposed to no answer (network, status 0) or a 5xx. */
export const isRefusal = (status: number | undefined) => status !== undefined && status >= 400 && status < 500;

/**
 * How a page-images object is stored in pages_versions_images.image_url (issue 32): its relative
 * public path, as the worker stores propositions — never the backend's absolute URL, which a moved
 * backend would break (supabase/migrations/20261201005000_page_image_relative_urls.sql).
 */
export const storedImageUrl = (objectPath: string) => `/storage/v1/object/public/${BUCKET}/${objectPath}`;

/** The object path inside page-images of a public URL (absolute or /storage/v1/… relative), or null. */
export function objectPathOf(url: string | null | undefined): string | null {
  if (!url) return null;
  const match = /\/storage\/v1\/object\/public\/page-images\/([^?#]+)/.exec(url);
  if (!match) return null;
  try {
    return decodeURIComponent(match[1]);
  } catch {
    return null;
  }
}

/** The stored object a deleted row of this page may take with it: only files in the page's own folder. */
export function ownedObjectPath(pageId: number, url: string | null | undefined): string | null {
  const path = objectPathOf(url);
  return path && path.startsWith(`${pageId}/`) && !path.includes('..') ? path : null;
}

/**
 * A URL the browser can load: a stored path (/storage/v1/…) is read from the backend of the runtime
 * config; an absolute URL (rows from before 20261201005000, external images) as it is.
 */
export function resolveImageUrl(url: string, backendUrl: string): string {
  return url.startsWith('/') && !url.startsWith('//') ? `${backendUrl.replace(/\/+$/, '')}${url}` : url;
}

/**
 * Why an example upload failed, and whether sending the same file again can ever work: a file the
 * storage refuses for its content (not an image, whatever its name says) or its size fails the same
 * way every time, so it is not offered a retry — only removal (issue 32).
 */
export type UploadFailure = 'badContent' | 'tooLarge' | 'other';

export function uploadFailureKind(error: { code?: string; status?: number; message?: string }): UploadFailure {
  const message = error.message ?? '';
  if (error.code === 'InvalidMimeType' || /mime type|does not match the allowed types/i.test(message)) return 'badContent';
  if (error.status === 413 || /maximum allowed size|too large/i.test(message)) return 'tooLarge';
  return 'other';
}

export const canRetryUpload = (failure: UploadFailure) => failure === 'other';

/** §3: the info_json of a create_cover_image action. */
export function coverImageInfo(input: {
  pageName: string;
  numberOfImages: unknown;
  comments: string;
  useInitialPhoto: boolean;
  exampleId: number | null;
}) {
  const comments = input.comments.trim();
  return {
    generate_prompt: comments ? `${input.pageName} — ${comments}` : input.pageName,
    comments,
    use_initial_photo: input.useInitialPhoto,
    image_example_id: input.useInitialPhoto ? input.exampleId : null,
    number_of_images: parseImagesCount(input.numberOfImages),
  };
}

/** §4: picking an example toggles it (a second click unselects). */
export const toggleExample = (current: number | null, picked: number) => (current === picked ? null : picked);
