// What a claim needs once it is submitted, in a chunk of its own (useClaimSubmit loads it then): the
// RPC call and the explanation of a failure, with the data layer (@citable/shared/data) they use.
// /first-article shows its form at once; none of this is needed before the visitor submits it.
import { dataErrorMessage, toDataError, type Translate } from '@citable/shared/data';

export { claimFirstArticle } from './claimFirstArticle';

/**
 * The text of the failure toast: the spec's (docs/public-site.md#errors), unless the error tells the visitor
 * what to do — a field the server refused, no connection, too many requests.
 */
export function claimErrorText(error: unknown, t: Translate): string {
  const { kind, hint } = toDataError(error);
  if (kind === 'invalid' && hint === 'url') return t('claim.urlInvalid');
  if (kind === 'invalid' && hint === 'stripe_email') return t('claim.emailInvalid');
  if (kind === 'network' || kind === 'rate_limited') return dataErrorMessage(error, t);
  return t('claim.errorText');
}
