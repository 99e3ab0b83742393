import { showToast } from '@citable/shared';
import { dataErrorMessage, toDataError, type Translate } from '@citable/shared/data';
import { useCallback, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { paths } from '../../../config/paths';
import { useMarketingT } from '../../../lib/locale';
import { claimFirstArticle, type ClaimInput, type ClaimResult } from '../api/claimFirstArticle';

export type ClaimSubmitter = (input: ClaimInput) => Promise<ClaimResult>;

/**
 * The text of the failure toast: the spec's (spec/public.md §8), unless the error tells the visitor
 * what to do — a field the server refused, no connection, too many requests.
 */
export function claimErrorText(error: unknown, t: Translate): string {
  const { kind, hint } = toDataError(error);
  if (kind === 'invalid' && hint === 'url') return t('claim.urlInvalid');
  if (kind === 'invalid' && hint === 'stripe_email') return t('claim.emailInvalid');
  if (kind === 'network' || kind === 'rate_limited') return dataErrorMessage(error, t);
  return t('claim.errorText');
}

/**
 * Submits the claim (with the language the page is shown in): success → toast, `onSuccess` (closes the dialog), navigation to
 * /first-article-success; failure → error logged, error toast (claimErrorText), values kept (returns false).
 */
export function useClaimSubmit({ submit = claimFirstArticle, onSuccess, showSuccessToast = true }: { submit?: ClaimSubmitter; onSuccess?: () => void; showSuccessToast?: boolean } = {}) {
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
      showToast({ color: 'red', title: t('claim.errorTitle'), message: claimErrorText(error, t) });
      return false;
    } finally {
      setIsLoading(false);
    }
  }, [submit, onSuccess, showSuccessToast, navigate, t, locale]);

  return { isLoading, handleSubmit };
}
