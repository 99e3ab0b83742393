/**
 * The discovery order of a first-article request (issue 34; docs/payments.md): staff read it with the
 * request (discovery_orders embedded, RLS staff only); Refund asks the shell server, which holds the
 * Stripe secret key (POST /api/orders/:id/refund with the staff member's own token).
 */
import { useMutation } from '@tanstack/react-query';
import { loadSupabase } from '@citable/shared';
import { queryKeys } from '@citable/shared/query';

/** The columns of a request's order the inbox shows (embedded in REQUEST_COLUMNS). */
export const ORDER_EMBED = 'discovery_orders(id, status, amount_cents, currency, paid_at, refunded_at)' as const;

export interface RequestOrder {
  id: number;
  status: string;
  amount_cents: number;
  currency: string;
  paid_at: string | null;
  refunded_at: string | null;
}

export type RefundErrorCode = 'unauthorized' | 'staff_only' | 'not_found' | 'already_refunded' | 'not_paid' | 'payment_unavailable' | 'network' | 'unknown';

export class RefundError extends Error {
  constructor(readonly code: RefundErrorCode, message: string) {
    super(message);
    this.name = 'RefundError';
  }
}

const CODES: ReadonlySet<string> = new Set(['unauthorized', 'staff_only', 'not_found', 'already_refunded', 'not_paid', 'payment_unavailable']);

export async function refundOrder(orderId: number, fetchImpl: typeof fetch = fetch): Promise<{ status: string }> {
  const { data } = await (await loadSupabase()).auth.getSession();
  const token = data.session?.access_token;
  if (!token) throw new RefundError('unauthorized', 'No session');
  let response: Response;
  try {
    response = await fetchImpl(`/api/orders/${orderId}/refund`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${token}`, Accept: 'application/json' },
    });
  } catch (error) {
    throw new RefundError('network', error instanceof Error ? error.message : String(error));
  }
  const body = (await response.json().catch(() => null)) as { status?: string; error?: string; message?: string } | null;
  if (response.ok && body?.status) return { status: body.status };
  const code = body?.error && CODES.has(body.error) ? (body.error as RefundErrorCode) : 'unknown';
  throw new RefundError(code, body?.message ?? `HTTP ${response.status}`);
}

export function useRefundOrder() {
  return useMutation({
    mutationFn: (orderId: number) => refundOrder(orderId),
    // refused or not, the order may have changed: the list reloads
    meta: { invalidates: [queryKeys.inbox.all] },
  });
}
