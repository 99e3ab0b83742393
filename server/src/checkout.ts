// The 1 EUR discovery offer paid by card (issue 34; docs/payments.md): the shell server's three
// endpoints holding the Stripe secret key. The card form is Stripe's (Checkout's hosted page); the
// order and its rules are the database's (supabase/migrations/20261201006000_discovery_orders.sql),
// reached through PostgREST with the service role key — the same calls work against a hosted
// Supabase project, and the key never leaves this server.
//
//   POST /api/checkout            {url, email, language, returnPath?} → 200 {url: Stripe's page}
//   POST /api/stripe/webhook      Stripe's signed events (raw body) → the order paid / expired
//   POST /api/orders/:id/refund   a staff member's token → the payment refunded at Stripe
import type { IncomingMessage, ServerResponse } from 'node:http';
import Stripe from 'stripe';
import { PostgrestClient } from '@supabase/postgrest-js';
import { RateLimiterMemory } from 'rate-limiter-flexible';
import type { CheckoutSettings } from './checkout-config';

export { checkoutSettingsFromEnv, type CheckoutSettings, type PublicCheckoutConfig } from './checkout-config';

export interface CheckoutOptions {
  settings: CheckoutSettings;
  supabaseUrl: string;
  supabaseAnonKey: string;
  /** the public site (success and cancel URLs) */
  siteUrl: string;
  /** checkouts per client address (default 10 per 10 minutes) */
  rateLimit?: { points: number; durationSeconds: number };
  log?: (msg: string) => void;
}

type ApiError = { status: number; body: { error: string; field?: string; message: string }; headers?: Record<string, string> };
const apiError = (status: number, error: string, message: string, field?: string): ApiError => ({
  status,
  body: field ? { error, field, message } : { error, message },
});

const MAX_JSON_BODY = 8 * 1024;
const MAX_WEBHOOK_BODY = 512 * 1024;
/** Stripe expires an unpaid Checkout Session after 30 minutes at the least; ours, after 30. */
const SESSION_TTL_SECONDS = 30 * 60;
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
// the claim's rule (20261128000300), which the database applies again
const WEBSITE = /^(https?:\/\/)?([a-z0-9]([a-z0-9-]*[a-z0-9])?\.)+[a-z][a-z0-9-]*[a-z0-9](:[0-9]{1,5})?([/?#][^\s]*)?$/i;
const RETURN_PATH = /^\/[a-z0-9\-/]{0,200}$/;

class BodyError extends Error {
  constructor(readonly status: number, readonly code: string, message: string) {
    super(message);
  }
}

function readBody(req: IncomingMessage, limit: number): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const declared = Number(req.headers['content-length'] || 0);
    if (declared > limit) {
      reject(new BodyError(413, 'too_large', `The request body is larger than ${limit} bytes.`));
      req.resume();
      return;
    }
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > limit) {
        reject(new BodyError(413, 'too_large', `The request body is larger than ${limit} bytes.`));
        req.destroy();
        return;
      }
      chunks.push(chunk);
    });
    req.on('end', () => resolve(Buffer.concat(chunks)));
    req.on('error', reject);
  });
}

/**
 * The client's address: the socket's, or, when the socket is a local or private proxy's, the last
 * X-Forwarded-For entry — the one that proxy added (the entries before it are whatever the client sent).
 */
export function clientAddress(req: IncomingMessage): string {
  const socket = req.socket.remoteAddress || 'unknown';
  const local = /^(::1|127\.|::ffff:127\.|10\.|192\.168\.|172\.(1[6-9]|2\d|3[01])\.|::ffff:10\.|::ffff:192\.168\.)/.test(socket);
  const forwarded = String(req.headers['x-forwarded-for'] || '').split(',').map((s) => s.trim()).filter(Boolean).at(-1);
  return local && forwarded ? forwarded.slice(0, 100) : socket;
}

/** A website URL as typed → the URL the order keeps (https:// added), or null when it is not one. */
export function normalizeWebsite(value: unknown): string | null {
  if (typeof value !== 'string') return null;
  const url = value.trim();
  if (!url || url.length > 2048 || !WEBSITE.test(url)) return null;
  return /^https?:\/\//i.test(url) ? url : `https://${url}`;
}

interface PgError {
  message: string;
  code?: string;
  hint?: string | null;
  details?: string | null;
}

export interface CheckoutHandler {
  /** handles /api/* (true), or leaves the request to the static server (false) */
  handle: (req: IncomingMessage, res: ServerResponse, pathname: string) => Promise<boolean>;
  stripe: Stripe;
}

export function createCheckoutHandler({ settings, supabaseUrl, supabaseAnonKey, siteUrl, rateLimit, log = () => {} }: CheckoutOptions): CheckoutHandler {
  const stripe = new Stripe(settings.secretKey, {
    maxNetworkRetries: 1,
    timeout: 20_000,
    appInfo: { name: 'Citable' },
    ...(settings.apiBase
      ? {
          host: settings.apiBase.hostname,
          port: Number(settings.apiBase.port) || (settings.apiBase.protocol === 'https:' ? 443 : 80),
          protocol: settings.apiBase.protocol.replace(':', '') as 'http' | 'https',
        }
      : {}),
  });
  // PostgREST only (no auth or realtime client): the database's functions, as a hosted project serves them
  const rest = `${supabaseUrl.replace(/\/+$/, '')}/rest/v1`;
  const dbAs = (apiKey: string, token: string): PostgrestClient =>
    new PostgrestClient(rest, { headers: { apikey: apiKey, Authorization: `Bearer ${token}` } });
  const service = dbAs(settings.serviceRoleKey, settings.serviceRoleKey);
  const limiter = new RateLimiterMemory({ points: rateLimit?.points ?? 10, duration: rateLimit?.durationSeconds ?? 600 });

  async function rpc<T>(db: PostgrestClient, fn: string, args: Record<string, unknown>): Promise<{ data: T | null; error: PgError | null }> {
    const { data, error } = await db.rpc(fn, args);
    return { data: (data as T) ?? null, error: error as PgError | null };
  }

  function sendJson(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void {
    const buffer = Buffer.from(JSON.stringify(body));
    res.writeHead(status, {
      'Content-Type': 'application/json; charset=utf-8',
      'Content-Length': buffer.length,
      'Cache-Control': 'no-store',
      'X-Content-Type-Options': 'nosniff',
      ...headers,
    });
    res.end(buffer);
  }

  async function readJson(req: IncomingMessage): Promise<Record<string, unknown>> {
    if (!/^application\/json\b/i.test(String(req.headers['content-type'] || ''))) {
      throw new BodyError(415, 'unsupported_media_type', 'Send the request as JSON (Content-Type: application/json).');
    }
    const raw = await readBody(req, MAX_JSON_BODY);
    try {
      const value: unknown = JSON.parse(raw.toString('utf8') || 'null');
      if (value && typeof value === 'object' && !Array.isArray(value)) return value as Record<string, unknown>;
    } catch {
      // below
    }
    throw new BodyError(400, 'invalid_json', 'The request body must be a JSON object.');
  }

  // ------------------------------------------------------------------ checkout
  async function checkout(req: IncomingMessage): Promise<ApiError | { status: 200; body: { url: string; orderId: number }; headers?: Record<string, string> }> {
    try {
      await limiter.consume(clientAddress(req));
    } catch (refusal) {
      const wait = Math.max(1, Math.ceil(((refusal as { msBeforeNext?: number }).msBeforeNext ?? 60_000) / 1000));
      return {
        ...apiError(429, 'rate_limited', 'Too many checkout attempts from your network. Please try again in a few minutes.'),
        headers: { 'Retry-After': String(wait) },
      };
    }
    const body = await readJson(req);
    const url = normalizeWebsite(body.url);
    if (!url) return apiError(400, 'invalid', typeof body.url === 'string' && body.url.trim() ? 'Please enter a valid website URL.' : 'Please enter your website URL.', 'url');
    const email = typeof body.email === 'string' ? body.email.trim() : '';
    if (email.length > 320 || !EMAIL.test(email)) return apiError(400, 'invalid', 'Please enter a valid email address.', 'email');
    const language = body.language === undefined ? 'fr' : body.language;
    if (language !== 'fr' && language !== 'en') return apiError(400, 'invalid', 'The language must be fr or en.', 'language');
    const returnPath = body.returnPath === undefined ? '/' : body.returnPath;
    if (typeof returnPath !== 'string' || !RETURN_PATH.test(returnPath)) {
      return apiError(400, 'invalid', 'returnPath must be a path of this site, such as /decouverte.', 'returnPath');
    }

    const started = await rpc<{ order_id: number; superseded: string[] }>(service, 'discovery_order_start', {
      p_email: email,
      p_url: url,
      p_language: language,
      p_amount_cents: settings.priceCents,
      p_currency: settings.currency,
    });
    if (started.error) return orderError(started.error);
    const { order_id: orderId, superseded } = started.data!;

    // the client's earlier checkout, left open (a cancelled or abandoned page): closed at Stripe so
    // that only the new one can be paid; one already paid means the client has their order
    for (const id of superseded) {
      try {
        await stripe.checkout.sessions.expire(id);
      } catch (error) {
        const session = await stripe.checkout.sessions.retrieve(id).catch(() => null);
        if (session?.status === 'complete') {
          await rpc(service, 'discovery_order_abandon', { p_order_id: orderId });
          return apiError(409, 'already_ordered', 'A first article was already ordered with this e-mail address.', 'email');
        }
        log(`checkout: could not expire ${id}: ${(error as Error).message}`);
      }
    }

    const base = siteUrl.replace(/\/+$/, '');
    let session: Stripe.Checkout.Session;
    try {
      session = await stripe.checkout.sessions.create(
        {
          mode: 'payment',
          line_items: [
            {
              quantity: 1,
              price_data: {
                currency: settings.currency,
                unit_amount: settings.priceCents,
                product_data: { name: language === 'fr' ? 'Citable — premier article découverte' : 'Citable — discovery first article' },
              },
            },
          ],
          customer_email: email,
          client_reference_id: String(orderId),
          metadata: { order_id: String(orderId), site_url: url },
          // Stripe's receipt goes to the client
          payment_intent_data: { receipt_email: email, metadata: { order_id: String(orderId), site_url: url } },
          locale: language,
          expires_at: Math.floor(Date.now() / 1000) + SESSION_TTL_SECONDS,
          // the marketing remote's /discovery-success (what happens next; the receipt is Stripe's)
          success_url: `${base}/discovery-success?session_id={CHECKOUT_SESSION_ID}`,
          cancel_url: `${base}${returnPath}${returnPath.includes('?') ? '&' : '?'}checkout=cancelled#pricing`,
        },
        { idempotencyKey: `discovery-order-${orderId}` },
      );
    } catch (error) {
      log(`checkout: Stripe refused the session of order ${orderId}: ${(error as Error).message}`);
      await rpc(service, 'discovery_order_abandon', { p_order_id: orderId });
      return apiError(502, 'payment_unavailable', 'The payment service cannot be reached. Please try again in a moment.');
    }
    const attached = await rpc(service, 'discovery_order_attach', {
      p_order_id: orderId,
      p_session_id: session.id,
      p_expires_at: session.expires_at ? new Date(session.expires_at * 1000).toISOString() : null,
    });
    if (attached.error) throw new Error(`discovery_order_attach: ${attached.error.message}`);
    if (!session.url) throw new Error(`Stripe returned session ${session.id} without a URL`);
    return { status: 200, body: { url: session.url, orderId } };
  }

  function orderError(error: PgError): ApiError {
    if (error.hint === 'already_ordered') {
      const field = error.details === 'site' ? 'url' : 'email';
      return apiError(409, 'already_ordered', error.message, field);
    }
    if (error.code === '22023') return apiError(400, 'invalid', error.message, error.hint === 'email' ? 'email' : error.hint || undefined);
    throw new Error(`discovery_order_start: ${error.message}`);
  }

  // ------------------------------------------------------------------- webhook
  async function webhook(req: IncomingMessage): Promise<{ status: number; body: unknown; headers?: Record<string, string> }> {
    const raw = await readBody(req, MAX_WEBHOOK_BODY);
    const signature = req.headers['stripe-signature'];
    let event: Stripe.Event;
    try {
      if (typeof signature !== 'string' || !signature) throw new Error('No Stripe-Signature header');
      event = stripe.webhooks.constructEvent(raw, signature, settings.webhookSecret);
    } catch (error) {
      log(`webhook: refused: ${(error as Error).message}`);
      return apiError(400, 'invalid_signature', 'The Stripe-Signature header does not match this payload and the webhook secret.');
    }
    if (!event.type.startsWith('checkout.session.')) return { status: 200, body: { received: true, ignored: event.type } };
    const session = event.data.object as Stripe.Checkout.Session;
    const paymentIntent = typeof session.payment_intent === 'string' ? session.payment_intent : session.payment_intent?.id ?? null;
    const applied = await rpc<{ duplicate: boolean; order_id: number | null; status: string | null }>(service, 'discovery_order_event', {
      p_event_id: event.id,
      p_type: event.type,
      p_session_id: session.id,
      p_payment_status: session.payment_status,
      p_payment_intent: paymentIntent,
    });
    // an error here is ours (the database): 500, and Stripe delivers the event again later
    if (applied.error) throw new Error(`discovery_order_event: ${applied.error.message}`);
    return { status: 200, body: { received: true, ...applied.data } };
  }

  // -------------------------------------------------------------------- refund
  async function refund(req: IncomingMessage, orderId: number): Promise<{ status: number; body: unknown; headers?: Record<string, string> }> {
    const token = /^Bearer\s+(\S+)$/i.exec(String(req.headers.authorization || ''))?.[1];
    if (!token) return apiError(401, 'unauthorized', 'Sign in with a staff account to refund an order.');
    const asCaller = dbAs(supabaseAnonKey, token);
    const checked = await rpc<{ payment_intent: string; staff: string }>(asCaller, 'discovery_order_refund_check', { p_order_id: orderId });
    if (checked.error) {
      const { hint, code, message } = checked.error;
      if (code === 'PGRST301' || code === 'PGRST303' || /jwt/i.test(message)) return apiError(401, 'unauthorized', 'Your session has expired: sign in again.');
      if (hint === 'staff_only' || code === '42501') return apiError(403, 'staff_only', 'Only the Citable team can refund an order.');
      if (hint === 'not_found') return apiError(404, 'not_found', 'This order does not exist.');
      if (hint === 'already_refunded' || hint === 'not_paid') return apiError(409, hint, message);
      throw new Error(`discovery_order_refund_check: ${message}`);
    }
    let refundId: string;
    try {
      const done = await stripe.refunds.create(
        { payment_intent: checked.data!.payment_intent, reason: 'requested_by_customer', metadata: { order_id: String(orderId) } },
        { idempotencyKey: `discovery-refund-${orderId}` },
      );
      refundId = done.id;
    } catch (error) {
      log(`refund: Stripe refused order ${orderId}: ${(error as Error).message}`);
      return apiError(502, 'payment_unavailable', `Stripe did not refund this order: ${(error as Error).message}`);
    }
    const marked = await rpc<{ status: string; refunded_at: string }>(service, 'discovery_order_refunded', {
      p_order_id: orderId,
      p_refund_id: refundId,
      p_staff: checked.data!.staff,
    });
    if (marked.error) throw new Error(`discovery_order_refunded: ${marked.error.message}`);
    return { status: 200, body: { orderId, status: marked.data!.status, refundedAt: marked.data!.refunded_at } };
  }

  async function handle(req: IncomingMessage, res: ServerResponse, pathname: string): Promise<boolean> {
    const refundMatch = /^\/api\/orders\/(\d{1,15})\/refund$/.exec(pathname);
    const route = pathname === '/api/checkout' ? 'checkout' : pathname === '/api/stripe/webhook' ? 'webhook' : refundMatch ? 'refund' : null;
    if (!route) return false;
    if (req.method !== 'POST') {
      sendJson(res, 405, { error: 'method_not_allowed', message: 'Use POST.' }, { Allow: 'POST' });
      return true;
    }
    try {
      const result =
        route === 'checkout' ? await checkout(req) : route === 'webhook' ? await webhook(req) : await refund(req, Number(refundMatch![1]));
      sendJson(res, result.status, result.body, result.headers ?? {});
    } catch (error) {
      if (error instanceof BodyError) {
        sendJson(res, error.status, { error: error.code, message: error.message });
        return true;
      }
      throw error;
    }
    return true;
  }

  return { handle, stripe };
}
