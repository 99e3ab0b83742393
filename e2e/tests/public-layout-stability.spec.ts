// Issue 19 (screenshot audit): parts of the public pages that must not move or differ in size.
// - The #contact section keeps its height when the contact form's chunk replaces its placeholder.
// - The pricing cards of /home-1 and /home-3 side by side: their buttons have one height and one top.
import type { Page } from '@playwright/test';
import { expect, test } from '../fixtures';
import { gotoInteractive } from './marketing-helpers';

/** Holds the contact form's chunk (webpackChunkName "contact-form") until `release()` is called. */
async function holdContactForm(page: Page) {
  let release!: () => void;
  const released = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route(/contact-form[^/]*\.js(\?|$)/, async (route) => {
    await released;
    await route.continue();
  });
  return release;
}

const sectionHeight = (page: Page) => page.locator('#contact').evaluate((el) => el.getBoundingClientRect().height);

for (const locale of ['fr-FR', 'en-US'] as const) {
  test.describe(`contact section (${locale})`, () => {
    test.use({ locale });
    for (const [route, width] of [['/home-1', 375], ['/home-1', 768], ['/home-1', 1440], ['/home-4', 375], ['/home-4', 1440]] as const) {
      test(`${route} at ${width} px: the placeholder has the form's height (±2 px)`, async ({ page }) => {
        await page.setViewportSize({ width, height: width < 768 ? 812 : 900 });
        const release = await holdContactForm(page);
        await gotoInteractive(page, route);
        const slot = page.getByTestId('contact-form-slot');
        await page.locator('#contact').scrollIntoViewIfNeeded();
        await expect(slot).toBeVisible();
        const before = await sectionHeight(page);
        release();
        await expect(page.locator('#contact textarea')).toBeVisible({ timeout: 30_000 });
        await expect(slot).toHaveCount(0);
        const after = await sectionHeight(page);
        expect(Math.abs(after - before), `#contact: ${before} px with the placeholder, ${after} px with the form`).toBeLessThanOrEqual(2);
      });
    }
  });

  test.describe(`pricing buttons (${locale})`, () => {
    test.use({ locale });
    for (const route of ['/home-1', '/home-3']) {
      test(`${route} at 1440 and 1000 px: the three cards' buttons share one height and one top`, async ({ page }) => {
        for (const width of [1440, 1000]) {
          await page.setViewportSize({ width, height: 900 });
          await gotoInteractive(page, route);
          const boxes = await page.locator('#pricing [data-plan] .mantine-Button-root').evaluateAll((buttons) =>
            buttons.map((b) => { const r = b.getBoundingClientRect(); return { top: Math.round(r.top), height: Math.round(r.height) }; }));
          expect(boxes).toHaveLength(3);
          const [first] = boxes;
          for (const box of boxes) {
            expect(box.height, `${width} px: ${JSON.stringify(boxes)}`).toBe(first!.height);
            expect(Math.abs(box.top - first!.top), `${width} px: ${JSON.stringify(boxes)}`).toBeLessThanOrEqual(1);
          }
        }
      });
    }
  });
}
