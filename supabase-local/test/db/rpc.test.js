// RPC functions (review transitions, viewer, cover image, demo list, public forms) and checks.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import {
  asAnon, asRole, asUser, DEMO_ARTICLE_VERSION, DEMO_USER, errorOf, OTHER_USER, REVIEW_VERSION, startSeededDatabase,
} from './helpers.js';

/** @type {Awaited<ReturnType<typeof startSeededDatabase>>} */
let db;
before(async () => {
  db = await startSeededDatabase();
});
after(async () => {
  await db?.stop();
});

const DEMO_MESSAGE = 'This is a demo article, so you cannot use this feature.';

/** Call an RPC as anon and commit, like a review-link visitor. */
async function anonCall(sql, params = []) {
  return asRole(db.pool, { role: 'anon', commit: true }, async (client) => (await client.query(sql, params)).rows[0]);
}

describe('review transitions (callable by anyone holding the version id)', () => {
  it('refuses an empty or blank comment', async () => {
    for (const comments of ['', '   ', null]) {
      const error = await errorOf(db.pool, asAnon, 'select * from public.send_for_revision($1, $2)', [REVIEW_VERSION, comments]);
      assert.equal(error?.message, 'Comments are required to send for revision');
      assert.equal(error?.code, '22023');
    }
  });

  it('goes draft -> in revision -> draft -> approved -> draft, refusing other moves', async () => {
    let v = (await anonCall('select public.send_for_revision($1, $2) as v', [REVIEW_VERSION, 'Ajouter un exemple chiffré.'])).v;
    assert.equal(v.sent_in_revision, true);
    assert.equal(v.approved, false);
    // the client's words come back as client_comments; comments_to_modify (the operator's field) is never handed to a client
    assert.equal(v.client_comments, 'Ajouter un exemple chiffré.');
    assert.equal(v.comments_to_modify, null);

    for (const sql of ['select * from public.send_for_revision($1, \'encore\')', 'select * from public.approve_version($1)', 'select * from public.cancel_approval($1)']) {
      const error = await errorOf(db.pool, asAnon, sql, [REVIEW_VERSION]);
      assert.equal(error?.code, 'P0001', sql);
      assert.equal(error?.hint, 'invalid_transition', sql);
    }

    v = (await anonCall('select public.cancel_revision($1) as v', [REVIEW_VERSION])).v;
    assert.deepEqual([v.sent_in_revision, v.approved], [false, false]);
    assert.equal((await errorOf(db.pool, asAnon, 'select * from public.cancel_revision($1)', [REVIEW_VERSION]))?.hint, 'invalid_transition');

    v = (await anonCall('select public.approve_version($1) as v', [REVIEW_VERSION])).v;
    assert.deepEqual([v.sent_in_revision, v.approved], [false, true]);
    assert.equal((await errorOf(db.pool, asAnon, 'select * from public.send_for_revision($1, $2)', [REVIEW_VERSION, 'x']))?.hint, 'invalid_transition');

    v = (await anonCall('select public.cancel_approval($1) as v', [REVIEW_VERSION])).v;
    assert.deepEqual([v.sent_in_revision, v.approved], [false, false]);
    const stored = await db.pool.query('select sent_in_revision, approved from public.pages_versions where id = $1', [REVIEW_VERSION]);
    assert.deepEqual(stored.rows[0], { sent_in_revision: false, approved: false });
  });

  it('refuses every review action and the cover change on a demo article', async () => {
    const image = (await db.pool.query(
      "select i.id from public.pages_versions_images i join public.pages_versions v on v.page = i.linked_page where v.id = $1 and i.type = 'proposition' limit 1",
      [DEMO_ARTICLE_VERSION])).rows[0].id;
    for (const [sql, params] of [
      ['select * from public.send_for_revision($1, $2)', [DEMO_ARTICLE_VERSION, 'Bonjour']],
      ['select * from public.cancel_revision($1)', [DEMO_ARTICLE_VERSION]],
      ['select * from public.approve_version($1)', [DEMO_ARTICLE_VERSION]],
      ['select * from public.cancel_approval($1)', [DEMO_ARTICLE_VERSION]],
      ['select public.set_cover_image($1, $2)', [DEMO_ARTICLE_VERSION, image]],
    ]) {
      for (const who of [asAnon, asUser(DEMO_USER)]) {
        const error = await errorOf(db.pool, who, sql, params);
        assert.equal(error?.message, DEMO_MESSAGE, sql);
        assert.equal(error?.code, 'P0001');
        assert.equal(error?.hint, 'demo_article');
      }
    }
  });

  it('answers "Version not found" for an unknown id', async () => {
    const error = await errorOf(db.pool, asAnon, 'select * from public.approve_version($1)', ['00000000-0000-4000-8000-000000000bad']);
    assert.equal(error?.message, 'Version not found');
    assert.equal(error?.hint, 'not_found');
  });
});

describe('article viewer', () => {
  it('returns the article with its cover and propositions', async () => {
    const { view } = await anonCall('select public.get_article_for_view($1) as view', [REVIEW_VERSION]);
    assert.equal(view.version.id, REVIEW_VERSION);
    assert.match(view.version.html_content, /<h1>Comment aménager un petit jardin en ville<\/h1>/);
    assert.equal(view.page.name, 'Comment aménager un petit jardin en ville');
    assert.equal(view.is_demo, false);
    assert.equal(view.images.length, 3);
    const chosen = view.images.filter((i) => i.chosen);
    assert.equal(chosen.length, 1);
    assert.equal(view.cover_image_url, chosen[0].image_url);
  });

  it('falls back to the newest proposition by id when none is chosen', async () => {
    const page = (await db.pool.query('select page from public.pages_versions where id = $1', [REVIEW_VERSION])).rows[0].page;
    const client = await db.pool.connect();
    try {
      await client.query('begin');
      await client.query("update public.pages_versions_images set chosen = false where linked_page = $1", [page]);
      const newest = (await client.query("select image_url from public.pages_versions_images where linked_page = $1 and type = 'proposition' order by id desc limit 1", [page])).rows[0];
      const view = (await client.query('select public.get_article_for_view($1) as view', [REVIEW_VERSION])).rows[0].view;
      assert.equal(view.cover_image_url, newest.image_url);
    } finally {
      await client.query('rollback');
      client.release();
    }
  });

  it('hides revision comments on demo articles and returns null for unknown ids', async () => {
    await db.pool.query("update public.pages_versions set comments_to_modify = 'secret' where id = $1", [DEMO_ARTICLE_VERSION]);
    const { view } = await anonCall('select public.get_article_for_view($1) as view', [DEMO_ARTICLE_VERSION]);
    assert.equal(view.is_demo, true);
    assert.equal(view.version.comments_to_modify, null);
    const none = await anonCall('select public.get_article_for_view($1) as view', ['00000000-0000-4000-8000-000000000bad']);
    assert.equal(none.view, null);
  });

  it('sets the cover image: exactly one chosen proposition per page', async () => {
    const page = (await db.pool.query('select page from public.pages_versions where id = $1', [REVIEW_VERSION])).rows[0].page;
    const images = (await db.pool.query("select id from public.pages_versions_images where linked_page = $1 and type = 'proposition' and not chosen order by id", [page])).rows;
    const target = images[0].id;
    const { view } = await anonCall('select public.set_cover_image($1, $2) as view', [REVIEW_VERSION, target]);
    assert.equal(view.images.filter((i) => i.chosen).length, 1);
    assert.equal(view.images.find((i) => i.chosen).id, Number(target));
    const stored = await db.pool.query("select id from public.pages_versions_images where linked_page = $1 and chosen", [page]);
    assert.deepEqual(stored.rows.map((r) => r.id), [target]);
  });

  it("refuses an image of another page", async () => {
    const foreign = (await db.pool.query(
      "select i.id from public.pages_versions_images i join public.pages_versions v on v.page <> i.linked_page where v.id = $1 limit 1",
      [REVIEW_VERSION])).rows[0].id;
    const error = await errorOf(db.pool, asAnon, 'select public.set_cover_image($1, $2)', [REVIEW_VERSION, foreign]);
    assert.equal(error?.message, 'Image not found for this article');
  });

  it('lists demo articles with their latest version, newest first', async () => {
    const rows = await asRole(db.pool, asAnon, async (client) => (await client.query('select * from public.list_demo_articles()')).rows);
    assert.equal(rows.length, 1);
    assert.equal(rows[0].latest_version_id, DEMO_ARTICLE_VERSION);
    assert.equal(rows[0].page_name, 'Guide : créer un jardin japonais chez soi');
  });

  it('keeps internal helpers out of reach of API roles', async () => {
    const error = await errorOf(db.pool, asAnon, 'select private.version_for_review($1)', [REVIEW_VERSION]);
    assert.equal(error?.code, '42501');
  });
});

describe('contact form', () => {
  const cases = [
    [['A', 'a@b.fr', 'Bonjour, je voudrais un devis.'], 'Name must be at least 2 characters.'],
    [['Alice', 'pas-un-email', 'Bonjour, je voudrais un devis.'], 'Please enter a valid email address.'],
    [['Alice', 'a b@c.fr', 'Bonjour, je voudrais un devis.'], 'Please enter a valid email address.'],
    [['Alice', 'a@b.fr', 'Trop court'.slice(0, 9)], 'Message must be at least 10 characters.'],
    [['Alice', 'a@b.fr', 'x'.repeat(5001)], 'Message must be at most 5000 characters.'],
  ];
  for (const [args, message] of cases) {
    it(`refuses ${JSON.stringify(args).slice(0, 60)}: ${message}`, async () => {
      const error = await errorOf(db.pool, asAnon, 'select public.submit_contact_message($1, $2, $3)', args);
      assert.equal(error?.message, message);
      assert.equal(error?.code, '22023');
    });
  }

  it('stores a valid message and returns its id', async () => {
    const { result } = await anonCall('select public.submit_contact_message($1, $2, $3) as result', ['  Alice Martin ', 'alice@example.fr', 'Bonjour, je voudrais un devis pour dix articles.']);
    assert.ok(result.id > 0);
    const stored = await db.pool.query('select name, email, message from public.contact_messages where id = $1', [result.id]);
    assert.deepEqual(stored.rows[0], { name: 'Alice Martin', email: 'alice@example.fr', message: 'Bonjour, je voudrais un devis pour dix articles.' });
  });

  it('slows down a sender flooding the form', async () => {
    for (let i = 0; i < 5; i += 1) {
      await anonCall('select public.submit_contact_message($1, $2, $3)', ['Bob', 'flood@example.fr', `Message numéro ${i} pour test.`]);
    }
    const error = await errorOf(db.pool, asAnon, 'select public.submit_contact_message($1, $2, $3)', ['Bob', 'flood@example.fr', 'Encore un message de test.']);
    assert.equal(error?.hint, 'rate_limited');
  });
});

describe('claim_first_article', () => {
  it('creates the request and its site with the flow defaults', async () => {
    const { result } = await anonCall('select public.claim_first_article($1, $2) as result', ['https://www.exemple-boutique.fr', 'client@exemple-boutique.fr']);
    assert.ok(result.request_id > 0 && result.site_id > 0);
    const request = (await db.pool.query('select * from public.first_article_requests where id = $1', [result.request_id])).rows[0];
    assert.equal(request.url, 'https://www.exemple-boutique.fr');
    assert.equal(request.stripe_email, 'client@exemple-boutique.fr');
    assert.equal(request.site, String(result.site_id));
    assert.equal(request.status, 'new', 'the inbox state of a fresh request (20261130000000)');
    const site = (await db.pool.query(`
      select s.*, c.country_name, l.language_name from public.sites s
        left join public.location_countries c on c.id = s.country
        left join public.location_languages l on l.id = s.language where s.id = $1`, [result.site_id])).rows[0];
    assert.deepEqual(
      {
        name: site.name, url: site.url, linked_user: site.linked_user, stripe_email: site.stripe_email, email1: site.email1,
        client_email: site.client_email,
        country: site.country_name, language: site.language_name, familiar_terms: site.familiar_terms,
        force_defined_language_for_serps: site.force_defined_language_for_serps, serps_nb_results: site.serps_nb_results,
        serps_img_nb_results: site.serps_img_nb_results, address_the_reader_with_i: site.address_the_reader_with_i,
        accepted_topics: site.accepted_topics, cover_image_width: site.cover_image_width, cover_image_height: site.cover_image_height,
        nb_images_to_create: site.nb_images_to_create, default_type_page_post: site.default_type_page_post,
        default_status: site.default_status, auto_publish_image: site.auto_publish_image, tone_articles_group: site.tone_articles_group,
      },
      {
        name: 'exemple-boutique.fr', url: 'https://www.exemple-boutique.fr', linked_user: null,
        stripe_email: 'client@exemple-boutique.fr', email1: 'client@exemple-boutique.fr', client_email: 'client@exemple-boutique.fr',
        country: 'France', language: 'French',
        familiar_terms: false, force_defined_language_for_serps: false, serps_nb_results: 10, serps_img_nb_results: 5,
        address_the_reader_with_i: false, accepted_topics: null, cover_image_width: 1200, cover_image_height: 630,
        nb_images_to_create: 3, default_type_page_post: 'post', default_status: 'draft', auto_publish_image: false,
        tone_articles_group: null,
      },
    );
    assert.ok(site.image_logo);
    const again = await anonCall('select public.claim_first_article($1, $2) as result', ['https://www.exemple-boutique.fr', 'CLIENT@exemple-boutique.fr']);
    assert.deepEqual(again.result, result, 'asking twice returns the same request');
    // Nobody signed in can see the unowned site.
    const seen = await asRole(db.pool, asUser(DEMO_USER), async (client) => (await client.query('select 1 from public.sites where id = $1', [result.site_id])).rowCount);
    assert.equal(seen, 0);
    assert.equal(request.language, 'fr', 'without p_language the request is French (callers of the two-argument RPC)');
  });

  it("records the requester's language (p_language: fr, en or a tag of them); the site stays French", async () => {
    const { result } = await anonCall('select public.claim_first_article($1, $2, $3) as result', ['https://www.english-shop.co.uk', 'owner@english-shop.co.uk', 'en']);
    const request = (await db.pool.query('select language from public.first_article_requests where id = $1', [result.request_id])).rows[0];
    assert.equal(request.language, 'en');
    const tagged = await anonCall('select public.claim_first_article(p_url => $1, p_stripe_email => $2, p_language => $3) as result', ['https://www.shop-gb.co.uk', 'a@shop-gb.co.uk', 'EN-gb']);
    assert.equal((await db.pool.query('select language from public.first_article_requests where id = $1', [tagged.result.request_id])).rows[0].language, 'en');
    for (const language of ['de', 'english', 'en;drop']) {
      const error = await errorOf(db.pool, asAnon, 'select public.claim_first_article($1, $2, $3)', ['https://www.other.fr', 'a@other.fr', language]);
      assert.equal(error?.message, 'The language must be fr or en.', language);
      assert.equal(error?.code, '22023');
      assert.equal(error?.hint, 'language');
    }
  });

  it('refuses a bad url or e-mail with a clear message', async () => {
    for (const [url, email, message] of [
      ['', 'a@b.fr', 'Please enter your website URL.'],
      ['pas une url', 'a@b.fr', 'Please enter a valid website URL.'],
      ['javascript:alert(1)', 'a@b.fr', 'Please enter a valid website URL.'],
      ['exemple.fr', 'nope', 'Please enter a valid email address.'],
    ]) {
      const error = await errorOf(db.pool, asAnon, 'select public.claim_first_article($1, $2)', [url, email]);
      assert.equal(error?.message, message, `${url} / ${email}`);
      assert.equal(error?.code, '22023');
    }
  });
});

describe('checks and triggers', () => {
  /** @param {string} sql @param {unknown[]} [params] */
  const asDemo = (sql, params) => errorOf(db.pool, asUser(DEMO_USER), sql, params);

  it('keeps SERP counts within 1..100', async () => {
    for (const column of ['serps_nb_results', 'serps_img_nb_results']) {
      for (const value of [0, 101]) {
        const error = await asDemo(`insert into public.sites (url, ${column}) values ('https://a.fr', $1)`, [value]);
        assert.equal(error?.code, '23514', `${column}=${value}`);
      }
      assert.equal(await asDemo(`insert into public.sites (url, ${column}) values ('https://a.fr', 100)`), null);
    }
  });

  it('accepts only private, publish or draft as default_status', async () => {
    assert.equal((await asDemo("insert into public.sites (url, default_status) values ('https://a.fr', 'foo')"))?.code, '23514');
    assert.equal(await asDemo("insert into public.sites (url, default_status) values ('https://a.fr', 'publish')"), null);
  });

  it('refuses a negative number of images and a language of another country', async () => {
    assert.equal((await asDemo("insert into public.sites (url, nb_images_to_create) values ('https://a.fr', -1)"))?.code, '23514');
    const error = await asDemo("insert into public.sites (url, country, language) values ('https://a.fr', (select id from public.location_countries where country_name = 'Germany'), (select id from public.location_languages where language_name = 'Italian' limit 1))");
    assert.equal(error?.code, '23514');
  });

  it('checks image types and keeps one chosen proposition per page', async () => {
    const page = (await db.pool.query('select page from public.pages_versions where id = $1', [REVIEW_VERSION])).rows[0].page;
    assert.equal((await asDemo("insert into public.pages_versions_images (linked_page, image_url, type) values ($1, '/a.png', 'banner')", [page]))?.code, '23514');
    assert.equal((await asDemo("insert into public.pages_versions_images (linked_page, image_url, type, chosen) values ($1, '/a.png', 'proposition', true)", [page]))?.code, '23505');
  });

  it('checks number_of_images (1..10) on cover-image actions', async () => {
    const page = (await db.pool.query('select page from public.pages_versions where id = $1', [REVIEW_VERSION])).rows[0].page;
    const sql = "insert into public.pages_actions (linked_page, linked_action, info_json) values ($1, (select id from public.actions where name = 'create_cover_image'), $2)";
    for (const bad of [0, 11, 2.5, '3', null]) {
      const error = await asDemo(sql, [page, JSON.stringify({ generate_prompt: 'x', number_of_images: bad })]);
      assert.equal(error?.message, 'number_of_images must be an integer between 1 and 10', String(bad));
    }
    for (const good of [1, 10]) assert.equal(await asDemo(sql, [page, JSON.stringify({ number_of_images: good })]), null);
  });

  it('re-queues an action the client refreshes', async () => {
    const action = (await db.pool.query("select id from public.pages_actions where status = 'done' and linked_page in (select p.id from public.pages p join public.sites s on s.id = p.site where s.linked_user = $1) limit 1", [DEMO_USER])).rows[0].id;
    const row = await asRole(db.pool, asUser(DEMO_USER), async (client) =>
      (await client.query("update public.pages_actions set created_date = now(), info2 = '42' where id = $1 returning status, attempts, info2", [action])).rows[0]);
    assert.deepEqual(row, { status: 'queued', attempts: 0, info2: '42' });
  });

  it('lets only groups be parents of tone articles', async () => {
    const member = (await db.pool.query("select id from public.tone_articles where name = 'Fiche juridique'")).rows[0].id;
    const error = await asDemo("insert into public.tone_articles (name, parent_tone_article) values ('x', $1)", [member]);
    assert.equal(error?.code, '23514');
    const privateGroupOfOther = (await db.pool.query('select id from public.tone_articles where owner = $1 and parent_tone_article is null and not is_shared', [OTHER_USER])).rows[0].id;
    assert.equal((await asDemo("insert into public.tone_articles (name, parent_tone_article) values ('x', $1)", [privateGroupOfOther]))?.code, '23503');
    const sharedGroup = (await db.pool.query("select id from public.tone_articles where name = 'Ton éditorial chaleureux'")).rows[0].id;
    assert.equal(await errorOf(db.pool, asUser(OTHER_USER), "insert into public.tone_articles (name, parent_tone_article) values ('x', $1)", [sharedGroup]), null);
  });

  it('refuses a version that is both in revision and approved', async () => {
    assert.equal((await asDemo('update public.pages_versions set sent_in_revision = true, approved = true where id = $1', [REVIEW_VERSION]))?.code, '23514');
  });
});
