// Issue 31 (publishing to WordPress), through the real queue: the worker's own tasks
// (e2e/support/task-worker.mjs wordpress_connect pages_action, graphile-worker on the e2e database,
// limited to this spec's user) against the fake WordPress site (worker/test/fakes/wordpress.js, the
// REST API as WordPress 6 speaks it) on 127.0.0.1, in French.
// 1. The site form's WordPress section: plain http refused until confirmed, the application password
//    sealed in the browser and tested by the worker → the site's name and its SEO plugin; "Tester la
//    connexion" tests the stored one again. (A failed test's text: WordPressSection.test.tsx and
//    worker/test/wordpress-publish.test.js.)
// 2. A client approves on /view (no account; the connection publishes automatically) → the post in
//    WordPress with its featured image and its Gutenberg blocks, the link on the page; an edit approved
//    again → the same post updated.
// 3. The operator's Articles screen: "Publier sur WordPress" on an approved row → the link; a newer
//    approved version → the copy is behind on the page detail, "Mettre à jour sur WordPress" from the
//    row updates the same post; a site without a connection → a link to its WordPress settings.
// The password is in no line the worker printed. Axe on the site form, the Articles screen and the
// publish panel; screenshots at 1440 and 375 px. The states in between (queued, running, failed, the
// versions screen's panel, no connection on the panel) are jest's: ArticlesScreen.test.tsx,
// WordPressPublishPanel.test.tsx; the failures, the time-out and the password in no API answer are
// worker/test/wordpress-publish.test.js's.
import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Page } from '@playwright/test';
import { test, expect, saveScreenshots } from '../fixtures';
import { expectNoSeriousA11yViolations } from '../support/a11y';
import { ROOT } from '../support/platform';
import { signIn } from '../support/users';
import { ANON, SERVICE, SUPABASE, closeToasts, rest, siteWithPage, type Json, type SitePage } from './page-data-helpers';

const PASSWORD = 'Zq9x 4Tt7 Lm2p Kd8s Wv3n Hy6r';
// a development key for this run only (32 bytes, base64)
const SECRET_KEY = Buffer.alloc(32, 7).toString('base64');
const WORKER = path.resolve(__dirname, '..', 'support', 'task-worker.mjs');
const COVER = '/storage/v1/object/public/page-images/seed/proposition-1.png';

const ARTICLE_V1 = [
  '<h1>Choisir une pompe à chaleur</h1>',
  '<p>Une pompe à chaleur air-eau chauffe la maison et l’eau sanitaire.</p>',
  '<h2>Les critères</h2>',
  '<ul><li>La puissance</li><li>Le COP</li></ul>',
  '<p>Comparez au moins trois devis.</p>',
].join('\n');
const ARTICLE_V2 = ARTICLE_V1.replace('trois devis', 'trois devis détaillés');

interface FakePost {
  id: number;
  title: string;
  content: string;
  status: string;
  slug: string;
  featured_media: number;
  meta: Record<string, string>;
}
interface FakeWordPress {
  url: string;
  posts: Map<number, FakePost>;
  media: Map<number, { id: number; alt_text: string; filename: string; size: number }>;
  close: () => Promise<void>;
}

const section = (page: Page) => page.getByTestId('wordpress-section');
const panel = (page: Page) => page.getByTestId('wordpress-publish-panel');

let wp: FakeWordPress;
let worker: ChildProcess | null = null;
let workerOutput = '';
let owner: SitePage;
/** the operator's page, signed in once for the whole file */
let operator: Page;

const postsOf = (pageId: number) => [...wp.posts.values()].filter((p) => p.meta.citable_page_id === String(pageId));
const blockNames = async (content: string) => {
  const { parse } = (await import('@wordpress/block-serialization-default-parser')) as { parse: (s: string) => { blockName: string | null }[] };
  return parse(content)
    .filter((b) => b.blockName)
    .map((b) => b.blockName);
};
/** A version written by the worker (service role). */
const newVersion = async (request: Parameters<typeof rest>[0], pageId: number, html: string, parent?: unknown) =>
  (await rest<Json[]>(request, 'service', 'POST', 'pages_versions', { page: pageId, html_content: html, creator: owner.owner.id, ...(parent ? { parent_version: parent } : {}) }))[0];
/** The client approves through the API (the /view call, anon key, no account). */
const approve = async (request: Parameters<typeof rest>[0], id: unknown) => {
  const answer = await request.post(`${SUPABASE()}/rest/v1/rpc/approve_version`, { headers: { apikey: ANON(), 'Content-Type': 'application/json' }, data: { p_version_id: id } });
  expect(answer.ok(), await answer.text()).toBeTruthy();
};

test.describe.serial('publishing to WordPress through the queue', () => {
  test.describe.configure({ timeout: 60_000 });

  test.beforeAll(async ({ browser, request }) => {
    const { startFakeWordPress } = await import(pathToFileURL(path.join(ROOT, 'worker', 'test', 'fakes', 'wordpress.js')).href);
    wp = (await startFakeWordPress({ username: 'editor', password: PASSWORD, seo: 'yoast-rest', citableMeta: true })) as FakeWordPress;
    expect(new URL(wp.url).hostname).toBe('127.0.0.1');
    owner = await siteWithPage(request, 'wordpress', { siteName: 'Chauffage Dupont', host: 'chauffage-dupont.fr', pageName: 'Choisir une pompe à chaleur' });
    await rest(request, owner.token, 'PATCH', `sites?id=eq.${owner.siteId}`, { default_status: 'publish', auto_publish_image: true });

    // the worker's WordPress tasks, on the backend's database and storage, for this user's sites only
    const databaseUrl = process.env.E2E_DATABASE_URL;
    const dataDir = process.env.E2E_BACKEND_DATA_DIR;
    expect(databaseUrl && dataDir, 'the e2e backend exposes its database and data dir').toBeTruthy();
    worker = spawn(process.execPath, [WORKER, 'wordpress_connect', 'pages_action'], {
      env: {
        PATH: process.env.PATH,
        DATABASE_URL: databaseUrl,
        DATA_DIR: dataDir,
        SUPABASE_URL: SUPABASE(),
        SUPABASE_SERVICE_ROLE_KEY: SERVICE(),
        TASK_WORKER_OWNER: owner.owner.id,
        WORDPRESS_SECRET_KEY: SECRET_KEY,
        WORDPRESS_TIMEOUT_MS: '5000',
        OUTBOUND_ALLOW_PRIVATE: '1',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const started = new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`task worker did not start: ${workerOutput}`)), 30_000);
      const onData = (d: Buffer) => {
        workerOutput += d.toString();
        if (/\bready\b/.test(workerOutput)) {
          clearTimeout(timer);
          resolve();
        }
      };
      worker!.stdout!.on('data', onData);
      worker!.stderr!.on('data', onData);
      worker!.on('exit', (code) => reject(new Error(`task worker exited ${code}: ${workerOutput}`)));
    });

    // the operator signs in once for the file, while the worker starts
    const context = await browser.newContext({ baseURL: process.env.E2E_SHELL_URL, viewport: { width: 1440, height: 900 } });
    await context.addInitScript(() => window.localStorage.setItem('citable.lang', 'fr'));
    operator = await context.newPage();
    await Promise.all([started, signIn(operator, owner.owner)]);
  });

  test.afterAll(async () => {
    await operator?.context().close();
    if (worker && worker.exitCode === null) {
      const exited = new Promise((r) => worker!.once('exit', r));
      worker.kill('SIGTERM');
      await exited;
    }
    await wp?.close();
    // the worker ran (it printed its jobs), and the password is in no line it printed
    expect(workerOutput).toMatch(/wordpress_connect/);
    for (const leak of [PASSWORD, PASSWORD.replace(/\s+/g, ''), Buffer.from(`editor:${PASSWORD}`).toString('base64')]) {
      expect(workerOutput).not.toContain(leak);
    }
  });

  test('the site’s WordPress section: plain http confirmed, the password tested through the queue; the site and its SEO plugin shown', async ({ request }) => {
    const page = operator;
    await page.goto(`/sites/${owner.siteId}`);
    const toggle = page.getByRole('button', { name: 'WordPress' });
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
    // from the keyboard
    await toggle.focus();
    await toggle.press('Enter');
    await expect(toggle).toHaveAttribute('aria-expanded', 'true');
    await expect(section(page).getByTestId('wordpress-state')).toHaveText('Non connecté');
    await expect(section(page).getByText('WordPress → Profil → Mots de passe d’application', { exact: false })).toBeVisible();

    const form = section(page).getByTestId('wordpress-form');
    await form.getByLabel('Adresse du site WordPress').fill(wp.url);
    await form.getByLabel('Identifiant WordPress').fill('editor');
    await form.getByLabel('Mot de passe d’application').fill(PASSWORD);
    // plain http: refused until the operator confirms it
    await form.getByRole('button', { name: 'Enregistrer et tester' }).click();
    await expect(form.getByText('Le site n’est pas en HTTPS\u00a0: le mot de passe circulerait en clair.', { exact: false })).toBeVisible();
    await form.getByLabel('Je confirme\u00a0: ce site n’utilise pas HTTPS, le mot de passe circulera en clair').check();
    await section(page).getByLabel('Publier automatiquement quand le client approuve').check();
    await form.getByRole('button', { name: 'Enregistrer et tester' }).click();

    // the wordpress_connect job tests it through the queue
    const ok = section(page).getByTestId('wordpress-test-ok');
    await expect(ok).toBeVisible({ timeout: 20_000 });
    await expect(ok.getByTestId('wordpress-found-site')).toContainText('Le blog de test');
    await expect(ok.getByTestId('wordpress-found-user')).toContainText('Éditrice');
    await expect(ok.getByTestId('wordpress-found-seo')).toContainText('Yoast SEO actif');
    await expect(ok.getByTestId('wordpress-found-seo')).toContainText('le titre, la description et le mot-clé principal seront remplis');
    await expect(section(page).getByTestId('wordpress-state')).toHaveText('Connecté');
    // the password field is write-only: empty, the stored one announced by the placeholder
    await expect(section(page).getByLabel('Mot de passe d’application')).toHaveValue('');
    await expect(section(page).getByLabel('Mot de passe d’application')).toHaveAttribute('placeholder', '••••••• (enregistré)');
    await expect(section(page).getByLabel('Publier automatiquement quand le client approuve')).toBeChecked();

    // the owner reads everything but the password
    const response = await request.post(`${SUPABASE()}/rest/v1/rpc/get_wordpress_connection`, {
      headers: { apikey: ANON(), Authorization: `Bearer ${owner.token}`, 'Content-Type': 'application/json' },
      data: { p_site: owner.siteId },
    });
    const shown = await response.text();
    expect(JSON.parse(shown)).toMatchObject({ test_status: 'ok', has_password: true, auto_publish: true, plain_http_confirmed: true });
    expect(shown).not.toContain(PASSWORD);

    await closeToasts(page);
    await expectNoSeriousA11yViolations(page);
    await saveScreenshots(page, 'wordpress-site-section', { folder: 'screens', settle: true });

    // "Tester la connexion": the stored password tested again, through the queue
    const tested = (await rest<Json[]>(request, 'service', 'GET', `wordpress_connections?site=eq.${owner.siteId}&select=tested_at`))[0].tested_at;
    await section(page).getByRole('button', { name: 'Tester la connexion' }).click();
    await expect
      .poll(async () => (await rest<Json[]>(request, 'service', 'GET', `wordpress_connections?site=eq.${owner.siteId}&select=tested_at,test_status`))[0], { timeout: 20_000 })
      .toMatchObject({ test_status: 'ok', tested_at: expect.not.stringMatching(String(tested)) });
    await expect(section(page).getByTestId('wordpress-test-ok')).toBeVisible();
  });

  test('a client approves on /view: the post with its featured image and blocks; an edit approved again updates the same post', async ({ page, request }) => {
    // the chosen cover, published as the featured image (auto_publish_image)
    await rest(request, 'service', 'POST', 'pages_versions_images', { linked_page: owner.pageId, image_url: COVER, type: 'proposition', chosen: true });
    const v1 = await newVersion(request, owner.pageId, ARTICLE_V1);

    // the client, no account: approving queues publish_wordpress (auto_publish), the worker runs it
    await page.addInitScript(() => window.localStorage.setItem('citable.lang', 'fr'));
    await page.goto(`/view/${v1.id as string}`);
    await page.getByTestId('review-panel').getByRole('button', { name: 'Approuver cette version' }).click();
    await expect(page.getByText('Version approuvée')).toBeVisible();
    await expect.poll(() => postsOf(owner.pageId).length, { timeout: 20_000 }).toBe(1);
    const [post] = postsOf(owner.pageId);
    expect(post).toMatchObject({ title: 'Choisir une pompe à chaleur', status: 'publish', slug: 'guide' });
    // the featured image: the cover, its alt text the page's name
    const media = wp.media.get(post.featured_media);
    expect(media?.alt_text).toBe('Choisir une pompe à chaleur');
    expect(media?.filename).toBe('guide.png');
    // Gutenberg blocks, parsed as WordPress parses them; the <h1> is the post's title
    expect(await blockNames(post.content)).toEqual(['core/paragraph', 'core/heading', 'core/list', 'core/paragraph']);
    expect(post.content).toContain('Comparez au moins trois devis.');

    // the operator's page detail: the link to the post
    await operator.goto(`/sites/${owner.siteId}/pages/${owner.pageId}`);
    const link = panel(operator).getByRole('link', { name: /Voir sur WordPress/ });
    await expect(link).toHaveAttribute('href', `${wp.url}/${post.slug}/`);
    await expect(panel(operator).getByTestId('wordpress-published')).toContainText('Publié sur WordPress le');
    await expect(panel(operator).getByTestId('wordpress-behind')).toHaveCount(0);

    // an edit, approved again on /view: the same post, updated
    const v2 = await newVersion(request, owner.pageId, ARTICLE_V2, v1.id);
    await page.goto(`/view/${v2.id as string}`);
    await page.getByTestId('review-panel').getByRole('button', { name: 'Approuver cette version' }).click();
    await expect(page.getByText('Version approuvée')).toBeVisible();
    await expect.poll(() => wp.posts.get(post.id)?.content ?? '', { timeout: 20_000 }).toContain('trois devis détaillés');
    expect(postsOf(owner.pageId)).toHaveLength(1);
    expect(wp.media.size).toBe(1);
    await expect
      .poll(async () => (await rest<Json[]>(request, 'service', 'GET', `pages?id=eq.${owner.pageId}&select=wordpress_version,wordpress_post_id`))[0])
      .toEqual({ wordpress_version: v2.id, wordpress_post_id: post.id });
  });

  test('the Articles screen: publish an approved row, the link; a newer approved version is behind and updated from the row; no connection → the settings', async ({ request }) => {
    const page = operator;
    // publishing by hand from here on
    await rest(request, 'service', 'PATCH', `wordpress_connections?site=eq.${owner.siteId}`, { auto_publish: false });
    const [pageB] = await rest<Json[]>(request, owner.token, 'POST', 'pages', { site: owner.siteId, name: 'Entretenir sa pompe à chaleur', url: `${owner.siteUrl}/entretien` });
    const b1 = await newVersion(request, pageB.id as number, ARTICLE_V1.replace('Choisir', 'Entretenir'));
    await approve(request, b1.id);
    // another site of the operator, without WordPress
    const [bare] = await rest<Json[]>(request, owner.token, 'POST', 'sites', { url: 'https://www.sans-wordpress-dupont.fr', name: 'Sans WordPress', linked_user: owner.owner.id });
    const [pageC] = await rest<Json[]>(request, owner.token, 'POST', 'pages', { site: bare.id, name: 'Une page sans WordPress', url: 'https://www.sans-wordpress-dupont.fr/page' });
    const c1 = await newVersion(request, pageC.id as number, ARTICLE_V1);
    await approve(request, c1.id);

    await page.goto('/articles?reason=approved');
    const rowB = page.getByTestId('work-item').filter({ hasText: 'Entretenir sa pompe à chaleur' });
    const rowC = page.getByTestId('work-item').filter({ hasText: 'Une page sans WordPress' });
    // the page published on approval is not waiting any more
    await expect(page.getByTestId('work-item').filter({ hasText: 'Choisir une pompe à chaleur' })).toHaveCount(0);
    await expect(rowC.getByRole('link', { name: 'Connecter WordPress – Une page sans WordPress' })).toHaveAttribute('href', `/sites/${bare.id as number}#wordpress`);
    const publish = rowB.getByRole('button', { name: 'Publier sur WordPress – Entretenir sa pompe à chaleur' });
    await expect(publish).toBeVisible();
    await expectNoSeriousA11yViolations(page);
    await saveScreenshots(page, 'wordpress-articles', { folder: 'screens', settle: true });

    await publish.click();
    const link = rowB.getByTestId('work-wordpress-link');
    await expect(link).toBeVisible({ timeout: 20_000 });
    await expect.poll(() => postsOf(pageB.id as number).length).toBe(1);
    const [post] = postsOf(pageB.id as number);
    expect(post).toMatchObject({ status: 'publish', slug: 'entretien', title: 'Entretenir sa pompe à chaleur' });
    await expect(link).toHaveAttribute('href', `${wp.url}/entretien/`);
    // public: published, the row stays until the operator leaves, with what happened
    await expect(rowB.getByTestId('work-reason')).toHaveText('Publié');
    await expect(rowB).toContainText('L’article est en ligne\u00a0; il quittera la liste au prochain chargement.');
    await closeToasts(page);
    await saveScreenshots(page, 'wordpress-articles-published', { folder: 'screens', settle: true });

    // a newer version approved: the WordPress copy is behind on the page (the same panel on the versions
    // screen: WordPressPublishPanel.test.tsx)
    const b2 = await newVersion(request, pageB.id as number, ARTICLE_V2.replace('Choisir', 'Entretenir'), b1.id);
    await approve(request, b2.id);
    await page.goto(`/sites/${owner.siteId}/pages/${pageB.id as number}`);
    await expect(panel(page).getByTestId('wordpress-behind')).toHaveText('Une version plus récente a été approuvée après la publication\u00a0: la copie WordPress est plus ancienne.');
    await expect(panel(page).getByRole('button', { name: 'Mettre à jour sur WordPress' })).toBeEnabled();
    await expectNoSeriousA11yViolations(page, { include: '[data-testid="wordpress-publish-panel"]' });
    await saveScreenshots(page, 'wordpress-publish-panel-behind', { folder: 'screens', settle: true });

    // updated from the Articles row: the same post
    await page.goto('/articles?reason=approved');
    await expect(rowB.getByTestId('work-wordpress-behind')).toHaveText('La copie WordPress est plus ancienne que cette version.');
    await rowB.getByRole('button', { name: 'Mettre à jour sur WordPress – Entretenir sa pompe à chaleur' }).click();
    await expect(rowB.getByTestId('work-wordpress-link')).toBeVisible({ timeout: 20_000 });
    await expect.poll(() => wp.posts.get(post.id)?.content ?? '').toContain('trois devis détaillés');
    expect(postsOf(pageB.id as number)).toHaveLength(1);

    // no connection: the link leads to the site's WordPress section, open
    await rowC.getByRole('link', { name: 'Connecter WordPress – Une page sans WordPress' }).click();
    await expect(page).toHaveURL(new RegExp(`/sites/${bare.id as number}#wordpress$`));
    await expect(page.getByRole('button', { name: 'WordPress' })).toHaveAttribute('aria-expanded', 'true');
    await expect(section(page).getByLabel('Adresse du site WordPress')).toBeVisible();
  });
});
