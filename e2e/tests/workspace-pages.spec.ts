// Issue 14 (pages): the page list (server-side search, filter, sort, paging; the view in the address),
// the page form, batch actions, the page detail, as a new user would use them, against the real
// backend (PostgREST, RLS, the date_modified trigger). Data other than the UI's own is written
// through the REST API with the user's own token, as the app would.
import type { APIRequestContext, Page, Response } from '@playwright/test';
import { test, expect, saveScreenshots } from '../fixtures';
import { expectNoSeriousA11yViolations } from '../support/a11y';
import { createConfirmedUser, signIn, type TestUser } from '../support/users';

const suffix = Date.now().toString(36);
const SITE_NAME = `Potager ${suffix}`;
const SITE_URL = `https://potager-${suffix}.fr`;

const MSG = {
  noPages: 'No pages found for this site.',
  noMatch: 'No pages match your search.',
  nameRequired: 'Page name is required',
  urlRequired: 'Page URL is required',
  noVersions: 'No versions found for the selected pages.',
  noContent: 'No content available',
  noContentText: "This page doesn't have any published versions yet.",
};

const rest = () => `${process.env.E2E_SUPABASE_URL ?? ''}/rest/v1`;

async function accessToken(request: APIRequestContext, user: TestUser): Promise<string> {
  const response = await request.post(`${process.env.E2E_SUPABASE_URL ?? ''}/auth/v1/token?grant_type=password`, {
    headers: { apikey: process.env.E2E_ANON_KEY ?? '' },
    data: { email: user.email, password: user.password },
  });
  expect(response.ok()).toBeTruthy();
  return ((await response.json()) as { access_token: string }).access_token;
}

/** A REST call as the user (RLS applies); returns the JSON rows. */
async function api<T = Record<string, unknown>[]>(
  request: APIRequestContext,
  token: string,
  method: 'GET' | 'POST' | 'PATCH',
  path: string,
  data?: unknown,
): Promise<T> {
  const headers = { apikey: process.env.E2E_ANON_KEY ?? '', Authorization: `Bearer ${token}`, Prefer: 'return=representation' };
  const response = await request.fetch(`${rest()}${path}`, { method, headers, data });
  expect(response.ok(), `${method} ${path}: ${response.status()} ${await response.text()}`).toBeTruthy();
  return (await response.json()) as T;
}

const rows = (page: Page) => page.getByTestId('page-row');
const names = (page: Page) => page.getByTestId('page-name');
const range = (page: Page) => page.getByTestId('pages-range');
const search = (page: Page) => page.getByTestId('pages-search');

/** Collects the data requests the app answers with 4xx/5xx (a bad search must never cause one). */
function watchFailedRequests(page: Page) {
  const failed: string[] = [];
  const onResponse = (response: Response) => {
    if (response.url().includes('/rest/v1/') && response.status() >= 400) failed.push(`${response.status()} ${response.url()}`);
  };
  page.on('response', onResponse);
  return failed;
}

// 23 pages: names and URLs with the characters of PostgREST's filter syntax and of LIKE
const SPECIAL = [
  { name: 'Promo 50% off', url: '/promo-50' },
  { name: 'snake_case guide', url: '/snake' },
  { name: 'Tomates, courgettes (été)', url: '/tomates' },
  { name: 'Le "meilleur" compost', url: '/compost' },
  { name: "L'arrosage", url: '/arrosage' },
];

test.describe.serial('pages', () => {
  test.describe.configure({ timeout: 240_000 });
  let owner: TestUser;
  let token = '';
  let siteId = 0;
  const seeded: { id: number; name: string; status: number; date_modified: string }[] = [];

  test.beforeAll(async ({ request }) => {
    owner = await createConfirmedUser(request, 'pages-owner');
    token = await accessToken(request, owner);
    const [site] = await api<{ id: number }[]>(request, token, 'POST', '/sites', { name: SITE_NAME, url: SITE_URL, linked_user: owner.id });
    siteId = site.id;
  });

  test('empty list, the form messages, then a page created, edited and deleted', async ({ page, request }) => {
    await signIn(page, owner);
    await page.goto(`/sites/${siteId}/pages`);
    await expect(page.getByRole('heading', { level: 1, name: `Pages for ${SITE_NAME}` })).toBeVisible();
    await expect(page.getByTestId('pages-empty')).toContainText(MSG.noPages);
    await expect(range(page)).toHaveText('Showing 0-0 of 0');
    await expect(page.getByRole('button', { name: 'Previous' })).toBeDisabled();
    await expect(page.getByRole('button', { name: 'Next' })).toBeDisabled();
    // breadcrumb: the site's name leads back to the site
    await expect(page.getByRole('navigation', { name: 'Breadcrumb' }).getByRole('link', { name: SITE_NAME })).toHaveAttribute('href', `/sites/${siteId}`);
    await expectNoSeriousA11yViolations(page, { include: '[data-testid="workspace-app"]' });

    await page.getByRole('button', { name: 'New page' }).click();
    const form = page.getByRole('dialog');
    await form.getByRole('button', { name: 'Create page' }).click();
    await expect(form.getByText(MSG.nameRequired)).toBeVisible();
    await expect(form.getByText(MSG.urlRequired)).toBeVisible();
    await expectNoSeriousA11yViolations(page, { include: '[role="dialog"]' });
    await form.getByLabel('Page name').fill('  Semis de printemps  ');
    await form.getByLabel('Page URL').fill('/blog/semis');
    await expect(form.getByTestId('url-preview')).toHaveText(`Will be saved as ${SITE_URL}/blog/semis`);
    await expect(form.getByRole('combobox', { name: 'Status' })).toHaveValue('Published');
    await form.getByRole('button', { name: 'Create page' }).click();
    await expect(form).toBeHidden();
    await expect(rows(page)).toHaveCount(1);
    await expect(names(page)).toHaveText(['Semis de printemps']);
    await expect(page.getByTestId('page-url')).toHaveText(`${SITE_URL}/blog/semis`);
    await expect(rows(page).first()).toContainText('Published');
    await expect(range(page)).toHaveText('Showing 1-1 of 1');

    const [created] = await api<{ id: number; date_created: string; date_modified: string; status: number }[]>(
      request, token, 'GET', `/pages?site=eq.${siteId}&select=id,date_created,date_modified,status`);
    expect(created.status).toBe(1);

    await expect(page.getByText('Page created successfully')).toBeVisible();
    // Row actions from the keyboard. (Toasts are at the bottom right and let clicks through around them:
    // workspace-forms.spec.ts clicks the main button while one shows.)
    // edit: name, a host without protocol, status
    await page.getByRole('button', { name: 'Edit – Semis de printemps' }).press('Enter');
    await expect(form.getByLabel('Page name')).toHaveValue('Semis de printemps');
    await form.getByLabel('Page name').fill('Semis d’automne');
    await form.getByLabel('Page URL').fill('jardin.example.org/semis');
    await form.getByRole('combobox', { name: 'Status' }).click();
    await page.getByRole('option', { name: 'Draft' }).click();
    await form.getByRole('button', { name: 'Save' }).click();
    await expect(form).toBeHidden();
    await expect(names(page)).toHaveText(['Semis d’automne']);
    await expect(page.getByTestId('page-url')).toHaveText('https://jardin.example.org/semis');
    await expect(rows(page).first()).toContainText('Draft');
    const [edited] = await api<{ date_modified: string; status: number }[]>(request, token, 'GET', `/pages?id=eq.${created.id}&select=date_modified,status`);
    expect(edited.status).toBe(2);
    expect(new Date(edited.date_modified).getTime()).toBeGreaterThan(new Date(created.date_modified).getTime());

    await expect(page.getByText('Page updated successfully')).toBeVisible();
    // delete, after a cancel
    await page.getByRole('button', { name: 'Delete – Semis d’automne' }).press('Enter');
    const confirm = page.getByRole('dialog');
    await expect(confirm).toContainText('Semis d’automne');
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    await expect(rows(page)).toHaveCount(1);
    await page.getByRole('button', { name: 'Delete – Semis d’automne' }).press('Enter');
    await page.getByRole('dialog').getByRole('button', { name: 'Delete' }).click();
    await expect(page.getByTestId('pages-empty')).toContainText(MSG.noPages);
    expect(await api(request, token, 'GET', `/pages?site=eq.${siteId}&select=id`)).toEqual([]);
  });

  test('search, filter, sort, page size and paging on the server; the view survives a reload and Back', async ({ page, request }) => {
    // 23 pages, one minute apart (page 23 the newest), statuses 1,2,3 in turn; 5 with special characters
    const base = Date.now() - 3 * 3600_000;
    const payload = Array.from({ length: 23 }, (_, i) => {
      const n = i + 1;
      const special = SPECIAL[i];
      return {
        site: siteId,
        name: special ? special.name : `Page ${String(n).padStart(2, '0')}`,
        url: `${SITE_URL}${special ? special.url : `/p/${n}`}`,
        status: (i % 3) + 1,
        date_created: new Date(base + n * 60_000).toISOString(),
        date_modified: new Date(base + n * 60_000).toISOString(),
      };
    });
    seeded.push(...(await api<typeof seeded>(request, token, 'POST', '/pages?select=id,name,status,date_modified', payload)));
    expect(seeded).toHaveLength(23);
    const newestFirst = [...seeded].sort((a, b) => b.date_modified.localeCompare(a.date_modified)).map((p) => p.name);
    // French order (collation fr-x-icu on pages.name): case and accents second, as Intl.Collator('fr') sorts
    const byName = [...seeded].map((p) => p.name).sort(new Intl.Collator('fr').compare);

    await signIn(page, owner);
    const failed = watchFailedRequests(page);
    await page.goto(`/sites/${siteId}/pages`);
    // default: date_modified descending, 10 per page
    await expect(names(page)).toHaveText(newestFirst.slice(0, 10));
    await expect(range(page)).toHaveText('Showing 1-10 of 23');
    await expect(page.getByRole('button', { name: 'Previous' })).toBeDisabled();
    await page.getByRole('button', { name: 'Next' }).click();
    await expect(range(page)).toHaveText('Showing 11-20 of 23');
    await expect(names(page)).toHaveText(newestFirst.slice(10, 20));
    await page.getByRole('button', { name: 'Next' }).click();
    await expect(range(page)).toHaveText('Showing 21-23 of 23');
    await expect(names(page)).toHaveText(newestFirst.slice(20));
    await expect(page.getByRole('button', { name: 'Next' })).toBeDisabled();
    await expect(page).toHaveURL(/[?&]page=3(&|$)/);
    await page.reload();
    await expect(range(page)).toHaveText('Showing 21-23 of 23');
    await expect(names(page)).toHaveText(newestFirst.slice(20));
    await page.goBack();
    await expect(range(page)).toHaveText('Showing 11-20 of 23');
    await page.goForward();
    await expect(range(page)).toHaveText('Showing 21-23 of 23');

    // page size
    await page.getByTestId('page-size').click();
    await page.getByRole('option', { name: '5', exact: true }).click();
    await expect(range(page)).toHaveText('Showing 1-5 of 23');
    await expect(rows(page)).toHaveCount(5);
    await expect(page).toHaveURL(/size=5/);

    // sort by name (A→Z, then Z→A), by URL
    await page.getByTestId('sort-name').click();
    await expect(names(page)).toHaveText(byName.slice(0, 5));
    await expect(page.getByRole('columnheader', { name: /Page name/ })).toHaveAttribute('aria-sort', 'ascending');
    await page.getByTestId('sort-name').click();
    await expect(names(page)).toHaveText([...byName].reverse().slice(0, 5));
    await page.getByTestId('sort-url').click();
    await expect(page.getByTestId('page-url').first()).toHaveText(`${SITE_URL}/arrosage`);
    await page.reload();
    await expect(page.getByTestId('page-url').first()).toHaveText(`${SITE_URL}/arrosage`);
    await expect(range(page)).toHaveText('Showing 1-5 of 23');

    // status filter: Draft = status 2 (i % 3 == 1): 8 pages
    await page.getByTestId('status-filter').click();
    await page.getByRole('option', { name: 'Draft' }).click();
    await expect(range(page)).toHaveText('Showing 1-5 of 8');
    await page.getByRole('button', { name: 'Next' }).click();
    await expect(range(page)).toHaveText('Showing 6-8 of 8');
    for (const badge of await rows(page).allTextContents()) expect(badge).toContain('Draft');
    await page.getByTestId('status-filter').click();
    await page.getByRole('option', { name: 'All statuses' }).click();
    await expect(range(page)).toHaveText('Showing 1-5 of 23');

    // search (name or URL, case-insensitive), with the characters of the filter syntax
    const searchFor = async (text: string) => {
      await search(page).fill(text);
      await expect.poll(() => new URL(page.url()).searchParams.get('q')).toBe(text.trim());
    };
    await searchFor('page 1');
    await expect(range(page)).toHaveText('Showing 1-5 of 10'); // Page 10..19
    await searchFor('%');
    await expect(names(page)).toHaveText(['Promo 50% off']);
    await searchFor('_');
    await expect(names(page)).toHaveText(['snake_case guide']);
    await searchFor(', courgettes (');
    await expect(names(page)).toHaveText(['Tomates, courgettes (été)']);
    await searchFor(')');
    await expect(names(page)).toHaveText(['Tomates, courgettes (été)']);
    await searchFor('"meilleur"');
    await expect(names(page)).toHaveText(['Le "meilleur" compost']);
    await searchFor("l'arrosage");
    await expect(names(page)).toHaveText(["L'arrosage"]);
    await searchFor('/promo-50'); // the URL
    await expect(names(page)).toHaveText(['Promo 50% off']);
    await searchFor('no such page');
    await expect(page.getByTestId('pages-empty')).toContainText(MSG.noMatch);
    await expect(range(page)).toHaveText('Showing 0-0 of 0');
    await searchFor('.*,()\\');
    await expect(page.getByTestId('pages-empty')).toContainText(MSG.noMatch);
    await page.reload();
    await expect(search(page)).toHaveValue('.*,()\\');
    await expect(page.getByTestId('pages-empty')).toContainText(MSG.noMatch);
    await page.getByRole('button', { name: 'Clear the search' }).click();
    await expect(range(page)).toHaveText('Showing 1-5 of 23');

    // bad values in the address: quietly corrected, never an error
    await page.goto(`/sites/${siteId}/pages?page=99`);
    await expect(range(page)).toHaveText('Showing 21-23 of 23');
    await expect(page).toHaveURL(/[?&]page=3(&|$)/);
    await page.goto(`/sites/${siteId}/pages?size=7&page=abc&sort=creator`);
    await expect(range(page)).toHaveText('Showing 1-10 of 23');
    await expect(page).toHaveURL(new RegExp(`/sites/${siteId}/pages$`));
    await page.goto(`/sites/${siteId}/pages?q=zzz&page=4`);
    await expect(page.getByTestId('pages-empty')).toContainText(MSG.noMatch);
    await expect(page).toHaveURL(/q=zzz$/);
    expect(failed, 'no data request failed').toEqual([]);
  });

  test('batch actions: create articles with the queued pattern, copy the exact version URLs', async ({ page, request, context, baseURL }) => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseURL });
    const [first, second, third] = [...seeded].sort((a, b) => b.date_modified.localeCompare(a.date_modified));
    const eleventh = [...seeded].sort((a, b) => b.date_modified.localeCompare(a.date_modified))[10];
    await signIn(page, owner);
    await page.goto(`/sites/${siteId}/pages`);
    await expect(range(page)).toHaveText('Showing 1-10 of 23');
    const create = page.getByTestId('batch-create');
    const copy = page.getByTestId('batch-copy');
    await expect(create).toBeDisabled();
    await expect(copy).toBeDisabled();

    // one selected: copy yes, create no (at least 2)
    await page.getByRole('checkbox', { name: `Select ${second.name}` }).check();
    await expect(page.getByTestId('selection-count')).toHaveText('1 page selected');
    await expect(copy).toBeEnabled();
    await expect(create).toBeDisabled();
    // the selection is kept across pages: one more on page 2, then back
    await page.getByRole('button', { name: 'Next' }).click();
    await page.getByRole('checkbox', { name: `Select ${eleventh.name}` }).check();
    await page.getByRole('button', { name: 'Previous' }).click();
    await expect(page.getByRole('checkbox', { name: `Select ${second.name}` })).toBeChecked();
    await page.getByRole('checkbox', { name: `Select ${first.name}` }).check();
    await expect(page.getByTestId('selection-count')).toHaveText('3 pages selected');
    await expectNoSeriousA11yViolations(page, { include: '[data-testid="workspace-app"]' });
    await create.click();
    // the runs are paid: how many, and their estimated cost, first
    await expect(page.getByRole('dialog').getByTestId('run-confirm-runs')).toHaveText('3 articles will be written.');
    await expect(page.getByRole('dialog').getByTestId('run-estimate-cost')).toHaveText('Cost unknown');
    await page.getByRole('dialog').getByRole('button', { name: 'Create 3 articles' }).click();
    await expect(page.getByText('3 page actions created successfully')).toBeVisible();
    await expect(page.getByTestId('selection-count')).toHaveText('0 pages selected');

    const actions = await api<{ linked_page: number; queued: boolean | null; status: string; actions: { name: string } }[]>(
      request, token, 'GET',
      `/pages_actions?select=linked_page,queued,status,actions(name)&linked_page=in.(${second.id},${eleventh.id},${first.id})&order=id`);
    expect(actions.map((a) => [a.linked_page, a.queued, a.actions.name, a.status])).toEqual([
      [second.id, null, 'create_article', 'queued'],
      [eleventh.id, true, 'create_article', 'queued'],
      [first.id, true, 'create_article', 'queued'],
    ]);

    // versions: two for `first` (the later one counts), one for `third`; `second` has none
    const [v1] = await api<{ id: string }[]>(request, token, 'POST', '/pages_versions?select=id', { page: first.id, html_content: '<p>v1</p>', created_date: new Date(Date.now() - 60_000).toISOString() });
    const [v2] = await api<{ id: string }[]>(request, token, 'POST', '/pages_versions?select=id', { page: first.id, html_content: '<p>v2</p>' });
    const [v3] = await api<{ id: string }[]>(request, token, 'POST', '/pages_versions?select=id', { page: third.id, html_content: '<p>v3</p>' });
    expect(v1.id).not.toBe(v2.id);

    await page.getByRole('checkbox', { name: `Select ${second.name}` }).check();
    await copy.press('Enter');
    await expect(page.getByText(MSG.noVersions).first()).toBeVisible();
    await page.getByRole('checkbox', { name: `Select ${third.name}` }).check();
    await page.getByRole('checkbox', { name: `Select ${first.name}` }).check();
    await copy.press('Enter');
    await expect(page.getByText('2 version URLs copied to clipboard')).toBeVisible();
    // then how many of the selected pages had no version to copy
    await expect(page.getByText('1 selected page has no version and was left out.')).toBeVisible();
    const clipboard = await page.evaluate(() => navigator.clipboard.readText());
    const origin = new URL(page.url()).origin;
    expect(clipboard).toBe(`- ${third.name} -- ${origin}/view/${v3.id}\n- ${first.name} -- ${origin}/view/${v2.id}`);
  });

  test('the selection is kept across pages, searches and filters; the bar says how many are out of view; batch create writes them all', async ({ page, request }) => {
    const newestFirst = [...seeded].sort((x, y) => y.date_modified.localeCompare(x.date_modified));
    // on page 1: two pages that the search below leaves out; then one page of the search's results
    const [pa, pb] = [newestFirst[3], newestFirst[4]];
    const pc = seeded.find((p) => p.name === 'Page 07');
    expect(pc, 'the seeded Page 07').toBeTruthy();
    expect([pa.name, pb.name].some((n) => n.includes('Page 0'))).toBe(false);
    await signIn(page, owner);
    await page.goto(`/sites/${siteId}/pages`);
    await expect(range(page)).toHaveText('Showing 1-10 of 23');
    await expect(page.getByTestId('selection-hint')).toHaveCount(0);
    await page.getByRole('checkbox', { name: `Select ${pa.name}` }).check();
    await page.getByRole('checkbox', { name: `Select ${pb.name}` }).check();
    await expect(page.getByTestId('selection-count')).toHaveText('2 pages selected');
    await expect(page.getByTestId('selection-hidden')).toHaveCount(0);
    await expect(page.getByTestId('selection-hint')).toHaveText('The selection is kept while you search, filter and change pages.');
    // page 2: both are out of view, and the bar says so
    await page.getByRole('button', { name: 'Next' }).click();
    await expect(range(page)).toHaveText('Showing 11-20 of 23');
    await expect(page.getByTestId('selection-count')).toHaveText('2 pages selected');
    await expect(page.getByTestId('selection-hidden')).toHaveText('(2 not shown in this view)');
    // a search that leaves them out, then one more selected among its results
    await search(page).fill('Page 0');
    await expect(range(page)).toHaveText('Showing 1-4 of 4');
    await expect(page.getByTestId('selection-hidden')).toHaveText('(2 not shown in this view)');
    await page.getByRole('checkbox', { name: `Select ${pc!.name}` }).check();
    await expect(page.getByTestId('selection-count')).toHaveText('3 pages selected');
    await expect(page.getByTestId('selection-hidden')).toHaveText('(2 not shown in this view)');
    // a status filter that hides the last one too
    const otherStatus = pc!.status === 1 ? 'Draft' : 'Published';
    await page.getByTestId('status-filter').click();
    await page.getByRole('option', { name: otherStatus }).click();
    await expect(page.getByTestId('selection-hidden')).toHaveText('(3 not shown in this view)');
    await expectNoSeriousA11yViolations(page, { include: '[data-testid="batch-bar"]' });
    await saveScreenshots(page, 'workspace-pages-selection');

    // batch create acts on the whole selection, not only on what the view shows
    await page.getByTestId('batch-create').click();
    await page.getByRole('dialog').getByTestId('run-confirm-submit').click();
    await expect(page.getByText('3 page actions created successfully')).toBeVisible();
    await expect(page.getByTestId('selection-count')).toHaveText('0 pages selected');
    await expect(page.getByTestId('selection-hidden')).toHaveCount(0);
    const actions = await api<{ linked_page: number; queued: boolean | null; actions: { name: string } }[]>(
      request, token, 'GET',
      `/pages_actions?select=linked_page,queued,actions(name)&linked_page=in.(${pa.id},${pb.id},${pc!.id})&order=id`);
    expect(actions.map((r) => [r.linked_page, r.queued, r.actions.name])).toEqual([
      [pa.id, null, 'create_article'],
      [pb.id, true, 'create_article'],
      [pc!.id, true, 'create_article'],
    ]);
  });

  test('page detail: name, URL, status, View article, the cards and the queued actions; Page not found', async ({ page }) => {
    const [first, second] = [...seeded].sort((a, b) => b.date_modified.localeCompare(a.date_modified));
    await signIn(page, owner);
    await page.goto(`/sites/${siteId}/pages?size=5`);
    await rows(page).filter({ hasText: first.name }).locator('td').nth(4).click(); // a click on the row
    await expect(page).toHaveURL(new RegExp(`/sites/${siteId}/pages/${first.id}$`));
    await expect(page.getByRole('heading', { level: 1, name: first.name })).toBeVisible();
    await expect(page.getByTestId('page-status')).toHaveText(['Published', 'Draft', 'In Review'][first.status - 1]);
    await expect(page.getByTestId('card-versions-count')).toHaveText('2');
    await expect(page.getByTestId('card-keywords-count')).toHaveText('0');
    await expect(page.getByTestId('card-llm-answers-count')).toHaveText('0');
    await expect(page.getByTestId('card-images-count')).toHaveText('0');
    await expect(page.getByTestId('card-keywords')).toHaveAttribute('href', `/sites/${siteId}/pages/${first.id}/keywords-for-page`);
    await expect(page.getByTestId('card-images')).toHaveAttribute('href', `/sites/${siteId}/pages/${first.id}/images`);
    await expect(page.getByTestId('page-action').first()).toHaveAttribute('data-status', 'queued');
    await expect(page.getByTestId('page-action').first()).toContainText('Create article');
    const view = page.getByTestId('view-article');
    await expect(view).toHaveAttribute('href', /^\/view\/[0-9a-f-]{36}$/);
    await expect(page.getByTestId('view-article-new-tab')).toHaveAttribute('target', '_blank');
    await expect(page.getByTestId('no-content')).toHaveCount(0);
    await expectNoSeriousA11yViolations(page, { include: '[data-testid="workspace-app"]' });
    await saveScreenshots(page, 'workspace-page-detail');
    // the breadcrumb goes back to the list as it was
    await page.getByRole('navigation', { name: 'Breadcrumb' }).getByRole('link', { name: 'Pages' }).click();
    await expect(page).toHaveURL(/size=5/);
    await expect(range(page)).toHaveText('Showing 1-5 of 23');
    await saveScreenshots(page, 'workspace-pages-list');
    // on a phone the pages are cards (issue 32): every column in view, nothing scrolls sideways
    await page.setViewportSize({ width: 375, height: 812 });
    await expect(page.getByTestId('page-card')).toHaveCount(5);
    await expect(page.getByTestId('pages-table')).toHaveCount(0);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    await page.setViewportSize({ width: 1440, height: 900 });

    // a page without a version
    await page.goto(`/sites/${siteId}/pages/${second.id}`);
    await expect(page.getByTestId('no-content')).toContainText(MSG.noContent);
    await expect(page.getByTestId('no-content')).toContainText(MSG.noContentText);
    await expect(page.getByTestId('view-article')).toBeDisabled();
    await expect(page.getByTestId('card-versions-count')).toHaveText('0');

    await page.goto(`/sites/${siteId}/pages/987654321`);
    await expect(page.getByTestId('page-not-found')).toContainText('Page not found');
    await page.goto(`/sites/${siteId}/pages/not-a-number`);
    await expect(page.getByTestId('page-not-found')).toContainText('Page not found');
    await expect(page.getByTestId('page-not-found')).toContainText('Missing user or page information.');
  });

  test("another user's site id: no pages and the spec's message; its pages are not found", async ({ page, request }) => {
    const other = await createConfirmedUser(request, 'pages-other');
    await signIn(page, other);
    const failed = watchFailedRequests(page);
    await page.goto(`/sites/${siteId}/pages?q=Page`);
    await expect(page.getByTestId('pages-empty')).toContainText(MSG.noMatch);
    await page.goto(`/sites/${siteId}/pages`);
    await expect(page.getByTestId('pages-empty')).toContainText(MSG.noPages);
    await expect(rows(page)).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'New page' })).toBeDisabled();
    await expect(page.getByText(SITE_NAME)).toHaveCount(0);
    await page.goto(`/sites/${siteId}/pages/${seeded[0].id}`);
    await expect(page.getByTestId('page-not-found')).toContainText('Page not found');
    await expect(page.getByText(seeded[0].name)).toHaveCount(0);
    expect(failed, 'no data request failed').toEqual([]);
  });

  test("another user's site that holds a demo page (readable by everyone): no pages listed, the page and its screens not found", async ({ page, request }) => {
    // the seed's demo page, on a site of the demo user's: the pages read policy lets everyone read it
    const demoPages = await api<{ id: number; site: number; name: string }[]>(
      request, token, 'GET', '/pages?hide_revisions_texts_from_preview=eq.true&select=id,site,name&order=id');
    const demo = demoPages.find((p) => p.site !== siteId);
    expect(demo, 'the seed puts a demo page on a site of the demo user').toBeTruthy();
    const { id: demoId, site: demoSite, name: demoName } = demo!;
    // the list request as the app sends it answers that row: the screen must not show it
    const listed = await api<{ id: number }[]>(request, token, 'GET', `/pages?site=eq.${demoSite}&select=id`);
    expect(listed.map((p) => p.id)).toContain(demoId);

    await signIn(page, owner);
    const failed = watchFailedRequests(page);
    await page.goto(`/sites/${demoSite}/pages`);
    await expect(page.getByTestId('pages-empty')).toContainText(MSG.noPages);
    await expect(rows(page)).toHaveCount(0);
    await expect(range(page)).toHaveText('Showing 0-0 of 0');
    await expect(page.getByText(demoName)).toHaveCount(0);
    await expect(page.getByRole('button', { name: `Edit – ${demoName}` })).toHaveCount(0);
    await page.goto(`/sites/${demoSite}/pages/${demoId}`);
    await expect(page.getByTestId('page-not-found')).toContainText('Page not found');
    await expect(page.getByText(demoName)).toHaveCount(0);
    expect(failed, 'no data request failed').toEqual([]);
    // its screens: versions, keywords, LLM answers, images
    for (const screen of ['page-versions', 'keywords-for-page', 'llm-answers-for-page', 'images']) {
      await page.goto(`/sites/${demoSite}/pages/${demoId}/${screen}`);
      await expect(page.getByTestId('page-not-found'), screen).toBeVisible();
      await expect(page.getByText(demoName), screen).toHaveCount(0);
    }
  });

  test('the demo user in French', async ({ page, request }) => {
    await page.goto('/auth');
    await page.evaluate(() => window.localStorage.setItem('citable.lang', 'fr'));
    await signIn(page, { email: 'demo@citable.local', password: 'Demo1234!', id: '' });
    await page.goto('/sites');
    await page.getByTestId('site-card').first().click();
    await page.getByRole('link', { name: /Ouvrir les pages/ }).click();
    await expect(page.getByRole('heading', { level: 1, name: /^Pages du site / })).toBeVisible();
    await expect(page.getByRole('columnheader', { name: /Nom de la page/ })).toBeVisible();
    await expect(range(page)).toHaveText(/^\d+-\d+ sur \d+$/);
    await expect(rows(page).first()).toBeVisible();
    await expectNoSeriousA11yViolations(page, { include: '[data-testid="workspace-app"]' });
    await saveScreenshots(page, 'workspace-pages-list-fr');
    // the demo page, on the demo user's own site, is theirs: shown, with its screens
    const demoPages = await api<{ id: number; site: number; name: string }[]>(
      request, token, 'GET', '/pages?hide_revisions_texts_from_preview=eq.true&select=id,site,name&order=id');
    const demo = demoPages.find((p) => p.site !== siteId)!;
    await page.goto(`/sites/${demo.site}/pages/${demo.id}`);
    await expect(page.getByRole('heading', { level: 1, name: demo.name })).toBeVisible();
    await page.goto(`/sites/${demo.site}/pages/${demo.id}/page-versions`);
    await expect(page.getByTestId('page-title')).toHaveText(demo.name);
  });
});
