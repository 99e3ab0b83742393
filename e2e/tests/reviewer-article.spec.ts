// Issue 17 (reviewer): the article viewer at /view/:versionId, as a client with no account, against the
// real backend (RPCs with the anon key). The data is made through the REST API with the service key (a
// page of the demo user's site, two versions, three cover propositions) and every review action is
// checked in the database afterwards. The demo article is the seed's.
import { request as playwrightRequest, type APIRequestContext, type Page } from '@playwright/test';
import { test, expect, saveScreenshots } from '../fixtures';
import { expectNoSeriousA11yViolations } from '../support/a11y';

const DEMO_USER = '00000000-0000-4000-8000-00000000de01';
const DEMO_VERSION = '00000000-0000-4000-8000-00000000d3e0';
const suffix = Date.now().toString(36);
const PAGE_NAME = `Composter en appartement, le guide ${suffix}`;
const SENT_BACK_COMMENTS = 'Ajoutez un tableau des déchets acceptés et raccourcissez l’introduction.';
const REVISION_COMMENTS = 'Merci de <img src=x onerror="window.__xss=9">raccourcir <script>window.__xss=10</script> la conclusion.';

const OLD_HTML = `<h1>${PAGE_NAME}</h1>
<p>Le compost en appartement est possible avec un lombricomposteur.</p>
<h2>Pourquoi composter ?</h2>
<p>Un tiers de nos poubelles est fait de déchets organiques.</p>`;

const NEW_HTML = `<h1>${PAGE_NAME}</h1>
<p>Composter en appartement est simple : un lombricomposteur, quelques vers et de bonnes habitudes suffisent.</p>
<script>window.__xss = 1</script>
<img src="x" onerror="window.__xss = 2" alt="">
<h2>Pourquoi composter ?</h2>
<p>Un tiers de nos poubelles est fait de déchets organiques. <a href="javascript:window.__xss=3">Un lien piégé</a>
et <a href="https://ademe.fr">une source sûre</a>.</p>
<div onmouseover="window.__xss = 4"><iframe src="javascript:window.__xss=5"></iframe></div>
<h2>Les déchets acceptés</h2>
<table><thead><tr><th>Déchet</th><th>Accepté</th></tr></thead>
<tbody><tr><td>Épluchures</td><td>Oui</td></tr><tr><td>Agrumes</td><td>Avec modération</td></tr></tbody></table>
<blockquote><p>« Le meilleur déchet est celui qu’on ne produit pas. »</p></blockquote>
<h3>En pratique</h3>
<ul><li>Coupez les déchets en petits morceaux.</li><li>Alternez matières vertes et brunes.</li></ul>
<ol><li>Installer le bac.</li><li>Ajouter les vers.</li></ol>
<p>Le <code>compost</code> est prêt en trois mois.</p>`;

interface Rest {
  get: <T>(path: string) => Promise<T>;
  post: <T>(path: string, data: unknown) => Promise<T>;
  patch: (path: string, data: unknown) => Promise<void>;
  del: (path: string) => Promise<void>;
}

function rest(request: APIRequestContext): Rest {
  const base = `${process.env.E2E_SUPABASE_URL}/rest/v1`;
  const key = process.env.E2E_SERVICE_ROLE_KEY ?? '';
  const headers = { apikey: key, Authorization: `Bearer ${key}`, Prefer: 'return=representation' };
  return {
    async get<T>(path: string) {
      const response = await request.get(`${base}/${path}`, { headers });
      expect(response.ok(), `GET ${path}: ${response.status()} ${await response.text()}`).toBeTruthy();
      return (await response.json()) as T;
    },
    async post<T>(path: string, data: unknown) {
      const response = await request.post(`${base}/${path}`, { headers, data });
      expect(response.ok(), `POST ${path}: ${response.status()} ${await response.text()}`).toBeTruthy();
      return (await response.json()) as T;
    },
    async patch(path: string, data: unknown) {
      const response = await request.patch(`${base}/${path}`, { headers, data });
      expect(response.ok(), `PATCH ${path}: ${response.status()} ${await response.text()}`).toBeTruthy();
    },
    async del(path: string) {
      const response = await request.delete(`${base}/${path}`, { headers });
      expect(response.ok(), `DELETE ${path}: ${response.status()} ${await response.text()}`).toBeTruthy();
    },
  };
}

interface VersionRow {
  sent_in_revision: boolean;
  approved: boolean;
  comments_to_modify: string | null;
}

async function versionRow(db: Rest, id: string): Promise<VersionRow> {
  const rows = await db.get<VersionRow[]>(`pages_versions?id=eq.${id}&select=sent_in_revision,approved,comments_to_modify`);
  return rows[0];
}

/** Fails if the article's hostile HTML or the comments ran anything. */
async function expectNothingRan(page: Page) {
  expect(await page.evaluate(() => (window as unknown as { __xss?: unknown }).__xss)).toBeUndefined();
}

const panel = (page: Page) => page.getByTestId('review-panel');
const stateBadge = (page: Page) => panel(page).getByTestId('review-state');

test.describe.serial('reviewer: the article viewer', () => {
  test.describe.configure({ timeout: 120_000 });
  let db: Rest;
  let siteId = 0;
  let pageId = 0;
  let oldVersion = '';
  let newVersion = '';
  let imageIds: number[] = [];
  const dialogs: string[] = [];

  let api: APIRequestContext;

  test.beforeAll(async () => {
    api = await playwrightRequest.newContext();
    db = rest(api);
    const sites = await db.get<{ id: number }[]>(`sites?linked_user=eq.${DEMO_USER}&select=id&order=id&limit=1`);
    siteId = sites[0].id;
    const [page] = await db.post<{ id: number }[]>('pages', {
      site: siteId,
      name: PAGE_NAME,
      url: `https://example.fr/compost-${suffix}`,
      status: 2,
      creator: DEMO_USER,
    });
    pageId = page.id;
    const now = Date.now();
    const [v1] = await db.post<{ id: string }[]>('pages_versions', {
      page: pageId,
      html_content: OLD_HTML,
      creator: DEMO_USER,
      created_date: new Date(now - 2 * 86_400_000).toISOString(),
      sent_in_revision: true,
      comments_to_modify: SENT_BACK_COMMENTS,
      // what the client wrote on /view when they sent it back ("what changed" shows these)
      client_comments: SENT_BACK_COMMENTS,
    });
    const [v2] = await db.post<{ id: string }[]>('pages_versions', {
      page: pageId,
      html_content: NEW_HTML,
      creator: DEMO_USER,
      created_date: new Date(now - 86_400_000).toISOString(),
    });
    oldVersion = v1.id;
    newVersion = v2.id;
    const images = await db.post<{ id: number }[]>(
      'pages_versions_images',
      [1, 2, 3].map((n) => ({
        linked_page: pageId,
        image_url: `/storage/v1/object/public/page-images/seed/proposition-${n}.png`,
        type: 'proposition',
        chosen: false,
      })),
    );
    imageIds = images.map((image) => image.id);
  });

  test.afterAll(async () => {
    await api?.dispose();
  });

  test.beforeEach(async ({ page }) => {
    page.on('dialog', (dialog) => {
      dialogs.push(dialog.message());
      void dialog.dismiss();
    });
  });

  test('a client reads the article: title, cover, long-reading typography, hostile HTML neutralised', async ({ page }) => {
    await page.goto(`/view/${newVersion}`);
    await expect(page.getByRole('heading', { level: 1, name: PAGE_NAME })).toBeVisible();
    await expect(page).toHaveTitle(new RegExp(PAGE_NAME));
    const body = page.getByTestId('article-body');
    await expect(body.getByRole('heading', { level: 2, name: 'Les déchets acceptés' })).toBeVisible();
    await expect(body.locator('table')).toBeVisible();
    await expect(body.locator('blockquote')).toContainText('Le meilleur déchet');
    // the page name is the one h1: the article's repeated title is not shown twice
    await expect(page.locator('h1')).toHaveCount(1);
    // the cover: no image chosen yet, so the newest proposition by id, at most 400 px high
    const cover = page.getByTestId('cover-image');
    await expect(cover).toBeVisible();
    await expect(cover).toHaveAttribute('src', new RegExp(`proposition-3\\.png$`));
    expect((await cover.boundingBox())!.height).toBeLessThanOrEqual(400);
    // a line of about 70 characters
    const width = await body.evaluate((el) => el.getBoundingClientRect().width);
    const fontSize = await body.evaluate((el) => parseFloat(getComputedStyle(el).fontSize));
    expect(width / fontSize).toBeLessThan(40); // ≈ 68ch of a serif at ~0.55em a character
    // nothing of the hostile HTML runs or stays
    await expect(body.locator('script, iframe, [onerror], [onmouseover]')).toHaveCount(0);
    await expect(body.locator('a[href^="javascript"]')).toHaveCount(0);
    await expect(body.getByRole('link', { name: 'une source sûre' })).toHaveAttribute('rel', /noopener/);
    await body.locator('img').first().hover().catch(() => undefined);
    await expectNothingRan(page);
    await expect(stateBadge(page)).toHaveText('To review');
    // the client has no account: no link to the workspace
    await expect(page.getByTestId('owner-link')).toHaveCount(0);
    await expectNoSeriousA11yViolations(page, { include: '[data-testid="article-viewer"]' });
    await saveScreenshots(page, 'reviewer-article');
  });

  test('Change Image: Select an Image, the pick becomes the only chosen proposition', async ({ page }) => {
    await page.goto(`/view/${newVersion}`);
    await page.getByRole('button', { name: 'Change Image' }).click();
    const dialog = page.getByRole('dialog', { name: 'Select an Image' });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByTestId('image-choice')).toHaveCount(3);
    await expectNoSeriousA11yViolations(page, { include: '[role="dialog"]' });
    await saveScreenshots(page, 'reviewer-select-image');
    await dialog.locator(`[data-image-id="${imageIds[0]}"]`).click();
    await expect(page.getByText('Image updated successfully')).toBeVisible();
    await expect(dialog).toBeHidden();
    await expect(page.getByTestId('cover-image')).toHaveAttribute('src', /proposition-1\.png$/);
    const rows = await db.get<{ id: number; chosen: boolean }[]>(`pages_versions_images?linked_page=eq.${pageId}&select=id,chosen&order=id`);
    expect(rows.filter((r) => r.chosen).map((r) => r.id)).toEqual([imageIds[0]]);
  });

  test('Send for Revision needs comments; a script in them is text; then Cancel Revision Request', async ({ page }) => {
    const calls: string[] = [];
    page.on('request', (r) => {
      if (r.url().includes('/rpc/send_for_revision')) calls.push(r.url());
    });
    await page.goto(`/view/${newVersion}`);
    await panel(page).getByRole('button', { name: 'Send for Revision' }).click();
    const dialog = page.getByRole('dialog', { name: 'Send for Revision' });
    await dialog.getByRole('button', { name: 'Send for Revision' }).click();
    await expect(dialog.getByText('Comments are required to send for revision')).toBeVisible();
    await dialog.getByRole('textbox', { name: 'Comments' }).fill('   ');
    await dialog.getByRole('button', { name: 'Send for Revision' }).click();
    await expect(dialog.getByText('Comments are required to send for revision')).toBeVisible();
    expect(calls).toHaveLength(0);
    expect((await versionRow(db, newVersion)).sent_in_revision).toBe(false);

    await dialog.getByRole('textbox', { name: 'Comments' }).fill(REVISION_COMMENTS);
    await dialog.getByRole('button', { name: 'Send for Revision' }).click();
    await expect(page.getByText('Version sent for revision successfully')).toBeVisible();
    await expect(stateBadge(page)).toHaveText('Revision requested');
    await expect(panel(page).getByTestId('review-comments')).toHaveText(REVISION_COMMENTS);
    await expectNothingRan(page);
    expect(await versionRow(db, newVersion)).toEqual({ sent_in_revision: true, approved: false, comments_to_modify: REVISION_COMMENTS });
    // the comments come back from the server as text too
    await page.reload();
    await expect(panel(page).getByTestId('review-comments')).toHaveText(REVISION_COMMENTS);
    await expectNothingRan(page);
    await saveScreenshots(page, 'reviewer-in-revision');

    await panel(page).getByRole('button', { name: 'Cancel Revision Request' }).click();
    await expect(page.getByText('Revision request canceled successfully')).toBeVisible();
    await expect(stateBadge(page)).toHaveText('To review');
    expect((await versionRow(db, newVersion)).sent_in_revision).toBe(false);
  });

  test('thirty Approve clicks in a row: one request, one state change; then Cancel Approval', async ({ page }) => {
    const approves: string[] = [];
    const cancels: string[] = [];
    page.on('request', (r) => {
      if (r.url().includes('/rpc/approve_version')) approves.push(r.url());
      if (r.url().includes('/rpc/cancel_approval')) cancels.push(r.url());
    });
    await page.goto(`/view/${newVersion}`);
    const approve = panel(page).getByRole('button', { name: 'Approve this Version' });
    await expect(approve).toBeVisible();
    // thirty clicks in one go (before React re-renders), then thirty more with the pointer where the
    // button was, as a hurried hand would (the reverse action appears there)
    const toastSeen = page.getByText('Version approved successfully').first().waitFor({ state: 'visible', timeout: 30_000 });
    await approve.evaluate((button) => {
      for (let i = 0; i < 30; i += 1) (button as HTMLButtonElement).click();
    });
    const box = (await approve.boundingBox().catch(() => null)) ?? null;
    if (box) {
      for (let i = 0; i < 30; i += 1) await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2, { delay: 5 });
    }
    await toastSeen;
    await expect(stateBadge(page)).toHaveText('Approved');
    await page.waitForTimeout(1200);
    expect(approves).toHaveLength(1);
    expect(cancels).toHaveLength(0);
    expect(await versionRow(db, newVersion)).toMatchObject({ sent_in_revision: false, approved: true });
    await saveScreenshots(page, 'reviewer-approved');

    await panel(page).getByRole('button', { name: 'Cancel Approval' }).click();
    await expect(page.getByText('Approval canceled successfully')).toBeVisible();
    await expect(stateBadge(page)).toHaveText('To review');
    expect((await versionRow(db, newVersion)).approved).toBe(false);
    expect(cancels).toHaveLength(1);
  });

  test('what changed since the client asked: their comments and the comparison with the version sent back', async ({ page }) => {
    await page.goto(`/view/${newVersion}`);
    const section = page.getByTestId('changes-section');
    await expect(section.getByRole('heading', { name: 'What changed since you asked' })).toBeVisible();
    await expect(section.getByTestId('changes-comments')).toHaveText(SENT_BACK_COMMENTS);
    await section.getByRole('button', { name: 'Show what changed' }).click();
    const diff = section.getByTestId('changes-diff');
    await expect(diff).toBeVisible();
    await expect(diff).toContainText('Les déchets acceptés');
    await expect(diff).toContainText('Un tiers de nos poubelles');
    await expect(diff.locator('script, iframe, [onerror]')).toHaveCount(0);
    // compared as the text a reader sees (not the HTML source), in two aligned panes on a wide screen
    await expect(diff).not.toContainText('<h2>');
    await expect(diff.getByTestId('side-by-side-diff')).toHaveAttribute('data-layout', 'split');
    await expect(diff.getByTestId('diff-previous-label')).toHaveText('Version you sent back');
    await expect(diff.getByTestId('diff-current-label')).toHaveText('This version');
    await expect(diff.locator('ins').first()).toBeVisible();
    await expectNothingRan(page);
    await expectNoSeriousA11yViolations(page, { include: '[data-testid="changes-section"]' });
    await saveScreenshots(page, 'reviewer-changes');
    // one column with insertions and deletions marked on a phone
    await page.setViewportSize({ width: 375, height: 812 });
    await expect(diff.getByTestId('side-by-side-diff')).toHaveAttribute('data-layout', 'unified');
    await page.setViewportSize({ width: 1440, height: 900 });
  });

  test('an older version: a notice links to the newest one', async ({ page }) => {
    await page.goto(`/view/${oldVersion}`);
    const notice = page.getByTestId('newer-version');
    await expect(notice).toContainText('A newer version of this article exists');
    await notice.getByRole('link', { name: 'Read the newest version' }).click();
    await expect(page).toHaveURL(new RegExp(`/view/${newVersion}$`));
    await expect(page.getByTestId('newer-version')).toHaveCount(0);
  });

  test('the demo article: every action and Change Image open the Demo Article dialog, nothing changes', async ({ page }) => {
    const rpcs: string[] = [];
    page.on('request', (r) => {
      if (/\/rpc\/(send_for_revision|cancel_revision|approve_version|cancel_approval|set_cover_image)/.test(r.url())) rpcs.push(r.url());
    });
    const before = await versionRow(db, DEMO_VERSION);
    await page.goto(`/view/${DEMO_VERSION}`);
    await expect(page.getByTestId('demo-badge')).toBeVisible();
    for (const name of ['Approve this Version', 'Send for Revision', 'Change Image']) {
      await page.getByRole('button', { name }).first().click();
      const dialog = page.getByRole('dialog', { name: 'Demo Article' });
      await expect(dialog).toContainText('This is a demo article, so you cannot use this feature.');
      if (name === 'Approve this Version') {
        await expectNoSeriousA11yViolations(page, { include: '[role="dialog"]' });
        await saveScreenshots(page, 'reviewer-demo-lock');
      }
      await dialog.getByRole('button', { name: 'OK' }).click();
      await expect(dialog).toBeHidden();
    }
    expect(rpcs).toEqual([]);
    expect(await versionRow(db, DEMO_VERSION)).toEqual(before);
    // the demo's revision comments are never shown
    await expect(page.getByTestId('changes-section')).toHaveCount(0);
    await expectNoSeriousA11yViolations(page, { include: '[data-testid="article-viewer"]' });
  });

  test('malformed and unknown ids: Article not found, no error page', async ({ page }) => {
    for (const id of ['not-a-uuid', '%3Cscript%3Ewindow.__xss%3D1%3C%2Fscript%3E', '00000000-0000-4000-8000-000000000bad']) {
      await page.goto(`/view/${id}`);
      await expect(page.getByRole('heading', { name: 'Article not found' })).toBeVisible();
      await expect(page.getByTestId('remote-error')).toHaveCount(0);
      // /view is the client's page (issue 30): the bare layout, the way home in the message itself
      await expect(page.getByTestId('bare-layout')).toBeVisible();
      await expect(page.getByTestId('not-found-home')).toBeVisible();
      await expectNothingRan(page);
    }
    await expectNoSeriousA11yViolations(page, { include: '[data-testid="article-not-found"]' });
    await saveScreenshots(page, 'reviewer-not-found');
  });

  test('crawlers: a client draft is noindex; the demo article is indexable with its title, description and Open Graph tags', async ({ request, platformUrls }) => {
    const draft = await request.get(`${platformUrls.shell}/view/${newVersion}`, { headers: { Accept: 'text/html' } });
    expect(draft.status()).toBe(200);
    expect(draft.headers()['x-robots-tag']).toContain('noindex');
    const draftHtml = await draft.text();
    expect(draftHtml).toContain('<meta name="robots" content="noindex, nofollow" />');
    // no tags that would describe a client's draft to a crawler (its static copy is for the first paint only)
    expect(draftHtml).not.toContain('og:title');
    expect(draftHtml).not.toContain(`<title>${PAGE_NAME}`);

    const unknown = await request.get(`${platformUrls.shell}/view/00000000-0000-4000-8000-000000000bad`);
    expect(unknown.headers()['x-robots-tag']).toContain('noindex');

    const demo = await request.get(`${platformUrls.shell}/view/${DEMO_VERSION}`, { headers: { Accept: 'text/html' } });
    expect(demo.status()).toBe(200);
    expect(demo.headers()['x-robots-tag']).toBeUndefined();
    const html = await demo.text();
    expect(html).not.toMatch(/noindex/);
    const [demoPage] = await db.get<{ name: string }[]>(
      `pages?select=name,pages_versions!inner(id)&pages_versions.id=eq.${DEMO_VERSION}`,
    );
    const escaped = demoPage.name.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#39;');
    expect(html).toContain(`<title>${escaped} · Citable</title>`);
    expect(html).toContain(`<meta property="og:title" content="${escaped}" />`);
    expect(html).toMatch(/<meta name="description" content="[^"]{20,}" \/>/);
    expect(html).toContain('<meta property="og:type" content="article" />');
    expect(html).toMatch(/<meta property="og:image" content="https?:\/\/[^"]+\.png" \/>/);
  });

  test('the page owner, signed in, gets a link back to the versions; the viewer in French', async ({ page }) => {
    await page.goto('/auth');
    const form = page.locator('form').filter({ has: page.locator('input[type="password"]') }).first();
    await form.locator('input[type="email"]').fill('demo@citable.local');
    await form.locator('input[type="password"]').fill('Demo1234!');
    await form.locator('button[type="submit"]').click();
    await expect(page.getByTestId('sidebar').first()).toBeVisible();
    await page.goto(`/view/${newVersion}`);
    const link = page.getByTestId('owner-link');
    await expect(link).toHaveText("Back to this page's versions");
    await expect(link).toHaveAttribute('href', `/sites/${siteId}/pages/${pageId}/page-versions`);

    await page.evaluate(() => localStorage.setItem('citable.lang', 'fr'));
    await page.reload();
    await expect(panel(page).getByRole('button', { name: 'Approuver cette version' })).toBeVisible();
    await expect(panel(page).getByTestId('review-state')).toHaveText('À relire');
    await expect(page.getByTestId('owner-link')).toHaveText('Retour aux versions de cette page');
    await expectNoSeriousA11yViolations(page, { include: '[data-testid="article-viewer"]' });
    await saveScreenshots(page, 'reviewer-article-fr');
    expect(dialogs).toEqual([]);
  });
});

/**
 * Answers an RPC of the backend with a PostgREST-like error (status, body { code, message, details, hint }),
 * as PostgREST does when the database fails or refuses the call. Returns the calls it answered.
 */
async function failRpc(page: Page, name: string, status: number, error: { code: string; message: string }) {
  const calls: string[] = [];
  await page.route(`**/rest/v1/rpc/${name}`, async (route) => {
    if (route.request().method() !== 'POST') return route.fallback();
    calls.push(route.request().url());
    await route.fulfill({
      status,
      contentType: 'application/json; charset=utf-8',
      headers: { 'Access-Control-Allow-Origin': '*' },
      body: JSON.stringify({ ...error, details: null, hint: null }),
    });
  });
  return calls;
}

const SERVER_ERROR = { code: 'XX000', message: 'could not read block 0 in file "base/16384/16500"' };
const BAD_REQUEST = { code: '22023', message: 'invalid input value' };
const SERVER_MESSAGE = 'The server ran into a problem. Please try again in a moment.';
const INVALID_MESSAGE = 'Some of the information sent is not valid. Please check it and try again.';

/** A Mantine notification with this title and message. */
const toast = (page: Page, title: string) => page.locator('.mantine-Notification-root').filter({ hasText: title });

test.describe('reviewer: failures, loading, and the demo lock in every state', () => {
  let db: Rest;
  let api: APIRequestContext;
  let pageId = 0;
  let versionId = '';
  let imageIds: number[] = [];
  const draft = { sent_in_revision: false, approved: false, comments_to_modify: null };

  test.beforeAll(async () => {
    api = await playwrightRequest.newContext();
    db = rest(api);
    const [site] = await db.get<{ id: number }[]>(`sites?linked_user=eq.${DEMO_USER}&select=id&order=id&limit=1`);
    const [page] = await db.post<{ id: number }[]>('pages', {
      site: site.id,
      name: `Les échecs du relecteur ${suffix}`,
      url: `https://example.fr/echecs-${suffix}`,
      status: 2,
      creator: DEMO_USER,
    });
    pageId = page.id;
    const [version] = await db.post<{ id: string }[]>('pages_versions', {
      page: pageId,
      html_content: '<p>Un article que le client ne parvient pas à relire : chaque appel échoue.</p>',
      creator: DEMO_USER,
    });
    versionId = version.id;
    const images = await db.post<{ id: number }[]>(
      'pages_versions_images',
      [1, 2].map((n) => ({ linked_page: pageId, image_url: `/storage/v1/object/public/page-images/seed/proposition-${n}.png`, type: 'proposition', chosen: n === 1 })),
    );
    imageIds = images.map((image) => image.id);
  });

  test.afterAll(async () => {
    if (pageId) await db.del(`pages?id=eq.${pageId}`);
    await api?.dispose();
  });

  const setState = (state: Partial<VersionRow>) => db.patch(`pages_versions?id=eq.${versionId}`, { ...draft, ...state });

  test('each review action that fails says so, leaves the state as it was, and the client can try again', async ({ page }) => {
    // Approve this Version: a database failure (500)
    await setState({});
    const approves = await failRpc(page, 'approve_version', 500, SERVER_ERROR);
    await page.goto(`/view/${versionId}`);
    await panel(page).getByRole('button', { name: 'Approve this Version' }).click();
    await expect(toast(page, 'Failed to approve version')).toContainText(SERVER_MESSAGE);
    await expect(stateBadge(page)).toHaveText('To review');
    await expect(panel(page).getByRole('button', { name: 'Approve this Version' })).toBeEnabled();
    expect(approves).toHaveLength(1);
    expect(await versionRow(db, versionId)).toEqual(draft);

    // Send for Revision: refused (400); the dialog stays open with the comments, to try again
    const sends = await failRpc(page, 'send_for_revision', 400, BAD_REQUEST);
    await panel(page).getByRole('button', { name: 'Send for Revision' }).click();
    const dialog = page.getByRole('dialog', { name: 'Send for Revision' });
    await dialog.getByRole('textbox', { name: 'Comments' }).fill('Raccourcissez la conclusion.');
    await dialog.getByRole('button', { name: 'Send for Revision' }).click();
    await expect(toast(page, 'Failed to send for revision')).toContainText(INVALID_MESSAGE);
    await expect(dialog).toBeVisible();
    await expect(dialog.getByRole('textbox', { name: 'Comments' })).toHaveValue('Raccourcissez la conclusion.');
    expect(sends).toHaveLength(1);
    expect(await versionRow(db, versionId)).toEqual(draft);
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(dialog).toBeHidden();

    // Cancel Revision Request (500)
    await setState({ sent_in_revision: true, comments_to_modify: 'Revoir le titre.' });
    const cancels = await failRpc(page, 'cancel_revision', 500, SERVER_ERROR);
    await page.goto(`/view/${versionId}`);
    await panel(page).getByRole('button', { name: 'Cancel Revision Request' }).click();
    await expect(toast(page, 'Failed to cancel revision')).toContainText(SERVER_MESSAGE);
    await expect(stateBadge(page)).toHaveText('Revision requested');
    expect(cancels).toHaveLength(1);
    expect(await versionRow(db, versionId)).toEqual({ sent_in_revision: true, approved: false, comments_to_modify: 'Revoir le titre.' });

    // Cancel Approval (400)
    await setState({ approved: true });
    const unapprovals = await failRpc(page, 'cancel_approval', 400, BAD_REQUEST);
    await page.goto(`/view/${versionId}`);
    await panel(page).getByRole('button', { name: 'Cancel Approval' }).click();
    await expect(toast(page, 'Failed to cancel approval')).toContainText(INVALID_MESSAGE);
    await expect(stateBadge(page)).toHaveText('Approved');
    expect(unapprovals).toHaveLength(1);
    expect(await versionRow(db, versionId)).toEqual({ ...draft, approved: true });
    await expect(page.getByTestId('remote-error')).toHaveCount(0);
  });

  test('Change Image that fails: the message, the dialog stays open, the cover does not change', async ({ page }) => {
    await setState({});
    const calls = await failRpc(page, 'set_cover_image', 500, SERVER_ERROR);
    await page.goto(`/view/${versionId}`);
    await expect(page.getByTestId('cover-image')).toHaveAttribute('src', /proposition-1\.png$/);
    await page.getByRole('button', { name: 'Change Image' }).click();
    const dialog = page.getByRole('dialog', { name: 'Select an Image' });
    await dialog.locator(`[data-image-id="${imageIds[1]}"]`).click();
    await expect(toast(page, 'Failed to select image')).toContainText(SERVER_MESSAGE);
    await expect(dialog).toBeVisible();
    await expect(dialog.locator(`[data-image-id="${imageIds[1]}"]`)).toBeEnabled();
    expect(calls).toHaveLength(1);
    await dialog.getByRole('button', { name: 'Close' }).click();
    await expect(page.getByTestId('cover-image')).toHaveAttribute('src', /proposition-1\.png$/);
    const rows = await db.get<{ id: number; chosen: boolean }[]>(`pages_versions_images?linked_page=eq.${pageId}&select=id,chosen&order=id`);
    expect(rows.filter((r) => r.chosen).map((r) => r.id)).toEqual([imageIds[0]]);
  });

  test('the version changed meanwhile (approved elsewhere): the action says so and the page shows the current state', async ({ page }) => {
    await setState({});
    await page.goto(`/view/${versionId}`);
    await expect(stateBadge(page)).toHaveText('To review');
    // someone else approves this version after the client opened it
    await setState({ approved: true });
    await panel(page).getByRole('button', { name: 'Approve this Version' }).click();
    // the real backend refuses the transition (invalid_transition): not a red error, where it is now
    await expect(toast(page, 'Failed to approve version')).toContainText('This version has already been approved, perhaps in another tab: the page now shows its current state.');
    await expect(stateBadge(page)).toHaveText('Approved');
    await expect(panel(page).getByRole('button', { name: 'Cancel Approval' })).toBeVisible();
    expect(await versionRow(db, versionId)).toEqual({ ...draft, approved: true });
  });

  test("'Loading article' while the article is on its way (a link to another version, followed in the app)", async ({ page }) => {
    await setState({});
    // an older version of the page: its notice links to this one, which the app then asks the backend for
    // (the server put only the older one in the page)
    const [older] = await db.post<{ id: string }[]>('pages_versions', {
      page: pageId,
      html_content: '<p>La version précédente.</p>',
      creator: DEMO_USER,
      created_date: new Date(Date.now() - 86_400_000).toISOString(),
    });
    try {
      await page.goto(`/view/${older.id}`);
      await expect(page.getByTestId('article-viewer')).toHaveAttribute('data-version-id', older.id);
      // the article's RPC waits until the loading state has been seen
      let release = () => {};
      const released = new Promise<void>((resolve) => {
        release = resolve;
      });
      const asked: string[] = [];
      await page.route('**/rest/v1/rpc/get_article_for_view', async (route) => {
        asked.push(route.request().method());
        await released;
        await route.fallback();
      });
      await page.getByTestId('newer-version').getByRole('link', { name: 'Read the newest version' }).click();
      const loading = page.getByTestId('article-loading');
      await expect(loading.getByRole('status')).toHaveText('Loading article');
      await expect(loading).toBeInViewport();
      await expect(page.getByTestId('article-viewer')).toHaveCount(0);
      expect(asked).toContain('POST');
      release();
      await expect(page.getByTestId('article-viewer')).toHaveAttribute('data-version-id', versionId);
      await expect(page.getByTestId('article-title')).toHaveText(`Les échecs du relecteur ${suffix}`);
      await expect(loading).toHaveCount(0);
    } finally {
      await db.del(`pages_versions?id=eq.${older.id}`);
    }
  });

  test('a demo article in revision or approved: Cancel Revision Request and Cancel Approval open the Demo Article dialog too', async ({ page }) => {
    const rpcs: string[] = [];
    page.on('request', (r) => {
      if (/\/rpc\/(cancel_revision|cancel_approval)/.test(r.url())) rpcs.push(r.url());
    });
    const [site] = await db.get<{ id: number }[]>(`sites?linked_user=eq.${DEMO_USER}&select=id&order=id&limit=1`);
    const [demoPage] = await db.post<{ id: number }[]>('pages', {
      site: site.id,
      name: `Un exemple en relecture ${suffix}`,
      url: `https://example.fr/exemple-${suffix}`,
      status: 2,
      creator: DEMO_USER,
      hide_revisions_texts_from_preview: true,
    });
    try {
      const [inRevision, approved] = await db.post<{ id: string }[]>('pages_versions', [
        { page: demoPage.id, html_content: '<p>Exemple renvoyé en relecture.</p>', creator: DEMO_USER, created_date: new Date(Date.now() - 86_400_000).toISOString(), sent_in_revision: true, comments_to_modify: 'Jamais montré.', approved: false },
        { page: demoPage.id, html_content: '<p>Exemple approuvé.</p>', creator: DEMO_USER, created_date: new Date().toISOString(), sent_in_revision: false, comments_to_modify: null, approved: true },
      ]);
      for (const [id, button, before] of [
        [inRevision.id, 'Cancel Revision Request', { sent_in_revision: true, approved: false, comments_to_modify: 'Jamais montré.' }],
        [approved.id, 'Cancel Approval', { sent_in_revision: false, approved: true, comments_to_modify: null }],
      ] as const) {
        await page.goto(`/view/${id}`);
        await expect(page.getByTestId('demo-badge')).toBeVisible();
        await panel(page).getByRole('button', { name: button }).click();
        const dialog = page.getByRole('dialog', { name: 'Demo Article' });
        await expect(dialog).toContainText('This is a demo article, so you cannot use this feature.');
        await dialog.getByRole('button', { name: 'OK' }).click();
        await expect(dialog).toBeHidden();
        // the demo's revision comments are never shown
        await expect(page.getByText('Jamais montré.')).toHaveCount(0);
        expect(await versionRow(db, id)).toEqual(before);
      }
      expect(rpcs).toEqual([]);
    } finally {
      await db.del(`pages?id=eq.${demoPage.id}`);
    }
  });
});
