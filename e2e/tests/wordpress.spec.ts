// Issue 31 (publishing to WordPress): the operator's screens against the real backend and the fake
// WordPress site (worker/test/fakes/wordpress.js, the REST API as WordPress 6 speaks it) on
// 127.0.0.1, in French. The site's WordPress section: the application password sealed in the
// browser with the worker's public key, a wrong password → the wrong_credentials text, the right one
// → the site's name and its SEO plugin; publishing an approved version from the versions screen → the
// link to the post and the post in WordPress as Gutenberg blocks; a newer approved version → the copy
// is behind, "Mettre à jour sur WordPress" updates the same post; a site without a connection → the
// button disabled with the reason and a link to the section. Axe on the site form and the versions
// screen; screenshots at 1440 and 375 px.
//
// The worker is played with its own code (worker/dist): the sealing key made by ensureSealingKey, each
// connection request run by runWordPressConnect and each publish_wordpress row by runPageAction, as
// its Graphile tasks do. Graphile's runner itself is not started: it would also run the seed's queued
// demo actions, which the specs after this one read as they are.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Page } from '@playwright/test';
import { test, expect, saveScreenshots } from '../fixtures';
import { expectNoSeriousA11yViolations } from '../support/a11y';
import { ROOT } from '../support/platform';
import { signIn } from '../support/users';
import { ANON, SUPABASE, actionId, closeToasts, rest, siteWithPage, type Json, type SitePage } from './page-data-helpers';

const PASSWORD = 'Zq9x 4Tt7 Lm2p Kd8s Wv3n Hy6r';
// a development key for this run only (32 bytes, base64)
const SECRET_KEY = Buffer.alloc(32, 7).toString('base64');

const ARTICLE_V1 = [
  '<h1>Choisir une pompe à chaleur</h1>',
  '<p>Une pompe à chaleur air-eau chauffe la maison et l’eau sanitaire.</p>',
  '<h2>Les critères</h2>',
  '<ul><li>La puissance</li><li>Le COP</li></ul>',
  '<p>Comparez au moins trois devis.</p>',
].join('\n');
const ARTICLE_V2 = ARTICLE_V1.replace('trois devis', 'trois devis détaillés');

interface FakeWordPress {
  url: string;
  posts: Map<number, { id: number; title: string; content: string; status: string; slug: string; meta: Record<string, string> }>;
  close: () => Promise<void>;
}
interface Player {
  stop: () => Promise<void>;
  /** what the played worker logged */
  logs: string[];
}

const dist = (file: string) => pathToFileURL(path.join(ROOT, 'worker', 'dist', file)).href;

/**
 * The worker's WordPress jobs, run by the worker's own functions as its Graphile tasks run them: the
 * connection requests of `siteIds`, and the queued publish_wordpress rows of their pages.
 */
async function playWorker(siteIds: () => number[]): Promise<Player> {
  const { default: pg } = await import('pg');
  const { loadConfig } = await import(dist('config.js'));
  const { ensureSealingKey, keysOf, runWordPressConnect } = await import(dist('wordpress/connect.js'));
  const { runPageAction } = await import(dist('runner.js'));
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'citable-e2e-wordpress-'));
  const config = loadConfig({
    DATABASE_URL: process.env.E2E_DATABASE_URL,
    SUPABASE_URL: SUPABASE(),
    SUPABASE_SERVICE_ROLE_KEY: process.env.E2E_SERVICE_ROLE_KEY,
    DATA_DIR: dataDir,
    OUTBOUND_ALLOW_PRIVATE: '1',
    WORDPRESS_SECRET_KEY: SECRET_KEY,
    WORDPRESS_TIMEOUT_MS: '5000',
  });
  const pool = new pg.Pool({ connectionString: config.databaseUrl, max: 3 });
  const logs: string[] = [];
  const base = { pool, config, log: (m: string) => logs.push(m), mailer: { send: async () => undefined }, openrouter: null, serp: null };
  await ensureSealingKey(pool, keysOf(config));

  let stopped = false;
  let busy: Promise<void> = Promise.resolve();
  const round = async () => {
    const sites = siteIds();
    if (sites.length === 0) return;
    const requests = await pool.query<{ site: string }>('select site::text from citable_worker.wordpress_connection_requests where site = any($1::bigint[]) and error is null', [sites]);
    for (const { site } of requests.rows) {
      await runWordPressConnect(base, { site: Number(site) });
      await pool.query('select graphile_worker.remove_job($1)', [`wordpress_connect:${site}`]).catch(() => undefined);
    }
    const actions = await pool.query<{ id: string }>(
      `select pa.id::text from public.pages_actions pa join public.pages p on p.id = pa.linked_page
        where p.site = any($1::bigint[]) and pa.linked_action = 8 and pa.status = 'queued' order by pa.id`,
      [sites],
    );
    for (const { id } of actions.rows) {
      await runPageAction(base, { id: Number(id) }, { job: { attempts: 1, max_attempts: 1, job_queue_id: null } });
      await pool.query('select graphile_worker.remove_job($1)', [`pages_action:${id}`]).catch(() => undefined);
    }
  };
  const timer = setInterval(() => {
    if (stopped) return;
    busy = busy.then(round).catch((error: unknown) => void logs.push(`player: ${error instanceof Error ? error.message : String(error)}`));
  }, 300);
  return {
    logs,
    async stop() {
      stopped = true;
      clearInterval(timer);
      await busy;
      await pool.end();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

const section = (page: Page) => page.getByTestId('wordpress-section');
const panel = (page: Page) => page.getByTestId('wordpress-publish-panel');

async function openSection(page: Page, siteId: number) {
  await page.goto(`/sites/${siteId}`);
  const toggle = page.getByRole('button', { name: 'WordPress' });
  await expect(toggle).toHaveAttribute('aria-expanded', 'false');
  // from the keyboard
  await toggle.focus();
  await toggle.press('Enter');
  await expect(toggle).toHaveAttribute('aria-expanded', 'true');
  await expect(section(page).getByLabel('Adresse du site WordPress')).toBeVisible();
}

let wp: FakeWordPress;
let player: Player;
const sites: number[] = [];
let owner: SitePage;

test.describe.configure({ mode: 'serial' });

test.beforeAll(async ({ request }) => {
  const { startFakeWordPress } = await import(pathToFileURL(path.join(ROOT, 'worker', 'test', 'fakes', 'wordpress.js')).href);
  wp = (await startFakeWordPress({ username: 'editor', password: PASSWORD, seo: 'yoast-rest', citableMeta: true })) as FakeWordPress;
  expect(new URL(wp.url).hostname).toBe('127.0.0.1');
  player = await playWorker(() => sites);
  owner = await siteWithPage(request, 'wordpress', { siteName: 'Chauffage Dupont', host: 'chauffage-dupont.fr', pageName: 'Choisir une pompe à chaleur' });
  await rest(request, owner.token, 'PATCH', `sites?id=eq.${owner.siteId}`, { default_status: 'publish' });
  sites.push(owner.siteId);
});

test.afterAll(async () => {
  await player?.stop();
  await wp?.close();
  // the password is in no line the worker logged
  expect(player.logs.join('\n')).not.toContain(PASSWORD);
});

test.beforeEach(async ({ page }) => {
  await page.addInitScript(() => {
    if (!window.localStorage.getItem('citable.lang')) window.localStorage.setItem('citable.lang', 'fr');
  });
});

test('the site’s WordPress section: a wrong password, then the right one; the site and its SEO plugin shown', async ({ page, request }) => {
  await signIn(page, owner.owner);
  await openSection(page, owner.siteId);
  await expect(section(page).getByTestId('wordpress-state')).toHaveText('Non connecté');
  await expect(section(page).getByText('WordPress → Profil → Mots de passe d’application', { exact: false })).toBeVisible();
  await expectNoSeriousA11yViolations(page);

  const form = section(page).getByTestId('wordpress-form');
  await form.getByLabel('Adresse du site WordPress').fill(wp.url);
  await form.getByLabel('Identifiant WordPress').fill('editor');
  await form.getByLabel('Mot de passe d’application').fill('wrong wrong wrong wrong');
  // plain http: refused until the operator confirms it
  await form.getByRole('button', { name: 'Enregistrer et tester' }).click();
  const plainHttp = form.getByLabel('Je confirme\u00a0: ce site n’utilise pas HTTPS, le mot de passe circulera en clair');
  await expect(form.getByText('Le site n’est pas en HTTPS\u00a0: le mot de passe circulerait en clair.', { exact: false })).toBeVisible();
  await plainHttp.check();
  await form.getByRole('button', { name: 'Enregistrer et tester' }).click();

  // the worker tests it: WordPress refuses the password
  await expect(section(page).getByTestId('wordpress-test-failed')).toHaveAttribute('data-code', 'wrong_credentials', { timeout: 20_000 });
  await expect(section(page).getByTestId('wordpress-failure')).toHaveText('WordPress refuse l’identifiant ou le mot de passe d’application.');
  await expect(section(page).getByTestId('wordpress-state')).toHaveText('Échec du test');

  // the password field is write-only: empty, the stored one announced by the placeholder
  const password = section(page).getByLabel('Mot de passe d’application');
  await expect(password).toHaveValue('');
  await expect(password).toHaveAttribute('placeholder', '••••••• (enregistré)');
  await password.fill(PASSWORD);
  await section(page).getByLabel('Publier automatiquement quand le client approuve').check();
  await section(page).getByRole('button', { name: 'Enregistrer et tester' }).click();

  const ok = section(page).getByTestId('wordpress-test-ok');
  await expect(ok).toBeVisible({ timeout: 20_000 });
  await expect(ok.getByTestId('wordpress-found-site')).toContainText('Le blog de test');
  await expect(ok.getByTestId('wordpress-found-user')).toContainText('Éditrice');
  await expect(ok.getByTestId('wordpress-found-seo')).toContainText('Yoast SEO actif');
  await expect(ok.getByTestId('wordpress-found-seo')).toContainText('le titre, la description et le mot-clé principal seront remplis');
  await expect(section(page).getByTestId('wordpress-state')).toHaveText('Connecté');
  await expect(section(page).getByLabel('Mot de passe d’application')).toHaveValue('');
  await expect(section(page).getByLabel('Publier automatiquement quand le client approuve')).toBeChecked();

  // the password reached the database sealed, and the owner reads everything but it
  const token = owner.token;
  const response = await request.post(`${SUPABASE()}/rest/v1/rpc/get_wordpress_connection`, {
    headers: { apikey: ANON(), Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
    data: { p_site: owner.siteId },
  });
  const shown = await response.text();
  expect(JSON.parse(shown)).toMatchObject({ test_status: 'ok', has_password: true, auto_publish: true, plain_http_confirmed: true });
  expect(shown).not.toContain(PASSWORD);

  await closeToasts(page);
  await expectNoSeriousA11yViolations(page);
  await saveScreenshots(page, 'wordpress-site-section', { settle: true });

  // "Tester la connexion": the stored password tested again
  await section(page).getByRole('button', { name: 'Tester la connexion' }).click();
  await expect(section(page).getByTestId('wordpress-test-ok')).toBeVisible({ timeout: 20_000 });
  expect(player.logs.filter((l) => /wordpress_connect .*connected/.test(l)).length).toBeGreaterThanOrEqual(2);
});

test('publishing an approved version: the link, the post as blocks; a newer approved version updates it', async ({ page, request }) => {
  // two versions written by the worker (service role): the older one approved on the review link
  const [v1] = await rest<Json[]>(request, 'service', 'POST', 'pages_versions', { page: owner.pageId, html_content: ARTICLE_V1, creator: owner.owner.id });
  const approve = async (id: unknown) => {
    const answer = await request.post(`${SUPABASE()}/rest/v1/rpc/approve_version`, { headers: { apikey: ANON(), 'Content-Type': 'application/json' }, data: { p_version_id: id } });
    expect(answer.ok(), await answer.text()).toBeTruthy();
  };
  // auto_publish is on: approving on /view queues the publication itself; turned off here to show the button
  await rest(request, 'service', 'PATCH', `wordpress_connections?site=eq.${owner.siteId}`, { auto_publish: false });
  await approve(v1.id);

  await signIn(page, owner.owner);
  await page.goto(`/sites/${owner.siteId}/pages/${owner.pageId}/page-versions?version=${v1.id as string}`);
  await expect(panel(page).getByTestId('wordpress-not-published')).toHaveText('Cette page n’est pas encore publiée sur WordPress.');
  const publish = panel(page).getByRole('button', { name: 'Publier sur WordPress' });
  await expect(publish).toBeEnabled();
  await expectNoSeriousA11yViolations(page);
  await publish.click();

  const link = panel(page).getByRole('link', { name: /Voir sur WordPress/ });
  await expect(link).toBeVisible({ timeout: 20_000 });
  await expect(panel(page).getByTestId('page-action').first()).toHaveAttribute('data-status', 'done');
  await expect(panel(page).getByTestId('page-action').first()).toContainText('Publication sur WordPress');
  const posts = [...wp.posts.values()].filter((p) => p.meta.citable_page_id === String(owner.pageId));
  expect(posts).toHaveLength(1);
  const post = posts[0];
  await expect(link).toHaveAttribute('href', `${wp.url}/${post.slug}/`);
  await expect(link).toHaveAttribute('target', '_blank');
  expect(post.status).toBe('publish');
  expect(post.title).toBe('Choisir une pompe à chaleur');
  // Gutenberg blocks, parsed as WordPress parses them; the <h1> is the post's title
  const { parse } = (await import('@wordpress/block-serialization-default-parser')) as { parse: (s: string) => { blockName: string | null }[] };
  const blocks = parse(post.content).filter((b) => b.blockName);
  expect(blocks.map((b) => b.blockName)).toEqual(['core/paragraph', 'core/heading', 'core/list', 'core/paragraph']);
  expect(post.content).toContain('Comparez au moins trois devis.');
  await expect(panel(page).getByTestId('wordpress-published')).toContainText('Publié sur WordPress le');
  await expect(panel(page).getByTestId('wordpress-behind')).toHaveCount(0);
  await closeToasts(page);
  await expectNoSeriousA11yViolations(page);
  await saveScreenshots(page, 'wordpress-versions-published', { settle: true });

  // a newer version approved: the WordPress copy is behind; updated in place
  const [v2] = await rest<Json[]>(request, 'service', 'POST', 'pages_versions', { page: owner.pageId, html_content: ARTICLE_V2, creator: owner.owner.id, parent_version: v1.id });
  await approve(v2.id);
  await page.goto(`/sites/${owner.siteId}/pages/${owner.pageId}`);
  await expect(panel(page).getByTestId('wordpress-behind')).toHaveText('La copie WordPress est plus ancienne que la version approuvée.');
  await panel(page).getByRole('button', { name: 'Mettre à jour sur WordPress' }).click();
  await expect(panel(page).getByTestId('wordpress-behind')).toHaveCount(0, { timeout: 20_000 });
  await expect(panel(page).getByRole('link', { name: /Voir sur WordPress/ })).toBeVisible();
  expect([...wp.posts.values()].filter((p) => p.meta.citable_page_id === String(owner.pageId))).toHaveLength(1);
  expect(wp.posts.get(post.id)?.content).toContain('trois devis détaillés');
  const [row] = await rest<Json[]>(request, 'service', 'GET', `pages?id=eq.${owner.pageId}&select=wordpress_version,wordpress_post_id`);
  expect(row).toEqual({ wordpress_version: v2.id, wordpress_post_id: post.id });
  await closeToasts(page);
  await saveScreenshots(page, 'wordpress-page-detail', { settle: true });
});

test('a site without a connection: the button disabled with the reason, a link to the section; the database refuses too', async ({ page, request }) => {
  const other = await siteWithPage(request, 'wordpress-none', { siteName: 'Sans WordPress', host: 'sans-wordpress.fr', pageName: 'Une page' });
  sites.push(other.siteId);
  const [version] = await rest<Json[]>(request, 'service', 'POST', 'pages_versions', { page: other.pageId, html_content: ARTICLE_V1, creator: other.owner.id });
  await rest(request, 'service', 'PATCH', `pages_versions?id=eq.${version.id as string}`, { approved: true });
  // the database refuses a publication without a connection (a 4xx with its hint)
  const refused = await request.post(`${SUPABASE()}/rest/v1/pages_actions`, {
    headers: { apikey: ANON(), Authorization: `Bearer ${other.token}`, 'Content-Type': 'application/json' },
    data: { linked_page: other.pageId, linked_action: await actionId(request, 'publish_wordpress'), linked_pages_version: version.id, info_json: {} },
  });
  expect(refused.status()).toBe(400);
  expect(((await refused.json()) as { hint: string }).hint).toBe('no_wordpress_connection');

  await signIn(page, other.owner);
  await page.goto(`/sites/${other.siteId}/pages/${other.pageId}/page-versions`);
  const button = panel(page).getByRole('button', { name: 'Publier sur WordPress' });
  await expect(button).toBeDisabled();
  await expect(panel(page).getByTestId('wordpress-publish-reason')).toContainText('Ce site n’a pas de connexion WordPress.');
  await expect(button).toHaveAccessibleDescription(/Ce site n’a pas de connexion WordPress/);
  await panel(page).getByTestId('wordpress-connect-link').click();
  await expect(page).toHaveURL(new RegExp(`/sites/${other.siteId}#wordpress$`));
  await expect(page.getByRole('button', { name: 'WordPress' })).toHaveAttribute('aria-expanded', 'true');
  await expect(section(page).getByLabel('Adresse du site WordPress')).toBeVisible();
});
