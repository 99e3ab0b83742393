// public.get_article_view_context: what the article viewer shows around the article (newer version,
// owner's link back, the version the client sent back) — for anyone holding the link, never more.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import {
  asAnon, asRole, asUser, DEMO_ARTICLE_OLD_VERSION, DEMO_ARTICLE_VERSION, DEMO_USER, OTHER_USER, REVIEW_VERSION,
  startSeededDatabase,
} from './helpers.js';

/** @type {Awaited<ReturnType<typeof startSeededDatabase>>} */
let db;
before(async () => {
  db = await startSeededDatabase();
});
after(async () => {
  await db?.stop();
});

/** @param {{ role: 'anon' | 'authenticated', sub?: string }} who */
async function context(who, versionId) {
  return asRole(db.pool, who, async (client) =>
    (await client.query('select public.get_article_view_context($1) as c', [versionId])).rows[0].c);
}

describe('get_article_view_context', () => {
  it('is null for an unknown version', async () => {
    assert.equal(await context(asAnon, '00000000-0000-4000-8000-000000000bad'), null);
  });

  it('gives an anonymous client the sent-back version (html and comments) but no owner data', async () => {
    const c = await context(asAnon, REVIEW_VERSION);
    assert.equal(c.is_owner, false);
    assert.equal(c.site_id, null);
    assert.equal(c.newer_version, null, 'the review version is the newest of its page');
    assert.ok(c.sent_back, 'the previous version carries the comments of a revision request');
    assert.equal(c.sent_back.client_comments, 'Ajouter une FAQ et des exemples concrets pour la version suivante.');
    assert.equal(c.sent_back.comments_to_modify, undefined, 'never the operator\'s modification instructions');
    assert.match(c.sent_back.html_content, /<h1>/);
    assert.equal(c.sent_back.id, undefined, 'never the id of another version');
    // it is the page's previous version by date
    const { rows } = await db.pool.query(
      `select b.html_content from public.pages_versions v join public.pages_versions b on b.page = v.page
        where v.id = $1 and b.id <> v.id order by b.created_date desc limit 1`, [REVIEW_VERSION]);
    assert.equal(c.sent_back.html_content, rows[0].html_content);
  });

  it('uses the recorded parent when the lineage column exists', async () => {
    const { rows: cols } = await db.pool.query(
      "select 1 from information_schema.columns where table_schema = 'public' and table_name = 'pages_versions' and column_name = 'parent_version'");
    if (cols.length === 0) return; // the lineage migration is not there: the previous-by-date rule applies (test above)
    await asRole(db.pool, { role: 'authenticated', sub: DEMO_USER }, async (client) => {
      // the oldest version of the page becomes the parent, with its own comments
      const { rows } = await client.query(
        `select b.id from public.pages_versions v join public.pages_versions b on b.page = v.page
          where v.id = $1 and b.id <> v.id order by b.created_date asc limit 1`, [REVIEW_VERSION]);
      await client.query("update public.pages_versions set client_comments = 'Le parent enregistré' where id = $1", [rows[0].id]);
      await client.query('update public.pages_versions set parent_version = $2 where id = $1', [REVIEW_VERSION, rows[0].id]);
      const c = (await client.query('select public.get_article_view_context($1) as c', [REVIEW_VERSION])).rows[0].c;
      assert.equal(c.sent_back.client_comments, 'Le parent enregistré');
    });
  });

  it('tells the signed-in owner they own the page, with its site, and nobody else', async () => {
    const mine = await context(asUser(DEMO_USER), REVIEW_VERSION);
    assert.equal(mine.is_owner, true);
    const { rows } = await db.pool.query(
      'select p.site from public.pages_versions v join public.pages p on p.id = v.page where v.id = $1', [REVIEW_VERSION]);
    assert.equal(Number(mine.site_id), Number(rows[0].site));
    const other = await context(asUser(OTHER_USER), REVIEW_VERSION);
    assert.equal(other.is_owner, false);
    assert.equal(other.site_id, null);
  });

  it('points an older version to the newest one of its page', async () => {
    const c = await context(asAnon, DEMO_ARTICLE_OLD_VERSION);
    assert.equal(c.newer_version.id, DEMO_ARTICLE_VERSION);
    assert.equal((await context(asAnon, DEMO_ARTICLE_VERSION)).newer_version, null);
  });

  it('never exposes the revision texts of a demo article', async () => {
    const c = await context(asAnon, DEMO_ARTICLE_VERSION);
    assert.equal(c.sent_back, null);
    const { rows } = await db.pool.query('select comments_to_modify from public.pages_versions where id = $1', [DEMO_ARTICLE_OLD_VERSION]);
    assert.ok(rows[0].comments_to_modify, 'the demo article has comments in the database');
    assert.doesNotMatch(JSON.stringify(c), new RegExp(rows[0].comments_to_modify.slice(0, 20)));
  });

  it('skips a previous version that was never sent back', async () => {
    await asRole(db.pool, { role: 'authenticated', sub: DEMO_USER }, async (client) => {
      await client.query(
        `update public.pages_versions b set comments_to_modify = null, client_comments = null, sent_in_revision = false
           from public.pages_versions v where v.id = $1 and b.page = v.page and b.id <> v.id`, [REVIEW_VERSION]);
      const c = (await client.query('select public.get_article_view_context($1) as c', [REVIEW_VERSION])).rows[0].c;
      assert.equal(c.sent_back, null);
    });
  });
});
