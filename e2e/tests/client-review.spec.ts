// Issue 30 (the operator's desk, CLIENT part): "Envoyer au client" on a version mails the /view link
// (the worker's send_version task through the real queue, into the backend's local mailbox); the client
// opens the mailed link without an account and finds the site's own page (its logo and name, no
// sign-in buttons, "Réalisé avec Citable"), asks for a revision; the next version's "what changed"
// shows the client's comments, never the operator's instruction; a mail to @bounce.invalid shows
// failed on the page; two tabs approving at once: the second one is told. In French.
import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import type { APIRequestContext, Page } from '@playwright/test';
import { test, expect, saveScreenshots } from '../fixtures';
import { expectNoSeriousA11yViolations } from '../support/a11y';
import { mailsTo, viewLinkIn, type MailboxMessage } from '../support/mailbox';
import { signIn } from '../support/users';
import { closeToasts, rest, siteWithPage, SUPABASE, ANON, type Json, type SitePage } from './page-data-helpers';

const suffix = Date.now().toString(36);
const SITE_NAME = 'Fournil des Halles';
const PAGE_NAME = 'Réussir son pain au levain';
const CLIENT_EMAIL = `claire.${suffix}@client-e2e.test`;
const BOUNCE_EMAIL = `personne.${suffix}@bounce.invalid`;
const CLIENT_COMMENTS = 'Merci d’ajouter une recette pas à pas et une photo de la mie.';
const OPERATOR_INSTRUCTION = 'CONSIGNE INTERNE : ajouter la recette, ton chaleureux, 1 500 mots.';
const LOGO = '/storage/v1/object/public/page-images/seed/example-1.png';

const V1_HTML = `<h1>${PAGE_NAME}</h1>
<p>Le pain au levain demande du temps : un levain actif, une pâte hydratée et une cuisson vive.</p>
<h2>Le levain</h2>
<p>Rafraîchissez-le la veille, il doit doubler de volume en quatre à six heures.</p>`;
const V2_HTML = `${V1_HTML}
<h2>La recette pas à pas</h2>
<ol><li>Mélanger 500 g de farine et 350 g d’eau.</li><li>Ajouter 100 g de levain et 10 g de sel.</li><li>Cuire 45 minutes à 240 °C.</li></ol>`;

const WORKER = path.resolve(__dirname, '..', 'support', 'task-worker.mjs');

async function preferFrench(page: Page) {
  await page.addInitScript(() => {
    if (!window.localStorage.getItem('citable.lang')) window.localStorage.setItem('citable.lang', 'fr');
  });
}

/** An RPC as the client on /view (anon key, no account). */
async function anonRpc(request: APIRequestContext, fn: string, args: Json) {
  return request.post(`${SUPABASE()}/rest/v1/rpc/${fn}`, { headers: { apikey: ANON(), 'Content-Type': 'application/json' }, data: args });
}

test.describe.serial('send to client, the client on /view, what changed, a bounce, two tabs', () => {
  test.describe.configure({ timeout: 180_000 });
  let s: SitePage;
  let v1 = '';
  let v2 = '';
  let worker: ChildProcess | null = null;
  let mailedLink = '';

  test.beforeAll(async ({ request }) => {
    s = await siteWithPage(request, 'client-review', { siteName: SITE_NAME, host: `fournil-halles-${suffix}.fr`, pageName: PAGE_NAME });
    await rest(request, s.token, 'PATCH', `sites?id=eq.${s.siteId}`, { image_logo: LOGO });
    const [version] = await rest<Json[]>(request, 'service', 'POST', 'pages_versions', {
      page: s.pageId,
      html_content: V1_HTML,
      creator: s.owner.id,
      created_date: new Date(Date.now() - 86_400_000).toISOString(),
      origin: 'generated',
    });
    v1 = version.id as string;

    // the worker, for send_version only, on the backend's database and mailbox
    const databaseUrl = process.env.E2E_DATABASE_URL;
    const dataDir = process.env.E2E_BACKEND_DATA_DIR;
    expect(databaseUrl && dataDir, 'the e2e backend exposes its database and data dir').toBeTruthy();
    worker = spawn(process.execPath, [WORKER, 'send_version'], {
      env: { PATH: process.env.PATH, DATABASE_URL: databaseUrl, DATA_DIR: dataDir, APP_URL: process.env.E2E_SHELL_URL },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    await new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`task worker did not start: ${output}`)), 30_000);
      const onData = (d: Buffer) => {
        output += d.toString();
        if (/\bready\b/.test(output)) {
          clearTimeout(timer);
          resolve();
        }
      };
      worker!.stdout!.on('data', onData);
      worker!.stderr!.on('data', onData);
      worker!.on('exit', (code) => reject(new Error(`task worker exited ${code}: ${output}`)));
    });
  });

  test.afterAll(async () => {
    if (worker && worker.exitCode === null) {
      const exited = new Promise((r) => worker!.once('exit', r));
      worker.kill('SIGTERM');
      await exited;
    }
  });

  test.beforeEach(async ({ page }) => {
    await preferFrench(page);
  });

  test('the operator sends a version to the client: the modal, the mail with the /view link, the sends panel', async ({ page, request }) => {
    await signIn(page, s.owner);
    await page.goto(`/sites/${s.siteId}/pages/${s.pageId}/page-versions`);
    const panel = page.getByTestId('sends-panel');
    await expect(panel.getByRole('heading', { name: 'Envois au client' })).toBeVisible();
    await expect(panel.getByTestId('sends-empty')).toBeVisible();

    await page.getByRole('button', { name: /^Envoyer au client la version du/ }).click();
    const dialog = page.getByRole('dialog', { name: 'Envoyer au client' });
    await expect(dialog.getByTestId('send-to-client-form')).toBeVisible();
    await expect(dialog.getByTestId('send-language')).toHaveText('Français');
    await expect(dialog.getByTestId('send-link')).toHaveText(`${process.env.E2E_SHELL_URL}/view/${v1}`);
    // a bad address is refused in the form, nothing sent
    await dialog.getByLabel(/E-mail du client/).fill('claire@');
    await dialog.getByRole('button', { name: 'Envoyer' }).click();
    await expect(dialog.getByText('Saisissez une adresse e-mail valide (par exemple nom@exemple.fr)')).toBeVisible();
    await dialog.getByLabel(/E-mail du client/).fill(CLIENT_EMAIL);
    await dialog.getByLabel('Nom du client').fill('Claire Martin');
    await expect(dialog.getByText('Cette adresse deviendra le client du site.')).toBeVisible();
    await expectNoSeriousA11yViolations(page, { include: '[role="dialog"]' });
    await saveScreenshots(page, 'client-send-modal', { folder: 'screens' });
    await dialog.getByRole('button', { name: 'Envoyer' }).click();
    await expect(page.getByText('Envoi demandé')).toBeVisible();
    await expect(dialog).toBeHidden();

    // queued, then sent by the worker (the panel asks again while it is queued)
    const row = panel.getByTestId('send-row').first();
    await expect(row.getByTestId('send-to')).toHaveText(`Claire Martin <${CLIENT_EMAIL}>`);
    await expect(row).toHaveAttribute('data-status', 'sent', { timeout: 30_000 });
    await expect(row.getByTestId('send-status')).toHaveText('Envoyé');

    // the mail, in French, with the page's title, the link and the site's name
    let mails: MailboxMessage[] = [];
    await expect.poll(async () => (mails = await mailsTo(request, CLIENT_EMAIL)).length, { timeout: 15_000 }).toBe(1);
    expect(mails[0].subject).toBe(`«\u00a0${PAGE_NAME}\u00a0»\u00a0: votre article à relire`);
    expect(mails[0].text).toContain('Bonjour Claire Martin,');
    expect(mails[0].text).toContain(SITE_NAME);
    mailedLink = viewLinkIn(mails[0].text);
    expect(mailedLink).toBe(`${process.env.E2E_SHELL_URL}/view/${v1}`);

    // the address became the site's client: the next send is prefilled, and counts the first one
    await page.getByRole('button', { name: /^Envoyer au client la version du/ }).click();
    await expect(dialog.getByLabel(/E-mail du client/)).toHaveValue(CLIENT_EMAIL);
    await expect(dialog.getByTestId('send-resend-note')).toContainText('déjà été envoyée 1');
    await expect(dialog.getByRole('button', { name: 'Renvoyer' })).toBeVisible();
    await dialog.getByRole('button', { name: 'Annuler' }).click();
    await expect(dialog).toBeHidden();
    await closeToasts(page);
    await expectNoSeriousA11yViolations(page, { include: '[data-testid="sends-panel"]' });
  });

  test('the client opens the mailed link without an account: the site\'s page, no sign-in buttons; asks for a revision', async ({ page }) => {
    await page.goto(mailedLink);
    await expect(page.getByTestId('article-title')).toHaveText(PAGE_NAME);
    const brand = page.getByTestId('site-brand');
    await expect(brand.getByRole('img', { name: SITE_NAME })).toBeVisible();
    await expect(brand.getByTestId('site-name')).toHaveText(SITE_NAME);
    expect(await brand.getByRole('img').evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
    await expect(page).toHaveTitle(`${PAGE_NAME} · ${SITE_NAME}`);
    // nothing of Citable's sales header
    await expect(page.getByRole('link', { name: /Connexion|Commencer|Se connecter/ })).toHaveCount(0);
    await expect(page.getByRole('button', { name: /Connexion|Commencer/ })).toHaveCount(0);
    await expect(page.getByRole('banner')).toHaveCount(0);
    await expect(page.getByTestId('made-with').getByRole('link', { name: /Réalisé avec Citable/ })).toHaveAttribute('href', '/');
    await expectNoSeriousA11yViolations(page);

    await page.getByTestId('review-panel').getByRole('button', { name: 'Demander une révision' }).click();
    const dialog = page.getByRole('dialog', { name: 'Demander une révision' });
    await dialog.getByRole('textbox', { name: 'Commentaires' }).fill(CLIENT_COMMENTS);
    await dialog.getByRole('button', { name: 'Demander une révision' }).click();
    await expect(page.getByText('Version envoyée en révision')).toBeVisible();
    await expect(page.getByTestId('review-panel').getByTestId('review-comments')).toHaveText(CLIENT_COMMENTS);
  });

  test('"what changed since your request" shows the client\'s comments, never the operator\'s instruction', async ({ page, request }) => {
    // the operator's modification, as the workspace queues it, and the version the worker writes from it
    await rest(request, s.token, 'POST', 'rpc/request_version_modification', { p_version_id: v1, p_comments: OPERATOR_INSTRUCTION });
    const [version] = await rest<Json[]>(request, 'service', 'POST', 'pages_versions', {
      page: s.pageId,
      html_content: V2_HTML,
      creator: s.owner.id,
      parent_version: v1,
      origin: 'instruction',
      instruction: OPERATOR_INSTRUCTION,
    });
    v2 = version.id as string;

    await page.goto(`/view/${v2}`);
    const changes = page.getByTestId('changes-section');
    await expect(changes.getByRole('heading', { name: 'Ce qui a changé depuis votre demande' })).toBeVisible();
    await expect(changes.getByTestId('changes-comments')).toHaveText(CLIENT_COMMENTS);
    await expect(page.getByText(/CONSIGNE INTERNE/)).toHaveCount(0);
    // the older link says a newer version exists
    await expect(page.getByTestId('site-brand')).toContainText(SITE_NAME);
    await expectNoSeriousA11yViolations(page);
    await saveScreenshots(page, 'client-view', { folder: 'screens', settle: true });
  });

  test('a mail to an address that bounces shows failed, with the reason, on the page', async ({ page }) => {
    await signIn(page, s.owner);
    await page.goto(`/sites/${s.siteId}/pages/${s.pageId}/page-versions?version=${v2}`);
    await page.getByRole('button', { name: /^Envoyer au client la version du/ }).click();
    const dialog = page.getByRole('dialog', { name: 'Envoyer au client' });
    await expect(dialog.getByLabel(/E-mail du client/)).toHaveValue(CLIENT_EMAIL);
    await dialog.getByLabel(/E-mail du client/).fill(BOUNCE_EMAIL);
    await dialog.getByRole('button', { name: 'Envoyer' }).click();
    await expect(dialog).toBeHidden();
    const row = page.getByTestId('sends-panel').getByTestId('send-row').first();
    await expect(row.getByTestId('send-to')).toContainText(BOUNCE_EMAIL);
    await expect(row).toHaveAttribute('data-status', 'failed', { timeout: 30_000 });
    await expect(row.getByTestId('send-status')).toHaveText('Échec');
    await expect(row.getByTestId('send-error')).toContainText('L’adresse a refusé l’e-mail');
    await expect(row.getByTestId('send-error')).toContainText('bounced');
    await expect(page.getByTestId('sends-panel').getByTestId('send-row')).toHaveCount(2);
    await closeToasts(page);
    await expectNoSeriousA11yViolations(page, { include: '[data-testid="sends-panel"]' });
    await saveScreenshots(page, 'client-sends-panel', { folder: 'screens', settle: true });
  });

  test('two tabs approving at once: one approves, the other is told it was already approved and shows it', async ({ page, context, request }) => {
    const other = await context.newPage();
    await Promise.all([page.goto(`/view/${v2}`), other.goto(`/view/${v2}`)]);
    await expect(page.getByTestId('review-panel').getByRole('button', { name: 'Approuver cette version' })).toBeVisible();
    await expect(other.getByTestId('review-panel').getByRole('button', { name: 'Approuver cette version' })).toBeVisible();
    await page.getByTestId('review-panel').getByRole('button', { name: 'Approuver cette version' }).click();
    await expect(page.getByText('Version approuvée')).toBeVisible();
    await other.getByTestId('review-panel').getByRole('button', { name: 'Approuver cette version' }).click();
    await expect(other.getByText(/Cette version a déjà été approuvée, peut-être dans un autre onglet/)).toBeVisible();
    await expect(other.getByTestId('review-panel').getByTestId('review-state')).toHaveAttribute('data-state', 'approved');
    // and a revision request on it now is refused with a clear message (straight through the API)
    const refused = await anonRpc(request, 'send_for_revision', { p_version_id: v2, p_comments: 'Trop tard ?' });
    expect(refused.status()).toBe(400);
    expect(await refused.json()).toMatchObject({ hint: 'invalid_transition', details: 'approved', message: expect.stringContaining('just been approved') });
    await other.close();
  });
});
