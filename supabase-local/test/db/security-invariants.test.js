// Safety net for every table and function to come in `public` (the schema PostgREST exposes).
//
// The API roles (anon, authenticated) get ALL on every new table and function in `public` by
// default (bootstrap.sql's ALTER DEFAULT PRIVILEGES, as hosted Supabase does), so row level
// security and explicit function grants are what protect the data. The rules, checked on the
// migrated and seeded database:
//
// 1. Every ordinary or partitioned table in `public` (pg_class.relkind 'r' or 'p') has row level
//    security enabled (relrowsecurity). FORCE is not required: the owner is the migration role.
//    A table without policies is fine (nobody but service_role reaches it); one without RLS is not.
// 2. Every SECURITY DEFINER function in `public` (pg_proc.prosecdef, any kind: function,
//    procedure, trigger function) has an explicit grant list:
//      a. its ACL is set (proacl not null: a null ACL means PostgreSQL's default, EXECUTE to PUBLIC);
//      b. no ACL entry grants EXECUTE to PUBLIC (grantee 0 in aclexplode) — the grants name roles;
//    and it pins its search path: proconfig holds a `search_path=…` setting (usually '' or
//    'pg_catalog, public'), so a caller cannot shadow the objects it uses.
// Functions of extensions (pg_depend deptype 'e', e.g. pgcrypto in public) are the extension's
// and are not checked.
//
// The last tests prove each rule fails: they create a violating table and function inside a
// transaction that is rolled back.
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

const TABLES_WITHOUT_RLS = `
  select c.relname as name
    from pg_class c join pg_namespace n on n.oid = c.relnamespace
   where n.nspname = 'public' and c.relkind in ('r', 'p') and not c.relrowsecurity
     and not exists (select 1 from pg_depend d where d.classid = 'pg_class'::regclass and d.objid = c.oid and d.deptype = 'e')
   order by 1`;

const UNSAFE_DEFINER_FUNCTIONS = `
  select p.oid::regprocedure::text as name,
         p.proacl is null as default_acl,
         exists (select 1 from aclexplode(p.proacl) a where a.grantee = 0 and a.privilege_type = 'EXECUTE') as public_execute,
         not exists (select 1 from unnest(coalesce(p.proconfig, '{}')) s where s like 'search_path=%') as no_search_path
    from pg_proc p join pg_namespace n on n.oid = p.pronamespace
   where n.nspname = 'public' and p.prosecdef
     and not exists (select 1 from pg_depend d where d.classid = 'pg_proc'::regclass and d.objid = p.oid and d.deptype = 'e')
     and (p.proacl is null
          or exists (select 1 from aclexplode(p.proacl) a where a.grantee = 0 and a.privilege_type = 'EXECUTE')
          or not exists (select 1 from unnest(coalesce(p.proconfig, '{}')) s where s like 'search_path=%'))
   order by 1`;

/**
 * @param {import('pg').ClientBase | import('pg').Pool} client
 */
async function violations(client) {
  const tables = (await client.query(TABLES_WITHOUT_RLS)).rows.map((row) => row.name);
  const functions = (await client.query(UNSAFE_DEFINER_FUNCTIONS)).rows;
  return { tables, functions };
}

/**
 * Run `fn` as the migration role inside a transaction that is always rolled back.
 * @param {(client: import('pg').PoolClient) => Promise<void>} fn
 */
async function inRolledBackTransaction(fn) {
  const client = await db.pool.connect();
  try {
    await client.query('begin');
    await fn(client);
  } finally {
    await client.query('rollback').catch(() => {});
    client.release();
  }
}

describe('security invariants of the public schema', () => {
  it('the API roles get all rights on new tables, sequences and functions in public (default privileges)', async () => {
    // what the migration role (the connection's user) has set for objects it creates in public
    const { rows } = await db.pool.query(`
      select d.defaclobjtype as type, array_agg(distinct r.rolname order by r.rolname) as grantees
        from pg_default_acl d
        join pg_namespace n on n.oid = d.defaclnamespace
        cross join lateral aclexplode(d.defaclacl) a
        join pg_roles r on r.oid = a.grantee
       where n.nspname = 'public' and d.defaclrole = (select oid from pg_roles where rolname = current_user)
       group by 1`);
    const byType = Object.fromEntries(rows.map((row) => [row.type, row.grantees]));
    for (const type of ['r', 'S', 'f']) {
      assert.ok(byType[type], `no default privileges of type ${type} in public`);
      for (const role of ['anon', 'authenticated', 'service_role']) {
        assert.ok(byType[type].includes(role), `default privileges of type ${type} miss ${role}: ${byType[type]}`);
      }
    }
  });

  it('every table in public has row level security enabled', async () => {
    const { tables } = await violations(db.pool);
    assert.deepEqual(tables, [], `tables without RLS: ${tables.join(', ')}`);
    // and the check sees the real tables (a query that matched nothing would pass vacuously)
    const { rows } = await db.pool.query(
      "select count(*)::int as n from pg_class c join pg_namespace n on n.oid = c.relnamespace where n.nspname = 'public' and c.relkind = 'r' and c.relrowsecurity",
    );
    assert.ok(rows[0].n >= 15, `only ${rows[0].n} tables with RLS`);
  });

  it('every SECURITY DEFINER function in public has explicit grants (no EXECUTE to PUBLIC) and a pinned search_path', async () => {
    const { functions } = await violations(db.pool);
    assert.deepEqual(functions, [], `unsafe SECURITY DEFINER functions: ${JSON.stringify(functions)}`);
    const { rows } = await db.pool.query(
      "select count(*)::int as n from pg_proc p join pg_namespace n on n.oid = p.pronamespace where n.nspname = 'public' and p.prosecdef",
    );
    assert.ok(rows[0].n >= 5, `only ${rows[0].n} SECURITY DEFINER functions seen`);
  });

  it('fails on a new table without row level security, and passes once it is enabled', async () => {
    await inRolledBackTransaction(async (client) => {
      await client.query('create table public.zz_safety_net_probe (id bigint primary key, secret text)');
      // the default privileges reach it: anon could read every row
      const { rows } = await client.query("select has_table_privilege('anon', 'public.zz_safety_net_probe', 'select') as can");
      assert.equal(rows[0].can, true);
      assert.deepEqual((await violations(client)).tables, ['zz_safety_net_probe']);
      await client.query('alter table public.zz_safety_net_probe enable row level security');
      assert.deepEqual((await violations(client)).tables, []);
    });
  });

  it('fails on a new SECURITY DEFINER function left executable by PUBLIC or without search_path', async () => {
    await inRolledBackTransaction(async (client) => {
      // as created: default ACL with EXECUTE to PUBLIC, and no search_path
      await client.query(
        'create function public.zz_safety_net_probe() returns int language sql security definer as $$ select 1 $$',
      );
      let found = (await violations(client)).functions;
      assert.equal(found.length, 1);
      assert.equal(found[0].name, 'zz_safety_net_probe()');
      assert.equal(found[0].public_execute || found[0].default_acl, true);
      assert.equal(found[0].no_search_path, true);

      // explicit grants but still no search_path: still a violation
      await client.query('revoke all on function public.zz_safety_net_probe() from public, anon');
      await client.query('grant execute on function public.zz_safety_net_probe() to authenticated');
      found = (await violations(client)).functions;
      assert.equal(found.length, 1);
      assert.equal(found[0].public_execute, false);
      assert.equal(found[0].no_search_path, true);

      // search_path pinned: compliant
      await client.query("alter function public.zz_safety_net_probe() set search_path = ''");
      assert.deepEqual((await violations(client)).functions, []);

      // search_path pinned but EXECUTE given back to PUBLIC: a violation again
      await client.query('grant execute on function public.zz_safety_net_probe() to public');
      found = (await violations(client)).functions;
      assert.equal(found.length, 1);
      assert.equal(found[0].public_execute, true);
    });
  });
});
