// Audit fixes of issues 14 and 15 (migration 20261127000300): latest_versions_for_pages, one row per
// page whatever the number of versions ('copy version URLs'), and the article size cap of
// html_content / save_version_edit raised to 5,000,000 characters (a 2 MiB article fits).
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { asAnon, asRole, asUser, DEMO_USER, errorOf, OTHER_USER, startSeededDatabase } from './helpers.js';

/** @type {Awaited<ReturnType<typeof startSeededDatabase>>} */
let db;
/** The demo user's non-demo pages, and one page of the other user's. */
let myPages = /** @type {number[]} */ ([]);
let theirPage = 0;

before(async () => {
  db = await startSeededDatabase();
  myPages = (await db.pool.query(`
    select p.id::int from public.pages p join public.sites s on s.id = p.site
     where s.linked_user = $1 and not p.hide_revisions_texts_from_preview order by p.id`, [DEMO_USER])).rows.map((r) => r.id);
  theirPage = (await db.pool.query(`
    select p.id::int from public.pages p join public.sites s on s.id = p.site where s.linked_user = $1 limit 1`, [OTHER_USER])).rows[0].id;
});
after(async () => {
  await db?.stop();
});

const LATEST = 'select page::int, id::text from public.latest_versions_for_pages($1::bigint[]) order by page';

describe('latest_versions_for_pages', () => {
  it('one row per page, its newest version (created_date desc, then id), even past 1000 versions in all', async () => {
    const [many, few, none] = myPages;
    await asRole(db.pool, asUser(DEMO_USER), async (client) => {
      // 1200 versions on one page: a read of every version would be cut by PostgREST's max-rows (1000)
      await client.query(`
        insert into public.pages_versions (page, html_content, created_date)
        select $1, '<p>v' || g || '</p>', now() - interval '1 year' + g * interval '1 second' from generate_series(1, 1200) g`, [many]);
      const newest = (await client.query(
        `insert into public.pages_versions (page, html_content, created_date) values ($1, '<p>newest</p>', now() + interval '1 day') returning id::text`, [few])).rows[0].id;
      await client.query('delete from public.pages_versions where page = $1', [none]);
      const expected = (await client.query(
        `select distinct on (page) page::int, id::text from public.pages_versions where page = any($1::bigint[]) order by page, created_date desc, id`,
        [[many, few]])).rows;

      const rows = (await client.query(LATEST, [[many, few, none, few]])).rows;
      assert.deepEqual(rows, expected);
      assert.equal(rows.length, 2, 'a page without a version is absent; a repeated id answers once');
      assert.equal(rows.find((r) => r.page === few)?.id, newest);
    });
  });

  it("RLS applies (SECURITY INVOKER): another user's page answers nothing; anon may not call it", async () => {
    const rows = await asRole(db.pool, asUser(DEMO_USER), async (client) => (await client.query(LATEST, [[theirPage, myPages[0]]])).rows);
    assert.deepEqual(rows.map((r) => r.page), [myPages[0]]);
    assert.equal((await errorOf(db.pool, asAnon, LATEST, [[myPages[0]]]))?.code, '42501');
    const definer = (await db.pool.query(`select prosecdef from pg_proc where proname = 'latest_versions_for_pages'`)).rows[0].prosecdef;
    assert.equal(definer, false);
  });
});

describe('article size cap', () => {
  const EDIT = 'select id::text, length(html_content) as size from public.save_version_edit($1, $2)';

  it('save_version_edit stores a 2 MiB article and one of exactly 5,000,000 characters, and refuses one character more', async () => {
    const version = (await db.pool.query('select id::text from public.pages_versions where page = $1 limit 1', [myPages[3]])).rows[0].id;
    const twoMiB = `<p>${'é'.repeat(2 * 1024 * 1024 - 7)}</p>`;
    assert.equal(twoMiB.length, 2 * 1024 * 1024);
    await asRole(db.pool, asUser(DEMO_USER), async (client) => {
      assert.equal((await client.query(EDIT, [version, twoMiB])).rows[0].size, 2 * 1024 * 1024);
      const max = `<p>${'a'.repeat(5_000_000 - 7)}</p>`;
      assert.equal((await client.query(EDIT, [version, max])).rows[0].size, 5_000_000);
    });
    const error = await errorOf(db.pool, asUser(DEMO_USER), EDIT, [version, `<p>${'a'.repeat(5_000_000 - 6)}</p>`]);
    assert.equal(error?.message, 'The HTML content must be at most 5,000,000 characters.');
    assert.equal(error?.hint, 'html_content');
    assert.equal(error?.code, '22023');
  });

  it('the column refuses more than 5,000,000 characters from any writer', async () => {
    const error = await errorOf(db.pool, asUser(DEMO_USER), 'insert into public.pages_versions (page, html_content) values ($1, $2)',
      [myPages[3], 'a'.repeat(5_000_001)]);
    assert.equal(error?.code, '23514');
  });
});
