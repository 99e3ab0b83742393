// Issue 13 (sites): the sites list, the site form (create and edit, with its logo) and the site detail,
// as a new user would use them, against the real backend (RLS, storage that checks files by content).
// Only the load-error and rename-error states answer from page.route.
import type { APIRequestContext, Page } from '@playwright/test';
import { test, expect, saveScreenshots } from '../fixtures';
import { expectNoSeriousA11yViolations } from '../support/a11y';
import { createConfirmedUser, signIn, type TestUser } from '../support/users';

// a real 1×1 PNG
const PNG_1X1 = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);
// 6 MB that start like a PNG (the browser must refuse it for its size, not its type)
const PNG_6MB = Buffer.concat([PNG_1X1, Buffer.alloc(6 * 1024 * 1024)]);
const TEXT_AS_PNG = Buffer.from('I am a text file, not an image.\n');
const SVG = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="1" height="1"><rect width="1" height="1"/></svg>');

const suffix = Date.now().toString(36);
const SITE_HOST = `e2e-jardin-${suffix}.fr`;
const SITE_URL = `https://www.${SITE_HOST}`;
const EDITED_NAME = `Jardin E2E ${suffix}`;
const RENAMED = `Jardin renommé ${suffix}`;

const MSG = {
  logoRequired: 'Please upload a logo image.',
  logoSize: 'File is too large. Maximum size is 5MB.',
  logoFormat: 'Unsupported file format. Please use JPG, PNG, GIF, or WebP.',
};

const dialog = (page: Page) => page.getByRole('dialog');
const logoInput = (page: Page) => page.getByTestId('logo-dropzone').locator('input[type="file"]');
const cards = (page: Page) => page.getByTestId('site-card');

async function openSites(page: Page) {
  await page.goto('/sites');
  await expect(page.getByRole('heading', { name: 'Your Sites', level: 1 })).toBeVisible();
}

/** An access token of the user, from the auth server (as supabase-js gets it). */
async function accessToken(request: APIRequestContext, user: TestUser): Promise<string> {
  const url = process.env.E2E_SUPABASE_URL ?? '';
  const anonKey = process.env.E2E_ANON_KEY ?? '';
  const response = await request.post(`${url}/auth/v1/token?grant_type=password`, {
    headers: { apikey: anonKey },
    data: { email: user.email, password: user.password },
  });
  expect(response.ok()).toBeTruthy();
  return ((await response.json()) as { access_token: string }).access_token;
}

test.describe.serial('sites', () => {
  test.describe.configure({ timeout: 180_000 });
  let owner: TestUser;
  let siteId = '';

  test('empty state, every validation message of the form, then a site created with its logo', async ({ page, request }) => {
    owner = await createConfirmedUser(request, 'sites-owner');
    await signIn(page, owner);
    await page.goto('/dashboard');
    await expect(page.getByRole('heading', { name: 'Your Sites', level: 1 })).toBeVisible();
    await expect(page.getByTestId('sites-empty')).toBeVisible();
    await expect(cards(page)).toHaveCount(0);
    await expectNoSeriousA11yViolations(page, { include: '[data-testid="workspace-app"]' });

    await page.getByRole('button', { name: '+ Add Site' }).click();
    const form = dialog(page);
    await expect(form.getByText('Add a site')).toBeVisible();
    // defaults of the spec
    await expect(form.getByTestId('serps-slider-value')).toHaveText('10');
    await expect(form.getByTestId('serps-img-slider-value')).toHaveText('10');
    await expect(form.getByLabel('Cover image width (px)')).toHaveValue('1200');
    await expect(form.getByLabel('Cover image height (px)')).toHaveValue('630');
    await expect(form.getByLabel('Images to create per article')).toHaveValue('1');

    // nothing filled: the URL and the logo are asked for, nothing is sent
    await form.getByRole('button', { name: 'Create site' }).click();
    await expect(form.getByText('Site URL is required')).toBeVisible();
    await expect(form.getByText(MSG.logoRequired)).toBeVisible();
    await form.getByLabel('Site URL').fill('not a url');
    await form.getByRole('button', { name: 'Create site' }).click();
    await expect(form.getByText('This address is not valid: type the site’s address, for example www.example.com.')).toBeVisible();

    // logos refused in the browser: too large, a text file named .png, an SVG
    await logoInput(page).setInputFiles({ name: 'big.png', mimeType: 'image/png', buffer: PNG_6MB });
    await expect(form.getByText(MSG.logoSize)).toBeVisible();
    await logoInput(page).setInputFiles({ name: 'fake.png', mimeType: 'image/png', buffer: TEXT_AS_PNG });
    await expect(form.getByText(MSG.logoFormat)).toBeVisible();
    await expect(form.getByText(MSG.logoSize)).toHaveCount(0);
    await logoInput(page).setInputFiles({ name: 'big.png', mimeType: 'image/png', buffer: PNG_6MB });
    await expect(form.getByText(MSG.logoSize)).toBeVisible();
    await logoInput(page).setInputFiles({ name: 'logo.svg', mimeType: 'image/svg+xml', buffer: SVG });
    await expect(form.getByText(MSG.logoFormat)).toBeVisible();
    await expect(form.getByAltText('Logo preview')).toHaveCount(0);

    // a valid form: URL (the name is left empty), country, a real PNG
    await form.getByLabel('Site URL').fill(SITE_URL);
    await form.getByLabel('Country', { exact: true }).click();
    await form.getByLabel('Country', { exact: true }).fill('France');
    await page.getByRole('option', { name: 'France', exact: true }).click();
    await expect(form.getByTestId('language-fixed').or(form.getByRole('radiogroup'))).toBeVisible();
    await logoInput(page).setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: PNG_1X1 });
    await expect(form.getByAltText('Logo preview')).toBeVisible();
    await expect(form.getByText(MSG.logoFormat)).toHaveCount(0);
    await saveScreenshots(page, 'workspace-site-form');
    await expectNoSeriousA11yViolations(page, { include: '[role="dialog"]' });

    const insert = page.waitForResponse((r) => r.url().includes('/rest/v1/sites') && r.request().method() === 'POST');
    await form.getByRole('button', { name: 'Create site' }).click();
    type Row = { id: number; name: string; image_logo: string; serps_nb_results: number };
    const body = (await (await insert).json()) as Row | Row[];
    const created = Array.isArray(body) ? body[0] : body;
    expect(created.name).toBe(SITE_HOST);
    expect(created.serps_nb_results).toBe(10);
    expect(created.image_logo).toMatch(/\/storage\/v1\/object\/public\/seo1\/logos\/[\w-]+\.png$/);
    siteId = String(created.id);
    await expect(dialog(page)).toHaveCount(0);
    await expect(page.getByText('Site created')).toBeVisible();

    // in the list, with its name, URL, logo and page count
    await expect(cards(page)).toHaveCount(1);
    const card = cards(page).first();
    await expect(card.getByRole('link', { name: SITE_HOST })).toHaveAttribute('href', `/sites/${siteId}`);
    await expect(card.getByText(SITE_URL)).toBeVisible();
    await expect(card.getByTestId('site-page-count')).toHaveText('0 pages');
    await expect(card.getByRole('img', { name: SITE_HOST })).toBeVisible();
    // the logo is really stored (public URL)
    const logo = await request.get(created.image_logo);
    expect(logo.status()).toBe(200);
    expect(logo.headers()['content-type']).toContain('image/png');
    await saveScreenshots(page, 'workspace-sites-list');
    await expectNoSeriousA11yViolations(page, { include: '[data-testid="workspace-app"]' });
  });

  test('the storage server refuses a text file named .png and an SVG, whatever the browser says', async ({ request }) => {
    const token = await accessToken(request, owner);
    const url = process.env.E2E_SUPABASE_URL ?? '';
    const headers = { apikey: process.env.E2E_ANON_KEY ?? '', Authorization: `Bearer ${token}` };
    const text = await request.post(`${url}/storage/v1/object/seo1/logos/e2e-${suffix}-fake.png`, {
      headers: { ...headers, 'content-type': 'image/png' },
      data: TEXT_AS_PNG,
    });
    expect(text.status(), await text.text()).toBe(400);
    const svg = await request.post(`${url}/storage/v1/object/seo1/logos/e2e-${suffix}.svg`, {
      headers: { ...headers, 'content-type': 'image/svg+xml' },
      data: SVG,
    });
    expect(svg.status(), await svg.text()).toBe(400);
    const png = await request.post(`${url}/storage/v1/object/seo1/logos/e2e-${suffix}-ok.png`, {
      headers: { ...headers, 'content-type': 'image/png' },
      data: PNG_1X1,
    });
    expect(png.status(), await png.text()).toBe(200);
  });

  test('edit a site from its card menu', async ({ page }) => {
    await signIn(page, owner);
    await openSites(page);
    await page.getByRole('button', { name: `Actions for ${SITE_HOST}` }).click();
    await page.getByRole('menuitem', { name: 'Edit' }).click();
    const form = dialog(page);
    await expect(form.getByText('Edit site')).toBeVisible();
    await expect(form.getByLabel('Site URL')).toHaveValue(SITE_URL);
    await expect(form.getByLabel('Country', { exact: true })).toHaveValue('France');
    await expect(form.getByAltText('Logo preview')).toBeVisible(); // the stored logo
    await form.getByLabel('Site name').fill(EDITED_NAME);
    await form.getByLabel('Accepted topics').fill('potager, compost, haies');
    await form.getByLabel('Images to create per article').fill('3');
    const update = page.waitForResponse((r) => r.url().includes('/rest/v1/sites') && r.request().method() === 'PATCH');
    await form.getByRole('button', { name: 'Save changes' }).click();
    const saved = (await (await update).json()) as { name: string; accepted_topics: string; nb_images_to_create: number }[] | { name: string };
    const row = Array.isArray(saved) ? saved[0] : saved;
    expect(row).toMatchObject({ name: EDITED_NAME, accepted_topics: 'potager, compost, haies', nb_images_to_create: 3 });
    await expect(dialog(page)).toHaveCount(0);
    await expect(page.getByText('Site updated')).toBeVisible();
    await expect(cards(page).first().getByRole('link', { name: EDITED_NAME })).toBeVisible();
  });

  test('site detail: breadcrumb, inline rename (Escape, Enter, failure), copy URL, counts, coming soon', async ({ page, context }) => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    await signIn(page, owner);
    await openSites(page);
    // the card opens the site with the keyboard too
    await cards(page).first().getByRole('link', { name: EDITED_NAME }).focus();
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(new RegExp(`/sites/${siteId}$`));
    await expect(page.getByRole('heading', { name: EDITED_NAME, level: 1 })).toBeVisible();
    const breadcrumb = page.getByLabel('Breadcrumb');
    await expect(breadcrumb.getByRole('link', { name: 'Dashboard' })).toHaveAttribute('href', '/dashboard');
    await expect(breadcrumb.getByRole('link', { name: 'My Sites' })).toHaveAttribute('href', '/sites');
    await expect(breadcrumb.getByText(EDITED_NAME)).toBeVisible();
    await expect(page.getByTestId('own-serps-card').getByText('Own SERPs')).toBeVisible();
    await expect(page.getByTestId('own-serps-count')).toHaveText('0');
    await expect(page.getByRole('link', { name: /Open the pages/ })).toHaveAttribute('href', `/sites/${siteId}/pages`);

    // Escape cancels
    await page.getByRole('button', { name: 'Rename the site' }).click();
    await page.getByLabel('Site name').fill('should not be saved');
    await page.getByLabel('Site name').press('Escape');
    await expect(page.getByRole('heading', { name: EDITED_NAME, level: 1 })).toBeVisible();
    // a refused update says so and keeps the name
    await page.route(/\/rest\/v1\/sites\?/, (route) =>
      route.request().method() === 'PATCH'
        ? route.fulfill({ status: 500, contentType: 'application/json', body: '{"message":"boom"}' })
        : route.continue(),
    );
    await page.getByRole('button', { name: 'Rename the site' }).click();
    await page.getByLabel('Site name').fill('refused name');
    await page.getByLabel('Site name').press('Enter');
    await expect(page.getByText('Failed to update site name')).toBeVisible();
    await page.getByLabel('Site name').press('Escape');
    await page.unroute(/\/rest\/v1\/sites\?/);
    // Enter saves
    await page.getByRole('button', { name: 'Rename the site' }).click();
    await page.getByLabel('Site name').fill(RENAMED);
    await page.getByLabel('Site name').press('Enter');
    await expect(page.getByRole('heading', { name: RENAMED, level: 1 })).toBeVisible();
    await page.reload();
    await expect(page.getByRole('heading', { name: RENAMED, level: 1 })).toBeVisible();

    // copy URL: confirmation icon for 2 s
    await page.getByTestId('copy-url').click();
    await expect(page.getByTestId('copy-url')).toHaveAttribute('data-copied', 'true');
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(SITE_URL);
    await expect(page.getByTestId('copy-url')).toHaveAttribute('data-copied', 'false', { timeout: 4000 });

    // coming soon
    await page.getByRole('button', { name: 'Settings' }).click();
    await expect(page.getByText('Site settings are coming soon.')).toBeVisible();
    await page.getByRole('button', { name: 'More actions' }).click();
    for (const name of ['View Analytics', 'Share Site']) {
      await expect(page.getByRole('menuitem', { name: new RegExp(name) })).toBeDisabled();
    }
    // Export Content is real since issue 32 (workspace-bulk.spec.ts downloads and unzips it)
    await expect(page.getByRole('menuitem', { name: /Export Content/ })).toBeEnabled();
    await page.keyboard.press('Escape');

    // Edit Site opens the form
    await page.getByRole('button', { name: 'Edit Site' }).click();
    await expect(dialog(page).getByText('Edit site')).toBeVisible();
    await expect(dialog(page).getByLabel('Site name')).toHaveValue(RENAMED);
    await dialog(page).getByRole('button', { name: 'Cancel' }).click();
    await expect(dialog(page)).toHaveCount(0);
    await saveScreenshots(page, 'workspace-site-detail');
    await expectNoSeriousA11yViolations(page, { include: '[data-testid="workspace-app"]' });

    // ids that are not a site
    for (const bad of ['abc', '999999999']) {
      await page.goto(`/sites/${bad}`);
      await expect(page.getByRole('heading', { name: 'Site not found' })).toBeVisible();
    }
  });

  test('load error with Retry', async ({ page }) => {
    await signIn(page, owner);
    let isFailing = true;
    await page.route(/\/rest\/v1\/sites\?/, (route) =>
      isFailing && route.request().method() === 'GET'
        ? route.fulfill({ status: 500, contentType: 'application/json', body: '{"message":"boom"}' })
        : route.continue(),
    );
    await page.goto('/sites');
    const alert = page.getByRole('alert').filter({ hasText: 'Failed to load sites. Please try again.' });
    await expect(alert).toBeVisible({ timeout: 15_000 });
    isFailing = false;
    await alert.getByRole('button', { name: 'Retry' }).click();
    await expect(cards(page)).toHaveCount(1);
  });

  test('delete a site after confirming what goes with it', async ({ page, request }) => {
    await signIn(page, owner);
    await openSites(page);
    await page.getByRole('button', { name: `Actions for ${RENAMED}` }).click();
    await page.getByRole('menuitem', { name: 'Delete' }).click();
    const confirm = dialog(page);
    await expect(confirm.getByText('Delete this site?')).toBeVisible();
    await expect(confirm.getByText(/“.+” will be deleted for good, with everything it holds: its 0 pages, their versions, keyword links/)).toBeVisible();
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    await expect(cards(page)).toHaveCount(1);
    await page.getByRole('button', { name: `Actions for ${RENAMED}` }).click();
    await page.getByRole('menuitem', { name: 'Delete' }).click();
    await dialog(page).getByRole('button', { name: 'Delete the site' }).click();
    await expect(page.getByText('Site deleted')).toBeVisible();
    await expect(cards(page)).toHaveCount(0);
    await expect(page.getByTestId('sites-empty')).toBeVisible();
    await page.goto(`/sites/${siteId}`);
    await expect(page.getByRole('heading', { name: 'Site not found' })).toBeVisible();
    void request;
  });
});

test("another user's site id shows 'Site not found'", async ({ page, request }) => {
  const url = process.env.E2E_SUPABASE_URL ?? '';
  const serviceKey = process.env.E2E_SERVICE_ROLE_KEY ?? '';
  const response = await request.get(`${url}/rest/v1/sites?select=id&name=eq.Boulangerie%20Martin`, {
    headers: { apikey: serviceKey, Authorization: `Bearer ${serviceKey}` },
  });
  const [other] = (await response.json()) as { id: number }[];
  expect(other?.id, 'the seed has other@citable.local’s site').toBeGreaterThan(0);
  const user = await createConfirmedUser(request, 'sites-stranger');
  await signIn(page, user);
  await page.goto(`/sites/${other.id}`);
  await expect(page.getByRole('heading', { name: 'Site not found' })).toBeVisible();
  await expect(page.getByText('Boulangerie Martin')).toHaveCount(0);
});

test("the demo user's sites in French, newest first", async ({ page }) => {
  await signIn(page, { email: 'demo@citable.local', password: 'Demo1234!', id: '' });
  await page.evaluate(() => window.localStorage.setItem('citable.lang', 'fr'));
  await page.goto('/dashboard');
  await expect(page.getByRole('heading', { name: 'Vos sites', level: 1 })).toBeVisible();
  await expect(page.getByRole('button', { name: '+ Ajouter un site' })).toBeVisible();
  const names = cards(page).getByRole('link');
  await expect(names).toHaveText(['Cabinet Durand Avocats', 'Atelier Vélo Lyon', 'Jardin Zen Paris']);
  await expect(cards(page).first().getByTestId('site-page-count')).toContainText('page');
  await saveScreenshots(page, 'workspace-sites-list-fr');
  await cards(page).first().click();
  await expect(page.getByRole('heading', { name: 'Cabinet Durand Avocats', level: 1 })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Tableau de bord' })).toBeVisible();
  await expect(page.getByText('SERP du site')).toBeVisible();
  await saveScreenshots(page, 'workspace-site-detail-fr');
  await page.getByRole('button', { name: 'Modifier le site' }).click();
  await expect(dialog(page).getByText('Modifier le site')).toBeVisible();
  await saveScreenshots(page, 'workspace-site-form-fr');
});
