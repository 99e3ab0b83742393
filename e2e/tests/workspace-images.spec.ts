// Issue 16 (images): the images screen as a new user would use it, against the real backend (RLS,
// the choose_page_image RPC, storage that checks files by content and size): choose exactly one
// proposition, enlarge, delete (row and stored object), generate (info_json of §3), upload examples
// (a text file, a fake PNG, an oversized file, a network failure in the middle, then a retry that
// neither loses nor duplicates), every §8 image message under the title 'Error'.
import zlib from 'node:zlib';
import type { APIRequestContext, Page } from '@playwright/test';
import { test, expect, saveScreenshots } from '../fixtures';
import { expectNoSeriousA11yViolations } from '../support/a11y';
import { createConfirmedUser, signIn } from '../support/users';
import { actionId, rest, SERVICE, siteWithPage, SUPABASE, type Json, type SitePage } from './page-data-helpers';

const suffix = Date.now().toString(36);

/** A real PNG of one colour with a darker band (so the screenshots show distinct images). */
function png(width: number, height: number, [r, g, b]: [number, number, number]): Buffer {
  const crcTable = Array.from({ length: 256 }, (_, n) => {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    return c >>> 0;
  });
  const crc = (buf: Buffer) => {
    let c = 0xffffffff;
    for (const byte of buf) c = crcTable[(c ^ byte) & 0xff] ^ (c >>> 8);
    return (c ^ 0xffffffff) >>> 0;
  };
  const chunk = (type: string, data: Buffer) => {
    const len = Buffer.alloc(4);
    len.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const sum = Buffer.alloc(4);
    sum.writeUInt32BE(crc(body));
    return Buffer.concat([len, body, sum]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8;
  header[9] = 2;
  const raw = Buffer.alloc((width * 3 + 1) * height);
  for (let y = 0; y < height; y++) {
    const band = y > height * 0.6 && y < height * 0.8 ? 0.6 : 1;
    for (let x = 0; x < width; x++) {
      const o = y * (width * 3 + 1) + 1 + x * 3;
      raw[o] = r * band;
      raw[o + 1] = g * band;
      raw[o + 2] = b * band;
    }
  }
  return Buffer.concat([Buffer.from([137, 80, 78, 71, 13, 10, 26, 10]), chunk('IHDR', header), chunk('IDAT', zlib.deflateSync(raw)), chunk('IEND', Buffer.alloc(0))]);
}

const GOOD_1 = png(240, 126, [76, 110, 245]);
const GOOD_2 = png(240, 126, [18, 184, 134]);
const GOOD_3 = png(240, 126, [250, 82, 82]);
const FAKE_PNG = Buffer.from('I am a text file, not an image.\n');

const objectPathOfUrl = (url: string) => url.replace(/^.*\/storage\/v1\/object\/public\/page-images\//, '');
const objectUrl = (path: string) => `${SUPABASE()}/storage/v1/object/public/page-images/${path}`;
async function putObject(request: APIRequestContext, path: string, body: Buffer) {
  const response = await request.post(`${SUPABASE()}/storage/v1/object/page-images/${path}`, {
    headers: { apikey: SERVICE(), Authorization: `Bearer ${SERVICE()}`, 'Content-Type': 'image/png' },
    data: body,
  });
  expect(response.ok(), await response.text()).toBeTruthy();
}
/** The objects stored in a page's folder (service role). */
async function storedObjects(request: APIRequestContext, pageId: number): Promise<string[]> {
  const response = await request.post(`${SUPABASE()}/storage/v1/object/list/page-images`, {
    headers: { apikey: SERVICE(), Authorization: `Bearer ${SERVICE()}` },
    data: { prefix: `${pageId}/`, limit: 100 },
  });
  expect(response.ok(), await response.text()).toBeTruthy();
  return ((await response.json()) as { name: string; id: string | null }[]).filter((o) => o.id !== null).map((o) => `${pageId}/${o.name}`);
}
/** A stored image_url as the backend serves it: a relative storage path (issue 32) is read from the backend. */
const fromBackend = (url: string) => (url.startsWith('/') ? `${SUPABASE()}${url}` : url);
const objectStatus = async (request: APIRequestContext, url: string) => (await request.get(fromBackend(url))).status();

const screenUrl = (s: SitePage) => `/sites/${s.siteId}/pages/${s.pageId}/images`;
async function openScreen(page: Page, s: SitePage) {
  await page.goto(screenUrl(s));
  await expect(page.getByTestId('images-screen')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Images', level: 1 })).toBeVisible();
}
const dropInput = (page: Page) => page.getByTestId('examples-dropzone').locator('input[type="file"]');
const propositions = (page: Page) => page.getByTestId('proposition');
const examples = (page: Page) => page.getByTestId('example');
const dialog = (page: Page) => page.getByRole('dialog');

test.describe.serial('images', () => {
  test.describe.configure({ timeout: 240_000 });
  let s: SitePage;
  const props: { id: number; url: string }[] = [];

  test.beforeAll(async ({ request }) => {
    s = await siteWithPage(request, 'images-owner', { siteName: 'Jardin Images', host: `jardin-img-${suffix}.fr`, pageName: 'Haies fleuries' });
    // three propositions written by the worker, their files in the page's folder
    for (const [i, colour] of ([[250, 176, 5], [230, 73, 128], [121, 80, 242]] as [number, number, number][]).entries()) {
      const path = `${s.pageId}/worker-${suffix}-${i}.png`;
      await putObject(request, path, png(240, 126, colour));
      const [row] = await rest<Json[]>(request, 'service', 'POST', 'pages_versions_images', { linked_page: s.pageId, image_url: objectUrl(path), type: 'proposition', chosen: false });
      props.push({ id: row.id as number, url: objectUrl(path) });
    }
  });

  test("another user's page id shows 'Page not found'", async ({ page, request }) => {
    await signIn(page, await createConfirmedUser(request, 'images-intruder'));
    await page.goto(screenUrl(s));
    await expect(page.getByTestId('page-not-found')).toBeVisible();
    await expect(propositions(page)).toHaveCount(0);
  });

  test('propositions: choose exactly one, enlarge, delete with its stored object; Back to Page', async ({ page, request }) => {
    await signIn(page, s.owner);
    await openScreen(page, s);
    await expect(page.getByRole('link', { name: 'Back to Page' })).toHaveAttribute('href', `/sites/${s.siteId}/pages/${s.pageId}`);
    await expect(propositions(page)).toHaveCount(3);
    await expect(page.getByTestId('chosen-badge')).toHaveCount(0);
    await expectNoSeriousA11yViolations(page, { include: '[data-testid="workspace-app"]' });
    const chosenIds = async () =>
      (await rest<Json[]>(request, 'service', 'GET', `pages_versions_images?linked_page=eq.${s.pageId}&chosen=is.true&select=id`)).map((r) => r.id);

    const card = (id: number) => page.locator(`[data-testid="proposition"][data-image-id="${id}"]`);
    await card(props[1].id).getByTestId('choose-image').click();
    await expect(page.getByText('Image selected successfully')).toBeVisible();
    await expect(card(props[1].id).getByTestId('chosen-badge')).toBeVisible();
    expect(await chosenIds()).toEqual([props[1].id]);
    await card(props[0].id).getByTestId('choose-image').click();
    await expect(card(props[0].id).getByTestId('chosen-badge')).toBeVisible();
    await expect(page.getByTestId('chosen-badge')).toHaveCount(1);
    expect(await chosenIds()).toEqual([props[0].id]);

    // each enlarge button names its section (the numbers restart in each grid)
    await expect(propositions(page).first().getByTestId('enlarge')).toHaveAccessibleName('View image 1 of the “Image Propositions” section enlarged');
    await card(props[0].id).getByTestId('enlarge').click();
    await expect(dialog(page).getByTestId('enlarged-image')).toBeVisible();
    await expect(dialog(page).getByTestId('enlarged-image')).toHaveAttribute('src', props[0].url);
    await dialog(page).getByRole('button', { name: 'Close' }).click();
    await saveScreenshots(page, 'workspace-images');

    expect(await objectStatus(request, props[2].url)).toBe(200);
    await card(props[2].id).getByTestId('delete-image').click();
    await dialog(page).getByRole('button', { name: 'Delete' }).click();
    await expect(page.getByText('Image deleted successfully')).toBeVisible();
    await expect(propositions(page)).toHaveCount(2);
    expect(await rest<Json[]>(request, 'service', 'GET', `pages_versions_images?id=eq.${props[2].id}&select=id`)).toHaveLength(0);
    await expect.poll(() => objectStatus(request, props[2].url)).not.toBe(200);
  });

  test('examples: a text file, a fake PNG, a file over the limit, a network failure mid-upload, then a retry', async ({ page, request }) => {
    await signIn(page, s.owner);
    await openScreen(page, s);
    await expect(page.getByTestId('examples-empty')).toBeVisible();

    // not an image: refused in the browser, said so under 'Error'
    await dropInput(page).setInputFiles([
      { name: 'haie-bleue.png', mimeType: 'image/png', buffer: GOOD_1 },
      { name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('notes') },
    ]);
    await expect(page.getByText('notes.txt: only image files can be uploaded.')).toBeVisible();
    // over the bucket's 10 MB, dragged and dropped (the file made in the page: 11 MB through the driver is slow)
    await page.getByTestId('examples-dropzone').evaluate((zone) => {
      const transfer = new DataTransfer();
      transfer.items.add(new File([new Uint8Array(11 * 1024 * 1024)], 'enorme.png', { type: 'image/png' }));
      zone.dispatchEvent(new DragEvent('drop', { bubbles: true, cancelable: true, dataTransfer: transfer }));
    });
    await expect(page.getByText('enorme.png: the file is too large (10 MB at most).')).toBeVisible();
    // a text file named .png passes the browser, the storage refuses its content
    await dropInput(page).setInputFiles([
      { name: 'faux.png', mimeType: 'image/png', buffer: FAKE_PNG },
      { name: 'haie-verte.png', mimeType: 'image/png', buffer: GOOD_2 },
    ]);
    await expect(page.getByTestId('pending-file')).toHaveCount(3);
    await expectNoSeriousA11yViolations(page, { include: '[data-testid="workspace-app"]' });

    // the network drops the third upload (haie-verte.png)
    let uploads = 0;
    await page.route('**/storage/v1/object/page-images/**', (route) => {
      if (route.request().method() !== 'POST') return route.continue();
      uploads += 1;
      return uploads === 3 ? route.abort('connectionreset') : route.continue();
    });
    await page.getByTestId('examples-submit').click();
    await expect(page.getByText('1 image uploaded successfully')).toBeVisible();
    await expect(page.getByText('Failed to upload images').first()).toBeVisible();
    await expect(page.getByTestId('pending-file')).toHaveCount(2);
    await expect(page.locator('[data-testid="pending-file"][data-name="faux.png"]').getByTestId('file-error')).toHaveText(
      'The file is not a supported image (JPG, PNG, GIF, WebP or AVIF).',
    );
    await expect(page.locator('[data-testid="pending-file"][data-name="haie-verte.png"]').getByTestId('file-error')).not.toBeEmpty();
    await expect(examples(page)).toHaveCount(1);
    let rows = await rest<Json[]>(request, 'service', 'GET', `pages_versions_images?linked_page=eq.${s.pageId}&type=eq.example&select=id,image_url,chosen,linked_pages_version`);
    expect(rows).toHaveLength(1);
    // stored as a relative path, as the worker stores propositions (issue 32)
    const pathPattern = new RegExp(`^/storage/v1/object/public/page-images/${s.pageId}/\\d{13}-[\\w-]+\\.png$`);
    expect(rows[0].image_url).toMatch(pathPattern);
    expect(rows[0].linked_pages_version).toBeNull();
    const stored = await request.get(fromBackend(rows[0].image_url as string));
    expect(stored.status()).toBe(200);
    expect(Buffer.compare(await stored.body(), GOOD_1)).toBe(0);
    await saveScreenshots(page, 'workspace-images-upload-failed');

    // retry: only haie-verte.png — the fake, refused for its content, is never offered again (issue 32)
    await page.unroute('**/storage/v1/object/page-images/**');
    await expect(page.locator('[data-testid="pending-file"][data-name="faux.png"]')).toHaveAttribute('data-refused', 'true');
    await page.getByRole('button', { name: 'Retry upload (1)' }).click();
    await expect(page.getByText('1 image uploaded successfully').first()).toBeVisible();
    await expect(page.getByTestId('pending-file')).toHaveCount(1);
    await expect(page.getByTestId('examples-submit')).toHaveCount(0);
    await page.locator('[data-testid="pending-file"][data-name="faux.png"]').getByRole('button', { name: 'Remove faux.png' }).click();
    await expect(page.getByTestId('pending-file')).toHaveCount(0);
    await expect(examples(page)).toHaveCount(2);
    rows = await rest<Json[]>(request, 'service', 'GET', `pages_versions_images?linked_page=eq.${s.pageId}&type=eq.example&select=id,image_url`);
    expect(rows).toHaveLength(2);
    expect(new Set(rows.map((r) => r.image_url)).size).toBe(2);
    const bodies = await Promise.all(rows.map(async (r) => (await request.get(fromBackend(r.image_url as string))).body()));
    expect(bodies.some((b) => Buffer.compare(b, GOOD_2) === 0)).toBe(true);
  });

  test('generate: 1–10, comments, initial photo picker toggling on a second click, the info_json of §3', async ({ page, request }) => {
    await signIn(page, s.owner);
    await openScreen(page, s);
    await page.getByRole('button', { name: 'Generate New Images' }).click();
    const form = page.getByTestId('generate-form');
    const count = form.getByLabel('Number of images');
    await expect(count).toHaveValue('1');
    await count.fill('25');
    await count.blur();
    await expect(count).toHaveValue('10');
    await count.fill('');
    await count.blur();
    await expect(count).toHaveValue('1');
    await count.fill('3');
    await form.getByLabel('Comments').fill('Haie en fleurs au printemps');
    await expect(page.getByTestId('example-picker')).toHaveCount(0);
    await form.getByLabel('Use initial photo').check();
    const picks = page.getByTestId('pick-example');
    await expect(picks).toHaveCount(2);
    await form.getByRole('button', { name: 'Request images' }).click();
    await expect(page.getByTestId('pick-required')).toBeVisible();
    await picks.nth(0).click();
    await expect(picks.nth(0)).toHaveAttribute('aria-pressed', 'true');
    await picks.nth(0).click();
    await expect(picks.nth(0)).toHaveAttribute('aria-pressed', 'false');
    await picks.nth(1).click();
    await expect(picks.nth(1)).toHaveAttribute('aria-pressed', 'true');
    const exampleId = Number(await picks.nth(1).getAttribute('data-image-id'));
    await expectNoSeriousA11yViolations(page, { include: '[data-testid="workspace-app"]' });
    await saveScreenshots(page, 'workspace-images-generate');
    await form.getByRole('button', { name: 'Request images' }).click();
    await expect(page.getByText('Image generation requested successfully')).toBeVisible();
    const cover = await actionId(request, 'create_cover_image');
    const actions = await rest<Json[]>(request, 'service', 'GET', `pages_actions?linked_page=eq.${s.pageId}&linked_action=eq.${cover}&select=info_json,linked_pages_version,queued,status`);
    expect(actions).toEqual([
      {
        info_json: {
          generate_prompt: 'Haies fleuries — Haie en fleurs au printemps',
          comments: 'Haie en fleurs au printemps',
          use_initial_photo: true,
          image_example_id: exampleId,
          number_of_images: 3,
        },
        linked_pages_version: null,
        queued: true,
        status: 'queued',
      },
    ]);
  });

  test('deleting an example removes its row and its stored object', async ({ page, request }) => {
    await signIn(page, s.owner);
    await openScreen(page, s);
    await expect(examples(page)).toHaveCount(2);
    const id = Number(await examples(page).first().getAttribute('data-image-id'));
    const [row] = await rest<Json[]>(request, 'service', 'GET', `pages_versions_images?id=eq.${id}&select=image_url`);
    expect(await objectStatus(request, row.image_url as string)).toBe(200);
    await examples(page).first().getByTestId('delete-image').click();
    await dialog(page).getByRole('button', { name: 'Delete' }).click();
    await expect(page.getByText('Image deleted successfully')).toBeVisible();
    await expect(examples(page)).toHaveCount(1);
    expect(await rest<Json[]>(request, 'service', 'GET', `pages_versions_images?id=eq.${id}&select=id`)).toHaveLength(0);
    await expect.poll(() => objectStatus(request, row.image_url as string)).not.toBe(200);
  });

  test('answers lost on the way back (an upload, a row insert), then Retry: one row and one stored object per file, all shown', async ({ page, request }) => {
    const r = await siteWithPage(request, 'images-retry', { siteName: 'Jardin Reprise', host: `jardin-reprise-${suffix}.fr`, pageName: 'Bordures fleuries' });
    await signIn(page, r.owner);
    await openScreen(page, r);
    await dropInput(page).setInputFiles([
      { name: 'bordure-bleue.png', mimeType: 'image/png', buffer: GOOD_1 },
      { name: 'bordure-verte.png', mimeType: 'image/png', buffer: GOOD_2 },
      { name: 'bordure-rouge.png', mimeType: 'image/png', buffer: GOOD_3 },
    ]);
    await expect(page.getByTestId('pending-file')).toHaveCount(3);
    // the second file's upload and the third file's row insert reach the server, which stores
    // them; their answers are lost on the way back (the browser sees a network failure)
    let uploads = 0;
    let inserts = 0;
    await page.route('**/storage/v1/object/page-images/**', async (route) => {
      if (route.request().method() !== 'POST' || ++uploads !== 2) return route.continue();
      const response = await route.fetch();
      expect(response.status()).toBe(200);
      return route.abort('connectionreset');
    });
    await page.route('**/rest/v1/pages_versions_images?*', async (route) => {
      if (route.request().method() !== 'POST' || ++inserts !== 2) return route.continue();
      const response = await route.fetch();
      expect(response.status()).toBe(201);
      return route.abort('connectionreset');
    });
    await page.getByTestId('examples-submit').click();
    await expect(page.getByText('1 image uploaded successfully')).toBeVisible();
    await expect(page.getByTestId('upload-failed')).toBeVisible();
    await expect(page.locator('[data-testid="pending-file"][data-failed]')).toHaveCount(2);
    for (const name of ['bordure-verte.png', 'bordure-rouge.png']) {
      await expect(page.locator(`[data-testid="pending-file"][data-name="${name}"]`).getByTestId('file-error')).not.toBeEmpty();
    }
    expect(uploads).toBe(3);
    expect(inserts).toBe(2);
    // what the server holds: three objects, two rows (the third file's row, whose answer was lost)
    const rowsOf = () =>
      rest<Json[]>(request, 'service', 'GET', `pages_versions_images?linked_page=eq.${r.pageId}&type=eq.example&select=id,image_url&order=id`);
    expect(await storedObjects(request, r.pageId)).toHaveLength(3);
    expect(await rowsOf()).toHaveLength(2);

    await page.unroute('**/storage/v1/object/page-images/**');
    await page.unroute('**/rest/v1/pages_versions_images?*');
    await page.getByRole('button', { name: 'Retry upload (2)' }).click();
    await expect(page.getByText('2 images uploaded successfully')).toBeVisible();
    await expect(page.getByTestId('pending-file')).toHaveCount(0);
    await expect(page.getByTestId('upload-failed')).toHaveCount(0);
    await expect(examples(page)).toHaveCount(3);

    const rows = await rowsOf();
    expect(rows).toHaveLength(3);
    const paths = rows.map((row) => objectPathOfUrl(row.image_url as string));
    expect(new Set(paths).size).toBe(3);
    expect((await storedObjects(request, r.pageId)).sort()).toEqual([...paths].sort());
    const bodies = await Promise.all(rows.map(async (row) => (await request.get(fromBackend(row.image_url as string))).body()));
    for (const file of [GOOD_1, GOOD_2, GOOD_3]) expect(bodies.filter((b) => Buffer.compare(b, file) === 0)).toHaveLength(1);
    // every example shown is one of the rows
    const shown = await examples(page).evaluateAll((cards) => cards.map((c) => Number(c.getAttribute('data-image-id'))));
    expect(shown.sort()).toEqual(rows.map((row) => row.id as number).sort());
  });

  test("every §8 image message, under the title 'Error'", async ({ page, request }) => {
    await signIn(page, s.owner);
    const fail = { status: 500, contentType: 'application/json', body: '{"message":"boom"}' };
    await page.route('**/rest/v1/pages_versions_images?*', (route) => (route.request().method() === 'GET' ? route.fulfill(fail) : route.continue()));
    await page.goto(screenUrl(s));
    await expect(page.getByTestId('propositions-error')).toContainText('Failed to load image propositions', { timeout: 20_000 });
    await expect(page.getByTestId('propositions-error')).toContainText('Error');
    await expect(page.getByTestId('examples-error')).toContainText('Failed to load example images');
    await page.getByTestId('generate-form').getByLabel('Use initial photo').check();
    await expect(page.getByTestId('example-picker')).toContainText('Failed to load image examples');
    await page.unroute('**/rest/v1/pages_versions_images?*');

    await openScreen(page, s);
    await page.route('**/rest/v1/rpc/choose_page_image', (route) => route.fulfill(fail));
    await page.getByTestId('choose-image').first().click();
    await expect(page.getByText(/Failed to select image/)).toBeVisible();
    await page.route('**/rest/v1/pages_versions_images?*', (route) => (route.request().method() === 'DELETE' ? route.fulfill(fail) : route.continue()));
    await propositions(page).first().getByTestId('delete-image').click();
    await dialog(page).getByRole('button', { name: 'Delete' }).click();
    await expect(page.getByText(/Failed to delete image/)).toBeVisible();
    await dialog(page).getByRole('button', { name: 'Cancel' }).click();
    await page.route('**/rest/v1/pages_actions?*', (route) => (route.request().method() === 'POST' ? route.fulfill(fail) : route.continue()));
    await page.getByTestId('generate-form').getByRole('button', { name: 'Request images' }).click();
    await expect(page.getByText(/Failed to request image generation/)).toBeVisible();
    await page.route('**/rest/v1/pages_versions_images?*', (route) => (route.request().method() === 'POST' ? route.fulfill(fail) : route.continue()));
    const before = await storedObjects(request, s.pageId);
    await dropInput(page).setInputFiles([{ name: 'ok.png', mimeType: 'image/png', buffer: GOOD_1 }]);
    await page.getByTestId('examples-submit').click();
    await expect(page.getByText('Failed to upload images').first()).toBeVisible();
    await expect(page.getByTestId('pending-file')).toHaveCount(1);
    // a 5xx is no clear refusal (the row may exist): the stored file stays for the retry…
    const after = await storedObjects(request, s.pageId);
    expect(after.filter((name) => !before.includes(name))).toHaveLength(1);
    // …and goes when the user takes the file out of the list (no row shows it)
    await page.getByRole('button', { name: 'Remove ok.png' }).click();
    await expect(page.getByTestId('pending-file')).toHaveCount(0);
    await expect.poll(async () => (await storedObjects(request, s.pageId)).sort()).toEqual([...before].sort());
  });
});
