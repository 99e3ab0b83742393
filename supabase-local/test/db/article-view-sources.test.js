// public.get_article_for_view (20261129000500, issue 29): the version's numbered sources (n, url,
// title; http(s) links only, by number, one per number) and the count of its unsupported claims,
// for anyone holding the link; set_cover_image answers the same.
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { asAnon, asRole, asUser, DEMO_USER, REVIEW_VERSION, startSeededDatabase } from './helpers.js';

/** @type {Awaited<ReturnType<typeof startSeededDatabase>>} */
let db;
before(async () => {
  db = await startSeededDatabase();
});
after(async () => {
  await db?.stop();
});

/** @param {{ role: 'anon' | 'authenticated', sub?: string }} who @param {string} versionId */
const view = (who, versionId) =>
  asRole(db.pool, who, async (client) => (await client.query('select public.get_article_for_view($1) as a', [versionId])).rows[0].a);

/** Sets the worker's columns of the review version (as the worker: no end-user claims). */
async function setChecks(sources, claims) {
  await db.pool.query('update public.pages_versions set sources = $2, claims = $3 where id = $1', [
    REVIEW_VERSION,
    sources === null ? null : JSON.stringify(sources),
    claims === null ? null : JSON.stringify(claims),
  ]);
}

const claim = (supported) => ({ sentence: 'Le levain double en 6 heures [1].', n: 1, url: 'https://a.example/levain', passage: 'x', supported, missing: supported ? [] : ['6'] });

describe('get_article_for_view: sources and unsupported claims', () => {
  it('a version without sources or claims: an empty list and 0', async () => {
    await setChecks(null, null);
    const a = await view(asAnon, REVIEW_VERSION);
    assert.deepEqual(a.sources, []);
    assert.equal(a.unsupported_claims, 0);
    assert.ok(a.version && a.page && Array.isArray(a.images), 'the rest of the answer is unchanged');
  });

  it('lists the sources by number with their title, web links only, one per number; counts unsupported claims', async () => {
    await setChecks(
      [
        { n: 3, url: 'https://c.example/page', title: null, kind: 'serp' },
        { n: 1, url: 'https://a.example/levain', title: '  Le levain naturel  ', kind: 'serp' },
        { n: 2, url: 'javascript:alert(1)', title: 'Piège', kind: 'serp' },
        { n: 4, url: 'http://d.example/x', title: '', kind: 'scraped' },
        { n: 1, url: 'https://dup.example/', title: 'Doublon', kind: 'serp' },
        { n: '5', url: 'https://e.example/', title: 'n en texte' },
        'not an object',
      ],
      [claim(true), claim(false), claim(false), { supported: 'false' }],
    );
    const a = await view(asAnon, REVIEW_VERSION);
    assert.deepEqual(
      a.sources.map((/** @type {{ n: number, url: string }} */ s) => [s.n, s.url]),
      [[1, 'https://a.example/levain'], [3, 'https://c.example/page'], [4, 'http://d.example/x']],
    );
    assert.equal(a.sources[0].title, 'Le levain naturel');
    assert.equal(a.sources[1].title, null);
    assert.equal(a.sources[2].title, null, 'a blank title is no title');
    assert.deepEqual(Object.keys(a.sources[0]).sort(), ['n', 'title', 'url'], 'nothing else of the worker\'s record');
    assert.equal(a.unsupported_claims, 2);
  });

  it('the owner and set_cover_image see the same', async () => {
    const mine = await view(asUser(DEMO_USER), REVIEW_VERSION);
    assert.equal(mine.sources.length, 3);
    assert.equal(mine.unsupported_claims, 2);
    const { rows } = await db.pool.query(
      `select i.id from public.pages_versions_images i join public.pages_versions v on v.page = i.linked_page
        where v.id = $1 and i.type = 'proposition' limit 1`, [REVIEW_VERSION]);
    if (rows.length === 0) return; // the seed has no proposition image on this page
    const after = await asRole(db.pool, asAnon, async (client) =>
      (await client.query('select public.set_cover_image($1, $2) as a', [REVIEW_VERSION, rows[0].id])).rows[0].a);
    assert.equal(after.sources.length, 3);
    assert.equal(after.unsupported_claims, 2);
  });

  it('names the unsupported sentences (audit L8): distinct, in the article\'s order, at most 20, strings only', async () => {
    const c = (sentence, supported) => ({ sentence, n: 1, url: 'https://a.example/levain', passage: 'x', supported, missing: supported ? [] : ['6'] });
    await setChecks([], [
      c('Le levain double en 6 heures [1].', false),
      c('La pâte repose 12 heures [1].', true),
      c('Une miche pèse 2 kg [2].', false),
      { ...c('Le levain double en 6 heures [1].', false), n: 2 },
      { ...c('', false) },
      { ...c('x', false), sentence: 42 },
      ...Array.from({ length: 25 }, (_, i) => c(`Phrase ${i + 1} avec ${i + 1} % [1].`, false)),
    ]);
    const a = await view(asAnon, REVIEW_VERSION);
    assert.equal(a.unsupported_sentences.length, 20);
    assert.deepEqual(a.unsupported_sentences.slice(0, 3), ['Le levain double en 6 heures [1].', 'Une miche pèse 2 kg [2].', 'Phrase 1 avec 1 % [1].']);
    assert.ok(!a.unsupported_sentences.includes('La pâte repose 12 heures [1].'), 'a supported claim is not listed');
    await setChecks(null, null);
    assert.deepEqual((await view(asAnon, REVIEW_VERSION)).unsupported_sentences, []);
  });

  it('is still callable by anon and null for an unknown version', async () => {
    assert.equal(await view(asAnon, '00000000-0000-4000-8000-000000000bad'), null);
  });
});
