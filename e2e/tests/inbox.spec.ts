// Issue 30 (the operator's desk), the inbox: a visitor's claim (the public RPC) reaches the staff
// inbox; the demo account (staff in the seed) takes it in and lands on the new page; a second staff
// member on a stale list is told who took it; a contact message is answered by e-mail; an account
// that is not staff gets a "team only" screen. In French, against the real backend.
import type { APIRequestContext, Browser, Page } from '@playwright/test';
import { test, expect, saveScreenshots } from '../fixtures';
import { expectNoSeriousA11yViolations } from '../support/a11y';
import { createConfirmedUser, signIn, type TestUser } from '../support/users';
import { ANON, closeToasts, rest, SERVICE, SUPABASE, type Json } from './page-data-helpers';

const suffix = Date.now().toString(36);
const NBSP = '\u00a0';
const DEMO: TestUser = { email: 'demo@citable.local', password: 'Demo1234!', id: '' };
const CLAIM_URL = `https://www.fromagerie-${suffix}.fr/nos-fromages`;
const CLAIM_EMAIL = `client.${suffix}@fromagerie-${suffix}.fr`;

/** A public RPC as the visitor's browser calls it (anon key). */
async function publicRpc(request: APIRequestContext, fn: string, args: Json): Promise<Json> {
  const response = await request.post(`${SUPABASE()}/rest/v1/rpc/${fn}`, {
    headers: { apikey: ANON(), Authorization: `Bearer ${ANON()}`, 'Content-Type': 'application/json' },
    data: JSON.stringify(args),
  });
  expect(response.ok(), `${fn}: ${response.status()} ${await response.text()}`).toBeTruthy();
  return (await response.json()) as Json;
}

/** Makes an account staff as `npm run staff -- add` does: GoTrue's admin API with the service role. */
async function makeStaff(request: APIRequestContext, user: TestUser) {
  const response = await request.put(`${SUPABASE()}/auth/v1/admin/users/${user.id}`, {
    headers: { apikey: SERVICE(), Authorization: `Bearer ${SERVICE()}` },
    data: { app_metadata: { staff: true } },
  });
  expect(response.ok(), `admin update: ${response.status()} ${await response.text()}`).toBeTruthy();
}

async function frenchPage(browser: Browser): Promise<Page> {
  const context = await browser.newContext({ locale: 'fr-FR' });
  const page = await context.newPage();
  await page.addInitScript(() => window.localStorage.setItem('citable.lang', 'fr'));
  return page;
}

const requestRow = (page: Page) => page.getByTestId('inbox-request').filter({ hasText: CLAIM_URL });

test.describe.serial('the staff inbox', () => {
  test.describe.configure({ timeout: 180_000 });
  let claim: { request_id: number; site_id: number };
  let secondStaff: TestUser;
  let notStaff: TestUser;

  test.beforeAll(async ({ request }) => {
    claim = (await publicRpc(request, 'claim_first_article', { p_url: CLAIM_URL, p_stripe_email: CLAIM_EMAIL, p_language: 'fr' })) as typeof claim;
    secondStaff = await createConfirmedUser(request, 'inbox-staff');
    await makeStaff(request, secondStaff);
    notStaff = await createConfirmedUser(request, 'inbox-user');
  });

  test.afterAll(async ({ request }) => {
    // the demo account keeps its three seeded sites for the other specs: the site taken in goes
    if (claim?.site_id) await rest(request, 'service', 'DELETE', `sites?id=eq.${claim.site_id}`);
  });

  test('a claim reaches the inbox; staff takes it in and lands on the new page; a second take-in is refused with who took it', async ({ browser }) => {
    // the second staff member opens the inbox first: their list still shows the request as new
    const late = await frenchPage(browser);
    await signIn(late, secondStaff);
    await late.goto('/inbox');
    await expect(requestRow(late)).toBeVisible();
    await expect(requestRow(late).getByTestId('inbox-state')).toHaveText('Nouvelle');

    const page = await frenchPage(browser);
    await signIn(page, DEMO);
    await page.getByTestId('sidebar').first().getByRole('link', { name: 'Boîte de réception' }).click();
    await expect(page).toHaveURL(/\/inbox/);
    await expect(page.getByRole('heading', { name: 'Boîte de réception', level: 1 })).toBeVisible();
    await expect(page.getByRole('tab', { name: /Demandes d’article/, selected: true })).toBeVisible();
    const row = requestRow(page);
    await expect(row).toBeVisible();
    await expect(row).toContainText(`E-mail${NBSP}: ${CLAIM_EMAIL}`);
    await expect(row).toContainText(/Reçue (à l’instant|il y a \d+ minutes?)/);
    // newest first: the claim just made is the first row
    await expect(page.getByTestId('inbox-request').first()).toContainText(CLAIM_URL);
    const reply = row.getByRole('link', { name: `Répondre à ${CLAIM_EMAIL} (ouvre votre messagerie)` });
    const href = (await reply.getAttribute('href')) ?? '';
    expect(href.startsWith(`mailto:${CLAIM_EMAIL}?subject=`)).toBe(true);
    expect(new URL(href).searchParams.get('subject')).toBe(`Votre premier article Citable pour ${CLAIM_URL}`);
    expect(new URL(href).searchParams.get('body')).toContain(`> Site${NBSP}: ${CLAIM_URL}`);
    await expectNoSeriousA11yViolations(page, { include: '[data-testid="workspace-app"]' });
    await closeToasts(page);
    await saveScreenshots(page, 'inbox-requests', { folder: 'screens', settle: true });

    // keyboard: the take-in button is reached and pressed like any button
    const takeIn = row.getByRole('button', { name: `Prendre en charge la demande de fromagerie-${suffix}.fr/nos-fromages` });
    await takeIn.focus();
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(new RegExp(`/sites/${claim.site_id}/pages/\\d+$`));
    await expect(page.getByRole('heading', { name: `fromagerie-${suffix}.fr/nos-fromages`, level: 1 })).toBeVisible();
    await expect(page.getByText(`Demande prise en charge${NBSP}: la page de fromagerie-${suffix}.fr/nos-fromages est créée.`)).toBeVisible();

    // back in the inbox, under "Prises en charge", with who took it
    await page.goto('/inbox?tab=requests&state=taken');
    await expect(requestRow(page).getByTestId('inbox-taken-by')).toContainText('Prise en charge par Démo Citable');
    await expect(requestRow(page).getByRole('button', { name: /Prendre en charge/ })).toHaveCount(0);
    await expect(requestRow(page).getByRole('link', { name: 'Ouvrir la page' })).toBeVisible();

    // the late one's stale row: refused, told by whom, and the row refreshed
    await requestRow(late).getByRole('button', { name: /Prendre en charge/ }).click();
    const refusal = late.getByRole('alert').filter({ hasText: 'Cette demande a déjà été prise en charge par Démo Citable' });
    await expect(refusal).toBeVisible();
    await expect(refusal).toContainText(/le \d{1,2} .+ \d{4}/);
    await expect(late).toHaveURL(/\/inbox/);
    // under "Nouvelles" the request is gone once the list reloads
    await expect(requestRow(late)).toHaveCount(0);
    await expectNoSeriousA11yViolations(late, { include: '[data-testid="workspace-app"]' });
    await late.context().close();
    await page.context().close();
  });

  test('contact messages: reply by e-mail with the message quoted, then mark it answered', async ({ browser, request }) => {
    const name = `Camille ${suffix}`;
    await publicRpc(request, 'submit_contact_message', {
      p_name: name,
      p_email: `camille.${suffix}@exemple.fr`,
      p_message: `Bonjour,\nProposez-vous un abonnement${NBSP}? Merci.`,
    });
    const page = await frenchPage(browser);
    await signIn(page, DEMO);
    await page.goto('/inbox');
    await page.getByRole('tab', { name: /Messages de contact/ }).click();
    await expect(page).toHaveURL(/tab=messages/);
    const row = page.getByTestId('inbox-message').filter({ hasText: name });
    await expect(row).toBeVisible();
    await expect(row.getByTestId('inbox-state')).toHaveText('Nouveau');
    const reply = row.getByRole('link', { name: `Répondre à ${name} (ouvre votre messagerie)` });
    const body = new URL((await reply.getAttribute('href')) ?? '').searchParams.get('body') ?? '';
    expect(body).toContain(`Bonjour ${name},`);
    expect(body).toContain(`> Bonjour,\r\n> Proposez-vous un abonnement${NBSP}? Merci.`);
    expect(body).toMatch(new RegExp(`Le .+, ${name} <camille\\.${suffix}@exemple\\.fr> a écrit${NBSP}:`));
    await closeToasts(page);
    await saveScreenshots(page, 'inbox-messages', { folder: 'screens', settle: true });
    await expectNoSeriousA11yViolations(page, { include: '[data-testid="workspace-app"]' });

    // the mail app would open (mailto: link); the dialog offers to mark the message answered
    await page.evaluate(() => document.addEventListener('click', (e) => {
      if ((e.target as Element).closest('a[href^="mailto:"]')) e.preventDefault();
    }, true));
    await reply.click();
    const dialog = page.getByRole('dialog', { name: `Répondre à ${name}` });
    await expect(dialog).toBeVisible();
    await expectNoSeriousA11yViolations(page);
    await dialog.getByRole('button', { name: 'Marquer comme répondu' }).click();
    await expect(dialog).toBeHidden();
    await expect(page.getByText(`État changé${NBSP}: Répondu`)).toBeVisible();
    await closeToasts(page);
    // gone from "Nouveaux", shown under "Répondus" with who did it
    await expect(page.getByTestId('inbox-message').filter({ hasText: name })).toHaveCount(0);
    await page.getByTestId('inbox-filter').locator('label', { hasText: 'Répondus' }).click();
    const answered = page.getByTestId('inbox-message').filter({ hasText: name });
    await expect(answered.getByTestId('inbox-state')).toHaveText('Répondu');
    await expect(answered).toContainText(`Marqué «${NBSP}Répondu${NBSP}» par Démo Citable`);
    await page.context().close();
  });

  test('an account that is not staff: no Inbox link, and /inbox says it is for the team; made staff, a reload opens the inbox', async ({ browser, request }) => {
    const page = await frenchPage(browser);
    await signIn(page, notStaff);
    await expect(page.getByTestId('sidebar').first().getByRole('link', { name: 'Boîte de réception' })).toHaveCount(0);
    await page.goto('/inbox');
    await expect(page.getByRole('heading', { name: 'Réservé à l’équipe', level: 1 })).toBeVisible();
    await expect(page.getByTestId('inbox-request')).toHaveCount(0);
    await expectNoSeriousA11yViolations(page, { include: '[data-testid="workspace-app"]' });
    await closeToasts(page);
    await saveScreenshots(page, 'inbox-team-only', { folder: 'screens', settle: true });
    // made staff while signed in (npm run staff -- add): a reload of /inbox brings the access, no new sign-in
    await makeStaff(request, notStaff);
    await page.reload();
    await expect(page.getByTestId('inbox-staff-only')).toHaveCount(0);
    await expect(page.getByTestId('sidebar').first().getByRole('link', { name: 'Boîte de réception' })).toBeVisible();
    await page.context().close();
  });
});
