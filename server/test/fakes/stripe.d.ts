// Types of the local fake of Stripe's API (stripe.js beside this file), for the TypeScript tests.
export interface FakeSession {
  id: string;
  object: 'checkout.session';
  status: 'open' | 'complete' | 'expired';
  payment_status: 'paid' | 'unpaid';
  amount_total: number;
  currency: string;
  customer_email: string | null;
  success_url: string;
  cancel_url: string | null;
  metadata: Record<string, string>;
  payment_intent: string | null;
  url: string;
  /** what the test may look at (not in Stripe's object) */
  _payment_intent_data: { receipt_email?: string; metadata?: Record<string, string> } | null;
}

export interface FakeEvent {
  id: string;
  object: 'event';
  type: string;
  data: { object: FakeSession };
}

export interface FakeStripe {
  url: string;
  port: number;
  secretKey: string;
  webhookSecret: string;
  webhookUrl: string | null;
  sessions: Map<string, FakeSession>;
  refunds: { id: string; payment_intent: string; amount: number; status: string }[];
  events: FakeEvent[];
  deliveries: { eventId: string; type: string; status: number; body: string }[];
  requests: { method: string; path: string; params: Record<string, unknown>; idempotencyKey?: string }[];
  failNext: (path: RegExp, status?: number) => void;
  pay: (sessionId: string) => Promise<FakeSession>;
  expireSession: (sessionId: string) => Promise<FakeSession>;
  deliver: (event: unknown, opts?: { secret?: string; signature?: string }) => Promise<{ eventId: string; type: string; status: number; body: string }>;
  close: () => Promise<void>;
}

export function startFakeStripe(options?: { secretKey?: string; webhookSecret?: string; webhookUrl?: string }): Promise<FakeStripe>;
