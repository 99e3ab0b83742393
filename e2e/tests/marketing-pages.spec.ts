// Every public route of the marketing remote renders its key texts (English, spec copy), the
// no-JavaScript HTML carries the prerendered page and meta tags, and screenshots of / are saved.
import { expect, test } from '../fixtures';
import { mkdirSync } from 'node:fs';
import { gotoInteractive } from './marketing-helpers';
import path from 'node:path';

const ARTIFACTS_DIR = path.resolve(__dirname, '..', 'artifacts');
mkdirSync(ARTIFACTS_DIR, { recursive: true });

test.use({ locale: 'en-US' });

const routes: { path: string; texts: (string | RegExp)[] }[] = [
  { path: '/', texts: ['Articles that rank on Google and get cited by AI', 'Pick your publishing pace', 'LAUNCH', 'GROW', 'DOMINATE', 'Our story', 'Frequently asked questions', 'Get in touch'] },
  { path: '/home-4-pricing-google-2-why-ai', texts: ['Articles that rank on Google and get cited by AI', 'AI research and writing', 'Human SEO expertise and editing'] },
  { path: '/home-1', texts: ['Your blog, written and published for you', 'Why not just use an AI tool?', 'Learning curve', 'Starter', 'Pro', 'Enterprise', 'Most Popular', 'Results for teams like yours'] },
  { path: '/home-2', texts: ['Stop writing blog posts. Start ranking.', 'Start Now', 'Choose your plan'] },
  { path: '/home-3', texts: ['No contracts', 'Pay per article', 'Cancel anytime', 'Trusted by teams at', 'Service', 'Billing', '24-48 hour delivery'] },
  { path: '/home-4', texts: ['I write the articles your blog needs to rank', '195 EUR', 'Reach Out Directly', 'Book Your Free 15-Min Strategy Call'] },
  { path: '/home-5', texts: ['Better than a freelancer. Smarter than an AI tool.', 'Freelance writers', 'Book Your Content Slot', 'Who am I?'] },
  { path: '/home-4-pricing-google', texts: ['SEO articles with a hybrid method: AI speed, human judgement', '195 EUR', 'Real reviews from real clients'] },
  { path: '/home-4-pricing-openai', texts: ['One expert article every week, without thinking about it', '690 EUR'] },
  { path: '/home-4-pricing-antropic', texts: ['Own a topic: a complete cluster of 10 articles', '1,490 EUR'] },
  { path: '/home-4-discovery', texts: ['Try a real SEO article for 1 EUR', 'Discovery offer', 'Why 1 EUR and not free?'] },
  { path: '/home-4-discovery-timeline', texts: ['From 1 EUR to your article, delivered within 24–48 hours', 'Today: 1 EUR', 'Within 24–48 hours'] },
  { path: '/first-article', texts: ['First Article Setup', 'Website URL', 'Email'] },
  { path: '/first-article-success', texts: ['Thank you!', 'Delivery in 24-48 hours.', 'Return to Homepage'] },
  { path: '/maintenance', texts: ['We will be back shortly'] },
  { path: '/coming-soon', texts: ['Site under development', 'Our launch is planned soon'] },
];

for (const route of routes) {
  test(`${route.path} renders its key texts`, async ({ page }) => {
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    page.on('console', (msg) => { if (msg.type() === 'error' && /ChunkLoadError/.test(msg.text())) errors.push(msg.text()); });
    await gotoInteractive(page, route.path);
    for (const text of route.texts) await expect(page.getByText(text, { exact: typeof text === 'string' ? false : undefined }).first()).toBeVisible();
    expect(errors).toEqual([]);
  });
}

test('landing footer: contact details, Paris, the copyright from 2025 and dead links that are not links', async ({ page }) => {
  await gotoInteractive(page, '/home-1');
  const footer = page.locator('footer').last();
  await expect(footer.getByText('Paris, France', { exact: true })).toBeVisible();
  // from the year the site started to this year (the clock's), under the legal name
  await expect(footer.getByTestId('footer-copyright')).toHaveText(/^© 2025(–\d{4})? Citable SAS\. All rights reserved\.$/);
  await expect(footer.getByRole('link', { name: /@/ })).toHaveAttribute('href', /^mailto:/);
  for (const name of ['Privacy Policy', 'Terms of Service', 'About', 'Contact']) {
    const dead = footer.locator('[aria-disabled="true"]', { hasText: name });
    await expect(dead).toBeVisible();
    expect(await dead.evaluate((el) => el.tagName)).toBe('SPAN');
    expect(await dead.getAttribute('href')).toBeNull();
  }
});

test('single-price and strategy-call buttons lead to /auth; Reach Out Directly is a mailto', async ({ page }) => {
  await gotoInteractive(page, '/home-4');
  await expect(page.getByRole('link', { name: 'Reach Out Directly' }).first()).toHaveAttribute('href', /^mailto:.+@/);
  await page.getByRole('link', { name: 'Book Your Free 15-Min Strategy Call' }).click();
  await expect(page).toHaveURL(/\/auth$/);
});

test('plain HTTP GET of / (no JavaScript) has the hero text and the meta tags', async ({ request }) => {
  const response = await request.get('/', { headers: { accept: 'text/html' } });
  expect(response.ok()).toBeTruthy();
  const html = await response.text();
  expect(html).toContain('Des articles qui se positionnent sur Google et sont cités par l’IA');
  expect(html).toMatch(/<title>Citable(?:\s|&nbsp;|&#160;): articles SEO[^<]*<\/title>/);
  expect(html).toMatch(/<meta name="description" content="[^"]{50,}"/);
  expect(html).toMatch(/<link rel="canonical" href="https?:\/\/[^"]+\/"/);
  expect(html).toMatch(/<meta property="og:title" content="[^"]+"/);
  expect(html).toMatch(/<meta property="og:url" content="[^"]+"/);
  for (const lang of ['fr', 'en', 'x-default']) expect(html).toContain(`hreflang="${lang}"`);
  // every FAQ answer is in the first response, not only after hydration
  expect(html).toContain('L’article offert est-il vraiment gratuit\u00a0?');
});

test('each prerendered route has its own title', async ({ request }) => {
  const titles = new Set<string>();
  for (const route of routes.filter((r) => r.path !== '/home-4-pricing-google-2-why-ai')) {
    const html = await (await request.get(route.path, { headers: { accept: 'text/html' } })).text();
    const title = /<title>([^<]*)<\/title>/.exec(html)?.[1] ?? '';
    expect(title, route.path).not.toBe('');
    titles.add(title);
  }
  expect(titles.size).toBe(routes.length - 1);
});

test('English is served for ?lng=en and for an Accept-Language preferring English, with <html lang> and the stylesheet', async ({ request }) => {
  for (const [url, headers] of [
    ['/?lng=en', { accept: 'text/html', 'accept-language': 'fr-FR,fr;q=0.9' }],
    ['/', { accept: 'text/html', 'accept-language': 'en-GB,en;q=0.9,fr;q=0.5' }],
  ] as const) {
    const html = await (await request.get(url, { headers })).text();
    expect(html, url).toMatch(/<html [^>]*lang="en"/);
    expect(html, url).toContain('Articles that rank on Google and get cited by AI');
    expect(html, url).not.toContain('Des articles qui se positionnent');
    expect(html, url).toMatch(/<link rel="canonical" href="https?:\/\/[^"]+\/\?lng=en"/);
    expect(html, url).toMatch(/<link rel="stylesheet" href="[^"]+\/prerender\/marketing\.css"/);
  }
  const fr = await (await request.get('/', { headers: { accept: 'text/html', 'accept-language': 'fr-FR' } })).text();
  expect(fr).toMatch(/<html [^>]*lang="fr"/);
});

test('/?lng=en in a French browser: the interactive page stays in English like the prerendered one', async ({ browser, baseURL }) => {
  const context = await browser.newContext({ locale: 'fr-FR', baseURL });
  const page = await context.newPage();
  await gotoInteractive(page, '/?lng=en');
  await expect(page.locator('[data-app="marketing"] h1')).toHaveText('Articles that rank on Google and get cited by AI');
  await context.close();
});

test('a public page downloads only its language\'s copy; the header switch brings the other one and the page turns to it', async ({ browser, baseURL }) => {
  const context = await browser.newContext({ locale: 'fr-FR', baseURL, viewport: { width: 1280, height: 800 } });
  const page = await context.newPage();
  const localeChunks: string[] = [];
  page.on('response', (r) => {
    const m = /\/locale-(en|fr)\.[\w]+\.js$/.exec(r.url());
    if (m) localeChunks.push(m[1]);
  });
  await gotoInteractive(page, '/?lng=fr');
  const h1 = page.locator('[data-app="marketing"] h1');
  await expect(h1).toHaveText('Des articles qui se positionnent sur Google et sont cités par l’IA');
  expect(localeChunks).toEqual(['fr']);

  await page.getByTestId('app-header').getByText('EN', { exact: true }).first().click();
  await expect(h1).toHaveText('Articles that rank on Google and get cited by AI');
  expect(localeChunks).toEqual(['fr', 'en']);
  // the whole page switched: section titles, FAQ and the contact form's labels are English too
  await expect(page.locator('#faq')).toContainText('Is the free article really free?');
  await expect(page.locator('[data-app="marketing"]')).not.toContainText('Des articles qui se positionnent');
  await expect(page.locator('[data-app="marketing"]')).not.toContainText(/\bsections\.\w+/);
  await context.close();
});

test('leaving a public page before the marketing remote has loaded: the prerendered copy does not cover the next page', async ({ page }) => {
  let release: () => void = () => {};
  const held = new Promise<void>((resolve) => { release = resolve; });
  await page.route('**/mf-manifest.json', async (route) => {
    if (route.request().url().startsWith(process.env.E2E_MARKETING_URL ?? '#')) await held;
    await route.continue();
  });
  await page.goto('/', { waitUntil: 'commit' });
  await expect(page.getByTestId('remote-loading')).toBeAttached();
  await expect(page.locator('#citable-prerender h1')).toBeVisible();
  await page.getByTestId('app-header').getByRole('link', { name: /sign in|connexion|se connecter/i }).first().click();
  await expect(page).toHaveURL(/\/auth/);
  await expect(page.locator('#citable-prerender')).toBeHidden();
  // what is on screen belongs to the shell's page, not to the copy
  expect(await page.evaluate(() => !!document.elementFromPoint(innerWidth / 2, innerHeight / 2)?.closest('#citable-prerender'))).toBe(false);
  release();
});

test('sitemap.xml and robots.txt are served at the site root by the shell, with its own URLs', async ({ request, baseURL }) => {
  const sitemap = await request.get('/sitemap.xml');
  expect(sitemap.ok()).toBeTruthy();
  expect(sitemap.headers()['content-type']).toMatch(/xml/);
  const xml = await sitemap.text();
  for (const p of ['/', '/home-1', '/home-4-pricing-google']) expect(xml).toContain(`<loc>${baseURL}${p}</loc>`);
  const robots = await (await request.get('/robots.txt')).text();
  expect(robots).toContain(`Sitemap: ${baseURL}/sitemap.xml`);
});

test('the prerendered page is shown until the interactive page replaces it: no blank frame, no shift, no console error', async ({ page, consoleErrors }) => {
  // record, every animation frame from the first one, whether the hero heading is on screen
  await page.addInitScript(() => {
    const w = window as unknown as { __heroFrames: { t: number; visible: boolean; top: number | null; overlay: boolean }[] };
    w.__heroFrames = [];
    const tick = () => {
      const h1 = Array.from(document.querySelectorAll('h1')).find((el) => (el as HTMLElement).offsetParent !== null && el.getBoundingClientRect().height > 0);
      w.__heroFrames.push({ t: performance.now(), visible: !!h1, top: h1 ? Math.round(h1.getBoundingClientRect().top) : null, overlay: !!document.getElementById('citable-prerender') });
      if (w.__heroFrames.length < 2000) requestAnimationFrame(tick);
    };
    requestAnimationFrame(tick);
  });
  // hold the marketing remote back so the shell mounts first
  await page.route('**/remoteEntry.js', async (route) => {
    if (route.request().url().startsWith(process.env.E2E_MARKETING_URL ?? '#')) await new Promise((r) => setTimeout(r, 1500));
    await route.continue();
  });
  await page.route('**/mf-manifest.json', async (route) => {
    if (route.request().url().startsWith(process.env.E2E_MARKETING_URL ?? '#')) await new Promise((r) => setTimeout(r, 1500));
    await route.continue();
  });
  await page.goto('/', { waitUntil: 'commit' });
  await expect(page.getByTestId('app-header')).toBeVisible();
  await expect(page.locator('#citable-prerender h1')).toBeVisible();
  await expect(page.locator('#citable-prerender')).toHaveCount(0, { timeout: 20_000 });
  await expect(page.locator('[data-app="marketing"] h1')).toBeVisible();
  await page.getByRole('button', { name: /Claim your free article|Recevoir mon article offert|article offert/i }).first().click();
  await expect(page.getByRole('dialog')).toBeVisible();
  const frames = await page.evaluate(() => (window as unknown as { __heroFrames: { visible: boolean; top: number | null; overlay: boolean }[] }).__heroFrames);
  const first = frames.findIndex((f) => f.visible);
  expect(first, 'the hero is painted from the prerender').toBeGreaterThanOrEqual(0);
  expect(frames[first].overlay).toBe(true);
  const after = frames.slice(first);
  expect(after.filter((f) => !f.visible), 'no frame without the hero once it was painted').toEqual([]);
  expect(after.some((f) => !f.overlay), 'the interactive page took over').toBe(true);
  const tops = new Set(after.map((f) => f.top));
  expect(tops.size, `hero top positions ${[...tops].join(', ')}`).toBe(1);
  expect(consoleErrors).toEqual([]);
});

test('robots.txt and sitemap.xml list the public routes', async ({ request }) => {
  const marketingBase = ((await (await request.get('/config.json')).json()) as { remotes: { marketing: string } }).remotes.marketing.replace(/\/mf-manifest\.json$/, '');
  const sitemap = await (await request.get(`${marketingBase}/sitemap.xml`)).text();
  for (const p of ['/', '/home-1', '/home-3', '/home-4-pricing-google', '/first-article']) expect(sitemap).toContain(`${p}</loc>`);
  const robots = await (await request.get(`${marketingBase}/robots.txt`)).text();
  expect(robots).toMatch(/Sitemap: https?:\/\/\S+\/sitemap\.xml/);
});

for (const width of [1440, 375]) {
  test(`screenshot of / at ${width}px`, async ({ page }) => {
    await page.setViewportSize({ width, height: width === 1440 ? 900 : 812 });
    await gotoInteractive(page, '/');
    await expect(page.getByText('Articles that rank on Google and get cited by AI')).toBeVisible();
    await page.evaluate(() => document.fonts.ready);
    // no horizontal scrolling on small screens
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth + 1)).toBeTruthy();
    await page.screenshot({ path: path.join(ARTIFACTS_DIR, `marketing-home-${width}.png`), fullPage: true });
  });
}

test('without JavaScript / is a styled page (screenshot at 375px)', async ({ browser, baseURL }) => {
  const context = await browser.newContext({ javaScriptEnabled: false, viewport: { width: 375, height: 812 }, locale: 'en-US', baseURL });
  const page = await context.newPage();
  await page.goto('/');
  const hero = page.getByRole('heading', { level: 1 });
  await expect(hero).toHaveText('Articles that rank on Google and get cited by AI');
  // the Mantine/marketing stylesheet applies: the heading is large and bold, buttons are styled
  expect(await hero.evaluate((el) => parseFloat(getComputedStyle(el).fontSize))).toBeGreaterThan(28);
  expect(await page.getByText('Claim your free article').first().evaluate((el) => getComputedStyle(el.closest('button')!).backgroundColor)).not.toBe('rgba(0, 0, 0, 0)');
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth + 1)).toBeTruthy();
  await page.screenshot({ path: path.join(ARTIFACTS_DIR, 'marketing-home-nojs-375.png'), fullPage: false });
  await context.close();
});
