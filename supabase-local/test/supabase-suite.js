// The supabase-js suite: every call shape of docs/data-model.md#calls docs/public-site.md#calls
// plus isolation between users, anon limits, bad filters and storage checks.
// defineSupabaseSuite(label, getStackOptions) runs it against any database.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { PNG_1X1, makeClient, rawRequest, signedInUser, startTestStack } from './helpers.js';

export function defineSupabaseSuite(label, getStackOptions = async () => ({})) {
  describe(`supabase-js against the local stack (${label})`, () => {
    let env;
    let stack;
    let a; // user A
    let b; // user B
    let anon;
    let france;
    const cleanup = [];

    before(async () => {
      const opts = await getStackOptions();
      if (opts.cleanup) cleanup.push(opts.cleanup);
      delete opts.cleanup;
      env = await startTestStack(opts);
      stack = env.stack;
      a = await signedInUser(stack);
      b = await signedInUser(stack);
      anon = makeClient(stack);
      const { data } = await a.client.from('location_countries').select('*').eq('country_name', 'France').single();
      france = data;
    });

    after(async () => {
      await env?.close();
      for (const fn of cleanup) await fn();
    });

    async function makeSite(u, extra = {}) {
      const { data, error } = await u.client
        .from('sites')
        .insert({ url: 'https://www.example.org', country: france.id, linked_user: u.user.id, image_logo: 'x', ...extra })
        .select()
        .single();
      assert.equal(error, null);
      return data;
    }
    async function makePage(u, site, extra = {}) {
      const now = new Date().toISOString();
      const { data, error } = await u.client
        .from('pages')
        .insert({ site: site.id, name: 'Page', url: 'https://www.example.org/p', status: 1, creator: u.user.id, date_created: now, date_modified: now, ...extra })
        .select()
        .single();
      assert.equal(error, null);
      return data;
    }
    async function makeVersion(u, page, html = '<p>v</p>') {
      const { data, error } = await u.client.from('pages_versions').insert({ page: page.id, html_content: html, creator: u.user.id }).select().single();
      assert.equal(error, null);
      return data;
    }

    test('lookup tables: countries ordered, languages by country, statuses, actions by name', async () => {
      const { data: countries, error } = await a.client.from('location_countries').select('*').order('country_name', { ascending: true });
      assert.equal(error, null);
      assert.ok(countries.length > 3);
      const names = countries.map((c) => c.country_name);
      assert.deepEqual(names, [...names].sort((x, y) => (x < y ? -1 : x > y ? 1 : 0)));
      const { data: langs } = await a.client.from('location_languages').select('*').eq('linked_country', france.id).order('language_name', { ascending: true });
      assert.ok(langs.some((l) => l.language_name === 'French'));
      const { data: statuses } = await a.client.from('statuses').select('*').order('id');
      assert.deepEqual(statuses.map((s) => [s.id, s.name]), [[1, 'Published'], [2, 'Draft'], [3, 'In Review']]);
      const { data: one } = await a.client.from('statuses').select('*').eq('id', 3).single();
      assert.equal(one.name, 'In Review');
      const { data: action, error: e2 } = await a.client.from('actions').select('id').eq('name', 'serps').single();
      assert.equal(e2, null);
      assert.equal(typeof action.id, 'number');
    });

    test('sites: insert/select single, list ordered by id desc, update, rename, delete', async () => {
      const s1 = await makeSite(a, { name: '' });
      assert.equal(s1.name, 'example.org');
      assert.equal(s1.serps_nb_results, 10);
      const s2 = await makeSite(a, { name: 'Second' });
      const { data: list } = await a.client.from('sites').select('*').order('id', { ascending: false });
      assert.deepEqual(list.slice(0, 2).map((s) => s.id), [s2.id, s1.id]);
      const { data: single } = await a.client.from('sites').select('*').eq('id', s1.id).single();
      assert.equal(single.id, s1.id);
      const { data: upd, error } = await a.client.from('sites').update({ serps_nb_results: 20 }).eq('id', s1.id).select().single();
      assert.equal(error, null);
      assert.equal(upd.serps_nb_results, 20);
      const { error: eRange } = await a.client.from('sites').update({ serps_nb_results: 101 }).eq('id', s1.id);
      assert.equal(eRange.code, '23514');
      const { error: eName } = await a.client.from('sites').update({ name: 'Renamed' }).eq('id', s1.id);
      assert.equal(eName, null);
      const { error: eDel } = await a.client.from('sites').delete().eq('id', s2.id);
      assert.equal(eDel, null);
      const { data: gone, error: eGone } = await a.client.from('sites').select('*').eq('id', s2.id).single();
      assert.equal(gone, null);
      assert.equal(eGone.code, 'PGRST116');
    });

    test('tone_articles: insert group and member, parent name embed, groups ordered by name', async () => {
      const { data: g, error } = await a.client.from('tone_articles').insert({ name: 'Zeta group', parent_tone_article: null, content: null }).select().single();
      assert.equal(error, null);
      await a.client.from('tone_articles').insert({ name: 'Alpha group', parent_tone_article: null, content: null });
      const { error: e2 } = await a.client.from('tone_articles').insert({ name: 'Member', parent_tone_article: g.id, content: 'Texte' });
      assert.equal(e2, null);
      const { data: all, error: e3 } = await a.client
        .from('tone_articles')
        .select('id, name, content, parent_tone_article, parent:parent_tone_article(name)');
      assert.equal(e3, null);
      const member = all.find((t) => t.name === 'Member');
      assert.equal(member.parent.name, 'Zeta group');
      const { data: groups } = await a.client.from('tone_articles').select('id, name').is('parent_tone_article', null).order('name', { ascending: true });
      const mine = groups.map((x) => x.name).filter((n) => n.endsWith('group'));
      assert.deepEqual(mine.slice(0, 2), ['Alpha group', 'Zeta group']);
    });

    test('pages: list with statuses(name) and counts, range/order, count exact; update, delete', async () => {
      const site = await makeSite(a);
      const p1 = await makePage(a, site, { name: 'Old', date_modified: '2024-01-01T00:00:00Z' });
      const p2 = await makePage(a, site, { name: 'New', status: 3, date_modified: '2025-01-01T00:00:00Z' });
      // keywords are added to a page by text (issue 27: a user reads only the keywords of their pages)
      const { data: added } = await a.client.rpc('add_page_keyword', { p_page_id: p2.id, p_keyword: `kw ${Date.now()}` });
      const kw = { id: added.keyword_id, keyword: added.keyword };
      const { error: eS } = await a.client.from('serps').insert([
        { linked_keyword: kw.id, site: site.id, own_site: true, position_absolute: 2, title: 'B', url: 'https://b', meta_description: 'b', type: 'organic' },
        { linked_keyword: kw.id, site: site.id, own_site: false, position_absolute: 1, title: 'A', url: 'https://a', meta_description: 'a', type: 'organic' },
      ]);
      assert.equal(eS, null);
      const { data: llm } = await a.client.from('llms').select('id, name').limit(1).single();
      await a.client.from('pages_llm_answers').insert({ linked_page: p2.id, linked_llm: llm.id, answer: 'Réponse' });

      const { data, error, count } = await a.client
        .from('pages')
        .select('*, statuses(name), pages_llm_answers(count), pages_keywords(keywords(serps(count)))', { count: 'exact' })
        .eq('site', site.id)
        .order('date_modified', { ascending: false })
        .range(0, 9);
      assert.equal(error, null);
      assert.equal(count, 2);
      assert.deepEqual(data.map((p) => p.id), [p2.id, p1.id]);
      assert.equal(data[0].statuses.name, 'In Review');
      assert.equal(data[0].pages_llm_answers[0].count, 1);
      assert.equal(data[0].pages_keywords[0].keywords.serps[0].count, 2);

      // The page-list request of docs/data-model.md#calls as the app sends it: status joined and
      // the per-page counts (stored columns kept by triggers), one page, exact count
      // ("Showing x-y of n").
      const list = await a.client
        .from('pages')
        .select('id, name, url, status, date_modified, statuses(name), serp_results_count, llm_answers_count', { count: 'exact' })
        .eq('site', site.id)
        .order('date_modified', { ascending: false })
        .range(0, 0);
      assert.equal(list.error, null);
      assert.equal(list.count, 2);
      assert.deepEqual(list.data, [{
        id: p2.id, name: 'New', url: p2.url, status: 3, date_modified: list.data[0].date_modified,
        statuses: { name: 'In Review' }, serp_results_count: 2, llm_answers_count: 1,
      }]);
      const second = await a.client
        .from('pages')
        .select('id, serp_results_count, llm_answers_count', { count: 'exact' })
        .eq('site', site.id)
        .order('date_modified', { ascending: false })
        .range(1, 1);
      assert.deepEqual([second.count, second.data], [2, [{ id: p1.id, serp_results_count: 0, llm_answers_count: 0 }]]);
      // Another user sees neither the pages nor their counts; the counts can be filtered and ordered.
      const foreign = await b.client.from('pages').select('id, serp_results_count', { count: 'exact' }).eq('site', site.id);
      assert.deepEqual([foreign.error, foreign.count, foreign.data], [null, 0, []]);
      const busy = await a.client.from('pages').select('id').eq('site', site.id).gt('serp_results_count', 0);
      assert.deepEqual(busy.data, [{ id: p2.id }]);
      const bad = await a.client.from('pages').select('id, serp_results_total').eq('site', site.id);
      assert.equal(bad.error?.code, '42703');
      // Only the triggers write the counts: the owner cannot set them, on update or insert.
      const forged = await a.client.from('pages').update({ serp_results_count: 99 }).eq('id', p2.id).select('id');
      assert.equal(forged.error?.code, '42501');
      const forgedNew = await a.client.from('pages').insert({ site: site.id, name: 'X', url: 'https://x', llm_answers_count: 5 });
      assert.equal(forgedNew.error?.code, '42501');
      const after = await a.client.from('pages').select('serp_results_count, llm_answers_count').eq('id', p2.id).single();
      assert.deepEqual(after.data, { serp_results_count: 2, llm_answers_count: 1 });

      const { count: own } = await a.client.from('serps').select('*', { count: 'exact', head: true }).eq('site', site.id).eq('own_site', true);
      assert.equal(own, 1);
      const { count: byKw } = await a.client.from('serps').select('*', { count: 'exact', head: true }).eq('linked_keyword', kw.id);
      assert.equal(byKw, 2);
      const { data: serps } = await a.client
        .from('serps')
        .select('id, position_absolute, title, url, meta_description, type')
        .eq('linked_keyword', kw.id)
        .order('position_absolute', { ascending: true });
      assert.deepEqual(serps.map((s) => s.title), ['A', 'B']);

      const { data: pk, error: ePk } = await a.client.from('pages_keywords').select('*, keywords(id, keyword)').eq('linked_page', p2.id);
      assert.equal(ePk, null);
      assert.equal(pk[0].keywords.keyword, kw.keyword);
      const { error: eTs } = await a.client.from('pages_keywords').update({ to_search: false }).eq('id', pk[0].id);
      assert.equal(eTs, null);
      const { data: found } = await a.client.from('keywords').select('*').ilike('keyword', kw.keyword.toUpperCase());
      assert.equal(found[0].id, kw.id);

      const { data: answers, error: eA } = await a.client.from('pages_llm_answers').select('id, answer, linked_llm, llms(name)').eq('linked_page', p2.id);
      assert.equal(eA, null);
      assert.equal(answers[0].llms.name, llm.name);

      const { data: upd } = await a.client.from('pages').update({ name: 'Renamed', date_modified: new Date().toISOString() }).eq('id', p1.id).select().single();
      assert.equal(upd.name, 'Renamed');
      const { error: eDel } = await a.client.from('pages').delete().eq('id', p1.id);
      assert.equal(eDel, null);
    });

    test('pages_versions: latest per page (.limit(1).single() → PGRST116 when none), lists, updates, delete', async () => {
      const site = await makeSite(a);
      const page = await makePage(a, site);
      const empty = await a.client.from('pages_versions').select('*').eq('page', page.id).order('created_date', { ascending: false }).limit(1).single();
      assert.equal(empty.error.code, 'PGRST116');
      const v1 = await makeVersion(a, page, '<p>one</p>');
      const v2 = await makeVersion(a, page, '<p>two</p>');
      assert.match(v1.id, /^[0-9a-f-]{36}$/);
      const { data: latest } = await a.client.from('pages_versions').select('*').eq('page', page.id).order('created_date', { ascending: false }).limit(1).single();
      assert.equal(latest.id, v2.id);
      const { data: many } = await a.client.from('pages_versions').select('id, page, created_date').in('page', [page.id]).order('created_date', { ascending: false });
      assert.equal(many.length, 2);
      const { data: byId } = await a.client.from('pages_versions').select('*').eq('id', v1.id).single();
      assert.equal(byId.html_content, '<p>one</p>');
      const { error: eU } = await a.client.from('pages_versions').update({ comments_to_modify: 'Plus court', need_to_do_web_search_for_modification: true }).eq('id', v1.id);
      assert.equal(eU, null);

      // The four version RPCs return the updated version.
      const sent = await a.client.rpc('send_for_revision', { p_version_id: v2.id, p_comments: 'Merci de revoir' });
      assert.equal(sent.error, null);
      assert.equal(sent.data.sent_in_revision, true);
      const cancelled = await a.client.rpc('cancel_revision', { p_version_id: v2.id });
      assert.equal(cancelled.data.sent_in_revision, false);
      const approved = await a.client.rpc('approve_version', { p_version_id: v2.id });
      assert.equal(approved.data.approved, true);
      const unapproved = await a.client.rpc('cancel_approval', { p_version_id: v2.id });
      assert.equal(unapproved.data.approved, false);

      // Public review link: anon reads the article by version id.
      const view = await anon.rpc('get_article_for_view', { p_version_id: v2.id });
      assert.equal(view.error, null);
      assert.ok(JSON.stringify(view.data).includes('two'));

      const { error: eD } = await a.client.from('pages_versions').delete().eq('id', v1.id);
      assert.equal(eD, null);
    });

    test('pages_actions: insert, batch insert, select by page and action, refresh created_date/info2, cover image', async () => {
      const site = await makeSite(a);
      const p1 = await makePage(a, site);
      const p2 = await makePage(a, site);
      const v = await makeVersion(a, p1);
      const { data: serpsAction } = await a.client.from('actions').select('id').eq('name', 'serps').single();
      const { data: createAction } = await a.client.from('actions').select('id').eq('name', 'create_article').single();
      const { data: coverAction } = await a.client.from('actions').select('id').eq('name', 'create_cover_image').single();
      const { error: e1 } = await a.client.from('pages_actions').insert({ linked_page: p1.id, linked_action: serpsAction.id, creator: a.user.id, info2: '1' });
      assert.equal(e1, null);
      const { error: eBatch } = await a.client.from('pages_actions').insert([
        { linked_page: p1.id, linked_action: createAction.id, creator: a.user.id, queued: null },
        { linked_page: p2.id, linked_action: createAction.id, creator: a.user.id, queued: true },
      ]);
      assert.equal(eBatch, null);
      const { data: existing } = await a.client.from('pages_actions').select('*').eq('linked_page', p1.id).eq('linked_action', serpsAction.id);
      assert.equal(existing.length, 1);
      const { error: eRef } = await a.client.from('pages_actions').update({ created_date: new Date().toISOString(), info2: '42' }).eq('id', existing[0].id);
      assert.equal(eRef, null);
      const { error: eCover } = await a.client.from('pages_actions').insert({
        linked_page: p1.id, linked_action: coverAction.id, linked_pages_version: null,
        info_json: { generate_prompt: 'chat', comments: '', use_initial_photo: false, image_example_id: null, number_of_images: 3 },
      });
      assert.equal(eCover, null);
      const { error: eBad } = await a.client.from('pages_actions').insert({
        linked_page: p1.id, linked_action: coverAction.id, info_json: { number_of_images: 11 },
      });
      assert.ok(eBad, 'number_of_images 11 is refused');
      assert.ok(v.id);
    });

    test('pages_versions_images: insert example, select by page/type, choose one, delete', async () => {
      const site = await makeSite(a);
      const page = await makePage(a, site);
      const ins = await a.client.from('pages_versions_images').insert([
        { linked_page: page.id, image_url: 'https://img/1.png', type: 'proposition', linked_pages_version: null },
        { linked_page: page.id, image_url: 'https://img/2.png', type: 'proposition', linked_pages_version: null },
      ]).select();
      assert.equal(ins.error, null);
      const { error: eEx } = await a.client.from('pages_versions_images').insert({ linked_page: page.id, image_url: `/storage/v1/object/public/page-images/${page.id}/e.png`, type: 'example', linked_pages_version: null });
      assert.equal(eEx, null);
      const { data: props } = await a.client.from('pages_versions_images').select('*').eq('linked_page', page.id).eq('type', 'proposition');
      assert.equal(props.length, 2);
      await a.client.from('pages_versions_images').update({ chosen: false }).eq('linked_page', page.id).eq('type', 'proposition');
      const { error: eC } = await a.client.from('pages_versions_images').update({ chosen: true }).eq('id', props[1].id);
      assert.equal(eC, null);
      const { data: chosen } = await a.client.from('pages_versions_images').select('id').eq('linked_page', page.id).eq('chosen', true);
      assert.deepEqual(chosen.map((c) => c.id), [props[1].id]);
      const { error: eD } = await a.client.from('pages_versions_images').delete().eq('id', props[0].id);
      assert.equal(eD, null);
    });

    test('public RPCs: demo articles, contact message, claim first article; demo article refuses review actions', async () => {
      const demo = await anon.rpc('list_demo_articles');
      assert.equal(demo.error, null);
      assert.ok(Array.isArray(demo.data));
      const { data: demoVersions, error } = await anon
        .from('pages_versions')
        .select('id, page, created_date, pages!inner(id, name, hide_revisions_texts_from_preview)')
        .eq('pages.hide_revisions_texts_from_preview', true)
        .order('created_date', { ascending: false });
      assert.equal(error, null);
      if (demoVersions.length) {
        const r = await a.client.rpc('approve_version', { p_version_id: demoVersions[0].id });
        assert.ok(r.error, 'approving a demo article is refused');
      }
      const contact = await anon.rpc('submit_contact_message', { p_name: 'Jean', p_email: 'jean@example.com', p_message: 'Bonjour, une question.' });
      assert.equal(contact.error, null);
      const badContact = await anon.rpc('submit_contact_message', { p_name: 'J', p_email: 'nope', p_message: 'court' });
      assert.ok(badContact.error);
      assert.ok(badContact.status >= 400 && badContact.status < 500);
      const claim = await anon.rpc('claim_first_article', { p_url: 'https://www.mon-site.fr', p_stripe_email: 'client@example.com' });
      assert.equal(claim.error, null);
    });

    test('two users cannot see or change each other\'s rows', async () => {
      const site = await makeSite(a);
      const page = await makePage(a, site);
      const version = await makeVersion(a, page);
      const { data: img } = await a.client.from('pages_versions_images').insert({ linked_page: page.id, image_url: `/storage/v1/object/public/page-images/${page.id}/x.png`, type: 'example' }).select().single();
      const { data: added } = await a.client.rpc('add_page_keyword', { p_page_id: page.id, p_keyword: `iso ${Date.now()}` });
      const pk = { id: added.link_id };
      const { data: llm } = await a.client.from('llms').select('id').limit(1).single();
      const { data: ans } = await a.client.from('pages_llm_answers').insert({ linked_page: page.id, linked_llm: llm.id, answer: 'x' }).select().single();
      const { data: tone } = await a.client.from('tone_articles').insert({ name: 'Private tone' }).select().single();
      const rows = [
        ['sites', site.id, { name: 'hacked' }],
        ['pages', page.id, { name: 'hacked' }],
        ['pages_versions', version.id, { html_content: 'hacked' }],
        ['pages_versions_images', img.id, { chosen: false }],
        ['pages_keywords', pk.id, { to_search: false }],
        ['pages_llm_answers', ans.id, { answer: 'hacked' }],
        ['tone_articles', tone.id, { name: 'hacked' }],
      ];
      for (const [table, id, patch] of rows) {
        const sel = await b.client.from(table).select('*').eq('id', id);
        assert.deepEqual(sel.data, [], `${table}: B cannot select A's row`);
        const upd = await b.client.from(table).update(patch).eq('id', id).select();
        assert.ok(upd.error || upd.data.length === 0, `${table}: B cannot update A's row`);
        const del = await b.client.from(table).delete().eq('id', id).select();
        assert.ok(del.error || del.data.length === 0, `${table}: B cannot delete A's row`);
        const still = await a.client.from(table).select('id').eq('id', id);
        assert.equal(still.data.length, 1, `${table}: A's row is intact`);
      }
      const insPage = await b.client.from('pages').insert({ site: site.id, name: 'x', url: 'https://x' });
      assert.ok(insPage.error, 'B cannot add a page to A\'s site');
      const insVersion = await b.client.from('pages_versions').insert({ page: page.id, html_content: 'x' });
      assert.ok(insVersion.error, 'B cannot add a version to A\'s page');
      const insSite = await b.client.from('sites').insert({ url: 'https://x', linked_user: a.user.id });
      assert.ok(insSite.error, 'B cannot create a site owned by A');
      // (The review RPCs are capability-based: whoever holds the version id may review, like the /view link.)
    });

    test('anon cannot read private tables; bad filters and unknown columns give 4xx with PostgREST bodies', async () => {
      for (const table of ['sites', 'pages_actions', 'pages_keywords', 'pages_llm_answers', 'pages_versions_images', 'serps', 'keywords', 'contact_messages', 'first_article_requests']) {
        const r = await anon.from(table).select('*');
        assert.ok(r.error || r.data.length === 0, `anon reads nothing from ${table}`);
        if (r.error) assert.ok(r.status >= 400 && r.status < 500);
      }
      const ins = await anon.from('sites').insert({ url: 'https://x' });
      assert.ok(ins.error && ins.status >= 400 && ins.status < 500);
      const unknown = await a.client.from('sites').select('nope');
      assert.equal(unknown.status, 400);
      assert.equal(unknown.error.code, '42703');
      const badFilter = await a.client.from('sites').select('*').eq('id', 'not-a-number');
      assert.equal(badFilter.status, 400);
      assert.equal(badFilter.error.code, '22P02');
      const badTable = await a.client.from('no_such_table').select('*');
      assert.ok(badTable.status >= 400 && badTable.status < 500);
      assert.ok(badTable.error.message);
      const raw = await fetch(`${stack.url}/rest/v1/sites?id=zz.1`, { headers: { apikey: stack.anonKey } });
      assert.equal(raw.status, 400);
      const body = await raw.json();
      assert.equal(body.code, 'PGRST100');
    });

    test('storage: the seeded image files are served at the URLs the seed writes', async () => {
      const { data: demo } = await anon.rpc('get_article_for_view', { p_version_id: '00000000-0000-4000-8000-00000000d3e0' });
      assert.ok(demo?.cover_image_url, 'the demo article has a cover image');
      const coverUrl = new URL(demo.cover_image_url, stack.url);
      for (const url of [coverUrl.href, anon.storage.from('seo1').getPublicUrl('logos/placeholder.png').data.publicUrl]) {
        const res = await fetch(url);
        assert.equal(res.status, 200, url);
        assert.equal(res.headers.get('content-type'), 'image/png');
        const bytes = Buffer.from(await res.arrayBuffer());
        assert.deepEqual(bytes.subarray(0, 4), Buffer.from([0x89, 0x50, 0x4e, 0x47]));
      }
    });

    test('storage: logo upload (multipart and raw), public URL, list, remove; page images; checks', async () => {
      const logoPath = `logos/${Date.now()}-a.png`;
      const up = await a.client.storage.from('seo1').upload(logoPath, new Blob([PNG_1X1], { type: 'image/png' }), { cacheControl: '3600', upsert: true });
      assert.equal(up.error, null);
      assert.equal(up.data.path, logoPath);
      assert.equal(up.data.fullPath, `seo1/${logoPath}`);
      const again = await a.client.storage.from('seo1').upload(logoPath, PNG_1X1, { contentType: 'image/png', cacheControl: '3600', upsert: true });
      assert.equal(again.error, null);
      const dup = await a.client.storage.from('seo1').upload(logoPath, PNG_1X1, { contentType: 'image/png' });
      assert.ok(dup.error, 'upload without upsert over an existing file is refused');
      const { data: pub } = a.client.storage.from('seo1').getPublicUrl(logoPath);
      const res = await fetch(pub.publicUrl);
      assert.equal(res.status, 200);
      assert.equal(res.headers.get('content-type'), 'image/png');
      assert.equal(res.headers.get('cache-control'), 'max-age=3600');
      assert.deepEqual(Buffer.from(await res.arrayBuffer()), PNG_1X1);

      const listed = await a.client.storage.from('seo1').list('logos', { limit: 100, offset: 0, sortBy: { column: 'name', order: 'asc' } });
      assert.equal(listed.error, null);
      assert.ok(listed.data.some((f) => `logos/${f.name}` === logoPath && f.metadata.mimetype === 'image/png'));
      const root = await a.client.storage.from('seo1').list();
      assert.ok(root.data.some((f) => f.name === 'logos' && f.id === null), 'folders are listed like storage-api');

      const dl = await a.client.storage.from('seo1').download(logoPath);
      assert.equal(dl.error, null);
      assert.equal(dl.data.size, PNG_1X1.length);

      // Another user cannot delete A's logo; A can.
      const bDel = await b.client.storage.from('seo1').remove([logoPath]);
      assert.deepEqual(bDel.data, []);
      const aDel = await a.client.storage.from('seo1').remove([logoPath]);
      assert.equal(aDel.error, null);
      assert.equal(aDel.data[0].name, logoPath);
      const gone = await fetch(pub.publicUrl);
      assert.equal(gone.status, 400, 'storage-api answers a missing object with HTTP 400');
      assert.equal((await gone.json()).statusCode, '404');

      // Page images under {pageId}/ for the owner only.
      const site = await makeSite(a);
      const page = await makePage(a, site);
      const imgPath = `${page.id}/${Date.now()}-x.png`;
      const pi = await a.client.storage.from('page-images').upload(imgPath, PNG_1X1, { contentType: 'image/png' });
      assert.equal(pi.error, null);
      const bPi = await b.client.storage.from('page-images').upload(`${page.id}/evil.png`, PNG_1X1, { contentType: 'image/png' });
      assert.ok(bPi.error, 'B cannot upload into A\'s page folder');
      const piDel = await a.client.storage.from('page-images').remove([imgPath]);
      assert.equal(piDel.data.length, 1);

      // A text file named .png is refused (declared and sniffed type are checked): storage-api's 415.
      const fake = await a.client.storage.from('seo1').upload('logos/fake.png', Buffer.from('hello, not an image'), { contentType: 'image/png' });
      assert.ok(fake.error);
      assert.equal(fake.error.statusCode, '415');
      const wrongType = await a.client.storage.from('seo1').upload('logos/t.txt', Buffer.from('hello'), { contentType: 'text/plain' });
      assert.ok(wrongType.error);
      assert.match(wrongType.error.message, /mime type text\/plain is not supported/);

      // Anonymous writes and path traversal are refused, never 500.
      const anonUp = await anon.storage.from('seo1').upload('logos/anon.png', PNG_1X1, { contentType: 'image/png' });
      assert.equal(anonUp.error.statusCode, '403');
      // Raw request paths (fetch would normalise them): traversal, encoded traversal, backslash, NUL, absolute.
      for (const bad of ['logos/../../../etc/passwd', 'logos/..%2F..%2Fetc%2Fpasswd', 'logos/a%5Cb.png', '%2Fabs.png', 'logos/%00.png', 'logos//x.png']) {
        const r = await rawRequest(stack.url, 'POST', `/storage/v1/object/seo1/${bad}`, {
          authorization: `Bearer ${a.session.access_token}`, 'content-type': 'image/png',
        }, PNG_1X1);
        assert.ok(r.status >= 400 && r.status < 500, `${bad} refused with ${r.status}`);
        assert.ok(r.body.statusCode || r.body.message, 'JSON error body');
      }
      // Too large for the bucket (5 MB): storage-api's body with statusCode 413 (HTTP 400, as storage-api answers).
      const big = Buffer.alloc(5 * 1024 * 1024 + 10, 0);
      PNG_1X1.copy(big);
      const tooBig = await fetch(`${stack.url}/storage/v1/object/seo1/logos/big.png`, {
        method: 'POST', headers: { authorization: `Bearer ${a.session.access_token}`, 'content-type': 'image/png' }, body: big,
      });
      assert.equal(tooBig.status, 400);
      assert.deepEqual(await tooBig.json(), {
        statusCode: '413', code: 'EntityTooLarge', error: 'Payload too large', message: 'The object exceeded the maximum allowed size',
      });
    });
  });
}
