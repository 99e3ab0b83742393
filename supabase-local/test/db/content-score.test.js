// The content score in the page list (migration 20261129000400): the page list sorts by
// content_score with the unscored pages last, on its own index.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { asRole, asUser, DEMO_USER, startSeededDatabase } from './helpers.js';

/** @type {Awaited<ReturnType<typeof startSeededDatabase>>} */
let db;

/** @param {string} sql @param {unknown[]} [params] */
const one = async (sql, params = []) => (await db.pool.query(sql, params)).rows[0];


before(async () => {
  db = await startSeededDatabase();
});
after(() => db?.stop());

describe('page list by content score', () => {
  it('sorts best first with the unscored pages last, in both directions', async () => {
    const site = (await one('select id from public.sites where linked_user = $1 order by id limit 1', [DEMO_USER])).id;
    const pages = [];
    for (const [name, score] of [['score-a', 80], ['score-b', null], ['score-c', 35]]) {
      const id = (await one(`insert into public.pages (site, name, url) values ($1, $2, $3) returning id`, [site, name, `https://demo.test/${name}`])).id;
      // the worker writes the version's score; the trigger copies it to the page
      if (score !== null) await db.pool.query(`insert into public.pages_versions (page, html_content, score) values ($1, '<h1>T</h1>', $2)`, [id, score]);
      pages.push(id);
    }
    const order = async (dir) =>
      asRole(db.pool, asUser(DEMO_USER), async (client) =>
        (
          await client.query(
            `select name from public.pages where site = $1 and name like 'score-%' order by content_score ${dir} nulls last, id ${dir}`,
            [site],
          )
        ).rows.map((r) => r.name),
      );
    assert.deepEqual(await order('desc'), ['score-a', 'score-c', 'score-b']);
    assert.deepEqual(await order('asc'), ['score-c', 'score-a', 'score-b']);
    const index = await one("select indexdef from pg_indexes where indexname = 'pages_site_content_score_idx'");
    assert.match(index.indexdef, /\(site, content_score DESC NULLS LAST, id DESC\)/);
  });
});
