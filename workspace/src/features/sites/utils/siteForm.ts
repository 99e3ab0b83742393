/**
 * Pure rules of the site form (docs/data-model.md#tables Site, §5 validation rules, §9 constants), kept apart
 * from the components so that they can be tested alone.
 */
import { normalizeWebUrl, type Site, type SiteInsert } from '@citable/shared';

export const LOGO_MAX_BYTES = 5 * 1024 * 1024;
export const LOGO_MIME_TYPES = ['image/jpeg', 'image/png', 'image/gif', 'image/webp'] as const;
export const LOGO_EXTENSIONS: Record<(typeof LOGO_MIME_TYPES)[number], string> = {
  'image/jpeg': 'jpg',
  'image/png': 'png',
  'image/gif': 'gif',
  'image/webp': 'webp',
};
export const SERPS_MIN = 1;
export const SERPS_MAX = 100;
export const SITE_STATUSES = ['draft', 'publish', 'private'] as const;
export type SiteStatus = (typeof SITE_STATUSES)[number];

export const SITE_DEFAULTS = {
  serps_nb_results: 10,
  serps_img_nb_results: 10,
  cover_image_width: 1200,
  cover_image_height: 630,
  nb_images_to_create: 1,
  default_status: 'draft' as SiteStatus,
  default_type_page_post: 'post',
};

/** The form's values: selects hold ids as strings ('' = none), numbers may be typed as text. */
export interface SiteFormValues {
  url: string;
  name: string;
  country: string;
  language: string;
  tone_articles_group: string;
  force_defined_language_for_serps: boolean;
  serps_nb_results: number | string;
  serps_img_nb_results: number | string;
  familiar_terms: boolean;
  address_the_reader_with_i: boolean;
  accepted_topics: string;
  additional_guidelines: string;
  to_scrape: string;
  cover_image_width: number | string;
  cover_image_height: number | string;
  nb_images_to_create: number | string;
  default_type_page_post: string;
  default_status: SiteStatus;
  auto_publish_image: boolean;
  /** the site's client: who receives the review links ("Send to client", docs/operator-desk.md) */
  client_name: string;
  client_email: string;
}

export function emptySiteForm(): SiteFormValues {
  return {
    url: '',
    name: '',
    country: '',
    language: '',
    tone_articles_group: '',
    force_defined_language_for_serps: false,
    serps_nb_results: SITE_DEFAULTS.serps_nb_results,
    serps_img_nb_results: SITE_DEFAULTS.serps_img_nb_results,
    familiar_terms: false,
    address_the_reader_with_i: false,
    accepted_topics: '',
    additional_guidelines: '',
    to_scrape: '',
    cover_image_width: SITE_DEFAULTS.cover_image_width,
    cover_image_height: SITE_DEFAULTS.cover_image_height,
    nb_images_to_create: SITE_DEFAULTS.nb_images_to_create,
    default_type_page_post: SITE_DEFAULTS.default_type_page_post,
    default_status: SITE_DEFAULTS.default_status,
    auto_publish_image: false,
    client_name: '',
    client_email: '',
  };
}

const idText = (id: number | null | undefined) => (id === null || id === undefined ? '' : String(id));

export function siteToForm(site: Site): SiteFormValues {
  return {
    url: site.url,
    name: site.name,
    country: idText(site.country),
    language: idText(site.language),
    tone_articles_group: idText(site.tone_articles_group),
    force_defined_language_for_serps: site.force_defined_language_for_serps,
    serps_nb_results: site.serps_nb_results,
    serps_img_nb_results: site.serps_img_nb_results,
    familiar_terms: site.familiar_terms,
    address_the_reader_with_i: site.address_the_reader_with_i,
    accepted_topics: site.accepted_topics ?? '',
    additional_guidelines: site.additional_guidelines ?? '',
    to_scrape: site.to_scrape ?? '',
    cover_image_width: site.cover_image_width,
    cover_image_height: site.cover_image_height,
    nb_images_to_create: site.nb_images_to_create,
    default_type_page_post: site.default_type_page_post ?? '',
    default_status: (SITE_STATUSES as readonly string[]).includes(site.default_status)
      ? (site.default_status as SiteStatus)
      : SITE_DEFAULTS.default_status,
    auto_publish_image: site.auto_publish_image,
    client_name: site.client_name ?? '',
    client_email: site.client_email ?? '',
  };
}

/** The site name a URL gives: without http(s):// and www. (spec §3, §5). */
export function nameFromUrl(url: string): string {
  return url.trim().replace(/^https?:\/\//i, '').replace(/^www\./i, '');
}

/**
 * The site's address as stored, by the one normaliser of @citable/shared (the page form's too):
 * "WWW.Boulangerie-Martin.fr/" is "https://www.boulangerie-martin.fr"; null when it is no web address.
 */
export function normalizeSiteUrl(value: string): string | null {
  const url = normalizeWebUrl(value);
  return url.ok ? url.url : null;
}

/** The form's message key for the URL, or null when it is a web address. */
export function siteUrlError(value: string): 'urlRequired' | 'urlNotWeb' | 'urlInvalid' | 'urlTooLong' | null {
  const url = normalizeWebUrl(value);
  if (url.ok) return null;
  return ({ empty: 'urlRequired', scheme: 'urlNotWeb', invalid: 'urlInvalid', tooLong: 'urlTooLong' } as const)[url.problem];
}

/** A URL the form accepts (see normalizeSiteUrl). */
export const isValidSiteUrl = (value: string): boolean => normalizeSiteUrl(value) !== null;

export const CLIENT_NAME_MAX = 200;
export { isValidEmail } from '../../../utils/email';

/** Numeric inputs fall back to 0 when not numeric (spec §5); integers only. */
export function toNumber(value: number | string | null | undefined): number {
  const n = typeof value === 'number' ? value : Number(String(value ?? '').trim().replace(',', '.'));
  return Number.isFinite(n) && String(value ?? '').trim() !== '' ? Math.trunc(n) : 0;
}

export function clamp(value: number, min: number, max: number): number {
  return Math.min(max, Math.max(min, value));
}

/** '' → null, '12' → 12 (empty country, language or tone group is stored as null). */
export function toId(value: string): number | null {
  if (value === '' || value === 'none') return null;
  const n = Number(value);
  return Number.isInteger(n) && n > 0 ? n : null;
}

const textOrNull = (value: string) => (value.trim() === '' ? null : value);

/** The row to insert or update from the form's values (without image_logo and linked_user). */
export function formToPayload(values: SiteFormValues): Omit<SiteInsert, 'image_logo' | 'linked_user'> {
  const url = normalizeSiteUrl(values.url) ?? values.url.trim();
  return {
    url,
    name: values.name.trim() === '' ? nameFromUrl(url) : values.name.trim(),
    country: toId(values.country),
    language: toId(values.country) === null ? null : toId(values.language),
    tone_articles_group: toId(values.tone_articles_group),
    force_defined_language_for_serps: values.force_defined_language_for_serps,
    serps_nb_results: clamp(toNumber(values.serps_nb_results), SERPS_MIN, SERPS_MAX),
    serps_img_nb_results: clamp(toNumber(values.serps_img_nb_results), SERPS_MIN, SERPS_MAX),
    familiar_terms: values.familiar_terms,
    address_the_reader_with_i: values.address_the_reader_with_i,
    accepted_topics: textOrNull(values.accepted_topics),
    additional_guidelines: textOrNull(values.additional_guidelines),
    to_scrape: textOrNull(values.to_scrape),
    cover_image_width: Math.max(1, toNumber(values.cover_image_width) || SITE_DEFAULTS.cover_image_width),
    cover_image_height: Math.max(1, toNumber(values.cover_image_height) || SITE_DEFAULTS.cover_image_height),
    nb_images_to_create: Math.max(0, toNumber(values.nb_images_to_create)),
    default_type_page_post: textOrNull(values.default_type_page_post),
    default_status: values.default_status,
    auto_publish_image: values.auto_publish_image,
    client_name: values.client_name.trim() === '' ? null : values.client_name.trim(),
    client_email: values.client_email.trim() === '' ? null : values.client_email.trim(),
  };
}

/** After choosing a country: the language is cleared (spec §5). */
export function withCountry(values: SiteFormValues, country: string | null): SiteFormValues {
  return { ...values, country: country ?? '', language: '' };
}

/** How the language is offered: none to choose, one shown as fixed, or several as radio buttons. */
export function languageChoice<T extends { id: number }>(languages: readonly T[]):
  | { kind: 'none' }
  | { kind: 'fixed'; language: T }
  | { kind: 'radio'; languages: readonly T[] } {
  if (languages.length === 0) return { kind: 'none' };
  if (languages.length === 1) return { kind: 'fixed', language: languages[0] };
  return { kind: 'radio', languages };
}

/** Why a logo file is refused in the browser, or null (spec §5: type first, then size). */
export type LogoProblem = 'format' | 'size';
export function logoProblem(file: { type: string; size: number }): LogoProblem | null {
  if (!(LOGO_MIME_TYPES as readonly string[]).includes(file.type)) return 'format';
  if (file.size > LOGO_MAX_BYTES) return 'size';
  return null;
}

/** The storage path of a new logo: logos/{random}.{ext} (spec §7 Storage). */
export function logoPath(file: { type: string; name: string }, random: string): string {
  const ext =
    LOGO_EXTENSIONS[file.type as keyof typeof LOGO_EXTENSIONS] ??
    (/\.([a-z0-9]+)$/i.exec(file.name)?.[1] ?? 'png').toLowerCase();
  return `logos/${random}.${ext}`;
}

/** The object path inside bucket seo1 of a public URL we stored, or null when it is not one. */
export function logoObjectPath(publicUrl: string | null | undefined): string | null {
  if (!publicUrl) return null;
  const match = /\/storage\/v1\/object\/public\/seo1\/(logos\/[^?#]+)/.exec(publicUrl);
  return match ? decodeURIComponent(match[1]) : null;
}

/** The image type the first bytes of a file say (magic numbers), or null for anything else. */
export function sniffImageType(bytes: Uint8Array): (typeof LOGO_MIME_TYPES)[number] | null {
  const at = (i: number, ...values: number[]) => values.every((v, k) => bytes[i + k] === v);
  if (at(0, 0xff, 0xd8, 0xff)) return 'image/jpeg';
  if (at(0, 0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a)) return 'image/png';
  if (at(0, 0x47, 0x49, 0x46, 0x38)) return 'image/gif';
  if (at(0, 0x52, 0x49, 0x46, 0x46) && at(8, 0x57, 0x45, 0x42, 0x50)) return 'image/webp';
  return null;
}

/** What a refused upload means for the user: the spec's format, size or session message, or other. */
export function uploadProblem(error: { kind?: string; code?: string; status?: number; message?: string }):
  | LogoProblem
  | 'auth'
  | 'other' {
  const message = error.message ?? '';
  if (error.kind === 'unauthorized' || /authentication required/i.test(message)) return 'auth';
  if (error.code === 'InvalidMimeType' || /mime type|does not match the allowed types/i.test(message)) return 'format';
  if (error.status === 413 || /maximum allowed size|too large/i.test(message)) return 'size';
  return 'other';
}

/** An image URL the browser can load: a stored path (/storage/v1/…) is read from the backend. */
export function logoSrc(url: string | null | undefined, backendUrl: string): string | undefined {
  if (!url) return undefined;
  return url.startsWith('/') ? `${backendUrl.replace(/\/+$/, '')}${url}` : url;
}

/**
 * A country or language name in the reader's language, from its ISO code (Intl.DisplayNames), with the
 * table's (English) name when there is no code or the browser has no name for it.
 */
export function localizedName(kind: 'region' | 'language', code: string | null | undefined, fallback: string, lng: string): string {
  if (!code) return fallback;
  try {
    const name = new Intl.DisplayNames([lng], { type: kind }).of(kind === 'region' ? code.toUpperCase() : code.toLowerCase());
    if (!name || name.toLowerCase() === code.toLowerCase()) return fallback;
    // French language names are lower case ("français"): a label starts with a capital
    return name.charAt(0).toLocaleUpperCase(lng) + name.slice(1);
  } catch {
    return fallback;
  }
}
