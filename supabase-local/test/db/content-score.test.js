// The content score in the page list and before approving (migration 20261129000400):
// get_version_claims_check answers a version's claim counts to whoever holds its id (anon too), null
// for an unknown one, never the claims themselves; the page list sorts by content_score with the
// unscored pages last, on its own index.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { asAnon, asRole, asUser, DEMO_USER, startSeededDatabase } from './helpers.js';

/** @type {Awaited<ReturnType<typeof startSeededDatabase>>} */
let db;

/** @param {string} sql @param {unknown[]} [params] */
const one = async (sql, params = []) => (await db.pool.query(sql, params)).rows[0];

const claim = (supported, missing = []) => ({ sentence: 'Phrase [1].', n: 1, url: 'https://a.test/', passage: 'Passage.', supported, missing });

before(async () => {
  db = await startSeededDatabase();
});
after(() => db?.stop());

describe('get_version_claims_check', () => {
  it('counts the claims and the unsupported ones for the link holder; null claims: not checked; unknown version: null', async () => {
    const page = (await one('select p.id from public.pages p join public.sites s on s.id = p.site where s.linked_user = $1 order by p.id limit 1', [DEMO_USER])).id;
    const checked = (await one(
      `insert into public.pages_versions (page, html_content, claims) values ($1, '<h1>T</h1>', $2) returning id`,
      [page, JSON.stringify([claim(true), claim(false, ['15 %']), claim(false, ['2019'])])],
    )).id;
    const unchecked = (await one(`insert into public.pages_versions (page, html_content) values ($1, '<h1>T</h1>') returning id`, [page])).id;

    const answers = await asRole(db.pool, asAnon, async (client) => ({
      checked: (await client.query('select public.get_version_claims_check($1) as r', [checked])).rows[0].r,
      unchecked: (await client.query('select public.get_version_claims_check($1) as r', [unchecked])).rows[0].r,
      unknown: (await client.query('select public.get_version_claims_check($1) as r', ['00000000-0000-4000-8000-00000000beef'])).rows[0].r,
    }));
    assert.deepEqual(answers.checked, { checked: true, claims: 3, unsupported: 2 });
    assert.deepEqual(answers.unchecked, { checked: false, claims: 0, unsupported: 0 });
    assert.equal(answers.unknown, null);
  });
});

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
