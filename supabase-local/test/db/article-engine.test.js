// The article engine's tables and computed columns (migration 20261129000100): a page's brief and
// its sources are its owner's only; a client cannot set a version's claims or score nor a page's
// content_score; pages.content_score follows the latest version's score.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { asRole, asUser, DEMO_USER, errorOf, OTHER_USER, startSeededDatabase } from './helpers.js';

/** @type {Awaited<ReturnType<typeof startSeededDatabase>>} */
let db;
/** @type {string} */
let aPage;

const BRIEF = { version: 1, language: 'fr', keywords: ['pain au levain'], keywordsDerived: false, targetWords: 1500, competitorWords: null, sections: [], terms: [], questions: [], editedAt: null };

/** @param {string} sql @param {unknown[]} [params] */
const one = async (sql, params = []) => (await db.pool.query(sql, params)).rows[0];

before(async () => {
  db = await startSeededDatabase();
  aPage = (await one('select p.id::text from public.pages p join public.sites s on s.id = p.site where s.linked_user = $1 order by p.id limit 1', [DEMO_USER])).id;
});
after(() => db?.stop());

describe('page briefs', () => {
  it("the owner writes the brief (edited_at set, research columns kept the worker's); another user neither reads nor writes it", async () => {
    await db.pool.query(
      `insert into public.page_briefs (page, brief, researched_at) values ($1, $2, now())
       on conflict (page) do update set brief = excluded.brief, researched_at = excluded.researched_at, edited_at = null`,
      [aPage, BRIEF],
    );
    await db.pool.query(
      `insert into public.page_brief_sources (page, n, url, status, words, text) values ($1, 1, 'https://a.test/levain', 'read', 900, 'Le levain naturel…')
       on conflict (page, n) do nothing`,
      [aPage],
    );
    const mine = await asRole(db.pool, asUser(DEMO_USER), async (client) => {
      await client.query("update public.page_briefs set brief = jsonb_set(brief, '{targetWords}', '1800'), researched_at = null where page = $1", [aPage]);
      return (await client.query('select brief, edited_at, researched_at from public.page_briefs where page = $1', [aPage])).rows[0];
    });
    assert.equal(mine.brief.targetWords, 1800);
    assert.ok(mine.edited_at, 'an end user write marks the brief edited');
    assert.ok(mine.researched_at, 'researched_at stays the worker’s');

    const theirs = await asRole(db.pool, asUser(OTHER_USER), async (client) => ({
      briefs: (await client.query('select 1 from public.page_briefs where page = $1', [aPage])).rowCount,
      sources: (await client.query('select 1 from public.page_brief_sources where page = $1', [aPage])).rowCount,
      updated: (await client.query("update public.page_briefs set brief = '{}' where page = $1", [aPage])).rowCount,
    }));
    assert.deepEqual(theirs, { briefs: 0, sources: 0, updated: 0 });
    const insert = await errorOf(db.pool, asUser(OTHER_USER), 'insert into public.page_briefs (page, brief) values ($1, $2)', [aPage, BRIEF]);
    assert.equal(insert?.code, '42501');
  });

  it('sources are written by the worker only', async () => {
    const error = await errorOf(
      db.pool,
      asUser(DEMO_USER),
      "insert into public.page_brief_sources (page, n, url, status) values ($1, 2, 'https://b.test', 'read')",
      [aPage],
    );
    assert.equal(error?.code, '42501');
  });
});

describe('computed columns', () => {
  it("a client's write cannot set a version's score or claims, nor the page's content_score", async () => {
    const result = await asRole(db.pool, asUser(DEMO_USER), async (client) => {
      const { rows } = await client.query(
        `insert into public.pages_versions (page, html_content, score, claims) values ($1, '<p>x</p>', 99, '[]') returning id, score, claims`,
        [aPage],
      );
      await client.query('update public.pages_versions set score = 97 where id = $1', [rows[0].id]);
      return {
        inserted: rows[0],
        version: (await client.query('select score from public.pages_versions where id = $1', [rows[0].id])).rows[0],
        page: (await client.query('select content_score from public.pages where id = $1', [aPage])).rows[0],
      };
    });
    assert.equal(result.inserted.score, null);
    assert.equal(result.inserted.claims, null);
    assert.equal(result.version.score, null);
    assert.equal(result.page.content_score, null);
    const pageWrite = await errorOf(db.pool, asUser(DEMO_USER), 'update public.pages set content_score = 95 where id = $1', [aPage]);
    assert.equal(pageWrite?.code, '42501', 'content_score is not among the columns a client may update');
  });

  it("pages.content_score follows the latest version's score (worker writes)", async () => {
    const client = await db.pool.connect();
    try {
      await client.query('begin');
      const older = (await client.query("insert into public.pages_versions (page, html_content, created_date) values ($1, '<p>a</p>', now() - interval '1 day') returning id", [aPage])).rows[0].id;
      const newer = (await client.query("insert into public.pages_versions (page, html_content, created_date) values ($1, '<p>b</p>', now() + interval '1 day') returning id", [aPage])).rows[0].id;
      await client.query('update public.pages_versions set score = 40 where id = $1', [older]);
      const afterOlder = (await client.query('select content_score from public.pages where id = $1', [aPage])).rows[0].content_score;
      await client.query('update public.pages_versions set score = 72 where id = $1', [newer]);
      const afterNewer = (await client.query('select content_score from public.pages where id = $1', [aPage])).rows[0].content_score;
      await client.query('delete from public.pages_versions where id = $1', [newer]);
      const afterDelete = (await client.query('select content_score from public.pages where id = $1', [aPage])).rows[0].content_score;
      await client.query('rollback');
      assert.equal(afterOlder, null, 'an older version’s score is not the page’s');
      assert.equal(afterNewer, 72);
      assert.equal(afterDelete, 40);
    } finally {
      client.release();
    }
  });
});
