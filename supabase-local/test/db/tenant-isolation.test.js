// Tenant isolation (issue 27): tone groups, keywords and SERPs, creator, storage listing, the
// creator of demo pages and of the review functions' answers, SERP counts per site. One seeded
// database for the file; every test rolls back what it does (asRole without commit) unless it
// says otherwise.
import assert from 'node:assert/strict';
import fs from 'node:fs/promises';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { asAnon, asRole, asUser, DEMO_USER, errorOf, OTHER_USER, REVIEW_VERSION, startSeededDatabase } from './helpers.js';
import { DEFAULT_MIGRATIONS_DIR } from '@citable/worker/db/migrate.js';

/** @type {Awaited<ReturnType<typeof startSeededDatabase>>} */
let db;
/** Seed ids: A = DEMO_USER, B = OTHER_USER. */
const ids = /** @type {Record<string, string>} */ ({});

/** @param {string} sql @param {unknown[]} [params] */
const one = async (sql, params = []) => (await db.pool.query(sql, params)).rows[0];

before(async () => {
  db = await startSeededDatabase();
  ids.sharedGroup = (await one("select id::text from public.tone_articles where name = 'Ton éditorial chaleureux'")).id;
  ids.privateGroup = (await one("select id::text from public.tone_articles where name = 'Ton expert et rassurant'")).id;
  ids.member = (await one("select id::text from public.tone_articles where name = 'Fiche juridique'")).id;
  ids.bGroup = (await one("select id::text from public.tone_articles where owner = $1 and parent_tone_article is null", [OTHER_USER])).id;
  ids.aSite = (await one('select id::text from public.sites where linked_user = $1 order by id limit 1', [DEMO_USER])).id;
  ids.bSite = (await one('select id::text from public.sites where linked_user = $1 order by id limit 1', [OTHER_USER])).id;
  ids.aPage = (await one('select id::text from public.pages where site = $1 and not hide_revisions_texts_from_preview order by id limit 1', [ids.aSite])).id;
  ids.bPage = (await one('select id::text from public.pages where site = $1 order by id limit 1', [ids.bSite])).id;
  const aKeyword = await one(
    `select k.id::text, k.keyword from public.keywords k join public.pages_keywords pk on pk.linked_keyword = k.id
      join public.serps s on s.linked_keyword = k.id and s.site = $1
      where pk.linked_page in (select id from public.pages where site = $1)
        and not exists (select 1 from public.pages_keywords o join public.pages op on op.id = o.linked_page
                         join public.sites os on os.id = op.site where o.linked_keyword = k.id and os.linked_user = $2)
      order by k.id limit 1`,
    [ids.aSite, OTHER_USER],
  );
  ids.aKeyword = aKeyword.id;
  ids.aKeywordText = aKeyword.keyword;
  for (const [key, value] of Object.entries(ids)) assert.ok(value, `seed gives ${key}`);
});
after(async () => {
  await db?.stop();
});

describe('#27.1 tone groups', () => {
  it("#27.1 a site cannot point at another user's private tone group", async () => {
    const error = await errorOf(db.pool, asUser(OTHER_USER), 'update public.sites set tone_articles_group = $1 where id = $2', [ids.privateGroup, ids.bSite]);
    assert.equal(error?.code, '23503', 'B may not use A\'s private group');
    const onInsert = await errorOf(db.pool, asUser(OTHER_USER), "insert into public.sites (url, tone_articles_group) values ('https://b.fr', $1)", [ids.privateGroup]);
    assert.equal(onInsert?.code, '23503');
  });

  it('#27.1 a site cannot point at a tone article that is a member, not a group', async () => {
    // A's own member: still not a group
    const error = await errorOf(db.pool, asUser(DEMO_USER), 'update public.sites set tone_articles_group = $1 where id = $2', [ids.member, ids.aSite]);
    assert.equal(error?.code, '23503');
  });

  it('#27.1 a site points at its own groups and shared groups (control)', async () => {
    await asRole(db.pool, asUser(OTHER_USER), async (client) => {
      for (const group of [ids.sharedGroup, ids.bGroup]) {
        const { rowCount } = await client.query('update public.sites set tone_articles_group = $1 where id = $2', [group, ids.bSite]);
        assert.equal(rowCount, 1);
      }
      // saving other settings of a site whose group is kept works
      assert.equal((await client.query("update public.sites set name = 'Boulangerie' where id = $1", [ids.bSite])).rowCount, 1);
    });
  });

  it("#27.1 the site form's group list (the workspace's query) offers exactly the groups a site accepts", async () => {
    for (const user of [DEMO_USER, OTHER_USER]) {
      await asRole(db.pool, asUser(user), async (client) => {
        const offered = (await client.query('select id::text, owner, is_shared from public.tone_articles where parent_tone_article is null')).rows;
        assert.ok(offered.length > 0);
        assert.ok(offered.every((g) => g.is_shared || g.owner === user));
        const site = (await client.query('select id from public.sites where linked_user = $1 limit 1', [user])).rows[0].id;
        for (const g of offered) await client.query('update public.sites set tone_articles_group = $1 where id = $2', [g.id, site]);
      });
    }
    const offeredToB = await asRole(db.pool, asUser(OTHER_USER), async (client) =>
      (await client.query('select id::text from public.tone_articles where parent_tone_article is null')).rows.map((r) => r.id));
    assert.ok(!offeredToB.includes(ids.privateGroup));
    assert.ok(offeredToB.includes(ids.sharedGroup));
  });

  it('#27.1 a group made private is cleared from the other users\' sites that pointed at it', async () => {
    const client = await db.pool.connect();
    try {
      await client.query('begin');
      await client.query('update public.sites set tone_articles_group = $1 where id = $2', [ids.sharedGroup, ids.bSite]);
      await client.query("select set_config('request.jwt.claims', $1, true)", [JSON.stringify({ sub: DEMO_USER, role: 'authenticated' })]);
      await client.query('set local role authenticated');
      await client.query('update public.tone_articles set is_shared = false where id = $1', [ids.sharedGroup]);
      await client.query('reset role');
      const { rows } = await client.query('select id::text, tone_articles_group::text as g from public.sites where tone_articles_group = $1 or id = $2', [ids.sharedGroup, ids.bSite]);
      assert.equal(rows.find((r) => r.id === ids.bSite)?.g ?? null, null, "B's site no longer points at A's now private group");
      assert.ok(rows.some((r) => r.g === ids.sharedGroup), "A's own sites keep it");
    } finally {
      await client.query('rollback');
      client.release();
    }
  });
});

describe('#27.2 keywords and SERPs', () => {
  it('#27.2 a user reads only the keywords linked to their own pages', async () => {
    const visible = await asRole(db.pool, asUser(OTHER_USER), async (client) =>
      (await client.query('select id::text from public.keywords')).rows.map((r) => r.id));
    const expected = (await db.pool.query(
      `select distinct pk.linked_keyword::text as id from public.pages_keywords pk join public.pages p on p.id = pk.linked_page
         join public.sites s on s.id = p.site where s.linked_user = $1`, [OTHER_USER])).rows.map((r) => r.id);
    assert.deepEqual(visible.sort(), expected.sort());
    assert.ok(!visible.includes(ids.aKeyword));
  });

  it("#27.2 linking another user's keyword id to one's page neither works nor reveals its SERP rows", async () => {
    const link = await errorOf(db.pool, asUser(OTHER_USER), 'insert into public.pages_keywords (linked_page, linked_keyword) values ($1, $2)', [ids.bPage, ids.aKeyword]);
    assert.equal(link?.code, '42501');
    const move = await errorOf(db.pool, asUser(OTHER_USER), 'update public.pages_keywords set linked_keyword = $1 where linked_page = $2', [ids.aKeyword, ids.bPage]);
    assert.equal(move?.code, '42501');
    const add = await errorOf(db.pool, asUser(OTHER_USER), "insert into public.keywords (keyword) values ('mot-clé de B')");
    assert.equal(add?.code, '42501', 'keywords are added through add_page_keyword only');
    // even a link made by the service, B reads only SERP rows of B's sites
    await asRole(db.pool, asUser(OTHER_USER), async (client) => {
      await client.query('reset role');
      await client.query('insert into public.pages_keywords (linked_page, linked_keyword) values ($1, $2)', [ids.bPage, ids.aKeyword]);
      await client.query('set local role authenticated');
      const { rows } = await client.query('select site::text from public.serps where linked_keyword = $1', [ids.aKeyword]);
      assert.deepEqual(rows, [], "none of A's SERP rows");
    });
  });

  it('#27.2 B adds a keyword A already has: it links to B\'s page, and B sees only SERP rows of its own sites', async () => {
    await asRole(db.pool, asUser(OTHER_USER), async (client) => {
      const typed = `  ${ids.aKeywordText.toUpperCase()} `;
      const added = (await client.query('select public.add_page_keyword($1, $2) as r', [ids.bPage, typed])).rows[0].r;
      assert.equal(added.status, 'linked');
      assert.equal(String(added.keyword_id), ids.aKeyword, 'the dictionary keeps one row per keyword');
      assert.equal(added.keyword, ids.aKeywordText);
      const again = (await client.query('select public.add_page_keyword($1, $2) as r', [ids.bPage, ids.aKeywordText])).rows[0].r;
      assert.equal(again.status, 'already-linked');
      assert.equal(again.link_id, added.link_id);
      // the workspace's reads: the page's keywords with the keyword, then its SERP rows
      const linked = await client.query(
        'select pk.id, k.keyword from public.pages_keywords pk join public.keywords k on k.id = pk.linked_keyword where pk.linked_page = $1 and k.id = $2',
        [ids.bPage, ids.aKeyword]);
      assert.equal(linked.rowCount, 1);
      await client.query('insert into public.serps (linked_keyword, site, position_absolute, title) values ($1, $2, 1, $3)', [ids.aKeyword, ids.bSite, 'B result']);
      const serps = (await client.query('select site::text, own_site from public.serps where linked_keyword = $1', [ids.aKeyword])).rows;
      assert.deepEqual(serps.map((s) => s.site), [ids.bSite]);
      // A new keyword is created once
      const created = (await client.query("select public.add_page_keyword($1, 'pain au levain bio de B') as r", [ids.bPage])).rows[0].r;
      assert.equal(created.status, 'linked');
    });
    const aStill = await asRole(db.pool, asUser(DEMO_USER), async (client) =>
      (await client.query('select count(*)::int as n from public.serps where linked_keyword = $1 and site <> $2', [ids.aKeyword, ids.aSite])).rows[0].n);
    assert.equal(aStill, 0);
  });

  it("#27.2 add_page_keyword refuses another user's page, blank keywords and anonymous callers", async () => {
    const foreign = await errorOf(db.pool, asUser(OTHER_USER), "select public.add_page_keyword($1, 'x')", [ids.aPage]);
    assert.equal(foreign?.hint, 'not_found');
    const blank = await errorOf(db.pool, asUser(OTHER_USER), "select public.add_page_keyword($1, '   ')", [ids.bPage]);
    assert.equal(blank?.hint, 'keyword');
    const anon = await errorOf(db.pool, asAnon, "select public.add_page_keyword($1, 'x')", [ids.bPage]);
    assert.equal(anon?.code, '42501');
  });
});

describe('#27.3 creator', () => {
  it('#27.3 the owner cannot change creator of a page or a version, and the database sets it on insert', async () => {
    for (const [table, where] of [['pages', 'id = $2'], ['pages_versions', 'page = $2']]) {
      const error = await errorOf(db.pool, asUser(DEMO_USER), `update public.${table} set creator = $1 where ${where}`, [OTHER_USER, ids.aPage]);
      assert.equal(error?.code, '42501', `${table}.creator is not changed on update`);
    }
    await asRole(db.pool, asUser(DEMO_USER), async (client) => {
      // the same value (a whole-row PATCH) is fine
      assert.ok((await client.query('update public.pages set creator = creator where id = $1', [ids.aPage])).rowCount === 1);
      const page = (await client.query("insert into public.pages (site, name, url, creator) values ($1, 'C', 'https://c.fr/c', null) returning creator", [ids.aSite])).rows[0];
      assert.equal(page.creator, DEMO_USER);
    });
  });

  it('#27.3 deleting a user still clears creator (ON DELETE SET NULL)', async () => {
    const client = await db.pool.connect();
    try {
      await client.query('begin');
      await client.query("insert into public.pages (site, name, url, creator) values ($1, 'By B', 'https://b.fr/b', $2)", [ids.aSite, OTHER_USER]);
      await client.query('delete from auth.users where id = $1', [OTHER_USER]);
      const { rows } = await client.query("select creator from public.pages where name = 'By B'");
      assert.equal(rows[0].creator, null);
    } finally {
      await client.query('rollback');
      client.release();
    }
  });
});

describe('#27.15 demo creator and storage listing', () => {
  it("#27.15 anonymous readers of a demo page and its versions do not get the owner's user id", async () => {
    for (const table of ['pages', 'pages_versions']) {
      const error = await errorOf(db.pool, asAnon, `select creator from public.${table}`);
      assert.equal(error?.code, '42501', `anon cannot read ${table}.creator`);
    }
    const view = await asRole(db.pool, asAnon, async (client) =>
      (await client.query("select public.get_article_for_view('00000000-0000-4000-8000-00000000d3e0') as r")).rows[0].r);
    assert.ok(view && !JSON.stringify(view).includes(DEMO_USER));
    // the other columns stay readable (the public demo listing)
    const rows = await asRole(db.pool, asAnon, async (client) =>
      (await client.query('select v.id, v.page, v.created_date, v.html_content, p.name from public.pages_versions v join public.pages p on p.id = v.page')).rows);
    assert.equal(rows.length, 2);
  });

  it('#27.15 objects are listed only for their owners (logos they uploaded, folders of their pages)', async () => {
    await db.pool.query(
      `insert into storage.objects (bucket_id, name, owner) values
         ('seo1', 'logos/a-logo.png', $1), ('seo1', 'logos/b-logo.png', $2),
         ('page-images', $3 || '/a.png', $1), ('page-images', $4 || '/b.png', $2)`,
      [DEMO_USER, OTHER_USER, ids.aPage, ids.bPage]);
    const names = async (/** @type {any} */ who) => asRole(db.pool, who, async (client) =>
      (await client.query("select bucket_id || ':' || name as n from storage.objects where name in ('logos/a-logo.png', 'logos/b-logo.png', $1, $2) order by 1",
        [`${ids.aPage}/a.png`, `${ids.bPage}/b.png`])).rows.map((r) => r.n));
    assert.deepEqual(await names(asAnon), []);
    assert.deepEqual(await names(asUser(DEMO_USER)), [`page-images:${ids.aPage}/a.png`, 'seo1:logos/a-logo.png']);
    assert.deepEqual(await names(asUser(OTHER_USER)), [`page-images:${ids.bPage}/b.png`, 'seo1:logos/b-logo.png']);
  });
});

describe('#27.15 review functions', () => {
  it("#27.15 the review functions answer a review-link holder with the version's review state, never its creator", async () => {
    const expectedKeys = ['approved', 'client_comments', 'comments_to_modify', 'created_date', 'html_content', 'id', 'page', 'sent_in_revision'];
    await asRole(db.pool, asAnon, async (client) => {
      // draft -> in revision -> draft -> approved -> draft, as the reviewer app without an account
      for (const [call, params, state] of /** @type {[string, unknown[], [boolean, boolean]][]} */ ([
        ['send_for_revision($1, $2)', [REVIEW_VERSION, 'Plus court'], [true, false]],
        ['cancel_revision($1)', [REVIEW_VERSION], [false, false]],
        ['approve_version($1)', [REVIEW_VERSION], [false, true]],
        ['cancel_approval($1)', [REVIEW_VERSION], [false, false]],
      ])) {
        // to_json: the same answer PostgREST sends, whatever the return type
        const r = (await client.query(`select to_json(public.${call}) as r`, params)).rows[0].r;
        assert.deepEqual(Object.keys(r).sort(), expectedKeys, call);
        assert.ok(!JSON.stringify(r).includes(DEMO_USER) && !JSON.stringify(r).includes(OTHER_USER), `${call} gives no user id`);
        assert.equal(r.id, REVIEW_VERSION);
        assert.deepEqual([r.sent_in_revision, r.approved], state, call);
      }
    });
  });
});

describe('#27.2 SERP counts', () => {
  // The stored count as the page list reads it, against the SERP rows of the page's keywords on its own site.
  const MISMATCHES = `
    select p.id, p.serp_results_count, t.n from public.pages p
      cross join lateral (select count(*)::int as n from public.pages_keywords pk
                            join public.serps s on s.linked_keyword = pk.linked_keyword and s.site = p.site
                           where pk.linked_page = p.id) t
     where p.serp_results_count <> t.n order by p.id`;

  it("#27.2 a page's SERP count counts only the SERP rows of its own site, on every change", async () => {
    const client = await db.pool.connect();
    /** @param {string} page */
    const countOf = async (page) => (await client.query('select serp_results_count as n from public.pages where id = $1', [page])).rows[0].n;
    /** @param {string} sub @param {string} sql @param {unknown[]} params */
    const as = async (sub, sql, params) => {
      await client.query("select set_config('request.jwt.claims', $1, true)", [JSON.stringify({ sub, role: 'authenticated' })]);
      await client.query('set local role authenticated');
      try {
        return await client.query(sql, params);
      } finally {
        await client.query('reset role');
      }
    };
    try {
      await client.query('begin');
      const aPage = (await client.query(
        'select pk.linked_page::text as id from public.pages_keywords pk join public.pages p on p.id = pk.linked_page where pk.linked_keyword = $1 and p.site = $2 order by 1 limit 1',
        [ids.aKeyword, ids.aSite])).rows[0].id;
      const aRows = Number((await client.query('select count(*) as n from public.serps where linked_keyword = $1 and site = $2', [ids.aKeyword, ids.aSite])).rows[0].n);
      assert.ok(aRows > 0);
      const [aBefore, bBefore] = [await countOf(aPage), await countOf(ids.bPage)];

      // B links A's keyword to B's page: none of A's SERP rows count for B
      await as(OTHER_USER, 'select public.add_page_keyword($1, $2)', [ids.bPage, ids.aKeywordText]);
      assert.equal(await countOf(ids.bPage), bBefore, "B's count leaves out A's SERP rows");
      // B's own SERP row of the keyword counts for B only
      const bRow = (await as(OTHER_USER, "insert into public.serps (linked_keyword, site, position_absolute, title) values ($1, $2, 1, 'B') returning id::text",
        [ids.aKeyword, ids.bSite])).rows[0].id;
      assert.deepEqual([await countOf(aPage), await countOf(ids.bPage)], [aBefore, bBefore + 1]);
      // a SERP row moved to another site (the service) counts for that site's pages
      await client.query('update public.serps set site = $2 where id = $1', [bRow, ids.aSite]);
      assert.deepEqual([await countOf(aPage), await countOf(ids.bPage)], [aBefore + 1, bBefore]);
      await client.query('update public.serps set site = $2 where id = $1', [bRow, ids.bSite]);
      assert.deepEqual([await countOf(aPage), await countOf(ids.bPage)], [aBefore, bBefore + 1]);
      await client.query('delete from public.serps where id = $1', [bRow]);
      assert.deepEqual([await countOf(aPage), await countOf(ids.bPage)], [aBefore, bBefore]);

      // A moves the page to another of A's sites: it counts that site's rows, then its own again
      const aSite2 = (await client.query('select id::text from public.sites where linked_user = $1 and id <> $2 order by id limit 1', [DEMO_USER, ids.aSite])).rows[0].id;
      await client.query('insert into public.serps (linked_keyword, site, position_absolute) select $1, $2, g from generate_series(1, 2) g', [ids.aKeyword, aSite2]);
      assert.equal(await countOf(aPage), aBefore, "rows of A's other site do not count for this page");
      const moved = await as(DEMO_USER, 'update public.pages set site = $2 where id = $1', [aPage, aSite2]);
      assert.equal(moved.rowCount, 1);
      const onSite2 = Number((await client.query(
        `select count(*) as n from public.pages_keywords pk join public.serps s on s.linked_keyword = pk.linked_keyword and s.site = $2
          where pk.linked_page = $1`, [aPage, aSite2])).rows[0].n);
      assert.ok(onSite2 >= 2);
      assert.equal(await countOf(aPage), onSite2);
      await as(DEMO_USER, 'update public.pages set site = $2 where id = $1', [aPage, ids.aSite]);
      assert.equal(await countOf(aPage), aBefore);

      // B unlinks the keyword
      await as(OTHER_USER, 'delete from public.pages_keywords where linked_page = $1 and linked_keyword = $2', [ids.bPage, ids.aKeyword]);
      assert.equal(await countOf(ids.bPage), bBefore);
      assert.deepEqual((await client.query(MISMATCHES)).rows, []);
    } finally {
      await client.query('rollback');
      client.release();
    }
  });

  it('#27.2 a page moved to another site while SERP rows of its keyword are added there counts them, in either order', async () => {
    const page = (await one(
      'select pk.linked_page::text as id from public.pages_keywords pk join public.pages p on p.id = pk.linked_page where pk.linked_keyword = $1 and p.site = $2 order by 1 limit 1',
      [ids.aKeyword, ids.aSite])).id;
    const site2 = (await one('select id::text from public.sites where linked_user = $1 and id <> $2 order by id limit 1', [DEMO_USER, ids.aSite])).id;
    const [t1, t2] = [await db.pool.connect(), await db.pool.connect()];
    /** Run `blocked` on t2, wait (by state) until it waits for a lock, then commit t1. @param {string} sql @param {unknown[]} params */
    const whileBlocked = async (sql, params) => {
      const pid = (await t2.query('select pg_backend_pid() as pid')).rows[0].pid;
      let settled = false;
      const running = t2.query(sql, params).finally(() => { settled = true; });
      let blocked = false;
      while (!settled && !blocked) blocked = (await db.pool.query('select wait_event_type as w from pg_stat_activity where pid = $1', [pid])).rows[0]?.w === 'Lock';
      assert.ok(blocked, 'the second transaction waits for the first');
      await t1.query('commit');
      await running;
      await t2.query('commit');
    };
    const expected = async () => Number((await one(
      `select count(*) as n from public.pages p join public.pages_keywords pk on pk.linked_page = p.id
         join public.serps s on s.linked_keyword = pk.linked_keyword and s.site = p.site where p.id = $1`, [page])).n);
    const added = "insert into public.serps (linked_keyword, site, position_absolute, title) select $1, $2, g, 'race' from generate_series(1, 3) g";
    try {
      // the page moves first (its row locked), the SERP rows' trigger waits for it
      await t1.query('begin');
      await t1.query('update public.pages set site = $2 where id = $1', [page, site2]);
      await t2.query('begin');
      await whileBlocked(added, [ids.aKeyword, site2]);
      assert.ok((await expected()) >= 3);
      assert.equal(Number((await one('select serp_results_count as n from public.pages where id = $1', [page])).n), await expected());
      // the SERP rows first (keyword and pages locked by their trigger), the move waits for them
      await t1.query('begin');
      await t1.query(added, [ids.aKeyword, ids.aSite]);
      await t2.query('begin');
      await whileBlocked('update public.pages set site = $2 where id = $1', [page, ids.aSite]);
      assert.equal(Number((await one('select serp_results_count as n from public.pages where id = $1', [page])).n), await expected());
    } finally {
      for (const t of [t1, t2]) {
        await t.query('rollback').catch(() => {});
        t.release();
      }
      await db.pool.query("delete from public.serps where title = 'race' and linked_keyword = $1", [ids.aKeyword]);
      await db.pool.query('update public.pages set site = $2 where id = $1', [page, ids.aSite]);
    }
    assert.deepEqual((await db.pool.query(MISMATCHES)).rows, []);
  });

  it('#27.2 the migration recounts the stored SERP counts (backfill), and runs again on a migrated database', async () => {
    assert.deepEqual((await db.pool.query(MISMATCHES)).rows, [], 'the seed');
    const sql = await fs.readFile(path.join(DEFAULT_MIGRATIONS_DIR, '20261128000500_tenant_isolation_leftovers.sql'), 'utf8');
    const client = await db.pool.connect();
    try {
      await client.query('begin');
      // counts as the old triggers left them: B's page linked to A's keyword counted A's SERP rows
      await client.query("set local session_replication_role = 'replica'");
      await client.query('insert into public.pages_keywords (linked_page, linked_keyword) values ($1, $2)', [ids.bPage, ids.aKeyword]);
      await client.query(
        `update public.pages p set serp_results_count = (select count(*) from public.pages_keywords pk
            join public.serps s on s.linked_keyword = pk.linked_keyword where pk.linked_page = p.id)`);
      await client.query("set local session_replication_role = 'origin'");
      assert.ok((await client.query(MISMATCHES)).rowCount > 0, 'stale counts before the migration');
      await client.query(sql);
      assert.deepEqual((await client.query(MISMATCHES)).rows, []);
    } finally {
      await client.query('rollback');
      client.release();
    }
  });
});
