// The page list of docs/data-model.md#calls at the SQL level: the per-page counts are stored columns
// (kept by triggers, see page-counts.test.js) read under the pages policy, and that policy
// resolves the caller's sites once per statement (an InitPlan), not with a function call
// per row — the regression that made the exact count of a 10,000-page site take ~60 ms.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { DEMO_USER, OTHER_USER, asAnon, asRole, asUser, startSeededDatabase } from './helpers.js';

/** @type {Awaited<ReturnType<typeof startSeededDatabase>>} */
let db;
let siteId = 0;
/** @type {number[]} */
let pageIds = [];

before(async () => {
  db = await startSeededDatabase();
  // A site of DEMO_USER with 300 pages; page i has (i % 4) SERP rows and (i % 3) answers.
  const { rows: [site] } = await db.pool.query(
    `insert into public.sites (name, url, linked_user) values ('Plan site', 'https://plan.example.com', $1) returning id`,
    [DEMO_USER],
  );
  siteId = Number(site.id);
  const { rows } = await db.pool.query(
    `insert into public.pages (site, name, url, creator, date_modified)
     select $1, 'P' || g, 'https://plan.example.com/' || g, $2, now() - make_interval(mins => g)
       from generate_series(1, 300) g returning id`,
    [siteId, DEMO_USER],
  );
  pageIds = rows.map((r) => Number(r.id)).sort((a, b) => a - b);
  await db.pool.query(
    `with p as (select id, row_number() over (order by id) as i from public.pages where site = $1),
          k as (insert into public.keywords (keyword) select 'plan kw ' || i from p returning id, keyword)
     insert into public.pages_keywords (linked_page, linked_keyword)
     select p.id, k.id from p join k on k.keyword = 'plan kw ' || p.i`,
    [siteId],
  );
  await db.pool.query(
    `insert into public.serps (linked_keyword, site, own_site, position_absolute, title, url, meta_description, type)
     select pk.linked_keyword, $1, false, s, 't', 'https://r.example/' || s, 'm', 'organic'
       from public.pages_keywords pk
       join (select id, row_number() over (order by id) as i from public.pages where site = $1) p on p.id = pk.linked_page
       cross join lateral generate_series(1, (p.i % 4)::int) s`,
    [siteId],
  );
  await db.pool.query(
    `insert into public.pages_llm_answers (linked_page, linked_llm, answer)
     select p.id, (select id from public.llms order by id limit 1), 'a'
       from (select id, row_number() over (order by id) as i from public.pages where site = $1) p
       cross join lateral generate_series(1, (p.i % 3)::int)`,
    [siteId],
  );
  await db.pool.query('analyze public.pages, public.pages_keywords, public.serps, public.pages_llm_answers');
});

after(async () => {
  await db?.stop();
});

describe('page list (docs/data-model.md#calls)', () => {
  it('gives the owner the exact count and the per-page counts of SERP rows and LLM answers', async () => {
    const { rows } = await asRole(db.pool, asUser(DEMO_USER), (c) => c.query(
      `select id, serp_results_count as serps, llm_answers_count as answers, count(*) over () as total
         from public.pages p where site = $1 order by id`,
      [siteId],
    ));
    assert.equal(rows.length, 300);
    assert.equal(Number(rows[0].total), 300);
    rows.forEach((r, i) => {
      assert.equal(r.serps, (i + 1) % 4, `serp_results_count of page #${i + 1}`);
      assert.equal(r.answers, (i + 1) % 3, `llm_answers_count of page #${i + 1}`);
    });
  });

  it('shows someone else neither the pages nor their counts', async () => {
    for (const who of [asUser(OTHER_USER), asAnon]) {
      const visible = await asRole(db.pool, who, (c) => c.query(
        'select count(*)::int as n, coalesce(sum(serp_results_count), 0)::int as s from public.pages where site = $1', [siteId]));
      assert.deepEqual(visible.rows[0], { n: 0, s: 0 });
    }
  });

  it('service_role sees every count', async () => {
    const client = await db.pool.connect();
    try {
      await client.query('begin');
      await client.query(`select set_config('request.jwt.claims', '{"role":"service_role"}', true)`);
      await client.query('set local role service_role');
      const { rows } = await client.query('select serp_results_count as s, llm_answers_count as a from public.pages where id = $1', [pageIds[2]]);
      assert.deepEqual([rows[0].s, rows[0].a], [3, 0]);
      await client.query('rollback');
    } finally {
      client.release();
    }
  });

  it('the owner reads, writes and deletes their pages; others and anon see only demo pages', async () => {
    // Visibility through the policies' `site = any (array (select private.owned_sites()))`.
    const own = await asRole(db.pool, asUser(DEMO_USER), (c) => c.query('select count(*)::int as n from public.pages where site = $1', [siteId]));
    assert.equal(own.rows[0].n, 300);
    const demo = await db.pool.query('select count(*)::int as n from public.pages where hide_revisions_texts_from_preview');
    const anon = await asRole(db.pool, asAnon, (c) => c.query('select count(*)::int as n from public.pages'));
    assert.equal(anon.rows[0].n, demo.rows[0].n);
    const other = await asRole(db.pool, asUser(OTHER_USER), (c) => c.query(
      `select count(*)::int as n from public.pages p
        where not p.hide_revisions_texts_from_preview
          and not exists (select 1 from public.sites s where s.id = p.site and s.linked_user = $1)`,
      [OTHER_USER],
    ));
    assert.equal(other.rows[0].n, 0);
    await asRole(db.pool, asUser(DEMO_USER), async (c) => {
      const ins = await c.query(`insert into public.pages (site, name, url) values ($1, 'New', 'https://plan.example.com/new') returning id`, [siteId]);
      const upd = await c.query(`update public.pages set name = 'Renamed' where id = $1`, [ins.rows[0].id]);
      assert.equal(upd.rowCount, 1);
      const del = await c.query('delete from public.pages where id = $1', [ins.rows[0].id]);
      assert.equal(del.rowCount, 1);
    });
    await asRole(db.pool, asUser(OTHER_USER), async (c) => {
      const upd = await c.query(`update public.pages set name = 'Hijacked' where id = $1`, [pageIds[0]]);
      const del = await c.query('delete from public.pages where id = $1', [pageIds[0]]);
      assert.deepEqual([upd.rowCount, del.rowCount], [0, 0]);
      await assert.rejects(
        c.query(`insert into public.pages (site, name, url) values ($1, 'X', 'https://plan.example.com/x')`, [siteId]),
        /row-level security/,
      );
    });
  });

  it('resolves the caller\'s sites once per statement, not per row (InitPlan, no owns_site call per page)', async () => {
    const plan = await asRole(db.pool, asUser(DEMO_USER), (c) => c.query(
      `explain (format text) select count(*) from public.pages where site = $1`,
      [siteId],
    ));
    const text = plan.rows.map((r) => r['QUERY PLAN']).join('\n');
    assert.match(text, /InitPlan/);
    assert.doesNotMatch(text, /owns_site/);
    const list = await asRole(db.pool, asUser(DEMO_USER), (c) => c.query(
      `explain (format text) select id from public.pages where site = $1 order by date_modified desc limit 10`,
      [siteId],
    ));
    assert.match(list.rows.map((r) => r['QUERY PLAN']).join('\n'), /Index (Only )?Scan using pages_site_date_modified_idx/);
  });
});
