import { loadSupabase } from '@citable/shared';

export interface ClaimInput {
  url: string;
  email: string;
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
 * Creates the first-article request and its site (spec/public.md §3) through the
 * `claim_first_article` RPC. Throws on a backend error or an unexpected answer.
 */
export async function claimFirstArticle(input: ClaimInput): Promise<ClaimResult> {
  const supabase = await loadSupabase();
  const { data, error } = await supabase.rpc('claim_first_article', {
    p_url: input.url,
    p_stripe_email: input.email.trim(),
  });
  if (error) throw new Error(error.message || 'claim_first_article failed');
  const row: unknown = Array.isArray(data) ? data[0] : data;
  if (!isClaimResult(row)) throw new Error('claim_first_article returned an unexpected payload');
  return row;
}
