// Issue 32 (forms and tables), in French, against the real backend: the main button stays clickable
// while a toast shows; the page list searches and sorts in French on the server (pages.name_search,
// collation fr-x-icu) and cuts a long name; the site form takes the eye to its first error.
// One sign-in for the file; the rules and edge cases are in jest (PageFormModal, SiteFormModal,
// OverflowText, AddKeywordModal tests) and SQL (supabase-local/test/db/french-search.test.js).
import type { Browser, Page } from '@playwright/test';
import { test, expect, saveScreenshots } from '../fixtures';
import { expectNoSeriousA11yViolations } from '../support/a11y';
import { signIn } from '../support/users';
import { rest, siteWithPage, type SitePage } from './page-data-helpers';

const suffix = Date.now().toString(36);
const LONG_NAME = `Brioche ${'au beurre de baratte et à la fleur d’oranger '.repeat(12)}`.trim().slice(0, 500);
const NAMES = ['Tarte aux pommes', 'Éclair au café', 'Pain d’épices', LONG_NAME];

async function frenchPage(browser: Browser): Promise<Page> {
  const context = await browser.newContext({ locale: 'fr-FR', baseURL: process.env.E2E_SHELL_URL, viewport: { width: 1440, height: 900 } });
  const page = await context.newPage();
  await page.addInitScript(() => window.localStorage.setItem('citable.lang', 'fr'));
  return page;
}

const names = (page: Page) => page.getByTestId('page-name');
const toast = (page: Page, title: string) => page.locator('.mantine-Notification-root').filter({ hasText: title });

test.describe.serial('workspace forms and tables (issue 32)', () => {
  test.describe.configure({ timeout: 60_000 });
  let s: SitePage;
  let page: Page;

  test.beforeAll(async ({ browser, request }) => {
    s = await siteWithPage(request, 'forms', { siteName: `Boulangerie ${suffix}`, host: `boulangerie-${suffix}.fr`, pageName: 'Guide des farines' });
    await rest(request, s.token, 'POST', 'pages', NAMES.map((name, i) => ({ site: s.siteId, name, url: `${s.siteUrl}/p${i}` })));
    page = await frenchPage(browser);
    await signIn(page, s.owner);
  });

  test.afterAll(async () => {
    await page?.context().close();
  });

  test('the page list searches and sorts in French on the server and cuts a long name', async () => {
    await page.goto(`/sites/${s.siteId}/pages`);
    await expect(names(page)).toHaveCount(5);

    // a typed apostrophe finds the typographic one; accents do not matter
    const search = page.getByTestId('pages-search');
    const listed = page.waitForResponse((r) => r.url().includes('/rest/v1/pages?') && r.url().includes('name_search'));
    await search.fill("pain d'");
    await search.press('Enter');
    expect((await listed).status()).toBe(200);
    await expect(names(page)).toHaveText(['Pain d’épices']);
    await search.fill('ECLAIR');
    await search.press('Enter');
    await expect(names(page)).toHaveText(['Éclair au café']);
    await search.press('Escape');
    await expect(names(page)).toHaveCount(5);

    // the whole header cell sorts (clicked at its far right, away from the label and the arrow)
    const header = page.getByRole('columnheader', { name: /Nom/ });
    const box = await header.boundingBox();
    if (!box) throw new Error('no name header');
    await header.click({ position: { x: box.width - 3, y: box.height / 2 } });
    await expect(header).toHaveAttribute('aria-sort', 'ascending');
    await expect(names(page)).toHaveText([LONG_NAME, 'Éclair au café', 'Guide des farines', 'Pain d’épices', 'Tarte aux pommes']);
    await expect(page).toHaveURL(/sort=name&dir=asc/);

    // the 500-character name keeps its row one line high and shows whole on hover
    const rows = page.getByTestId('page-row');
    const heights = await rows.evaluateAll((els) => els.map((el) => Math.round(el.getBoundingClientRect().height)));
    expect(Math.max(...heights) - Math.min(...heights)).toBeLessThanOrEqual(1);
    await names(page).first().hover();
    await expect(page.getByRole('tooltip')).toContainText(LONG_NAME.slice(-40));
    await page.mouse.move(0, 0);
    await expect(page.getByRole('tooltip')).toHaveCount(0);
    await expectNoSeriousA11yViolations(page, { include: '[data-testid="workspace-app"]' });
    await saveScreenshots(page, 'workspace-forms-page-list-long-name', { folder: 'screens', settle: true });
  });

  test('"Nouvelle page" stays clickable right after a success toast', async () => {
    const newPage = page.getByRole('button', { name: 'Nouvelle page' });
    await newPage.click();
    const dialog = page.getByRole('dialog', { name: 'Nouvelle page' });
    await dialog.getByLabel(/Nom de la page/).fill('Chouquettes');
    // not a web address: refused in French, nothing saved
    await dialog.getByLabel(/URL de la page/).fill('javascript:alert(1)');
    await dialog.getByRole('button', { name: 'Créer la page' }).click();
    await expect(dialog.getByText(/^Ce n’est pas une adresse web/)).toBeVisible();
    await expect(dialog.getByLabel(/URL de la page/)).toBeFocused();
    await dialog.getByLabel(/URL de la page/).fill('/chouquettes');
    await dialog.getByRole('button', { name: 'Créer la page' }).click();
    await expect(dialog).toBeHidden();
    const shown = toast(page, 'Page créée avec succès');
    await expect(shown).toBeVisible();
    // the toast covers nothing that acts: the main button is clicked as is (no force), the toast still there
    const [toastBox, buttonBox] = [await shown.boundingBox(), await newPage.boundingBox()];
    expect(toastBox && buttonBox && toastBox.y > buttonBox.y + buttonBox.height).toBe(true);
    await newPage.click({ timeout: 2_000 });
    await expect(shown).toBeVisible();
    await expect(page.getByRole('dialog', { name: 'Nouvelle page' })).toBeVisible();
    await page.getByRole('dialog', { name: 'Nouvelle page' }).getByRole('button', { name: 'Annuler' }).click();
  });

  test('the site form scrolls to and focuses its first error, and normalises the address', async () => {
    await page.goto('/sites');
    await page.getByRole('button', { name: '+ Ajouter un site' }).click();
    const dialog = page.getByRole('dialog', { name: 'Ajouter un site' });
    const url = dialog.getByLabel(/URL du site/);
    await url.fill('javascript:alert(1)');
    // the save button is at the bottom of the long form: the URL field is out of view when it is pressed
    await dialog.getByRole('button', { name: 'Créer le site' }).scrollIntoViewIfNeeded();
    await dialog.getByRole('button', { name: 'Créer le site' }).click();
    await expect(url).toBeFocused();
    await expect(url).toBeInViewport();
    await expect(dialog.getByText(/^Ce n’est pas une adresse web/)).toBeInViewport();
    await expectNoSeriousA11yViolations(page, { include: '[role="dialog"]' });
    await saveScreenshots(page, 'workspace-forms-site-form-error', { folder: 'screens' });

    await url.fill('WWW.Boulangerie-Martin.fr/');
    await expect(dialog.getByTestId('site-url-preview')).toHaveText('Sera enregistrée comme https://www.boulangerie-martin.fr');
  });
});
