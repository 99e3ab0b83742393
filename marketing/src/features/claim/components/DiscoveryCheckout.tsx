import { useState } from 'react';
import { useLocation } from 'react-router-dom';
import { Alert, Group, Stack, Text } from '@mantine/core';
import type { CheckoutConfig } from '@citable/shared';
import { IconLock } from '../../../components/icons';
import { useMarketingT } from '../../../lib/locale';
import { ClaimForm } from './ClaimForm';
import type { ClaimInput } from '../api/claimFirstArticle';
import { checkoutErrorText, formatPrice, startCheckout, type CheckoutInput } from '../api/checkout';

export interface DiscoveryCheckoutProps {
  config: CheckoutConfig;
  /** creates the Checkout Session (tests pass their own) */
  start?: (input: CheckoutInput) => Promise<string>;
  /** goes to Stripe's page (tests pass their own) */
  redirect?: (url: string) => void;
}

/**
 * The discovery offer's order form (issue 34): the website and the e-mail, then Stripe's hosted page
 * (the card form is Stripe's). Back from a cancelled payment (?checkout=cancelled) it says nothing
 * was charged; a refusal (one offer per client, bad input, Stripe unreachable) is said under the form.
 */
export default function DiscoveryCheckout({ config, start = startCheckout, redirect = (url) => window.location.assign(url) }: DiscoveryCheckoutProps) {
  const { t, locale } = useMarketingT();
  const location = useLocation();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const cancelled = new URLSearchParams(location.search).get('checkout') === 'cancelled';
  const price = formatPrice(config.priceCents, locale);

  const submit = async (values: ClaimInput): Promise<boolean> => {
    setBusy(true);
    setError(null);
    try {
      redirect(await start({ url: values.url, email: values.email, language: locale, returnPath: location.pathname }));
      // the page is leaving for Stripe's: the button stays busy
      return false;
    } catch (failure) {
      console.error('[marketing] checkout failed', failure);
      setError(checkoutErrorText(failure, t).text);
      setBusy(false);
      return false;
    }
  };

  return (
    <Stack gap="md" data-testid="discovery-checkout">
      {cancelled && !error && (
        <Alert color="yellow" variant="light" title={t('checkout.cancelledTitle')} role="status" data-testid="checkout-cancelled">
          {t('checkout.cancelledText')}
        </Alert>
      )}
      <ClaimForm onSubmit={submit} isLoading={busy} submitLabel={t('checkout.submit', { price })} emailHint={t('checkout.emailHint')} />
      {error && (
        <Alert color="red" variant="light" title={t('checkout.errorTitle')} role="alert" data-testid="checkout-error">
          {error}
        </Alert>
      )}
      <Group gap={6} justify="center" wrap="nowrap">
        <IconLock size={14} aria-hidden style={{ flexShrink: 0 }} />
        <Text size="xs" c="gray.7">{t('checkout.secure')}</Text>
      </Group>
    </Stack>
  );
}
