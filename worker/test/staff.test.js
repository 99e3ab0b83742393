// `npm run staff -- add|remove|list` (worker/src/staff.ts; docs/operator-desk.md "Staff") against the
// local backend: GoTrue's admin API through supabase-js, the flag read back by the database
// (private.is_staff) and in a fresh session's JWT, the messages of bad input.
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { after, before, describe, it } from 'node:test';
import pg from 'pg';
import { makeClient, signedInUser, startTestStack } from '../../supabase-local/test/helpers.js';
import { StaffCommandError, staffCommand } from '../dist/staff.js';

const CLI = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'dist', 'staff-cli.js');

/** @type {Awaited<ReturnType<typeof startTestStack>>} */
let t;
/** @type {pg.Pool} */
let pool;
/** @type {Record<string, string>} */
let env;
/** @type {Awaited<ReturnType<typeof signedInUser>>[]} */
const users = [];

before(async () => {
  t = await startTestStack({ seed: false });
  pool = new pg.Pool({ connectionString: t.stack.databaseUrl, max: 2 });
  env = { SUPABASE_URL: t.stack.url, SUPABASE_SERVICE_ROLE_KEY: t.stack.serviceRoleKey };
  // more accounts than one listUsers page of the tests (perPage 2): the e-mail is found by paging
  for (let i = 0; i < 5; i += 1) users.push(await signedInUser(t.stack));
});
after(async () => {
  await pool?.end();
  await t?.close();
});

/** Runs the command, returning its output lines and exit code. */
async function run(/** @type {string[]} */ argv, /** @type {Record<string, string>} */ environment = env) {
  /** @type {string[]} */
  const lines = [];
  const code = await staffCommand(argv, { env: environment, out: (l) => lines.push(l), perPage: 2 });
  return { code, text: lines.join('\n') };
}

const isStaffInDatabase = async (/** @type {string} */ id) => (await pool.query('select private.is_staff($1) as s', [id])).rows[0].s;

describe('npm run staff', () => {
  it('add: sets app_metadata.staff through the admin API; the database and a new session see it', async () => {
    const target = users[4]; // on the last listUsers page
    assert.equal(await isStaffInDatabase(target.user.id), false);
    const { code, text } = await run(['add', target.email.toUpperCase()]);
    assert.equal(code, 0);
    assert.match(text, new RegExp(`${target.email.replace(/[.+]/g, '\\$&')} is now staff`));
    assert.equal(await isStaffInDatabase(target.user.id), true);
    const { rows } = await pool.query('select raw_app_meta_data from auth.users where id = $1', [target.user.id]);
    assert.equal(rows[0].raw_app_meta_data.staff, true);
    assert.equal(rows[0].raw_app_meta_data.provider, 'email', 'the other app_metadata keys stay');
    const client = makeClient(t.stack);
    const signed = await client.auth.signInWithPassword({ email: target.email, password: target.password });
    assert.equal(signed.error, null);
    assert.equal(signed.data.user.app_metadata.staff, true);
    const claims = JSON.parse(Buffer.from(signed.data.session.access_token.split('.')[1], 'base64url'));
    assert.equal(claims.app_metadata.staff, true);

    const again = await run(['add', target.email]);
    assert.equal(again.code, 0);
    assert.match(again.text, /is already staff: nothing to do/);
  });

  it('a user cannot make themselves staff (app_metadata is the service role\'s)', async () => {
    const self = users[0];
    const { error } = await self.client.auth.updateUser({ data: { staff: true } });
    assert.equal(error, null, 'user_metadata is theirs');
    assert.equal(await isStaffInDatabase(self.user.id), false, 'user_metadata.staff counts for nothing');
  });

  it('list: the staff accounts', async () => {
    await run(['add', users[1].email]);
    const { code, text } = await run(['list']);
    assert.equal(code, 0);
    assert.match(text, /^2 staff account\(s\) on /);
    assert.ok(text.includes(users[1].email) && text.includes(users[4].email));
    assert.ok(!text.includes(users[2].email));
  });

  it('remove: the flag goes, at once for the database; removing again says so', async () => {
    const { code, text } = await run(['remove', users[1].email]);
    assert.equal(code, 0);
    assert.match(text, /is no longer staff/);
    assert.equal(await isStaffInDatabase(users[1].user.id), false);
    const { rows } = await pool.query('select raw_app_meta_data from auth.users where id = $1', [users[1].user.id]);
    assert.equal('staff' in rows[0].raw_app_meta_data, false);
    assert.match((await run(['remove', users[1].email])).text, /is not staff: nothing to do/);
  });

  it('bad input: an unknown e-mail, not an e-mail, no e-mail, an unknown command', async () => {
    await assert.rejects(run(['add', 'nobody@example.com']), (e) => e instanceof StaffCommandError && /No account with the e-mail nobody@example.com/.test(e.message));
    await assert.rejects(run(['add', 'not-an-email']), /"not-an-email" is not an e-mail address/);
    await assert.rejects(run(['remove']), /"remove" needs the account's e-mail/);
    await assert.rejects(run(['promote', 'a@b.fr']), /Unknown command "promote"/);
    await assert.rejects(run(['add', 'a@b.fr', 'c@d.fr']), /takes one e-mail/);
  });

  it('keys: a wrong key is refused clearly; a hosted URL without a key is a clear error; the local default key works', async () => {
    await assert.rejects(run(['list'], { SUPABASE_URL: t.stack.url, SUPABASE_SERVICE_ROLE_KEY: t.stack.anonKey }), /service role key was refused/);
    await assert.rejects(run(['list'], { SUPABASE_URL: 'https://project.supabase.example' }), /SUPABASE_SERVICE_ROLE_KEY is not set/);
    // the local backend's key, minted from its JWT secret like the worker does
    const local = await run(['list'], { SUPABASE_URL: t.stack.url });
    assert.equal(local.code, 0);
    assert.match(local.text, /staff account/);
  });

  it('the CLI: exit code 1 and the message on stderr, without a stack', async () => {
    const exec = promisify(execFile);
    const ok = await exec(process.execPath, [CLI, 'list'], { env: { ...process.env, ...env } });
    assert.match(ok.stdout, /staff account\(s\)/);
    await assert.rejects(exec(process.execPath, [CLI, 'add', 'nobody@example.com'], { env: { ...process.env, ...env } }), (/** @type {any} */ e) => {
      assert.equal(e.code, 1);
      // (supabase-js may print its Node 20 deprecation warning before it)
      assert.equal(e.stderr.trim().split('\n').at(-1), `No account with the e-mail nobody@example.com on ${t.stack.url}. The person signs up first, then is made staff.`);
      return true;
    });
  });
});
