// Authentication, guards and the signed-in layout (issue 4), in Chromium against the real backend.
import type { APIRequestContext, Page } from '@playwright/test';
import { expect, test } from '../fixtures';
import { mkdirSync } from 'node:fs';
import path from 'node:path';

const ARTIFACTS_DIR = path.resolve(__dirname, '..', 'artifacts');
mkdirSync(ARTIFACTS_DIR, { recursive: true });

/** The backend URL, read from the shell's own runtime config (what the browser uses). */
async function backendUrl(request: APIRequestContext): Promise<string> {
  const response = await request.get('/config.json');
  expect(response.ok()).toBeTruthy();
  const config = (await response.json()) as { supabaseUrl: string };
  return config.supabaseUrl.replace(/\/+$/, '');
}

interface Mail {
  to: string;
  subject: string;
  text: string;
  html: string;
  created_at?: string;
}

/** Waits for the newest mail to `to` (optionally one not seen before) and returns it. */
async function waitForMail(request: APIRequestContext, to: string, { after = 0 } = {}): Promise<Mail> {
  const api = await backendUrl(request);
  let found: Mail | undefined;
  await expect
    .poll(
      async () => {
        const response = await request.get(`${api}/mailbox/messages?to=${encodeURIComponent(to)}`);
        if (!response.ok()) return 0;
        const messages = (await response.json()) as Mail[];
        if (messages.length > after) found = messages[0];
        return messages.length;
      },
      { timeout: 15_000, message: `mail to ${to}` },
    )
    .toBeGreaterThan(after);
  return found as Mail;
}

async function mailCount(request: APIRequestContext, to: string): Promise<number> {
  const api = await backendUrl(request);
  const response = await request.get(`${api}/mailbox/messages?to=${encodeURIComponent(to)}`);
  return response.ok() ? ((await response.json()) as Mail[]).length : 0;
}

/** The first http(s) link of a mail that goes through the auth server's /verify endpoint. */
function verifyLink(mail: Mail): string {
  const links = `${mail.text}\n${mail.html}`.match(/https?:\/\/[^\s"'<>]+/g) ?? [];
  const link = links.find((l) => l.includes('/verify')) ?? links[0];
  expect(link, `a link in "${mail.subject}"`).toBeTruthy();
  return (link as string).replace(/&amp;/g, '&');
}

function uniqueEmail(prefix: string): string {
  return `${prefix}.${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}@e2e.citable.test`;
}

/** Page object of /auth. */
class AuthPageObject {
  constructor(private readonly page: Page) {}

  async open(pathname = '/auth') {
    await this.page.goto(pathname);
    await expect(this.page.getByRole('tab', { name: 'Connexion' })).toBeVisible();
  }

  get loginForm() {
    return this.page.getByRole('form', { name: 'Connexion' });
  }

  get signupForm() {
    return this.page.getByRole('form', { name: 'Inscription' });
  }

  async signIn(email: string, password: string) {
    const form = this.loginForm;
    await form.getByLabel('Adresse e-mail').fill(email);
    await form.getByLabel(/^Mot de passe/).fill(password);
    await form.getByRole('button', { name: 'Se connecter' }).click();
  }

  async signUp({ fullName, email, password, confirm }: { fullName?: string; email: string; password: string; confirm?: string }) {
    await this.page.getByRole('tab', { name: 'Inscription' }).click();
    const form = this.signupForm;
    if (fullName) await form.getByLabel('Nom complet').fill(fullName);
    await form.getByLabel('Adresse e-mail').fill(email);
    await form.getByLabel(/^Mot de passe/).fill(password);
    await form.getByLabel(/^Confirmer le mot de passe/).fill(confirm ?? password);
    await form.getByRole('button', { name: "S'inscrire" }).click();
  }
}

async function expectToast(page: Page, title: string, message?: string | RegExp) {
  const toast = page.locator('.mantine-Notification-root').filter({ hasText: title }).last();
  await expect(toast).toBeVisible();
  if (message) await expect(toast).toContainText(message);
}

/** Signs out through the avatar menu. */
async function signOutThroughMenu(page: Page) {
  await page.getByTestId('user-menu').click();
  await page.getByRole('menuitem', { name: 'Déconnexion' }).click();
}

/** Forces the French UI for a fresh context (the language is remembered in localStorage). */
async function preferFrench(page: Page) {
  await page.addInitScript(() => {
    if (!window.localStorage.getItem('citable.lang')) window.localStorage.setItem('citable.lang', 'fr');
  });
}

const PASSWORD = 'Citable-e2e-1!';

test.beforeEach(async ({ page }) => {
  await preferFrench(page);
});

/** Creates a confirmed account through the UI and the mailbox; ends signed in on /dashboard. */
async function signUpAndConfirm(page: Page, request: APIRequestContext, fullName: string, email: string) {
  const auth = new AuthPageObject(page);
  await auth.open();
  const before = await mailCount(request, email);
  await auth.signUp({ fullName, email, password: PASSWORD });
  await expectToast(page, 'Inscription réussie', 'Veuillez vérifier votre email pour confirmer votre compte');
  // back on the login tab
  await expect(page.getByRole('tab', { name: 'Connexion' })).toHaveAttribute('aria-selected', 'true');
  await expect(auth.loginForm.getByRole('button', { name: 'Se connecter' })).toBeVisible();

  const mail = await waitForMail(request, email, { after: before });
  await page.goto(verifyLink(mail));
  // the link signs the user in (session in the URL fragment) and /auth sends them on
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByTestId('user-menu')).toBeVisible();
}

test.describe('authentication', () => {
  test('sign up through the mailbox confirmation, then sign out and back in', async ({ page, request }) => {
    const email = uniqueEmail('inscription');
    await signUpAndConfirm(page, request, 'Camille Martin', email);
    await expectToast(page, 'Connecté', 'Vous êtes maintenant connecté');
    await expect(page.getByTestId('user-avatar')).toHaveText('CM');

    await page.getByTestId('user-menu').click();
    await expect(page.getByTestId('user-menu-name')).toHaveText('Camille Martin');
    await expect(page.getByTestId('user-menu-email')).toHaveText(email);
    await page.keyboard.press('Escape');

    await signOutThroughMenu(page);
    await expect(page).toHaveURL(/\/$/);
    await expectToast(page, 'Déconnecté', 'Vous avez été déconnecté avec succès');
    await expect(page.getByRole('link', { name: 'Commencer' })).toBeVisible();

    const auth = new AuthPageObject(page);
    await auth.open();
    await auth.signIn(email, PASSWORD);
    await expect(page).toHaveURL(/\/dashboard$/);
    await expectToast(page, 'Connecté', 'Vous êtes maintenant connecté');
  });

  test('full name defaults to the part of the e-mail before @ (avatar initials, profile)', async ({ page, request }) => {
    const email = uniqueEmail('zoe');
    await signUpAndConfirm(page, request, '', email);
    const localPart = email.split('@')[0];
    await page.goto('/profile');
    await expect(page.getByTestId('profile-name')).toHaveText(localPart);
    await expect(page.getByTestId('profile-email')).toHaveText(email);
    // "zoe.xxxx" → two parts → 'Z' + first letter of the second part
    await expect(page.getByTestId('user-avatar')).toHaveText(new RegExp(`^Z${localPart.split('.')[1][0].toUpperCase()}$`));
  });

  test('a guarded page sends guests to /auth and back there after sign-in', async ({ page, request }) => {
    const email = uniqueEmail('retour');
    await signUpAndConfirm(page, request, 'Retour Garde', email);
    await signOutThroughMenu(page);
    await expect(page).toHaveURL(/\/$/);

    await page.goto('/profile');
    await expect(page).toHaveURL(/\/auth$/);
    const auth = new AuthPageObject(page);
    await auth.signIn(email, PASSWORD);
    await expect(page).toHaveURL(/\/profile$/);
    await expect(page.getByTestId('profile-email')).toHaveText(email);

    // the guard replaced the history entry: going back does not return to /auth's redirect loop
    await page.goto('/auth');
    await expect(page).toHaveURL(/\/dashboard$/);
  });

  test('wrong password shows the error in the user’s language (GoTrue invalid_credentials)', async ({ page }) => {
    const auth = new AuthPageObject(page);
    await auth.open();
    await auth.signIn('demo@citable.local', 'not-the-password');
    // a known GoTrue code gets its own text (@citable/shared/auth-errors); the server's English
    // message is only the fallback for codes without one
    await expectToast(page, 'Erreur de connexion', 'Adresse e-mail ou mot de passe incorrect.');
    await expect(page).toHaveURL(/\/auth$/);
    await expect(auth.loginForm.getByRole('button', { name: 'Se connecter' })).toBeEnabled();
  });

  test('sign-up with mismatched passwords sends nothing', async ({ page, request }) => {
    const email = uniqueEmail('mismatch');
    const auth = new AuthPageObject(page);
    await auth.open();
    const signupCalls: string[] = [];
    page.on('request', (r) => {
      if (r.url().includes('/auth/v1/signup')) signupCalls.push(r.url());
    });
    await auth.signUp({ email, password: PASSWORD, confirm: `${PASSWORD}x` });
    await expectToast(page, 'Erreur', 'Les mots de passe ne correspondent pas');
    await page.waitForTimeout(500);
    expect(signupCalls).toHaveLength(0);
    expect(await mailCount(request, email)).toBe(0);
  });

  test('forgotten password through the mailbox link, then sign in with the new password', async ({ page, request }) => {
    const email = uniqueEmail('oubli');
    await signUpAndConfirm(page, request, 'Oubli Motdepasse', email);
    await signOutThroughMenu(page);
    await expect(page).toHaveURL(/\/$/);

    const auth = new AuthPageObject(page);
    await auth.open();
    await page.getByRole('button', { name: 'Mot de passe oublié ?' }).click();
    const before = await mailCount(request, email);
    await page.getByLabel('Adresse e-mail').fill(email);
    await page.getByRole('button', { name: 'Envoyer le lien de réinitialisation' }).click();
    await expectToast(page, 'Email envoyé', 'Vérifiez votre boîte mail pour réinitialiser votre mot de passe');
    await expect(page.getByRole('tab', { name: 'Connexion' })).toBeVisible();

    const mail = await waitForMail(request, email, { after: before });
    await page.goto(verifyLink(mail));
    await expect(page).toHaveURL(/\/auth\/update-password/);
    await expect(page.getByRole('heading', { name: 'Mettre à jour le mot de passe' })).toBeVisible();

    const newPassword = 'Nouveau-mdp-2!';
    await page.getByLabel(/^Nouveau mot de passe/).fill(newPassword);
    await page.getByLabel(/^Confirmer le nouveau mot de passe/).fill('different');
    await page.getByRole('button', { name: 'Mettre à jour le mot de passe' }).click();
    await expectToast(page, 'Erreur', 'Les mots de passe ne correspondent pas');

    await page.getByLabel(/^Confirmer le nouveau mot de passe/).fill(newPassword);
    await page.getByRole('button', { name: 'Mettre à jour le mot de passe' }).click();
    await expectToast(page, 'Succès', 'Votre mot de passe a été mis à jour');
    await expect(page).toHaveURL(/\/dashboard$/);

    await signOutThroughMenu(page);
    await expect(page).toHaveURL(/\/$/);
    await auth.open();
    await auth.signIn(email, PASSWORD);
    await expectToast(page, 'Erreur de connexion');
    await auth.signIn(email, newPassword);
    await expect(page).toHaveURL(/\/dashboard$/);
  });

  test('settings: display name edit updates the header; password change works', async ({ page, request }) => {
    const email = uniqueEmail('reglages');
    await signUpAndConfirm(page, request, 'Avant Nom', email);
    await expect(page.getByTestId('user-avatar')).toHaveText('AN');
    await page.goto('/settings');
    await expect(page.getByRole('heading', { name: 'Paramètres' })).toBeVisible();
    const name = page.getByLabel('Nom affiché');
    await name.fill('Zoé Lambert');
    await page.getByRole('button', { name: 'Enregistrer' }).click();
    await expectToast(page, 'Profil mis à jour');
    await expect(page.getByTestId('user-avatar')).toHaveText('ZL');
    await page.reload();
    await expect(page.getByLabel('Nom affiché')).toHaveValue('Zoé Lambert');

    await page.getByLabel(/^Nouveau mot de passe/).fill('Reglages-mdp-3!');
    await page.getByLabel(/^Confirmer le nouveau mot de passe/).fill('Reglages-mdp-3!');
    await page.getByRole('button', { name: 'Changer le mot de passe' }).click();
    await expectToast(page, 'Succès', 'Votre mot de passe a été mis à jour');
    await signOutThroughMenu(page);
    await expect(page).toHaveURL(/\/$/);
    const auth = new AuthPageObject(page);
    await auth.open();
    await auth.signIn(email, 'Reglages-mdp-3!');
    await expect(page).toHaveURL(/\/dashboard$/);
  });

  test('/login and /signup redirect to /auth; /auth/update-password without a link explains it', async ({ page }) => {
    await page.goto('/login');
    await expect(page).toHaveURL(/\/auth$/);
    await page.goto('/signup');
    await expect(page).toHaveURL(/\/auth$/);
    await page.goto('/auth/update-password');
    await expect(page.getByText('Lien invalide ou expiré')).toBeVisible();
  });
});

test.describe('signed-in layout', () => {
  test('desktop: sidebar 240/70px, notifications, language switch; screenshots', async ({ page, request }) => {
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.goto('/auth');
    await page.screenshot({ path: path.join(ARTIFACTS_DIR, 'auth-1440.png'), fullPage: true });

    const email = uniqueEmail('bureau');
    await signUpAndConfirm(page, request, 'Bureau Large', email);
    await page.goto('/profile');
    const sidebar = page.locator('.mantine-AppShell-navbar');
    await expect(sidebar).toBeVisible();
    expect((await sidebar.boundingBox())?.width).toBe(240);
    await expect(page.getByTestId('nav-burger')).toBeHidden();
    await expect(sidebar.getByRole('link', { name: 'Mes sites' })).toHaveAttribute('href', '/sites');
    await expect(sidebar.getByRole('link', { name: 'Articles de ton' })).toHaveAttribute('href', '/tone-articles');
    await expect(sidebar.getByRole('link', { name: 'Profil' })).toHaveAttribute('href', '/profile');
    await expect(sidebar.getByTestId('sidebar-copyright')).toContainText('Citable SAS');
    await expect(page.getByTestId('linkedin-block')).toBeVisible();
    await page.screenshot({ path: path.join(ARTIFACTS_DIR, 'layout-1440.png'), fullPage: true });

    await page.getByTestId('sidebar-toggle').click();
    await expect.poll(async () => (await sidebar.boundingBox())?.width).toBe(70);
    await expect(sidebar.getByRole('link', { name: 'Mes sites' })).toBeVisible();
    await page.screenshot({ path: path.join(ARTIFACTS_DIR, 'layout-1440-collapsed.png') });
    await page.getByTestId('sidebar-toggle').click();
    await expect.poll(async () => (await sidebar.boundingBox())?.width).toBe(240);

    // a new account has no notification: no badge, and the bell says so
    await expect(page.getByRole('button', { name: 'Notifications (aucune non lue)' })).toBeVisible();
    await expect(page.getByTestId('notifications-badge')).not.toContainText(/\d/);
    await page.getByRole('button', { name: /Notifications/ }).click();
    await expect(page.getByText('Aucune notification')).toBeVisible();
    await page.keyboard.press('Escape');

    await page.getByTestId('language-switch').getByText('EN').click();
    await expect(sidebar.getByRole('link', { name: 'My Sites' })).toBeVisible();
    await page.reload();
    await expect(page.locator('.mantine-AppShell-navbar').getByRole('link', { name: 'My Sites' })).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    await page.getByTestId('language-switch').getByText('FR').click();
    await expect(sidebar.getByRole('link', { name: 'Mes sites' })).toBeVisible();
  });

  test('mobile 375px: hamburger opens the drawer, the backdrop and navigation close it; screenshots', async ({ page, request }) => {
    await page.setViewportSize({ width: 375, height: 812 });
    // a phone's public header: the product name, the current language and one sign-in button
    await page.goto('/');
    await expect(page.getByTestId('header-logo')).toContainText('Citable');
    await expect(page.getByRole('radiogroup', { name: 'Langue' }).getByRole('radio', { name: 'FR' })).toBeChecked();
    await expect(page.getByRole('link', { name: 'Connexion' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Commencer' })).toBeHidden();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    // the sign-in page offers no header button to itself
    await page.goto('/auth');
    await expect(page.getByRole('tab', { name: 'Connexion' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Connexion' })).toHaveCount(0);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await page.screenshot({ path: path.join(ARTIFACTS_DIR, 'auth-375.png'), fullPage: true });

    const email = uniqueEmail('mobile');
    await signUpAndConfirm(page, request, 'Mobile Petit', email);
    await page.goto('/profile');
    // the desktop sidebar is off-screen on mobile; the drawer replaces it
    await expect
      .poll(async () => {
        const box = await page.locator('.mantine-AppShell-navbar').boundingBox();
        return box ? box.x + box.width : 0;
      })
      .toBeLessThanOrEqual(0);
    await page.screenshot({ path: path.join(ARTIFACTS_DIR, 'layout-375.png'), fullPage: true });
    // nothing overflows horizontally
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);

    const burger = page.getByTestId('nav-burger');
    await expect(burger).toBeVisible();
    await burger.click();
    const drawer = page.getByRole('dialog');
    await expect(drawer.getByRole('link', { name: 'Mes sites' })).toBeVisible();
    // wait for the slide-in to finish
    await expect.poll(async () => (await drawer.getByRole('link', { name: 'Mes sites' }).boundingBox())?.x ?? -1).toBeGreaterThanOrEqual(0);
    await page.waitForTimeout(300);
    await page.screenshot({ path: path.join(ARTIFACTS_DIR, 'layout-375-drawer.png') });
    // click the backdrop, right of the 240px drawer
    await page.mouse.click(340, 400);
    await expect(drawer).toBeHidden();

    await burger.click();
    await expect(drawer.getByRole('link', { name: 'Articles de ton' })).toBeVisible();
    await drawer.getByRole('link', { name: 'Articles de ton' }).click();
    await expect(page).toHaveURL(/\/tone-articles$/);
    await expect(page.getByRole('dialog')).toBeHidden();
  });
});
