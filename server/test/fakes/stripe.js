// A local fake of the part of Stripe's API that the discovery offer uses (issue 34; docs/payments.md),
// for tests only (jest server project, e2e/tests/discovery-checkout.spec.ts). It speaks Stripe's
// wire format: form-encoded requests with bracketed keys (line_items[0][price_data][currency]), a
// secret key in the Authorization header, Idempotency-Key, JSON objects and errors shaped as Stripe's.
//
//   POST /v1/checkout/sessions              → a checkout.session (status open, url = the hosted page below)
//   GET  /v1/checkout/sessions/:id          → the session
//   POST /v1/checkout/sessions/:id/expire   → expired (checkout.session.expired sent); a complete one: 400
//   POST /v1/refunds {payment_intent}       → a refund (succeeded); twice: 400 charge_already_refunded
//   GET  /pay/:id                           → the stand-in for Stripe's hosted page (no card form: two buttons)
//   POST /pay/:id/pay                       → paid: the signed checkout.session.completed is delivered to
//                                             webhookUrl, then 303 to success_url ({CHECKOUT_SESSION_ID} filled)
//   POST /pay/:id/cancel                    → 303 to cancel_url (the session stays open, as at Stripe)
//
// Webhooks are signed as Stripe signs them (Stripe.webhooks.generateTestHeaderString: t=…,v1=HMAC-SHA256).
// Listens on 127.0.0.1 only.
const http = require('node:http');
const crypto = require('node:crypto');
const qs = require('qs');
const Stripe = require('stripe');

const API_VERSION = '2025-01-27.acacia';

const escapeHtml = (s) => String(s).replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]);
const newId = (prefix) => `${prefix}_test_${crypto.randomBytes(12).toString('hex')}`;
const now = () => Math.floor(Date.now() / 1000);

function stripeError(res, status, type, message, extra = {}) {
  const body = JSON.stringify({ error: { type, message, ...extra } });
  res.writeHead(status, { 'Content-Type': 'application/json', 'Request-Id': newId('req') });
  res.end(body);
}

/**
 * @param {{ secretKey?: string, webhookSecret?: string, webhookUrl?: string }} [options]
 * @returns {Promise<FakeStripe>}
 *
 * @typedef {{ url: string, port: number, secretKey: string, webhookSecret: string, webhookUrl: string | null,
 *   sessions: Map<string, any>, refunds: any[], events: any[], deliveries: { eventId: string, type: string, status: number, body: string }[],
 *   requests: { method: string, path: string, params: any, idempotencyKey?: string }[],
 *   failNext: (path: RegExp, status?: number) => void,
 *   pay: (sessionId: string) => Promise<any>, expireSession: (sessionId: string) => Promise<any>,
 *   deliver: (event: any, opts?: { secret?: string, signature?: string }) => Promise<{ status: number, body: string }>,
 *   close: () => Promise<void> }} FakeStripe
 */
async function startFakeStripe(options = {}) {
  const secretKey = options.secretKey || 'sk_test_fake_citable';
  const webhookSecret = options.webhookSecret || 'whsec_fake_citable';
  /** @type {FakeStripe} */
  const fake = /** @type {any} */ ({
    secretKey,
    webhookSecret,
    webhookUrl: options.webhookUrl || null,
    sessions: new Map(),
    refunds: [],
    events: [],
    deliveries: [],
    requests: [],
  });
  const idempotent = new Map(); // Idempotency-Key → [status, body]
  const failures = []; // { path, status }
  let base = '';

  function event(type, object) {
    const e = {
      id: newId('evt'),
      object: 'event',
      api_version: API_VERSION,
      created: now(),
      data: { object: structuredClone(object) },
      livemode: false,
      pending_webhooks: 1,
      request: { id: null, idempotency_key: null },
      type,
    };
    fake.events.push(e);
    return e;
  }

  /** Delivers one event to webhookUrl, signed with the secret (or a given signature header). */
  fake.deliver = async (e, { secret = webhookSecret, signature } = {}) => {
    if (!fake.webhookUrl) throw new Error('fake Stripe: no webhookUrl to deliver to');
    const payload = JSON.stringify(e, null, 2);
    const header = signature ?? Stripe.webhooks.generateTestHeaderString({ payload, secret });
    const response = await fetch(fake.webhookUrl, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json; charset=utf-8', 'Stripe-Signature': header, 'User-Agent': 'Stripe/1.0 (+https://stripe.com/docs/webhooks)' },
      body: payload,
    });
    const delivery = { eventId: e.id, type: e.type, status: response.status, body: await response.text() };
    fake.deliveries.push(delivery);
    return delivery;
  };

  fake.pay = async (sessionId) => {
    const session = fake.sessions.get(sessionId);
    if (!session) throw new Error(`fake Stripe: no session ${sessionId}`);
    if (session.status !== 'open') return session;
    Object.assign(session, { status: 'complete', payment_status: 'paid', payment_intent: newId('pi') });
    await fake.deliver(event('checkout.session.completed', session));
    return session;
  };

  fake.expireSession = async (sessionId) => {
    const session = fake.sessions.get(sessionId);
    if (!session) throw new Error(`fake Stripe: no session ${sessionId}`);
    if (session.status !== 'open') return session;
    Object.assign(session, { status: 'expired' });
    if (fake.webhookUrl) await fake.deliver(event('checkout.session.expired', session));
    return session;
  };

  /** The next API call whose path matches answers this status (Stripe's api_error). */
  fake.failNext = (path, status = 500) => failures.push({ path, status });

  function createSession(params) {
    const missing = ['mode', 'success_url'].find((k) => !params[k]);
    if (missing) return [400, { error: { type: 'invalid_request_error', param: missing, message: `Missing required param: ${missing}.` } }];
    const items = Array.isArray(params.line_items) ? params.line_items : Object.values(params.line_items || {});
    if (items.length === 0) return [400, { error: { type: 'invalid_request_error', param: 'line_items', message: 'You must specify `line_items`.' } }];
    let amount = 0;
    let currency = null;
    for (const item of items) {
      const price = item.price_data || {};
      const unit = Number(price.unit_amount);
      if (!Number.isInteger(unit) || unit < 50) {
        return [400, { error: { type: 'invalid_request_error', param: 'line_items[0][price_data][unit_amount]', message: 'The Checkout Session\'s total amount due must add up to at least €0.50 eur' } }];
      }
      amount += unit * Number(item.quantity || 1);
      currency = price.currency;
    }
    const id = newId('cs');
    const session = {
      id,
      object: 'checkout.session',
      amount_subtotal: amount,
      amount_total: amount,
      cancel_url: params.cancel_url || null,
      client_reference_id: params.client_reference_id || null,
      created: now(),
      currency,
      customer_details: params.customer_email ? { email: params.customer_email } : null,
      customer_email: params.customer_email || null,
      expires_at: params.expires_at ? Number(params.expires_at) : now() + 24 * 3600,
      livemode: false,
      locale: params.locale || null,
      metadata: params.metadata || {},
      mode: params.mode,
      payment_intent: null,
      payment_status: 'unpaid',
      status: 'open',
      success_url: params.success_url,
      url: `${base}/pay/${id}`,
      // what the test may look at (not in Stripe's object)
      _line_items: items,
      _payment_intent_data: params.payment_intent_data || null,
    };
    fake.sessions.set(id, session);
    return [200, session];
  }

  function publicSession(session) {
    const rest = { ...session };
    delete rest._line_items;
    delete rest._payment_intent_data;
    return rest;
  }

  function refund(params) {
    const session = [...fake.sessions.values()].find((s) => s.payment_intent && s.payment_intent === params.payment_intent);
    if (!session) {
      return [400, { error: { type: 'invalid_request_error', code: 'resource_missing', param: 'payment_intent', message: `No such payment_intent: '${params.payment_intent}'` } }];
    }
    if (fake.refunds.some((r) => r.payment_intent === session.payment_intent)) {
      return [400, { error: { type: 'invalid_request_error', code: 'charge_already_refunded', message: `Charge for ${session.payment_intent} has already been refunded.` } }];
    }
    const r = {
      id: newId('re'),
      object: 'refund',
      amount: session.amount_total,
      currency: session.currency,
      created: now(),
      metadata: params.metadata || {},
      payment_intent: session.payment_intent,
      reason: params.reason || null,
      status: 'succeeded',
    };
    fake.refunds.push(r);
    return [200, r];
  }

  async function api(req, res, path, body) {
    if (req.headers.authorization !== `Bearer ${secretKey}`) {
      const given = String(req.headers.authorization || '').replace(/^Bearer\s+/i, '');
      return stripeError(res, 401, 'invalid_request_error', `Invalid API Key provided: ${given.slice(0, 8)}****`);
    }
    const params = qs.parse(body);
    const key = req.headers['idempotency-key'];
    fake.requests.push({ method: req.method, path, params, idempotencyKey: key });
    const failure = failures.findIndex((f) => f.path.test(path));
    if (failure >= 0) {
      const [{ status }] = failures.splice(failure, 1);
      return stripeError(res, status, 'api_error', 'Something went wrong on Stripe\'s end (fake).');
    }
    if (key && req.method === 'POST' && idempotent.has(`${path} ${key}`)) {
      const [status, payload] = idempotent.get(`${path} ${key}`);
      res.writeHead(status, { 'Content-Type': 'application/json', 'Idempotent-Replayed': 'true' });
      return res.end(JSON.stringify(payload));
    }
    let result;
    let m;
    if (req.method === 'POST' && path === '/v1/checkout/sessions') {
      result = createSession(params);
      if (result[0] === 200) result = [200, publicSession(result[1])];
    } else if (req.method === 'GET' && (m = /^\/v1\/checkout\/sessions\/([\w-]+)$/.exec(path))) {
      const session = fake.sessions.get(m[1]);
      result = session ? [200, publicSession(session)] : [404, { error: { type: 'invalid_request_error', code: 'resource_missing', message: `No such checkout.session: '${m[1]}'` } }];
    } else if (req.method === 'POST' && (m = /^\/v1\/checkout\/sessions\/([\w-]+)\/expire$/.exec(path))) {
      const session = fake.sessions.get(m[1]);
      if (!session) result = [404, { error: { type: 'invalid_request_error', code: 'resource_missing', message: `No such checkout.session: '${m[1]}'` } }];
      else if (session.status !== 'open') {
        result = [400, { error: { type: 'invalid_request_error', message: `Only Checkout Sessions with a status in ["open"] can be expired. This Checkout Session has a status of "${session.status}".` } }];
      } else result = [200, publicSession(await fake.expireSession(m[1]))];
    } else if (req.method === 'POST' && path === '/v1/refunds') {
      result = refund(params);
    } else {
      result = [404, { error: { type: 'invalid_request_error', message: `Unrecognized request URL (${req.method}: ${path}).` } }];
    }
    if (key && req.method === 'POST') idempotent.set(`${path} ${key}`, result);
    res.writeHead(result[0], { 'Content-Type': 'application/json', 'Request-Id': newId('req'), 'Stripe-Version': API_VERSION });
    res.end(JSON.stringify(result[1]));
  }

  function hostedPage(res, session) {
    const amount = (session.amount_total / 100).toLocaleString('fr-FR', { style: 'currency', currency: session.currency || 'eur' });
    const closed = session.status !== 'open';
    const html = `<!doctype html><html lang="fr"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Paiement — Stripe (faux, tests)</title>
<style>body{font-family:system-ui,sans-serif;max-width:28rem;margin:2rem auto;padding:0 1rem;color:#1a1a1a}button{font-size:1rem;padding:.75rem 1rem;margin:.25rem 0;width:100%}</style></head>
<body><main><h1>Stripe Checkout (fake)</h1>
<p>${escapeHtml(session.customer_email || '')}</p>
<p data-testid="fake-stripe-amount">${escapeHtml(amount)}</p>
${closed ? `<p role="alert">Session ${escapeHtml(session.status)}</p>` : `<form method="post" action="/pay/${escapeHtml(session.id)}/pay"><button type="submit">Payer ${escapeHtml(amount)}</button></form>
<form method="post" action="/pay/${escapeHtml(session.id)}/cancel"><button type="submit">Retour au site</button></form>`}
</main></body></html>`;
    res.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' });
    res.end(html);
  }

  const server = http.createServer((req, res) => {
    const chunks = [];
    req.on('data', (c) => chunks.push(c));
    req.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      const path = new URL(req.url || '/', 'http://localhost').pathname;
      (async () => {
        if (path.startsWith('/v1/')) return api(req, res, path, body);
        const m = /^\/pay\/([\w-]+)(?:\/(pay|cancel))?$/.exec(path);
        const session = m && fake.sessions.get(m[1]);
        if (!session) {
          res.writeHead(404, { 'Content-Type': 'text/plain' });
          return res.end('No such checkout session');
        }
        if (req.method === 'GET' && !m[2]) return hostedPage(res, session);
        if (req.method === 'POST' && m[2] === 'pay') {
          if (session.status !== 'open') return hostedPage(res, session);
          await fake.pay(session.id);
          res.writeHead(303, { Location: session.success_url.replace('{CHECKOUT_SESSION_ID}', session.id) });
          return res.end();
        }
        if (req.method === 'POST' && m[2] === 'cancel') {
          res.writeHead(303, { Location: session.cancel_url });
          return res.end();
        }
        res.writeHead(405).end();
      })().catch((error) => {
        if (!res.headersSent) stripeError(res, 500, 'api_error', String(error && error.message));
      });
    });
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  fake.port = server.address().port;
  fake.url = base = `http://127.0.0.1:${fake.port}`;
  fake.close = () =>
    new Promise((resolve) => {
      server.close(() => resolve());
      server.closeAllConnections?.();
    });
  return fake;
}

module.exports = { startFakeStripe };
