// Issue 29 (part 4): the Brief screen, the run confirmation with its estimated cost, the actions'
// warnings and stages, and the client's Sources on /view — in French, against the real backend. The
// research and writing results are what the worker would write, inserted with the service role.
import type { Page } from '@playwright/test';
import { test, expect, saveScreenshots } from '../fixtures';
import { expectNoSeriousA11yViolations } from '../support/a11y';
import { signIn } from '../support/users';
import { actionId, closeToasts, rest, siteWithPage, type Json, type SitePage } from './page-data-helpers';

const suffix = Date.now().toString(36);
const NBSP = '\u00a0';

const BRIEF = {
  version: 1,
  language: 'fr',
  keywords: ['pain au levain', 'levain maison'],
  keywordsDerived: true,
  targetWords: 1800,
  competitorWords: { median: 1800, min: 950, max: 3200, count: 3 },
  sections: [
    { title: 'Préparer son levain', coveredBy: [1, 2, 3] },
    { title: 'La cuisson au four', coveredBy: [1, 3] },
    { title: 'Conserver son pain', coveredBy: [2] },
  ],
  terms: [
    { term: 'levain naturel', weight: 1, sources: 3, target: 5 },
    { term: 'température de cuisson', weight: 0.64, sources: 2, target: 2 },
    { term: 'farine complète', weight: 0.41, sources: 2, target: 2 },
  ],
  questions: [
    { question: 'Combien de temps faut-il pour faire un levain ?', from: 'serp' },
    { question: 'Pourquoi mon pain au levain est-il trop dense ?', from: 'page', n: 2 },
  ],
  editedAt: null,
};

const SOURCES = [
  { n: 1, url: 'https://boulangerie-exemple.fr/pain-levain', kind: 'serp', position: 1, title: 'Le pain au levain, pas à pas', status: 'read', error: null, words: 2100, headings: [{ level: 1, text: 'Le pain au levain' }, { level: 2, text: 'Préparer son levain' }, { level: 3, text: 'Farine et eau' }, { level: 2, text: 'La cuisson au four' }] },
  { n: 2, url: 'https://www.blog-cuisine.example/levain', kind: 'serp', position: 2, title: null, status: 'read', error: null, words: 950, headings: [{ level: 2, text: 'Conserver son pain' }] },
  { n: 3, url: 'https://magazine.example/levain-maison', kind: 'serp', position: 3, title: 'Levain maison : nos conseils', status: 'read', error: null, words: 3200, headings: [] },
  { n: 4, url: 'https://introuvable.example/levain', kind: 'serp', position: 4, title: null, status: 'failed', error: 'HTTP 404', words: null, headings: [] },
  { n: 5, url: 'https://docs.example/levain.pdf', kind: 'serp', position: 5, title: null, status: 'skipped', error: 'not HTML (application/pdf)', words: null, headings: [] },
];

const ARTICLE = `<h1>Le pain au levain maison</h1>
<p>Un levain naturel double de volume en 4 à 6 heures à 25 °C [1].</p>
<h2>La cuisson</h2>
<p>Le pain cuit 45 minutes à 240 °C [2], couvert les 20 premières minutes [1][3].</p>`;

async function preferFrench(page: Page) {
  await page.addInitScript(() => {
    if (!window.localStorage.getItem('citable.lang')) window.localStorage.setItem('citable.lang', 'fr');
  });
}

test.describe.serial('the brief, the run confirmation and the sources', () => {
  test.describe.configure({ timeout: 180_000 });
  let s: SitePage;
  let createAction = 0;
  let researchAction = 0;
  let versionId = '';

  test.beforeAll(async ({ request }) => {
    s = await siteWithPage(request, 'brief-owner', { siteName: 'Fournil Levain', host: `fournil-${suffix}.fr`, pageName: 'Réussir son pain au levain' });
    createAction = await actionId(request, 'create_article');
    researchAction = await actionId(request, 'research_page');
    // the research the worker did: the brief, the sources it read or could not read, the action's record
    const [research] = await rest<Json[]>(request, 'service', 'POST', 'pages_actions', { linked_page: s.pageId, linked_action: researchAction, queued: true });
    await rest(request, 'service', 'PATCH', `pages_actions?id=eq.${research.id as number}`, {
      status: 'done',
      cost_usd: 0.004,
      duration_ms: 4200,
      warnings: [
        { stage: 'keywords', code: 'no_keyword', message: 'no keyword: used "pain au levain", "levain maison"', params: { keywords: ['pain au levain', 'levain maison'] } },
        { stage: 'read', code: 'unread_results', message: '2 of 5 results could not be read', params: { count: 2, total: 5 } },
      ],
      stages: [
        { stage: 'serp', ms: 310, costUsd: 0.003, calls: 1 },
        { stage: 'read', ms: 3600, costUsd: null, calls: 5 },
        { stage: 'brief', ms: 290, costUsd: null },
      ],
    });
    await rest(request, 'service', 'POST', 'page_briefs', { page: s.pageId, brief: BRIEF, researched_at: new Date().toISOString(), research_action: research.id });
    await rest(request, 'service', 'POST', 'page_brief_sources', SOURCES.map((source) => ({ page: s.pageId, ...source })));
    // three finished article runs with their recorded cost and time: median 0.20 USD, 2 minutes
    for (const [cost, ms] of [[0.12, 60_000], [0.2, 120_000], [0.31, 180_000]] as const) {
      const [run] = await rest<Json[]>(request, 'service', 'POST', 'pages_actions', { linked_page: s.pageId, linked_action: createAction, queued: true });
      await rest(request, 'service', 'PATCH', `pages_actions?id=eq.${run.id as number}`, { status: 'done', cost_usd: cost, duration_ms: ms });
    }
    // a written version citing its sources, one claim unsupported
    const [version] = await rest<Json[]>(request, 'service', 'POST', 'pages_versions', {
      page: s.pageId,
      html_content: ARTICLE,
      creator: s.owner.id,
      sources: [
        { n: 1, url: SOURCES[0].url, title: SOURCES[0].title, kind: 'serp' },
        { n: 2, url: SOURCES[1].url, title: null, kind: 'serp' },
        { n: 3, url: SOURCES[2].url, title: SOURCES[2].title, kind: 'serp' },
      ],
      claims: [
        { sentence: 'Un levain naturel double de volume en 4 à 6 heures à 25 °C [1].', n: 1, url: SOURCES[0].url, passage: 'Le levain double en 4 à 6 heures à 25 °C.', supported: true, missing: [] },
        { sentence: 'Le pain cuit 45 minutes à 240 °C [2].', n: 2, url: SOURCES[1].url, passage: 'Cuire à 230 °C.', supported: false, missing: ['45', '240'] },
      ],
    });
    versionId = version.id as string;
  });

  test.beforeEach(async ({ page }) => {
    await preferFrench(page);
  });

  test('the brief: what the top results cover, edited (term, section, length) and saved across a reload', async ({ page, request }) => {
    await signIn(page, s.owner);
    await page.goto(`/sites/${s.siteId}/pages/${s.pageId}`);
    const card = page.getByTestId('card-brief');
    await expect(card).toHaveAttribute('href', `/sites/${s.siteId}/pages/${s.pageId}/brief`);
    await expect(page.getByTestId('card-brief-count')).toHaveText('3');
    await card.click();
    const screen = page.getByTestId('brief-screen');
    await expect(screen.getByRole('heading', { level: 1, name: 'Brief de l’article' })).toBeVisible();

    // keywords, derived; target length against the competitors
    await expect(page.getByTestId('brief-keyword')).toHaveText(['pain au levain', 'levain maison']);
    await expect(page.getByTestId('brief-keywords-derived')).toContainText('ceux-ci ont été déduits de son nom et de son adresse');
    await expect(page.getByTestId('brief-target-words')).toHaveText(`1\u202f800${NBSP}mots`);
    await expect(page.getByTestId('brief-competitor-words')).toHaveText(`Médiane des concurrents${NBSP}: 1\u202f800${NBSP}mots (de 950 à 3\u202f200${NBSP}mots, sur 3 pages lues)`);
    // sections with their coverage, terms, questions with their origin
    await expect(page.getByTestId('brief-section')).toHaveCount(3);
    await expect(page.locator('[data-testid="brief-section"][data-title="Préparer son levain"] [data-testid="brief-section-coverage"]')).toContainText('3 sur 3');
    await expect(page.getByTestId('brief-term')).toHaveCount(3);
    await expect(page.locator('[data-testid="brief-question"][data-from="page"] [data-testid="brief-question-origin"]')).toContainText('Source [2]');
    // each competitor: read (link, words, outline) or why not
    const sources = page.getByTestId('brief-source');
    await expect(sources).toHaveCount(5);
    const first = page.locator('[data-testid="brief-source"][data-n="1"]');
    const link = first.getByTestId('brief-source-link');
    await expect(link).toHaveAttribute('href', SOURCES[0].url);
    await expect(link).toHaveAttribute('target', '_blank');
    await expect(link).toHaveAttribute('rel', /noopener/);
    await expect(first).toContainText(`2\u202f100${NBSP}mots`);
    await expect(page.locator('[data-testid="brief-source"][data-n="2"] [data-testid="brief-source-link"]')).toContainText('blog-cuisine.example');
    await first.getByTestId('brief-source-outline-toggle').click();
    await expect(first.getByTestId('brief-source-outline').getByRole('listitem')).toHaveText(['H1Le pain au levain', 'H2Préparer son levain', 'H3Farine et eau', 'H2La cuisson au four']);
    // the worker's English reasons, said in French
    await expect(page.locator('[data-testid="brief-source"][data-n="4"] [data-testid="brief-source-reason"]')).toHaveText(`Raison${NBSP}: la page a répondu par une erreur HTTP${NBSP}404`);
    await expect(page.locator('[data-testid="brief-source"][data-n="5"] [data-testid="brief-source-reason"]')).toHaveText(`Raison${NBSP}: ce n’est pas une page web (application/pdf)`);
    await expect(page.locator('[data-testid="brief-source"][data-n="5"] [data-testid="brief-source-status"]')).toHaveText('Ignorée');
    // the research run with its warnings (translated) and stages
    const run = page.locator('[data-testid="page-action"][data-action="research_page"]');
    await expect(run.getByTestId('page-action-warning')).toHaveText([
      `La page n’a pas de mot-clé${NBSP}: la recherche a utilisé «${NBSP}pain au levain${NBSP}» et «${NBSP}levain maison${NBSP}», déduits de son nom et de son adresse.`,
      '2 résultats sur 5 n’ont pas pu être lus.',
    ]);
    await run.getByTestId('page-action-stages-toggle').click();
    await expect(run.getByTestId('page-action-stage')).toHaveCount(3);
    await expect(run.locator('[data-testid="page-action-stage"][data-stage="serp"]')).toContainText('Recherche Google');
    // a cost as the confirmation writes it
    await expect(run.locator('[data-testid="page-action-stage"][data-stage="serp"]')).toContainText(/0,003\s\$US/u);
    await expectNoSeriousA11yViolations(page, { include: '[data-testid="workspace-app"]' });
    await saveScreenshots(page, 'brief', { folder: 'screens', settle: true });

    // edits: a term, a dropped section, the length (refused out of range, in French)
    await screen.getByLabel('Ajouter un terme').fill('  farine de seigle ');
    await screen.getByTestId('brief-term-add').getByRole('button', { name: 'Ajouter' }).click();
    await expect(page.locator('[data-testid="brief-term"][data-term="farine de seigle"]')).toContainText('ajouté');
    await screen.getByLabel('Ajouter un terme').fill('Levain naturel');
    await screen.getByTestId('brief-term-add').getByRole('button', { name: 'Ajouter' }).click();
    await expect(screen.getByText('Ce terme est déjà dans le brief.')).toBeVisible();
    await page.locator('[data-testid="brief-section"][data-title="Conserver son pain"]').getByTestId('brief-section-drop').click();
    await expect(page.getByTestId('brief-section-dropped')).toHaveAttribute('data-title', 'Conserver son pain');
    const length = page.getByTestId('brief-target-input');
    await length.fill('50');
    await expect(page.getByText(`La longueur visée doit être comprise entre 300 et 10${NBSP}000${NBSP}mots.`)).toBeVisible();
    await length.fill('2 400');
    await expect(page.getByText(/La longueur visée doit être comprise/)).toHaveCount(0);
    await expect(page.getByTestId('brief-savebar')).toBeVisible();
    await expectNoSeriousA11yViolations(page, { include: '[data-testid="workspace-app"]' });
    await page.getByTestId('brief-save').click();
    await expect(page.getByText('Brief enregistré.')).toBeVisible();
    await expect(page.getByTestId('brief-savebar')).toHaveCount(0);

    await page.reload();
    await expect(page.locator('[data-testid="brief-term"][data-term="farine de seigle"]')).toBeVisible();
    await expect(page.getByTestId('brief-section')).toHaveCount(2);
    await expect(page.getByTestId('brief-section-dropped')).toHaveAttribute('data-title', 'Conserver son pain');
    await expect(page.getByTestId('brief-target-words')).toHaveText(`2\u202f400${NBSP}mots`);
    await expect(page.getByTestId('brief-edited')).toContainText('modifié le');
    const [stored] = await rest<Json[]>(request, 'service', 'GET', `page_briefs?page=eq.${s.pageId}&select=brief,edited_at,researched_at`);
    const brief = stored.brief as typeof BRIEF & { droppedSections: { title: string }[] };
    expect(brief.targetWords).toBe(2400);
    expect(brief.terms.map((t) => t.term)).toEqual(['levain naturel', 'température de cuisson', 'farine complète', 'farine de seigle']);
    expect(brief.sections.map((x) => x.title)).toEqual(['Préparer son levain', 'La cuisson au four']);
    expect(brief.droppedSections.map((x) => x.title)).toEqual(['Conserver son pain']);
    expect(stored.edited_at).not.toBeNull();
    expect(stored.researched_at, 'the worker’s columns are kept').not.toBeNull();

    // running the research again warns that it replaces the edited brief, with its cost; then it shows it runs
    await closeToasts(page);
    await page.getByTestId('brief-research').click();
    const dialog = page.getByRole('dialog');
    await expect(dialog.getByTestId('run-confirm-notice')).toContainText('la nouvelle recherche remplacera vos modifications');
    await expect(dialog.getByTestId('run-estimate-cost')).toHaveText(/^Coût estimé\u00a0: 0,004\s\$US$/u);
    await expectNoSeriousA11yViolations(page, { include: '[role="dialog"]' });
    await dialog.getByTestId('run-confirm-submit').click();
    await expect(page.getByTestId('brief-researching')).toBeVisible();
    await expect(page.getByTestId('brief-research')).toBeDisabled();
    const queued = await rest<Json[]>(request, 'service', 'GET', `pages_actions?linked_page=eq.${s.pageId}&linked_action=eq.${researchAction}&status=eq.queued&select=id`);
    expect(queued).toHaveLength(1);
    await rest(request, 'service', 'PATCH', `pages_actions?id=eq.${queued[0].id as number}`, { status: 'done' });
    await expect(page.getByTestId('brief-researching')).toHaveCount(0, { timeout: 15_000 });
    await expect(page.getByTestId('brief-research')).toBeEnabled();
  });

  test('an empty brief explains the research and offers it', async ({ page, request }) => {
    const other = await siteWithPage(request, 'brief-empty', { siteName: 'Sans brief', host: `vide-${suffix}.fr`, pageName: 'Page sans brief' });
    await signIn(page, other.owner);
    await page.goto(`/sites/${other.siteId}/pages/${other.pageId}/brief`);
    await expect(page.getByTestId('brief-empty')).toContainText('Pas encore de brief pour cette page');
    await page.getByTestId('brief-research').click();
    await expect(page.getByRole('dialog').getByTestId('run-estimate-cost')).toHaveText('Coût inconnu');
    await page.getByRole('dialog').getByRole('button', { name: 'Annuler' }).click();
    await expect(page.getByRole('dialog')).toHaveCount(0);
    expect(await rest<Json[]>(request, 'service', 'GET', `pages_actions?linked_page=eq.${other.pageId}&select=id`)).toEqual([]);
  });

  test('a new version asks first, with the number of runs and their estimated cost and time', async ({ page, request }) => {
    await signIn(page, s.owner);
    await page.goto(`/sites/${s.siteId}/pages/${s.pageId}/page-versions`);
    await page.getByTestId('create-version').click();
    const dialog = page.getByRole('dialog');
    await expect(dialog.getByTestId('run-confirm-runs')).toHaveText('Un article va être écrit.');
    await expect(dialog.getByTestId('run-estimate-cost')).toHaveText(/^Coût estimé\u00a0: 0,20\s\$US$/u);
    await expect(dialog).toContainText('Médiane de vos 3\u00a0dernières exécutions terminées.');
    await expect(dialog.getByTestId('run-estimate-time')).toHaveText(/^Durée estimée\u00a0: environ 2\s+minutes$/u);
    // the runs behind the estimate, behind the dialog: costs written as the estimate is (0,20 $US, not 0,2), minutes over a minute
    const runs = page.locator('[data-testid="page-action"][data-action="create_article"]');
    await expect(runs.filter({ hasText: /durée 2\u00a0min · coût 0,20\s\$US/u })).toHaveCount(1);
    await expect(runs.filter({ hasText: /durée 3\u00a0min · coût 0,31\s\$US/u })).toHaveCount(1);
    await expectNoSeriousA11yViolations(page, { include: '[role="dialog"]' });
    await saveScreenshots(page, 'run-confirm', { folder: 'screens', settle: true });
    const before = await rest<Json[]>(request, 'service', 'GET', `pages_actions?linked_page=eq.${s.pageId}&linked_action=eq.${createAction}&select=id`);
    await dialog.getByTestId('run-confirm-submit').click();
    await expect(page.getByRole('dialog')).toHaveCount(0);
    await expect(page.locator('[data-testid="page-action"][data-action="create_article"][data-status="queued"]')).toHaveCount(1);
    const after = await rest<Json[]>(request, 'service', 'GET', `pages_actions?linked_page=eq.${s.pageId}&linked_action=eq.${createAction}&select=id`);
    expect(after).toHaveLength(before.length + 1);
  });

  test('/view: the numbered Sources, the [n] links, and approving with unsupported claims says so', async ({ page, request }) => {
    await page.goto(`/view/${versionId}`);
    const sources = page.getByRole('region', { name: 'Sources' });
    await expect(sources).toBeVisible();
    const items = sources.getByRole('listitem');
    await expect(items).toHaveCount(3);
    await expect(items.nth(0)).toContainText('[1]Le pain au levain, pas à pas');
    await expect(items.nth(1)).toContainText('[2]blog-cuisine.example');
    const links = sources.getByRole('link');
    for (let i = 0; i < 3; i++) {
      await expect(links.nth(i)).toHaveAttribute('href', SOURCES[i].url);
      await expect(links.nth(i)).toHaveAttribute('target', '_blank');
      await expect(links.nth(i)).toHaveAttribute('rel', 'noopener noreferrer nofollow');
    }
    const cites = page.getByTestId('article-body').locator('a.cv-cite');
    await expect(cites).toHaveText(['1', '2', '1', '3']);
    await cites.nth(1).click();
    await expect(page).toHaveURL(/#cv-source-2$/);
    await expect(items.nth(1)).toBeInViewport();
    await expect(page.getByTestId('unsupported-claims')).toHaveText(`Cet article contient 1${NBSP}affirmation non vérifiée.`);
    await expectNoSeriousA11yViolations(page);
    await saveScreenshots(page, 'view-sources', { folder: 'screens', settle: true });

    await page.getByRole('button', { name: 'Approuver cette version' }).click();
    const dialog = page.getByRole('dialog');
    await expect(dialog).toContainText(`Cet article contient 1${NBSP}affirmation non vérifiée${NBSP}: un chiffre, une date ou un pourcentage`);
    await expectNoSeriousA11yViolations(page, { include: '[role="dialog"]' });
    await dialog.getByRole('button', { name: 'Annuler' }).click();
    const [unchanged] = await rest<Json[]>(request, 'service', 'GET', `pages_versions?id=eq.${versionId}&select=approved`);
    expect(unchanged.approved).toBe(false);
    await page.getByRole('button', { name: 'Approuver cette version' }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Approuver quand même' }).click();
    await expect(page.getByTestId('review-state').first()).toHaveAttribute('data-state', 'approved');
    const [approved] = await rest<Json[]>(request, 'service', 'GET', `pages_versions?id=eq.${versionId}&select=approved`);
    expect(approved.approved).toBe(true);
  });
});
