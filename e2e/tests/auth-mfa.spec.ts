// Two-factor authentication (TOTP, issue 20) and the confirmation e-mail sent again from the sign-in
// form, in Chromium against the real backend: codes are computed from the secret the page shows, with
// the same TOTP library as the auth server.
import type { APIRequestContext, Page } from '@playwright/test';
import { Secret, TOTP } from 'otpauth';
import { expect, test } from '../fixtures';
import { expectNoSeriousA11yViolations } from '../support/a11y';
import { createConfirmedUser, uniqueEmail } from '../support/users';

const totpCode = (secret: string) =>
  new TOTP({ secret: Secret.fromBase32(secret), algorithm: 'SHA1', digits: 6, period: 30 }).generate();

async function expectToast(page: Page, title: string, message?: string | RegExp) {
  const toast = page.locator('.mantine-Notification-root').filter({ hasText: title }).last();
  await expect(toast).toBeVisible();
  if (message) await expect(toast).toContainText(message);
}

async function signInWithPassword(page: Page, email: string, password: string) {
  await page.goto('/auth');
  const form = page.getByRole('form', { name: 'Connexion' });
  await form.getByLabel('Adresse e-mail').fill(email);
  await form.getByLabel('Mot de passe').fill(password);
  await form.getByRole('button', { name: 'Se connecter' }).click();
}

async function mails(request: APIRequestContext, to: string): Promise<{ subject: string; text: string }[]> {
  const response = await request.get(`${process.env.E2E_SUPABASE_URL}/mailbox/messages?to=${encodeURIComponent(to)}`);
  return response.ok() ? ((await response.json()) as { subject: string; text: string }[]) : [];
}

test.beforeEach(async ({ page }) => {
  await page.addInitScript(() => {
    if (!window.localStorage.getItem('citable.lang')) window.localStorage.setItem('citable.lang', 'fr');
  });
});

test.describe('two-factor authentication', () => {
  test('turn it on in /settings, sign out, sign in with the code, turn it off', async ({ page, request }) => {
    const user = await createConfirmedUser(request, 'mfa');
    await signInWithPassword(page, user.email, user.password);
    await expect(page).toHaveURL(/\/dashboard$/);

    await page.goto('/settings');
    const section = page.locator('.mantine-Card-root').filter({ has: page.getByRole('heading', { name: 'Double authentification' }) });
    await expect(section.getByText('La double authentification est désactivée.')).toBeVisible();
    await section.getByRole('button', { name: 'Activer la double authentification' }).click();
    await expect(section.getByRole('img', { name: 'QR code à scanner avec votre application d’authentification' })).toBeVisible();
    const secret = (await section.getByTestId('two-factor-secret').innerText()).trim();
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    // the new section (the page's dimmed descriptions are checked elsewhere)
    await expectNoSeriousA11yViolations(page, { include: '[data-testid="two-factor-section"]' });

    // a wrong code is refused in French, then the right one turns it on
    const wrong = String((Number(totpCode(secret)) + 500_000) % 1_000_000).padStart(6, '0');
    await section.getByLabel('Code à 6 chiffres').fill(wrong);
    await section.getByRole('button', { name: 'Confirmer' }).click();
    await expectToast(page, 'Double authentification', 'Code incorrect.');
    await section.getByLabel('Code à 6 chiffres').fill(totpCode(secret));
    await section.getByRole('button', { name: 'Confirmer' }).click();
    await expectToast(page, 'Double authentification activée');
    await expect(section.getByText(/La double authentification est activée/)).toBeVisible();

    // sign out, then the password alone no longer opens the workspace
    await page.getByTestId('user-menu').click();
    await page.getByRole('menuitem', { name: 'Déconnexion' }).click();
    await expect(page).toHaveURL(/\/$/);
    await signInWithPassword(page, user.email, user.password);
    const prompt = page.getByRole('form', { name: 'Double authentification' });
    await expect(prompt.getByLabel('Code de vérification')).toBeVisible();
    await expect(page).toHaveURL(/\/auth$/);
    await expectNoSeriousA11yViolations(page, { include: 'form[aria-label="Double authentification"]' });
    // a guarded page sends the half-signed-in user back to the code
    await page.goto('/dashboard');
    await expect(page).toHaveURL(/\/auth$/);
    await expect(prompt.getByLabel('Code de vérification')).toBeVisible();
    await prompt.getByLabel('Code de vérification').fill(totpCode(secret));
    await prompt.getByRole('button', { name: 'Vérifier' }).click();
    await expect(page).toHaveURL(/\/dashboard$/);
    await expectToast(page, 'Connecté', 'Vous êtes maintenant connecté');
    // the verified session (MFA_CHALLENGE_VERIFIED) reached the auth store: it is aal2
    const aal = await page.evaluate(() => {
      type Holder = { __citableAuthStore__: { store: { getState: () => { session: { access_token: string } | null } } } };
      const token = (globalThis as unknown as Holder).__citableAuthStore__.store.getState().session?.access_token ?? '';
      const payload = token.split('.')[1] ?? '';
      return (JSON.parse(atob(payload.replace(/-/g, '+').replace(/_/g, '/'))) as { aal?: string }).aal;
    });
    expect(aal).toBe('aal2');

    await page.goto('/settings');
    await expect(section.getByText(/La double authentification est activée/)).toBeVisible();
    await section.getByRole('button', { name: 'Désactiver la double authentification' }).click();
    await expectToast(page, 'Double authentification désactivée');
    await expect(section.getByText('La double authentification est désactivée.')).toBeVisible();

    // the next sign-in asks for no code
    await page.getByTestId('user-menu').click();
    await page.getByRole('menuitem', { name: 'Déconnexion' }).click();
    await expect(page).toHaveURL(/\/$/);
    await signInWithPassword(page, user.email, user.password);
    await expect(page).toHaveURL(/\/dashboard$/);
  });
});

test.describe('confirmation e-mail sent again', () => {
  test('a sign-in refused for an unconfirmed address offers a new confirmation e-mail; its link confirms', async ({ page, request }) => {
    // an unconfirmed account whose confirmation mail never arrived (made through the admin API: no mail)
    const email = uniqueEmail('renvoi');
    const password = 'Citable-e2e-1!';
    const created = await request.post(`${process.env.E2E_SUPABASE_URL}/auth/v1/admin/users`, {
      headers: { apikey: process.env.E2E_SERVICE_ROLE_KEY ?? '', Authorization: `Bearer ${process.env.E2E_SERVICE_ROLE_KEY}` },
      data: { email, password },
    });
    expect(created.ok()).toBeTruthy();
    expect(await mails(request, email)).toHaveLength(0);

    await signInWithPassword(page, email, password);
    const alert = page.getByRole('status').filter({ hasText: 'Adresse e-mail non confirmée' });
    await expect(alert).toBeVisible();
    await expectNoSeriousA11yViolations(page, { include: 'form[aria-label="Connexion"]' });
    await alert.getByRole('button', { name: 'Renvoyer l’e-mail de confirmation' }).click();
    await expectToast(page, 'E-mail envoyé');
    await expect(page.getByText(/Un nouvel e-mail de confirmation est en route/).first()).toBeVisible();
    await expect.poll(async () => (await mails(request, email)).length).toBe(1);
    const [mail] = await mails(request, email);
    expect(mail.subject).toBe('Confirmez votre inscription');

    // at once again: GoTrue's per-address interval, said in French
    await signInWithPassword(page, email, password);
    await page.getByRole('status').getByRole('button', { name: 'Renvoyer l’e-mail de confirmation' }).click();
    await expectToast(page, 'Impossible d’envoyer l’e-mail', /Par sécurité, vous pourrez refaire cette demande dans \d+\s+secondes?\./);

    const link = /https?:\/\/\S+/.exec(mail.text)?.[0] ?? '';
    await page.goto(link);
    await expect(page).toHaveURL(/\/dashboard$/);
  });
});
