// Issue 19 §1: what a visitor does on the prerendered copy of a public page, before the live page has
// taken over, is not lost (server/src/prerender-taps.js). Each test holds the marketing remote's entry
// script until the visitor has acted on the copy, so the taps really land on the copy, then lets the
// page take over and checks the live page did what was asked.
import type { CDPSession, Page } from '@playwright/test';
import { expect, test } from '../fixtures';

test.use({ locale: 'fr-FR', hasTouch: true });

const COPY = '#citable-prerender';

/** Holds every request for the marketing remote's entry script until `release()` is called. */
async function holdMarketingRemote(page: Page, marketingUrl: string) {
  let release!: () => void;
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route('**/remoteEntry.js', async (route) => {
    if (route.request().url().startsWith(marketingUrl)) await released;
    await route.continue();
  });
  return release;
}

/** The page's first contentful paint, in ms after navigation start (waits for it). */
async function firstContentfulPaint(page: Page): Promise<number> {
  return page.evaluate(
    () =>
      new Promise<number>((resolve) => {
        new PerformanceObserver((list) => {
          const fcp = list.getEntries().find((e) => e.name === 'first-contentful-paint');
          if (fcp) resolve(fcp.startTime);
        }).observe({ type: 'paint', buffered: true });
      }),
  );
}

async function slowCpu(page: Page, rate: number): Promise<CDPSession> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate });
  return cdp;
}

test('a tap on the free-article button 200 ms after the first paint, CPU ×4, opens the dialog once the page takes over', async ({ page, platformUrls }) => {
  await page.setViewportSize({ width: 375, height: 812 });
  await slowCpu(page, 4);
  const release = await holdMarketingRemote(page, platformUrls.marketing);
  await page.goto('/', { waitUntil: 'commit' });
  const fcp = await firstContentfulPaint(page);
  await page.waitForFunction((at) => performance.now() >= at + 200, fcp);

  const copyButton = page.locator(COPY).getByRole('button', { name: 'Obtenir mon article gratuit' }).first();
  await copyButton.tap();
  // the tap landed on the copy (the live page is not there yet), which shows it is pending
  await expect(copyButton).toHaveAttribute('data-cz-pending', '');
  await expect(copyButton).toHaveAttribute('aria-busy', 'true');
  await expect(page.locator('[data-remote-root="marketing"]')).toHaveCount(0);

  release();
  await expect(page.locator(COPY)).toHaveCount(0, { timeout: 30_000 });
  const dialog = page.getByRole('dialog');
  await expect(dialog).toBeVisible({ timeout: 30_000 });
  await expect(dialog.getByRole('heading').first()).toBeVisible();
});

test('an FAQ answer opened and contact details typed on the copy are there on the live page, with the focus', async ({ page, platformUrls }) => {
  await page.setViewportSize({ width: 375, height: 812 });
  const release = await holdMarketingRemote(page, platformUrls.marketing);
  await page.goto('/', { waitUntil: 'commit' });
  const copy = page.locator(COPY);

  const question = copy.getByRole('button', { name: 'L’article offert est-il vraiment gratuit ?' });
  await question.tap();
  await expect(question).toHaveAttribute('data-cz-pending', '');

  const form = copy.getByRole('form', { name: 'Contactez-nous' });
  await form.getByLabel('Nom').fill('Camille Martin');
  await form.getByLabel('E-mail').fill('camille@example.fr');
  await form.getByLabel('Message').fill('Bonjour, une question sur les tarifs.');

  release();
  await expect(copy).toHaveCount(0, { timeout: 30_000 });
  const live = page.locator('[data-remote-root="marketing"]');
  await expect(live.getByRole('button', { name: 'L’article offert est-il vraiment gratuit ?' })).toHaveAttribute('aria-expanded', 'true');
  const liveForm = live.getByRole('form', { name: 'Contactez-nous' });
  await expect(liveForm.getByLabel('Nom')).toHaveValue('Camille Martin', { timeout: 15_000 });
  await expect(liveForm.getByLabel('E-mail')).toHaveValue('camille@example.fr');
  await expect(liveForm.getByLabel('Message')).toHaveValue('Bonjour, une question sur les tarifs.');
  // the keyboard user is where they were: the field focused on the copy is focused on the live page
  await expect(liveForm.getByLabel('Message')).toBeFocused();
});

test('a contact message written and sent on the copy is sent by the live page, which stays put', async ({ page, platformUrls }) => {
  await page.setViewportSize({ width: 375, height: 812 });
  const release = await holdMarketingRemote(page, platformUrls.marketing);
  await page.goto('/home-1', { waitUntil: 'commit' });
  const form = page.locator(COPY).getByRole('form', { name: 'Contactez-nous' });
  await form.getByLabel('Nom').fill('Camille Martin');
  await form.getByLabel('E-mail').fill(`early.${Date.now().toString(36)}@e2e.citable.test`);
  await form.getByLabel('Message').fill('Bonjour, une question sur les tarifs.');
  // Enter in a field submits the form: the copy's native submit goes nowhere, the submit is handed over
  // (and the impatient second tap on the button is the same request, not a second message)
  await form.getByLabel('E-mail').press('Enter');
  await form.getByRole('button', { name: 'Envoyer le message' }).tap();
  expect(new URL(page.url()).search).toBe('');

  release();
  await expect(page.locator(COPY)).toHaveCount(0, { timeout: 30_000 });
  await expect(page.getByText('Message envoyé avec succès !').last()).toBeVisible({ timeout: 15_000 });
  expect(new URL(page.url()).pathname).toBe('/home-1');
  // the form is reset after a message is sent, as it is when sent from the live page
  await expect(page.locator('[data-remote-root="marketing"]').getByRole('form', { name: 'Contactez-nous' }).getByLabel('Nom')).toHaveValue('');
});

test('the testimonial carousel’s next arrow tapped on the copy moves the live carousel', async ({ page, platformUrls }) => {
  await page.setViewportSize({ width: 1440, height: 900 });
  const release = await holdMarketingRemote(page, platformUrls.marketing);
  await page.goto('/home-3', { waitUntil: 'commit' });
  const next = page.locator(COPY).getByRole('button', { name: 'Témoignages suivants' });
  await next.scrollIntoViewIfNeeded();
  await next.tap();
  await expect(next).toHaveAttribute('data-cz-pending', '');

  release();
  await expect(page.locator(COPY)).toHaveCount(0, { timeout: 30_000 });
  await expect(page.locator('[data-cz-status]')).toHaveText(/^Témoignage 2 sur \d+$/);
  // the dots' tab list is named in the page's language (Mantine's own label is the English 'Slides')
  await expect(page.getByRole('tablist', { name: 'Témoignages' })).toBeVisible();
});

test('a phone visitor tapping the third dot of the copy’s carousel gets the live carousel on testimonial 3', async ({ page, platformUrls }) => {
  await page.setViewportSize({ width: 375, height: 812 });
  const release = await holdMarketingRemote(page, platformUrls.marketing);
  await page.goto('/home-5', { waitUntil: 'commit' });
  const dots = page.locator(COPY).getByRole('tablist', { name: 'Témoignages' });
  const third = dots.getByRole('tab', { name: 'Aller au témoignage 3' });
  await third.scrollIntoViewIfNeeded();
  // the copy shows the live carousel's dots, each a tap target of at least 44 × 44 px
  await expect(dots.getByRole('tab')).toHaveCount(6);
  const target = await third.evaluate((el) => {
    const box = el.getBoundingClientRect();
    const before = getComputedStyle(el, '::before');
    return { width: box.width - 2 * parseFloat(before.left || '0'), height: box.height - 2 * parseFloat(before.top || '0') };
  });
  expect(target.width).toBeGreaterThanOrEqual(44);
  expect(target.height).toBeGreaterThanOrEqual(44);
  const before = await third.boundingBox();
  const scrolledBefore = await page.evaluate(() => window.scrollY);
  await third.tap();
  await expect(third).toHaveAttribute('data-cz-pending', '');

  release();
  await expect(page.locator(COPY)).toHaveCount(0, { timeout: 30_000 });
  await expect(page.locator('[data-cz-status]')).toHaveText('Témoignage 3 sur 6', { timeout: 15_000 });
  const live = page.getByRole('tablist', { name: 'Témoignages' }).getByRole('tab', { name: 'Aller au témoignage 3' });
  await expect(live).toHaveAttribute('aria-selected', 'true');
  // the live dot is where the copy's was (same size, same place in the page: nothing jumped)
  const after = await live.boundingBox();
  const scrolledAfter = await page.evaluate(() => window.scrollY);
  expect(Math.abs(after!.x - before!.x)).toBeLessThanOrEqual(1);
  expect(Math.abs(after!.width - before!.width)).toBeLessThanOrEqual(1);
  expect(Math.abs(after!.y + scrolledAfter - (before!.y + scrolledBefore))).toBeLessThanOrEqual(2);
});
