// Auth (GoTrue-compatible) through supabase-js, the mailbox and the gateway.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import { mintKeys, DEFAULT_JWT_SECRET } from '@citable/worker/keys.js';
import { firstLink, mailboxFor, makeClient, rawRequest, signedInUser, startTestStack, uniqueEmail } from './helpers.js';

function fragment(location) {
  return Object.fromEntries(new URLSearchParams(new URL(location).hash.slice(1)));
}

describe('auth service', () => {
  let env;
  let stack;
  before(async () => {
    env = await startTestStack({
      rateLimits: {
        signup: { max: 1000, windowMs: 60000 },
        token: { max: 1000, windowMs: 60000 },
        recover: { max: 3, windowMs: 60000 },
        verify: { max: 1000, windowMs: 60000 },
        rpc: { max: 2, windowMs: 60000 },
      },
      // The rotation test below reuses a token at once: no reuse interval here (see public-endpoints.test.js).
      refreshTokenReuseInterval: 0,
    });
    stack = env.stack;
  });
  after(() => env?.close());

  test('keys are stable HS256 JWTs for a secret', async () => {
    const k1 = await mintKeys(DEFAULT_JWT_SECRET);
    assert.deepEqual(await mintKeys(DEFAULT_JWT_SECRET), k1);
    assert.equal(stack.anonKey, k1.anonKey);
    const payload = JSON.parse(Buffer.from(k1.anonKey.split('.')[1], 'base64url'));
    assert.equal(payload.role, 'anon');
    assert.equal(payload.iss, 'supabase-demo');
    assert.notEqual((await mintKeys('another-secret-with-at-least-32-characters!!')).anonKey, k1.anonKey);
  });

  test('sign-up with confirmation: no session, French mail, link 303s with tokens, then sign-in works', async () => {
    const sb = makeClient(stack);
    const email = uniqueEmail('signup');
    const { data, error } = await sb.auth.signUp({
      email,
      password: 'Secret123',
      options: { data: { full_name: 'Marie Curie' }, emailRedirectTo: 'http://localhost:3000/dashboard' },
    });
    assert.equal(error, null);
    assert.equal(data.session, null);
    assert.equal(data.user.email, email);
    assert.equal(data.user.user_metadata.full_name, 'Marie Curie');
    const early = await sb.auth.signInWithPassword({ email, password: 'Secret123' });
    assert.equal(early.error.code, 'email_not_confirmed');

    const [mail] = await mailboxFor(stack, email);
    assert.equal(mail.subject, 'Confirmez votre inscription');
    const link = firstLink(mail.text);
    assert.ok(link.startsWith(`${stack.url}/auth/v1/verify?`));
    const res = await fetch(link, { redirect: 'manual' });
    assert.equal(res.status, 303);
    const loc = res.headers.get('location');
    assert.ok(loc.startsWith('http://localhost:3000/dashboard#'));
    const f = fragment(loc);
    assert.equal(f.type, 'signup');
    assert.equal(f.token_type, 'bearer');
    assert.ok(f.access_token && f.refresh_token && f.expires_in && f.expires_at);
    // The same link cannot be used twice.
    const again = await fetch(link, { redirect: 'manual' });
    assert.equal(fragment(again.headers.get('location')).error_code, 'otp_expired');

    const signed = await sb.auth.signInWithPassword({ email, password: 'Secret123' });
    assert.equal(signed.error, null);
    const claims = JSON.parse(Buffer.from(signed.data.session.access_token.split('.')[1], 'base64url'));
    assert.equal(claims.role, 'authenticated');
    assert.equal(claims.aud, 'authenticated');
    assert.equal(claims.sub, data.user.id);
    assert.equal(claims.email, email);
    assert.equal(claims.aal, 'aal1');
    assert.ok(claims.session_id);
    assert.equal(claims.iss, `${stack.url}/auth/v1`);
    assert.deepEqual(claims.app_metadata, { provider: 'email', providers: ['email'] });
  });

  test('GoTrue error bodies: weak password, invalid credentials, existing user, invalid email', async () => {
    const sb = makeClient(stack);
    const weak = await sb.auth.signUp({ email: uniqueEmail(), password: '123' });
    assert.equal(weak.error.code, 'weak_password');
    assert.equal(weak.error.status, 422);
    assert.deepEqual(weak.error.reasons, ['length']);
    const bad = await sb.auth.signInWithPassword({ email: uniqueEmail(), password: 'whatever1' });
    assert.equal(bad.error.code, 'invalid_credentials');
    assert.equal(bad.error.message, 'Invalid login credentials');
    const invalid = await sb.auth.signUp({ email: 'not-an-email', password: 'Secret123' });
    assert.equal(invalid.error.status, 400);
    assert.equal(invalid.error.message, 'Unable to validate email address: invalid format');
    // Legacy shape without the API version header.
    const legacy = await fetch(`${stack.url}/auth/v1/token?grant_type=password`, {
      method: 'POST', headers: { apikey: stack.anonKey, 'content-type': 'application/json' }, body: JSON.stringify({ email: 'x@example.com', password: 'nope12' }),
    });
    assert.deepEqual(await legacy.json(), { code: 400, error_code: 'invalid_credentials', msg: 'Invalid login credentials' });
    const badJson = await fetch(`${stack.url}/auth/v1/signup`, { method: 'POST', headers: { apikey: stack.anonKey, 'content-type': 'application/json' }, body: '{nope' });
    assert.equal(badJson.status, 400);
  });

  test('refresh token rotation: a refresh token works once; reuse past the reuse interval ends the session', async () => {
    const { client, session } = await signedInUser(stack);
    const r1 = await client.auth.refreshSession({ refresh_token: session.refresh_token });
    assert.equal(r1.error, null);
    assert.notEqual(r1.data.session.refresh_token, session.refresh_token);
    const other = makeClient(stack);
    const reuse = await other.auth.refreshSession({ refresh_token: session.refresh_token });
    assert.equal(reuse.error.code, 'refresh_token_already_used');
    assert.equal(reuse.error.message, 'Invalid Refresh Token: Already Used');
    // The whole session is revoked after reuse: its newest token and access token fail too.
    const next = await makeClient(stack).auth.refreshSession({ refresh_token: r1.data.session.refresh_token });
    assert.ok(next.error);
    const res = await fetch(`${stack.url}/auth/v1/user`, { headers: { apikey: stack.anonKey, authorization: `Bearer ${r1.data.session.access_token}`, 'x-supabase-api-version': '2024-01-01' } });
    assert.equal(res.status, 403);
    assert.equal((await res.json()).code, 'session_not_found');
  });

  test('getUser, updateUser (data, password), signOut global ends every session', async () => {
    const u = await signedInUser(stack, { data: { full_name: 'A' } });
    const second = makeClient(stack);
    await second.auth.signInWithPassword({ email: u.email, password: u.password });
    const got = await u.client.auth.getUser();
    assert.equal(got.data.user.email, u.email);
    const upd = await u.client.auth.updateUser({ data: { avatar_url: 'https://a/b.png' } });
    assert.equal(upd.error, null);
    assert.equal(upd.data.user.user_metadata.full_name, 'A');
    assert.equal(upd.data.user.user_metadata.avatar_url, 'https://a/b.png');
    const weak = await u.client.auth.updateUser({ password: 'abc' });
    assert.equal(weak.error.code, 'weak_password');
    const pw = await u.client.auth.updateUser({ password: 'NewPassw0rd' });
    assert.equal(pw.error, null);
    const relog = await makeClient(stack).auth.signInWithPassword({ email: u.email, password: 'NewPassw0rd' });
    assert.equal(relog.error, null);
    const out = await u.client.auth.signOut({ scope: 'global' });
    assert.equal(out.error, null);
    const after2 = await second.auth.getUser();
    // supabase-js turns GoTrue's session_not_found into AuthSessionMissingError ('Auth session missing!').
    assert.equal(after2.error.message, 'Auth session missing!');
    assert.equal(after2.data.user, null);
  });

  test('password recovery end to end through the mailbox (303 with type=recovery), unknown e-mail answers 200', async () => {
    const u = await signedInUser(stack);
    const sb = makeClient(stack);
    const unknown = await sb.auth.resetPasswordForEmail(uniqueEmail('nobody'), { redirectTo: 'http://localhost:3000/auth/update-password' });
    assert.equal(unknown.error, null);
    const { error } = await sb.auth.resetPasswordForEmail(u.email, { redirectTo: 'http://localhost:3000/auth/update-password' });
    assert.equal(error, null);
    const [mail] = await mailboxFor(stack, u.email);
    assert.equal(mail.subject, 'Réinitialisez votre mot de passe');
    const res = await fetch(firstLink(mail.text), { redirect: 'manual' });
    assert.equal(res.status, 303);
    const loc = res.headers.get('location');
    assert.ok(loc.startsWith('http://localhost:3000/auth/update-password#'));
    const f = fragment(loc);
    assert.equal(f.type, 'recovery');
    const rc = makeClient(stack);
    const set = await rc.auth.setSession({ access_token: f.access_token, refresh_token: f.refresh_token });
    assert.equal(set.error, null);
    const upd = await rc.auth.updateUser({ password: 'Recovered1' });
    assert.equal(upd.error, null);
    assert.equal((await makeClient(stack).auth.signInWithPassword({ email: u.email, password: 'Recovered1' })).error, null);
    // Open redirects are refused: a foreign redirect_to falls back to the site URL.
    await sb.auth.resetPasswordForEmail(u.email, { redirectTo: 'https://evil.example.com/steal' });
    const [mail2] = await mailboxFor(stack, u.email);
    const loc2 = (await fetch(firstLink(mail2.text), { redirect: 'manual' })).headers.get('location');
    assert.ok(loc2.startsWith('http://localhost:3000/#'));
    // Bad token: 303 with the error fragment.
    const badRes = await fetch(`${stack.url}/auth/v1/verify?token=nope&type=recovery&redirect_to=${encodeURIComponent('http://localhost:3000/auth/update-password')}`, { redirect: 'manual' });
    assert.equal(badRes.status, 303);
    const bf = fragment(badRes.headers.get('location'));
    assert.equal(bf.error, 'access_denied');
    assert.equal(bf.error_code, 'otp_expired');
    // The HTML mailbox page escapes and links.
    const page = await (await fetch(`${stack.url}/mailbox`)).text();
    assert.match(page, /<a href="http:\/\/127\.0\.0\.1:\d+\/auth\/v1\/verify\?token=/);
  });

  test('admin endpoints need the service_role key', async () => {
    const admin = makeClient(stack, stack.serviceRoleKey);
    const email = uniqueEmail('admin');
    const created = await admin.auth.admin.createUser({ email, password: 'Secret123', email_confirm: true });
    assert.equal(created.error, null);
    const got = await admin.auth.admin.getUserById(created.data.user.id);
    assert.equal(got.data.user.email, email);
    const list = await admin.auth.admin.listUsers();
    assert.ok(list.data.users.some((x) => x.id === created.data.user.id));
    const upd = await admin.auth.admin.updateUserById(created.data.user.id, { user_metadata: { full_name: 'Z' } });
    assert.equal(upd.data.user.user_metadata.full_name, 'Z');
    const link = await admin.auth.admin.generateLink({ type: 'recovery', email });
    assert.equal(link.error, null);
    assert.match(link.data.properties.action_link, /\/auth\/v1\/verify\?token=/);
    const del = await admin.auth.admin.deleteUser(created.data.user.id);
    assert.equal(del.error, null);
    const missing = await admin.auth.admin.getUserById(created.data.user.id);
    assert.equal(missing.error.status, 404);
    const { client } = await signedInUser(stack);
    const notAdmin = await fetch(`${stack.url}/auth/v1/admin/users`, { headers: { apikey: stack.anonKey, authorization: `Bearer ${(await client.auth.getSession()).data.session.access_token}` } });
    assert.equal(notAdmin.status, 403);
  });

  test('routes: unknown 404, /admin/* checks the service role first, bad path escapes and odd verify types answer 4xx', async () => {
    const anon = { apikey: stack.anonKey };
    const service = { apikey: stack.serviceRoleKey, authorization: `Bearer ${stack.serviceRoleKey}` };
    const nowhere = await rawRequest(stack.url, 'GET', '/auth/v1/nowhere', anon);
    assert.equal(nowhere.status, 404);
    assert.equal(nowhere.body.error_code, 'not_found');
    // A known path with another method is not a route either (GoTrue answers 404 too).
    assert.equal((await rawRequest(stack.url, 'DELETE', '/auth/v1/signup', anon)).status, 404);
    // Under /admin/ the role is checked before the route: the anon key's (the gateway's default bearer) and
    // a user's 403 not_admin, the service role's 404.
    const anonAdmin = await rawRequest(stack.url, 'GET', '/auth/v1/admin/nowhere', anon);
    assert.equal(anonAdmin.status, 403);
    assert.equal(anonAdmin.body.error_code, 'not_admin');
    const { client } = await signedInUser(stack);
    const userToken = (await client.auth.getSession()).data.session.access_token;
    assert.equal((await rawRequest(stack.url, 'GET', '/auth/v1/admin/nowhere', { ...anon, authorization: `Bearer ${userToken}` })).status, 403);
    assert.equal((await rawRequest(stack.url, 'GET', '/auth/v1/admin/nowhere', service)).status, 404);
    // /invite is an admin route; GET /invite is no route.
    assert.equal((await rawRequest(stack.url, 'POST', '/auth/v1/invite', anon, '{}')).status, 403);
    assert.equal((await rawRequest(stack.url, 'GET', '/auth/v1/invite', anon)).status, 404);
    // A malformed escape in a path segment, a well-formed id that is no uuid.
    assert.equal((await rawRequest(stack.url, 'GET', '/auth/v1/admin/users/%E0%A4%A', service)).status, 404);
    const notUuid = await rawRequest(stack.url, 'GET', '/auth/v1/admin/users/not%20a%20uuid', service);
    assert.equal(notUuid.status, 404);
    assert.equal(notUuid.body.error_code, 'user_not_found');
    // Verification types are looked up as own keys only: an Object.prototype name is just an invalid token.
    for (const type of ['constructor', '__proto__', 'toString']) {
      const res = await rawRequest(stack.url, 'POST', '/auth/v1/verify', { ...anon, 'content-type': 'application/json' }, JSON.stringify({ type, token_hash: 'a'.repeat(56) }));
      assert.equal(res.status, 403, type);
      assert.equal(res.body.error_code, 'otp_expired');
    }
  });

  test('settings and health', async () => {
    const s = await (await fetch(`${stack.url}/auth/v1/settings`, { headers: { apikey: stack.anonKey } })).json();
    assert.equal(s.external.email, true);
    assert.equal(s.mailer_autoconfirm, false);
    const h = await fetch(`${stack.url}/auth/v1/health`, { headers: { apikey: stack.anonKey } });
    assert.equal(h.status, 200);
  });

  test('gateway: apikey required (401 like Kong), CORS, body cap 413, request log line', async () => {
    const none = await fetch(`${stack.url}/rest/v1/statuses`);
    assert.equal(none.status, 401);
    assert.equal((await none.json()).message, 'No API key found in request');
    const wrong = await fetch(`${stack.url}/rest/v1/statuses`, { headers: { apikey: 'nope' } });
    assert.equal(wrong.status, 401);
    // Only the apikey: it is used as the bearer.
    const onlyKey = await fetch(`${stack.url}/rest/v1/statuses?select=name&order=id`, { headers: { apikey: stack.anonKey } });
    assert.equal(onlyKey.status, 200);
    const pre = await fetch(`${stack.url}/rest/v1/sites`, {
      method: 'OPTIONS', headers: { origin: 'http://localhost:3002', 'access-control-request-method': 'POST', 'access-control-request-headers': 'authorization, apikey, x-client-info, content-type, prefer' },
    });
    assert.equal(pre.status, 204);
    assert.equal(pre.headers.get('access-control-allow-origin'), 'http://localhost:3002');
    for (const h of ['authorization', 'apikey', 'x-client-info', 'prefer', 'range', 'x-upsert', 'x-supabase-api-version']) {
      assert.ok(pre.headers.get('access-control-allow-headers').includes(h), h);
    }
    const evil = await fetch(`${stack.url}/rest/v1/statuses`, { headers: { apikey: stack.anonKey, origin: 'https://evil.example.com' } });
    assert.equal(evil.headers.get('access-control-allow-origin'), null);
    const ok = await fetch(`${stack.url}/rest/v1/statuses`, { headers: { apikey: stack.anonKey, origin: 'http://localhost:3000' } });
    assert.ok(ok.headers.get('access-control-expose-headers').includes('content-range'));
    const huge = await fetch(`${stack.url}/auth/v1/signup`, {
      method: 'POST', headers: { apikey: stack.anonKey, 'content-type': 'application/json' }, body: JSON.stringify({ email: 'a@b.co', password: 'x'.repeat(100000) }),
    });
    assert.equal(huge.status, 413);
    const hugeRest = await fetch(`${stack.url}/rest/v1/contact_messages`, {
      method: 'POST', headers: { apikey: stack.anonKey, 'content-type': 'application/json' }, body: JSON.stringify({ message: 'x'.repeat(17 * 1024 * 1024) }),
    });
    assert.equal(hugeRest.status, 413);
    assert.ok(env.logs.some((l) => /^GET \/rest\/v1\/statuses 200 \d+\.\dms$/.test(l)));
    assert.ok(!env.logs.some((l) => l.includes('token=')), 'query strings (tokens) are not logged');
  });

  test('rate limits: recover and public RPCs answer 429', async () => {
    const sb = makeClient(stack);
    const results = [];
    for (let i = 0; i < 5; i += 1) results.push(await sb.auth.resetPasswordForEmail(uniqueEmail('rl')));
    const limited = results.find((r) => r.error);
    assert.equal(limited.error.status, 429);
    assert.equal(limited.error.code, 'over_request_rate_limit');
    const statuses = [];
    for (let i = 0; i < 4; i += 1) {
      const r = await sb.rpc('submit_contact_message', { p_name: 'Jean', p_email: 'jean@example.com', p_message: 'Bonjour, une question.' });
      statuses.push(r.status);
    }
    assert.deepEqual(statuses.slice(2), [429, 429]);
  });
});
