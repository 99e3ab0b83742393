// Issue 32 (the workspace for a working day), part BULK: feeding the workspace in bulk, in French,
// against the real backend. One sign-in: import pages from a CSV file (good rows, bad rows, a
// duplicate inside the file, a page the site already has) through the preview and ONE request; a
// bulk status change and a bulk delete from the selection bar; the site's content export (the zip
// downloaded, unzipped with fflate and compared). The rules and edge cases are in the jest tests
// (workspace/src/components/bulk) and the SQL tests (supabase-local/test/db/bulk-import.test.js).
import type { Page } from '@playwright/test';
import { strFromU8, unzipSync } from 'fflate';
import fs from 'node:fs';
import { test, expect, saveScreenshots } from '../fixtures';
import { expectNoSeriousA11yViolations } from '../support/a11y';
import { signIn } from '../support/users';
import { closeToasts, rest, siteWithPage, type Json, type SitePage } from './page-data-helpers';

const suffix = Date.now().toString(36);
const HOST = `fournil-${suffix}.fr`;

const row = (page: Page, name: string) => page.getByTestId('page-row').filter({ has: page.getByTestId('page-name').getByText(name, { exact: true }) });

test.describe.serial('feeding the workspace in bulk', () => {
  test.describe.configure({ timeout: 90_000 });
  let s: SitePage;
  let briocheId = 0;

  test.beforeAll(async ({ request }) => {
    s = await siteWithPage(request, 'bulk-owner', { siteName: 'Le Fournil', host: HOST, pageName: 'Guide du pain' });
    await rest(request, s.token, 'POST', 'pages', { site: s.siteId, name: 'Pain au levain', url: `${s.siteUrl}/pain-au-levain` });
    const [brioche] = await rest<Json[]>(request, s.token, 'POST', 'pages', { site: s.siteId, name: 'Brioche', url: `${s.siteUrl}/brioche` });
    briocheId = brioche.id as number;
    // versions as the worker writes them (sanitized): an approved one, then a newer draft
    await rest(request, 'service', 'POST', 'pages_versions', [
      { page: briocheId, html_content: '<h2>La pâte</h2><p>Une brioche <strong>approuvée</strong>.</p>', approved: true, created_date: '2026-11-20T10:00:00Z' },
      { page: briocheId, html_content: '<p>Brouillon plus récent.</p>', approved: false, created_date: '2026-11-21T10:00:00Z' },
    ]);
  });

  test('import pages, change the status of a selection, delete it, export the content', async ({ page, request }) => {
    await page.addInitScript(() => window.localStorage.setItem('citable.lang', 'fr'));
    await signIn(page, s.owner);
    await page.goto(`/sites/${s.siteId}/pages`);
    await expect(page.getByTestId('page-row')).toHaveCount(3);

    await test.step('import: a CSV with good rows, bad rows, a duplicate and an existing page', async () => {
      await page.getByTestId('import-menu').click();
      await page.getByRole('menuitem', { name: 'Importer des pages' }).click();
      const dialog = page.getByRole('dialog', { name: 'Importer des pages' });
      const csv = [
        'nom;url',
        `Baguette tradition;https://www.${HOST}/baguette-tradition`,
        `;https://www.${HOST}/croissant-au-beurre`,
        `Doublon;https://${HOST}/baguette-tradition/`,
        `Levain;http://${HOST}/pain-au-levain`,
        `Mauvaise;ftp://${HOST}/x`,
        'Sans adresse;',
      ].join('\r\n');
      await dialog.locator('input[type="file"]').setInputFiles({ name: 'pages.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
      await dialog.getByRole('button', { name: 'Prévisualiser' }).click();
      await expect(dialog.getByTestId('import-preview')).toBeVisible();
      await expect(dialog.getByTestId('import-count-create')).toHaveAttribute('data-count', '2');
      await expect(dialog.getByTestId('import-count-existing')).toHaveAttribute('data-count', '1');
      await expect(dialog.getByTestId('import-count-duplicate')).toHaveAttribute('data-count', '1');
      await expect(dialog.getByTestId('import-count-invalid')).toHaveAttribute('data-count', '2');
      const reason = (line: number) => dialog.locator(`[data-testid="import-row"][data-line="${line}"] td`).last();
      await expect(reason(4)).toHaveText('Doublon de la ligne 2');
      await expect(reason(5)).toHaveText('Déjà dans le site');
      await expect(reason(6)).toHaveText('Ce n’est pas une adresse http(s)');
      await expect(reason(7)).toHaveText('URL manquante');
      await expect(dialog.locator('[data-testid="import-row"][data-line="3"] td').nth(1)).toHaveText('Croissant au beurre');
      await expectNoSeriousA11yViolations(page, { include: '[role="dialog"]' });
      await saveScreenshots(page, 'bulk-import-preview', { folder: 'screens' });

      await dialog.getByRole('button', { name: 'Créer 2 pages' }).click();
      await expect(dialog).toBeHidden();
      await expect(page.getByTestId('page-row')).toHaveCount(5);
      await expect(row(page, 'Croissant au beurre')).toBeVisible();
    });

    await test.step('bulk status change of the two imported pages', async () => {
      await closeToasts(page);
      await page.getByRole('checkbox', { name: 'Sélectionner Baguette tradition' }).check();
      await page.getByRole('checkbox', { name: 'Sélectionner Croissant au beurre' }).check();
      await expect(page.getByTestId('selection-count')).toHaveText('2 pages sélectionnées');
      await page.getByTestId('batch-status').click();
      await page.getByRole('menuitem', { name: 'Brouillon' }).click();
      await expect(row(page, 'Baguette tradition')).toContainText('Brouillon');
      await expect(row(page, 'Croissant au beurre')).toContainText('Brouillon');
      const stored = await rest<Json[]>(request, s.token, 'GET', `pages?site=eq.${s.siteId}&status=eq.2&select=name&order=name`);
      expect(stored.map((p) => p.name)).toEqual(['Baguette tradition', 'Croissant au beurre']);
      await expectNoSeriousA11yViolations(page, { include: '[data-testid="workspace-app"]' });
      await saveScreenshots(page, 'bulk-bar', { folder: 'screens' });
    });

    await test.step('bulk delete with the count in the confirmation', async () => {
      await closeToasts(page);
      await page.getByTestId('batch-delete').click();
      const confirm = page.getByRole('dialog', { name: /^Supprimer 2\spages\s\?$/ });
      await expect(confirm).toBeVisible();
      expect(await confirm.getByRole('heading').textContent()).toBe('Supprimer 2 pages\u00a0?');
      await confirm.getByRole('button', { name: 'Supprimer les 2 pages' }).click();
      await expect(confirm).toBeHidden();
      await expect(page.getByTestId('page-row')).toHaveCount(3);
      await expect(page.getByTestId('selection-count')).toHaveText('0 page sélectionnée');
      const left = await rest<Json[]>(request, s.token, 'GET', `pages?site=eq.${s.siteId}&select=name&order=name`);
      expect(left.map((p) => p.name)).toEqual(['Brioche', 'Guide du pain', 'Pain au levain']);
    });

    await test.step('export: the zip of HTML, Markdown and index.csv', async () => {
      await page.goto(`/sites/${s.siteId}`);
      await page.getByRole('button', { name: 'Plus d’actions' }).click();
      const downloading = page.waitForEvent('download');
      await page.getByRole('menuitem', { name: 'Exporter le contenu' }).click();
      const download = await downloading;
      expect(download.suggestedFilename()).toMatch(/^citable-le-fournil-\d{4}-\d{2}-\d{2}\.zip$/);
      const files = unzipSync(new Uint8Array(fs.readFileSync(await download.path())));
      const base = `brioche-${briocheId}`;
      expect(Object.keys(files).sort()).toEqual([`html/${base}.html`, 'index.csv', `markdown/${base}.md`]);
      const html = strFromU8(files[`html/${base}.html`] as Uint8Array);
      expect(html).toContain('<title>Brioche</title>');
      expect(html).toContain('<p>Une brioche <strong>approuvée</strong>.</p>');
      expect(strFromU8(files[`markdown/${base}.md`] as Uint8Array)).toBe('# Brioche\n\n## La pâte\n\nUne brioche **approuvée**.\n');
      const index = strFromU8(files['index.csv'] as Uint8Array).replace(/^\uFEFF/, '').trim().split('\r\n');
      expect(index[0]).toBe('page,url,version,date,state,html_file,markdown_file');
      expect(index.slice(1).map((line) => line.split(',').slice(0, 1).concat(line.split(',').slice(4, 5)))).toEqual([
        ['Guide du pain', 'none'],
        ['Pain au levain', 'none'],
        ['Brioche', 'approved'],
      ]);
    });
  });
});
