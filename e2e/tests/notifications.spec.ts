// Issue 30 (NOTIF): the bell shows real notifications. A client decides on /view (the anonymous
// review RPCs, as the reviewer app calls them) → the operator's bell shows it without a reload (the
// 30 s poll, and a refetch when the tab becomes visible again), opening one goes to the page's
// versions and marks it read, "Tout marquer comme lu"; the /settings e-mail switch persists.
import type { APIRequestContext, Page } from '@playwright/test';
import { test, expect, saveScreenshots } from '../fixtures';
import { expectNoSeriousA11yViolations } from '../support/a11y';
import { signIn } from '../support/users';
import { ANON, SUPABASE, closeToasts, rest, siteWithPage, type Json, type SitePage } from './page-data-helpers';

const suffix = Date.now().toString(36);

async function preferFrench(page: Page) {
  await page.addInitScript(() => {
    if (!window.localStorage.getItem('citable.lang')) window.localStorage.setItem('citable.lang', 'fr');
  });
}

/** A review RPC called as the client on /view: the anon key, no account. */
async function asClient(request: APIRequestContext, fn: 'approve_version' | 'send_for_revision', args: Json) {
  const response = await request.post(`${SUPABASE()}/rest/v1/rpc/${fn}`, {
    headers: { apikey: ANON(), Authorization: `Bearer ${ANON()}`, 'Content-Type': 'application/json' },
    data: JSON.stringify(args),
  });
  expect(response.ok(), `${fn}: ${response.status()} ${await response.text()}`).toBeTruthy();
}

const bell = (page: Page) => page.getByTestId('notifications-bell');

test.describe.serial('notifications: the bell and the e-mail setting', () => {
  test.describe.configure({ timeout: 180_000 });
  let s: SitePage;
  const versions: string[] = [];

  test.beforeAll(async ({ request }) => {
    s = await siteWithPage(request, 'notif', { siteName: 'Le Fournil', host: `fournil-${suffix}.example`, pageName: 'Pain au levain maison' });
    for (const html of ['<h1>Pain au levain</h1><p>Première version.</p>', '<h1>Pain au levain</h1><p>Deuxième version.</p>']) {
      const [v] = await rest<Json[]>(request, s.token, 'POST', 'pages_versions', { page: s.pageId, html_content: html });
      versions.push(v.id as string);
    }
  });

  test('a client decision shows up in the bell without a reload; opening it goes to the versions and marks it read', async ({ page, request }) => {
    await preferFrench(page);
    await signIn(page, s.owner);
    await page.goto('/sites');
    await expect(bell(page)).toHaveAccessibleName('Notifications (aucune non lue)');

    // the client asks for a revision on /view: the 30 s poll brings it
    await asClient(request, 'send_for_revision', { p_version_id: versions[0], p_comments: 'Le titre est trop long.\nAjoutez un exemple chiffré.' });
    await expect(bell(page)).toHaveAccessibleName('Notifications (1 non lue)', { timeout: 45_000 });
    await expect(page.getByTestId('notifications-badge')).toContainText('1');

    // the client approves the other version: coming back to the tab refetches at once
    await asClient(request, 'approve_version', { p_version_id: versions[1] });
    // (TanStack Query listens on window)
    await page.evaluate(() => window.dispatchEvent(new Event('visibilitychange')));
    await expect(bell(page)).toHaveAccessibleName('Notifications (2 non lues)', { timeout: 10_000 });

    await bell(page).click();
    const list = page.getByRole('list', { name: 'Dernières notifications' });
    await expect(list.getByRole('listitem')).toHaveCount(2);
    const [approved, revision] = [list.getByRole('listitem').nth(0), list.getByRole('listitem').nth(1)];
    await expect(approved).toContainText('Le client a approuvé');
    await expect(approved).toContainText('Pain au levain maison');
    await expect(revision).toContainText('Le client demande une révision');
    await expect(revision).toContainText('Le titre est trop long.');
    await expect(revision.getByRole('link')).toHaveAttribute('href', `/sites/${s.siteId}/pages/${s.pageId}/page-versions`);
    await expectNoSeriousA11yViolations(page);
    await saveScreenshots(page, 'notifications-bell-open', { folder: 'screens', settle: true });

    // keyboard: the list's links are reachable with Tab
    await bell(page).focus();
    await revision.getByRole('link').focus();
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(new RegExp(`/sites/${s.siteId}/pages/${s.pageId}/page-versions$`));
    await expect(bell(page)).toHaveAccessibleName('Notifications (1 non lue)');

    await bell(page).click();
    await expect(list.getByRole('listitem').nth(1)).toHaveAttribute('data-unread', 'false');
    await page.getByRole('button', { name: 'Tout marquer comme lu' }).click();
    await expect(bell(page)).toHaveAccessibleName('Notifications (aucune non lue)');
    await expect(page.getByTestId('notifications-badge')).not.toContainText(/\d/);
    // stored, not only shown
    await page.reload();
    await expect(bell(page)).toHaveAccessibleName('Notifications (aucune non lue)');
    const rows = await rest<Json[]>(request, s.token, 'GET', 'notifications?select=kind,read_at&order=id');
    expect(rows.map((r) => r.kind)).toEqual(['client_revision', 'client_approved']);
    expect(rows.every((r) => r.read_at !== null)).toBe(true);
  });

  test('the e-mail switch in /settings persists', async ({ page, request }) => {
    await preferFrench(page);
    await signIn(page, s.owner);
    await page.goto('/settings');
    const emails = page.getByRole('switch', { name: 'Recevoir un e-mail quand un client approuve ou demande une révision' });
    await expect(emails).toBeChecked();
    await emails.click({ force: true });
    await expect(page.getByText('Préférence enregistrée')).toBeVisible();
    await expect(emails).not.toBeChecked();
    await closeToasts(page);
    await expectNoSeriousA11yViolations(page);
    await page.reload();
    await expect(emails).not.toBeChecked();
    const [row] = await rest<Json[]>(request, s.token, 'GET', 'user_settings?select=notification_emails');
    expect(row.notification_emails).toBe(false);
    // and on again, with the keyboard
    await emails.focus();
    await page.keyboard.press('Space');
    await expect(emails).toBeChecked();
    await expect(page.getByText('Préférence enregistrée')).toBeVisible();
    const [after] = await rest<Json[]>(request, s.token, 'GET', 'user_settings?select=notification_emails');
    expect(after.notification_emails).toBe(true);
  });
});
