import { loadOnce, showToast } from '@citable/shared';
import { useCallback, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { paths } from '../../../config/paths';
import { useMarketingT } from '../../../lib/locale';
import type { ClaimInput, ClaimResult } from '../api/claimFirstArticle';

export type ClaimSubmitter = (input: ClaimInput) => Promise<ClaimResult>;

/** The RPC call and the failure texts (../api/claimApi), downloaded when the form is submitted. */
export const loadClaimApi = loadOnce(() => import(/* webpackChunkName: "claim-api" */ '../api/claimApi'));

const claimOnServer: ClaimSubmitter = async (input) => (await loadClaimApi()).claimFirstArticle(input);

/**
 * Submits the claim (with the language the page is shown in): success → toast, `onSuccess` (closes the dialog), navigation to
 * /first-article-success; failure → error logged, error toast (claimErrorText of ../api/claimApi), values kept (returns false).
 */
export function useClaimSubmit({ submit = claimOnServer, onSuccess, showSuccessToast = true }: { submit?: ClaimSubmitter; onSuccess?: () => void; showSuccessToast?: boolean } = {}) {
  const { t, locale } = useMarketingT();
  const navigate = useNavigate();
  const [isLoading, setIsLoading] = useState(false);

  const handleSubmit = useCallback(async (input: ClaimInput): Promise<boolean> => {
    setIsLoading(true);
    try {
      // The language the visitor reads: the e-mail telling them what happens next is in it.
      await submit({ ...input, language: input.language ?? locale });
      if (showSuccessToast) showToast({ color: 'teal', title: t('claim.successTitle'), message: t('claim.successText') });
      onSuccess?.();
      navigate(paths.firstArticleSuccess);
      return true;
    } catch (error) {
      console.error('[marketing] claim_first_article failed', error);
      // (the texts come with the RPC's chunk; if even that could not be downloaded, the spec's text)
      const api = await loadClaimApi().catch(() => undefined);
      showToast({ color: 'red', title: t('claim.errorTitle'), message: api ? api.claimErrorText(error, t) : t('claim.errorText') });
      return false;
    } finally {
      setIsLoading(false);
    }
  }, [submit, onSuccess, showSuccessToast, navigate, t, locale]);

  return { isLoading, handleSubmit };
}
