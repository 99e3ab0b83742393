// The discovery offer's card payment (issue 34, server/src/checkout.ts; docs/payments.md): the shell
// server's endpoints against the real local backend (embedded PostgreSQL, PostgREST, auth; started in
// a child process) and a local fake of Stripe's API speaking its wire format (server/test/fakes/stripe.js).
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import readline from 'node:readline';
import { PostgrestClient } from '@supabase/postgrest-js';
import { startAppServer, type AppServerHandle } from '../app-server';
import { buildRuntimeConfig } from '../runtime-config';
import { checkoutSettingsFromEnv, clientAddress, createCheckoutHandler, normalizeWebsite } from '../checkout';
import { startFakeStripe, type FakeStripe } from '../../test/fakes/stripe.js';

const ROOT = path.resolve(__dirname, '..', '..', '..');
const SITE = 'http://localhost:3000';

function makeDist(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'citable-checkout-dist-'));
  fs.writeFileSync(path.join(dir, 'index.html'), '<!doctype html><html><body><div id="root"></div></body></html>');
  return dir;
}

interface Backend {
  url: string;
  anonKey: string;
  serviceRoleKey: string;
}

function startBackend(): Promise<{ backend: Backend; child: ChildProcess }> {
  const child = spawn(process.execPath, [path.join(ROOT, 'server', 'test', 'backend.mjs')], { stdio: ['pipe', 'pipe', 'inherit'] });
  return new Promise((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`the backend exited (${code}) before it was ready`)));
    readline.createInterface({ input: child.stdout! }).once('line', (line) => resolve({ backend: JSON.parse(line) as Backend, child }));
  });
}

let backend: Backend;
let backendProcess: ChildProcess;
let stripe: FakeStripe;
let app: AppServerHandle;
let db: PostgrestClient;
let env: NodeJS.ProcessEnv;

beforeAll(async () => {
  ({ backend, child: backendProcess } = await startBackend());
  stripe = await startFakeStripe();
  env = {
    SUPABASE_URL: backend.url,
    SUPABASE_ANON_KEY: backend.anonKey,
    SUPABASE_SERVICE_ROLE_KEY: backend.serviceRoleKey,
    SITE_URL: SITE,
    MARKETING_URL: 'http://127.0.0.1:9',
    STRIPE_SECRET_KEY: stripe.secretKey,
    STRIPE_WEBHOOK_SECRET: stripe.webhookSecret,
    STRIPE_PUBLISHABLE_KEY: 'pk_test_fake_citable',
    STRIPE_API_BASE: stripe.url,
  };
  // the endpoints as the server makes them from env, with room for this file's checkouts from one address
  // (the limit itself: the last test)
  const checkout = createCheckoutHandler({
    settings: checkoutSettingsFromEnv(env)!,
    supabaseUrl: backend.url,
    supabaseAnonKey: backend.anonKey,
    siteUrl: SITE,
    rateLimit: { points: 1000, durationSeconds: 60 },
  });
  app = await startAppServer({ app: 'shell', distDir: makeDist(), env, prerenderer: null, articleHead: null, checkout });
  stripe.webhookUrl = `${app.url}/api/stripe/webhook`;
  db = new PostgrestClient(`${backend.url}/rest/v1`, { headers: { apikey: backend.serviceRoleKey, Authorization: `Bearer ${backend.serviceRoleKey}` } });
}, 90_000);

afterAll(async () => {
  await app?.close();
  await stripe?.close();
  if (backendProcess) {
    const exited = new Promise((resolve) => backendProcess.once('exit', resolve));
    backendProcess.stdin?.end();
    await exited;
  }
});

let counter = 0;
/** A client nobody used yet: its e-mail and website. */
const client = (name: string) => {
  counter += 1;
  return { email: `${name}.${counter}@client-${Date.now().toString(36)}.fr`, url: `https://${name}-${counter}-${Date.now().toString(36)}.fr` };
};

const post = (pathname: string, body: unknown, headers: Record<string, string> = {}) =>
  fetch(`${app.url}${pathname}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', ...headers },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });

async function checkout(input: { url: string; email: string; language?: string; returnPath?: string }) {
  const response = await post('/api/checkout', { language: 'fr', returnPath: '/decouverte', ...input });
  return { status: response.status, body: (await response.json()) as { url?: string; orderId?: number; error?: string; field?: string; message?: string } };
}

const sessionOf = (checkoutUrl: string) => stripe.sessions.get(checkoutUrl.split('/pay/')[1])!;

/** The client's click on the hosted page's button (the fake redirects as Stripe does). */
const click = (sessionUrl: string, action: 'pay' | 'cancel') => fetch(`${sessionUrl}/${action}`, { method: 'POST', redirect: 'manual' });

async function orderRow(id: number) {
  const { data, error } = await db.from('discovery_orders').select('*').eq('id', id).single();
  if (error) throw error;
  return data as { status: string; request: number | null; stripe_session_id: string; email: string; stripe_payment_intent: string | null };
}

async function requestsFor(email: string) {
  const { data, error } = await db.from('first_article_requests').select('id, url, stripe_email, status').ilike('stripe_email', email);
  if (error) throw error;
  return data;
}

describe('configuration', () => {
  it('no Stripe key: no checkout in /config.json, the API says payment is not configured', async () => {
    expect(checkoutSettingsFromEnv({})).toBeNull();
    const config = await buildRuntimeConfig({ SUPABASE_ANON_KEY: 'anon' });
    expect(config.checkout).toBeNull();
    const plain = await startAppServer({ app: 'shell', distDir: makeDist(), env: { SUPABASE_ANON_KEY: 'anon' }, prerenderer: null, articleHead: null });
    try {
      const response = await fetch(`${plain.url}/api/checkout`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: '{}' });
      expect(response.status).toBe(404);
      expect(await response.json()).toMatchObject({ error: 'not_found', message: expect.stringMatching(/not configured/) });
    } finally {
      await plain.close();
    }
  });

  it('some keys only: off, with a warning naming what is missing; a secret key as publishable stops the server', () => {
    const warnings: string[] = [];
    expect(checkoutSettingsFromEnv({ STRIPE_SECRET_KEY: 'sk_test_x' }, (m) => warnings.push(m))).toBeNull();
    expect(warnings[0]).toMatch(/STRIPE_WEBHOOK_SECRET, STRIPE_PUBLISHABLE_KEY, SUPABASE_SERVICE_ROLE_KEY/);
    const full = { STRIPE_SECRET_KEY: 'sk_test_x', STRIPE_WEBHOOK_SECRET: 'whsec_x', STRIPE_PUBLISHABLE_KEY: 'pk_test_x', SUPABASE_SERVICE_ROLE_KEY: 'srk' };
    expect(() => checkoutSettingsFromEnv({ ...full, STRIPE_PUBLISHABLE_KEY: 'sk_test_oops' })).toThrow(/publishable key/);
    expect(() => checkoutSettingsFromEnv({ ...full, DISCOVERY_PRICE_CENTS: '10' })).toThrow(/DISCOVERY_PRICE_CENTS/);
    expect(checkoutSettingsFromEnv(full)?.priceCents).toBe(100);
    expect(checkoutSettingsFromEnv({ ...full, DISCOVERY_PRICE_CENTS: '250' })?.priceCents).toBe(250);
  });

  it('a shell server started from the environment alone serves the endpoints', async () => {
    const fromEnv = await startAppServer({ app: 'shell', distDir: makeDist(), env, prerenderer: null, articleHead: null });
    try {
      const response = await fetch(`${fromEnv.url}/api/checkout`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: '{"url":"x"}' });
      expect(response.status).toBe(400);
      expect(await response.json()).toMatchObject({ error: 'invalid', field: 'url' });
      expect((await fetch(`${fromEnv.url}/api/nothing-here`, { method: 'POST' })).status).toBe(404);
    } finally {
      await fromEnv.close();
    }
  });

  it('/config.json gives the browser the publishable key and the price, never a secret', async () => {
    const response = await fetch(`${app.url}/config.json`);
    const text = await response.text();
    expect(JSON.parse(text).checkout).toEqual({ publishableKey: 'pk_test_fake_citable', priceCents: 100, currency: 'eur' });
    for (const secret of [stripe.secretKey, stripe.webhookSecret, backend.serviceRoleKey]) expect(text).not.toContain(secret);
  });

  it('counts a client by the socket, or by the entry a local proxy added to X-Forwarded-For', () => {
    const req = (remoteAddress: string, xff?: string) => ({ socket: { remoteAddress }, headers: xff ? { 'x-forwarded-for': xff } : {} }) as never;
    expect(clientAddress(req('203.0.113.9', '1.2.3.4'))).toBe('203.0.113.9');
    expect(clientAddress(req('127.0.0.1', 'spoofed, 198.51.100.7'))).toBe('198.51.100.7');
    expect(clientAddress(req('10.0.0.2'))).toBe('10.0.0.2');
  });

  it('normalizes the website as typed', () => {
    expect(normalizeWebsite('boulangerie.fr')).toBe('https://boulangerie.fr');
    expect(normalizeWebsite(' http://www.a-b.fr/blog ')).toBe('http://www.a-b.fr/blog');
    expect(normalizeWebsite('pas une url')).toBeNull();
    expect(normalizeWebsite(42)).toBeNull();
  });
});

describe('POST /api/checkout: bad input is a 4xx with a useful JSON body', () => {
  it.each([
    [{ url: '', email: 'a@b.fr' }, 'url', /enter your website/],
    [{ url: 'pas une url', email: 'a@b.fr' }, 'url', /valid website/],
    [{ url: 'https://b.fr', email: 'pas-un-email' }, 'email', /valid email/],
    [{ url: 'https://b.fr', email: 'a@b.fr', language: 'de' }, 'language', /fr or en/],
    [{ url: 'https://b.fr', email: 'a@b.fr', returnPath: 'https://evil.example/' }, 'returnPath', /path of this site/],
  ])('%j → 400 on %s', async (input, field, message) => {
    const { status, body } = await checkout(input as { url: string; email: string });
    expect(status).toBe(400);
    expect(body).toMatchObject({ error: 'invalid', field, message: expect.stringMatching(message) });
  });

  it('not JSON → 415, broken JSON → 400, GET → 405, too large → 413', async () => {
    const form = await fetch(`${app.url}/api/checkout`, { method: 'POST', headers: { 'Content-Type': 'application/x-www-form-urlencoded' }, body: 'url=x' });
    expect(form.status).toBe(415);
    expect((await form.json()).error).toBe('unsupported_media_type');
    const broken = await post('/api/checkout', '{"url":');
    expect(broken.status).toBe(400);
    expect((await broken.json()).error).toBe('invalid_json');
    expect((await fetch(`${app.url}/api/checkout`)).status).toBe(405);
    const large = await post('/api/checkout', { url: 'https://b.fr', email: 'a@b.fr', pad: 'x'.repeat(20_000) });
    expect(large.status).toBe(413);
  });
});

describe('the order', () => {
  it('pay → the webhook marks the order paid → the first-article request exists; Stripe has the price, the e-mail and our URLs', async () => {
    const who = client('paye');
    const { status, body } = await checkout({ ...who, url: who.url.replace('https://', '') });
    expect(status).toBe(200);
    expect(body.url).toMatch(new RegExp(`^${stripe.url}/pay/cs_test_`));
    const session = sessionOf(body.url!);
    expect(session).toMatchObject({ amount_total: 100, currency: 'eur', customer_email: who.email, metadata: { order_id: String(body.orderId), site_url: who.url } });
    expect(session._payment_intent_data?.receipt_email).toBe(who.email);
    expect(session.success_url).toBe(`${SITE}/discovery-success?session_id={CHECKOUT_SESSION_ID}`);
    expect(session.cancel_url).toBe(`${SITE}/decouverte?checkout=cancelled#pricing`);
    expect((await orderRow(body.orderId!)).status).toBe('pending');
    expect(await requestsFor(who.email)).toHaveLength(0);

    const paid = await click(body.url!, 'pay');
    expect(paid.status).toBe(303);
    expect(paid.headers.get('location')).toBe(`${SITE}/discovery-success?session_id=${session.id}`);
    expect(stripe.deliveries.at(-1)).toMatchObject({ type: 'checkout.session.completed', status: 200 });
    const order = await orderRow(body.orderId!);
    expect(order.status).toBe('paid');
    expect(order.stripe_payment_intent).toBe(session.payment_intent);
    const requests = await requestsFor(who.email);
    expect(requests).toEqual([expect.objectContaining({ id: order.request, url: who.url, status: 'new' })]);
  });

  it('the same event twice → one order, one request', async () => {
    const who = client('deux-fois');
    const { body } = await checkout(who);
    await click(body.url!, 'pay');
    const completed = stripe.events.filter((e) => e.type === 'checkout.session.completed').at(-1)!;
    const again = await stripe.deliver(completed);
    expect(again.status).toBe(200);
    expect(JSON.parse(again.body)).toMatchObject({ duplicate: true, status: 'paid' });
    // a second delivery of the same payment under a new event id (Stripe retried) changes nothing either
    await stripe.deliver({ ...completed, id: `${completed.id}_retry` });
    expect(await requestsFor(who.email)).toHaveLength(1);
    const { data } = await db.from('discovery_orders').select('id, status').eq('email', who.email);
    expect(data).toEqual([{ id: body.orderId, status: 'paid' }]);
  });

  it('a second order for the same e-mail or the same website is refused before payment', async () => {
    const who = client('unique');
    const { body } = await checkout(who);
    await click(body.url!, 'pay');
    const sessionsBefore = stripe.sessions.size;
    const sameEmail = await checkout({ email: who.email.toUpperCase(), url: 'https://un-autre-site.fr' });
    expect(sameEmail).toEqual({ status: 409, body: { error: 'already_ordered', field: 'email', message: expect.stringMatching(/e-mail/) } });
    const sameSite = await checkout({ email: `autre.${who.email}`, url: who.url.replace('https://', 'http://www.') + '/blog' });
    expect(sameSite).toEqual({ status: 409, body: { error: 'already_ordered', field: 'url', message: expect.stringMatching(/website/) } });
    expect(stripe.sessions.size).toBe(sessionsBefore);
  });

  it('cancel → back to our page, the order pending; the session expires → the order expired, no request', async () => {
    const who = client('annule');
    const { body } = await checkout(who);
    const cancelled = await click(body.url!, 'cancel');
    expect(cancelled.status).toBe(303);
    expect(cancelled.headers.get('location')).toBe(`${SITE}/decouverte?checkout=cancelled#pricing`);
    expect((await orderRow(body.orderId!)).status).toBe('pending');
    await stripe.expireSession(sessionOf(body.url!).id);
    expect(stripe.deliveries.at(-1)).toMatchObject({ type: 'checkout.session.expired', status: 200 });
    expect((await orderRow(body.orderId!)).status).toBe('expired');
    expect(await requestsFor(who.email)).toHaveLength(0);
  });

  it('a new checkout by a client with an open one closes the first at Stripe', async () => {
    const who = client('retente');
    const first = await checkout(who);
    const second = await checkout(who);
    expect(second.status).toBe(200);
    expect(sessionOf(first.body.url!).status).toBe('expired');
    expect((await orderRow(first.body.orderId!)).status).toBe('expired');
    expect((await orderRow(second.body.orderId!)).status).toBe('pending');
  });

  it('a webhook with a bad signature → 400 and nothing changes', async () => {
    const who = client('signature');
    const { body } = await checkout(who);
    const session = sessionOf(body.url!);
    const forged = { id: 'evt_forged_1', object: 'event', type: 'checkout.session.completed', data: { object: { ...session, status: 'complete', payment_status: 'paid', payment_intent: 'pi_forged' } } };
    const wrongSecret = await stripe.deliver(forged, { secret: 'whsec_not_ours' });
    expect(wrongSecret.status).toBe(400);
    expect(JSON.parse(wrongSecret.body)).toMatchObject({ error: 'invalid_signature' });
    expect((await stripe.deliver(forged, { signature: '' })).status).toBe(400);
    expect((await stripe.deliver(forged, { signature: 't=1,v1=deadbeef' })).status).toBe(400);
    expect((await orderRow(body.orderId!)).status).toBe('pending');
    expect(await requestsFor(who.email)).toHaveLength(0);
  });

  it('Stripe unavailable → 502 with a useful body, the order abandoned', async () => {
    const who = client('panne');
    // the library retries once: both attempts fail
    stripe.failNext(/^\/v1\/checkout\/sessions$/);
    stripe.failNext(/^\/v1\/checkout\/sessions$/);
    const { status, body } = await checkout(who);
    expect(status).toBe(502);
    expect(body).toMatchObject({ error: 'payment_unavailable', message: expect.stringMatching(/try again/) });
    const { data } = await db.from('discovery_orders').select('status').eq('email', who.email);
    expect(data).toEqual([{ status: 'expired' }]);
  });
});

describe('POST /api/orders/:id/refund', () => {
  /** A confirmed account (GoTrue's admin API, service role), signed in with its password: its access token. */
  async function userToken(staff: boolean) {
    const email = `${staff ? 'staff' : 'client'}.${Date.now().toString(36)}${counter++}@e2e.citable.test`;
    const password = `Pw-${Math.random().toString(36).slice(2)}-9x`;
    const admin = await fetch(`${backend.url}/auth/v1/admin/users`, {
      method: 'POST',
      headers: { apikey: backend.serviceRoleKey, Authorization: `Bearer ${backend.serviceRoleKey}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({ email, password, email_confirm: true, app_metadata: staff ? { staff: true } : {} }),
    });
    expect(admin.status).toBe(200);
    const signIn = await fetch(`${backend.url}/auth/v1/token?grant_type=password`, {
      method: 'POST',
      headers: { apikey: backend.anonKey, 'Content-Type': 'application/json' },
      body: JSON.stringify({ email, password }),
    });
    expect(signIn.status).toBe(200);
    return ((await signIn.json()) as { access_token: string }).access_token;
  }

  it('staff refund a paid order at Stripe, shown as refunded; anyone else is refused; twice is refused', async () => {
    const who = client('rembourse');
    const { body } = await checkout(who);
    await click(body.url!, 'pay');
    const orderId = body.orderId!;
    expect((await post(`/api/orders/${orderId}/refund`, {})).status).toBe(401);
    const notStaff = await post(`/api/orders/${orderId}/refund`, {}, { Authorization: `Bearer ${await userToken(false)}` });
    expect(notStaff.status).toBe(403);
    expect(await notStaff.json()).toMatchObject({ error: 'staff_only' });
    expect(stripe.refunds).toHaveLength(0);

    const staff = await userToken(true);
    const refunded = await post(`/api/orders/${orderId}/refund`, {}, { Authorization: `Bearer ${staff}` });
    expect(refunded.status).toBe(200);
    expect(await refunded.json()).toMatchObject({ orderId, status: 'refunded' });
    expect(stripe.refunds).toEqual([expect.objectContaining({ payment_intent: sessionOf(body.url!).payment_intent })]);
    expect((await orderRow(orderId)).status).toBe('refunded');

    const twice = await post(`/api/orders/${orderId}/refund`, {}, { Authorization: `Bearer ${staff}` });
    expect(twice.status).toBe(409);
    expect(await twice.json()).toMatchObject({ error: 'already_refunded' });
    expect((await post('/api/orders/999999999/refund', {}, { Authorization: `Bearer ${staff}` })).status).toBe(404);
    expect(stripe.refunds).toHaveLength(1);
  });
});

describe('rate limit', () => {
  it('the checkout endpoint answers 429 past its limit per client address', async () => {
    const settings = checkoutSettingsFromEnv(env)!;
    const handler = createCheckoutHandler({ settings, supabaseUrl: backend.url, supabaseAnonKey: backend.anonKey, siteUrl: SITE, rateLimit: { points: 2, durationSeconds: 60 } });
    const limited = await startAppServer({ app: 'shell', distDir: makeDist(), env, prerenderer: null, articleHead: null, checkout: handler });
    try {
      const send = () => fetch(`${limited.url}/api/checkout`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: '{"url":""}' });
      expect((await send()).status).toBe(400);
      expect((await send()).status).toBe(400);
      const third = await send();
      expect(third.status).toBe(429);
      expect(Number(third.headers.get('retry-after'))).toBeGreaterThan(50);
      expect(await third.json()).toMatchObject({ error: 'rate_limited' });
    } finally {
      await limited.close();
    }
  });
});
