import { DataError, request } from '@citable/shared/data';

export interface ClaimInput {
  url: string;
  email: string;
  /** The language the visitor reads the site in: the worker's e-mail to them is in it. */
  language?: 'fr' | 'en';
}

export interface ClaimResult {
  request_id: number | string;
  site_id: number | string;
}

function isClaimResult(value: unknown): value is ClaimResult {
  return typeof value === 'object' && value !== null
    && ['number', 'string'].includes(typeof (value as ClaimResult).request_id)
    && ['number', 'string'].includes(typeof (value as ClaimResult).site_id);
}

/**
 * Creates the first-article request and its site (docs/public-site.md#entities) through the
 * `claim_first_article` RPC, with the visitor's language when given. Throws a DataError: `invalid` with the field in `hint` ('url',
 * 'stripe_email'), `rate_limited`, `network`…; `server` for an answer of an unexpected shape.
 */
export async function claimFirstArticle(input: ClaimInput): Promise<ClaimResult> {
  const data = await request((supabase) =>
    supabase.rpc('claim_first_article', {
      p_url: input.url,
      p_stripe_email: input.email.trim(),
      ...(input.language ? { p_language: input.language } : {}),
    }),
  );
  const row: unknown = Array.isArray(data) ? data[0] : data;
  if (!isClaimResult(row)) throw new DataError('server', 'claim_first_article returned an unexpected payload', { details: JSON.stringify(data) });
  return row;
}
