/**
 * Saving the site form: upload the new logo (if any), insert or update the row, and keep storage
 * clean — a failed save removes the logo it just uploaded, a replaced logo is removed after the save.
 */
import { useMutation } from '@tanstack/react-query';
import type { Site, SiteInsert } from '@citable/shared';
import { DataError, toDataError } from '@citable/shared/data';
import { uploadProblem, type LogoProblem } from '../utils/siteForm';
import { queryKeys } from '@citable/shared/query';
import { createSite, updateSite } from './sites';
import { removeLogo, uploadLogo } from './logo';

/** The logo could not be uploaded: why (format, size, session: the spec's messages) and the cause. */
export class LogoUploadError extends Error {
  readonly problem: LogoProblem | 'auth' | 'other';
  constructor(cause: DataError) {
    super(cause.message, { cause });
    this.name = 'LogoUploadError';
    this.problem = uploadProblem(cause);
  }
}

export interface SaveSiteInput {
  /** the site being edited, or null to create one */
  site: Pick<Site, 'id' | 'image_logo'> | null;
  payload: Omit<SiteInsert, 'image_logo' | 'linked_user'>;
  logo: File | null;
  userId: string | null;
}

export async function saveSite({ site, payload, logo, userId }: SaveSiteInput): Promise<Site> {
  if (!userId) throw new DataError('unauthorized', 'You must be logged in to create a site.');
  if (!site && !logo) throw new DataError('invalid', 'Please upload a logo image.');
  let uploaded: { path: string; publicUrl: string } | null = null;
  if (logo) {
    try {
      uploaded = await uploadLogo(logo);
    } catch (error) {
      throw new LogoUploadError(toDataError(error));
    }
  }
  try {
    const saved = site
      ? await updateSite(site.id, { ...payload, ...(uploaded ? { image_logo: uploaded.publicUrl } : {}) })
      : await createSite({ ...payload, image_logo: uploaded?.publicUrl ?? null, linked_user: userId });
    if (uploaded && site?.image_logo && site.image_logo !== uploaded.publicUrl) await removeLogo(site.image_logo);
    return saved;
  } catch (error) {
    if (uploaded) await removeLogo(uploaded.path);
    throw error;
  }
}

export function useSaveSite() {
  return useMutation({ mutationFn: saveSite, meta: { invalidates: [queryKeys.sites.all] } });
}
