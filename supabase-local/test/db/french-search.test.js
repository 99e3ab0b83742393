// French search and sort of the lists (migration 20261201004000, issue 32): the page list's search
// ignores accents, case and the kind of apostrophe (pages.name_search), names sort in French order
// (collation fr-x-icu on pages.name and sites.name), and a keyword has at most 200 characters.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { DEMO_USER, asRole, asUser, startSeededDatabase } from './helpers.js';

/** @type {Awaited<ReturnType<typeof startSeededDatabase>>} */
let db;
let siteId = 0;
const NAMES = ['Tarte aux pommes', 'Éclair au café', 'eclair vanille', 'Pain d’épices', 'Zèbre', 'Œufs en neige', 'Abricots secs', 'Crème brûlée'];

before(async () => {
  db = await startSeededDatabase();
  const { rows: [site] } = await db.pool.query(
    `insert into public.sites (name, url, linked_user) values ('Pâtisserie', 'https://patisserie.example.com', $1) returning id`,
    [DEMO_USER],
  );
  siteId = Number(site.id);
  for (const [i, name] of NAMES.entries()) {
    await db.pool.query('insert into public.pages (site, name, url, creator) values ($1, $2, $3, $4)', [siteId, name, `https://patisserie.example.com/${i}`, DEMO_USER]);
  }
});

after(async () => {
  await db?.stop();
});

/** The page list's search as PostgREST runs it: name_search ilike the folded text, as the owner. */
async function search(typed) {
  const { rows } = await asRole(db.pool, asUser(DEMO_USER), (c) =>
    c.query(
      `select name from public.pages where site = $1 and name_search ilike '%' || public.search_fold($2) || '%' order by name, id`,
      [siteId, typed],
    ));
  return rows.map((r) => r.name);
}

describe('French search (pages.name_search)', () => {
  it('folds case, accents, apostrophes, no-break spaces and œ', async () => {
    const { rows } = await db.pool.query(
      `select public.search_fold(x) as f from unnest($1::text[]) with ordinality as t(x, n) order by n`,
      [['Éclair', 'Pain d’épices', 'L‘été ʼ', 'Œufs', 'Crème\u00a0brûlée', 'ÇA']],
    );
    assert.deepEqual(rows.map((r) => r.f), ['eclair', "pain d'epices", "l'ete '", 'oeufs', 'creme brulee', 'ca']);
  });

  it('finds "Pain d’épices" with a typed apostrophe, and "Éclair" without its accent', async () => {
    assert.deepEqual(await search("pain d'"), ['Pain d’épices']);
    assert.deepEqual(await search('PAIN D’EPICES'), ['Pain d’épices']);
    assert.deepEqual(await search('eclair'), ['Éclair au café', 'eclair vanille']);
    assert.deepEqual(await search('éclair au cafe'), ['Éclair au café']);
    assert.deepEqual(await search('oeufs'), ['Œufs en neige']);
    assert.deepEqual(await search('creme brulee'), ['Crème brûlée']);
    assert.deepEqual(await search('chocolat'), []);
  });

  it('keeps name_search in step with the name (generated column)', async () => {
    const { rows: [page] } = await db.pool.query(
      `update public.pages set name = 'Île flottante' where site = $1 and name = 'Zèbre' returning name_search`, [siteId]);
    assert.equal(page.name_search, 'ile flottante');
    await db.pool.query(`update public.pages set name = 'Zèbre' where site = $1 and name = 'Île flottante'`, [siteId]);
  });
});

describe('French order (collation fr-x-icu)', () => {
  it('sorts page names as a French reader expects: accents and case do not send a name after Z', async () => {
    const { rows } = await asRole(db.pool, asUser(DEMO_USER), (c) =>
      c.query('select name from public.pages where site = $1 order by name, id', [siteId]));
    assert.deepEqual(rows.map((r) => r.name), [
      'Abricots secs', 'Crème brûlée', 'Éclair au café', 'eclair vanille', 'Œufs en neige', 'Pain d’épices', 'Tarte aux pommes', 'Zèbre',
    ]);
    const desc = await db.pool.query('select name from public.pages where site = $1 order by name desc, id desc limit 2', [siteId]);
    assert.deepEqual(desc.rows.map((r) => r.name), ['Zèbre', 'Tarte aux pommes']);
  });

  it('sorts site names the same way', async () => {
    const { rows } = await db.pool.query(
      `select attname, collname from pg_attribute a join pg_collation c on c.oid = a.attcollation
        where attrelid in ('public.pages'::regclass, 'public.sites'::regclass) and attname = 'name' order by attrelid::regclass::text`,
    );
    assert.deepEqual(rows.map((r) => r.collname), ['fr-x-icu', 'fr-x-icu']);
    const order = await db.pool.query(`select x from unnest(array['Tarte', 'Éclair', 'Abricot']::text[]) x order by x collate "fr-x-icu"`);
    assert.deepEqual(order.rows.map((r) => r.x), ['Abricot', 'Éclair', 'Tarte']);
  });
});

describe('keyword length (keywords_keyword_length)', () => {
  it('takes 200 characters and refuses 201 with a check violation; add_page_keyword says why', async () => {
    await db.pool.query('insert into public.keywords (keyword) values ($1)', ['k'.repeat(200)]);
    await assert.rejects(db.pool.query('insert into public.keywords (keyword) values ($1)', ['k'.repeat(201)]), { code: '23514' });
    const { rows: [page] } = await db.pool.query('select id from public.pages where site = $1 limit 1', [siteId]);
    await assert.rejects(
      asRole(db.pool, asUser(DEMO_USER), (c) => c.query('select public.add_page_keyword($1, $2)', [page.id, 'm'.repeat(300)])),
      { code: '22023', hint: 'keyword' },
    );
  });
});
