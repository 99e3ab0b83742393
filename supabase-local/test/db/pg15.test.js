// The whole migration set (plus the local bootstrap and seed) on PostgreSQL 15, the
// version hosted Supabase projects commonly run. Uses PG15_URL when set (a throwaway
// database), else starts a throwaway cluster from Debian's postgresql-15 binaries when
// they are installed, else skips.
import assert from 'node:assert/strict';
import fs from 'node:fs';
import { after, before, describe, it } from 'node:test';
import pg from 'pg';
import { prepareDatabase } from '@citable/worker/db/migrate.js';
import { startThrowawayCluster } from '../../src/db/pg15-cluster.js';
import { asAnon, asRole, asUser, DEMO_ARTICLE_VERSION, DEMO_USER, errorOf, OTHER_USER } from './helpers.js';

const binDir = process.env.PG15_BIN || '/usr/lib/postgresql/15/bin';
const available = Boolean(process.env.PG15_URL) || fs.existsSync(`${binDir}/initdb`);

describe('PostgreSQL 15', { skip: available ? false : 'set PG15_URL or install postgresql-15' }, () => {
  /** @type {{ url: string, stop: () => Promise<void> } | undefined} */
  let cluster;
  /** @type {pg.Pool} */
  let pool;
  before(async () => {
    cluster = process.env.PG15_URL ? { url: process.env.PG15_URL, stop: async () => {} } : await startThrowawayCluster();
    pool = new pg.Pool({ connectionString: cluster.url, max: 3 });
  });
  after(async () => {
    await pool?.end();
    await cluster?.stop();
  });

  it('runs bootstrap, every migration and the seed, twice', async () => {
    assert.ok(cluster);
    const { rows } = await pool.query('show server_version_num');
    assert.match(rows[0].server_version_num, /^15/);
    const first = await prepareDatabase(cluster.url, { authenticatorPassword: 'pg15-test' });
    const files = fs.readdirSync(new URL('../../../supabase/migrations/', import.meta.url)).filter((f) => f.endsWith('.sql'));
    if (!process.env.PG15_URL) {
      assert.equal(first.applied.length, files.length);
      assert.equal(first.seeded, true);
    }
    const second = await prepareDatabase(cluster.url, { authenticatorPassword: 'pg15-test' });
    assert.deepEqual(second, { applied: [], seeded: false });
  });

  it('enforces RLS and the RPCs the same way', async () => {
    const demoSites = await asRole(pool, asUser(OTHER_USER), async (client) =>
      (await client.query('select count(*)::int as n from public.sites where linked_user = $1', [DEMO_USER])).rows[0].n);
    assert.equal(demoSites, 0);
    const ownSites = await asRole(pool, asUser(DEMO_USER), async (client) =>
      (await client.query('select count(*)::int as n from public.sites')).rows[0].n);
    assert.equal(ownSites, 3);
    const demo = await asRole(pool, asAnon, async (client) => (await client.query('select * from public.list_demo_articles()')).rows);
    assert.equal(demo[0].latest_version_id, DEMO_ARTICLE_VERSION);
    const error = await errorOf(pool, asAnon, 'select public.approve_version($1)', [DEMO_ARTICLE_VERSION]);
    assert.equal(error?.hint, 'demo_article');
  });

  it('keeps the stored page counts with its triggers (statement-level, transition tables)', async () => {
    const mismatches = `select count(*)::int as n from public.pages p
      where p.serp_results_count <> (select count(*) from public.pages_keywords pk join public.serps s on s.linked_keyword = pk.linked_keyword and s.site = p.site where pk.linked_page = p.id)
         or p.llm_answers_count <> (select count(*) from public.pages_llm_answers a where a.linked_page = p.id)`;
    assert.equal((await pool.query(mismatches)).rows[0].n, 0);
    const withCounts = await pool.query('select count(*)::int as n from public.pages where serp_results_count > 0 and llm_answers_count > 0');
    assert.ok(withCounts.rows[0].n > 5);
    // A keyword deleted with its links and SERP rows, inside a transaction rolled back.
    const client = await pool.connect();
    try {
      await client.query('begin');
      await client.query('delete from public.keywords where id = (select linked_keyword from public.pages_keywords order by id limit 1)');
      assert.equal((await client.query(mismatches)).rows[0].n, 0);
      await client.query('rollback');
    } finally {
      client.release();
    }
  });
});
