// A fresh install's seed (supabase/seed.sql) queues no work: its page actions are finished rows,
// so the first start of a worker calls no provider (issue 27, #11).
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { startSeededDatabase } from './helpers.js';

/** @type {Awaited<ReturnType<typeof startSeededDatabase>>} */
let db;
before(async () => {
  db = await startSeededDatabase();
});
after(async () => {
  await db?.stop();
});

describe('seed', () => {
  it('#27.11 a fresh seeded database has no queued action and no job', async () => {
    const { rows: actions } = await db.pool.query('select status, count(*)::int as n from public.pages_actions group by 1 order by 1');
    assert.ok(actions.length > 0, 'the seed has page actions');
    assert.deepEqual(
      actions.filter((r) => r.status === 'queued' || r.status === 'running'),
      [],
      'only finished rows (done, failed)',
    );
    const { rows: undated } = await db.pool.query("select count(*)::int as n from public.pages_actions where status in ('done', 'failed') and created_date > now()");
    assert.equal(undated[0].n, 0);
    const { rows: jobs } = await db.pool.query('select task_identifier, count(*)::int as n from graphile_worker.jobs group by 1');
    assert.deepEqual(jobs, [], 'no graphile job');
  });
});
