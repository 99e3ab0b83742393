// The same supabase-js suite against Debian's PostgreSQL 15 (an external server
// given by URL, as DATABASE_URL would be). Runs when PG15=1.
import { describe, test } from 'node:test';
import { defineSupabaseSuite } from './supabase-suite.js';

if (process.env.PG15 === '1') {
  defineSupabaseSuite('external PostgreSQL 15', async () => {
    const { startThrowawayCluster } = await import('../src/db/pg15-cluster.js');
    const cluster = await startThrowawayCluster();
    return { databaseUrl: cluster.url, cleanup: () => cluster.stop() };
  });
} else {
  describe('supabase-js against external PostgreSQL 15', () => {
    test('set PG15=1 to run the suite on Debian PostgreSQL 15', { skip: 'PG15 is not set' }, () => {});
  });
}
