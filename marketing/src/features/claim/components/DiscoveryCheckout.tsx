import { useState } from 'react';
import { Link, useLocation } from 'react-router-dom';
import { Alert, Anchor, Group, Stack, Text } from '@mantine/core';
import type { CheckoutConfig } from '@citable/shared';
import { IconLock } from '../../../components/icons';
import { externalPaths, paths } from '../../../config/paths';
import { useMarketingT } from '../../../lib/locale';
import { ClaimForm } from './ClaimForm';
import type { ClaimInput } from '../api/claimFirstArticle';
import { CheckoutError, checkoutErrorText, formatPrice, startCheckout, type CheckoutInput } from '../api/checkout';

export interface DiscoveryCheckoutProps {
  config: CheckoutConfig;
  /** creates the Checkout Session (tests pass their own) */
  start?: (input: CheckoutInput) => Promise<string>;
  /** goes to Stripe's page (tests pass their own) */
  redirect?: (url: string) => void;
}

interface Refusal {
  text: string;
  /** the fields it is about, marked in the form */
  fields: ReadonlyArray<'url' | 'email'>;
  /** one offer per client: what the client can do instead */
  alreadyOrdered: boolean;
}

/**
 * The discovery offer's order form (issue 34): the website, the e-mail and the keyword aimed at
 * (optional), then Stripe's hosted page (the card form is Stripe's). Back from a cancelled payment
 * (?checkout=cancelled) it says nothing was charged; a refusal (one offer per client, bad input,
 * Stripe unreachable) is said under the form, the field it is about marked; "already ordered" offers
 * the next steps (sign in, the 195 EUR article).
 */
export default function DiscoveryCheckout({ config, start = startCheckout, redirect = (url) => window.location.assign(url) }: DiscoveryCheckoutProps) {
  const { t, locale } = useMarketingT();
  const location = useLocation();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<Refusal | null>(null);
  const cancelled = new URLSearchParams(location.search).get('checkout') === 'cancelled';
  const price = formatPrice(config.priceCents, locale);

  const submit = async (values: ClaimInput & { keyword?: string }): Promise<boolean> => {
    setBusy(true);
    setError(null);
    try {
      const input: CheckoutInput = { url: values.url, email: values.email, language: locale, returnPath: location.pathname };
      redirect(await start(values.keyword ? { ...input, keyword: values.keyword } : input));
      // the page is leaving for Stripe's: the button stays busy
      return false;
    } catch (failure) {
      console.error('[marketing] checkout failed', failure);
      const { field, text } = checkoutErrorText(failure, t);
      setError({ text, fields: field ? [field] : [], alreadyOrdered: failure instanceof CheckoutError && failure.code === 'already_ordered' });
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
      <ClaimForm
        onSubmit={submit}
        isLoading={busy}
        submitLabel={t('checkout.submit', { price })}
        emailHint={t('checkout.emailHint')}
        withKeyword
        refused={error}
      />
      {error && (
        <Alert color="red" variant="light" title={t(error.alreadyOrdered ? 'checkout.alreadyOrderedTitle' : 'checkout.errorTitle')} role="alert" data-testid="checkout-error">
          <Stack gap="xs">
            <Text size="sm">{error.text}</Text>
            {error.alreadyOrdered && (
              <Group gap="md" data-testid="checkout-next-steps">
                <Anchor component={Link} to={externalPaths.auth} size="sm" fw={600}>{t('checkout.signIn')}</Anchor>
                <Anchor component={Link} to={`${paths.home4}#pricing`} size="sm" fw={600}>{t('checkout.orderFullPrice')}</Anchor>
              </Group>
            )}
          </Stack>
        </Alert>
      )}
      <Group gap={6} justify="center" wrap="nowrap">
        <IconLock size={14} aria-hidden style={{ flexShrink: 0 }} />
        <Text size="xs" c="gray.7">{t('checkout.secure')}</Text>
      </Group>
    </Stack>
  );
}
