// Database preparation: local bootstrap, Supabase-style migrations, seed.
//
// prepareDatabase(url, options)
//   1. runs worker/sql/bootstrap.sql (the objects hosted Supabase already has) unless
//      the server is a hosted Supabase one, and sets the `authenticator` password;
//   2. runs Graphile Worker's own migrations (schema graphile_worker, the page-actions queue of
//      worker/src), then applies pending supabase/migrations/*.sql in file-name order, each in its own
//      transaction, recorded in supabase_migrations.schema_migrations like the CLI does;
//   3. runs supabase/seed.sql once, when the database holds no user data yet, and records
//      it in supabase_migrations.seed_files;
//   4. runs the data backfills of worker/src/db/backfills (idempotent).
// Everything runs under a session advisory lock, so concurrent starts are safe.

import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { Logger, runMigrations as runGraphileWorkerMigrations } from 'graphile-worker';
import { backfillLlmAnswerCitations } from './backfills/llm-answer-citations.js';

const here = path.dirname(fileURLToPath(import.meta.url));
const backendRoot = path.resolve(here, '..', '..');
const repoRoot = path.resolve(backendRoot, '..');

export const BOOTSTRAP_FILE = path.join(backendRoot, 'sql', 'bootstrap.sql');
export const DEFAULT_MIGRATIONS_DIR = path.join(repoRoot, 'supabase', 'migrations');
export const DEFAULT_SEED_FILE = path.join(repoRoot, 'supabase', 'seed.sql');

/** Graphile Worker's migrations log every step at info level: only warnings and errors here. */
const SILENT_GRAPHILE_LOGGER = new Logger(() => (level, message) => {
  if (level === 'error' || level === 'warning') console.error(`[graphile-worker] ${message}`);
});

/** Arbitrary constant key for pg_advisory_lock ("citable" in hex-ish). */
const ADVISORY_LOCK_KEY = 0x0c17ab1e;
const MIGRATION_FILE = /^(\d+)_(.+)\.sql$/;

/**
 * Connection string PostgREST uses: same server and database as `superUrl`, logged in
 * as `authenticator`.
 */
export function authenticatorUrl(superUrl: string, password: string): string {
  const url = new URL(superUrl);
  url.username = 'authenticator';
  url.password = encodeURIComponent(password);
  return url.toString();
}

async function listMigrations(dir: string): Promise<{ version: string; name: string; file: string; }[]> {
  let entries;
  try {
    entries = await fs.readdir(dir);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw error;
  }
  return entries
    .filter((entry) => entry.endsWith('.sql'))
    .sort()
    .map((entry) => {
      const match = MIGRATION_FILE.exec(entry);
      if (!match) throw new Error(`Migration file name must look like <timestamp>_<name>.sql: ${entry}`);
      return { version: match[1], name: match[2], file: path.join(dir, entry) };
    });
}

async function runInTransaction(client: pg.Client, sql: string, label: string) {
  await client.query('begin');
  try {
    await client.query(sql);
    await client.query('commit');
  } catch (error) {
    await client.query('rollback').catch(() => {});
    const pgError = (error as { message?: string, position?: string, where?: string });
    let where = '';
    if (pgError.position) {
      const upto = sql.slice(0, Number(pgError.position));
      where = ` (line ${upto.split('\n').length})`;
    }
    throw new Error(`${label} failed${where}: ${pgError.message ?? String(error)}`, { cause: error });
  }
}

/**
 * Is this a hosted Supabase server (which already has everything bootstrap.sql creates)?
 */
async function isHostedSupabase(client: pg.Client) {
  const { rows } = await client.query(
    "select exists (select 1 from pg_roles where rolname = 'supabase_admin') as hosted",
  );
  return Boolean(rows[0].hosted);
}

async function hasUserData(client: pg.Client): Promise<boolean> {
  const { rows } = await client.query(`
    select exists (select 1 from auth.users)
        or (to_regclass('public.sites') is not null and exists (select 1 from public.sites)) as has_data`);
  return Boolean(rows[0].has_data);
}

/**
 * @param url superuser (or migration owner) connection string
 */
export async function prepareDatabase(url: string, options: {
  authenticatorPassword?: string;
  seed?: boolean;
  migrationsDir?: string;
  seedFile?: string;
  bootstrap?: boolean | 'auto';
  log?: (message: string) => void;
} = {}): Promise<{ applied: string[]; seeded: boolean; }> {
  const {
    authenticatorPassword,
    seed = true,
    migrationsDir = DEFAULT_MIGRATIONS_DIR,
    seedFile = DEFAULT_SEED_FILE,
    bootstrap = 'auto',
    log = () => {},
  } = options;

  const client = new pg.Client({ connectionString: url });
  client.on('error', (error) => log(`[db] ${error.message}`));
  client.on('notice', (notice) => log(`[db notice] ${notice.message}`));
  await client.connect();
  try {
    await client.query('select pg_advisory_lock($1)', [ADVISORY_LOCK_KEY]);
    try {
      const hosted = await isHostedSupabase(client);
      const runBootstrap = bootstrap === 'auto' ? !hosted : bootstrap;
      if (runBootstrap) {
        const bootstrapSql = await fs.readFile(BOOTSTRAP_FILE, 'utf8');
        await runInTransaction(client, bootstrapSql, 'bootstrap.sql');
        if (authenticatorPassword) {
          await client.query(
            `alter role authenticator with login password ${client.escapeLiteral(authenticatorPassword)}`,
          );
        }
        log('bootstrap.sql applied');
      } else {
        log('hosted Supabase detected: bootstrap.sql skipped');
        await client.query(`
          create schema if not exists supabase_migrations;
          create table if not exists supabase_migrations.schema_migrations (version text not null primary key, statements text[] null, name text null);
          create table if not exists supabase_migrations.seed_files (path text not null primary key, hash text not null);`);
      }

      // The page-actions worker's queue (Graphile Worker's schema, its own versioned migrations):
      // before ours, whose triggers enqueue jobs with graphile_worker.add_job.
      await runGraphileWorkerMigrations({ connectionString: url, logger: SILENT_GRAPHILE_LOGGER });

      const { rows: done } = await client.query('select version from supabase_migrations.schema_migrations');
      const doneVersions = new Set(done.map((row) => row.version));
      const applied: string[] = [];
      for (const migration of await listMigrations(migrationsDir)) {
        if (doneVersions.has(migration.version)) continue;
        const sql = await fs.readFile(migration.file, 'utf8');
        const wrapped = `${sql}\n;\n`;
        await client.query('begin');
        try {
          await client.query(wrapped);
          await client.query(
            'insert into supabase_migrations.schema_migrations (version, name, statements) values ($1, $2, $3)',
            [migration.version, migration.name, [sql]],
          );
          await client.query('commit');
        } catch (error) {
          await client.query('rollback').catch(() => {});
          const pgError = (error as { message?: string, position?: string });
          const line = pgError.position ? ` (line ${wrapped.slice(0, Number(pgError.position)).split('\n').length})` : '';
          throw new Error(
            `Migration ${path.basename(migration.file)} failed${line}: ${pgError.message ?? String(error)}`,
            { cause: error },
          );
        }
        applied.push(`${migration.version}_${migration.name}`);
        log(`migration ${migration.version}_${migration.name} applied`);
      }

      let seeded = false;
      if (seed) {
        let seedSql = null;
        try {
          seedSql = await fs.readFile(seedFile, 'utf8');
        } catch (error) {
          if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
        }
        if (seedSql !== null) {
          const seedPath = path.relative(repoRoot, seedFile) || path.basename(seedFile);
          const { rows } = await client.query('select 1 from supabase_migrations.seed_files where path = $1', [seedPath]);
          if (rows.length === 0 && !(await hasUserData(client))) {
            const hash = crypto.createHash('sha256').update(seedSql).digest('hex');
            await runInTransaction(
              client,
              `${seedSql}\n;\ninsert into supabase_migrations.seed_files (path, hash) values (${client.escapeLiteral(seedPath)}, ${client.escapeLiteral(hash)});`,
              path.basename(seedFile),
            );
            seeded = true;
            log(`${seedPath} applied`);
          }
        }
      }

      // 4. Data backfills that need JavaScript (idempotent: only rows not done yet).
      await backfillLlmAnswerCitations(client, { log });

      // Ask a running PostgREST to reload its schema cache.
      if (applied.length > 0 || seeded) await client.query("notify pgrst, 'reload schema'");
      return { applied, seeded };
    } finally {
      await client.query('select pg_advisory_unlock($1)', [ADVISORY_LOCK_KEY]).catch(() => {});
    }
  } finally {
    await client.end().catch(() => {});
  }
}
