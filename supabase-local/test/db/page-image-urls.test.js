// Page images stored one way (issue 32, supabase/migrations/20261201005000_page_image_relative_urls.sql):
// the absolute backend URLs examples were stored with become their relative storage path, a row whose
// relative twin exists goes (the chosen one stays, else the relative one), external URLs stay.
import assert from 'node:assert/strict';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { describe, it } from 'node:test';
import pg from 'pg';
import { DEFAULT_MIGRATIONS_DIR, prepareDatabase } from '@citable/worker/db/migrate.js';
import { startDatabase } from '../../src/db/postgres.js';

const MIGRATION = '20261201005000';
const PATH = '/storage/v1/object/public/page-images';

describe('page image URLs: the migration to relative storage paths', () => {
  it('turns absolute page-images URLs into their path, keeps one row per object, leaves the rest alone', async () => {
    const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'citable-image-urls-'));
    const migrationsDir = await fs.mkdtemp(path.join(os.tmpdir(), 'citable-migrations-'));
    const server = await startDatabase({ dataDir, port: 0 });
    const client = new pg.Client({ connectionString: server.url });
    try {
      // every migration before this one (and the seed), the rows as the apps stored them, then the rest
      for (const f of await fs.readdir(DEFAULT_MIGRATIONS_DIR)) {
        if (f.endsWith('.sql') && f < MIGRATION) await fs.copyFile(path.join(DEFAULT_MIGRATIONS_DIR, f), path.join(migrationsDir, f));
      }
      await prepareDatabase(server.url, { authenticatorPassword: 'image-urls', migrationsDir });
      await client.connect();
      const { rows: pages } = await client.query('select id from public.pages order by id limit 2');
      const [a, b] = pages.map((p) => p.id);
      const insert = async (page, url, type = 'example', chosen = false) =>
        (
          await client.query(
            'insert into public.pages_versions_images (linked_page, image_url, type, chosen) values ($1, $2, $3, $4) returning id',
            [page, url, type, chosen],
          )
        ).rows[0].id;
      const ids = {
        // an example uploaded through the app: the backend's absolute URL
        absolute: await insert(a, `http://localhost:54321${PATH}/${a}/1700000000000-abc.png`),
        // a hosted backend's, with a query string
        hosted: await insert(a, `https://abcd.supabase.co${PATH}/${a}/1700000000001-def.webp?v=2`, 'proposition'),
        // the same object twice: absolute and relative → the relative stays
        twinAbsolute: await insert(a, `http://localhost:54321${PATH}/${a}/1700000000002-ghi.png`),
        twinRelative: await insert(a, `${PATH}/${a}/1700000000002-ghi.png`),
        // twins where the absolute one is the chosen proposition → the chosen one stays, as a path
        chosenAbsolute: await insert(b, `http://127.0.0.1:54321${PATH}/${b}/cover.png`, 'proposition', true),
        chosenTwin: await insert(b, `${PATH}/${b}/cover.png`, 'proposition', false),
        // two absolute URLs of one object (two backends' hosts) → the older stays
        hostOne: await insert(b, `http://localhost:54321${PATH}/${b}/twice.png`),
        hostTwo: await insert(b, `http://127.0.0.1:54321${PATH}/${b}/twice.png`),
        // not ours: other buckets and other sites
        external: await insert(a, 'https://images.example.com/storage/v1/object/public/other-bucket/x.png', 'proposition'),
        site: await insert(a, 'https://www.jardin.fr/photos/haie.jpg', 'proposition'),
        relative: await insert(a, `${PATH}/${a}/already.png`),
      };
      // an old example in another page's folder (from before the storage rule, which does not check old rows)
      const { rows: rule } = await client.query(
        "select pg_get_constraintdef(oid) as def from pg_constraint where conname = 'pages_versions_images_example_in_storage'",
      );
      await client.query('alter table public.pages_versions_images drop constraint pages_versions_images_example_in_storage');
      const oddExample = `http://localhost:54321${PATH}/${b}/elsewhere.png`;
      ids.odd = await insert(a, oddExample);
      await client.query(`alter table public.pages_versions_images add constraint pages_versions_images_example_in_storage ${rule[0].def}`);
      const { rows: jobsBefore } = await client.query(
        "select count(*)::int as n from graphile_worker.jobs where task_identifier = 'storage_cleanup'",
      );

      const second = await prepareDatabase(server.url, { authenticatorPassword: 'image-urls' });
      assert.ok(second.applied.some((m) => m.startsWith(MIGRATION)), 'the migration ran after the rows were written');

      const { rows } = await client.query('select id, image_url, chosen from public.pages_versions_images where id = any($1)', [Object.values(ids)]);
      const byId = new Map(rows.map((r) => [r.id, r]));
      const url = (id) => byId.get(id)?.image_url;
      assert.equal(url(ids.absolute), `${PATH}/${a}/1700000000000-abc.png`);
      assert.equal(url(ids.hosted), `${PATH}/${a}/1700000000001-def.webp`);
      assert.equal(byId.has(ids.twinAbsolute), false, 'the absolute twin goes');
      assert.equal(url(ids.twinRelative), `${PATH}/${a}/1700000000002-ghi.png`);
      assert.equal(url(ids.chosenAbsolute), `${PATH}/${b}/cover.png`, 'the chosen twin stays, as a path');
      assert.equal(byId.get(ids.chosenAbsolute)?.chosen, true);
      assert.equal(byId.has(ids.chosenTwin), false);
      assert.equal(url(ids.hostOne), `${PATH}/${b}/twice.png`);
      assert.equal(byId.has(ids.hostTwo), false);
      assert.equal(url(ids.external), 'https://images.example.com/storage/v1/object/public/other-bucket/x.png');
      assert.equal(url(ids.site), 'https://www.jardin.fr/photos/haie.jpg');
      assert.equal(url(ids.relative), `${PATH}/${a}/already.png`);
      assert.equal(url(ids.odd), oddExample, 'an example the storage rule refuses is left as it was');

      // no other page-images URL of the database is absolute any more
      const { rows: left } = await client.query(`select count(*)::int as n from public.pages_versions_images where image_url ~ '^https?://[^/]+/storage/v1/object/public/page-images/'`);
      assert.equal(left[0].n, 1);
      // the twins' deletes queued their cleanup jobs, which keep the objects: a row still refers to each path
      const { rows: jobsAfter } = await client.query("select count(*)::int as n from graphile_worker.jobs where task_identifier = 'storage_cleanup'");
      assert.equal(jobsAfter[0].n - jobsBefore[0].n, 3);
      const { rows: stillUsed } = await client.query(
        `select count(*)::int as n from graphile_worker.jobs j
          where j.task_identifier = 'storage_cleanup'
            and exists (select 1 from public.pages_versions_images i
                         where substring(i.image_url from '/storage/v1/object/public/page-images/([^?#]+)') = substring(j.key from '^storage_cleanup:page-images/(.+)$'))`,
      );
      assert.equal(stillUsed[0].n, 3);
    } finally {
      await client.end().catch(() => {});
      await server.stop();
      await fs.rm(dataDir, { recursive: true, force: true });
      await fs.rm(migrationsDir, { recursive: true, force: true });
    }
  });
});
