// Issue 30 (REVIEW): where work stands. The "Articles" screen lists across the operator's sites the
// pages waiting for them (a revision the client asked for on /view, a failed action, a draft to send,
// an approved article to publish), oldest first; the page list shows each page's review state and
// filters by it; the page form makes a page a demo article. In French, against the real backend: the
// client's revision goes through the anonymous RPC /view calls.
import type { APIRequestContext, Page } from '@playwright/test';
import { test, expect, saveScreenshots } from '../fixtures';
import { expectNoSeriousA11yViolations } from '../support/a11y';
import { signIn } from '../support/users';
import { ANON, SUPABASE, actionId, closeToasts, rest, siteWithPage, type Json, type SitePage } from './page-data-helpers';

const suffix = Date.now().toString(36);
const HTML = (title: string) => `<h1>${title}</h1><p>Un article prêt à relire, avec assez de texte pour être lu.</p>`;

async function preferFrench(page: Page) {
  await page.addInitScript(() => {
    if (!window.localStorage.getItem('citable.lang')) window.localStorage.setItem('citable.lang', 'fr');
  });
}

/** A /view call as the client holding the link: the anon key, no account. */
async function asClient(request: APIRequestContext, fn: string, args: Json) {
  const response = await request.post(`${SUPABASE()}/rest/v1/rpc/${fn}`, {
    headers: { apikey: ANON(), Authorization: `Bearer ${ANON()}`, 'Content-Type': 'application/json' },
    data: JSON.stringify(args),
  });
  expect(response.ok(), `${fn}: ${response.status()} ${await response.text()}`).toBeTruthy();
}

test.describe.serial('where work stands: the Articles screen, the review column, demo articles', () => {
  test.describe.configure({ timeout: 180_000 });
  let s: SitePage;
  const pages: Record<'revision' | 'approved' | 'ready' | 'failed' | 'empty', number> = { revision: 0, approved: 0, ready: 0, failed: 0, empty: 0 };
  const names = {
    revision: 'Choisir sa pompe à chaleur',
    approved: 'Isoler ses combles perdus',
    ready: 'Entretenir sa chaudière',
    failed: 'Les aides à la rénovation',
    empty: 'Page sans version',
  };

  test.beforeAll(async ({ request }) => {
    s = await siteWithPage(request, 'articles-owner', { siteName: 'Rénov’Habitat', host: `renov-${suffix}.fr`, pageName: names.ready });
    pages.ready = s.pageId;
    for (const key of ['revision', 'approved', 'failed', 'empty'] as const) {
      const [row] = await rest<Json[]>(request, s.token, 'POST', 'pages', { site: s.siteId, name: names[key], url: `${s.siteUrl}/${key}` });
      pages[key] = row.id as number;
    }
    // versions as the operator writes them (oldest first: the approved one, then the one ready to send)
    const version = async (key: keyof typeof pages) => {
      const [row] = await rest<Json[]>(request, s.token, 'POST', 'pages_versions', { page: pages[key], html_content: HTML(names[key]) });
      return row.id as string;
    };
    const approvedVersion = await version('approved');
    await asClient(request, 'approve_version', { p_version_id: approvedVersion });
    await version('ready');
    // a failed article run, as the worker records it (written failed: no job is queued for it)
    await rest(request, 'service', 'POST', 'pages_actions', {
      linked_page: pages.failed,
      linked_action: await actionId(request, 'create_article'),
      creator: s.owner.id,
      status: 'failed',
      attempts: 5,
      last_error: 'Le modèle de langue ne répond pas (délai dépassé).',
    });
    // the client asks for a revision on /view, last
    const revisionVersion = await version('revision');
    await asClient(request, 'send_for_revision', { p_version_id: revisionVersion, p_comments: 'Ajoutez les prix moyens, s’il vous plaît.' });
  });

  test.beforeEach(async ({ page }) => {
    await preferFrench(page);
  });

  test('the Articles screen: what waits, oldest first, by reason; an approved article marked as published', async ({ page, request }) => {
    await signIn(page, s.owner);
    await page.goto('/dashboard');
    await page.getByRole('navigation').getByRole('link', { name: 'Articles', exact: true }).click();
    await expect(page).toHaveURL(/\/articles$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Articles' })).toBeVisible();

    const items = page.getByTestId('work-item');
    await expect(items).toHaveCount(4);
    await expect(items.getByTestId('work-page')).toHaveText([names.approved, names.ready, names.failed, names.revision]);
    await expect(items.getByTestId('work-reason')).toHaveText(['Approuvé, à publier', 'Prêt à envoyer', 'Action en échec', 'Révision demandée']);
    await expect(items.first().getByTestId('work-site')).toHaveText('Rénov’Habitat');
    await expect(page.locator('[data-testid="work-item"][data-reason="failed"] [data-testid="work-error"]')).toContainText('Le modèle de langue ne répond pas');
    await expect(page.getByRole('radio', { name: 'Tout (4)' })).toBeChecked();
    await expect(page.getByRole('radio', { name: 'Révision demandée (1)' })).not.toBeChecked();
    await expect(page.getByText('Révision demandée (1)')).toBeVisible();
    await expectNoSeriousA11yViolations(page, { include: '[data-testid="workspace-app"]' });
    await saveScreenshots(page, 'articles', { folder: 'screens', settle: true });

    // the filter, by keyboard
    await page.getByRole('radio', { name: 'Révision demandée (1)' }).focus();
    await page.keyboard.press('Space');
    await expect(page).toHaveURL(/\?reason=revision$/);
    await expect(items).toHaveCount(1);
    await expect(items.getByTestId('work-since')).toHaveText(/à l’instant|il y a \d+ minutes?/);
    await expect(items.getByRole('link', { name: `Voir la demande – ${names.revision}` })).toHaveAttribute(
      'href',
      new RegExp(`/sites/${s.siteId}/pages/${pages.revision}/page-versions\\?version=`),
    );

    // "Mark as published": the approved article leaves the list, its page remembers it
    await page.locator('label', { hasText: /^Approuvé, à publier/ }).click();
    await page.getByRole('button', { name: `Marquer comme publié – ${names.approved}` }).click();
    await expect(page.getByText('Article marqué comme publié')).toBeVisible();
    await expect(page.getByTestId('articles-empty')).toContainText('Rien dans cette catégorie pour l’instant.');
    await expect(page.getByRole('radio', { name: 'Tout (3)' })).toBeAttached();
    const [published] = await rest<Json[]>(request, s.token, 'GET', `pages?id=eq.${pages.approved}&select=published_at,review_state`);
    expect(published.review_state).toBe('approved');
    expect(published.published_at).not.toBeNull();
    await closeToasts(page);

    // the page name opens the versions screen
    await page.locator('label', { hasText: /^Tout/ }).click();
    await page.getByRole('link', { name: names.revision, exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`/sites/${s.siteId}/pages/${pages.revision}/page-versions`));
  });

  test('the page list: the review-state column, its filter, fresh work on top', async ({ page }) => {
    await signIn(page, s.owner);
    await page.goto(`/sites/${s.siteId}/pages`);
    const rows = page.getByTestId('page-row');
    await expect(rows).toHaveCount(5);
    // default sort (last modified first): the page the client just sent back is on top
    await expect(rows.first().getByTestId('page-name')).toHaveText(names.revision);
    const stateOf = (key: keyof typeof pages) => page.locator(`[data-testid="page-row"][data-page-id="${pages[key]}"] [data-testid="page-review-state"]`);
    await expect(stateOf('revision')).toHaveText('En révision');
    await expect(stateOf('approved')).toHaveText('Approuvé');
    await expect(stateOf('ready')).toHaveText('Brouillon');
    await expect(stateOf('empty')).toHaveText('Aucune version');
    await expect(page.getByRole('columnheader', { name: 'Relecture' })).toBeVisible();

    await page.getByTestId('review-filter').click();
    await page.getByRole('option', { name: 'En révision' }).click();
    await expect(page).toHaveURL(/review=revision/);
    await expect(rows).toHaveCount(1);
    await expect(rows.first().getByTestId('page-name')).toHaveText(names.revision);
    await expect(page.getByTestId('pages-range')).toHaveText('1–1 sur 1');
    await expectNoSeriousA11yViolations(page, { include: '[data-testid="workspace-app"]' });

    await page.getByTestId('review-filter').click();
    await page.getByRole('option', { name: 'Aucune version' }).click();
    await expect(rows).toHaveCount(2);
    // both without a version, the newer page first
    await expect(rows.getByTestId('page-name')).toHaveText([names.empty, names.failed]);
    await page.getByTestId('review-filter').click();
    await page.getByRole('option', { name: 'Tous les états de relecture' }).click();
    await expect(rows).toHaveCount(5);
    await saveScreenshots(page, 'pages-review-state', { folder: 'screens', settle: true });
  });

  test('demo articles from the page form: the two switches save', async ({ page, request }) => {
    await signIn(page, s.owner);
    await page.goto(`/sites/${s.siteId}/pages`);
    await page.getByRole('button', { name: `Modifier – ${names.empty}` }).click();
    const dialog = page.getByRole('dialog', { name: 'Modifier la page' });
    const demo = dialog.getByRole('switch', { name: 'Article de démonstration\u00a0: masquer les textes de révision' });
    const cover = dialog.getByRole('switch', { name: 'Masquer l’image de couverture dans l’aperçu' });
    await expect(demo).not.toBeChecked();
    await expect(cover).not.toBeChecked();
    await expect(dialog.getByText(/devient un exemple public de Citable/)).toBeVisible();
    await expectNoSeriousA11yViolations(page, { include: '[role="dialog"]' });
    await saveScreenshots(page, 'page-form-demo', { folder: 'screens', settle: true });
    // by keyboard: Space toggles a focused switch
    await demo.focus();
    await page.keyboard.press('Space');
    await cover.check();
    await expect(demo).toBeChecked();
    await dialog.getByRole('button', { name: 'Enregistrer' }).click();
    await expect(dialog).toHaveCount(0);
    await expect(page.getByText('Page mise à jour avec succès')).toBeVisible();
    const [row] = await rest<Json[]>(request, s.token, 'GET', `pages?id=eq.${pages.empty}&select=hide_revisions_texts_from_preview,hide_cover_image_from_preview`);
    expect(row).toEqual({ hide_revisions_texts_from_preview: true, hide_cover_image_from_preview: true });

    // reopened: the switches show what is stored; one turned off again
    await page.getByRole('button', { name: `Modifier – ${names.empty}` }).click();
    await expect(demo).toBeChecked();
    await expect(cover).toBeChecked();
    await cover.uncheck();
    await dialog.getByRole('button', { name: 'Enregistrer' }).click();
    await expect(dialog).toHaveCount(0);
    const [again] = await rest<Json[]>(request, s.token, 'GET', `pages?id=eq.${pages.empty}&select=hide_revisions_texts_from_preview,hide_cover_image_from_preview`);
    expect(again).toEqual({ hide_revisions_texts_from_preview: true, hide_cover_image_from_preview: false });
  });
});
