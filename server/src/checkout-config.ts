// The discovery offer's payment settings from the environment (issue 34; docs/payments.md): read by
// the runtime config (/config.json gets the publishable key and the price) and by the shell server,
// which loads the payment endpoints (checkout.ts, with Stripe's library) only when they are set.

/** What the browser may know of the offer (/config.json): the publishable key and the price. */
export interface PublicCheckoutConfig {
  publishableKey: string;
  priceCents: number;
  currency: 'eur';
}

export interface CheckoutSettings extends PublicCheckoutConfig {
  secretKey: string;
  webhookSecret: string;
  serviceRoleKey: string;
  /** STRIPE_API_BASE (tests: the local fake of Stripe's API), else Stripe's own */
  apiBase: URL | null;
}

/** Stripe's minimum charge in euros is 0.50 EUR. */
export const MIN_PRICE_CENTS = 50;
export const DEFAULT_PRICE_CENTS = 100;
const CHECKOUT_KEYS = ['STRIPE_SECRET_KEY', 'STRIPE_WEBHOOK_SECRET', 'STRIPE_PUBLISHABLE_KEY', 'SUPABASE_SERVICE_ROLE_KEY'] as const;

/**
 * The offer's settings from the environment, or null when payment is not configured (any of the
 * three Stripe keys or the service role key missing: the offer falls back to the free claim).
 * A wrong value (a secret key in the publishable slot, a bad price or API base) stops the server.
 */
export function checkoutSettingsFromEnv(env: NodeJS.ProcessEnv, warn: (msg: string) => void = () => {}): CheckoutSettings | null {
  const values = Object.fromEntries(CHECKOUT_KEYS.map((k) => [k, env[k]?.trim() || ''])) as Record<(typeof CHECKOUT_KEYS)[number], string>;
  const missing = CHECKOUT_KEYS.filter((k) => !values[k]);
  // no Stripe key at all: payment is simply not set up
  if (!values.STRIPE_SECRET_KEY && !values.STRIPE_WEBHOOK_SECRET && !values.STRIPE_PUBLISHABLE_KEY) return null;
  if (missing.length > 0) {
    warn(`card payment is off: ${missing.join(', ')} not set (the discovery offer falls back to the free claim)`);
    return null;
  }
  if (!/^pk_(test|live)_/.test(values.STRIPE_PUBLISHABLE_KEY)) {
    throw new Error('STRIPE_PUBLISHABLE_KEY must be a publishable key (pk_test_… or pk_live_…): it is sent to browsers');
  }
  if (!/^(sk|rk)_(test|live)_/.test(values.STRIPE_SECRET_KEY)) {
    throw new Error('STRIPE_SECRET_KEY must be a secret or restricted key (sk_… or rk_…)');
  }
  const priceText = env.DISCOVERY_PRICE_CENTS?.trim() || String(DEFAULT_PRICE_CENTS);
  const priceCents = Number(priceText);
  if (!Number.isInteger(priceCents) || priceCents < MIN_PRICE_CENTS || priceCents > 1_000_000) {
    throw new Error(`DISCOVERY_PRICE_CENTS must be a whole number of cents between ${MIN_PRICE_CENTS} and 1000000, got "${priceText}"`);
  }
  let apiBase: URL | null = null;
  if (env.STRIPE_API_BASE?.trim()) {
    try {
      apiBase = new URL(env.STRIPE_API_BASE.trim());
    } catch {
      throw new Error(`STRIPE_API_BASE must be an absolute URL, got "${env.STRIPE_API_BASE}"`);
    }
    if (apiBase.protocol !== 'http:' && apiBase.protocol !== 'https:') throw new Error('STRIPE_API_BASE must be an http(s) URL');
  }
  return {
    publishableKey: values.STRIPE_PUBLISHABLE_KEY,
    priceCents,
    currency: 'eur',
    secretKey: values.STRIPE_SECRET_KEY,
    webhookSecret: values.STRIPE_WEBHOOK_SECRET,
    serviceRoleKey: values.SUPABASE_SERVICE_ROLE_KEY,
    apiBase,
  };
}
