// Page data (issue 16): citation columns of LLM answers (trigger, backfill of the seeded rows),
// and choose_page_image — exactly one chosen proposition per page, RLS applied.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import pg from 'pg';
import { backfillLlmAnswerCitations } from '@citable/worker/db/backfills/llm-answer-citations.js';
import { asAnon, asRole, asUser, DEMO_USER, errorOf, OTHER_USER, startSeededDatabase } from './helpers.js';

/** @type {Awaited<ReturnType<typeof startSeededDatabase>>} */
let db;
/** a page of the demo user with three propositions and an example */
let page = { id: 0, propositions: /** @type {number[]} */ ([]), example: 0 };
let otherUsersImage = 0;

before(async () => {
  db = await startSeededDatabase();
  const row = (await db.pool.query(`
    select p.id,
           array_agg(i.id order by i.id) filter (where i.type = 'proposition') as propositions,
           min(i.id) filter (where i.type = 'example') as example
      from public.pages p join public.sites s on s.id = p.site join public.pages_versions_images i on i.linked_page = p.id
     where s.linked_user = $1
     group by p.id having count(*) filter (where i.type = 'proposition') >= 3 and count(*) filter (where i.type = 'example') >= 1
     order by p.id limit 1`, [DEMO_USER])).rows[0];
  page = { id: Number(row.id), propositions: row.propositions.map(Number), example: Number(row.example) };
  const other = (await db.pool.query(`
    select i.id from public.pages_versions_images i join public.pages p on p.id = i.linked_page join public.sites s on s.id = p.site
     where s.linked_user = $1 and i.type = 'proposition' limit 1`, [OTHER_USER])).rows[0];
  otherUsersImage = Number(other?.id ?? 0);
});
after(async () => {
  await db?.stop();
});

const chosenOf = async (/** @type {number} */ pageId) =>
  (await db.pool.query(`select id from public.pages_versions_images where linked_page = $1 and chosen order by id`, [pageId])).rows.map((r) => Number(r.id));

describe('LLM answers: citation columns and backfill', () => {
  it('every seeded answer was analysed by the backfill prepareDatabase ran, with its page version', async () => {
    const { rows } = await db.pool.query(`
      select count(*)::int as total,
             count(*) filter (where analysed_at is null)::int as not_analysed,
             count(*) filter (where brand_mentioned)::int as brand,
             count(*) filter (where pages_version is null)::int as no_version
        from public.pages_llm_answers`);
    assert.ok(rows[0].total > 0, 'the seed has answers');
    assert.equal(rows[0].not_analysed, 0);
    // the seeded answers name the site ('… on trouve notamment {site name}, …')
    assert.equal(rows[0].brand, rows[0].total);
  });

  it('the analysis of one seeded answer matches analyzeAnswer on its site', async () => {
    const { rows } = await db.pool.query(`
      select a.answer, a.brand_mentioned, a.domain_cited, a.cited_urls, a.cited_domains, s.name
        from public.pages_llm_answers a join public.pages p on p.id = a.linked_page join public.sites s on s.id = p.site
       order by a.id limit 1`);
    assert.ok(rows[0].answer.includes(rows[0].name));
    assert.equal(rows[0].brand_mentioned, true);
    assert.equal(rows[0].domain_cited, false);
    assert.deepEqual(rows[0].cited_urls, []);
  });

  it('backfill: analyses rows not analysed yet (and their version), only once', async () => {
    const client = new pg.Client({ connectionString: db.url });
    await client.connect();
    try {
      const target = (await client.query(`
        select a.id, a.linked_page, s.url from public.pages_llm_answers a
          join public.pages p on p.id = a.linked_page join public.sites s on s.id = p.site order by a.id limit 1`)).rows[0];
      const host = new URL(target.url).hostname.replace(/^www\./, '');
      await client.query(
        `update public.pages_llm_answers set answer = $2, analysed_at = null, brand_mentioned = null, domain_cited = null,
                cited_urls = null, cited_domains = null, pages_version = null where id = $1`,
        [target.id, `Voir [la page](https://WWW.${host}/guide) et https://concurrent.fr/x.`],
      );
      assert.equal(await backfillLlmAnswerCitations(client), 1);
      const row = (await client.query('select * from public.pages_llm_answers where id = $1', [target.id])).rows[0];
      assert.equal(row.domain_cited, true);
      assert.deepEqual(row.cited_urls, [`https://WWW.${host}/guide`, 'https://concurrent.fr/x']);
      assert.deepEqual(row.cited_domains, [host, 'concurrent.fr']);
      assert.ok(row.analysed_at instanceof Date);
      assert.equal(await backfillLlmAnswerCitations(client), 0, 'a rerun changes nothing');
    } finally {
      await client.end();
    }
  });

  it('an inserted answer gets the page’s current version; a version of another page is refused', async () => {
    const { rows: pages } = await db.pool.query(`
      select p.id, (select v.id from public.pages_versions v where v.page = p.id order by v.created_date desc, v.id desc limit 1) as latest
        from public.pages p join public.sites s on s.id = p.site
       where s.linked_user = $1 and exists (select 1 from public.pages_versions v where v.page = p.id)
       order by p.id limit 2`, [DEMO_USER]);
    const inserted = await asRole(db.pool, asUser(DEMO_USER), async (client) =>
      (await client.query(`insert into public.pages_llm_answers (linked_page, linked_llm, answer, question)
                           values ($1, (select min(id) from public.llms), 'x', 'q?') returning pages_version`, [pages[0].id])).rows[0]);
    assert.equal(inserted.pages_version, pages[0].latest);
    const error = await errorOf(db.pool, asUser(DEMO_USER),
      `insert into public.pages_llm_answers (linked_page, linked_llm, answer, pages_version) values ($1, (select min(id) from public.llms), 'x', $2)`,
      [pages[0].id, pages[1].latest]);
    assert.equal(error?.code, '23514');
  });
});

describe('choose_page_image', () => {
  const CHOOSE = 'select (public.choose_page_image($1, $2)).*';

  it('leaves exactly the picked proposition chosen', async () => {
    for (const pick of [page.propositions[0], page.propositions[2], page.propositions[2]]) {
      const row = await asRole(db.pool, { ...asUser(DEMO_USER), commit: true }, async (client) =>
        (await client.query(CHOOSE, [page.id, pick])).rows[0]);
      assert.equal(Number(row.id), pick);
      assert.equal(row.chosen, true);
      assert.deepEqual(await chosenOf(page.id), [pick]);
    }
  });

  it('concurrent choices on one page end with one chosen and no error', async () => {
    const picks = [page.propositions[0], page.propositions[1], page.propositions[2], page.propositions[1]];
    await Promise.all(picks.map((pick) =>
      asRole(db.pool, { ...asUser(DEMO_USER), commit: true }, (client) => client.query(CHOOSE, [page.id, pick]))));
    const chosen = await chosenOf(page.id);
    assert.equal(chosen.length, 1);
    assert.ok(picks.includes(chosen[0]));
  });

  it('refuses an example, another page’s image, another user’s image, and anon', async () => {
    const before = await chosenOf(page.id);
    const example = await errorOf(db.pool, asUser(DEMO_USER), CHOOSE, [page.id, page.example]);
    assert.equal(example?.hint, 'not_found');
    assert.equal(example?.message, 'Image not found');
    const wrongPage = await errorOf(db.pool, asUser(DEMO_USER), CHOOSE, [page.id + 100000, page.propositions[0]]);
    assert.equal(wrongPage?.hint, 'not_found');
    if (otherUsersImage) {
      const { rows } = await db.pool.query('select linked_page from public.pages_versions_images where id = $1', [otherUsersImage]);
      const theirs = await errorOf(db.pool, asUser(DEMO_USER), CHOOSE, [rows[0].linked_page, otherUsersImage]);
      assert.equal(theirs?.hint, 'not_found');
    }
    const anon = await errorOf(db.pool, asAnon, CHOOSE, [page.id, page.propositions[0]]);
    assert.equal(anon?.code, '42501');
    assert.deepEqual(await chosenOf(page.id), before);
  });
});
