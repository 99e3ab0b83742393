// Issue 16 (keywords and SERPs): the keywords screen as a new user would use it, against the real
// backend (RLS, the shared keyword dictionary, pages_actions): add (trimmed, case-insensitive reuse,
// already linked), use-in-search switch, the SERP search button's rule and the serps action it
// refreshes, the SERP results dialog, remove; every §8 message on its failure path (page.route).
import type { Page } from '@playwright/test';
import { test, expect, saveScreenshots } from '../fixtures';
import { expectNoSeriousA11yViolations } from '../support/a11y';
import { createConfirmedUser, signIn } from '../support/users';
import { actionId, closeToasts, rest, siteWithPage, type Json, type SitePage } from './page-data-helpers';

const suffix = Date.now().toString(36);
const HOST = `jardin-kw-${suffix}.fr`;
const NEW_KEYWORD = `Entretien jardin ${suffix}`;
const DICTIONARY_KEYWORD = `Tonte Pelouse ${suffix}`;
const SERP_KEYWORD = `haie ${suffix}`;
const LONG_META = `${'Découvrez comment tailler une haie en automne sans l’abîmer, '.repeat(4)}fin.`;

const rows = (page: Page) => page.getByTestId('keyword-row');
const row = (page: Page, keyword: string) => page.locator(`[data-testid="keyword-row"][data-keyword="${keyword}"]`);
const dialog = (page: Page) => page.getByRole('dialog');
const screenUrl = (s: SitePage) => `/sites/${s.siteId}/pages/${s.pageId}/keywords-for-page`;

async function openScreen(page: Page, s: SitePage) {
  await page.goto(screenUrl(s));
  await expect(page.getByTestId('keywords-screen')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Keywords', level: 1 })).toBeVisible();
}

test.describe.serial('keywords', () => {
  test.describe.configure({ timeout: 240_000 });
  let s: SitePage;
  let serpKeywordId = 0;
  let serpsAction = 0;

  test.beforeAll(async ({ request }) => {
    s = await siteWithPage(request, 'keywords-owner', { siteName: 'Jardin Mots-clés', host: HOST, pageName: 'Tailler ses haies' });
    serpsAction = await actionId(request, 'serps');
    // a keyword of the shared dictionary, created by somebody else with another case
    await rest(request, 'service', 'POST', 'keywords', { keyword: DICTIONARY_KEYWORD });
    // a keyword linked to the page, with SERP results written by the worker (positions out of order)
    // (added by text, as the app does: a user reads only the keywords of their own pages, issue 27)
    const kw = await rest<Json>(request, s.token, 'POST', 'rpc/add_page_keyword', { p_page_id: s.pageId, p_keyword: SERP_KEYWORD });
    serpKeywordId = kw.keyword_id as number;
    await rest(request, 'service', 'POST', 'serps', [
      { linked_keyword: serpKeywordId, site: s.siteId, position_absolute: 3, title: 'Tailler une haie : le guide', url: `https://www.${HOST}/haie`, meta_description: 'Notre guide.', type: 'organic', own_site: true },
      { linked_keyword: serpKeywordId, site: s.siteId, position_absolute: 1, title: 'Haies – Rival', url: 'https://rival-jardin.fr/haies', meta_description: LONG_META, type: 'featured_snippet', own_site: false },
      { linked_keyword: serpKeywordId, site: s.siteId, position_absolute: 2, title: 'Faux ami', url: `https://not${HOST}/haie`, meta_description: 'Un autre site.', type: 'organic', own_site: false },
      // an address as the SERP provider gives it: Punycode host, percent-encoded path (shown decoded)
      { linked_keyword: serpKeywordId, site: s.siteId, position_absolute: 4, title: 'Pain d’épices', url: 'https://xn--caf-dma.fr/wiki/Pain_d%E2%80%99%C3%A9pices', meta_description: 'Recette.', type: 'organic', own_site: false },
    ]);
  });

  test("another user's page id shows 'Page not found' and no data", async ({ page, request }) => {
    const intruder = await createConfirmedUser(request, 'keywords-intruder');
    await signIn(page, intruder);
    for (const url of [screenUrl(s), `/sites/${s.siteId}/pages/abc/keywords-for-page`]) {
      await page.goto(url);
      await expect(page.getByTestId('page-not-found')).toBeVisible();
      await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
      await expect(page.getByText('Tailler ses haies')).toHaveCount(0);
    }
  });

  test('add keywords: blank disabled, trimmed, reused case-insensitively, already linked said so', async ({ page, request }) => {
    await signIn(page, s.owner);
    await openScreen(page, s);
    await expect(rows(page)).toHaveCount(1);
    const breadcrumb = page.getByRole('navigation', { name: 'Breadcrumb' });
    await expect(breadcrumb.getByRole('link', { name: 'Tailler ses haies' })).toHaveAttribute('href', `/sites/${s.siteId}/pages/${s.pageId}`);
    await expectNoSeriousA11yViolations(page, { include: '[data-testid="workspace-app"]' });

    await closeToasts(page);
    await page.getByTestId('add-keyword').click();
    const form = dialog(page);
    const submit = form.getByRole('button', { name: 'Add Keyword' });
    await expect(submit).toBeDisabled();
    await form.getByLabel('Keyword').fill('    ');
    await expect(submit).toBeDisabled();
    await form.getByLabel('Keyword').fill(`   ${NEW_KEYWORD}  `);
    await expect(submit).toBeEnabled();
    await expectNoSeriousA11yViolations(page, { include: '[role="dialog"]' });
    await submit.click();
    await expect(page.getByText(`“${NEW_KEYWORD}” added to the page.`)).toBeVisible();
    await expect(row(page, NEW_KEYWORD)).toBeVisible();
    const created = await rest<Json[]>(request, 'service', 'GET', `keywords?keyword=ilike.${encodeURIComponent(NEW_KEYWORD)}&select=id,keyword`);
    expect(created).toEqual([expect.objectContaining({ keyword: NEW_KEYWORD })]);

    // the dictionary's keyword, typed in another case: reused, not created twice
    await closeToasts(page);
    await page.getByTestId('add-keyword').click();
    await dialog(page).getByLabel('Keyword').fill(DICTIONARY_KEYWORD.toUpperCase());
    await dialog(page).getByRole('button', { name: 'Add Keyword' }).click();
    await expect(row(page, DICTIONARY_KEYWORD)).toBeVisible();
    const dictionary = await rest<Json[]>(request, 'service', 'GET', `keywords?keyword=ilike.${encodeURIComponent(DICTIONARY_KEYWORD)}&select=id`);
    expect(dictionary).toHaveLength(1);

    // already linked (other case): said so in the dialog, nothing added
    await closeToasts(page);
    await page.getByTestId('add-keyword').click();
    await dialog(page).getByLabel('Keyword').fill(NEW_KEYWORD.toLowerCase());
    await dialog(page).getByRole('button', { name: 'Add Keyword' }).click();
    await expect(dialog(page).getByTestId('add-keyword-notice')).toHaveText(`“${NEW_KEYWORD}” is already linked to this page.`);
    await dialog(page).getByRole('button', { name: 'Cancel' }).click();
    await expect(rows(page)).toHaveCount(3);
    const links = await rest<Json[]>(request, 'service', 'GET', `pages_keywords?linked_page=eq.${s.pageId}&select=id,to_search`);
    expect(links).toHaveLength(3);
    expect(links.every((l) => l.to_search === true)).toBe(true);
  });

  test('SERP search button: only with use-in-search on and no SERPs; refreshes one serps action', async ({ page, request }) => {
    await signIn(page, s.owner);
    await openScreen(page, s);
    await expect(row(page, SERP_KEYWORD).getByTestId('serp-count')).toHaveText('4');
    await expect(row(page, SERP_KEYWORD).getByTestId('serp-search')).toHaveCount(0);
    await expect(row(page, NEW_KEYWORD).getByTestId('serp-count')).toHaveText('0');
    await expect(row(page, NEW_KEYWORD).getByTestId('serp-search')).toBeVisible();

    // switch off: stored, and the button goes
    await row(page, DICTIONARY_KEYWORD).getByRole('switch').click({ force: true });
    await expect(row(page, DICTIONARY_KEYWORD).getByRole('switch')).not.toBeChecked();
    await expect(row(page, DICTIONARY_KEYWORD).getByTestId('serp-search')).toHaveCount(0);
    await expect
      .poll(async () => (await rest<Json[]>(request, 'service', 'GET', `pages_keywords?linked_page=eq.${s.pageId}&to_search=eq.false&select=id`)).length)
      .toBe(1);

    const newKw = (await rest<Json[]>(request, 'service', 'GET', `keywords?keyword=eq.${encodeURIComponent(NEW_KEYWORD)}&select=id`))[0].id as number;
    await row(page, NEW_KEYWORD).getByTestId('serp-search').click();
    await expect(page.getByText('SERP search action added. The search will run in the background.')).toBeVisible();
    const first = await rest<Json[]>(request, 'service', 'GET', `pages_actions?linked_page=eq.${s.pageId}&linked_action=eq.${serpsAction}&select=id,info2,created_date,status`);
    expect(first).toHaveLength(1);
    expect(first[0].info2).toBe(String(newKw));
    expect(first[0].status).toBe('queued');

    // the worker finishes it; a second search refreshes the same row (new created_date, keyword id in info2)
    await rest(request, 'service', 'PATCH', `pages_actions?id=eq.${first[0].id}`, { status: 'done' });
    await row(page, DICTIONARY_KEYWORD).getByRole('switch').click({ force: true });
    await expect(row(page, DICTIONARY_KEYWORD).getByTestId('serp-search')).toBeVisible();
    const dictKw = (await rest<Json[]>(request, 'service', 'GET', `keywords?keyword=eq.${encodeURIComponent(DICTIONARY_KEYWORD)}&select=id`))[0].id as number;
    await closeToasts(page);
    await row(page, DICTIONARY_KEYWORD).getByTestId('serp-search').click();
    // (the first toast may still be fading out beside the new one)
    await expect(page.getByText('SERP search action added. The search will run in the background.').last()).toBeVisible();
    const serpsActions = `pages_actions?linked_page=eq.${s.pageId}&linked_action=eq.${serpsAction}&select=id,info2,created_date,status`;
    await expect.poll(async () => (await rest<Json[]>(request, 'service', 'GET', serpsActions))[0].info2).toBe(String(dictKw));
    const second = await rest<Json[]>(request, 'service', 'GET', serpsActions);
    expect(second).toHaveLength(1);
    expect(second[0].id).toBe(first[0].id);
    expect(second[0].info2).toBe(String(dictKw));
    expect(new Date(second[0].created_date as string).getTime()).toBeGreaterThan(new Date(first[0].created_date as string).getTime());
    expect(second[0].status).toBe('queued');

    // the worker writes results; the screen reloads about 2 s after the click and the button goes
    await rest(request, 'service', 'POST', 'serps', { linked_keyword: dictKw, site: s.siteId, position_absolute: 1, title: 'Tonte', url: 'https://x-tonte.fr', type: 'organic' });
    await page.waitForTimeout(2500);
    await expect(row(page, DICTIONARY_KEYWORD).getByTestId('serp-count')).toHaveText('1');
    await expect(row(page, DICTIONARY_KEYWORD).getByTestId('serp-search')).toHaveCount(0);
    await saveScreenshots(page, 'workspace-keywords');
  });

  test('SERP results dialog: by position, own domain highlighted, meta cut at 150, links in a new tab, addresses decoded, Refresh', async ({ page, request }) => {
    await signIn(page, s.owner);
    await openScreen(page, s);
    await row(page, SERP_KEYWORD).getByTestId('view-serps').click();
    const modal = dialog(page);
    await expect(modal.getByText(`SERP results for “${SERP_KEYWORD}”`)).toBeVisible();
    const serpRows = modal.getByTestId('serp-row');
    await expect(serpRows).toHaveCount(4);
    await expect(serpRows.locator('td:first-child')).toHaveText(['1', '2', '3', '4']);
    // the address decoded for reading, the link kept as stored (issue 32)
    await expect(serpRows.nth(3).getByTestId('serp-url')).toHaveText('https://café.fr/wiki/Pain_d’épices');
    await expect(serpRows.nth(3).getByRole('link', { name: /Pain d’épices/ })).toHaveAttribute('href', 'https://xn--caf-dma.fr/wiki/Pain_d%E2%80%99%C3%A9pices');
    await expect(serpRows.nth(2)).toHaveAttribute('data-own', 'true');
    await expect(serpRows.nth(2).getByText('Your site')).toBeVisible();
    await expect(serpRows.nth(1)).not.toHaveAttribute('data-own', 'true');
    const meta = await serpRows.nth(0).getByTestId('serp-meta').textContent();
    expect(meta).toBe(`${Array.from(LONG_META).slice(0, 150).join('').trimEnd()}…`);
    const link = serpRows.nth(0).getByRole('link', { name: /Haies – Rival/ });
    await expect(link).toHaveAttribute('target', '_blank');
    await expect(link).toHaveAttribute('rel', /noopener/);
    await expect(link).toHaveAttribute('href', 'https://rival-jardin.fr/haies');
    await expectNoSeriousA11yViolations(page, { include: '[role="dialog"]' });
    await saveScreenshots(page, 'workspace-keywords-serps');

    // searched again: the same serps action as the first search, for this keyword (refreshed: one row)
    await expect(modal.getByTestId('serps-last-search')).toContainText('Last searched on');
    await closeToasts(page);
    await modal.getByRole('button', { name: 'Refresh' }).click();
    await expect(page.getByText('SERP search action added. The search will run in the background.')).toBeVisible();
    const actions = await rest<Json[]>(request, 'service', 'GET', `pages_actions?linked_page=eq.${s.pageId}&linked_action=eq.${serpsAction}&select=info2,status`);
    expect(actions).toEqual([{ info2: String(serpKeywordId), status: 'queued' }]);
  });

  test('remove a keyword from the page: the link goes, the dictionary keeps the keyword', async ({ page, request }) => {
    await signIn(page, s.owner);
    await openScreen(page, s);
    await row(page, NEW_KEYWORD).getByTestId('remove-keyword').click();
    await expect(dialog(page).getByText(`Remove “${NEW_KEYWORD}” from this page?`, { exact: false })).toBeVisible();
    await dialog(page).getByRole('button', { name: 'Remove' }).click();
    await expect(page.getByText('Keyword removed from the page.')).toBeVisible();
    await expect(row(page, NEW_KEYWORD)).toHaveCount(0);
    const kw = await rest<Json[]>(request, 'service', 'GET', `keywords?keyword=eq.${encodeURIComponent(NEW_KEYWORD)}&select=id`);
    expect(kw).toHaveLength(1);
    const links = await rest<Json[]>(request, 'service', 'GET', `pages_keywords?linked_page=eq.${s.pageId}&linked_keyword=eq.${kw[0].id}&select=id`);
    expect(links).toHaveLength(0);
  });

  test('every §8 keyword message on its failure path', async ({ page }) => {
    await signIn(page, s.owner);
    const fail = (status = 500) => ({ status, contentType: 'application/json', body: JSON.stringify({ message: 'boom', code: 'XX000' }) });

    // load
    await page.route('**/rest/v1/pages_keywords?*', (route) => (route.request().method() === 'GET' ? route.fulfill(fail()) : route.continue()));
    await page.goto(screenUrl(s));
    await expect(page.getByText('Unable to load page keywords.')).toBeVisible({ timeout: 20_000 });
    await page.unroute('**/rest/v1/pages_keywords?*');
    await page.getByRole('button', { name: 'Retry' }).click();
    await expect(rows(page)).toHaveCount(2);

    // switch
    await page.route('**/rest/v1/pages_keywords?*', (route) => (route.request().method() === 'PATCH' ? route.fulfill(fail()) : route.continue()));
    await row(page, SERP_KEYWORD).getByRole('switch').click({ force: true });
    await expect(page.getByText('Unable to update keyword search setting.')).toBeVisible();
    await expect(page.getByText(/Failed to update search setting\./)).toBeVisible();
    await expect(row(page, SERP_KEYWORD).getByRole('switch')).toBeChecked();

    // dialog: search, create, link, unexpected
    const addWith = async (text: string) => {
      await closeToasts(page);
    await page.getByTestId('add-keyword').click();
      await dialog(page).getByLabel('Keyword').fill(text);
      await dialog(page).getByRole('button', { name: 'Add Keyword' }).click();
    };
    // add_page_keyword searches, creates and links in one call (#27.2): the stage is told by the failure
    const rpc = '**/rest/v1/rpc/add_page_keyword*';
    const answer = (body: object, status: number) => ({ status, contentType: 'application/json', body: JSON.stringify(body) });
    await page.route(rpc, (route) => route.fulfill(fail(503)));
    await addWith(`erreur ${suffix}`);
    await expect(dialog(page).getByTestId('add-keyword-error')).toHaveText('Error searching for keyword');
    await page.unroute(rpc);
    await page.route(rpc, (route) => route.fulfill(answer({ code: '22023', message: 'A keyword has 1 to 200 characters.', hint: 'keyword' }, 400)));
    await dialog(page).getByRole('button', { name: 'Add Keyword' }).click();
    await expect(dialog(page).getByTestId('add-keyword-error')).toHaveText('Error creating keyword');
    await page.unroute(rpc);
    await page.route(rpc, (route) => route.fulfill(answer({ code: 'P0001', message: 'Page not found', hint: 'not_found' }, 400)));
    await dialog(page).getByRole('button', { name: 'Add Keyword' }).click();
    await expect(dialog(page).getByTestId('add-keyword-error')).toHaveText('Error linking keyword to page');
    await page.unroute(rpc);
    // an answer the screen cannot read (not the linked keyword)
    await page.route(rpc, (route) => route.fulfill(answer({ keywords: '?' }, 200)));
    await dialog(page).getByRole('button', { name: 'Add Keyword' }).click();
    await expect(dialog(page).getByTestId('add-keyword-error')).toHaveText('An unexpected error occurred');
    await page.unroute(rpc);
    await dialog(page).getByRole('button', { name: 'Cancel' }).click();

    // the search action: check, update, create
    await page.goto(screenUrl(s));
    await expect(rows(page)).toHaveCount(2);
    await page.route('**/rest/v1/pages_actions?*', (route) => (route.request().method() === 'GET' && route.request().url().includes('linked_action') ? route.fulfill(fail()) : route.continue()));
    // a keyword without SERPs to search again: add one
    await addWith(`sans serp ${suffix}`);
    await expect(row(page, `sans serp ${suffix}`)).toBeVisible();
    await row(page, `sans serp ${suffix}`).getByTestId('serp-search').click();
    await expect(page.getByText('Unable to check if action already exists.')).toBeVisible();
    await page.unroute('**/rest/v1/pages_actions?*');
    await page.route('**/rest/v1/pages_actions?*', (route) => (route.request().method() === 'PATCH' ? route.fulfill(fail()) : route.continue()));
    await row(page, `sans serp ${suffix}`).getByTestId('serp-search').click();
    await expect(page.getByText('Unable to update existing search action.')).toBeVisible();
    await page.unroute('**/rest/v1/pages_actions?*');
  });

  test('the first SERP search of a page creates its action; its failure says so', async ({ page, request }) => {
    const fresh = await siteWithPage(request, 'keywords-fresh', { siteName: 'Jardin Neuf', host: `neuf-${HOST}`, pageName: 'Page neuve' });
    const added = await rest<Json>(request, fresh.token, 'POST', 'rpc/add_page_keyword', { p_page_id: fresh.pageId, p_keyword: `neuf ${suffix}` });
    const kw = { id: added.keyword_id };
    await signIn(page, fresh.owner);
    await openScreen(page, fresh);
    await page.route('**/rest/v1/pages_actions?*', (route) => (route.request().method() === 'POST' ? route.fulfill({ status: 500, contentType: 'application/json', body: '{"message":"boom"}' }) : route.continue()));
    await rows(page).first().getByTestId('serp-search').click();
    await expect(page.getByText('Unable to create SERP search action.')).toBeVisible();
    await page.unroute('**/rest/v1/pages_actions?*');
    expect(await rest<Json[]>(request, 'service', 'GET', `pages_actions?linked_page=eq.${fresh.pageId}&select=id`)).toHaveLength(0);
    await rows(page).first().getByTestId('serp-search').click();
    await expect(page.getByText('SERP search action added. The search will run in the background.')).toBeVisible();
    const created = await rest<Json[]>(request, 'service', 'GET', `pages_actions?linked_page=eq.${fresh.pageId}&select=info2,queued,creator`);
    expect(created).toEqual([{ info2: String(kw.id), queued: true, creator: fresh.owner.id }]);
  });
});

