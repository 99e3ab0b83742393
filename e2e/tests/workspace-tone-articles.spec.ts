// Issue 13 (tone articles): /tone-articles as a new user would use it — states, create (with the
// validation error first), a member of a group, edit, delete with confirmation, isolation between
// users (the seed's shared group is visible to all, read-only), French labels. Real backend and RLS;
// only the error and empty states answer from page.route (a new account always sees the shared group).
import type { Page } from '@playwright/test';
import { test, expect, saveScreenshots } from '../fixtures';
import { expectNoSeriousA11yViolations } from '../support/a11y';
import { createConfirmedUser, signIn, type TestUser } from '../support/users';

const SHARED_GROUP = 'Ton éditorial chaleureux'; // seed: demo's group, is_shared
const DEMO_PRIVATE_GROUP = 'Ton expert et rassurant'; // seed: demo's private group
const LIST_URL = /\/rest\/v1\/tone_articles\?/;

const suffix = Date.now().toString(36);
const GROUP = `Groupe E2E ${suffix}`;
const MEMBER = `Membre E2E ${suffix}`;
const MEMBER_RENAMED = `Membre renommé ${suffix}`;
const LONG_CONTENT =
  'Un ton chaleureux et précis, qui parle au lecteur comme à un voisin : des phrases courtes, des exemples concrets, ' +
  'des chiffres sourcés et jamais de jargon sans explication. La fin de ce texte ne se voit qu’après « Show more ».';

const rows = (page: Page) => page.getByTestId('tone-article-row');
const row = (page: Page, name: string) => rows(page).filter({ hasText: name });
// a member row also names its group (Parent Group): find groups and members by kind
const groupRow = (page: Page, name: string) => page.locator('[data-testid="tone-article-row"][data-kind="group"]').filter({ hasText: name });
const memberRow = (page: Page, name: string) => page.locator('[data-testid="tone-article-row"][data-kind="member"]').filter({ hasText: name });
const dialog = (page: Page) => page.getByRole('dialog');
// axe-core on this screen (and its dialogs, rendered in a portal)
const SCREEN = '[data-testid="tone-articles-screen"]';
const DIALOG = '[role="dialog"]';

async function openToneArticles(page: Page) {
  await page.goto('/tone-articles');
  await expect(page.getByRole('heading', { name: 'Tone articles', level: 1 })).toBeVisible();
}

test.describe.serial('tone articles', () => {
  // a whole session of a user per test on 2 shared cores
  test.describe.configure({ timeout: 150_000 });
  let owner: TestUser;

  test('load error with Retry, then the empty state', async ({ page, request }) => {
    const user = await createConfirmedUser(request, 'tone-empty');
    await signIn(page, user);
    let isFailing = true;
    await page.route(LIST_URL, async (route) => {
      if (route.request().method() !== 'GET') return route.continue();
      if (isFailing) return route.fulfill({ status: 500, contentType: 'application/json', body: '{"message":"boom"}' });
      return route.fulfill({ status: 200, contentType: 'application/json', body: '[]' });
    });
    await page.goto('/tone-articles');
    const alert = page.getByRole('alert').filter({ hasText: 'Failed to load tone articles' });
    await expect(alert).toBeVisible();
    isFailing = false;
    await alert.getByRole('button', { name: 'Retry' }).click();
    await expect(page.getByText('No tone articles found')).toBeVisible();
    await expect(rows(page)).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Create new tone article' })).toBeVisible();
    await expectNoSeriousA11yViolations(page, { include: SCREEN });
    await saveScreenshots(page, 'tone-articles-empty');
  });

  test('create (validation first), a member of the group, edit, delete with confirmation', async ({ page, request }) => {
    owner = await createConfirmedUser(request, 'tone-owner');
    await signIn(page, owner);
    await openToneArticles(page);

    // a new account sees the seed's shared group, read-only, and nothing else
    await expect(row(page, SHARED_GROUP)).toHaveCount(1);
    await expect(row(page, SHARED_GROUP)).toHaveAttribute('data-kind', 'group');
    await expect(row(page, SHARED_GROUP).getByText('Shared', { exact: true })).toBeVisible();
    await expect(row(page, SHARED_GROUP).getByTestId('tone-article-read-only')).toHaveCount(1);
    await expect(page.getByRole('button', { name: `Edit ${SHARED_GROUP}` })).toHaveCount(0);
    await expect(page.getByRole('button', { name: `Delete ${SHARED_GROUP}` })).toHaveCount(0);
    await expect(row(page, DEMO_PRIVATE_GROUP)).toHaveCount(0);
    await expect(rows(page)).toHaveCount(1);

    // create: the name is required
    await page.getByRole('button', { name: 'Create new tone article' }).click();
    await expect(dialog(page).getByRole('heading', { name: 'Create new tone article' })).toBeVisible();
    await dialog(page).getByRole('button', { name: 'Create' }).click();
    await expect(dialog(page).getByText('Name is required')).toBeVisible();
    await expectNoSeriousA11yViolations(page, { include: DIALOG });
    await dialog(page).getByLabel('Name').fill('   ');
    await dialog(page).getByRole('button', { name: 'Create' }).click();
    await expect(dialog(page).getByText('Name is required')).toBeVisible();

    // a failed creation is shown to the user, and the dialog keeps what was typed
    await dialog(page).getByLabel('Name').fill(GROUP);
    await dialog(page).getByLabel('Content').fill(LONG_CONTENT);
    await page.route(LIST_URL, (route) =>
      route.request().method() === 'POST'
        ? route.fulfill({ status: 500, contentType: 'application/json', body: '{"message":"boom"}' })
        : route.continue(),
    );
    await dialog(page).getByRole('button', { name: 'Create' }).click();
    await expect(page.getByText('Failed to create tone article')).toBeVisible();
    await expect(dialog(page).getByLabel('Name')).toHaveValue(GROUP);
    await page.unroute(LIST_URL);

    // create a group (parent: None)
    await expect(dialog(page).getByLabel('Parent group')).toHaveValue('None');
    await dialog(page).getByRole('button', { name: 'Create' }).click();
    await expect(page.getByText('Tone article created successfully').first()).toBeVisible();
    await expect(dialog(page)).toHaveCount(0);
    await expect(groupRow(page, GROUP)).toHaveCount(1);
    await expect(groupRow(page, GROUP).getByText('0 members')).toBeVisible();

    // long content is cut, Show more / Show less
    const content = groupRow(page, GROUP).getByTestId('tone-article-content');
    await expect(content).not.toContainText('ne se voit qu’après');
    await expect(content).toContainText('…');
    await groupRow(page, GROUP).getByRole('button', { name: 'Show more' }).click();
    await expect(content).toContainText('ne se voit qu’après « Show more ».');
    await groupRow(page, GROUP).getByRole('button', { name: 'Show less' }).click();
    await expect(content).toContainText('…');

    // a member of that group: only groups are offered as parents
    await page.getByRole('button', { name: 'Create new tone article' }).click();
    await dialog(page).getByLabel('Name').fill(MEMBER);
    await dialog(page).getByLabel('Parent group').click();
    const options = page.getByRole('option');
    await expect(options.filter({ hasText: GROUP })).toHaveCount(1);
    await expect(options.filter({ hasText: SHARED_GROUP })).toHaveCount(1);
    await expect(options.filter({ hasText: 'None' })).toHaveCount(1);
    await expect(options).toHaveCount(3);
    await options.filter({ hasText: GROUP }).click();
    await dialog(page).getByLabel('Content').fill('Court exemple.');
    await dialog(page).getByRole('button', { name: 'Create' }).click();
    await expect(dialog(page)).toHaveCount(0);
    await expect(memberRow(page, MEMBER)).toHaveCount(1);
    await expect(groupRow(page, GROUP).getByText('1 member', { exact: true })).toBeVisible();
    // the member sits right under its group and names it as Parent Group
    const names = await rows(page).evaluateAll((els) => els.map((el) => el.getAttribute('data-kind') + ':' + (el.textContent ?? '')));
    const groupIndex = names.findIndex((n) => n.startsWith('group:') && n.includes(GROUP));
    expect(names[groupIndex + 1]).toContain(MEMBER);
    expect(names[groupIndex + 1]).toMatch(/^member:/);
    await expect(memberRow(page, MEMBER).getByRole('cell').nth(1)).toHaveText(GROUP);
    await expectNoSeriousA11yViolations(page, { include: SCREEN });
    await saveScreenshots(page, 'tone-articles-list');

    // edit: the same dialog, filled in
    await page.getByRole('button', { name: `Edit ${MEMBER}` }).click();
    await expect(dialog(page).getByRole('heading', { name: 'Edit tone article' })).toBeVisible();
    await expect(dialog(page).getByLabel('Name')).toHaveValue(MEMBER);
    await expect(dialog(page).getByLabel('Parent group')).toHaveValue(GROUP);
    await dialog(page).getByLabel('Name').fill('');
    await dialog(page).getByRole('button', { name: 'Save' }).click();
    await expect(dialog(page).getByText('Name is required')).toBeVisible();
    await dialog(page).getByLabel('Name').fill(MEMBER_RENAMED);
    await dialog(page).getByRole('button', { name: 'Save' }).click();
    await expect(page.getByText('Tone article updated successfully')).toBeVisible();
    await expect(memberRow(page, MEMBER_RENAMED)).toHaveCount(1);
    await expect(row(page, MEMBER)).toHaveCount(0);

    // a group with members cannot be put under another group
    await page.getByRole('button', { name: `Edit ${GROUP}` }).click();
    await expect(dialog(page).getByLabel('Parent group')).toBeDisabled();
    await dialog(page).getByRole('button', { name: 'Cancel' }).click();

    // delete: Cancel keeps it, Delete removes it
    await page.getByRole('button', { name: `Delete ${MEMBER_RENAMED}` }).click();
    await expect(dialog(page).getByText(`Delete “${MEMBER_RENAMED}”? This cannot be undone.`)).toBeVisible();
    await dialog(page).getByRole('button', { name: 'Cancel' }).click();
    await expect(dialog(page)).toHaveCount(0);
    await expect(row(page, MEMBER_RENAMED)).toHaveCount(1);
    await page.getByRole('button', { name: `Delete ${MEMBER_RENAMED}` }).click();
    await dialog(page).getByRole('button', { name: 'Delete' }).click();
    await expect(page.getByText('Tone article deleted successfully')).toBeVisible();
    await expect(row(page, MEMBER_RENAMED)).toHaveCount(0);
    await expect(groupRow(page, GROUP).getByText('0 members')).toBeVisible();

    // still there after a reload (stored, not only in the cache)
    await page.reload();
    await expect(groupRow(page, GROUP)).toHaveCount(1);
    await expect(row(page, MEMBER_RENAMED)).toHaveCount(0);
  });

  test("another user sees none of the first user's tone articles, but the shared seed group", async ({ page, request }) => {
    expect(owner, 'the previous test created the owner').toBeTruthy();
    const other = await createConfirmedUser(request, 'tone-other');
    await signIn(page, other);
    await openToneArticles(page);
    await expect(row(page, SHARED_GROUP)).toHaveCount(1);
    await expect(row(page, GROUP)).toHaveCount(0);
    await expect(page.getByText(GROUP)).toHaveCount(0);
    await expect(row(page, DEMO_PRIVATE_GROUP)).toHaveCount(0);
    await expect(rows(page)).toHaveCount(1);
    // and the first user's group is not offered as a parent
    await page.getByRole('button', { name: 'Create new tone article' }).click();
    await dialog(page).getByLabel('Parent group').click();
    await expect(page.getByRole('option')).toHaveCount(2);
    await expect(page.getByRole('option', { name: GROUP })).toHaveCount(0);
  });

  test('French labels after switching language, and the phone layout', async ({ page }) => {
    expect(owner, 'the previous test created the owner').toBeTruthy();
    await signIn(page, owner);
    await openToneArticles(page);
    await page.getByTestId('language-switch').getByText('FR').click();
    await expect(page.getByRole('heading', { name: 'Articles de ton', level: 1 })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Créer un article de ton' })).toBeVisible();
    await expect(page.getByRole('columnheader', { name: 'Nom' })).toBeVisible();
    await expect(page.getByRole('columnheader', { name: 'Groupe parent' })).toBeVisible();
    await expect(page.getByRole('columnheader', { name: 'Contenu' })).toBeVisible();
    await expect(row(page, SHARED_GROUP).getByText('Partagé', { exact: true })).toBeVisible();
    await expect(groupRow(page, GROUP).getByText('Groupe', { exact: true })).toBeVisible();
    await expect(groupRow(page, GROUP).getByRole('button', { name: 'Voir plus' })).toBeVisible();
    await expectNoSeriousA11yViolations(page, { include: SCREEN });
    await saveScreenshots(page, 'tone-articles-fr');

    await page.getByRole('button', { name: 'Créer un article de ton' }).click();
    await dialog(page).getByRole('button', { name: 'Créer' }).click();
    await expect(dialog(page).getByText('Le nom est obligatoire')).toBeVisible();
    await expect(dialog(page).getByLabel('Groupe parent')).toHaveValue('Aucun');
    await saveScreenshots(page, 'tone-articles-fr-dialog');
    await dialog(page).getByRole('button', { name: 'Annuler' }).click();

    // phone: cards, members indented, nothing wider than the screen
    await page.setViewportSize({ width: 375, height: 812 });
    await expect(page.getByRole('list', { name: 'Articles de ton' })).toBeVisible();
    await expect(page.getByRole('table')).toHaveCount(0);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await expectNoSeriousA11yViolations(page, { include: SCREEN });
    await page.getByRole('button', { name: `Supprimer ${GROUP}` }).click();
    await expect(dialog(page).getByText(`Supprimer « ${GROUP} » ? Cette action est irréversible.`)).toBeVisible();
    await expectNoSeriousA11yViolations(page, { include: DIALOG });
    await saveScreenshots(page, 'tone-articles-fr-delete');
    await dialog(page).getByRole('button', { name: 'Annuler' }).click();
  });
});
