// Page rules kept by the database (migration 20261126000000, issue 14): date_modified follows
// an edit of the page for every writer, the stored counts' own updates leave it alone, an
// unknown or null status becomes 1, and the list's name/url sorts have their indexes.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { DEMO_USER, OTHER_USER, asRole, asUser, errorOf, startSeededDatabase } from './helpers.js';

/** @type {Awaited<ReturnType<typeof startSeededDatabase>>} */
let db;
let siteId = 0;

const OLD = '2020-01-01T00:00:00Z';

/** A page of DEMO_USER's test site, last modified long ago. @param {string} name */
async function oldPage(name) {
  const { rows } = await db.pool.query(
    `insert into public.pages (site, name, url, date_created, date_modified)
     values ($1, $2, 'https://rules.example.com/' || $2, $3, $3) returning id`,
    [siteId, name, OLD],
  );
  return Number(rows[0].id);
}

/** @param {number} id */
async function pageRow(id) {
  const { rows } = await db.pool.query('select status, date_modified, date_created from public.pages where id = $1', [id]);
  return rows[0];
}

before(async () => {
  db = await startSeededDatabase();
  const { rows: [site] } = await db.pool.query(
    `insert into public.sites (name, url, linked_user) values ('Rules site', 'https://rules.example.com', $1) returning id`, [DEMO_USER]);
  siteId = Number(site.id);
});

after(async () => {
  await db?.stop();
});

describe('pages.date_modified', () => {
  it('keeps the dates an insert gives (seeds, imports) and defaults to now()', async () => {
    const id = await oldPage('insert-dates');
    const row = await pageRow(id);
    assert.equal(row.date_modified.toISOString(), new Date(OLD).toISOString());
    assert.equal(row.date_created.toISOString(), new Date(OLD).toISOString());
    const { rows } = await db.pool.query(
      `insert into public.pages (site, name, url) values ($1, 'defaults', 'https://rules.example.com/d') returning date_modified, now() as t`, [siteId]);
    assert.equal(rows[0].date_modified.getTime(), rows[0].t.getTime());
  });

  for (const [column, value] of /** @type {const} */ ([
    ['name', "'Renamed'"],
    ['url', "'https://rules.example.com/moved'"],
    ['status', '2'],
    ['hide_cover_image_from_preview', 'true'],
  ])) {
    it(`is set to now() when the owner changes ${column}, whatever date the client sends`, async () => {
      const id = await oldPage(`edit-${column}`);
      const result = await asRole(db.pool, asUser(DEMO_USER), async (c) => {
        const { rows } = await c.query(
          `update public.pages set ${column} = ${value}, date_modified = '1999-01-01' where id = $1 returning date_modified, now() as t`, [id]);
        return rows;
      });
      assert.equal(result.length, 1, 'the owner may update the page');
      assert.equal(result[0].date_modified.getTime(), result[0].t.getTime());
    });
  }

  it('is left alone by an update that changes none of the page fields (the stored counts)', async () => {
    const id = await oldPage('counts-only');
    const { rows: [kw] } = await db.pool.query(`insert into public.keywords (keyword) values ('rules keyword') returning id`);
    await db.pool.query('insert into public.pages_keywords (linked_page, linked_keyword) values ($1, $2)', [id, kw.id]);
    await db.pool.query(
      // a SERP row of the page's own site: only those count (#27.2)
      `insert into public.serps (linked_keyword, site, position_absolute, title, url) values ($1, $2, 1, 'r', 'https://r.example/1')`, [kw.id, siteId]);
    const { rows } = await db.pool.query('select serp_results_count, date_modified from public.pages where id = $1', [id]);
    assert.equal(rows[0].serp_results_count, 1, 'the count trigger ran');
    assert.equal(rows[0].date_modified.toISOString(), new Date(OLD).toISOString());
    // same values written again: not an edit either
    await db.pool.query('update public.pages set name = name, url = url where id = $1', [id]);
    assert.equal((await pageRow(id)).date_modified.toISOString(), new Date(OLD).toISOString());
  });

  it('is not changed for another user: the update reaches no row', async () => {
    const id = await oldPage('foreign');
    const rows = await asRole(db.pool, asUser(OTHER_USER), async (c) =>
      (await c.query(`update public.pages set name = 'Stolen' where id = $1 returning id`, [id])).rows);
    assert.deepEqual(rows, []);
    assert.equal((await pageRow(id)).date_modified.toISOString(), new Date(OLD).toISOString());
  });
});

describe('pages.status', () => {
  it('an unknown status id becomes 1 on insert, as the owner', async () => {
    const rows = await asRole(db.pool, asUser(DEMO_USER), async (c) =>
      (await c.query(`insert into public.pages (site, name, url, status) values ($1, 'unknown status', 'https://rules.example.com/u', 999) returning status`, [siteId])).rows);
    assert.equal(Number(rows[0].status), 1);
  });

  it('an unknown status id becomes 1 on update; a known one is kept', async () => {
    const id = await oldPage('status-update');
    await db.pool.query('update public.pages set status = 3 where id = $1', [id]);
    assert.equal(Number((await pageRow(id)).status), 3);
    await db.pool.query('update public.pages set status = 424242 where id = $1', [id]);
    assert.equal(Number((await pageRow(id)).status), 1);
  });

  it('a null status becomes 1 instead of a not-null error', async () => {
    const err = await errorOf(db.pool, asUser(DEMO_USER),
      `insert into public.pages (site, name, url, status) values (${siteId}, 'null status', 'https://rules.example.com/n', null)`);
    assert.equal(err, null);
  });

  it('the other rules of the table still hold: an empty name is refused', async () => {
    const err = await errorOf(db.pool, asUser(DEMO_USER),
      `insert into public.pages (site, name, url) values (${siteId}, '  ', 'https://rules.example.com/e')`);
    assert.equal(err?.code, '23514');
  });
});

describe('page list sorts', () => {
  it('sorting a site by name or url reads an index, not the whole site sorted', async () => {
    for (let i = 0; i < 300; i += 1) await oldPage(`bulk-${String(i).padStart(3, '0')}`);
    await db.pool.query('analyze public.pages');
    for (const column of ['name', 'url']) {
      const { rows } = await db.pool.query(
        `explain select id from public.pages where site = $1 order by ${column} asc limit 10 offset 20`, [siteId]);
      const plan = rows.map((r) => r['QUERY PLAN']).join('\n');
      assert.match(plan, new RegExp(`pages_site_${column}_idx`), plan);
    }
  });
});
