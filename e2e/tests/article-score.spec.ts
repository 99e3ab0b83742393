// Issue 29 (content score): a page with a brief and a version scored as the worker scores it — the
// same contentScore of @citable/shared/engine, its result and the version's claims written with the
// service role as the worker writes them — shown on the versions screen (score panel, claims with
// their passages and flags, the live score while the HTML is edited), on the page detail, as a
// sortable column of the page list, and before approving on /view. Axe on each screen; screenshots at
// 1440 and 375 px under e2e/artifacts/screens/.
import type { APIRequestContext } from '@playwright/test';
import { contentScore } from '../../shared/src/engine/score';
import type { Brief, Claim } from '../../shared/src/engine/types';
import { test, expect, saveScreenshots } from '../fixtures';
import { expectNoSeriousA11yViolations } from '../support/a11y';
import { createConfirmedUser, signIn, type TestUser } from '../support/users';

const SUPABASE = () => process.env.E2E_SUPABASE_URL ?? '';
const ANON = () => process.env.E2E_ANON_KEY ?? '';
const SERVICE = () => process.env.E2E_SERVICE_ROLE_KEY ?? '';
const NBSP = '\u00a0';

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
async function rest<T = Json[]>(request: APIRequestContext, token: string | 'service', method: 'GET' | 'POST' | 'PATCH', urlPath: string, data?: unknown): Promise<T> {
  const bearer = token === 'service' ? SERVICE() : token;
  const response = await request.fetch(`${SUPABASE()}/rest/v1/${urlPath}`, {
    method,
    headers: { apikey: token === 'service' ? SERVICE() : ANON(), Authorization: `Bearer ${bearer}`, Prefer: 'return=representation', 'Content-Type': 'application/json' },
    data: data === undefined ? undefined : JSON.stringify(data),
  });
  expect(response.ok(), `${method} ${urlPath}: ${response.status()} ${await response.text()}`).toBeTruthy();
  const text = await response.text();
  return (text ? JSON.parse(text) : null) as T;
}

const brief: Brief = {
  version: 1,
  language: 'fr',
  keywords: ['pain au levain'],
  keywordsDerived: false,
  targetWords: 220,
  competitorWords: { median: 220, min: 150, max: 400, count: 4 },
  sections: [
    { title: 'Préparer le levain naturel', coveredBy: [1, 2, 3] },
    { title: 'La cuisson du pain', coveredBy: [1, 2] },
    { title: 'Conserver son pain', coveredBy: [2, 4] },
  ],
  terms: [
    { term: 'levain naturel', weight: 1, sources: 4, target: 2 },
    { term: 'température de cuisson', weight: 0.8, sources: 3, target: 1 },
    { term: 'farine de seigle', weight: 0.6, sources: 3, target: 1 },
    { term: 'cocotte en fonte', weight: 0.4, sources: 2, target: 1 },
  ],
  questions: [
    { question: 'Combien de temps garder un levain au réfrigérateur ?', from: 'serp' },
    { question: 'Pourquoi mon pain au levain est-il trop dense ?', from: 'page', n: 2 },
  ],
  editedAt: null,
};

const ARTICLE = [
  '<h1>Réussir son pain au levain</h1>',
  '<p>Le levain naturel est un mélange de farine et d’eau qui fermente. Il donne au pain son goût et sa mie alvéolée. Un bon levain naturel se nourrit chaque jour.</p>',
  '<h2>Préparer le levain naturel</h2>',
  '<p>Mélangez de la farine de seigle et de l’eau tiède dans un bocal. Couvrez sans fermer. Le levain double de volume en 6 heures à 24 °C [1]. Nourrissez-le le matin et le soir pendant cinq jours.</p>',
  '<h2>La cuisson du pain</h2>',
  '<p>Préchauffez le four avec la cocotte à l’intérieur. Enfournez à 250 °C pendant 20 minutes, puis retirez le couvercle [2]. Le pain perd 15 % de son poids à la cuisson [2].</p>',
  '<h2>FAQ</h2>',
  '<dl><dt>Combien de temps garder un levain au réfrigérateur ?</dt><dd>Une semaine sans le nourrir.</dd></dl>',
].join('\n');

const CLAIMS: Claim[] = [
  {
    sentence: 'Le levain double de volume en 6 heures à 24 °C [1].',
    n: 1,
    url: 'https://boulange.example/levain',
    passage: 'À 24 °C, un levain actif double de volume en 6 heures environ.',
    supported: true,
    missing: [],
  },
  {
    sentence: 'Enfournez à 250 °C pendant 20 minutes, puis retirez le couvercle [2].',
    n: 2,
    url: 'https://fournil.example/cuisson',
    passage: 'Enfournez à 250 °C pendant 20 minutes avant de retirer le couvercle.',
    supported: true,
    missing: [],
  },
  {
    sentence: 'Le pain perd 15 % de son poids à la cuisson [2].',
    n: 2,
    url: 'https://fournil.example/cuisson',
    passage: 'Le pain perd une partie de son eau pendant la cuisson.',
    supported: false,
    missing: ['15 %'],
  },
];

test.describe.serial('content score', () => {
  test.describe.configure({ timeout: 240_000 });
  let owner: TestUser;
  let siteId = 0;
  let scoredPage = 0;
  let weakPage = 0;
  let unscoredPage = 0;
  let versionId = '';
  let expectedTotal = 0;

  test.beforeAll(async ({ request }) => {
    owner = await createConfirmedUser(request, 'score-owner');
    const token = await accessToken(request, owner);
    const [site] = await rest(request, token, 'POST', 'sites', { url: 'https://www.boulange-score.fr', name: 'Boulange Score', linked_user: owner.id });
    siteId = site.id as number;
    const pages = await rest(request, token, 'POST', 'pages', [
      { site: siteId, name: 'Pain au levain', url: 'https://www.boulange-score.fr/pain-au-levain' },
      { site: siteId, name: 'Baguette tradition', url: 'https://www.boulange-score.fr/baguette' },
      { site: siteId, name: 'Brioche sans score', url: 'https://www.boulange-score.fr/brioche' },
    ]);
    const byName = (name: string) => pages.find((p) => p.name === name)?.id as number;
    scoredPage = byName('Pain au levain');
    weakPage = byName('Baguette tradition');
    unscoredPage = byName('Brioche sans score');

    // the brief research writes (service role: page_briefs' researched_at is the worker's)
    await rest(request, 'service', 'POST', 'page_briefs', { page: scoredPage, brief, researched_at: new Date().toISOString() });
    // the article, then its checks as the worker writes them: the same function, the service role
    const [version] = await rest(request, token, 'POST', 'pages_versions', { page: scoredPage, html_content: ARTICLE, origin: 'generated' });
    versionId = version.id as string;
    const score = contentScore({ html: ARTICLE, brief, claims: CLAIMS });
    expectedTotal = score.total;
    await rest(request, 'service', 'PATCH', `pages_versions?id=eq.${versionId}`, {
      claims: CLAIMS,
      score: score.total,
      score_parts: score.parts,
      scored_at: new Date().toISOString(),
    });
    const [weak] = await rest(request, token, 'POST', 'pages_versions', { page: weakPage, html_content: '<h1>Baguette</h1><p>Courte.</p>', origin: 'generated' });
    await rest(request, 'service', 'PATCH', `pages_versions?id=eq.${weak.id as string}`, { score: 12, score_parts: [], claims: [] });
    // a version the worker has not scored, on a page without a brief
    await rest(request, token, 'POST', 'pages_versions', { page: unscoredPage, html_content: '<h1>Brioche</h1><p>Texte.</p>', origin: 'generated' });
    // the trigger keeps pages.content_score on the latest version's score
    const [row] = await rest(request, token, 'GET', `pages?id=eq.${scoredPage}&select=content_score`);
    expect(row.content_score).toBe(expectedTotal);
  });

  test.beforeEach(async ({ page }) => {
    await page.addInitScript(() => window.localStorage.setItem('citable.lang', 'fr'));
    await page.setViewportSize({ width: 1440, height: 900 });
  });

  // (accessible names are matched with \s: the browser's accessibility tree reads a no-break space as a space)
  test('versions screen: the score panel, the claims with their passages, the live score while editing', async ({ page }) => {
    await signIn(page, owner);
    await page.goto(`/sites/${siteId}/pages/${scoredPage}/page-versions`);
    const panel = page.getByTestId('score-panel');
    await expect(panel).toHaveAttribute('data-source', 'saved');
    await expect(panel.getByTestId('score-total')).toHaveText(String(expectedTotal));
    await expect(panel.getByRole('img', { name: new RegExp(`^Score de contenu\\s: ${expectedTotal} sur 100`) })).toBeVisible();
    await expect(panel.getByTestId('score-part')).toHaveCount(7);
    // the advice, translated: the missing term, the unsupported claim's figure
    await expect(panel.locator('[data-part="terms"] [data-testid="score-advice"]')).toHaveText(
      `Ajoutez${NBSP}: «${NBSP}température de cuisson${NBSP}» et «${NBSP}cocotte en fonte${NBSP}»`,
    );
    await expect(panel.locator('[data-part="sections"] [data-testid="score-advice"]')).toHaveText(
      `Ajoutez une section sur${NBSP}: «${NBSP}Conserver son pain${NBSP}»`,
    );
    await expect(panel.locator('[data-part="claims"] [data-testid="score-advice"]')).toContainText('15 %');
    await expect(page.getByTestId('versions-table').getByTestId('version-score')).toHaveAttribute('data-score', String(expectedTotal));

    const claims = page.getByTestId('claims-panel');
    await expect(claims.getByTestId('claim')).toHaveCount(3);
    const unsupported = claims.locator('[data-testid="claim"][data-supported="false"]');
    await expect(unsupported).toHaveCount(1);
    await expect(unsupported.getByTestId('claim-sentence')).toHaveText('Le pain perd 15 % de son poids à la cuisson [2].');
    await expect(unsupported.getByTestId('claim-missing')).toHaveText(`Absent de la source${NBSP}: «${NBSP}15 %${NBSP}»`);
    await expect(unsupported.getByTestId('claim-passage')).toHaveText('Le pain perd une partie de son eau pendant la cuisson.');
    await expect(unsupported.getByRole('link', { name: 'Ouvrir la source [2] dans un nouvel onglet' })).toHaveAttribute('href', 'https://fournil.example/cuisson');
    // the site of the source beside its number
    await expect(unsupported.getByTestId('claim-source')).toContainText('fournil.example');

    await expectNoSeriousA11yViolations(page, { include: '[data-testid="workspace-app"]' });
    await saveScreenshots(page, 'article-score-versions', { folder: 'screens', settle: true });

    // live: edit the HTML, add the missing section and term; the panel recomputes
    await page.getByTestId('view-toggle').getByText('Code').click();
    await page.getByRole('button', { name: 'Modifier', exact: true }).click();
    const editor = page.locator('.cm-content[contenteditable="true"]');
    await expect(editor).toBeVisible();
    await expect(panel).toHaveAttribute('data-source', 'live');
    await editor.click();
    await page.keyboard.press('Control+End');
    await page.keyboard.insertText('\n<h2>Conserver son pain</h2>\n<p>Gardez-le dans un torchon, après la cuisson en cocotte en fonte.</p>');
    const live = contentScore({
      html: `${ARTICLE}\n<h2>Conserver son pain</h2>\n<p>Gardez-le dans un torchon, après la cuisson en cocotte en fonte.</p>`,
      brief,
      claims: CLAIMS,
    }).total;
    expect(live).toBeGreaterThan(expectedTotal);
    await expect(panel.getByTestId('score-total')).toHaveText(String(live));
    await expect(panel.locator('[data-part="sections"]')).toContainText('Rien à corriger.');
    await expectNoSeriousA11yViolations(page, { include: '[data-testid="score-panel"]' });
    await page.getByRole('button', { name: 'Annuler' }).click();
    await expect(panel).toHaveAttribute('data-source', 'saved');
  });

  test('page list: the score column sorts, unscored pages last; the page detail shows the score', async ({ page }) => {
    await signIn(page, owner);
    await page.goto(`/sites/${siteId}/pages`);
    const names = () => page.getByTestId('page-name').allTextContents();
    await expect(page.getByTestId('page-row')).toHaveCount(3);
    await page.getByTestId('sort-content_score').click();
    await expect(page).toHaveURL(/sort=content_score&dir=desc/);
    await expect.poll(names).toEqual(['Pain au levain', 'Baguette tradition', 'Brioche sans score']);
    await expect(page.getByRole('columnheader', { name: 'Score' })).toHaveAttribute('aria-sort', 'descending');
    const scores = await page.getByTestId('page-score').evaluateAll((els) => els.map((e) => e.getAttribute('data-score')));
    expect(scores).toEqual([String(expectedTotal), '12', '']);
    await page.getByTestId('sort-content_score').click();
    await expect(page).toHaveURL(/sort=content_score&dir=asc/);
    await expect.poll(names).toEqual(['Baguette tradition', 'Pain au levain', 'Brioche sans score']);
    await expectNoSeriousA11yViolations(page, { include: '[data-testid="workspace-app"]' });
    await saveScreenshots(page, 'article-score-page-list', { folder: 'screens', settle: true });

    await page.goto(`/sites/${siteId}/pages/${scoredPage}`);
    await expect(page.getByTestId('page-content-score')).toHaveAttribute('data-score', String(expectedTotal));
    await expect(page.getByTestId('page-content-score')).toContainText(`${expectedTotal}${NBSP}·`);
  });

  test('a page with no brief and no score says how to get one', async ({ page }) => {
    await signIn(page, owner);
    await page.goto(`/sites/${siteId}/pages/${unscoredPage}/page-versions`);
    await expect(page.getByTestId('score-empty')).toContainText(`Pas encore de score${NBSP}: lancez la recherche du brief.`);
    await expect(page.getByTestId('claims-not-checked')).toBeVisible();
    await expect(page.getByTestId('versions-table').getByTestId('version-score')).toHaveAttribute('data-score', '');
  });

  test('/view: approving an article with an unsupported claim asks first, naming the count', async ({ page }) => {
    await signIn(page, owner);
    await page.goto(`/view/${versionId}`);
    await page.getByRole('button', { name: 'Approuver cette version' }).click();
    // the one approve confirmation of /view (ApproveUnsupportedModal), the count from get_article_for_view
    const dialog = page.getByRole('dialog', { name: `Approuver malgré des affirmations non vérifiées${NBSP}?` });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByTestId('approve-unsupported')).toContainText(
      `Cet article contient 1${NBSP}affirmation non vérifiée${NBSP}: un chiffre, une date ou un pourcentage qui ne figure pas dans le passage de la source citée.`,
    );
    await expectNoSeriousA11yViolations(page, { include: '[role="dialog"]' });
    await dialog.getByRole('button', { name: 'Annuler' }).click();
    await expect(page.getByTestId('review-panel').getByTestId('review-state')).toHaveAttribute('data-state', 'draft');
    await page.getByRole('button', { name: 'Approuver cette version' }).click();
    await page.getByRole('button', { name: 'Approuver quand même' }).click();
    await expect(page.getByTestId('review-panel').getByTestId('review-state')).toHaveAttribute('data-state', 'approved');
  });
});
