import { lazy, Suspense } from 'react';
import { Box, Button } from '@mantine/core';
import { IconArrowRight } from '../../../components/icons';
import { useMarketingT } from '../../../lib/locale';
import { ClaimButton } from './ClaimButton';
import { getCheckoutConfig } from '../api/checkout';

// the form and its fields are downloaded only by a site that takes payments
const DiscoveryCheckout = lazy(() => import(/* webpackChunkName: "discovery-checkout" */ './DiscoveryCheckout'));

/**
 * The discovery offer card's action: the order form paid by card when the server has Stripe's keys
 * (/config.json `checkout`), else the free claim — worded without a word about payment.
 */
export function DiscoveryOfferAction() {
  const { t } = useMarketingT();
  const config = getCheckoutConfig();
  if (!config) return <ClaimButton voice="solo" fullWidth size="md" label={t('checkout.fallbackCta')} />;
  return (
    <Suspense fallback={<Box mih={300} aria-hidden />}>
      <DiscoveryCheckout config={config} />
    </Suspense>
  );
}

/** The discovery pages' hero button: to the order form (#pricing), or the free claim without keys. */
export function DiscoveryHeroAction({ cta }: { cta: string }) {
  const { t } = useMarketingT();
  if (!getCheckoutConfig()) return <ClaimButton voice="solo" label={t('checkout.fallbackCta')} />;
  return (
    <Button component="a" href="#pricing" size="lg" radius="md" rightSection={<IconArrowRight size={18} aria-hidden />}>
      {cta}
    </Button>
  );
}
