// The discovery offer's card payment (issue 34; docs/payments.md): the runtime config says whether the
// server takes payments; POST /api/checkout (the shell server, server/src/checkout.ts) creates Stripe's
// Checkout Session and answers the URL of Stripe's page, or a JSON error {error, field?, message}.
import { getRuntimeConfig, type CheckoutConfig } from '@citable/shared';
import type { Locale } from '../../../content/types';

/** The offer's payment settings, or null (no keys on the server, or no config loaded): the free claim then. */
export function getCheckoutConfig(): CheckoutConfig | null {
  try {
    return getRuntimeConfig().checkout ?? null;
  } catch {
    return null;
  }
}

/** The price as the page shows it: "1 €" / "€1" (cents only when there are some). */
export function formatPrice(cents: number, locale: Locale): string {
  return new Intl.NumberFormat(locale === 'fr' ? 'fr-FR' : 'en-GB', {
    style: 'currency',
    currency: 'EUR',
    minimumFractionDigits: cents % 100 === 0 ? 0 : 2,
  }).format(cents / 100);
}

export interface CheckoutInput {
  url: string;
  email: string;
  language: Locale;
  /** the page to come back to when the visitor cancels on Stripe's page */
  returnPath: string;
}

export type CheckoutErrorCode = 'invalid' | 'already_ordered' | 'rate_limited' | 'payment_unavailable' | 'network' | 'unknown';

export class CheckoutError extends Error {
  constructor(readonly code: CheckoutErrorCode, readonly field: string | null, message: string) {
    super(message);
    this.name = 'CheckoutError';
  }
}

const KNOWN: ReadonlySet<string> = new Set(['invalid', 'already_ordered', 'rate_limited', 'payment_unavailable']);

/** Creates the Checkout Session: Stripe's page URL, or a CheckoutError saying why not. */
export async function startCheckout(input: CheckoutInput, fetchImpl: typeof fetch = fetch): Promise<string> {
  let response: Response;
  try {
    response = await fetchImpl('/api/checkout', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
      body: JSON.stringify(input),
    });
  } catch (error) {
    throw new CheckoutError('network', null, error instanceof Error ? error.message : String(error));
  }
  const body = (await response.json().catch(() => null)) as { url?: string; error?: string; field?: string; message?: string } | null;
  if (response.ok && body?.url) return body.url;
  const code = body?.error && KNOWN.has(body.error) ? (body.error as CheckoutErrorCode) : 'unknown';
  throw new CheckoutError(code, body?.field ?? null, body?.message ?? `HTTP ${response.status}`);
}

type Translate = (key: string, options?: Record<string, unknown>) => string;

/** The visitor's text for a failure (their language), and the form field it is about, if any. */
export function checkoutErrorText(error: unknown, t: Translate): { field: 'url' | 'email' | null; text: string } {
  if (!(error instanceof CheckoutError)) return { field: null, text: t('checkout.unknown') };
  switch (error.code) {
    case 'invalid':
      if (error.field === 'url') return { field: 'url', text: t('claim.urlInvalid') };
      if (error.field === 'email') return { field: 'email', text: t('claim.emailInvalid') };
      return { field: null, text: t('checkout.unknown') };
    case 'already_ordered':
      return error.field === 'url' ? { field: 'url', text: t('checkout.alreadyOrderedSite') } : { field: 'email', text: t('checkout.alreadyOrderedEmail') };
    case 'rate_limited':
      return { field: null, text: t('checkout.rateLimited') };
    case 'payment_unavailable':
      return { field: null, text: t('checkout.unavailable') };
    case 'network':
      return { field: null, text: t('checkout.network') };
    default:
      return { field: null, text: t('checkout.unknown') };
  }
}
