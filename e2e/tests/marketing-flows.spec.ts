// Contact form, free-article dialog, /first-article, FAQ accordion and testimonial carousel, in Chromium
// against the real backend; database rows are checked with a service-role read.
import { expect, test } from '../fixtures';
import { adminSelect, gotoInteractive, unique } from './marketing-helpers';

test.use({ locale: 'en-US' });

interface SiteRow {
  id: number; name: string; url: string; image_logo: string | null; linked_user: string | null; stripe_email: string; email1: string;
  country: number | null; language: number | null; familiar_terms: boolean; force_defined_language_for_serps: boolean;
  serps_nb_results: number; serps_img_nb_results: number; address_the_reader_with_i: boolean; accepted_topics: unknown;
  cover_image_width: number; cover_image_height: number; nb_images_to_create: number; default_type_page_post: string;
  default_status: string; auto_publish_image: boolean; tone_articles_group: unknown; additional_guidelines: string | null;
}

function expectSpecDefaults(site: SiteRow, host: string, email: string) {
  expect(site).toMatchObject({
    name: host, linked_user: null, stripe_email: email, email1: email, familiar_terms: false,
    force_defined_language_for_serps: false, serps_nb_results: 10, serps_img_nb_results: 5, address_the_reader_with_i: false,
    accepted_topics: null, cover_image_width: 1200, cover_image_height: 630, nb_images_to_create: 3,
    default_type_page_post: 'post', default_status: 'draft', auto_publish_image: false, tone_articles_group: null,
  });
  expect(site.image_logo).toBeTruthy();
  expect(site.country).not.toBeNull();
  expect(site.language).not.toBeNull();
}

test('contact form: validation messages, Sending..., success toast, reset, and the row in the database', async ({ page, request }) => {
  await gotoInteractive(page, '/#contact');
  const form = page.locator('#contact form');
  await form.getByRole('button', { name: 'Send message' }).click();
  await expect(form.getByText('Name must be at least 2 characters.')).toBeVisible();
  await expect(form.getByText('Please enter a valid email address.')).toBeVisible();
  await expect(form.getByText('Message must be at least 10 characters.')).toBeVisible();
  expect((await form.getByLabel('Message').boundingBox())!.height).toBeGreaterThanOrEqual(120);

  const email = `${unique('contact.')}@e2e.citable.test`;
  const message = `Hello, I would like 10 articles a month. (${unique('')})`;
  await form.getByLabel('Name').fill('Marie Curie');
  await form.getByLabel('Email').fill(email);
  await form.getByLabel('Message').fill(message);
  await page.route('**/rest/v1/rpc/submit_contact_message', async (route) => { await new Promise((r) => setTimeout(r, 400)); await route.continue(); });
  await form.getByRole('button', { name: 'Send message' }).click();
  await expect(form.getByRole('button', { name: 'Sending...' })).toBeDisabled();
  await expect(page.getByText('Message sent successfully!')).toBeVisible();
  await expect(page.getByText("Thank you for your message. We'll get back to you soon.")).toBeVisible();
  await expect(form.getByLabel('Name')).toHaveValue('');

  const rows = await adminSelect<{ name: string; email: string; message: string }>(request, `contact_messages?email=eq.${encodeURIComponent(email)}&select=name,email,message`);
  expect(rows).toEqual([{ name: 'Marie Curie', email, message }]);
});

test('contact form: a backend failure shows the error toast and keeps the values', async ({ page }) => {
  await gotoInteractive(page, '/home-1#contact');
  await page.route('**/rest/v1/rpc/submit_contact_message', (route) => route.fulfill({ status: 500, contentType: 'application/json', body: '{"message":"down"}' }));
  const form = page.locator('#contact form');
  await form.getByLabel('Name').fill('Marie');
  await form.getByLabel('Email').fill('marie@e2e.citable.test');
  await form.getByLabel('Message').fill('A question about your plans.');
  await form.getByRole('button', { name: 'Send message' }).click();
  await expect(page.getByText('Error sending message')).toBeVisible();
  await expect(page.getByText(/Please try again or contact us directly at .+@.+\./)).toBeVisible();
  await expect(form.getByLabel('Name')).toHaveValue('Marie');
});

test('free-article dialog creates the request and its site with the spec defaults, then lands on the success page', async ({ page, request }) => {
  await gotoInteractive(page, '/home-1');
  await page.getByRole('button', { name: 'Claim your free article' }).first().click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByText('Get Your Free, SEO-Optimized Article')).toBeVisible();
  await expect(dialog.getByText('Website Information')).toBeVisible();
  // the dialog role sits on Mantine's Modal content element itself
  const box = await dialog.boundingBox();
  expect(box!.height).toBeLessThanOrEqual(page.viewportSize()!.height * 0.9 + 1);

  await dialog.getByLabel('Website URL').fill('nope');
  await dialog.getByRole('button', { name: 'Get my free article' }).click();
  await expect(dialog.getByText('Please enter a valid website address, for example example.com.')).toBeVisible();

  const host = `${unique('site-')}.example.com`;
  const email = `${unique('claim.')}@e2e.citable.test`;
  await dialog.getByLabel('Website URL').fill(`www.${host}`);
  await dialog.getByLabel('Email').fill(email);
  await dialog.getByRole('button', { name: 'Get my free article' }).click();
  await expect(page.getByText('Success!')).toBeVisible();
  await expect(page).toHaveURL(/\/first-article-success$/);
  await expect(page.getByRole('dialog')).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'Return to Homepage' })).toHaveAttribute('href', '/');

  const requests = await adminSelect<{ url: string; stripe_email: string; site: number; language: string }>(request, `first_article_requests?stripe_email=eq.${encodeURIComponent(email)}&select=url,stripe_email,site,language`);
  expect(requests).toHaveLength(1);
  expect(requests[0].url).toBe(`https://www.${host}`);
  expect(requests[0].language).toBe('en'); // the page's language: the e-mail to the requester is in it
  const [site] = await adminSelect<SiteRow>(request, `sites?id=eq.${requests[0].site}&select=*`);
  expectSpecDefaults(site, host, email);
});

test('free-article dialog: a backend failure shows the error toast and keeps the values', async ({ page }) => {
  await gotoInteractive(page, '/');
  await page.route('**/rest/v1/rpc/claim_first_article', (route) => route.fulfill({ status: 500, contentType: 'application/json', body: '{"message":"down"}' }));
  await page.getByRole('button', { name: 'Claim your free article' }).first().click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Website URL').fill('example.org');
  await dialog.getByLabel('Email').fill('owner@e2e.citable.test');
  await dialog.getByRole('button', { name: 'Get my free article' }).click();
  await expect(page.getByText('There was an error submitting your information. Please try again.')).toBeVisible();
  await expect(dialog.getByLabel('Email')).toHaveValue('owner@e2e.citable.test');
  await expect(page).toHaveURL(/\/$/);
});

test('/first-article creates the request and site and goes to the success page', async ({ page, request }) => {
  await gotoInteractive(page, '/first-article');
  await expect(page.getByRole('heading', { name: 'First Article Setup' })).toBeVisible();
  const host = `${unique('first-')}.example.fr`;
  const email = `${unique('first.')}@e2e.citable.test`;
  await page.getByLabel('Website URL').fill(`https://${host}/`);
  await page.getByLabel('Email').fill(email);
  await page.getByRole('button', { name: 'Start my first article' }).click();
  await expect(page).toHaveURL(/\/first-article-success$/);
  await expect(page.getByText('Delivery in 24-48 hours.')).toBeVisible();
  const requests = await adminSelect<{ url: string; site: number; language: string }>(request, `first_article_requests?stripe_email=eq.${encodeURIComponent(email)}&select=url,site,language`);
  expect(requests).toEqual([expect.objectContaining({ url: `https://${host}`, language: 'en' })]);
  const [site] = await adminSelect<SiteRow>(request, `sites?id=eq.${requests[0].site}&select=*`);
  expectSpecDefaults(site, host, email);
});

test('FAQ accordion: one answer open at a time, and collapsible', async ({ page }) => {
  await gotoInteractive(page, '/home-4#faq');
  const faq = page.locator('#faq');
  const first = faq.getByRole('button', { name: 'Who will write my article?' });
  const second = faq.getByRole('button', { name: 'How long does it take?' });
  await first.click();
  await expect(first).toHaveAttribute('aria-expanded', 'true');
  await expect(faq.getByText('I do, with AI as my research assistant.', { exact: false })).toBeVisible();
  await second.click();
  await expect(second).toHaveAttribute('aria-expanded', 'true');
  await expect(first).toHaveAttribute('aria-expanded', 'false');
  await second.click();
  await expect(second).toHaveAttribute('aria-expanded', 'false');
});

test('in-page anchors scroll smoothly below the header', async ({ page }) => {
  await gotoInteractive(page, '/home-1');
  await page.getByRole('link', { name: 'See pricing' }).click();
  await expect(page).toHaveURL(/#pricing$/);
  await expect.poll(async () => page.locator('#pricing').evaluate((el) => Math.round(el.getBoundingClientRect().top))).toBeLessThan(120);
  expect(await page.evaluate(() => getComputedStyle(document.documentElement).scrollBehavior)).toBe('smooth');
});

for (const [width, perRow, hasButtons] of [[1440, 2, true], [1100, 2, false], [375, 1, false]] as const) {
  test(`testimonial carousel at ${width}px: ${perRow} per row, buttons ${hasButtons ? 'shown' : 'hidden'}, arrow keys loop`, async ({ page }) => {
    await page.setViewportSize({ width, height: 900 });
    await gotoInteractive(page, '/home-3#testimonials');
    // the section is also a region named by its heading: take the carousel inside it
    const carousel = page.locator('#testimonials').getByRole('region', { name: 'What our clients say' });
    await carousel.scrollIntoViewIfNeeded();
    const viewport = await carousel.locator('.mantine-Carousel-viewport').boundingBox();
    const slide = await carousel.locator('.mantine-Carousel-slide').first().boundingBox();
    expect(Math.round(viewport!.width / slide!.width)).toBe(perRow);
    await expect(carousel.getByRole('button', { name: 'Next testimonials' })).toBeVisible({ visible: hasButtons });

    const status = carousel.getByRole('status');
    await expect(status).toHaveText(/Slide 1 of \d+/);
    await carousel.focus();
    await page.keyboard.press('ArrowRight');
    await expect(status).toHaveText(/Slide 2 of \d+/);
    await page.keyboard.press('ArrowLeft');
    await page.keyboard.press('ArrowLeft');
    await expect(status).not.toHaveText(/Slide [12] of/); // looped to the end
  });
}

test('example articles: loaded when the section comes near, each links to the latest version at /view/:id', async ({ page, request }) => {
  const supabaseChunks: string[] = [];
  page.on('response', async (response) => {
    const url = response.url();
    if (url.endsWith('.js') && (await response.text().catch(() => '')).includes('GoTrueClient')) supabaseChunks.push(url);
  });
  await gotoInteractive(page, '/');
  // a guest reading the top of the page downloads neither the data client nor the section
  await expect(page.getByTestId('demo-articles-sentinel')).toBeAttached();
  await expect(page.getByTestId('demo-articles')).toHaveCount(0);
  expect(supabaseChunks).toEqual([]);

  await page.getByTestId('demo-articles-sentinel').scrollIntoViewIfNeeded();
  const section = page.getByTestId('demo-articles');
  await expect(section).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Example articles' })).toBeVisible();
  expect(supabaseChunks.length).toBeGreaterThan(0);

  // the spec's read: latest version per demo page, newest first
  const rows = await adminSelect<{ id: string; page: number; created_date: string }>(
    request,
    'pages_versions?select=id,page,created_date,pages!inner(hide_revisions_texts_from_preview)&pages.hide_revisions_texts_from_preview=eq.true&order=created_date.desc',
  );
  // (first occurrence per page in date-descending order = its latest version)
  const firstPerPage = rows.filter((r, i) => rows.findIndex((x) => x.page === r.page) === i).map((r) => r.id).slice(0, 6);
  expect(firstPerPage.length).toBeGreaterThan(0);
  const links = section.getByRole('link', { name: 'Read the article' });
  await expect(links).toHaveCount(firstPerPage.length);
  for (const [i, id] of firstPerPage.entries()) await expect(links.nth(i)).toHaveAttribute('href', `/view/${id}`);
  await expect(section.locator('a[href="/view/00000000-0000-4000-8000-00000000d3e0"]')).toHaveCount(1);
});

test('the contact form is downloaded when its section comes near, with the same footprint, and works', async ({ page }) => {
  const formChunks: string[] = [];
  page.on('response', (response) => {
    if (/\/contact-form\.[\w]+\.js$/.test(response.url())) formChunks.push(response.url());
  });
  await gotoInteractive(page, '/');
  const slot = page.getByTestId('contact-form-slot');
  await expect(slot).toBeAttached();
  const slotHeight = (await slot.boundingBox())?.height ?? 0;
  expect(formChunks).toEqual([]);

  await page.locator('#contact').scrollIntoViewIfNeeded();
  const form = page.locator('#contact form');
  await expect(form.getByRole('button', { name: /send message|envoyer le message/i })).toBeVisible();
  expect(formChunks).toHaveLength(1);
  await expect(slot).toHaveCount(0);
  // the section keeps its size (within a few pixels) when the form replaces its slot
  const formHeight = (await form.boundingBox())?.height ?? 0;
  expect(Math.abs(formHeight - slotHeight)).toBeLessThan(8);
  await form.getByRole('button', { name: /send message|envoyer le message/i }).click();
  await expect(form.getByText(/at least 2 characters|au moins 2 caractères/i)).toBeVisible();
});
