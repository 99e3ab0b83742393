// Row level security: isolation between users, anonymous access, grants.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { asAnon, asRole, asUser, DEMO_USER, errorOf, OTHER_USER, startSeededDatabase } from './helpers.js';

/** @type {Awaited<ReturnType<typeof startSeededDatabase>>} */
let db;

before(async () => {
  db = await startSeededDatabase();
});
after(async () => {
  await db?.stop();
});

// For each user table: the owner's private rows, a harmless update, and an insert that
// hangs a new row off the owner's data. $1 = owner uid.
const OWNED = `with my_sites as (select id from public.sites where linked_user = $1),
  my_pages as (select p.id from public.pages p where p.site in (select id from my_sites))`;
const PUBLIC_DEMO = 'and not exists (select 1 from public.pages dp where dp.id = %PAGE% and dp.hide_revisions_texts_from_preview)';

/** @type {{ table: string, ids: string, update: string, insert: (owner: string, ids: Record<string, string>) => [string, unknown[]] }[]} */
const MATRIX = [
  {
    table: 'sites',
    ids: `${OWNED} select id::text from my_sites`,
    update: 'name = name',
    insert: (owner) => ['insert into public.sites (url, linked_user) values ($1, $2)', ['https://intrus.fr', owner]],
  },
  {
    table: 'pages',
    ids: `${OWNED} select p.id::text from public.pages p where p.id in (select id from my_pages) and not p.hide_revisions_texts_from_preview`,
    update: 'name = name',
    insert: (_o, ref) => ['insert into public.pages (site, name, url) values ($1, $2, $3)', [ref.site, 'Intrus', 'https://x.fr/a']],
  },
  {
    table: 'pages_versions',
    ids: `${OWNED} select v.id::text from public.pages_versions v where v.page in (select id from my_pages) ${PUBLIC_DEMO.replace('%PAGE%', 'v.page')}`,
    update: 'html_content = html_content',
    insert: (_o, ref) => ['insert into public.pages_versions (page, html_content) values ($1, $2)', [ref.page, '<p>x</p>']],
  },
  {
    table: 'pages_actions',
    ids: `${OWNED} select id::text from public.pages_actions where linked_page in (select id from my_pages)`,
    update: 'info2 = info2',
    insert: (_o, ref) => ['insert into public.pages_actions (linked_page, linked_action) values ($1, 1)', [ref.page]],
  },
  {
    table: 'pages_keywords',
    ids: `${OWNED} select id::text from public.pages_keywords where linked_page in (select id from my_pages)`,
    update: 'to_search = to_search',
    insert: (_o, ref) => ['insert into public.pages_keywords (linked_page, linked_keyword) values ($1, $2)', [ref.page, ref.keyword]],
  },
  {
    table: 'serps',
    ids: `${OWNED} select id::text from public.serps where site in (select id from my_sites)`,
    update: 'title = title',
    insert: (_o, ref) => ['insert into public.serps (linked_keyword, site, position_absolute) values ($1, $2, 1)', [ref.keyword, ref.site]],
  },
  {
    table: 'pages_llm_answers',
    ids: `${OWNED} select id::text from public.pages_llm_answers where linked_page in (select id from my_pages)`,
    update: 'answer = answer',
    insert: (_o, ref) => ['insert into public.pages_llm_answers (linked_page, linked_llm, answer) values ($1, 1, $2)', [ref.page, 'x']],
  },
  {
    table: 'pages_versions_images',
    ids: `${OWNED} select id::text from public.pages_versions_images where linked_page in (select id from my_pages)`,
    update: 'image_url = image_url',
    insert: (_o, ref) => ["insert into public.pages_versions_images (linked_page, image_url, type) values ($1, $2, 'example')", [ref.page, `/storage/v1/object/public/page-images/${ref.page}/x.png`]],
  },
  {
    table: 'tone_articles',
    ids: 'select id::text from public.tone_articles where owner = $1 and not is_shared',
    update: 'name = name',
    insert: (owner) => ['insert into public.tone_articles (name, owner) values ($1, $2)', ['Intrus', owner]],
  },
];

for (const [ownerName, owner, intruderName, intruder] of [
  ['demo', DEMO_USER, 'other', OTHER_USER],
  ['other', OTHER_USER, 'demo', DEMO_USER],
]) {
  describe(`${intruderName} user against ${ownerName} user's rows`, () => {
    /** @type {Record<string, string>} */
    const ref = {};
    before(async () => {
      const { rows } = await db.pool.query(
        `select s.id::text as site, p.id::text as page, pk.linked_keyword::text as keyword
           from public.sites s join public.pages p on p.site = s.id
           join public.pages_keywords pk on pk.linked_page = p.id
          where s.linked_user = $1 and not p.hide_revisions_texts_from_preview order by p.id limit 1`,
        [owner],
      );
      Object.assign(ref, rows[0]);
      assert.ok(ref.site && ref.page && ref.keyword, 'seed gives the owner a site, page and keyword');
    });

    for (const row of MATRIX) {
      describe(row.table, () => {
        /** @type {string[]} */
        let ids = [];
        const idCast = row.table === 'pages_versions' ? 'uuid[]' : 'bigint[]';
        before(async () => {
          ids = (await db.pool.query(row.ids, [owner])).rows.map((r) => r.id);
          assert.ok(ids.length > 0, `seed has ${ownerName} rows in ${row.table}`);
        });

        it('owner sees and updates them (control)', async () => {
          await asRole(db.pool, asUser(owner), async (client) => {
            const seen = await client.query(`select count(*)::int as n from public.${row.table} where id = any($1::${idCast})`, [ids]);
            assert.equal(seen.rows[0].n, ids.length);
            const updated = await client.query(`update public.${row.table} set ${row.update} where id = any($1::${idCast})`, [ids]);
            assert.equal(updated.rowCount, ids.length);
          });
        });

        it('select: intruder sees none', async () => {
          const n = await asRole(db.pool, asUser(intruder), async (client) =>
            (await client.query(`select count(*)::int as n from public.${row.table} where id = any($1::${idCast})`, [ids])).rows[0].n);
          assert.equal(n, 0);
        });

        it('update: intruder changes none', async () => {
          const count = await asRole(db.pool, asUser(intruder), async (client) =>
            (await client.query(`update public.${row.table} set ${row.update} where id = any($1::${idCast})`, [ids])).rowCount);
          assert.equal(count, 0);
        });

        it('delete: intruder deletes none', async () => {
          const count = await asRole(db.pool, asUser(intruder), async (client) =>
            (await client.query(`delete from public.${row.table} where id = any($1::${idCast})`, [ids])).rowCount);
          assert.equal(count, 0);
          const still = await db.pool.query(`select count(*)::int as n from public.${row.table} where id = any($1::${idCast})`, [ids]);
          assert.equal(still.rows[0].n, ids.length);
        });

        it("insert: intruder cannot attach a row to the owner's data", async () => {
          const [sql, params] = row.insert(owner, ref);
          const error = await errorOf(db.pool, asUser(intruder), sql, params);
          assert.ok(error, 'insert must fail');
          assert.equal(error.code, '42501');
          // pages_keywords: links are made by add_page_keyword only (no INSERT grant)
          assert.match(error.message, row.table === 'pages_keywords' ? /permission denied/ : /row-level security/);
        });
      });
    }
  });
}

describe('anonymous visitors', () => {
  for (const table of ['sites', 'pages_actions', 'pages_keywords', 'serps', 'pages_llm_answers', 'pages_versions_images', 'tone_articles', 'keywords', 'contact_messages', 'first_article_requests']) {
    it(`cannot read ${table}`, async () => {
      const error = await errorOf(db.pool, asAnon, `select * from public.${table}`);
      assert.ok(error, `anon select on ${table} must be refused`);
      assert.equal(error.code, '42501');
    });
  }

  it('see only demo pages and their versions', async () => {
    await asRole(db.pool, asAnon, async (client) => {
      const pages = await client.query('select id, hide_revisions_texts_from_preview as demo from public.pages');
      assert.equal(pages.rowCount, 1);
      assert.equal(pages.rows[0].demo, true);
      const versions = await client.query('select page from public.pages_versions');
      assert.equal(versions.rowCount, 2);
      assert.ok(versions.rows.every((v) => v.page === pages.rows[0].id));
    });
  });

  it("can run the public side's demo-article select (docs/public-site.md#calls)", async () => {
    const rows = await asRole(db.pool, asAnon, async (client) => (await client.query(`
      select v.id, v.page, v.created_date, json_build_object('id', p.id, 'name', p.name,
             'hide_revisions_texts_from_preview', p.hide_revisions_texts_from_preview) as pages
        from public.pages_versions v join public.pages p on p.id = v.page
       where p.hide_revisions_texts_from_preview = true order by v.created_date desc`)).rows);
    assert.equal(rows.length, 2);
    assert.equal(rows[0].id, '00000000-0000-4000-8000-00000000d3e0');
  });

  it('cannot write pages or versions', async () => {
    assert.equal((await errorOf(db.pool, asAnon, "insert into public.pages (site, name, url) values (1, 'x', 'x')"))?.code, '42501');
    assert.equal((await errorOf(db.pool, asAnon, "update public.pages_versions set html_content = 'hacked'"))?.code, '42501');
    assert.equal((await errorOf(db.pool, asAnon, 'delete from public.pages'))?.code, '42501');
  });

  it('read the lookup tables but cannot change them', async () => {
    await asRole(db.pool, asAnon, async (client) => {
      const statuses = await client.query('select id, name from public.statuses order by id');
      assert.deepEqual(statuses.rows.map((r) => [Number(r.id), r.name]), [[1, 'Published'], [2, 'Draft'], [3, 'In Review']]);
      const actions = await client.query('select name from public.actions order by id');
      assert.deepEqual(actions.rows.map((r) => r.name), ['create_article', 'modify_articles_with_instructions', 'serps', 'llm_answers', 'contact_form', 'create_cover_image', 'research_page', 'publish_wordpress']);
      assert.ok((await client.query('select 1 from public.llms where name_openrouter is not null')).rowCount > 3);
    });
    assert.equal((await errorOf(db.pool, asAnon, "insert into public.statuses (name) values ('x')"))?.code, '42501');
    assert.equal((await errorOf(db.pool, asUser(DEMO_USER), "update public.actions set name = 'x'"))?.code, '42501');
  });
});

describe('signed-in users', () => {
  it('see the demo article of someone else, read-only', async () => {
    await asRole(db.pool, asUser(OTHER_USER), async (client) => {
      const demo = await client.query('select id from public.pages where hide_revisions_texts_from_preview');
      assert.equal(demo.rowCount, 1);
      const updated = await client.query("update public.pages set name = 'x' where hide_revisions_texts_from_preview");
      assert.equal(updated.rowCount, 0);
    });
  });

  it('read shared tone articles of others but not private ones', async () => {
    await asRole(db.pool, asUser(OTHER_USER), async (client) => {
      const { rows } = await client.query('select name, is_shared, owner from public.tone_articles');
      assert.ok(rows.some((r) => r.name === 'Ton éditorial chaleureux'));
      assert.ok(!rows.some((r) => r.name === 'Ton expert et rassurant'));
      assert.ok(rows.every((r) => r.is_shared || r.owner === OTHER_USER));
    });
  });

  it('#27.2 read only the keywords of their own pages, and add keywords through add_page_keyword (case-insensitively unique)', async () => {
    const page = (await db.pool.query('select p.id from public.pages p join public.sites s on s.id = p.site where s.linked_user = $1 limit 1', [OTHER_USER])).rows[0].id;
    await asRole(db.pool, asUser(OTHER_USER), async (client) => {
      const { rows } = await client.query(`select count(*)::int as n, count(*) filter (where exists (
          select 1 from public.pages_keywords pk join public.pages p on p.id = pk.linked_page
            join public.sites s on s.id = p.site where pk.linked_keyword = k.id and s.linked_user = $1))::int as own
          from public.keywords k`, [OTHER_USER]);
      assert.equal(rows[0].n, rows[0].own);
      const first = (await client.query("select public.add_page_keyword($1, 'croissant au beurre') as r", [page])).rows[0].r;
      const again = (await client.query("select public.add_page_keyword($1, 'Croissant au BEURRE') as r", [page])).rows[0].r;
      assert.equal(again.keyword_id, first.keyword_id);
      assert.equal(again.status, 'already-linked');
      await assert.rejects(client.query("insert into public.keywords (keyword) values ('chausson aux pommes')"), /permission denied/);
    });
  });

  it('cannot reach contact messages or first-article requests directly (staff read them: inbox.test.js)', async () => {
    for (const table of ['contact_messages', 'first_article_requests']) {
      const n = await asRole(db.pool, asUser(OTHER_USER), async (client) => (await client.query(`select count(*)::int as n from public.${table}`)).rows[0].n);
      assert.equal(n, 0, `a user who is not staff reads no ${table}`);
      assert.equal((await errorOf(db.pool, asAnon, `select * from public.${table}`))?.code, '42501');
      // nobody writes them directly, staff (the demo account) included: the inbox functions do
      assert.equal((await errorOf(db.pool, asUser(DEMO_USER), `delete from public.${table}`))?.code, '42501');
      assert.equal((await errorOf(db.pool, asUser(OTHER_USER), `delete from public.${table}`))?.code, '42501');
    }
  });

  it("cannot write the worker's columns of page actions", async () => {
    const error = await errorOf(db.pool, asUser(DEMO_USER), "update public.pages_actions set status = 'done'");
    assert.equal(error?.code, '42501');
  });

  it('create sites for themselves with the spec defaults', async () => {
    await asRole(db.pool, asUser(DEMO_USER), async (client) => {
      const { rows } = await client.query("insert into public.sites (url) values ('https://www.mon-site.fr') returning *");
      const site = rows[0];
      assert.equal(site.name, 'mon-site.fr');
      assert.equal(site.linked_user, DEMO_USER);
      assert.equal(site.serps_nb_results, 10);
      assert.equal(site.serps_img_nb_results, 10);
      assert.equal(site.cover_image_width, 1200);
      assert.equal(site.cover_image_height, 630);
      assert.equal(site.nb_images_to_create, 1);
      assert.equal(site.default_status, 'draft');
      const page = (await client.query("insert into public.pages (site, name, url) values ($1, 'P', 'https://www.mon-site.fr/p') returning *", [site.id])).rows[0];
      assert.equal(Number(page.status), 1);
      assert.equal(page.creator, DEMO_USER);
      assert.ok(page.date_created instanceof Date && page.date_modified instanceof Date);
      const version = (await client.query("insert into public.pages_versions (page, html_content) values ($1, '<p>x</p>') returning *", [page.id])).rows[0];
      assert.match(version.id, /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
      assert.deepEqual([version.sent_in_revision, version.approved, version.need_to_do_web_search_for_modification], [false, false, false]);
    });
  });

  it('cannot create a site for someone else', async () => {
    const error = await errorOf(db.pool, asUser(DEMO_USER), 'insert into public.sites (url, linked_user) values ($1, $2)', ['https://a.fr', OTHER_USER]);
    assert.equal(error?.code, '42501');
  });
});

describe('storage policies', () => {
  /** @param {string} sub @param {string} bucket @param {string} name */
  const upload = (sub, bucket, name) =>
    errorOf(db.pool, asUser(sub), 'insert into storage.objects (bucket_id, name, owner) values ($1, $2, $3)', [bucket, name, sub]);

  it('lets a user upload logos under logos/ only', async () => {
    assert.equal(await upload(DEMO_USER, 'seo1', 'logos/abc.png'), null);
    assert.equal((await upload(DEMO_USER, 'seo1', 'other/abc.png'))?.code, '42501');
  });

  it('lets a user upload page images only under a page id of their own site', async () => {
    const own = (await db.pool.query('select p.id from public.pages p join public.sites s on s.id = p.site where s.linked_user = $1 limit 1', [DEMO_USER])).rows[0].id;
    const theirs = (await db.pool.query('select p.id from public.pages p join public.sites s on s.id = p.site where s.linked_user = $1 limit 1', [OTHER_USER])).rows[0].id;
    assert.equal(await upload(DEMO_USER, 'page-images', `${own}/1-a.png`), null);
    assert.equal((await upload(DEMO_USER, 'page-images', `${theirs}/1-a.png`))?.code, '42501');
    assert.equal((await upload(DEMO_USER, 'page-images', 'not-a-number/1-a.png'))?.code, '42501');
    assert.equal((await upload(DEMO_USER, 'page-images', '1-a.png'))?.code, '42501');
  });

  it('#27.15 refuses anonymous uploads and listings (public files are read by URL, without RLS: storage-listing.test.js)', async () => {
    assert.equal((await errorOf(db.pool, asAnon, "insert into storage.objects (bucket_id, name) values ('seo1', 'logos/x.png')"))?.code, '42501');
    await db.pool.query("insert into storage.objects (bucket_id, name) values ('page-images', 'seed/test-read.png')");
    const n = await asRole(db.pool, asAnon, async (client) => (await client.query("select 1 from storage.objects where name = 'seed/test-read.png'")).rowCount);
    assert.equal(n, 0);
  });

  it('declares the two public buckets with the logo limits', async () => {
    const { rows } = await db.pool.query('select id, public, file_size_limit, allowed_mime_types from storage.buckets order by id');
    const seo1 = rows.find((r) => r.id === 'seo1');
    assert.equal(seo1.public, true);
    assert.equal(Number(seo1.file_size_limit), 5 * 1024 * 1024);
    assert.deepEqual(seo1.allowed_mime_types, ['image/jpeg', 'image/png', 'image/gif', 'image/webp']);
    assert.equal(rows.find((r) => r.id === 'page-images').public, true);
  });
});

// Every function PostgREST exposes as an RPC (public, not a trigger function, not an extension's),
// called by anon, the owner of the data it is called on, and another user. A new function fails
// the completeness test until it has a row here. Owner = DEMO_USER, other = OTHER_USER.
describe('#27 RPC matrix: every public function for anon, owner and another user', () => {
  /** @type {Record<string, string>} */
  const ref = {};
  before(async () => {
    const q = async (/** @type {string} */ sql) => (await db.pool.query(sql, [DEMO_USER])).rows[0];
    Object.assign(ref, await q(`select v.id as version, v.page::text as page from public.pages_versions v join public.pages p on p.id = v.page
      join public.sites s on s.id = p.site where s.linked_user = $1 and not p.hide_revisions_texts_from_preview order by v.created_date desc limit 1`));
    ref.image = (await q(`select i.id::text from public.pages_versions_images i join public.pages p on p.id = i.linked_page
      join public.sites s on s.id = p.site where s.linked_user = $1 and i.type = 'proposition' and not p.hide_revisions_texts_from_preview limit 1`)).id;
    ref.imagePage = (await db.pool.query('select linked_page::text from public.pages_versions_images where id = $1', [ref.image])).rows[0].linked_page;
    ref.demo = '00000000-0000-4000-8000-00000000d3e0';
    ref.site = (await db.pool.query('select site::text from public.pages where id = $1', [ref.page])).rows[0].site;
    assert.ok(ref.version && ref.page && ref.image, 'seed gives the owner a version and a proposition image');
  });

  /**
   * ok: answers (check() on the result, when given); denied: 42501; refused: an error with this hint.
   * @typedef {{ ok: true, check?: (r: any) => void } | { denied: true } | { refused: string }} Expect
   * @type {{ fn: string, call: () => [string, unknown[]], anon: Expect, owner: Expect, other: Expect }[]}
   */
  const RPCS = [
    { fn: 'get_article_for_view(uuid)', call: () => ['select public.get_article_for_view($1) as r', [ref.version]],
      // a review link is a capability: whoever holds the uuid reads the article, never its creator
      anon: { ok: true, check: (r) => assert.ok(r && !JSON.stringify(r).includes(DEMO_USER)) },
      owner: { ok: true, check: (r) => assert.ok(r) }, other: { ok: true, check: (r) => assert.ok(r && !JSON.stringify(r).includes(DEMO_USER)) } },
    { fn: 'get_article_view_context(uuid)', call: () => ['select public.get_article_view_context($1) as r', [ref.version]],
      anon: { ok: true, check: (r) => assert.equal(r.is_owner, false) }, owner: { ok: true, check: (r) => assert.equal(r.is_owner, true) },
      other: { ok: true, check: (r) => assert.equal(r.is_owner, false) } },
    ...['send_for_revision(uuid, text)', 'cancel_revision(uuid)', 'approve_version(uuid)', 'cancel_approval(uuid)', 'set_cover_image(uuid, bigint)'].map((fn) => ({
      fn,
      // the review actions take the version uuid as the capability; a demo article refuses them for everybody
      call: () => /** @type {[string, unknown[]]} */ (fn.startsWith('send') ? ["select public.send_for_revision($1, 'x') as r", [ref.demo]]
        : fn.startsWith('set_cover') ? ['select public.set_cover_image($1, 1) as r', [ref.demo]] : [`select public.${fn.split('(')[0]}($1) as r`, [ref.demo]]),
      anon: { refused: 'demo_article' }, owner: { refused: 'demo_article' }, other: { refused: 'demo_article' },
    })),
    { fn: 'list_demo_articles()', call: () => ['select json_agg(d) as r from public.list_demo_articles() d', []],
      anon: { ok: true, check: (r) => assert.ok(r.length > 0 && !JSON.stringify(r).includes(DEMO_USER)) },
      owner: { ok: true }, other: { ok: true, check: (r) => assert.ok(!JSON.stringify(r).includes(DEMO_USER)) } },
    { fn: 'submit_contact_message(text, text, text)', call: () => ["select public.submit_contact_message('x', 'a@b.fr', 'court') as r", []],
      anon: { refused: 'name' }, owner: { refused: 'name' }, other: { refused: 'name' } },
    { fn: 'claim_first_article(text, text, text)', call: () => ["select public.claim_first_article('', 'a@b.fr', 'fr') as r", []],
      anon: { refused: 'url' }, owner: { refused: 'url' }, other: { refused: 'url' } },
    { fn: 'request_version_modification(uuid, text, boolean, boolean, boolean, boolean, uuid)',
      call: () => ["select public.request_version_modification($1, 'Plus court') as r", [ref.version]],
      anon: { denied: true }, owner: { ok: true, check: (r) => assert.ok(r.action) }, other: { refused: 'not_found' } },
    { fn: 'save_version_edit(uuid, text)', call: () => ["select public.save_version_edit($1, '<p>x</p>') as r", [ref.version]],
      anon: { denied: true }, owner: { ok: true, check: (r) => assert.ok(r) }, other: { refused: 'not_found' } },
    { fn: 'choose_page_image(bigint, bigint)', call: () => ['select public.choose_page_image($1, $2) as r', [ref.imagePage, ref.image]],
      anon: { denied: true }, owner: { ok: true, check: (r) => assert.ok(r) }, other: { refused: 'not_found' } },
    { fn: 'latest_versions_for_pages(bigint[])', call: () => ['select json_agg(l) as r from public.latest_versions_for_pages(array[$1::bigint]) l', [ref.page]],
      anon: { denied: true }, owner: { ok: true, check: (r) => assert.equal(r?.length, 1) }, other: { ok: true, check: (r) => assert.equal(r, null) } },
    // a site's WordPress connection without its password (issue 31): the seed has none, so null for its owner
    { fn: 'get_wordpress_connection(bigint)', call: () => ['select public.get_wordpress_connection($1) as r', [ref.site]],
      anon: { denied: true }, owner: { ok: true, check: (r) => assert.equal(r, null) }, other: { refused: 'not_found' } },
    // no worker has made the sealing key in this database: null for a signed-in user, nothing for anon
    { fn: 'get_wordpress_public_key()', call: () => ['select public.get_wordpress_public_key() as r', []],
      anon: { denied: true }, owner: { ok: true, check: (r) => assert.equal(r, null) }, other: { ok: true, check: (r) => assert.equal(r, null) } },
    // the owner without a password and no connection yet is asked for one; another user's site is not found
    { fn: 'save_wordpress_connection(bigint, text, text, text, text, boolean, boolean)',
      call: () => ["select public.save_wordpress_connection($1, 'https://blog.example.com', 'editor') as r", [ref.site]],
      anon: { denied: true }, owner: { refused: 'password' }, other: { refused: 'not_found' } },
    { fn: 'delete_wordpress_connection(bigint)', call: () => ['select public.delete_wordpress_connection($1) as r', [ref.site]],
      anon: { denied: true }, owner: { ok: true, check: (r) => assert.equal(r, false) }, other: { refused: 'not_found' } },
    // the inbox (20261130000100): staff only; the owner (the demo account) is staff, the other user is not
    { fn: 'staff_members()', call: () => ['select json_agg(m) as r from public.staff_members() m', []],
      anon: { denied: true }, owner: { ok: true, check: (r) => assert.ok(r.some((m) => m.id === DEMO_USER)) }, other: { denied: true } },
    { fn: 'take_in_request(bigint)', call: () => ['select public.take_in_request(0) as r', []],
      anon: { denied: true }, owner: { refused: 'not_found' }, other: { denied: true } },
    { fn: 'set_request_status(bigint, text)', call: () => ["select public.set_request_status(0, 'spam') as r", []],
      anon: { denied: true }, owner: { refused: 'not_found' }, other: { denied: true } },
    { fn: 'set_message_status(bigint, text)', call: () => ["select public.set_message_status(0, 'spam') as r", []],
      anon: { denied: true }, owner: { refused: 'not_found' }, other: { denied: true } },
    // the discovery order (20261201006000): the server's functions answer the service role only;
    // the refund check answers staff (the owner, the demo account, is staff)
    ...[
      ["discovery_order_start(text, text, text, integer, text, text)", "select public.discovery_order_start('a@b.fr', 'https://b.fr', 'fr', 100) as r"],
      ['discovery_order_charge_refunded(text, text, text, boolean)', "select public.discovery_order_charge_refunded('evt_x', 'pi_x', null, true) as r"],
      ['discovery_order_attach(bigint, text, timestamp with time zone)', "select public.discovery_order_attach(0, 'cs_x', now()) as r"],
      ['discovery_order_abandon(bigint)', 'select public.discovery_order_abandon(0) as r'],
      ['discovery_order_event(text, text, text, text, text)', "select public.discovery_order_event('evt_x', 'checkout.session.completed', 'cs_x', 'paid', 'pi_x') as r"],
      ['discovery_order_refunded(bigint, text, uuid)', "select public.discovery_order_refunded(0, 're_x', null) as r"],
    ].map(([fn, sql]) => ({ fn, call: () => /** @type {[string, unknown[]]} */ ([sql, []]),
      anon: /** @type {Expect} */ ({ denied: true }), owner: /** @type {Expect} */ ({ denied: true }), other: /** @type {Expect} */ ({ denied: true }) })),
    { fn: 'discovery_order_refund_check(bigint)', call: () => ['select public.discovery_order_refund_check(0) as r', []],
      anon: { denied: true }, owner: { refused: 'not_found' }, other: { denied: true } },
    // invoker, the caller's own rows only: another user's ids mark nothing
    { fn: 'mark_notifications_read(bigint[])', call: () => ['select public.mark_notifications_read() as r', []],
      anon: { denied: true }, owner: { ok: true, check: (r) => assert.equal(typeof r, 'number') }, other: { ok: true, check: (r) => assert.equal(typeof r, 'number') } },
    { fn: 'send_version_to_client(uuid, text, text)', call: () => ["select public.send_version_to_client($1, 'client@example.com') as r", [ref.version]],
      anon: { denied: true }, owner: { ok: true, check: (r) => assert.equal(r.status, 'queued') }, other: { refused: 'not_found' } },
    { fn: 'add_page_keyword(bigint, text)', call: () => ["select public.add_page_keyword($1, 'mot-clé matrice') as r", [ref.page]],
      anon: { denied: true }, owner: { ok: true, check: (r) => assert.equal(r.status, 'linked') }, other: { refused: 'not_found' } },
    // the "Articles" work list (20261130000300): the caller's own pages only, never another user's
    { fn: 'list_work_queue()', call: () => ['select json_agg(q) as r from public.list_work_queue() q', []],
      anon: { denied: true }, owner: { ok: true, check: (r) => assert.ok(r?.length > 0) },
      other: { ok: true, check: (r) => assert.ok(!JSON.stringify(r ?? []).includes(`"page_id":${ref.page},`)) } },
    // AI visibility (20261201007000): the owner's site and page only; the owner's site has no prompt yet
    { fn: 'queue_visibility_run(bigint, bigint)', call: () => ['select public.queue_visibility_run($1, $2) as r', [ref.site, ref.page]],
      anon: { denied: true }, owner: { refused: 'no_prompts' }, other: { refused: 'not_found' } },
    { fn: 'visibility_series(bigint, bigint, text, timestamp with time zone)',
      call: () => ['select json_agg(s) as r from public.visibility_series($1, $2) s', [ref.site, ref.page]],
      anon: { denied: true }, owner: { ok: true, check: (r) => assert.equal(r, null) }, other: { refused: 'not_found' } },
    { fn: 'visibility_version_counts(bigint)', call: () => ['select json_agg(s) as r from public.visibility_version_counts($1) s', [ref.page]],
      anon: { denied: true }, owner: { ok: true, check: (r) => assert.equal(r, null) }, other: { refused: 'not_found' } },
    { fn: 'visibility_overview(bigint, bigint)', call: () => ['select public.visibility_overview($1, $2) as r', [ref.site, ref.page]],
      anon: { denied: true }, owner: { ok: true, check: (r) => assert.equal(r.settings.schedule, 'weekly') }, other: { refused: 'not_found' } },
    // AI visibility, second slice (20261202002100): share of voice and export for the owner's site only; the report by a live token
    { fn: 'visibility_share_of_voice(bigint, bigint, timestamp with time zone, timestamp with time zone, integer)',
      call: () => ['select json_agg(s) as r from public.visibility_share_of_voice($1, $2) s', [ref.site, ref.page]],
      anon: { denied: true }, owner: { ok: true, check: (r) => assert.equal(r, null) }, other: { refused: 'not_found' } },
    { fn: 'visibility_answers_export(bigint, bigint, timestamp with time zone, timestamp with time zone)',
      call: () => ['select json_agg(s) as r from public.visibility_answers_export($1, $2) s', [ref.site, ref.page]],
      anon: { denied: true }, owner: { ok: true, check: (r) => assert.equal(r, null) }, other: { refused: 'not_found' } },
    { fn: 'get_visibility_report(text)', call: () => ["select public.get_visibility_report(repeat('ab', 32)) as r", []],
      anon: { refused: 'not_found' }, owner: { refused: 'not_found' }, other: { refused: 'not_found' } },
    // feeding the workspace in bulk (20261201003000): the caller's own site only, another user's is not found
    { fn: 'import_pages(bigint, jsonb, boolean, bigint)',
      call: () => ["select public.import_pages($1, '[{\"name\":\"Matrice\",\"url\":\"https://matrice.example.com/a\"}]') as r", [ref.site]],
      anon: { denied: true }, owner: { ok: true, check: (r) => assert.equal(r.created, 1) }, other: { refused: 'not_found' } },
    { fn: 'import_keywords(bigint, jsonb, boolean)',
      call: () => ["select public.import_keywords($1, jsonb_build_array(jsonb_build_object('page', $2::bigint, 'keyword', 'mot-clé import'))) as r", [ref.site, ref.page]],
      anon: { denied: true }, owner: { ok: true, check: (r) => assert.equal(r.created, 1) }, other: { refused: 'not_found' } },
    { fn: 'set_pages_status(bigint, bigint[], bigint)', call: () => ['select public.set_pages_status($1, array[$2::bigint], 3) as r', [ref.site, ref.page]],
      anon: { denied: true }, owner: { ok: true, check: (r) => assert.equal(r.updated + r.unchanged, 1) }, other: { refused: 'not_found' } },
    { fn: 'delete_pages(bigint, bigint[])', call: () => ['select public.delete_pages($1, array[$2::bigint]) as r', [ref.site, ref.page]],
      anon: { denied: true }, owner: { ok: true, check: (r) => assert.equal(r, 1) }, other: { refused: 'not_found' } },
    { fn: 'export_site_articles(bigint, bigint, integer)', call: () => ['select json_agg(e) as r from public.export_site_articles($1) e', [ref.site]],
      anon: { denied: true }, owner: { ok: true, check: (r) => assert.ok(r.some((e) => String(e.page_id) === ref.page)) }, other: { refused: 'not_found' } },
    // the French search key (20261201004000): a pure function of its text, the same for everyone (pages.name_search uses it)
    { fn: 'search_fold(text)', call: () => ["select public.search_fold('Pain d’Épices') as r", []],
      anon: { ok: true, check: (r) => assert.equal(r, "pain d'epices") }, owner: { ok: true, check: (r) => assert.equal(r, "pain d'epices") },
      other: { ok: true, check: (r) => assert.equal(r, "pain d'epices") } },
    { fn: 'set_page_published(bigint, boolean)', call: () => ['select public.set_page_published($1, false) as r', [ref.page]],
      anon: { denied: true }, owner: { ok: true, check: (r) => assert.equal(r.published_at, null) }, other: { refused: 'not_found' } },
  ];

  it('lists every function exposed as an RPC', async () => {
    const { rows } = await db.pool.query(`
      select regexp_replace(p.oid::regprocedure::text, '^public\\.', '') as fn
        from pg_proc p join pg_namespace n on n.oid = p.pronamespace
       where n.nspname = 'public' and p.prorettype <> 'trigger'::regtype
         and not exists (select 1 from pg_depend d where d.classid = 'pg_proc'::regclass and d.objid = p.oid and d.deptype = 'e')
       order by 1`);
    assert.deepEqual(rows.map((r) => r.fn.replaceAll(' ', '')).sort(), RPCS.map((r) => r.fn.replaceAll(' ', '')).sort());
  });

  for (const rpc of RPCS) {
    for (const [who, role] of /** @type {const} */ ([['anon', asAnon], ['owner', asUser(DEMO_USER)], ['other', asUser(OTHER_USER)]])) {
      it(`${rpc.fn} as ${who}`, async () => {
        const expect = rpc[who];
        const [sql, params] = rpc.call();
        if ('ok' in expect) {
          const r = await asRole(db.pool, role, async (client) => (await client.query(sql, params)).rows[0].r);
          expect.check?.(r);
        } else {
          const error = await errorOf(db.pool, role, sql, params);
          assert.ok(error, `${rpc.fn} must fail for ${who}`);
          if ('denied' in expect) assert.equal(error.code, '42501', error.message);
          else assert.equal(error.hint, expect.refused, error.message);
        }
      });
    }
  }
});

describe('#27 keywords and storage objects for anon, owner and another user', () => {
  it('#27.2 keywords: anon reads none, the owner reads those of their pages, another user does not read them', async () => {
    assert.equal((await errorOf(db.pool, asAnon, 'select * from public.keywords'))?.code, '42501');
    const mine = (await db.pool.query(`select distinct pk.linked_keyword::text as id from public.pages_keywords pk
      join public.pages p on p.id = pk.linked_page join public.sites s on s.id = p.site where s.linked_user = $1
      except select pk.linked_keyword::text from public.pages_keywords pk join public.pages p on p.id = pk.linked_page
      join public.sites s on s.id = p.site where s.linked_user = $2`, [DEMO_USER, OTHER_USER])).rows.map((r) => r.id);
    assert.ok(mine.length > 0);
    const count = (/** @type {string} */ sub) => asRole(db.pool, asUser(sub), async (c) =>
      (await c.query('select count(*)::int as n from public.keywords where id = any($1::bigint[])', [mine])).rows[0].n);
    assert.equal(await count(DEMO_USER), mine.length);
    assert.equal(await count(OTHER_USER), 0);
    for (const sql of ["update public.keywords set keyword = 'x'", 'delete from public.keywords']) {
      assert.equal((await errorOf(db.pool, asUser(DEMO_USER), sql))?.code, '42501');
    }
  });

  it('#27.15 storage objects: anon lists none, users list only their logos and their pages\' image folders', async () => {
    const page = (sub) => db.pool.query('select p.id::text from public.pages p join public.sites s on s.id = p.site where s.linked_user = $1 limit 1', [sub]).then((r) => r.rows[0].id);
    const [mine, theirs] = [await page(DEMO_USER), await page(OTHER_USER)];
    const client = await db.pool.connect();
    try {
      await client.query('begin');
      await client.query(`insert into storage.objects (bucket_id, name, owner) values ('seo1', 'logos/m.png', $1), ('seo1', 'logos/t.png', $2),
        ('page-images', $3 || '/m.png', $1), ('page-images', $4 || '/t.png', $2)`, [DEMO_USER, OTHER_USER, mine, theirs]);
      const seen = async (/** @type {object} */ claims, /** @type {string} */ role) => {
        await client.query("select set_config('request.jwt.claims', $1, true)", [JSON.stringify(claims)]);
        await client.query(`set local role ${role}`);
        const { rows } = await client.query("select name from storage.objects where name in ('logos/m.png', 'logos/t.png', $1, $2) order by name", [`${mine}/m.png`, `${theirs}/t.png`]);
        await client.query('reset role');
        return rows.map((r) => r.name);
      };
      assert.deepEqual(await seen({ role: 'anon' }, 'anon'), []);
      assert.deepEqual(await seen({ role: 'authenticated', sub: DEMO_USER }, 'authenticated'), [`${mine}/m.png`, 'logos/m.png']);
      assert.deepEqual(await seen({ role: 'authenticated', sub: OTHER_USER }, 'authenticated'), [`${theirs}/t.png`, 'logos/t.png']);
    } finally {
      await client.query('rollback');
      client.release();
    }
  });
});
