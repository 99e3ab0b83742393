import { showToast } from '@citable/shared';
import { useCallback, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { paths } from '../../../config/paths';
import { useMarketingT } from '../../../lib/locale';
import { claimFirstArticle, type ClaimInput, type ClaimResult } from '../api/claimFirstArticle';

export type ClaimSubmitter = (input: ClaimInput) => Promise<ClaimResult>;

/**
 * Submits the claim: success → toast, `onSuccess` (closes the dialog), navigation to
 * /first-article-success; failure → error logged, error toast, values kept (returns false).
 */
export function useClaimSubmit({ submit = claimFirstArticle, onSuccess, showSuccessToast = true }: { submit?: ClaimSubmitter; onSuccess?: () => void; showSuccessToast?: boolean } = {}) {
  const { t } = useMarketingT();
  const navigate = useNavigate();
  const [isLoading, setIsLoading] = useState(false);

  const handleSubmit = useCallback(async (input: ClaimInput): Promise<boolean> => {
    setIsLoading(true);
    try {
      await submit(input);
      if (showSuccessToast) showToast({ color: 'teal', title: t('claim.successTitle'), message: t('claim.successText') });
      onSuccess?.();
      navigate(paths.firstArticleSuccess);
      return true;
    } catch (error) {
      console.error('[marketing] claim_first_article failed', error);
      showToast({ color: 'red', title: t('claim.errorTitle'), message: t('claim.errorText') });
      return false;
    } finally {
      setIsLoading(false);
    }
  }, [submit, onSuccess, showSuccessToast, navigate, t]);

  return { isLoading, handleSubmit };
}
