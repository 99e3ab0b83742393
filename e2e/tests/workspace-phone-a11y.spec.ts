// Issue 32 (the workspace for a working day), phone and accessibility: one full flow with the keyboard
// only (sign in → a site → its pages → a page → its versions → compare), every stop showing where the
// focus is; then on a 375 px phone the page list as cards, the avatar whole in the header, the versions
// comparison and the images grid without sideways scrolling, and axe-core on each screen. The rules of
// the cards and of the accessible names are in jest (PageCards.test.tsx, PagesListPage.layout.test.tsx,
// AppHeader.test.tsx).
import type { BrowserContext, Locator, Page } from '@playwright/test';
import { expect, saveScreenshots, test } from '../fixtures';
import { expectNoSeriousA11yViolations } from '../support/a11y';
import { rest, siteWithPage, SUPABASE, type Json, type SitePage } from './page-data-helpers';

const suffix = Date.now().toString(36);
const PHONE = { width: 375, height: 812 };

/** The page's width as scrolled: never wider than the phone. */
const scrollWidth = (page: Page) => page.evaluate(() => document.scrollingElement?.scrollWidth ?? 0);

/**
 * Presses Tab until `target` has the focus (at most `max` times); every element the focus stops on on
 * the way must show it (an outline or a box shadow on it, its label or the element drawn next to it).
 * Returns the stops that did not.
 */
async function tabTo(page: Page, target: Locator, max = 60): Promise<string[]> {
  await expect(target).toBeVisible();
  const unseen: string[] = [];
  for (let i = 0; i < max; i += 1) {
    await page.keyboard.press('Tab');
    const stop = await target.evaluate(async (wanted) => {
      const el = document.activeElement as HTMLElement | null;
      if (!el || el === document.body) return { reached: false, ring: true, what: 'body' };
      // the colours once a field's border has faded into its focus colour (spinners loop forever)
      const finite = [el, el.parentElement]
        .flatMap((node) => node?.getAnimations() ?? [])
        .filter((a) => a.effect?.getComputedTiming().iterations !== Infinity);
      await Promise.all(finite.map((a) => a.finished.catch(() => undefined)));
      const hasRing = (node: Element | null) => {
        if (!node) return false;
        const style = getComputedStyle(node);
        return (style.outlineStyle !== 'none' && parseFloat(style.outlineWidth) > 0) || style.boxShadow !== 'none';
      };
      // a Mantine field shows its focus by its border (its own, or its wrapper's for a password), in the
      // primary colour instead of grey
      const primaryBorder = () => {
        const probe = document.createElement('span');
        probe.style.color = 'var(--mantine-primary-color-filled)';
        el.parentElement?.append(probe);
        const colour = getComputedStyle(probe).color;
        probe.remove();
        return colour;
      };
      const isField = el.matches('input:not([type=checkbox]):not([type=radio]), textarea');
      const ring =
        [el, el.parentElement, el.nextElementSibling, el.closest('label')].some(hasRing) ||
        (isField && [el, el.parentElement].some((node) => node && getComputedStyle(node).borderTopColor === primaryBorder()));
      const what = `${el.tagName.toLowerCase()}${el.getAttribute('data-testid') ? `[data-testid=${el.getAttribute('data-testid')}]` : ''} "${(el.getAttribute('aria-label') ?? el.textContent ?? '').trim().slice(0, 40)}"`;
      return { reached: el === wanted, ring, what };
    });
    if (!stop.ring) unseen.push(stop.what);
    if (stop.reached) return unseen;
  }
  throw new Error(`the focus did not reach ${target.toString()} in ${max} Tabs`);
}

test.describe.serial('workspace on a phone and with the keyboard', () => {
  test.use({ locale: 'fr-FR' });
  let s: SitePage;
  let context: BrowserContext;
  let page: Page;

  test.beforeAll(async ({ browser, request }) => {
    s = await siteWithPage(request, 'phone', { siteName: 'Jardin Poche', host: `jardin-poche-${suffix}.fr`, pageName: 'Tailler une haie de charmilles au printemps' });
    for (let i = 1; i <= 3; i += 1) {
      await rest(request, s.token, 'POST', 'pages', { site: s.siteId, name: `Arroser au bon moment, conseil ${i}`, url: `${s.siteUrl}/arrosage-conseil-${i}-avec-une-adresse-longue` });
    }
    const article = (title: string, body: string) => `<h1>${title}</h1>\n<p>${body}</p>\n<p>Tailler après la floraison.</p>`;
    await rest(request, s.token, 'POST', 'pages_versions', { page: s.pageId, html_content: article('Tailler une haie', 'Une haie se taille deux fois par an, au printemps et à la fin de l’été.'), created_date: new Date(Date.UTC(2026, 10, 10)).toISOString() });
    await rest(request, s.token, 'POST', 'pages_versions', { page: s.pageId, html_content: article('Tailler une haie de charmilles', 'Une haie de charmilles se taille deux fois par an, en mai puis en septembre, avec un taille-haie bien affûté.'), created_date: new Date(Date.UTC(2026, 10, 12)).toISOString() });
    for (let i = 0; i < 3; i += 1) {
      await rest<Json[]>(request, 'service', 'POST', 'pages_versions_images', { linked_page: s.pageId, image_url: `${SUPABASE()}/storage/v1/object/public/page-images/${s.pageId}/absente-${i}.png`, type: 'proposition', chosen: i === 0 });
    }
    // one page for the whole file (one sign-in), in a context of its own (axe-core's builder needs one)
    context = await browser.newContext({ baseURL: process.env.E2E_SHELL_URL, locale: 'fr-FR', viewport: { width: 1440, height: 900 } });
    page = await context.newPage();
  });

  test.afterAll(async () => {
    await context.close();
  });

  test('keyboard only: sign in, a site, its pages, a page, its versions, compare — the focus always seen', async () => {
    const unseen: string[] = [];
    await page.goto('/auth');
    const form = page.locator('form').filter({ has: page.locator('input[type="password"]') }).first();
    unseen.push(...(await tabTo(page, form.locator('input[type="email"]'))));
    await page.keyboard.type(s.owner.email);
    unseen.push(...(await tabTo(page, form.locator('input[type="password"]'), 3)));
    await page.keyboard.type(s.owner.password);
    await page.keyboard.press('Enter');
    await expect(page.getByTestId('sidebar').first()).toBeVisible();

    unseen.push(...(await tabTo(page, page.getByTestId('sidebar').locator('a[href="/sites"]'))));
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/sites$/);

    unseen.push(...(await tabTo(page, page.getByTestId('site-card').getByRole('link', { name: s.siteName }))));
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(new RegExp(`/sites/${s.siteId}$`));

    unseen.push(...(await tabTo(page, page.getByRole('main').locator(`a[href="/sites/${s.siteId}/pages"]`).last())));
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(new RegExp(`/sites/${s.siteId}/pages`));

    unseen.push(...(await tabTo(page, page.getByTestId('page-name').filter({ hasText: s.pageName }))));
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(new RegExp(`/pages/${s.pageId}$`));

    unseen.push(...(await tabTo(page, page.getByTestId('card-versions'))));
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/page-versions/);

    // a button is pressed with Space
    unseen.push(...(await tabTo(page, page.getByTestId('compare-button'))));
    await page.keyboard.press('Space');
    await expect(page.getByTestId('side-by-side-diff')).toHaveAttribute('data-layout', 'split');
    expect(unseen, 'every focus stop shows the focus').toEqual([]);
  });

  test('375 px: the page list as cards, nothing sideways, the avatar whole, selection still there', async () => {
    await page.setViewportSize(PHONE);
    await page.goto(`/sites/${s.siteId}/pages`);
    const cards = page.getByTestId('page-card');
    await expect(cards).toHaveCount(4);
    await expect(page.getByTestId('pages-table')).toHaveCount(0);
    expect(await scrollWidth(page)).toBeLessThanOrEqual(PHONE.width);

    // each card holds every column: name, URL, review state, status, score, date, counts, actions
    const card = cards.filter({ hasText: s.pageName });
    await expect(card.getByTestId('page-url')).toHaveText(`${s.siteUrl}/guide`);
    await expect(card.getByTestId('page-review-state')).toHaveText('Brouillon');
    await expect(card.getByTestId('page-status')).toBeVisible();
    await expect(card.getByTestId('page-score')).toBeVisible();
    await expect(card.getByTestId('page-date')).toHaveAttribute('datetime', /^\d{4}-/);
    await expect(card.getByTestId('page-counts')).toHaveText('0\u00a0résultat SERP · 0\u00a0réponse des IA');
    for (const action of [card.getByTestId('page-edit'), card.getByTestId('page-delete'), card.getByTestId('page-row-menu')]) {
      const box = await action.boundingBox();
      expect(box && box.x + box.width <= PHONE.width && box.width >= 44).toBe(true);
    }
    await card.getByRole('checkbox', { name: `Sélectionner ${s.pageName}` }).check();
    await expect(card).toHaveAttribute('data-selected', 'true');
    await expect(page.getByText('1 page sélectionnée')).toBeVisible();

    // the avatar, whole inside the viewport and the one thing under its own centre
    const avatar = page.getByTestId('user-avatar');
    const box = await avatar.boundingBox();
    expect(box).not.toBeNull();
    if (box) {
      expect(box.x).toBeGreaterThanOrEqual(0);
      expect(box.y).toBeGreaterThanOrEqual(0);
      expect(box.x + box.width).toBeLessThanOrEqual(PHONE.width);
      const corners = [
        [box.x + 2, box.y + box.height / 2],
        [box.x + box.width - 2, box.y + box.height / 2],
      ];
      for (const [x, y] of corners) {
        expect(await page.evaluate(([px, py]) => Boolean(document.elementFromPoint(px, py)?.closest('[data-testid="user-avatar"]')), [x, y])).toBe(true);
      }
    }
    await expectNoSeriousA11yViolations(page);
    await saveScreenshots(page, 'phone-pages-list', { folder: 'screens', settle: true });
  });

  test('375 px: the versions comparison is one column, the images grid one image a row, nothing sideways', async () => {
    await page.setViewportSize(PHONE);
    await page.goto(`/sites/${s.siteId}/pages/${s.pageId}/page-versions`);
    await page.getByTestId('compare-button').click();
    await expect(page.getByTestId('side-by-side-diff')).toHaveAttribute('data-layout', 'unified');
    expect(await scrollWidth(page)).toBeLessThanOrEqual(PHONE.width);
    const panes = await page.getByTestId('diff-panes').evaluate((el) => ({ right: el.getBoundingClientRect().right, wider: el.scrollWidth > el.clientWidth + 1 }));
    expect(panes).toEqual({ right: expect.any(Number), wider: false });
    expect(panes.right).toBeLessThanOrEqual(PHONE.width);
    // the comparison first, the versions after it (audit P7); each date on one line; the legend on two
    const top = async (id: string) => (await page.getByTestId(id).first().boundingBox())?.y ?? Number.NaN;
    expect(await top('html-content')).toBeLessThan(await top('versions-table'));
    // (one line is under two font sizes high)
    const dates = await page.getByTestId('version-date').evaluateAll((els) => els.map((el) => el.getBoundingClientRect().height / parseFloat(getComputedStyle(el).fontSize)));
    expect(dates.length).toBeGreaterThan(0);
    for (const ems of dates) expect(ems).toBeLessThan(2);
    expect(await top('diff-current-label')).toBeGreaterThan(await top('diff-previous-label'));
    await expectNoSeriousA11yViolations(page);
    await saveScreenshots(page, 'phone-versions-compare', { folder: 'screens', settle: true });

    await page.goto(`/sites/${s.siteId}/pages/${s.pageId}/images`);
    const images = page.getByTestId('proposition');
    await expect(images).toHaveCount(3);
    expect(await scrollWidth(page)).toBeLessThanOrEqual(PHONE.width);
    const lefts = await images.evaluateAll((cards) => cards.map((card) => ({ left: Math.round(card.getBoundingClientRect().left), right: card.getBoundingClientRect().right })));
    // one image a row: each starts at the same left edge, none sticks out
    expect(new Set(lefts.map((c) => c.left)).size).toBe(1);
    for (const c of lefts) expect(c.right).toBeLessThanOrEqual(PHONE.width);
    // one thumb: 44 px taps, and the button above the grid whole (its French label wraps, never cut)
    expect((await images.first().getByTestId('enlarge').boundingBox())?.width).toBeGreaterThanOrEqual(44);
    expect(await page.getByTestId('generate-new-images').evaluate((el) => el.scrollWidth <= el.clientWidth + 1 && el.getBoundingClientRect().right <= window.innerWidth)).toBe(true);
    // a file that cannot be shown says so, no empty grey box (audit 12 P2)
    await expect(images.first().getByText('Aperçu indisponible')).toBeVisible();
    // the breadcrumb wraps as text: each "/" right after its item, never pushed to the far right (P1)
    const gaps = await page.getByTestId('breadcrumb').locator('[data-separator]').evaluateAll((seps) =>
      seps.map((sep) => Math.round(sep.getBoundingClientRect().left - (sep.previousElementSibling?.getBoundingClientRect().right ?? 0))),
    );
    for (const gap of gaps) expect(gap).toBeLessThan(12);
    // the skip link stays out of sight scrolled (a full-page capture drew it, D1/I1), and shows on focus
    await page.evaluate(() => window.scrollTo(0, 500));
    const skip = page.getByRole('link', { name: 'Aller au contenu' });
    expect(await skip.evaluate((el) => el.getBoundingClientRect().width <= 1 && el.getBoundingClientRect().height <= 1)).toBe(true);
    await skip.focus();
    const shown = await skip.boundingBox();
    expect(shown && shown.y >= 0 && shown.height >= 30).toBe(true);
    await skip.blur();
    // a modal's close button is a 44 px tap on the phone (shared style, X1/F3/K3), and the page under it does not scroll
    await images.first().getByTestId('enlarge').click();
    const close = page.getByRole('dialog').getByRole('button', { name: 'Fermer' });
    expect((await close.boundingBox())?.height).toBeGreaterThanOrEqual(44);
    expect(await page.evaluate(() => getComputedStyle(document.body).overflow)).toBe('hidden');
    await close.click();
    await expect(page.getByRole('dialog')).toHaveCount(0);
    await expectNoSeriousA11yViolations(page);
    await saveScreenshots(page, 'phone-images-grid', { folder: 'screens', settle: true });
  });
});
