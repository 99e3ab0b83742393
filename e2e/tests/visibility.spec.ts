// Issue 33 (AI visibility): seeded visibility answers (as the worker stores them: through
// the service role, with their prompt, engine and page version) → one chart per engine with the
// interval band and the versions' markers, the lift card (a verdict on Perplexity, "not enough" on
// GPT-4o), the run card's calls, and the site's settings saved; the share of voice, the CSV export;
// the client's report link opened signed out (in the site's language for an English visitor), then
// revoked. An answer of the llm_answers action stays out of the figures and the visibility answers
// out of the page's LLM answers count. French UI; screenshots at 1440 and 375 px; axe. The rules and
// edge cases are in the jest tests of workspace/src/features/visibility and reviewer/src/features/report.
import fs from 'node:fs';
import path from 'node:path';
import { test, expect, saveScreenshots } from '../fixtures';
import { expectNoSeriousA11yViolations } from '../support/a11y';
import { signIn } from '../support/users';
import { ANON, rest, siteWithPage, SUPABASE, type Json, type SitePage } from './page-data-helpers';

test.use({ locale: 'fr-FR' });

const suffix = Date.now().toString(36);
const HOST = `fournil-visi-${suffix}.fr`;
const NBSP = '\u00a0';
const WEEK = 7 * 24 * 3600 * 1000;

test.describe.serial('AI visibility', () => {
  let s: SitePage;
  let sonarId = 0;

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
            domain_cited: i < cites, brand_mentioned: i < cites + 2, cited_urls: [],
            // share of voice: the site in its cited answers, boulangerie.fr in every other answer
            cited_domains: [...(i < cites ? [HOST] : []), ...(i % 2 === 0 ? ['boulangerie.fr'] : [])],
            analysed_at: at(w, i), created_at: at(w, i), cost_usd: 0.004,
          });
        }
      }
    }
    await rest(request, 'service', 'POST', 'pages_llm_answers', rows);
    // one answer of the llm_answers action (issue 21): not a visibility answer
    await rest(request, 'service', 'POST', 'pages_llm_answers', {
      linked_page: s.pageId, linked_llm: llm('openai/gpt-4o'), answer: 'Réponse du panneau LLM.', question: 'Pain au levain', domain_cited: true,
      brand_mentioned: true, cited_urls: [], cited_domains: [HOST], analysed_at: at(0), created_at: at(0),
    });
    sonarId = Number(llm('perplexity/sonar'));
  });

  test('charts, lift, run, settings, share of voice, CSV export; the client report opened signed out, then revoked', async ({ page, request, browser }) => {
    await signIn(page, s.owner);
    await page.goto(`/sites/${s.siteId}/pages/${s.pageId}`);
    // the LLM answers count: the llm_answers action's answer only, not the 240 visibility answers
    await expect(page.getByTestId('card-llm-answers-count')).toHaveText('1');
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

    // share of voice on Perplexity: the site in 45 answers, boulangerie.fr in 60 (105 citations)
    const sov = page.getByTestId(`sov-engine-${sonarId}`);
    await expect(sov.getByTestId('sov-site')).toContainText(/42,9[\u00a0\u202f]%/);
    await expect(sov.getByRole('row').nth(1)).toContainText(/boulangerie\.fr\s*57,1[\u00a0\u202f]%\s*60/);

    // the CSV: UTF-8 with BOM, ';' and CRLF in French, one line per visibility answer of the page
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByTestId('export-csv').click()]);
    expect(download.suggestedFilename()).toMatch(/^visibilite-ia-pain-au-levain-\d{4}-\d{2}-\d{2}\.csv$/);
    const bytes = fs.readFileSync((await download.path())!);
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const lines = bytes.subarray(3).toString('utf8').split('\r\n');
    expect(lines[0]).toBe('date;moteur;page;question;formulation;version;cité;marque nommée;domaines cités');
    expect(lines).toHaveLength(1 + 240 + 1);
    expect(lines.filter((l) => l.includes(';Perplexity Sonar;') && l.includes(`;1;`) && l.endsWith(HOST))).not.toHaveLength(0);

    await expectNoSeriousA11yViolations(page);
    await saveScreenshots(page, 'visibility', { folder: 'screens', settle: true });

    // the client's report: a link made by the owner, opened by a signed-out visitor who reads English
    const card = page.getByTestId('report-card');
    await card.getByTestId('report-create').click();
    const url = (await card.getByTestId('report-url').textContent())!;
    expect(url).toMatch(/\/view\/report\/[0-9a-f]{64}$/);
    const visitorContext = await browser.newContext({ locale: 'en-US', viewport: { width: 1440, height: 900 } });
    await visitorContext.addInitScript(() => window.localStorage.setItem('citable.lang', 'en'));
    try {
      const visitor = await visitorContext.newPage();
      await visitor.goto(url);
      await expect(visitor.getByRole('heading', { level: 1, name: 'Visibilité dans les assistants IA' })).toBeVisible();
      await expect(visitor.getByTestId('report-engine')).toHaveCount(2);
      await expect(visitor.getByTestId('report-engine').filter({ hasText: 'Perplexity Sonar' }).getByTestId('report-engine-summary')).toHaveText(
        `Perplexity Sonar${NBSP}: cité dans 38${NBSP}% des réponses (±9${NBSP}points), marque nommée dans 54${NBSP}% (±9${NBSP}points), sur 120${NBSP}réponses.`,
      );
      // aggregates only: no page name nor prompt
      await expect(visitor.getByText('Pain au levain')).toHaveCount(0);
      await expectNoSeriousA11yViolations(visitor);
      await saveScreenshots(visitor, 'visibility-report', { folder: 'screens', settle: true });
      const pdf = path.join(__dirname, '..', 'artifacts', 'screens', 'visibility-report.pdf');
      await visitor.pdf({ path: pdf, format: 'A4', printBackground: true });
    } finally {
      await visitorContext.close();
    }
    // revoked by the owner: the same token is now refused with a 4xx that says why (the page's
    // not-found screen is in the jest tests)
    await card.getByTestId('report-revoke').click();
    await card.getByTestId('report-revoke-confirm').click();
    await expect(card.getByTestId('report-create')).toBeVisible();
    const gone = await request.post(`${SUPABASE()}/rest/v1/rpc/get_visibility_report`, {
      headers: { apikey: ANON(), 'Content-Type': 'application/json' },
      data: { p_token: url.split('/').pop() },
    });
    expect(gone.status()).toBe(400);
    expect(await gone.json()).toMatchObject({ hint: 'not_found', message: 'Report link not found' });
  });
});
