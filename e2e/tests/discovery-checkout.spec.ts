// Issue 34, the 1 EUR discovery offer paid by card, the whole loop in French, at 1440 and at 375 px: a
// visitor orders from the offer card (with the keyword aimed at), cancels on the payment page (nothing
// charged), comes back, pays; Stripe's webhook marks the order paid and the first-article request, with
// the keyword, reaches the staff inbox marked "order paid". On a phone another client orders and pays
// the same way, then a second order for the same e-mail is refused before payment, the field marked and
// the next steps offered. The team refunds both from the inbox (1440, then 375).
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
const NBHY = '\u2011';
const SITE = `boulangerie-${suffix}.fr`;
const EMAIL = `marie.${suffix}@boulangerie-${suffix}.fr`;
// the client on a phone
const SITE_375 = `fromagerie-${suffix}.fr`;
const EMAIL_375 = `luc.${suffix}@fromagerie-${suffix}.fr`;
const DEMO: TestUser = { email: 'demo@citable.local', password: 'Demo1234!', id: '' };

interface Order {
  id: number;
  status: string;
  request: number | null;
  stripe_session_id: string;
  target_keyword: string | null;
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
    rest<Order[]>(request, 'service', 'GET', `discovery_orders?select=id,status,request,stripe_session_id,target_keyword&email=eq.${encodeURIComponent(email)}&order=id`);

  /**
   * What the visitor sees, as they see it: the window (header included) scrolled to the offer's form,
   * then to its end (the page's other sections are other specs' business). Not an element capture, which
   * draws the sticky header across the section.
   */
  async function offerScreenshots(name: string, widths = [1440, 375]) {
    for (const width of widths) {
      await page.setViewportSize({ width, height: width === 375 ? 812 : 900 });
      // as the #pricing link scrolls it (the section's scroll margin keeps its heading below the sticky header)
      await page.locator('#main-content #pricing').evaluate((el) => el.scrollIntoView({ block: 'start', behavior: 'instant' }));
      await page.screenshot({ path: `e2e/artifacts/screens/${name}-${width}.png` });
      // (scrolled at once: the page's CSS scrolls smoothly)
      await page.getByText('Paiement sécurisé sur la page de Stripe', { exact: false }).evaluate((el) => el.scrollIntoView({ block: 'end', behavior: 'instant' }));
      await page.screenshot({ path: `e2e/artifacts/screens/${name}-${width}-end.png` });
    }
  }

  /** The public header is there, above the offer's heading (audit D1, D2); the skip link is out of sight until focused. */
  async function expectHeaderAboveOffer() {
    const header = page.getByRole('banner');
    await expect(header.getByRole('link', { name: 'Connexion' })).toBeVisible();
    // the page complete (the prerendered copy gone), then as the #pricing link scrolls it
    await expect(page.locator('#citable-prerender')).toHaveCount(0);
    const heading = page.locator('#main-content #pricing h2');
    await page.locator('#main-content #pricing').evaluate((el) => el.scrollIntoView({ block: 'start', behavior: 'instant' }));
    const headerBottom = await header.evaluate((el) => el.getBoundingClientRect().bottom);
    // (a pixel of sub-pixel rounding allowed: the scroll lands on fractions)
    expect(await heading.evaluate((el) => el.getBoundingClientRect().top)).toBeGreaterThanOrEqual(headerBottom - 1);
    // out of sight: clipped to a point and transparent until it has the focus (SkipLink.css)
    const skip = await page.locator('.cz-skip-link').evaluate((el) => {
      const box = el.getBoundingClientRect();
      return { size: Math.max(box.width, box.height), opacity: getComputedStyle(el).opacity };
    });
    expect(skip.size).toBeLessThanOrEqual(1);
    expect(skip.opacity).toBe('0');
  }

  async function order(url: string, email: string, keyword?: string) {
    const card = page.getByTestId('discovery-checkout');
    await card.getByRole('textbox', { name: /URL du site/ }).fill(url);
    await card.getByRole('textbox', { name: /Adresse e-mail/ }).fill(email);
    if (keyword) await card.getByRole('textbox', { name: 'Mot-clé visé' }).fill(keyword);
    await card.getByRole('button', { name: `Payer 1${NBSP}€ par carte` }).click();
  }

  test('order, cancel on the payment page, order again and pay: the success page says what comes next', async ({ request }) => {
    await page.goto(`${shell.url}/home-4-discovery-timeline#pricing`);
    const card = page.getByTestId('discovery-checkout');
    await expect(card).toBeVisible();
    await expect(page.getByText('Paiement sécurisé sur la page de Stripe', { exact: false })).toBeVisible();
    await expectNoSeriousA11yViolations(page, { include: '#pricing' });
    await expectHeaderAboveOffer();
    await offerScreenshots('discovery-checkout-form', [1440]);
    await page.setViewportSize({ width: 1440, height: 900 });

    await order(SITE, EMAIL);
    await page.waitForURL(`${stripe.url}/pay/**`);
    await expect(page.getByTestId('fake-stripe-amount')).toHaveText(`1,00${NBSP}€`);
    await page.getByRole('button', { name: 'Retour au site' }).click();
    await page.waitForURL(`${shell.url}/home-4-discovery-timeline?checkout=cancelled#pricing`);
    await expect(page.getByTestId('checkout-cancelled')).toContainText('Rien n’a été débité');
    let orders = await ordersOf(request, EMAIL);
    expect(orders.map((o) => o.status)).toEqual(['pending']);

    await order(SITE, EMAIL, 'pain au levain');
    await page.waitForURL(`${stripe.url}/pay/**`);
    await page.getByRole('button', { name: /^Payer/ }).click();
    await page.waitForURL(`${shell.url}/discovery-success?session_id=cs_test_*`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Merci${NBSP}! Votre paiement est confirmé.`);
    await expect(page.getByTestId('discovery-success')).toContainText(`Livraison sous 24 à 48${NBSP}heures, à l’adresse e${NBHY}mail indiquée`);
    await expect(page.getByTestId('discovery-success')).toContainText('Stripe vous envoie le reçu');
    await expect(page.getByTestId('footer-copyright')).toHaveText(new RegExp(`^© 2025(–\\d{4})? Citable SAS\\. Tous droits réservés\\.$`));
    await expectNoSeriousA11yViolations(page);
    await page.screenshot({ path: 'e2e/artifacts/screens/discovery-checkout-success-1440.png', fullPage: true });

    // the first session was closed when the client ordered again; the second was paid (webhook)
    orders = await ordersOf(request, EMAIL);
    expect(orders.map((o) => o.status)).toEqual(['expired', 'paid']);
    expect(orders[1].target_keyword).toBe('pain au levain');
    expect(stripe.sessions.get(orders[0].stripe_session_id)?.status).toBe('expired');
    expect(stripe.deliveries.filter((d) => d.type === 'checkout.session.completed').map((d) => d.status)).toEqual([200]);
    const requests = await rest(request, 'service', 'GET', `first_article_requests?select=id,url,status,target_keyword&id=eq.${orders[1].request}`);
    expect(requests).toEqual([{ id: orders[1].request, url: `https://${SITE}`, status: 'new', target_keyword: 'pain au levain' }]);
  });

  test('on a phone (375 px): order and pay; a second order for the same e-mail is refused before payment, with next steps', async ({ request }) => {
    await page.setViewportSize({ width: 375, height: 812 });
    await page.goto(`${shell.url}/home-4-discovery#pricing`);
    await expect(page.getByTestId('discovery-checkout')).toBeVisible();
    await expectHeaderAboveOffer();
    await offerScreenshots('discovery-checkout-form', [375]);
    await order(SITE_375, EMAIL_375, 'fromage affiné');
    await page.waitForURL(`${stripe.url}/pay/**`);
    await page.getByRole('button', { name: /^Payer/ }).click();
    await page.waitForURL(`${shell.url}/discovery-success?session_id=cs_test_*`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(`Merci${NBSP}! Votre paiement est confirmé.`);
    await page.screenshot({ path: 'e2e/artifacts/screens/discovery-checkout-success-375.png', fullPage: true });
    const [paid] = await ordersOf(request, EMAIL_375);
    expect([paid.status, paid.target_keyword]).toEqual(['paid', 'fromage affiné']);

    await page.goto(`${shell.url}/home-4-discovery#pricing`);
    const sessions = stripe.sessions.size;
    await order(`autre-${SITE}`, EMAIL);
    const alert = page.getByTestId('checkout-error');
    await expect(alert).toContainText(`déjà été commandé avec cette adresse e${NBHY}mail${NBSP}: l’offre découverte est limitée à une par client`);
    await expect(page.getByTestId('discovery-checkout').getByRole('textbox', { name: /Adresse e-mail/ })).toHaveAttribute('aria-invalid', 'true');
    await expect(alert.getByRole('link', { name: 'Se connecter' })).toHaveAttribute('href', '/auth');
    await expect(alert.getByRole('link', { name: `Commander un article à 195${NBSP}€` })).toHaveAttribute('href', '/home-4#pricing');
    expect(page.url()).toContain(shell.url);
    expect(stripe.sessions.size).toBe(sessions);
    await expectNoSeriousA11yViolations(page, { include: '#pricing' });
    await alert.evaluate((el) => el.scrollIntoView({ block: 'end', behavior: 'instant' }));
    await page.screenshot({ path: 'e2e/artifacts/screens/discovery-checkout-refused-375.png' });
    await page.setViewportSize({ width: 1440, height: 900 });
  });

  test('the staff inbox shows the paid orders; Refund gives the money back through Stripe (1440, then 375)', async ({ request }) => {
    const [paid] = (await ordersOf(request, EMAIL)).filter((o) => o.status === 'paid');
    await page.goto(`${shell.url}/auth`);
    const form = page.locator('form').filter({ has: page.locator('input[type="password"]') }).first();
    await form.locator('input[type="email"]').fill(DEMO.email);
    await form.locator('input[type="password"]').fill(DEMO.password);
    await form.locator('button[type="submit"]').click();
    await expect(page.getByTestId('sidebar').first()).toBeVisible();
    await page.goto(`${shell.url}/inbox`);
    const row = page.locator(`[data-testid="inbox-request"][data-request-id="${paid.request}"]`);
    await expect(row.getByTestId('inbox-order')).toContainText(`Payée 1${NBSP}€ · `);
    await expect(row.getByTestId('inbox-request-keyword')).toHaveText(`Mot-clé visé${NBSP}: pain au levain`);
    // the inbox screen itself is inbox.spec.ts's: here, the row with the order
    await expectNoSeriousA11yViolations(page, { include: `[data-request-id="${paid.request}"]` });
    await saveScreenshots(page, 'discovery-checkout-inbox', { folder: 'screens', settle: false });

    await row.getByRole('button', { name: `Rembourser la commande de 1${NBSP}€ de ${SITE}` }).click();
    const dialog = page.getByRole('dialog', { name: `Rembourser 1${NBSP}€${NBSP}?` });
    await expect(dialog).toContainText('Stripe rend');
    await dialog.getByRole('button', { name: `Rembourser 1${NBSP}€` }).click();
    await expect(row.getByTestId('inbox-order')).toHaveAttribute('data-order-status', 'refunded');
    await expect(row.getByTestId('inbox-order')).toContainText(`Remboursée 1${NBSP}€ · `);
    expect(stripe.refunds.map((r) => r.payment_intent)).toEqual([stripe.sessions.get(paid.stripe_session_id)?.payment_intent]);
    expect((await ordersOf(request, EMAIL)).map((o) => o.status)).toEqual(['expired', 'refunded']);

    // the phone's client, from a phone
    const [phone] = await ordersOf(request, EMAIL_375);
    await page.setViewportSize({ width: 375, height: 812 });
    const phoneRow = page.locator(`[data-testid="inbox-request"][data-request-id="${phone.request}"]`);
    await expect(phoneRow.getByTestId('inbox-order')).toContainText(`Payée 1${NBSP}€ · `);
    await phoneRow.getByRole('button', { name: `Rembourser la commande de 1${NBSP}€ de ${SITE_375}` }).click();
    await page.getByRole('dialog', { name: `Rembourser 1${NBSP}€${NBSP}?` }).getByRole('button', { name: `Rembourser 1${NBSP}€` }).click();
    await expect(phoneRow.getByTestId('inbox-order')).toHaveAttribute('data-order-status', 'refunded');
    expect((await ordersOf(request, EMAIL_375)).map((o) => o.status)).toEqual(['refunded']);
    await page.setViewportSize({ width: 1440, height: 900 });
  });
});
