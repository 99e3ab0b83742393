// Issue 15 (page versions): the whole screen against the real backend (RLS, the lineage RPCs) in a
// real browser — activate, edit and save a new version, delete the active one, compare, compare
// with the parent, the Modify Versions form with each rule, the queued actions and their states
// (the background worker is played by the service role through the REST API, as it would write),
// bad addresses, article HTML carrying XSS vectors, a 2 MB article. Only the three failure toasts
// answer from page.route.
import type { APIRequestContext, Page } from '@playwright/test';
import { test, expect, saveScreenshots } from '../fixtures';
import { expectNoSeriousA11yViolations } from '../support/a11y';
import { createConfirmedUser, signIn, type TestUser } from '../support/users';

const SUPABASE = () => process.env.E2E_SUPABASE_URL ?? '';
const ANON = () => process.env.E2E_ANON_KEY ?? '';
const SERVICE = () => process.env.E2E_SERVICE_ROLE_KEY ?? '';

type Json = Record<string, unknown>;

async function accessToken(request: APIRequestContext, user: TestUser): Promise<string> {
  const response = await request.post(`${SUPABASE()}/auth/v1/token?grant_type=password`, {
    headers: { apikey: ANON() },
    data: { email: user.email, password: user.password },
  });
  expect(response.ok()).toBeTruthy();
  return ((await response.json()) as { access_token: string }).access_token;
}

/** A REST call as the user (token) or as the worker (service role). */
async function rest<T = Json[]>(request: APIRequestContext, token: string | 'service', method: 'GET' | 'POST' | 'PATCH' | 'DELETE', path: string, data?: unknown): Promise<T> {
  const key = token === 'service' ? SERVICE() : ANON();
  const bearer = token === 'service' ? SERVICE() : token;
  const response = await request.fetch(`${SUPABASE()}/rest/v1/${path}`, {
    method,
    headers: { apikey: key, Authorization: `Bearer ${bearer}`, Prefer: 'return=representation', 'Content-Type': 'application/json' },
    data: data === undefined ? undefined : JSON.stringify(data),
  });
  expect(response.ok(), `${method} ${path}: ${response.status()} ${await response.text()}`).toBeTruthy();
  const text = await response.text();
  return (text ? JSON.parse(text) : null) as T;
}

const article = (title: string, paragraphs: string[]) => [`<h1>${title}</h1>`, ...paragraphs.map((p) => `<p>${p}</p>`)].join('\n');

const V1 = article('Entretenir son jardin', ['Arroser le matin.', 'Tailler les haies en automne.', 'Pailler les massifs.']);
const V2 = article('Entretenir son jardin', ['Arroser le soir, quand il fait frais.', 'Tailler les haies en automne.', 'Pailler les massifs.', 'FAQ : faut-il tondre en été ?']);
const V3 = article('Entretenir son jardin au naturel', ['Arroser le soir, quand il fait frais.', 'Tailler les haies en automne.', 'Pailler les massifs.', 'FAQ : faut-il tondre en été ?']);
const INSTRUCTION = 'Ajouter une FAQ et conseiller un arrosage le soir.';

// Article HTML carrying the usual XSS vectors: each one would set window.__xss or open a dialog if it ran.
const XSS = [
  '<h1>Article piégé</h1>',
  '<p id="xss-marker">Texte visible.</p>',
  '<script>window.__xss = "script"</script>',
  '<img src="x" onerror="window.__xss = \'img onerror\'">',
  '<svg onload="window.__xss = \'svg onload\'"><circle r="1"></circle></svg>',
  '<a id="js-link" href="javascript:window.__xss = \'javascript link\'">Cliquez ici</a>',
  '<iframe srcdoc="<script>parent.__xss = \'srcdoc\'</script>"></iframe>',
  '<iframe src="https://evil.example/"></iframe>',
  '<p style="background: url(javascript:window.__xss=\'style\'); width: expression(alert(1))">Style</p>',
  '<base href="https://evil.example/">',
  '<details open ontoggle="window.__xss = \'ontoggle\'"><summary>Détails</summary></details>',
  '<form action="javascript:alert(1)"><button>Envoyer</button></form>',
  '<object data="javascript:alert(1)"></object>',
].join('\n');

const screenUrl = (siteId: number, pageId: number, version?: string) =>
  `/sites/${siteId}/pages/${pageId}/page-versions${version ? `?version=${version}` : ''}`;
const rows = (page: Page) => page.getByTestId('version-row');
const activeRow = (page: Page) => page.locator('[data-testid="version-row"][data-active="true"]');
const viewToggle = (page: Page) => page.getByTestId('view-toggle');

/**
 * Presses a row's button from the keyboard (focus + Enter): the fixed app header and the toasts can
 * lie over a row scrolled to an edge of the viewport, and the keyboard path must work anyway.
 */
async function clickCentered(locator: ReturnType<Page['locator']>) {
  await locator.focus();
  await locator.press('Enter');
}

async function openScreen(page: Page, siteId: number, pageId: number, version?: string) {
  await page.goto(screenUrl(siteId, pageId, version));
  await expect(page.getByTestId('page-versions-screen')).toBeVisible();
}

async function expectNoXss(page: Page, dialogs: string[]) {
  expect(await page.evaluate(() => (window as unknown as { __xss?: unknown }).__xss ?? null)).toBeNull();
  expect(dialogs).toEqual([]);
}

test.describe.serial('page versions', () => {
  test.describe.configure({ timeout: 240_000 });
  let owner: TestUser;
  let token = '';
  let siteId = 0;
  let pageId = 0;
  let emptyPageId = 0;
  const ids: Record<'v1' | 'v2' | 'v3', string> = { v1: '', v2: '', v3: '' };
  let createActionId = 0;

  test.beforeAll(async ({ request }) => {
    owner = await createConfirmedUser(request, 'versions-owner');
    token = await accessToken(request, owner);
    const [site] = await rest<Json[]>(request, token, 'POST', 'sites', { url: 'https://www.jardin-versions.fr', name: 'Jardin Versions', linked_user: owner.id });
    siteId = site.id as number;
    const [page] = await rest<Json[]>(request, token, 'POST', 'pages', { site: siteId, name: 'Entretenir son jardin', url: 'https://www.jardin-versions.fr/entretien' });
    pageId = page.id as number;
    const [empty] = await rest<Json[]>(request, token, 'POST', 'pages', { site: siteId, name: 'Page sans version', url: 'https://www.jardin-versions.fr/vide' });
    emptyPageId = empty.id as number;
    const day = (n: number) => new Date(Date.UTC(2026, 10, n, 9, 30)).toISOString();
    const [v1] = await rest<Json[]>(request, token, 'POST', 'pages_versions', {
      page: pageId, html_content: V1, created_date: day(10), comments_to_modify: INSTRUCTION, origin: 'generated',
    });
    ids.v1 = v1.id as string;
    // the worker writes the modified version with its lineage
    const [v2] = await rest<Json[]>(request, 'service', 'POST', 'pages_versions', {
      page: pageId, html_content: V2, created_date: day(12), creator: owner.id, parent_version: ids.v1, origin: 'instruction', instruction: INSTRUCTION, sent_in_revision: true,
    });
    ids.v2 = v2.id as string;
    const [v3] = await rest<Json[]>(request, token, 'POST', 'pages_versions', { page: pageId, html_content: V3, created_date: day(14), approved: true });
    ids.v3 = v3.id as string;
    const [action] = await rest<Json[]>(request, token, 'GET', 'actions?name=eq.create_article&select=id');
    createActionId = action.id as number;
  });

  test('bad addresses: a malformed id and another user\'s page show the spec\'s message and no data', async ({ page, request }) => {
    const intruder = await createConfirmedUser(request, 'versions-intruder');
    await signIn(page, intruder);
    for (const url of [`/sites/abc/pages/${pageId}/page-versions`, `/sites/${siteId}/pages/0/page-versions`, `/sites/${siteId}/pages/${pageId}x/page-versions`, screenUrl(siteId, pageId)]) {
      await page.goto(url);
      await expect(page.getByTestId('page-not-found')).toBeVisible();
      await expect(page.getByRole('heading', { name: 'Unable to load page details.' })).toBeVisible();
      await expect(page.getByText('Entretenir son jardin')).toHaveCount(0);
      await expect(rows(page)).toHaveCount(0);
    }
  });

  test('empty page, then the table: newest first, review states, lineage, active row in the address', async ({ page }) => {
    await signIn(page, owner);
    await openScreen(page, siteId, emptyPageId);
    await expect(page.getByText('No versions found')).toBeVisible();
    await expect(page.getByText('No content available')).toBeVisible();
    await expect(page.getByTestId('compare-button')).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Create new page version' })).toBeVisible();

    await openScreen(page, siteId, pageId);
    await expect(page.getByTestId('page-title')).toHaveText('Entretenir son jardin');
    const breadcrumb = page.getByRole('navigation', { name: 'Breadcrumb' });
    await expect(breadcrumb.getByRole('link', { name: 'Jardin Versions' })).toHaveAttribute('href', `/sites/${siteId}`);
    await expect(breadcrumb.getByRole('link', { name: 'Entretenir son jardin' })).toHaveAttribute('href', `/sites/${siteId}/pages/${pageId}`);
    await expect(page.getByRole('columnheader', { name: 'Date Created' })).toBeVisible();
    await expect(page.getByRole('columnheader', { name: 'Actions' })).toBeVisible();
    await expect(rows(page)).toHaveCount(3);
    expect(await rows(page).evaluateAll((els) => els.map((e) => e.getAttribute('data-version-id')))).toEqual([ids.v3, ids.v2, ids.v1]);
    expect(await page.getByTestId('review-state').evaluateAll((els) => els.map((e) => e.getAttribute('data-state')))).toEqual(['approved', 'in-revision', 'draft']);
    // the newest is active by default; its rendered HTML is shown
    await expect(activeRow(page)).toHaveAttribute('data-version-id', ids.v3);
    await expect(page.getByTestId('html-rendered').getByRole('heading', { name: 'Entretenir son jardin au naturel' })).toBeVisible();
    // the instruction that produced v2, under it; one click compares with its parent
    const v2Row = rows(page).nth(1);
    await expect(v2Row.getByTestId('version-instruction')).toContainText(INSTRUCTION);
    await expect(v2Row.getByTestId('compare-with-parent')).toBeVisible();
    await expect(rows(page).nth(0).getByTestId('compare-with-parent')).toHaveCount(0);

    // clicking a row makes it active, highlighted, and in the address (a reload keeps it)
    await rows(page).nth(2).click();
    await expect(activeRow(page)).toHaveAttribute('data-version-id', ids.v1);
    await expect(page).toHaveURL(new RegExp(`\\?version=${ids.v1}$`));
    await expect(page.getByTestId('html-rendered')).toContainText('Arroser le matin.');
    await page.reload();
    await expect(activeRow(page)).toHaveAttribute('data-version-id', ids.v1);
    await expect(page.getByTestId('html-rendered')).toContainText('Arroser le matin.');
    // keyboard: Enter on a row's date activates it
    await rows(page).nth(1).getByTestId('version-date').focus();
    await page.keyboard.press('Enter');
    await expect(activeRow(page)).toHaveAttribute('data-version-id', ids.v2);

    // a version id the page does not have: 'Version not found'
    await openScreen(page, siteId, pageId, '00000000-0000-4000-8000-000000000bad');
    await expect(page.getByTestId('version-not-found')).toContainText('Version not found');
    await expect(page.getByTestId('html-rendered')).toHaveCount(0);
    // a malformed one (not a version id at all): 'Version not found' too, never the newest version instead
    for (const bad of ['not-a-version', `${ids.v3}x`, '123']) {
      await openScreen(page, siteId, pageId, bad);
      await expect(page.getByTestId('version-not-found'), bad).toContainText('Version not found');
      await expect(page.getByTestId('html-rendered'), bad).toHaveCount(0);
      await expect(activeRow(page), bad).toHaveCount(0);
    }
    await page.getByRole('button', { name: 'Show the latest version' }).click();
    await expect(activeRow(page)).toHaveAttribute('data-version-id', ids.v3);

    await openScreen(page, siteId, pageId);
    await expectNoSeriousA11yViolations(page, { include: '[data-testid="workspace-app"]' });
    await saveScreenshots(page, 'workspace-page-versions');
  });

  test('code view, edit with CodeMirror, Cancel, then Modify saves a new active version edited by hand', async ({ page }) => {
    await signIn(page, owner);
    await openScreen(page, siteId, pageId, ids.v3);
    await viewToggle(page).getByText('Code').click();
    const code = page.locator('.cm-editor');
    await expect(code).toBeVisible();
    await expect(code.locator('.cm-content')).toHaveAttribute('aria-readonly', 'true');
    await expect(code).toContainText('Entretenir son jardin au naturel');
    // syntax highlighting: tags are styled tokens, not plain text
    expect(await code.locator('.cm-line span').count()).toBeGreaterThan(3);

    await page.getByRole('button', { name: 'Edit' }).click();
    const editor = page.locator('.cm-editor .cm-content[contenteditable="true"]');
    await expect(editor).toBeVisible();
    await expect(page.getByRole('button', { name: 'Cancel' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Modify', exact: true })).toBeVisible();
    // editing: the toggle is disabled and comparing cannot start
    await expect(viewToggle(page).locator('input').first()).toBeDisabled();
    await expect(page.getByTestId('compare-button')).toBeDisabled();
    // nothing changed: not saved
    await page.getByRole('button', { name: 'Modify', exact: true }).click();
    await expect(page.getByText('Nothing has changed: edit the HTML before saving.')).toBeVisible();
    await page.getByRole('button', { name: 'Cancel' }).click();
    await expect(page.getByRole('button', { name: 'Edit' })).toBeVisible();
    await expect(rows(page)).toHaveCount(3);

    await page.getByRole('button', { name: 'Edit' }).click();
    await editor.click();
    await page.keyboard.press('ControlOrMeta+End');
    await page.keyboard.type('\n<p>Ajout fait à la main.</p>');
    // a refused save first: 'Failed to save changes', the editor and its draft stay for another try
    await page.route('**/rest/v1/rpc/save_version_edit', (route) => route.fulfill({ status: 500, json: { message: 'boom' } }));
    await page.getByRole('button', { name: 'Modify', exact: true }).click();
    await expect(page.getByText('Failed to save changes')).toBeVisible();
    await expect(editor).toContainText('Ajout fait à la main.');
    await expect(rows(page)).toHaveCount(3);
    await page.unroute('**/rest/v1/rpc/save_version_edit');
    const save = page.waitForResponse((r) => r.url().includes('/rest/v1/rpc/save_version_edit'));
    await page.getByRole('button', { name: 'Modify', exact: true }).click();
    expect((await save).ok()).toBeTruthy();
    await expect(page.getByText('HTML content updated successfully')).toBeVisible();
    await expect(rows(page)).toHaveCount(4);
    // the new version is active, first, edited by hand, shown rendered
    await expect(activeRow(page)).toHaveAttribute('data-version-id', await rows(page).first().getAttribute('data-version-id') ?? '');
    await expect(rows(page).first().getByTestId('version-instruction')).toHaveText('Edited by hand');
    await expect(page.getByTestId('html-rendered')).toContainText('Ajout fait à la main.');
    await expect(viewToggle(page).locator('input').first()).toBeEnabled();
    // one click compares it with the version it was edited from
    await clickCentered(rows(page).first().getByTestId('compare-with-parent'));
    await expect(page.getByTestId('compare-picker')).toHaveValue(/.+/);
    const diff = page.getByTestId('side-by-side-diff');
    await expect(diff.locator('ins')).toHaveCount(0); // a wholly added line is marked by its row
    await expect(diff.locator('tr[data-kind="added"]')).toContainText('Ajout fait à la main.');
  });

  test('compare: picker, side-by-side diff with words marked, identical versions, compare with the parent', async ({ page, request }) => {
    await signIn(page, owner);
    await openScreen(page, siteId, pageId, ids.v2);
    await page.getByRole('button', { name: 'Compare Versions' }).click();
    // comparing: the toggle is disabled
    await expect(viewToggle(page).locator('input').first()).toBeDisabled();
    const diff = page.getByTestId('side-by-side-diff');
    // default: the parent (v1) on the left as Previous Version, v2 on the right as Current Version
    await expect(page.getByTestId('diff-previous-label')).toContainText('Previous Version');
    await expect(page.getByTestId('diff-current-label')).toContainText('Current Version');
    await expect(diff.locator('del').first()).toContainText('matin');
    await expect(diff.locator('ins').first()).toContainText('soir');
    await expect(diff.locator('tr[data-kind="added"]')).toContainText('FAQ : faut-il tondre en été ?');
    await expect(diff.locator('tr[data-kind="added"] td.cdiff-spacer')).toHaveCount(2);
    // both panes in one scroll area, as high as its few lines (at most 500 px)
    const panes = await page.getByTestId('diff-panes').evaluate((el) => ({ height: el.getBoundingClientRect().height, scrolls: el.scrollHeight > el.clientHeight + 1 }));
    expect(panes.height).toBeLessThan(500);
    expect(panes.scrolls).toBe(false);

    // another version from the picker
    await page.getByTestId('compare-picker').click();
    await page.getByRole('option').last().click();
    await expect(diff).toBeVisible();

    // an identical copy: 'The versions are identical'
    const [copy] = await rest<Json[]>(request, token, 'POST', 'pages_versions', { page: pageId, html_content: V2.replace(/\n/g, '\r\n') + '\r\n', created_date: new Date(Date.UTC(2026, 10, 13)).toISOString() });
    await openScreen(page, siteId, pageId, copy.id as string);
    await page.getByRole('button', { name: 'Compare Versions' }).click();
    await page.getByTestId('compare-picker').click();
    const v2Label = await page.evaluate(
      (iso) => new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(iso)),
      new Date(Date.UTC(2026, 10, 12, 9, 30)).toISOString(),
    );
    await page.getByRole('option', { name: v2Label }).click();
    await expect(page.getByText('The versions are identical')).toBeVisible();
    await page.getByRole('button', { name: 'Stop comparing' }).click();
    await expect(viewToggle(page).locator('input').first()).toBeEnabled();

    // compare with the parent from the table row
    await openScreen(page, siteId, pageId);
    await clickCentered(page.locator(`[data-testid="version-row"][data-version-id="${ids.v2}"] [data-testid="compare-with-parent"]`));
    await expect(activeRow(page)).toHaveAttribute('data-version-id', ids.v2);
    await expect(diff.locator('del').first()).toContainText('matin');
    await expectNoSeriousA11yViolations(page, { include: '[data-testid="html-content"]' });
    await saveScreenshots(page, 'workspace-page-versions-compare');
    await rest(request, token, 'DELETE', `pages_versions?id=eq.${copy.id as string}`);
  });

  test('delete: the active version goes, the first remaining one becomes active; failures say so', async ({ page, request }) => {
    await signIn(page, owner);
    const [extra] = await rest<Json[]>(request, token, 'POST', 'pages_versions', { page: pageId, html_content: '<p>À supprimer</p>', created_date: new Date(Date.UTC(2026, 10, 11)).toISOString() });
    await openScreen(page, siteId, pageId, extra.id as string);
    await expect(activeRow(page)).toHaveAttribute('data-version-id', extra.id as string);
    const count = await rows(page).count();

    // a refused delete: 'Failed to delete version', nothing changes
    await page.route('**/rest/v1/pages_versions?id=eq.*', (route) =>
      route.request().method() === 'DELETE' ? route.fulfill({ status: 500, json: { message: 'boom' } }) : route.fallback(),
    );
    await clickCentered(activeRow(page).getByTestId('delete-version'));
    await page.getByRole('dialog').getByRole('button', { name: 'Delete the version' }).click();
    await expect(page.getByText('Failed to delete version')).toBeVisible();
    await page.unroute('**/rest/v1/pages_versions?id=eq.*');
    await expect(rows(page)).toHaveCount(count);

    // the failure toast can lie over the dialog's button: confirm from the keyboard
    await clickCentered(page.getByRole('dialog').getByRole('button', { name: 'Delete the version' }));
    await expect(page.getByText('Version deleted successfully')).toBeVisible();
    await expect(rows(page)).toHaveCount(count - 1);
    const first = await rows(page).first().getAttribute('data-version-id');
    await expect(activeRow(page)).toHaveAttribute('data-version-id', first ?? '');
    await expect(page).toHaveURL(new RegExp(`\\?version=${first}$`));
    expect(await rest<Json[]>(request, token, 'GET', `pages_versions?id=eq.${extra.id as string}`)).toEqual([]);
  });

  test('Modify Versions: each rule, the request recorded and queued, action states as the worker moves it', async ({ page, request }) => {
    await signIn(page, owner);
    await openScreen(page, siteId, pageId);
    const form = page.getByTestId('modify-form');
    await expect(form.getByRole('heading', { name: 'Modify Versions' })).toBeVisible();
    // the version shown (the newest) preselected, a neutral help; the rule's text only once the field is emptied
    await expect(form.getByText('The version that will be rewritten')).toBeVisible();
    await expect(form.getByText('Please select a version to modify')).toHaveCount(0);
    await expect(form.getByRole('button', { name: 'Modify Version' })).toBeEnabled();
    await form.getByRole('button', { name: 'Clear the version to modify' }).click();
    await expect(form.getByText('Please select a version to modify')).toBeVisible();
    await expect(form.getByRole('button', { name: 'Modify Version' })).toBeDisabled();
    // the flags default to false
    for (const flag of ['useWebSearch', 'highlightModifications', 'unhighlightModifications', 'createNewVersion']) {
      await expect(form.getByTestId(`flag-${flag}`)).not.toBeChecked();
    }
    // choosing v1 prefills its comments_to_modify
    const v1Label = await page.evaluate(
      (iso) => new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(iso)),
      new Date(Date.UTC(2026, 10, 10, 9, 30)).toISOString(),
    );
    await form.getByTestId('modify-version').click();
    await page.getByRole('option', { name: v1Label }).click();
    await expect(form.getByTestId('modify-comments')).toHaveValue(INSTRUCTION);
    await expect(form.getByText('Please select a version to modify')).toHaveCount(0);
    await form.getByTestId('modify-comments').fill('Raccourcir l’introduction.');
    await form.getByTestId('flag-useWebSearch').check();
    await form.getByTestId('flag-highlightModifications').check();
    await form.getByTestId('flag-createNewVersion').check();
    await form.getByTestId('modify-example').click();
    const v3Label = await page.evaluate(
      (iso) => new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(iso)),
      new Date(Date.UTC(2026, 10, 14, 9, 30)).toISOString(),
    );
    await page.getByRole('option', { name: v3Label }).click();

    // a failure first: 'Failed to update version'
    await page.route('**/rest/v1/rpc/request_version_modification', (route) => route.fulfill({ status: 500, json: { message: 'boom' } }));
    await form.getByRole('button', { name: 'Modify Version' }).click();
    await expect(page.getByText('Failed to update version')).toBeVisible();
    await page.unroute('**/rest/v1/rpc/request_version_modification');

    // while the request is on its way the submit button is disabled (no second request)
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    const sent: string[] = [];
    await page.route('**/rest/v1/rpc/request_version_modification', async (route) => {
      if (route.request().method() === 'POST') sent.push(route.request().url());
      await held;
      await route.continue();
    });
    const call = page.waitForResponse((r) => r.url().includes('/rest/v1/rpc/request_version_modification'));
    await form.getByRole('button', { name: 'Modify Version' }).click();
    await expect(form.getByRole('button', { name: 'Modify Version' })).toBeDisabled();
    await form.getByRole('button', { name: 'Modify Version' }).click({ force: true }).catch(() => {});
    release();
    expect((await call).ok()).toBeTruthy();
    expect(sent).toHaveLength(1);
    await page.unroute('**/rest/v1/rpc/request_version_modification');
    await expect(page.getByText('Version updated successfully')).toBeVisible();

    // recorded on the version and queued, in one go
    const [stored] = await rest<Json[]>(request, token, 'GET', `pages_versions?id=eq.${ids.v1}&select=comments_to_modify,need_to_do_web_search_for_modification,highlight_modified_content,unhighlight_modified_content,pages_versions_to_take_as_example`);
    expect(stored).toEqual({
      comments_to_modify: 'Raccourcir l’introduction.',
      need_to_do_web_search_for_modification: true,
      highlight_modified_content: true,
      unhighlight_modified_content: false,
      pages_versions_to_take_as_example: ids.v3,
    });
    const [queued] = await rest<Json[]>(request, token, 'GET', `pages_actions?linked_pages_version=eq.${ids.v1}&select=id,status,info_json,actions(name)&order=id.desc&limit=1`);
    expect(queued.actions).toEqual({ name: 'modify_articles_with_instructions' });
    expect(queued.info_json).toMatchObject({ comments: 'Raccourcir l’introduction.', use_web_search: true, create_new_version: true, example_version_id: ids.v3 });

    // the action list: queued, then running, then done — and the new version shows up by itself
    const action = page.locator(`[data-testid="page-action"][data-action="modify_articles_with_instructions"]`).first();
    await expect(action).toHaveAttribute('data-status', 'queued');
    await expect(action).toContainText('Queued');
    await rest(request, 'service', 'PATCH', `pages_actions?id=eq.${queued.id as number}`, { status: 'running', attempts: 1 });
    await expect(action).toHaveAttribute('data-status', 'running', { timeout: 15_000 });
    const before = await rows(page).count();
    await rest(request, 'service', 'POST', 'pages_versions', {
      page: pageId, creator: owner.id, html_content: V3.replace('</h1>', '</h1>\n<p>Introduction courte.</p>'), parent_version: ids.v1, origin: 'instruction', instruction: 'Raccourcir l’introduction.',
    });
    await rest(request, 'service', 'PATCH', `pages_actions?id=eq.${queued.id as number}`, { status: 'done' });
    await expect(action).toHaveAttribute('data-status', 'done', { timeout: 15_000 });
    await expect(rows(page)).toHaveCount(before + 1, { timeout: 10_000 });
    await expect(rows(page).first().getByTestId('version-instruction')).toContainText('Raccourcir l’introduction.');

    // a failed action shows its error
    const [failed] = await rest<Json[]>(request, token, 'POST', 'pages_actions', { linked_page: pageId, linked_action: createActionId, queued: true });
    await page.reload();
    const failedItem = page.locator(`[data-testid="page-action"][data-action="create_article"]`).first();
    await expect(failedItem).toHaveAttribute('data-status', 'queued');
    await rest(request, 'service', 'PATCH', `pages_actions?id=eq.${failed.id as number}`, { status: 'failed', attempts: 3, last_error: 'Le modèle n’a pas répondu.' });
    await expect(failedItem).toHaveAttribute('data-status', 'failed', { timeout: 15_000 });
    await expect(failedItem.getByTestId('page-action-error')).toContainText('Le modèle n’a pas répondu.');
  });

  test('Create new page version queues a create_article action; a failure says so', async ({ page, request }) => {
    await signIn(page, owner);
    await openScreen(page, siteId, emptyPageId);
    await page.route('**/rest/v1/pages_actions*', (route) =>
      route.request().method() === 'POST' ? route.fulfill({ status: 500, json: { message: 'boom' } }) : route.fallback(),
    );
    await page.getByRole('button', { name: 'Create new page version' }).click();
    await page.getByRole('dialog').getByTestId('run-confirm-submit').click();
    await expect(page.getByText('Failed to create new page action')).toBeVisible();
    await page.unroute('**/rest/v1/pages_actions*');
    // no create_article row in the actions table: the spec's message, nothing queued
    await page.route('**/rest/v1/actions?*', (route) =>
      route.request().url().includes('name=eq.create_article') ? route.fulfill({ status: 200, json: [] }) : route.fallback(),
    );
    await page.getByRole('button', { name: 'Create new page version' }).click();
    await page.getByRole('dialog').getByTestId('run-confirm-submit').click();
    await expect(page.getByText("Failed to find the 'create_article' action")).toBeVisible();
    await page.unroute('**/rest/v1/actions?*');
    await page.getByRole('button', { name: 'Create new page version' }).click();
    await page.getByRole('dialog').getByTestId('run-confirm-submit').click();
    await expect(page.getByText('New version requested')).toBeVisible();
    await expect(page.locator('[data-testid="page-action"][data-action="create_article"]')).toHaveAttribute('data-status', 'queued');
    const actions = await rest<Json[]>(request, token, 'GET', `pages_actions?linked_page=eq.${emptyPageId}&select=linked_action,status`);
    expect(actions).toEqual([{ linked_action: createActionId, status: 'queued' }]);
  });

  test('article HTML with XSS vectors: nothing runs in the rendered view, the code view, the editor or the diff', async ({ page, request }) => {
    const dialogs: string[] = [];
    page.on('dialog', (dialog) => {
      dialogs.push(dialog.message());
      void dialog.dismiss();
    });
    const outside: string[] = [];
    page.on('request', (r) => {
      if (r.url().includes('evil.example')) outside.push(r.url());
    });
    await signIn(page, owner);
    const [xss] = await rest<Json[]>(request, token, 'POST', 'pages_versions', { page: pageId, html_content: XSS });
    await openScreen(page, siteId, pageId, xss.id as string);
    const rendered = page.getByTestId('html-rendered');
    await expect(rendered.locator('#xss-marker')).toHaveText('Texte visible.');
    await expect(rendered.locator('script, iframe, svg, base, form, object, [onerror], [onload], [ontoggle], [style]')).toHaveCount(0);
    await expect(page.locator('base')).toHaveCount(0);
    const link = rendered.getByText('Cliquez ici');
    expect(await link.getAttribute('href')).toBeNull();
    await link.click();
    await page.waitForTimeout(500);
    await expectNoXss(page, dialogs);

    await viewToggle(page).getByText('Code').click();
    await expect(page.locator('.cm-editor')).toContainText('window.__xss');
    await page.getByRole('button', { name: 'Edit' }).click();
    await expect(page.locator('.cm-content[contenteditable="true"]')).toBeVisible();
    await page.waitForTimeout(300);
    await expectNoXss(page, dialogs);
    await page.getByRole('button', { name: 'Cancel' }).click();

    await page.getByRole('button', { name: 'Compare Versions' }).click();
    const diff = page.getByTestId('side-by-side-diff');
    await expect(diff).toContainText('<script>window.__xss = "script"</script>');
    await expect(diff.locator('script, img, svg, iframe')).toHaveCount(0);
    await page.waitForTimeout(300);
    await expectNoXss(page, dialogs);
    expect(outside).toEqual([]);
    await rest(request, token, 'DELETE', `pages_versions?id=eq.${xss.id as string}`);
  });

  test('a 2 MB article: the screen stays usable (rendered, code view, compare, other rows)', async ({ page, request }) => {
    await signIn(page, owner);
    const paragraph = (i: number) => `<p>Paragraphe ${i} : ${'un texte d’article assez long pour peser. '.repeat(4)}</p>`;
    const parts: string[] = ['<h1>Très long article</h1>'];
    let size = parts[0].length;
    // a real 2 MiB article: over the 2,000,000 characters the database used to refuse
    for (let i = 0; size < 2 * 1024 * 1024 - 400; i += 1) {
      const p = paragraph(i);
      parts.push(p);
      size += p.length + 1;
    }
    parts.push('<p id="last-paragraph">Fin de l’article.</p>');
    const html = parts.join('\n');
    expect(html.length).toBeGreaterThan(2_000_000);
    const [big] = await rest<Json[]>(request, token, 'POST', 'pages_versions', { page: pageId, html_content: html });
    await openScreen(page, siteId, pageId, big.id as string);
    await expect(page.getByTestId('html-rendered').locator('#last-paragraph')).toHaveText('Fin de l’article.', { timeout: 30_000 });
    // the rest of the screen answers
    await rows(page).nth(1).click();
    await expect(activeRow(page)).not.toHaveAttribute('data-version-id', big.id as string);
    await rows(page).first().click();
    await expect(activeRow(page)).toHaveAttribute('data-version-id', big.id as string);
    await viewToggle(page).getByText('Code').click();
    await expect(page.locator('.cm-editor')).toContainText('Très long article', { timeout: 30_000 });
    await page.locator('.cm-scroller').evaluate((el) => el.scrollTo(0, el.scrollHeight));
    await expect(page.locator('.cm-editor')).toContainText('Fin de l’article.', { timeout: 15_000 });
    await page.getByRole('button', { name: 'Compare Versions' }).click();
    await expect(page.getByTestId('side-by-side-diff')).toBeVisible({ timeout: 30_000 });
    await page.getByRole('button', { name: 'Stop comparing' }).click();
    // the form answers too: the version shown is the one to modify, ready to send
    await expect(page.getByTestId('modify-form').getByRole('button', { name: 'Modify Version' })).toBeEnabled();

    // edited by hand and saved: a new 2 MiB version
    const saves: string[] = [];
    page.on('request', (r) => {
      if (r.url().includes('/rest/v1/rpc/save_version_edit')) saves.push(r.url());
    });
    await page.getByRole('button', { name: 'Edit' }).click();
    const editor = page.locator('.cm-editor .cm-content[contenteditable="true"]');
    await expect(editor).toBeVisible({ timeout: 30_000 });
    await editor.focus();
    await page.keyboard.press('ControlOrMeta+End');
    await page.keyboard.type('\n<p>Ajout.</p>');
    const save = page.waitForResponse((r) => r.url().includes('/rest/v1/rpc/save_version_edit'), { timeout: 60_000 });
    await page.getByRole('button', { name: 'Modify', exact: true }).click();
    const saved = await save;
    expect(saved.ok()).toBeTruthy();
    const edited = (await saved.json()) as { id: string; html_content: string };
    // (CodeMirror closes the typed tags itself: the exact length depends on it)
    expect(edited.html_content.length).toBeGreaterThan(html.length);
    expect(edited.html_content.length).toBeGreaterThan(2_000_000);
    expect(edited.html_content).toContain('<p>Ajout.');
    // (the toast is checked by the editing test: here it may be gone while 2 MB of JSON are parsed)
    await expect(activeRow(page)).toHaveAttribute('data-version-id', edited.id, { timeout: 30_000 });
    await expect(page.getByTestId('html-rendered').locator('#last-paragraph')).toHaveText('Fin de l’article.', { timeout: 30_000 });

    // over 5,000,000 characters: the editor says so and sends nothing
    await viewToggle(page).getByText('Code').click();
    await page.getByRole('button', { name: 'Edit' }).click();
    await expect(editor).toBeVisible({ timeout: 30_000 });
    await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
    await page.evaluate((n) => navigator.clipboard.writeText(`<p>${'a'.repeat(n - 7)}</p>`), 5_000_001);
    await editor.focus();
    await page.keyboard.press('ControlOrMeta+A');
    await page.keyboard.press('ControlOrMeta+V');
    await expect(page.locator('.cm-editor')).toContainText('aaaaaaaa', { timeout: 30_000 });
    const before = saves.length;
    await page.getByRole('button', { name: 'Modify', exact: true }).click();
    await expect(page.getByTestId('editor-problem')).toHaveText(
      'The HTML content is 5,000,001 characters long: at most 5,000,000 characters can be saved. Shorten it before saving.');
    await page.waitForTimeout(300);
    expect(saves.length, 'nothing sent').toBe(before);
    await page.getByRole('button', { name: 'Cancel' }).click();

    await rest(request, token, 'DELETE', `pages_versions?id=eq.${edited.id}`);
    await rest(request, token, 'DELETE', `pages_versions?id=eq.${big.id as string}`);
  });
});
