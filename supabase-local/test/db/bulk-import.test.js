// Feeding the workspace in bulk (migration 20261201003000, issue 32): import_pages, import_keywords,
// set_pages_status, delete_pages, export_site_articles. RLS: another user's site is "not found".
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { DEMO_USER, OTHER_USER, asRole, asUser, errorOf, startSeededDatabase } from './helpers.js';

/** @type {Awaited<ReturnType<typeof startSeededDatabase>>} */
let db;
let siteId = 0;
let otherSiteId = 0;

const owner = { ...asUser(DEMO_USER), commit: true };

/** @param {{ role: 'authenticated', sub: string, commit?: boolean }} who @param {string} sql @param {unknown[]} params */
const call = (who, sql, params) => asRole(db.pool, who, async (c) => (await c.query(sql, params)).rows[0].r);

before(async () => {
  db = await startSeededDatabase();
  const site = async (/** @type {string} */ user, /** @type {string} */ url) =>
    Number((await db.pool.query('insert into public.sites (name, url, linked_user) values ($1, $1, $2) returning id', [url, user])).rows[0].id);
  siteId = await site(DEMO_USER, 'https://boulangerie.example.fr');
  otherSiteId = await site(OTHER_USER, 'https://autre.example.fr');
  await db.pool.query("insert into public.pages (site, name, url) values ($1, 'Existante', 'https://www.Boulangerie.example.fr/pain-au-levain/')", [siteId]);
});

after(async () => {
  await db?.stop();
});

describe('import_pages', () => {
  it('creates the good rows, skips existing pages (normalised URL), in-file duplicates and bad rows, with their indexes', async () => {
    const rows = [
      { name: 'Levain', url: 'http://boulangerie.example.fr/pain-au-levain#recette' }, // existing (scheme, www, case of host, slash, fragment)
      { name: 'Croissant', url: 'https://boulangerie.example.fr/croissant' },
      { name: 'Croissant bis', url: 'https://boulangerie.example.fr/croissant/' }, // duplicate of row 1
      { name: 'FTP', url: 'ftp://boulangerie.example.fr/x' }, // invalid
      { name: '', url: 'https://boulangerie.example.fr/sans-nom' }, // invalid: no name
      { name: 'Long', url: `https://boulangerie.example.fr/${'a'.repeat(2100)}` }, // invalid: too long
      { name: 'Query', url: 'https://boulangerie.example.fr/croissant?page=2' }, // a query makes another page
      'not an object',
    ];
    const dry = await call(asUser(DEMO_USER), 'select public.import_pages($1, $2, true) as r', [siteId, JSON.stringify(rows)]);
    assert.deepEqual(dry, { created: 2, skipped: 6, existing: [0], duplicates: [2], invalid: [3, 4, 5, 7], dry_run: true });
    const before = Number((await db.pool.query('select count(*) from public.pages where site = $1', [siteId])).rows[0].count);
    assert.equal(before, 1, 'a dry run writes nothing');

    const done = await call(owner, 'select public.import_pages($1, $2, false, 2) as r', [siteId, JSON.stringify(rows)]);
    assert.equal(done.created, 2);
    assert.equal(done.skipped, 6);
    const { rows: made } = await db.pool.query('select name, url, status, creator from public.pages where site = $1 order by id', [siteId]);
    assert.deepEqual(made.slice(1).map((r) => [r.name, r.url, Number(r.status), r.creator]), [
      ['Croissant', 'https://boulangerie.example.fr/croissant', 2, DEMO_USER],
      ['Query', 'https://boulangerie.example.fr/croissant?page=2', 2, DEMO_USER],
    ]);
    // the same file again: everything is already there
    const again = await call(owner, 'select public.import_pages($1, $2) as r', [siteId, JSON.stringify(rows)]);
    assert.equal(again.created, 0);
    assert.deepEqual(again.existing, [0, 1, 2, 6]);
  });

  it('cannot import into another user\'s site, nor as anon', async () => {
    const rows = JSON.stringify([{ name: 'Intrus', url: 'https://autre.example.fr/intrus' }]);
    const error = await errorOf(db.pool, asUser(DEMO_USER), 'select public.import_pages($1, $2)', [otherSiteId, rows]);
    assert.equal(error?.hint, 'not_found');
    assert.equal((await errorOf(db.pool, { role: 'anon' }, 'select public.import_pages($1, $2)', [siteId, rows]))?.code, '42501');
    const n = Number((await db.pool.query("select count(*) from public.pages where name = 'Intrus'")).rows[0].count);
    assert.equal(n, 0);
  });

  it('refuses a body that is not an array, too many rows and an unknown status with a hint', async () => {
    const hint = async (/** @type {unknown[]} */ params, sql = 'select public.import_pages($1, $2)') =>
      (await errorOf(db.pool, asUser(DEMO_USER), sql, params))?.hint;
    assert.equal(await hint([siteId, '{"a":1}']), 'rows');
    assert.equal(await hint([siteId, JSON.stringify(Array.from({ length: 5001 }, () => ({})))]), 'too_many_rows');
    assert.equal(await hint([siteId, '[]', 999], 'select public.import_pages($1, $2, false, $3)'), 'status');
  });

  it('imports 1,000 pages in one call within a few seconds', async () => {
    const rows = Array.from({ length: 1000 }, (_, i) => ({ name: `Page ${i}`, url: `https://boulangerie.example.fr/lot/page-${i}` }));
    const t0 = performance.now();
    const dry = await call(asUser(DEMO_USER), 'select public.import_pages($1, $2, true) as r', [siteId, JSON.stringify(rows)]);
    const done = await call(owner, 'select public.import_pages($1, $2) as r', [siteId, JSON.stringify(rows)]);
    const ms = performance.now() - t0;
    assert.equal(dry.created, 1000);
    assert.equal(done.created, 1000);
    assert.ok(ms < 5000, `preview + import of 1,000 rows took ${Math.round(ms)} ms`);
  });
});

describe('a site of 10,000 pages', () => {
  it('previews and imports 1,000 pages, and 1,000 keywords by URL, within a few seconds each', async (t) => {
    const { rows: [big] } = await db.pool.query("insert into public.sites (name, url, linked_user) values ('Grand site', 'https://grand.example.fr', $1) returning id", [DEMO_USER]);
    await db.pool.query(`insert into public.pages (site, name, url) select $1, 'Page ' || n, 'https://grand.example.fr/existante-' || n
      from generate_series(1, 10000) n`, [big.id]);
    // half the rows are pages the site has (another scheme, www, a trailing slash)
    const rows = Array.from({ length: 1000 }, (_, i) => ({ name: `Import ${i}`,
      url: i % 2 ? `http://www.grand.example.fr/existante-${i}/` : `https://grand.example.fr/nouvelle-${i}` }));
    const timed = async (/** @type {() => Promise<any>} */ run) => {
      const t0 = performance.now();
      const r = await run();
      return [r, performance.now() - t0];
    };
    await db.pool.query('analyze public.pages');
    const [dry, dryMs] = await timed(() => call(asUser(DEMO_USER), 'select public.import_pages($1, $2, true) as r', [big.id, JSON.stringify(rows)]));
    assert.deepEqual([dry.created, dry.existing.length], [500, 500]);
    const [done, doneMs] = await timed(() => call(owner, 'select public.import_pages($1, $2) as r', [big.id, JSON.stringify(rows)]));
    assert.equal(done.created, 500);
    const keywords = Array.from({ length: 1000 }, (_, i) => ({ url: `https://grand.example.fr/existante-${i + 1}`, keyword: `grand mot ${i % 400}` }));
    const [kw, kwMs] = await timed(() => call(owner, 'select public.import_keywords($1, $2) as r', [big.id, JSON.stringify(keywords)]));
    assert.equal(kw.created, 1000);
    const { rows: plan } = await db.pool.query(`explain select 1 from public.pages p where p.site = $1 and private.page_url_key(p.url) = 'grand.example.fr/x'`, [big.id]);
    assert.match(plan.map((r) => r['QUERY PLAN']).join('\n'), /pages_site_url_key_idx/, 'a row\'s key is looked up in the index');
    t.diagnostic(`preview ${Math.round(dryMs)} ms, import ${Math.round(doneMs)} ms, keywords ${Math.round(kwMs)} ms`);
    for (const ms of [dryMs, doneMs, kwMs]) assert.ok(ms < 3000, `took ${Math.round(ms)} ms (preview ${Math.round(dryMs)}, import ${Math.round(doneMs)}, keywords ${Math.round(kwMs)})`);
  });
});

describe('import_keywords', () => {
  it('links keywords by page id or URL; already linked, unknown pages, duplicates and bad rows are skipped', async () => {
    const { rows: [p] } = await db.pool.query("select id::text from public.pages where site = $1 and name = 'Croissant'", [siteId]);
    await call(owner, "select public.add_page_keyword($1, 'croissant au beurre') as r", [p.id]);
    const rows = [
      { page: p.id, keyword: 'Croissant au beurre' }, // already (case-insensitive)
      { page: p.id, keyword: 'viennoiserie maison' },
      { url: 'https://boulangerie.example.fr/croissant/', keyword: 'viennoiserie maison' }, // duplicate of row 1 (same page)
      { url: 'https://boulangerie.example.fr/inconnue', keyword: 'pain' }, // unknown page
      { url: 'http://www.boulangerie.example.fr/pain-au-levain', keyword: 'levain naturel' },
      { page: p.id, keyword: '   ' }, // invalid
      { page: p.id, keyword: 'x'.repeat(201) }, // invalid
      { url: 'pas une url', keyword: 'pain' }, // invalid
    ];
    const dry = await call(asUser(DEMO_USER), 'select public.import_keywords($1, $2, true) as r', [siteId, JSON.stringify(rows)]);
    assert.deepEqual(dry, { created: 2, skipped: 6, already: [0], unknown_page: [3], duplicates: [2], invalid: [5, 6, 7], dry_run: true });
    const done = await call(owner, 'select public.import_keywords($1, $2) as r', [siteId, JSON.stringify(rows)]);
    assert.equal(done.created, 2);
    const { rows: linked } = await db.pool.query(`select p.name, k.keyword from public.pages_keywords pk join public.pages p on p.id = pk.linked_page
      join public.keywords k on k.id = pk.linked_keyword where p.site = $1 order by p.name, k.keyword`, [siteId]);
    assert.deepEqual(linked.map((r) => `${r.name}: ${r.keyword}`), ['Croissant: croissant au beurre', 'Croissant: viennoiserie maison', 'Existante: levain naturel']);
    const again = await call(owner, 'select public.import_keywords($1, $2) as r', [siteId, JSON.stringify(rows)]);
    assert.deepEqual([again.created, again.already], [0, [0, 1, 2, 4]]);
  });

  it('cannot link keywords to another user\'s pages, neither by site nor by a page id of another site', async () => {
    const { rows: [theirs] } = await db.pool.query("insert into public.pages (site, name, url) values ($1, 'Leur page', 'https://autre.example.fr/p') returning id::text", [otherSiteId]);
    const error = await errorOf(db.pool, asUser(DEMO_USER), 'select public.import_keywords($1, $2)', [otherSiteId, JSON.stringify([{ page: theirs.id, keyword: 'intrus' }])]);
    assert.equal(error?.hint, 'not_found');
    const r = await call(owner, 'select public.import_keywords($1, $2) as r', [siteId, JSON.stringify([{ page: theirs.id, keyword: 'intrus' }])]);
    assert.deepEqual([r.created, r.unknown_page], [0, [0]]);
    const n = Number((await db.pool.query('select count(*) from public.pages_keywords where linked_page = $1', [theirs.id])).rows[0].count);
    assert.equal(n, 0);
  });

  it('links 1,000 rows in one call (statements of at most 500 rows)', async () => {
    const { rows: pages } = await db.pool.query("select id::text from public.pages where site = $1 and name like 'Page %' order by id limit 1000", [siteId]);
    // 500 new keywords, each for two pages (the keywords-per-minute quota is 1,000)
    const rows = pages.map((p, i) => ({ page: p.id, keyword: `mot clé lot ${i % 500}` }));
    const t0 = performance.now();
    const done = await call(owner, 'select public.import_keywords($1, $2) as r', [siteId, JSON.stringify(rows)]);
    assert.equal(done.created, 1000);
    assert.ok(performance.now() - t0 < 5000);
  });
});

describe('set_pages_status, delete_pages', () => {
  it('changes the status of the chosen pages of the site only, and deletes them', async () => {
    const { rows } = await db.pool.query("select id from public.pages where site = $1 and name like 'Page %' order by id limit 500", [siteId]);
    const ids = rows.map((r) => Number(r.id));
    const { rows: [theirs] } = await db.pool.query('select id from public.pages where site = $1 limit 1', [otherSiteId]);
    const r = await call(owner, 'select public.set_pages_status($1, $2, 3) as r', [siteId, [...ids, Number(theirs.id)]]);
    assert.deepEqual(r, { updated: 500, unchanged: 0 });
    const again = await call(owner, 'select public.set_pages_status($1, $2, 3) as r', [siteId, ids.slice(0, 10)]);
    assert.deepEqual(again, { updated: 0, unchanged: 10 });
    assert.equal((await errorOf(db.pool, asUser(DEMO_USER), 'select public.set_pages_status($1, $2, 42)', [siteId, ids]))?.hint, 'status');
    assert.equal((await errorOf(db.pool, asUser(DEMO_USER), 'select public.set_pages_status($1, $2, 3)', [otherSiteId, [theirs.id]]))?.hint, 'not_found');
    assert.equal((await errorOf(db.pool, asUser(DEMO_USER), 'select public.delete_pages($1, $2)', [otherSiteId, [theirs.id]]))?.hint, 'not_found');

    const deleted = await call(owner, 'select public.delete_pages($1, $2) as r', [siteId, [...ids.slice(0, 12), Number(theirs.id)]]);
    assert.equal(deleted, 12);
    const left = Number((await db.pool.query('select count(*) from public.pages where id = any($1)', [[...ids.slice(0, 12), Number(theirs.id)]])).rows[0].count);
    assert.equal(left, 1, 'only the other user\'s page is left');
  });
});

describe('export_site_articles', () => {
  it('gives each page its approved version, else its latest sanitized one, keyset-paged', async () => {
    const { rows: [a] } = await db.pool.query("insert into public.pages (site, name, url) values ($1, 'Export A', 'https://boulangerie.example.fr/export-a') returning id", [siteId]);
    const { rows: [b] } = await db.pool.query("insert into public.pages (site, name, url) values ($1, 'Export B', 'https://boulangerie.example.fr/export-b') returning id", [siteId]);
    await db.pool.query(`insert into public.pages_versions (page, html_content, created_date, approved) values
      ($1, '<p>A approuvée</p>', now() - interval '2 days', true), ($1, '<p>A plus récente</p>', now() - interval '1 day', false),
      ($2, '<p>B ancienne</p>', now() - interval '2 days', false), ($2, '<p>B récente</p>', now() - interval '1 day', false)`, [a.id, b.id]);
    const rows = await asRole(db.pool, asUser(DEMO_USER), async (c) =>
      (await c.query('select * from public.export_site_articles($1, $2, 10)', [siteId, Number(a.id) - 1])).rows);
    assert.deepEqual(rows.map((r) => [r.page_name, r.html, r.state]), [['Export A', '<p>A approuvée</p>', 'approved'], ['Export B', '<p>B récente</p>', 'draft']]);
    const error = await errorOf(db.pool, asUser(OTHER_USER), 'select * from public.export_site_articles($1)', [siteId]);
    assert.equal(error?.hint, 'not_found');
  });
});
