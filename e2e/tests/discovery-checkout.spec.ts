// Issue 34, the 1 EUR discovery offer paid by card, the whole loop in French: a visitor orders from the
// offer card, cancels on the payment page (nothing charged), comes back, pays; Stripe's webhook marks the
// order paid and the first-article request reaches the staff inbox marked "order paid"; a second order
// for the same e-mail is refused before payment (at 375 px); the team refunds it from the inbox.
// Stripe is the local fake of its API (server/test/fakes/stripe.js: its hosted-page stand-in pays or
// cancels, its webhooks are signed as Stripe signs them). The shell server taking payments is this
// spec's own (the platform's has no Stripe keys, so every other spec sees the free claim), on a spare
// port the backend's CORS allows, in front of the platform's remotes.
import type { Page } from '@playwright/test';
import { startFakeStripe, type FakeStripe } from '../../server/test/fakes/stripe.js';
import { test, expect, saveScreenshots } from '../fixtures';
import { expectNoSeriousA11yViolations } from '../support/a11y';
import { startAppServer, distOf, type AppServerHandle } from '../support/platform';
import type { TestUser } from '../support/users';
import { rest, SERVICE } from './page-data-helpers';

const suffix = Date.now().toString(36);
const NBSP = '\u00a0';
const SITE = `boulangerie-${suffix}.fr`;
const EMAIL = `marie.${suffix}@boulangerie-${suffix}.fr`;
const DEMO: TestUser = { email: 'demo@citable.local', password: 'Demo1234!', id: '' };

interface Order {
  id: number;
  status: string;
  request: number | null;
  stripe_session_id: string;
}

test.describe.serial('discovery offer paid by card', () => {
  let stripe: FakeStripe;
  let shell: AppServerHandle;
  let page: Page;

  test.beforeAll(async ({ browser, platformUrls }) => {
    stripe = await startFakeStripe();
    const port = Number((process.env.E2E_SPARE_PORTS ?? '').split(',')[1]);
    const site = `http://127.0.0.1:${port}`;
    shell = await startAppServer({
      app: 'shell',
      distDir: distOf('shell'),
      port,
      host: '127.0.0.1',
      env: {
        ...process.env,
        SITE_URL: site,
        SUPABASE_URL: process.env.E2E_SUPABASE_URL,
        SUPABASE_ANON_KEY: process.env.E2E_ANON_KEY,
        SUPABASE_SERVICE_ROLE_KEY: SERVICE(),
        MARKETING_URL: platformUrls.marketing,
        WORKSPACE_URL: platformUrls.workspace,
        REVIEWER_URL: platformUrls.reviewer,
        STRIPE_SECRET_KEY: stripe.secretKey,
        STRIPE_WEBHOOK_SECRET: stripe.webhookSecret,
        STRIPE_PUBLISHABLE_KEY: 'pk_test_e2e',
        STRIPE_API_BASE: stripe.url,
      },
    });
    stripe.webhookUrl = `${shell.url}/api/stripe/webhook`;
    const context = await browser.newContext({ locale: 'fr-FR', viewport: { width: 1440, height: 900 } });
    page = await context.newPage();
    await page.addInitScript(() => window.localStorage.setItem('citable.lang', 'fr'));
  });

  test.afterAll(async () => {
    await page?.context().close();
    await shell?.close();
    await stripe?.close();
  });

  const ordersOf = (request: Parameters<typeof rest>[0], email: string) =>
    rest<Order[]>(request, 'service', 'GET', `discovery_orders?select=id,status,request,stripe_session_id&email=eq.${encodeURIComponent(email)}&order=id`);

  /** The offer section at 1440 and 375 px (the rest of the landing page is other specs' business). */
  async function offerScreenshots(name: string) {
    for (const width of [1440, 375]) {
      await page.setViewportSize({ width, height: width === 375 ? 812 : 900 });
      await page.locator('#pricing').screenshot({ path: `e2e/artifacts/screens/${name}-${width}.png` });
    }
    await page.setViewportSize({ width: 1440, height: 900 });
  }

  async function order(url: string, email: string) {
    const card = page.getByTestId('discovery-checkout');
    await card.getByRole('textbox', { name: /URL du site/ }).fill(url);
    await card.getByRole('textbox', { name: /Adresse e-mail/ }).fill(email);
    await card.getByRole('button', { name: `Payer 1${NBSP}€ par carte` }).click();
  }

  test('order, cancel on the payment page, order again and pay: the success page says what comes next', async ({ request }) => {
    await page.goto(`${shell.url}/home-4-discovery-timeline#pricing`);
    const card = page.getByTestId('discovery-checkout');
    await expect(card).toBeVisible();
    await expect(page.getByText('Paiement sécurisé sur la page de Stripe', { exact: false })).toBeVisible();
    await expectNoSeriousA11yViolations(page, { include: '#pricing' });
    await offerScreenshots('discovery-checkout-form');

    await order(SITE, EMAIL);
    await page.waitForURL(`${stripe.url}/pay/**`);
    await expect(page.getByTestId('fake-stripe-amount')).toHaveText(`1,00${NBSP}€`);
    await page.getByRole('button', { name: 'Retour au site' }).click();
    await page.waitForURL(`${shell.url}/home-4-discovery-timeline?checkout=cancelled#pricing`);
    await expect(page.getByTestId('checkout-cancelled')).toContainText('Rien n’a été débité');
    let orders = await ordersOf(request, EMAIL);
    expect(orders.map((o) => o.status)).toEqual(['pending']);

    await order(SITE, EMAIL);
    await page.waitForURL(`${stripe.url}/pay/**`);
    await page.getByRole('button', { name: /^Payer/ }).click();
    await page.waitForURL(`${shell.url}/discovery-success?session_id=cs_test_*`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Merci${NBSP}! Votre paiement est confirmé.`);
    await expect(page.getByTestId('discovery-success')).toContainText(`Livraison sous 24 à 48${NBSP}heures`);
    await expect(page.getByTestId('discovery-success')).toContainText('Stripe vous envoie le reçu');
    await expectNoSeriousA11yViolations(page);
    await saveScreenshots(page, 'discovery-checkout-success', { folder: 'screens' });

    // the first session was closed when the client ordered again; the second was paid (webhook)
    orders = await ordersOf(request, EMAIL);
    expect(orders.map((o) => o.status)).toEqual(['expired', 'paid']);
    expect(stripe.sessions.get(orders[0].stripe_session_id)?.status).toBe('expired');
    expect(stripe.deliveries.filter((d) => d.type === 'checkout.session.completed').map((d) => d.status)).toEqual([200]);
    const requests = await rest(request, 'service', 'GET', `first_article_requests?select=id,url,status&id=eq.${orders[1].request}`);
    expect(requests).toEqual([{ id: orders[1].request, url: `https://${SITE}`, status: 'new' }]);
  });

  test('a second order for the same e-mail is refused before payment (375 px)', async () => {
    await page.setViewportSize({ width: 375, height: 812 });
    await page.goto(`${shell.url}/home-4-discovery#pricing`);
    const sessions = stripe.sessions.size;
    await order(`autre-${SITE}`, EMAIL);
    const alert = page.getByTestId('checkout-error');
    await expect(alert).toContainText(`déjà été commandé avec cette adresse e-mail${NBSP}: l’offre découverte est limitée à une par client`);
    expect(page.url()).toContain(shell.url);
    expect(stripe.sessions.size).toBe(sessions);
    await expectNoSeriousA11yViolations(page, { include: '#pricing' });
    await page.locator('#pricing').screenshot({ path: 'e2e/artifacts/screens/discovery-checkout-refused-375.png' });
    await page.setViewportSize({ width: 1440, height: 900 });
  });

  test('the staff inbox shows the paid order; Refund gives the money back through Stripe', async ({ request }) => {
    const [paid] = (await ordersOf(request, EMAIL)).filter((o) => o.status === 'paid');
    await page.goto(`${shell.url}/auth`);
    const form = page.locator('form').filter({ has: page.locator('input[type="password"]') }).first();
    await form.locator('input[type="email"]').fill(DEMO.email);
    await form.locator('input[type="password"]').fill(DEMO.password);
    await form.locator('button[type="submit"]').click();
    await expect(page.getByTestId('sidebar').first()).toBeVisible();
    await page.goto(`${shell.url}/inbox`);
    const row = page.locator(`[data-testid="inbox-request"][data-request-id="${paid.request}"]`);
    await expect(row.getByTestId('inbox-order')).toContainText(`Commande payée 1${NBSP}€`);
    // the inbox screen itself is inbox.spec.ts's: here, the row with the order
    await expectNoSeriousA11yViolations(page, { include: `[data-request-id="${paid.request}"]` });
    await saveScreenshots(page, 'discovery-checkout-inbox', { folder: 'screens', settle: false });

    await row.getByRole('button', { name: `Rembourser la commande de 1${NBSP}€ de ${SITE}` }).click();
    const dialog = page.getByRole('dialog', { name: `Rembourser 1${NBSP}€${NBSP}?` });
    await expect(dialog).toContainText('Stripe rend');
    await dialog.getByRole('button', { name: `Rembourser 1${NBSP}€` }).click();
    await expect(row.getByTestId('inbox-order')).toHaveAttribute('data-order-status', 'refunded');
    await expect(row.getByTestId('inbox-order')).toContainText(`Commande remboursée 1${NBSP}€`);
    expect(stripe.refunds.map((r) => r.payment_intent)).toEqual([stripe.sessions.get(paid.stripe_session_id)?.payment_intent]);
    expect((await ordersOf(request, EMAIL)).map((o) => o.status)).toEqual(['expired', 'refunded']);
  });
});
