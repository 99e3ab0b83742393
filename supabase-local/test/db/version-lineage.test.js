// Version lineage (issue 15): parent_version / origin / instruction, the modify-request RPC that
// records and queues in one transaction, the hand-edit RPC, and who may call them.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { asAnon, asRole, asUser, DEMO_ARTICLE_VERSION, DEMO_USER, errorOf, OTHER_USER, startSeededDatabase } from './helpers.js';

/** @type {Awaited<ReturnType<typeof startSeededDatabase>>} */
let db;
/** Two versions of one page of the demo user's (not a demo article), and one of the other user's. */
let mine = /** @type {{ page: string, a: string, b: string }} */ ({});
let theirs = '';
let otherPageOfMine = '';

before(async () => {
  db = await startSeededDatabase();
  const rows = (await db.pool.query(`
    select v.page::text, array_agg(v.id::text order by v.created_date desc) as ids
      from public.pages_versions v join public.pages p on p.id = v.page join public.sites s on s.id = p.site
     where s.linked_user = $1 and not p.hide_revisions_texts_from_preview
     group by v.page having count(*) >= 2 order by v.page limit 2`, [DEMO_USER])).rows;
  mine = { page: rows[0].page, a: rows[0].ids[0], b: rows[0].ids[1] };
  otherPageOfMine = rows[1].ids[0];
  theirs = (await db.pool.query(`
    select v.id::text from public.pages_versions v join public.pages p on p.id = v.page join public.sites s on s.id = p.site
     where s.linked_user = $1 limit 1`, [OTHER_USER])).rows[0].id;
});
after(async () => {
  await db?.stop();
});

const MODIFY = 'select public.request_version_modification($1, $2, $3, $4, $5, $6, $7) as r';

describe('request_version_modification', () => {
  it('records the request on the version and queues one modify action with the flags, atomically', async () => {
    const before = Number((await db.pool.query('select count(*) from public.pages_actions where linked_pages_version = $1', [mine.a])).rows[0].count);
    const result = await asRole(db.pool, { ...asUser(DEMO_USER), commit: true }, async (client) =>
      (await client.query(MODIFY, [mine.a, '  Ajouter une FAQ.  ', true, true, false, true, mine.b])).rows[0].r);

    assert.equal(result.version.id, mine.a);
    assert.equal(result.version.comments_to_modify, 'Ajouter une FAQ.');
    assert.equal(result.version.need_to_do_web_search_for_modification, true);
    assert.equal(result.version.highlight_modified_content, true);
    assert.equal(result.version.unhighlight_modified_content, false);
    assert.equal(result.version.pages_versions_to_take_as_example, mine.b);

    const action = (await db.pool.query(
      `select pa.*, a.name from public.pages_actions pa join public.actions a on a.id = pa.linked_action where pa.id = $1`,
      [result.action.id])).rows[0];
    assert.equal(action.name, 'modify_articles_with_instructions');
    assert.equal(action.linked_pages_version, mine.a);
    assert.equal(String(action.linked_page), mine.page);
    assert.equal(action.creator, DEMO_USER);
    assert.equal(action.status, 'queued');
    assert.deepEqual(action.info_json, {
      comments: 'Ajouter une FAQ.', use_web_search: true, highlight_modifications: true,
      unhighlight_modifications: false, create_new_version: true, example_version_id: mine.b,
    });
    const afterCount = Number((await db.pool.query('select count(*) from public.pages_actions where linked_pages_version = $1', [mine.a])).rows[0].count);
    assert.equal(afterCount, before + 1);
  });

  it('blank comments are stored as null and the flags default to false', async () => {
    const r = await asRole(db.pool, asUser(DEMO_USER), async (client) =>
      (await client.query('select public.request_version_modification($1, $2) as r', [mine.b, '   '])).rows[0].r);
    assert.equal(r.version.comments_to_modify, null);
    assert.deepEqual([r.version.need_to_do_web_search_for_modification, r.version.highlight_modified_content,
      r.version.unhighlight_modified_content, r.version.pages_versions_to_take_as_example], [false, false, false, null]);
    assert.equal(r.action.info_json.create_new_version, false);
  });

  it("refuses another user's version as 'Version not found' and writes nothing", async () => {
    const snapshot = async () => (await db.pool.query(
      `select (select count(*) from public.pages_actions)::int as actions,
              (select comments_to_modify from public.pages_versions where id = $1) as comments`, [theirs])).rows[0];
    const was = await snapshot();
    const error = await errorOf(db.pool, asUser(DEMO_USER), MODIFY, [theirs, 'Pirater', true, false, false, false, null]);
    assert.equal(error?.message, 'Version not found');
    assert.equal(error?.code, 'P0001');
    assert.equal(error?.hint, 'not_found');
    assert.deepEqual(await snapshot(), was);
  });

  it('a demo article (readable by everyone) cannot be modified by another user', async () => {
    const error = await errorOf(db.pool, asUser(OTHER_USER), MODIFY, [DEMO_ARTICLE_VERSION, 'x', false, false, false, false, null]);
    assert.equal(error?.hint, 'not_found');
  });

  it('refuses an example version of another page (or of another user) and queues nothing', async () => {
    for (const example of [otherPageOfMine, theirs]) {
      const count = (await db.pool.query('select count(*)::int as n from public.pages_actions')).rows[0].n;
      const error = await errorOf(db.pool, asUser(DEMO_USER), MODIFY, [mine.a, 'x', false, false, false, false, example]);
      assert.equal(error?.code, '22023');
      assert.equal(error?.hint, 'example_version');
      assert.equal((await db.pool.query('select count(*)::int as n from public.pages_actions')).rows[0].n, count);
    }
  });

  it('is all or nothing: when queuing fails, the version keeps its previous request', async () => {
    const was = (await db.pool.query('select comments_to_modify from public.pages_versions where id = $1', [mine.b])).rows[0].comments_to_modify;
    // Make the insert into pages_actions fail inside the RPC (the action row's check fires last).
    const error = await asRole(db.pool, { ...asUser(DEMO_USER) }, async (client) => {
      await client.query('reset role');
      await client.query(`create function pg_temp.fail() returns trigger language plpgsql as $$ begin raise exception 'queue down'; end $$`);
      await client.query('create trigger zz_fail before insert on public.pages_actions for each row execute function pg_temp.fail()');
      await client.query('set local role authenticated');
      await client.query('savepoint s');
      try {
        await client.query(MODIFY, [mine.b, 'Nouveau texte', true, true, true, true, null]);
        return null;
      } catch (e) {
        await client.query('rollback to savepoint s');
        return /** @type {Error} */ (e);
      } finally {
        const { rows } = await client.query('select comments_to_modify, highlight_modified_content from public.pages_versions where id = $1', [mine.b]);
        assert.equal(rows[0].comments_to_modify, was);
        assert.equal(rows[0].highlight_modified_content, false);
      }
    });
    assert.match(String(error?.message), /queue down/);
  });

  it('anonymous callers cannot execute it', async () => {
    const error = await errorOf(db.pool, asAnon, MODIFY, [mine.a, 'x', false, false, false, false, null]);
    assert.equal(error?.code, '42501');
  });

  it('comments longer than 20000 characters are refused', async () => {
    const error = await errorOf(db.pool, asUser(DEMO_USER), MODIFY, [mine.a, 'x'.repeat(20001), false, false, false, false, null]);
    assert.equal(error?.hint, 'comments');
  });
});

describe('save_version_edit and the lineage columns', () => {
  it("creates a new version of the same page with parent = the edited version and origin 'hand_edit'", async () => {
    const v = await asRole(db.pool, asUser(DEMO_USER), async (client) =>
      (await client.query('select * from public.save_version_edit($1, $2)', [mine.a, '<p>Édité</p>'])).rows[0]);
    assert.notEqual(v.id, mine.a);
    assert.equal(String(v.page), mine.page);
    assert.equal(v.html_content, '<p>Édité</p>');
    assert.equal(v.parent_version, mine.a);
    assert.equal(v.origin, 'hand_edit');
    assert.equal(v.instruction, null);
    assert.equal(v.creator, DEMO_USER);
  });

  it("refuses another user's version, an empty HTML, and anonymous callers", async () => {
    assert.equal((await errorOf(db.pool, asUser(DEMO_USER), 'select public.save_version_edit($1, $2)', [theirs, '<p>x</p>']))?.hint, 'not_found');
    assert.equal((await errorOf(db.pool, asUser(OTHER_USER), 'select public.save_version_edit($1, $2)', [DEMO_ARTICLE_VERSION, '<p>x</p>']))?.code, '42501',
      'a demo article is readable but the insert policy refuses a version on a page one does not own');
    assert.equal((await errorOf(db.pool, asUser(DEMO_USER), 'select public.save_version_edit($1, $2)', [mine.a, '  ']))?.hint, 'html_content');
    assert.equal((await errorOf(db.pool, asAnon, 'select public.save_version_edit($1, $2)', [mine.a, '<p>x</p>']))?.code, '42501');
  });

  it('a parent must be another version of the same page, readable by the writer', async () => {
    const insert = 'insert into public.pages_versions (page, html_content, parent_version) values ($1, $2, $3)';
    for (const parent of [otherPageOfMine, theirs]) {
      const error = await errorOf(db.pool, asUser(DEMO_USER), insert, [mine.page, '<p>x</p>', parent]);
      assert.equal(error?.hint, 'parent_version', parent);
    }
    assert.equal(await errorOf(db.pool, asUser(DEMO_USER), insert, [mine.page, '<p>x</p>', mine.a]), null);
    const self = await errorOf(db.pool, asUser(DEMO_USER), 'update public.pages_versions set parent_version = id where id = $1', [mine.a]);
    assert.equal(self?.hint, 'parent_version');
  });

  it('deleting a parent keeps its children, with parent_version set to null', async () => {
    await asRole(db.pool, asUser(DEMO_USER), async (client) => {
      const child = (await client.query('select * from public.save_version_edit($1, $2)', [mine.b, '<p>enfant</p>'])).rows[0];
      await client.query('delete from public.pages_versions where id = $1', [mine.b]);
      const { rows } = await client.query('select parent_version from public.pages_versions where id = $1', [child.id]);
      assert.equal(rows[0].parent_version, null);
    });
  });

  it('RLS: the other user reads none of the lineage of my versions', async () => {
    const rows = await asRole(db.pool, asUser(OTHER_USER), async (client) =>
      (await client.query('select id from public.pages_versions where id = any($1::uuid[])', [[mine.a, mine.b]])).rows);
    assert.deepEqual(rows, []);
  });
});
