// Issue 33 (AI visibility, first slice): seeded visibility answers (as the worker stores them: through
// the service role, with their prompt, engine and page version) → one chart per engine with the
// interval band and the versions' markers, the lift card (a verdict on Perplexity, "not enough" on
// GPT-4o), the run card's calls, and the site's settings saved. French UI; screenshots at 1440 and
// 375 px; axe. The rules and edge cases are in the jest tests of workspace/src/features/visibility.
import { test, expect, saveScreenshots } from '../fixtures';
import { expectNoSeriousA11yViolations } from '../support/a11y';
import { signIn } from '../support/users';
import { rest, siteWithPage, type Json, type SitePage } from './page-data-helpers';

test.use({ locale: 'fr-FR' });

const suffix = Date.now().toString(36);
const HOST = `fournil-visi-${suffix}.fr`;
const NBSP = '\u00a0';
const WEEK = 7 * 24 * 3600 * 1000;

test.describe.serial('AI visibility', () => {
  let s: SitePage;

  test.beforeAll(async ({ request }) => {
    s = await siteWithPage(request, 'visi-owner', { siteName: 'Fournil Doré', host: HOST, pageName: 'Pain au levain' });
    const now = Date.now();
    const at = (weeksAgo: number, hours = 0) => new Date(now - weeksAgo * WEEK - hours * 3600_000).toISOString();
    const [v1] = await rest<Json[]>(request, s.token, 'POST', 'pages_versions', { page: s.pageId, html_content: '<p>v1</p>', created_date: at(10) });
    const [v2] = await rest<Json[]>(request, s.token, 'POST', 'pages_versions', { page: s.pageId, html_content: '<p>v2</p>', created_date: at(5) });
    const [prompt] = await rest<Json[]>(request, s.token, 'POST', 'visibility_prompts', {
      page: s.pageId, question: `Comment réussir un pain au levain${NBSP}?`, phrasings: [`Comment réussir un pain au levain${NBSP}?`, `Quel levain pour débuter${NBSP}?`], source: 'operator',
    });
    const llms = await rest<Json[]>(request, 'service', 'GET', 'llms?select=id,name_openrouter');
    const llm = (id: string) => llms.find((l) => l.name_openrouter === id)!.id;
    // 10 weeks × 2 engines × 12 answers; versions 1 (weeks 9–5 ago) and 2 (4–0 ago). Perplexity cites the
    // site in 2 of 12 answers a week with version 1 and 7 of 12 with version 2; GPT-4o in 3 of 12 throughout.
    const rows: Json[] = [];
    for (let w = 9; w >= 0; w -= 1) {
      const version = w >= 5 ? v1.id : v2.id;
      for (const [engine, cites] of [['openai/gpt-4o', 3], ['perplexity/sonar', w >= 5 ? 2 : 7]] as const) {
        for (let i = 0; i < 12; i += 1) {
          rows.push({
            linked_page: s.pageId, linked_llm: llm(engine), answer: 'Réponse.', question: prompt.question, prompt: prompt.id, pages_version: version,
            domain_cited: i < cites, brand_mentioned: i < cites + 2, cited_urls: [], cited_domains: [], analysed_at: at(w, i), created_at: at(w, i), cost_usd: 0.004,
          });
        }
      }
    }
    await rest(request, 'service', 'POST', 'pages_llm_answers', rows);
  });

  test('charts per engine with the interval band, the lift card, the run card and the settings saved', async ({ page, request }) => {
    await signIn(page, s.owner);
    await page.goto(`/sites/${s.siteId}/pages/${s.pageId}`);
    await page.getByTestId('card-visibility').click();
    await expect(page).toHaveURL(new RegExp(`/sites/${s.siteId}/pages/${s.pageId}/visibility$`));
    await expect(page.getByRole('heading', { level: 1, name: 'Visibilité dans les assistants IA' })).toBeVisible();

    const charts = page.getByTestId('engine-chart');
    await expect(charts).toHaveCount(2);
    const sonar = charts.filter({ hasText: 'Perplexity Sonar' });
    // 45 of 120 answers cite the site (37.5 %): Wilson ±8.5 points
    await expect(sonar.getByTestId('engine-summary')).toHaveText(
      `Perplexity Sonar${NBSP}: cité dans 38${NBSP}% des 120 réponses (±9${NBSP}points), marque nommée dans 54${NBSP}% (±9${NBSP}points).`,
    );
    // recharts drew the band (an area), the rate (a line) and version 2's marker (version 1 went live
    // before the first answer: no marker)
    await expect(sonar.locator('.recharts-area-area').first()).toBeVisible();
    await expect(sonar.locator('.recharts-line-curve').first()).toBeVisible();
    await expect(sonar.locator('.recharts-reference-line')).toHaveCount(1);
    await expect(sonar.locator('svg text').filter({ hasText: /^v2$/ })).toHaveCount(1);

    const lift = page.getByTestId('lift-card');
    await expect(lift.getByTestId('lift-verdict')).toHaveAttribute('data-verdict', 'not_enough');
    await expect(lift.getByTestId('lift-verdict')).toContainText('Les taux sont égaux');
    await lift.getByRole('textbox', { name: 'Moteur' }).or(lift.getByRole('combobox', { name: 'Moteur' })).click();
    await page.getByRole('option', { name: 'Perplexity Sonar' }).click();
    await expect(lift.getByTestId('lift-verdict')).toHaveAttribute('data-verdict', 'higher');
    await expect(lift.getByTestId('lift-result')).toContainText(`Version 2 contre version 1 sur Perplexity Sonar${NBSP}: 58${NBSP}% ±12 contre 17${NBSP}% ±9`);

    // one prompt × every engine (7) × 3 answers
    await expect(page.getByTestId('run-calls')).toHaveText(`21${NBSP}appels`);

    const settings = page.getByTestId('settings-card');
    await settings.getByRole('textbox', { name: 'Réponses par question et par moteur' }).fill('5');
    await settings.getByText('Chaque jour', { exact: true }).click();
    await settings.getByRole('textbox', { name: 'Budget mensuel (USD)' }).fill('12.5');
    await settings.getByTestId('save-settings').click();
    await expect(page.getByText('Réglages enregistrés.')).toBeVisible();
    await expect(page.getByTestId('run-calls')).toHaveText(`35${NBSP}appels`);
    const [saved] = await rest<Json[]>(request, s.token, 'GET', `visibility_settings?site=eq.${s.siteId}&select=runs_per_prompt,schedule,monthly_budget_usd`);
    expect(saved).toEqual({ runs_per_prompt: 5, schedule: 'daily', monthly_budget_usd: 12.5 });

    await expectNoSeriousA11yViolations(page);
    await saveScreenshots(page, 'visibility', { folder: 'screens', settle: true });
  });
});
