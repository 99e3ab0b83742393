// The stored per-page counts of the page list (migration 20261125000000): pages.serp_results_count
// (SERP rows of the page's keywords on the page's own site, since 20261128000500) and pages.llm_answers_count (the page's LLM answers),
// kept by triggers. After every change below, every page's stored counts must equal the
// counts computed from the tables (the invariant), not only the pages the test touched.
import assert from 'node:assert/strict';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import pg from 'pg';
import { DEFAULT_MIGRATIONS_DIR, prepareDatabase } from '@citable/worker/db/migrate.js';
import { startDatabase } from '../../src/db/postgres.js';
import { DEMO_USER, OTHER_USER, asAnon, asRole, asUser, errorOf, startSeededDatabase } from './helpers.js';

const COUNTS_MIGRATION = '20261125000000';

// Pages whose stored counts differ from the tables, with both.
const MISMATCHES = `
  select p.id, p.serp_results_count, p.llm_answers_count, t.serps, t.answers
    from public.pages p
    cross join lateral (select
      (select count(*)::int from public.pages_keywords pk
         join public.serps s on s.linked_keyword = pk.linked_keyword and s.site = p.site
        where pk.linked_page = p.id) as serps,
      (select count(*)::int from public.pages_llm_answers a where a.linked_page = p.id) as answers) t
   where p.serp_results_count <> t.serps or p.llm_answers_count <> t.answers
   order by p.id`;

/** @param {pg.Pool | pg.PoolClient | pg.Client} q */
async function assertCountsRight(q, label = '') {
  const { rows } = await q.query(MISMATCHES);
  assert.deepEqual(rows, [], `stored counts differ from the tables ${label}`);
}

/** @param {pg.Pool | pg.PoolClient} q @param {number} id */
async function countsOf(q, id) {
  const { rows } = await q.query('select serp_results_count as s, llm_answers_count as a from public.pages where id = $1', [id]);
  return [rows[0].s, rows[0].a];
}

/** @type {Awaited<ReturnType<typeof startSeededDatabase>>} */
let db;
let siteId = 0;
let otherSiteId = 0;
let llm = 0;

/** A page of DEMO_USER's test site. @param {string} name */
async function newPage(name, site = siteId) {
  const { rows } = await db.pool.query(
    `insert into public.pages (site, name, url) values ($1, $2, 'https://counts.example.com/' || $2) returning id`, [site, name]);
  return Number(rows[0].id);
}
/** @param {string} word */
async function newKeyword(word) {
  const { rows } = await db.pool.query('insert into public.keywords (keyword) values ($1) returning id', [word]);
  return Number(rows[0].id);
}

before(async () => {
  db = await startSeededDatabase();
  const { rows: [site] } = await db.pool.query(
    `insert into public.sites (name, url, linked_user) values ('Counts site', 'https://counts.example.com', $1) returning id`, [DEMO_USER]);
  siteId = Number(site.id);
  const { rows: [other] } = await db.pool.query(
    `insert into public.sites (name, url, linked_user) values ('Other counts site', 'https://other.example.com', $1) returning id`, [OTHER_USER]);
  otherSiteId = Number(other.id);
  llm = Number((await db.pool.query('select id from public.llms order by id limit 1')).rows[0].id);
});

after(async () => {
  await db?.stop();
});

describe('stored page counts (serp_results_count, llm_answers_count)', () => {
  it('are right for the seed (which writes through the triggers)', async () => {
    const { rows } = await db.pool.query('select count(*)::int as n from public.pages where serp_results_count > 0 and llm_answers_count > 0');
    assert.ok(rows[0].n > 5, 'the seed gives pages SERP rows and answers');
    await assertCountsRight(db.pool);
  });

  it('follow a bulk insert of SERP rows, as the owner through RLS, for every page linked to the keywords', async () => {
    const [p1, p2, p3] = [await newPage('bulk-1'), await newPage('bulk-2'), await newPage('bulk-3')];
    const [k1, k2] = [await newKeyword('counts bulk one'), await newKeyword('counts bulk two')];
    // p1: k1; p2: k1 + k2; p3: nothing. The owner links (add_page_keyword) and adds SERP rows of their own site.
    await asRole(db.pool, { ...asUser(DEMO_USER), commit: true }, async (c) => {
      await c.query("select public.add_page_keyword($1, 'counts bulk one'), public.add_page_keyword($2, 'counts bulk one'), public.add_page_keyword($2, 'counts bulk two')", [p1, p2]);
      await c.query(
        `insert into public.serps (linked_keyword, site, position_absolute, title)
         select k, $3, g, 'r' || g from (values ($1::bigint, 10), ($2::bigint, 4)) v (k, n), generate_series(1, n) g`,
        [k1, k2, siteId]);
    });
    assert.deepEqual(await countsOf(db.pool, p1), [10, 0]);
    assert.deepEqual(await countsOf(db.pool, p2), [14, 0]);
    assert.deepEqual(await countsOf(db.pool, p3), [0, 0]);
    await assertCountsRight(db.pool);
  });

  it('follow links and unlinks of keywords that already have SERP rows, and a link moved to another keyword', async () => {
    const p = await newPage('link-1');
    const [k1, k2] = [await newKeyword('counts link one'), await newKeyword('counts link two')];
    await db.pool.query(
      `insert into public.serps (linked_keyword, site, position_absolute) select $1::bigint, $3::bigint, g from generate_series(1, 7) g
       union all select $2::bigint, $3::bigint, g from generate_series(1, 3) g`, [k1, k2, siteId]);
    await asRole(db.pool, { ...asUser(DEMO_USER), commit: true }, async (c) => {
      await c.query("select public.add_page_keyword($1, 'counts link one')", [p]);
      assert.deepEqual(await countsOf(c, p), [7, 0]);
      await c.query("select public.add_page_keyword($1, 'counts link two')", [p]);
      assert.deepEqual(await countsOf(c, p), [10, 0]);
      await c.query('delete from public.pages_keywords where linked_page = $1 and linked_keyword = $2', [p, k1]);
      assert.deepEqual(await countsOf(c, p), [3, 0]);
      // Updating to_search changes nothing; moving the link to k1 (the service: users may not) gives k1's rows.
      await c.query('update public.pages_keywords set to_search = false where linked_page = $1', [p]);
      assert.deepEqual(await countsOf(c, p), [3, 0]);
      await c.query('reset role');
      await c.query('update public.pages_keywords set linked_keyword = $2 where linked_page = $1', [p, k1]);
      await c.query('set local role authenticated');
      assert.deepEqual(await countsOf(c, p), [7, 0]);
    });
    await assertCountsRight(db.pool);
  });

  it('follow SERP rows moved to another keyword, deleted, or updated in place', async () => {
    const [pa, pb] = [await newPage('move-a'), await newPage('move-b')];
    const [ka, kb] = [await newKeyword('counts move a'), await newKeyword('counts move b')];
    await db.pool.query('insert into public.pages_keywords (linked_page, linked_keyword) values ($1, $3), ($2, $4)', [pa, pb, ka, kb]);
    const { rows } = await db.pool.query(
      `insert into public.serps (linked_keyword, site, position_absolute) select $1, $2, g from generate_series(1, 5) g returning id`, [ka, siteId]);
    const ids = rows.map((r) => Number(r.id));
    assert.deepEqual([await countsOf(db.pool, pa), await countsOf(db.pool, pb)], [[5, 0], [0, 0]]);
    await asRole(db.pool, { ...asUser(DEMO_USER), commit: true }, async (c) => {
      await c.query('update public.serps set linked_keyword = $2 where id = any ($1::bigint[])', [ids.slice(0, 2), kb]);
      assert.deepEqual([await countsOf(c, pa), await countsOf(c, pb)], [[3, 0], [2, 0]]);
      await c.query(`update public.serps set title = 'renamed' where id = any ($1::bigint[])`, [ids]);
      assert.deepEqual([await countsOf(c, pa), await countsOf(c, pb)], [[3, 0], [2, 0]]);
      await c.query('delete from public.serps where id = any ($1::bigint[])', [[ids[0], ids[4]]]);
      assert.deepEqual([await countsOf(c, pa), await countsOf(c, pb)], [[2, 0], [1, 0]]);
    });
    await assertCountsRight(db.pool);
  });

  it('follow a keyword deleted with its links and SERP rows (ON DELETE CASCADE to both)', async () => {
    const p = await newPage('cascade-1');
    const [k1, k2] = [await newKeyword('counts cascade one'), await newKeyword('counts cascade two')];
    await db.pool.query('insert into public.pages_keywords (linked_page, linked_keyword) values ($1, $2), ($1, $3)', [p, k1, k2]);
    await db.pool.query(
      `insert into public.serps (linked_keyword, site, position_absolute) select k, $3, g
         from (values ($1::bigint), ($2::bigint)) v (k), generate_series(1, 4) g`, [k1, k2, siteId]);
    assert.deepEqual(await countsOf(db.pool, p), [8, 0]);
    await db.pool.query('delete from public.keywords where id = $1', [k1]);
    assert.deepEqual(await countsOf(db.pool, p), [4, 0]);
    await assertCountsRight(db.pool);
  });

  it('follow changes of links and SERP rows in one statement (a data-modifying CTE)', async () => {
    const p = await newPage('cte-1');
    const { rows } = await db.pool.query(
      `with k as (insert into public.keywords (keyword) values ('counts cte') returning id),
            l as (insert into public.pages_keywords (linked_page, linked_keyword) select $1, id from k)
       insert into public.serps (linked_keyword, site, position_absolute) select k.id, $2, g from k, generate_series(1, 6) g
       returning linked_keyword`, [p, siteId]);
    assert.deepEqual(await countsOf(db.pool, p), [6, 0]);
    await db.pool.query(
      `with d as (delete from public.pages_keywords where linked_page = $1 returning linked_keyword)
       delete from public.serps where linked_keyword in (select linked_keyword from d) and position_absolute <= 2`, [p]);
    assert.deepEqual(await countsOf(db.pool, p), [0, 0]);
    assert.equal(rows.length, 6);
    await assertCountsRight(db.pool);
  });

  it('follow LLM answers added, moved to another page and deleted', async () => {
    const [p1, p2] = [await newPage('answers-1'), await newPage('answers-2')];
    await asRole(db.pool, { ...asUser(DEMO_USER), commit: true }, async (c) => {
      const { rows } = await c.query(
        `insert into public.pages_llm_answers (linked_page, linked_llm, answer)
         select $1, $2, 'a' || g from generate_series(1, 4) g returning id`, [p1, llm]);
      const ids = rows.map((r) => Number(r.id));
      assert.deepEqual([await countsOf(c, p1), await countsOf(c, p2)], [[0, 4], [0, 0]]);
      await c.query('update public.pages_llm_answers set linked_page = $2 where id = $1', [ids[0], p2]);
      await c.query(`update public.pages_llm_answers set answer = 'edited' where id = any ($1::bigint[])`, [ids]);
      assert.deepEqual([await countsOf(c, p1), await countsOf(c, p2)], [[0, 3], [0, 1]]);
      await c.query('delete from public.pages_llm_answers where id = any ($1::bigint[])', [ids.slice(0, 3)]);
      assert.deepEqual([await countsOf(c, p1), await countsOf(c, p2)], [[0, 1], [0, 0]]);
    });
    await assertCountsRight(db.pool);
  });

  it('stay right when a page or a whole site is deleted', async () => {
    const { rows: [s] } = await db.pool.query(
      `insert into public.sites (name, url, linked_user) values ('Doomed', 'https://doomed.example.com', $1) returning id`, [DEMO_USER]);
    const [doomed, kept] = [await newPage('doomed', Number(s.id)), await newPage('kept')];
    const k = await newKeyword('counts doomed');
    await db.pool.query('insert into public.pages_keywords (linked_page, linked_keyword) values ($1, $3), ($2, $3)', [doomed, kept, k]);
    await db.pool.query(
      `insert into public.serps (linked_keyword, site, position_absolute) select $1::bigint, $2::bigint, g from generate_series(1, 3) g
       union all select $1::bigint, $3::bigint, g from generate_series(1, 2) g`, [k, s.id, siteId]);
    await db.pool.query('insert into public.pages_llm_answers (linked_page, linked_llm) values ($1, $2)', [doomed, llm]);
    // each page counts the SERP rows of its own site only
    assert.deepEqual([await countsOf(db.pool, doomed), await countsOf(db.pool, kept)], [[3, 1], [2, 0]]);
    // The site's SERP rows go with the site (serps.site cascades); `kept` never counted them.
    await db.pool.query('delete from public.sites where id = $1', [s.id]);
    assert.deepEqual(await countsOf(db.pool, kept), [2, 0]);
    await assertCountsRight(db.pool);
  });

  it('stay right when another transaction adds SERP rows of a keyword while a page is being linked to it', async () => {
    const p = await newPage('race-1');
    const k = await newKeyword('counts race');
    const [t1, t2] = [await db.pool.connect(), await db.pool.connect()];
    try {
      // T1 links the page (its trigger locks the keyword) and stays open; T2 adds SERP rows of
      // the keyword and has to wait for T1's commit before its trigger can count.
      await t1.query('begin');
      await t1.query('insert into public.pages_keywords (linked_page, linked_keyword) values ($1, $2)', [p, k]);
      await t2.query('begin');
      const pid2 = (await t2.query('select pg_backend_pid() as pid')).rows[0].pid;
      let settled = false;
      const inserting = t2.query('insert into public.serps (linked_keyword, site, position_absolute) select $1, $2, g from generate_series(1, 5) g', [k, siteId])
        .finally(() => { settled = true; });
      // Wait (by state, not by time) until T2 is blocked on T1's lock, then commit T1.
      let blocked = false;
      while (!settled && !blocked) {
        const { rows } = await db.pool.query('select wait_event_type from pg_stat_activity where pid = $1', [pid2]);
        blocked = rows[0]?.wait_event_type === 'Lock';
      }
      assert.ok(blocked, "T2's trigger waits for the keyword T1 locked");
      await t1.query('commit');
      await inserting;
      await t2.query('commit');
    } finally {
      t1.release();
      t2.release();
    }
    assert.deepEqual(await countsOf(db.pool, p), [5, 0]);
    await assertCountsRight(db.pool);
  });
});

describe('stored page counts: who writes and who reads them', () => {
  it('a signed-in user cannot write them, on insert or update (column privileges), the owner included', async () => {
    const p = await newPage('readonly-1');
    for (const [sql, params] of /** @type {[string, unknown[]][]} */ ([
      ['update public.pages set serp_results_count = 99 where id = $1', [p]],
      ['update public.pages set llm_answers_count = llm_answers_count + 1 where id = $1', [p]],
      [`insert into public.pages (site, name, url, serp_results_count) values ($1, 'x', 'https://counts.example.com/x', 5)`, [siteId]],
      [`insert into public.pages (site, name, url, llm_answers_count) values ($1, 'x', 'https://counts.example.com/x', 5)`, [siteId]],
    ])) {
      const error = await errorOf(db.pool, asUser(DEMO_USER), sql, params);
      assert.equal(error?.code, '42501', sql);
      assert.match(error.message, /permission denied/);
    }
    assert.equal((await errorOf(db.pool, asAnon, 'update public.pages set serp_results_count = 1'))?.code, '42501');
    // The other columns stay writable for the owner.
    await asRole(db.pool, asUser(DEMO_USER), async (c) => {
      const upd = await c.query(`update public.pages set name = 'Renamed', status = 2, date_modified = now() where id = $1`, [p]);
      assert.equal(upd.rowCount, 1);
      const ins = await c.query(`insert into public.pages (site, name, url) values ($1, 'y', 'https://counts.example.com/y') returning serp_results_count, llm_answers_count`, [siteId]);
      assert.deepEqual(ins.rows[0], { serp_results_count: 0, llm_answers_count: 0 });
    });
  });

  it('are read as RLS allows: the owner, nobody for a private page, everybody for a demo page', async () => {
    const p = await newPage('visible-1');
    const k = await newKeyword('counts visible');
    await db.pool.query('insert into public.pages_keywords (linked_page, linked_keyword) values ($1, $2)', [p, k]);
    await db.pool.query('insert into public.serps (linked_keyword, site, position_absolute) values ($1, $2, 1)', [k, siteId]);
    const own = await asRole(db.pool, asUser(DEMO_USER), (c) => c.query('select serp_results_count from public.pages where id = $1', [p]));
    assert.deepEqual(own.rows, [{ serp_results_count: 1 }]);
    for (const who of [asUser(OTHER_USER), asAnon]) {
      const seen = await asRole(db.pool, who, (c) => c.query('select serp_results_count from public.pages where id = $1 or site = $2', [p, siteId]));
      assert.deepEqual(seen.rows, []);
    }
    // The seed's demo article (a public example) shows its real counts to anyone.
    const { rows: [demo] } = await db.pool.query(
      'select id, serp_results_count, llm_answers_count from public.pages where hide_revisions_texts_from_preview');
    for (const who of [asUser(OTHER_USER), asAnon]) {
      const seen = await asRole(db.pool, who, (c) => c.query(
        'select id, serp_results_count, llm_answers_count from public.pages where hide_revisions_texts_from_preview'));
      assert.deepEqual(seen.rows, [demo]);
    }
    // Another user's page: not readable, so not its counts either.
    const foreign = await newPage('foreign-1', otherSiteId);
    const byDemoUser = await asRole(db.pool, asUser(DEMO_USER), (c) => c.query('select 1 from public.pages where id = $1', [foreign]));
    assert.equal(byDemoUser.rowCount, 0);
  });

  it('the computed-field functions are gone', async () => {
    const { rows } = await db.pool.query(
      `select proname from pg_proc where proname in ('serp_results_count', 'llm_answers_count') and pronamespace = 'public'::regnamespace`);
    assert.deepEqual(rows, []);
  });
});

describe('stored page counts: backfill of existing rows', () => {
  it('the migration fills the counts of pages that existed before it', async () => {
    const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'citable-backfill-'));
    const migrationsDir = await fs.mkdtemp(path.join(os.tmpdir(), 'citable-migrations-'));
    const server = await startDatabase({ dataDir, port: 0 });
    const client = new pg.Client({ connectionString: server.url });
    try {
      // Every migration before the counts one, then the seed (pages with keywords, SERP
      // rows and answers), then the rest.
      for (const f of await fs.readdir(DEFAULT_MIGRATIONS_DIR)) {
        if (f.endsWith('.sql') && f < COUNTS_MIGRATION) await fs.copyFile(path.join(DEFAULT_MIGRATIONS_DIR, f), path.join(migrationsDir, f));
      }
      const first = await prepareDatabase(server.url, { authenticatorPassword: 'backfill', migrationsDir });
      assert.equal(first.seeded, true);
      const second = await prepareDatabase(server.url, { authenticatorPassword: 'backfill' });
      assert.ok(second.applied.some((m) => m.startsWith(COUNTS_MIGRATION)), 'the counts migration ran after the seed');
      await client.connect();
      const { rows } = await client.query('select count(*)::int as n from public.pages where serp_results_count > 0 and llm_answers_count > 0');
      assert.ok(rows[0].n > 5);
      await assertCountsRight(client);
    } finally {
      await client.end().catch(() => {});
      await server.stop();
      await fs.rm(dataDir, { recursive: true, force: true });
      await fs.rm(migrationsDir, { recursive: true, force: true });
    }
  });
});
