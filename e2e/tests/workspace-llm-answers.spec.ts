// Issue 16 (LLM answers): the answers table as sanitized Markdown (150 words, Show more / Show less),
// 'Search LLM Answers' (refresh or create the page's llm_answers action), and the honest citation
// figures: per model, per page version and overall, k of n with a 95% Wilson interval, brand and
// domain apart, the competitors. The answers are stored as the worker stores them: through the
// service role, with the columns worker/src/citations/analyze.ts computes (its build, worker/dist, run here in Node).
import { execFileSync } from 'node:child_process';
import path from 'node:path';
import type { Page } from '@playwright/test';
import { test, expect, saveScreenshots } from '../fixtures';
import { expectNoSeriousA11yViolations } from '../support/a11y';
import { createConfirmedUser, signIn } from '../support/users';
import { actionId, rest, siteWithPage, type Json, type SitePage } from './page-data-helpers';

const suffix = Date.now().toString(36);
const HOST = `jardin-llm-${suffix}.fr`;
const BRAND = 'Jardin Zen Éco';
const ANALYZE = path.resolve(__dirname, '..', '..', 'worker', 'dist', 'citations', 'analyze.js');

/** What the worker records: analyzeAnswer from the backend, run by Node on each answer. */
function analyze(answers: string[], siteUrl: string): { brand_mentioned: boolean; domain_cited: boolean; cited_urls: string[]; cited_domains: string[] }[] {
  const script = `import { analyzeAnswer } from ${JSON.stringify(`file://${ANALYZE}`)};
    const input = JSON.parse(process.argv[1]);
    process.stdout.write(JSON.stringify(input.answers.map((answer) => analyzeAnswer({ answer, brand: input.brand, siteUrl: input.siteUrl }))));`;
  const out = execFileSync(process.execPath, ['--input-type=module', '-e', script, JSON.stringify({ answers, brand: BRAND, siteUrl })], { encoding: 'utf8' });
  return JSON.parse(out);
}

const LONG_WORDS = Array.from({ length: 190 }, (_, i) => `mot${i}`).join(' ');
const ANSWERS = {
  // GPT-4o, old version: cites the site by a Markdown link and names the brand (other case, no accent)
  a1: `Selon [le guide](https://www.${HOST}/guide), **jardin zen eco** conseille de tailler en automne.`,
  // GPT-4o, current version: names the brand, cites a competitor only
  a2: `Jardin Zen Éco est connu, mais la référence reste rival-jardin.fr pour les haies.`,
  // Claude, current version: HTML and a javascript: link (must render inert), a competitor, 190 words
  a3: `Début <script>window.__xss = "script"</script><img src=x onerror="window.__xss = 'img'"> [clic](javascript:window.__xss='link') voir https://concurrent-jardin.fr/x et rival-jardin.fr. ${LONG_WORDS} FIN-DU-TEXTE`,
  // Claude, current version: a longer domain that is not the site
  a4: `Essayez not${HOST} pour vos outils.`,
};

const screenUrl = (s: SitePage) => `/sites/${s.siteId}/pages/${s.pageId}/llm-answers-for-page`;
async function openScreen(page: Page, s: SitePage) {
  await page.goto(screenUrl(s));
  await expect(page.getByTestId('llm-answers-screen')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'LLM answers', level: 1 })).toBeVisible();
}

test.describe.serial('LLM answers', () => {
  test.describe.configure({ timeout: 240_000 });
  let s: SitePage;
  let llmAction = 0;

  test.beforeAll(async ({ request }) => {
    s = await siteWithPage(request, 'llm-owner', { siteName: BRAND, host: HOST, pageName: 'Tailler ses haies au naturel' });
    llmAction = await actionId(request, 'llm_answers');
    const day = (n: number) => new Date(Date.UTC(2026, 10, n, 9, 30)).toISOString();
    const [v1] = await rest<Json[]>(request, s.token, 'POST', 'pages_versions', { page: s.pageId, html_content: '<p>v1</p>', created_date: day(10) });
    const [v2] = await rest<Json[]>(request, s.token, 'POST', 'pages_versions', { page: s.pageId, html_content: '<p>v2</p>', created_date: day(14) });
    const llms = await rest<Json[]>(request, 'service', 'GET', 'llms?select=id,name,name_openrouter');
    const llm = (openrouter: string) => llms.find((l) => l.name_openrouter === openrouter)!.id;
    const figures = analyze([ANSWERS.a1, ANSWERS.a2, ANSWERS.a3, ANSWERS.a4], s.siteUrl);
    const stored = (answer: string, model: string, version: unknown, i: number, date: number) => ({
      linked_page: s.pageId, linked_llm: llm(model), answer, question: 'Comment tailler une haie ?', pages_version: version,
      ...figures[i], analysed_at: new Date().toISOString(), created_at: day(date),
    });
    // two runs as the worker writes them (each in one transaction: one date), then a third below
    await rest(request, 'service', 'POST', 'pages_llm_answers', [
      stored(ANSWERS.a1, 'openai/gpt-4o', v1.id, 0, 11),
      stored(ANSWERS.a2, 'openai/gpt-4o', v2.id, 1, 16),
      stored(ANSWERS.a3, 'anthropic/claude-3.5-sonnet', v2.id, 2, 16),
      stored(ANSWERS.a4, 'anthropic/claude-3.5-sonnet', v2.id, 3, 16),
    ]);
    // one answer not analysed yet (the worker stored it before analysing); the trigger gives it the current version
    const [raw] = await rest<Json[]>(request, 'service', 'POST', 'pages_llm_answers', { linked_page: s.pageId, linked_llm: llm('perplexity/sonar'), answer: 'Réponse brute.' });
    expect(raw.pages_version).toBe(v2.id);
  });

  test("another user's page id shows 'Page not found'", async ({ page, request }) => {
    await signIn(page, await createConfirmedUser(request, 'llm-intruder'));
    await page.goto(screenUrl(s));
    await expect(page.getByTestId('page-not-found')).toBeVisible();
    await expect(page.getByTestId('answer-row')).toHaveCount(0);
  });

  test('answers as inert Markdown, truncated at 150 words with Show more / Show less', async ({ page }) => {
    const dialogs: string[] = [];
    page.on('dialog', (d) => {
      dialogs.push(d.message());
      void d.dismiss();
    });
    await signIn(page, s.owner);
    await openScreen(page, s);
    // grouped by run (issue 32): the latest open, the others collapsed until opened
    const runs = page.getByTestId('answer-run-toggle');
    await expect(runs).toHaveCount(3);
    await expect(runs.first()).toHaveAttribute('aria-expanded', 'true');
    expect(await runs.evaluateAll((buttons) => buttons.map((b) => b.getAttribute('aria-expanded')))).toEqual(['true', 'false', 'false']);
    await expect(page.getByTestId('answer-run-models').nth(1)).toHaveText('3 answers · Claude 3.5 Sonnet, GPT-4o · site cited in 0 of 3 analysed answers');
    await expect(page.getByText(/Début/)).toBeHidden();
    await runs.nth(1).click();
    await runs.nth(2).click();
    await expect(runs.nth(2)).toHaveAttribute('aria-expanded', 'true');
    const answerRows = page.getByTestId('answer-row');
    await expect(answerRows).toHaveCount(5);
    await expect(answerRows.getByTestId('answer-model')).toHaveText(['Perplexity Sonar', 'Claude 3.5 Sonnet', 'Claude 3.5 Sonnet', 'GPT-4o', 'GPT-4o']);
    // Markdown rendered: bold and the link (new tab, noopener)
    const first = answerRows.last();
    await expect(first.locator('strong')).toHaveText('jardin zen eco');
    await expect(first.getByRole('link', { name: 'le guide' })).toHaveAttribute('href', `https://www.${HOST}/guide`);
    await expect(first.getByRole('link', { name: 'le guide' })).toHaveAttribute('rel', /noopener/);
    await expect(first.getByRole('link', { name: 'le guide' })).toHaveAttribute('target', '_blank');

    // HTML and javascript: inert
    const hostile = answerRows.nth(2);
    await expect(hostile.getByText(/Début/)).toBeVisible();
    await expect(page.locator('[data-testid="answer-markdown"] script, [data-testid="answer-markdown"] img, [data-testid="answer-markdown"] [onerror]')).toHaveCount(0);
    await expect(page.locator('[data-testid="answer-markdown"] a[href^="javascript"]')).toHaveCount(0);
    const clic = hostile.getByText('clic', { exact: true });
    await expect(clic).toBeVisible();
    await clic.click();
    expect(await page.evaluate(() => (window as unknown as { __xss?: unknown }).__xss ?? null)).toBeNull();
    expect(dialogs).toEqual([]);

    // 150 words, then the rest on demand
    await expect(hostile.getByText(/FIN-DU-TEXTE/)).toHaveCount(0);
    await hostile.getByRole('button', { name: 'Show more' }).click();
    await expect(hostile.getByText(/FIN-DU-TEXTE/)).toBeVisible();
    await hostile.getByRole('button', { name: 'Show less' }).click();
    await expect(hostile.getByText(/FIN-DU-TEXTE/)).toHaveCount(0);
    await expect(answerRows.nth(0).getByRole('button', { name: 'Show more' })).toHaveCount(0);
    await expect(answerRows.nth(0).getByText('Not analysed yet')).toBeVisible();
    await expect(first.getByTestId('badge-domain')).toHaveAttribute('data-value', 'true');
    await expect(answerRows.nth(1).getByTestId('badge-domain')).toHaveAttribute('data-value', 'false');
  });

  test('citation figures: overall, per model, per version, competitors, with 95% Wilson intervals', async ({ page }) => {
    await signIn(page, s.owner);
    await openScreen(page, s);
    const figures = page.getByTestId('citation-figures');
    await expect(figures.getByTestId('not-analysed')).toHaveText('1 answer is not analysed yet and is left out of the figures.');
    // domain cited: only a1 (a4 is a longer domain) → 1 of 4, 25%, Wilson 95% [4.56%, 69.94%]
    await expect(figures.getByTestId('overall-domain-k-of-n')).toHaveText('in 1 of 4 answers');
    await expect(figures.getByTestId('overall-domain-rate')).toHaveText('25%');
    await expect(figures.getByTestId('overall-domain-interval')).toHaveText('95% interval: 5% to 70%');
    // brand named: a1 and a2 → 2 of 4, 50%, Wilson 95% [15.00%, 85.00%]
    await expect(figures.getByTestId('overall-brand-k-of-n')).toHaveText('in 2 of 4 answers');
    await expect(figures.getByTestId('overall-brand-interval')).toHaveText('95% interval: 15% to 85%');
    const competitors = figures.getByTestId('overall-competitors').getByTestId('competitor');
    await expect(competitors).toHaveText(['rival-jardin.fr · 2 answers', 'concurrent-jardin.fr · 1 answer', `not${HOST} · 1 answer`]);

    const byModel = figures.getByTestId('by-model-row');
    await expect(byModel).toHaveCount(2);
    const gpt = byModel.filter({ hasText: 'GPT-4o' });
    await expect(gpt.getByTestId('cell-domain')).toContainText('1/2 · 50%');
    await expect(gpt.getByTestId('cell-brand')).toContainText('2/2 · 100%');
    const claude = byModel.filter({ hasText: /Claude/ });
    await expect(claude.getByTestId('cell-domain')).toContainText('0/2 · 0%');
    await expect(claude.getByTestId('cell-domain')).toContainText('0%–66%');

    const byVersion = figures.getByTestId('by-version-row');
    await expect(byVersion).toHaveCount(2);
    await expect(byVersion.nth(0)).toContainText('(current)');
    await expect(byVersion.nth(0).getByTestId('cell-domain')).toContainText('0/3 · 0%');
    await expect(byVersion.nth(1).getByTestId('cell-domain')).toContainText('1/1 · 100%');
    await expectNoSeriousA11yViolations(page, { include: '[data-testid="workspace-app"]' });
    await saveScreenshots(page, 'workspace-llm-answers');
  });

  test("'Search LLM Answers': the calls and cost said first, §8 failure, then one llm_answers action created, then refreshed", async ({ page, request }) => {
    await signIn(page, s.owner);
    await openScreen(page, s);
    // every search is confirmed first: questions × models × LLM_ANSWERS_PER_MODEL calls, the cost of earlier runs
    const models = (await rest<Json[]>(request, 'service', 'GET', 'llms?select=id')).length;
    const perModel = Number(process.env.LLM_ANSWERS_PER_MODEL || 3);
    const confirmSearch = async (check = false) => {
      await page.getByRole('button', { name: 'Search LLM Answers' }).click();
      const modal = page.getByRole('dialog', { name: 'Ask the LLMs?' });
      if (check) {
        await expect(modal.getByTestId('llm-run-calls-count')).toHaveText(`This search makes ${models * perModel} calls to the language models.`);
        await expect(modal.getByTestId('llm-run-calls-detail')).toHaveText(`1 question × ${models} models × ${perModel} answers per model`);
        await expect(modal.getByTestId('run-estimate-cost')).toHaveText('Cost unknown');
        await expectNoSeriousA11yViolations(page, { include: '[role="dialog"]' });
        await saveScreenshots(page, 'workspace-llm-answers-confirm');
      }
      await modal.getByRole('button', { name: 'Search LLM Answers' }).click();
      await expect(modal).toHaveCount(0);
    };
    await page.route('**/rest/v1/pages_actions?*', (route) => (route.request().method() === 'POST' ? route.fulfill({ status: 500, contentType: 'application/json', body: '{"message":"boom"}' }) : route.continue()));
    await confirmSearch(true);
    await expect(page.getByText('Unable to create LLM answers search action.')).toBeVisible();
    await page.unroute('**/rest/v1/pages_actions?*');
    // the actions table without its llm_answers row: said so, nothing queued
    await page.route('**/rest/v1/actions?*', (route) =>
      route.request().method() === 'GET' && route.request().url().includes('llm_answers')
        ? route.fulfill({ status: 200, contentType: 'application/json', body: '[]' })
        : route.continue(),
    );
    await confirmSearch();
    await expect(page.getByText('LLM answers action not found in the database.')).toBeVisible();
    await page.unroute('**/rest/v1/actions?*');
    const path = `pages_actions?linked_page=eq.${s.pageId}&linked_action=eq.${llmAction}&select=id,info2,created_date,status`;
    expect(await rest<Json[]>(request, 'service', 'GET', path)).toHaveLength(0);

    await confirmSearch();
    await expect(page.getByText('LLM answers search added. The answers will arrive in the background.')).toBeVisible();
    const first = await rest<Json[]>(request, 'service', 'GET', path);
    expect(first).toHaveLength(1);
    expect(first[0].info2).toBeNull();
    await rest(request, 'service', 'PATCH', `pages_actions?id=eq.${first[0].id}`, { status: 'done' });
    await confirmSearch();
    await expect(page.getByText('LLM answers search added. The answers will arrive in the background.').first()).toBeVisible();
    await expect.poll(async () => (await rest<Json[]>(request, 'service', 'GET', path))[0].status).toBe('queued');
    const second = await rest<Json[]>(request, 'service', 'GET', path);
    expect(second).toHaveLength(1);
    expect(second[0].id).toBe(first[0].id);
    expect(new Date(second[0].created_date as string).getTime()).toBeGreaterThan(new Date(first[0].created_date as string).getTime());
  });

  test("'Unable to load LLM answers.' on a failed load, and a retry", async ({ page }) => {
    await signIn(page, s.owner);
    await page.route('**/rest/v1/pages_llm_answers?*', (route) => route.fulfill({ status: 500, contentType: 'application/json', body: '{"message":"boom"}' }));
    await page.goto(screenUrl(s));
    await expect(page.getByText('Unable to load LLM answers.')).toBeVisible({ timeout: 20_000 });
    await page.unroute('**/rest/v1/pages_llm_answers?*');
    await page.getByRole('button', { name: 'Retry' }).click();
    await expect(page.getByTestId('answer-row')).toHaveCount(5);
  });

  test('the demo account in French: the seeded answers analysed by the backfill', async ({ page, request }) => {
    const [demoPage] = await rest<Json[]>(request, 'service', 'GET', 'pages?select=id,site,sites!inner(name)&sites.name=eq.Jardin%20Zen%20Paris&llm_answers_count=gt.0&order=id&limit=1');
    expect(demoPage, 'the seed has answers on the demo user’s pages').toBeTruthy();
    await signIn(page, { email: 'demo@citable.local', password: 'Demo1234!', id: '' });
    await page.evaluate(() => window.localStorage.setItem('citable.lang', 'fr'));
    await page.goto(`/sites/${demoPage.site}/pages/${demoPage.id}/llm-answers-for-page`);
    await expect(page.getByRole('heading', { name: 'Réponses des IA', level: 1 })).toBeVisible();
    await expect(page.getByTestId('citation-figures').getByText('Votre marque nommée')).toBeVisible();
    await expect(page.getByTestId('answer-markdown').first()).not.toContainText('<p>');
    await saveScreenshots(page, 'workspace-llm-answers-fr');
  });
});
