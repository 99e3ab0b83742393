// GoTrue parity beyond password sign-in, driven through supabase-js's auth API and the mailbox:
// /resend, TOTP two-factor authentication (/factors), /otp + /verify (magic link and code),
// /invite, admin generate_link and listUsers, /reauthenticate, and GOTRUE_DISABLE_SIGNUP.
import assert from 'node:assert/strict';
import { after, before, describe, test } from 'node:test';
import pg from 'pg';
import { Secret, TOTP } from 'otpauth';
import { firstLink, mailboxFor, makeClient, signedInUser, startTestStack, uniqueEmail } from './helpers.js';

const claimsOf = (jwt) => JSON.parse(Buffer.from(jwt.split('.')[1], 'base64url'));
const fragment = (location) => Object.fromEntries(new URLSearchParams(new URL(location).hash.slice(1)));
const codeIn = (mail) => /(?:saisir|saisissez) ce code : (\d{6})/.exec(mail.text)?.[1];
const totpFor = (secret) => new TOTP({ secret: Secret.fromBase32(secret), algorithm: 'SHA1', digits: 6, period: 30 });

describe('GoTrue parity (e-mail flows, MFA)', () => {
  let env;
  let stack;
  let db;
  /** Moves a user's "mail sent at" columns a minute back, as if the resend interval had passed. */
  const age = (email) =>
    db.query(
      `update auth.users set confirmation_sent_at = confirmation_sent_at - interval '61 seconds',
         recovery_sent_at = recovery_sent_at - interval '61 seconds', email_change_sent_at = email_change_sent_at - interval '61 seconds',
         reauthentication_sent_at = reauthentication_sent_at - interval '61 seconds'
       where email = $1`,
      [email],
    );

  before(async () => {
    // GoTrue's default SMTP max frequency: one mail of a kind per address per 60 s.
    env = await startTestStack({ emailMinInterval: 60 });
    stack = env.stack;
    db = new pg.Client({ connectionString: stack.databaseUrl });
    await db.connect();
  });
  after(async () => {
    await db?.end();
    await env?.close();
  });

  test('resend signup: unknown and confirmed addresses answer 200 without mail; 429 within the interval; the new link replaces the old', async () => {
    const sb = makeClient(stack);
    const nobody = uniqueEmail('nobody');
    const none = await sb.auth.resend({ type: 'signup', email: nobody });
    assert.equal(none.error, null);
    assert.equal((await mailboxFor(stack, nobody)).length, 0);

    const email = uniqueEmail('resend');
    assert.equal((await sb.auth.signUp({ email, password: 'Secret123' })).error, null);
    const early = await sb.auth.resend({ type: 'signup', email, options: { emailRedirectTo: 'http://localhost:3000/dashboard' } });
    assert.equal(early.error.status, 429);
    assert.equal(early.error.code, 'over_email_send_rate_limit');
    assert.match(early.error.message, /^For security purposes, you can only request this after \d+ seconds\.$/);
    assert.equal((await mailboxFor(stack, email)).length, 1);

    await age(email);
    const again = await sb.auth.resend({ type: 'signup', email, options: { emailRedirectTo: 'http://localhost:3000/dashboard' } });
    assert.equal(again.error, null);
    const mails = await mailboxFor(stack, email);
    assert.equal(mails.length, 2);
    const [newest, oldest] = mails;
    assert.equal(newest.subject, 'Confirmez votre inscription');
    assert.match(codeIn(newest), /^\d{6}$/);
    const stale = await fetch(firstLink(oldest.text), { redirect: 'manual' });
    assert.equal(fragment(stale.headers.get('location')).error_code, 'otp_expired');
    const ok = await fetch(firstLink(newest.text), { redirect: 'manual' });
    const loc = ok.headers.get('location');
    assert.ok(loc.startsWith('http://localhost:3000/dashboard#'), loc);
    assert.equal(fragment(loc).type, 'signup');
    assert.equal((await sb.auth.signInWithPassword({ email, password: 'Secret123' })).error, null);

    await age(email);
    assert.equal((await sb.auth.resend({ type: 'signup', email })).error, null);
    assert.equal((await mailboxFor(stack, email)).length, 2, 'no mail once confirmed');

    const badType = await fetch(`${stack.url}/auth/v1/resend`, {
      method: 'POST',
      headers: { apikey: stack.anonKey, 'content-type': 'application/json', 'x-supabase-api-version': '2024-01-01' },
      body: JSON.stringify({ type: 'recovery', email }),
    });
    assert.equal(badType.status, 400);
    assert.deepEqual(await badType.json(), { code: 'validation_failed', message: 'Missing one of these types: signup, email_change, sms, phone_change' });
  });

  test('resend email_change: the pending address gets a new mail; its code confirms the change', async () => {
    const u = await signedInUser(stack);
    const next = uniqueEmail('changed');
    assert.equal((await u.client.auth.updateUser({ email: next })).error, null);
    const limited = await u.client.auth.resend({ type: 'email_change', email: u.email });
    assert.equal(limited.error.code, 'over_email_send_rate_limit');
    await age(u.email);
    assert.equal((await u.client.auth.resend({ type: 'email_change', email: u.email })).error, null);
    const mails = await mailboxFor(stack, next);
    assert.equal(mails.length, 2);
    assert.equal(mails[0].subject, 'Confirmez votre nouvelle adresse e-mail');
    const wrong = await makeClient(stack).auth.verifyOtp({ email: next, token: codeIn(mails[1]), type: 'email_change' });
    assert.equal(wrong.error.code, 'otp_expired');
    const v = await makeClient(stack).auth.verifyOtp({ email: next, token: codeIn(mails[0]), type: 'email_change' });
    assert.equal(v.error, null);
    assert.equal(v.data.user.email, next);
    // No pending change any more: 200, no mail.
    await age(next);
    assert.equal((await makeClient(stack).auth.resend({ type: 'email_change', email: next })).error, null);
    assert.equal((await mailboxFor(stack, next)).length, 2);
  });

  test('TOTP: enroll (QR SVG, secret), name conflicts, challenge, verify to aal2 with amr totp, MFA_CHALLENGE_VERIFIED, unenroll', async () => {
    const u = await signedInUser(stack);
    const events = [];
    u.client.auth.onAuthStateChange((event) => events.push(event));
    const aal0 = await u.client.auth.mfa.getAuthenticatorAssuranceLevel();
    assert.deepEqual([aal0.data.currentLevel, aal0.data.nextLevel], ['aal1', 'aal1']);

    const enrolled = await u.client.auth.mfa.enroll({ factorType: 'totp', friendlyName: 'Téléphone' });
    assert.equal(enrolled.error, null);
    const f = enrolled.data;
    assert.equal(f.type, 'totp');
    assert.equal(f.friendly_name, 'Téléphone');
    assert.ok(f.totp.qr_code.startsWith('data:image/svg+xml;utf-8,<svg'), f.totp.qr_code.slice(0, 40));
    assert.ok(!f.totp.qr_code.includes('#'), 'usable as an <img> data URL');
    assert.match(f.totp.secret, /^[A-Z2-7]{32}$/);
    assert.ok(f.totp.uri.startsWith('otpauth://totp/localhost%3A3000:'), f.totp.uri);
    assert.ok(f.totp.uri.includes(`secret=${f.totp.secret}`));
    // An unverified factor raises nothing yet.
    const aalEnrolled = await u.client.auth.mfa.getAuthenticatorAssuranceLevel();
    assert.deepEqual([aalEnrolled.data.currentLevel, aalEnrolled.data.nextLevel], ['aal1', 'aal1']);

    // GoTrue: an existing factor's friendly name (the empty one too) cannot be reused.
    const dup = await u.client.auth.mfa.enroll({ factorType: 'totp', friendlyName: 'Téléphone' });
    assert.equal(dup.error.status, 422);
    assert.equal(dup.error.code, 'mfa_factor_name_conflict');
    assert.equal(dup.error.message, 'A factor with the friendly name "Téléphone" for this user already exists');
    const second = await u.client.auth.mfa.enroll({ factorType: 'totp' });
    assert.equal(second.error, null);
    const third = await u.client.auth.mfa.enroll({ factorType: 'totp' });
    assert.equal(third.error.code, 'mfa_factor_name_conflict');
    const badType = await u.client.auth.mfa.enroll({ factorType: 'sms' });
    assert.equal(badType.error.message, 'factor_type needs to be totp, phone, or webauthn');

    let listed = await u.client.auth.mfa.listFactors();
    assert.equal(listed.data.all.length, 2);
    assert.equal(listed.data.totp.length, 0, 'unverified factors are not in totp');

    const ch = await u.client.auth.mfa.challenge({ factorId: f.id });
    assert.equal(ch.error, null);
    assert.equal(ch.data.type, 'totp');
    assert.ok(ch.data.expires_at > Date.now() / 1000);
    const wrongCode = String((Number(totpFor(f.totp.secret).generate()) + 1) % 1_000_000).padStart(6, '0');
    const wrong = await u.client.auth.mfa.verify({ factorId: f.id, challengeId: ch.data.id, code: wrongCode });
    assert.equal(wrong.error.status, 422);
    assert.equal(wrong.error.code, 'mfa_verification_failed');
    assert.equal(wrong.error.message, 'Invalid TOTP code entered');
    const empty = await u.client.auth.mfa.verify({ factorId: f.id, challengeId: ch.data.id, code: '' });
    assert.equal(empty.error.message, 'Code needs to be non-empty');

    const ok = await u.client.auth.mfa.verify({ factorId: f.id, challengeId: ch.data.id, code: totpFor(f.totp.secret).generate() });
    assert.equal(ok.error, null);
    const claims = claimsOf(ok.data.access_token);
    assert.equal(claims.aal, 'aal2');
    assert.deepEqual(claims.amr.map((a) => a.method).sort(), ['password', 'totp']);
    assert.equal(claims.amr[0].method, 'totp', 'newest method first');
    assert.ok(events.includes('MFA_CHALLENGE_VERIFIED'), events.join());
    const aal2 = await u.client.auth.mfa.getAuthenticatorAssuranceLevel();
    assert.deepEqual([aal2.data.currentLevel, aal2.data.nextLevel], ['aal2', 'aal2']);
    listed = await u.client.auth.mfa.listFactors();
    assert.deepEqual(listed.data.all.map((x) => [x.id, x.status]), [[f.id, 'verified']], 'the other unverified factor is removed');
    assert.equal(listed.data.totp.length, 1);

    // A verified challenge cannot be used again.
    const replay = await u.client.auth.mfa.verify({ factorId: f.id, challengeId: ch.data.id, code: totpFor(f.totp.secret).generate() });
    assert.equal(replay.error.code, 'mfa_ip_address_mismatch');
    // The refreshed session stays aal2.
    const refreshed = await u.client.auth.refreshSession();
    assert.equal(claimsOf(refreshed.data.session.access_token).aal, 'aal2');

    // A new password sign-in is aal1 and must reach aal2: it may neither enroll nor unenroll.
    const other = makeClient(stack);
    const signed = await other.auth.signInWithPassword({ email: u.email, password: u.password });
    assert.equal(signed.data.user.factors.length, 1);
    const aal1 = await other.auth.mfa.getAuthenticatorAssuranceLevel();
    assert.deepEqual([aal1.data.currentLevel, aal1.data.nextLevel], ['aal1', 'aal2']);
    assert.equal((await other.auth.mfa.enroll({ factorType: 'totp', friendlyName: 'x' })).error.code, 'insufficient_aal');
    const early = await other.auth.mfa.unenroll({ factorId: f.id });
    assert.equal(early.error.status, 422);
    assert.equal(early.error.code, 'insufficient_aal');
    assert.equal(early.error.message, 'AAL2 required to unenroll verified factor');

    // Another user's factor is "not found".
    const stranger = await signedInUser(stack);
    const foreign = await stranger.client.auth.mfa.challenge({ factorId: f.id });
    assert.equal(foreign.error.status, 404);
    assert.equal(foreign.error.code, 'mfa_factor_not_found');
    const foreignVerify = await stranger.client.auth.mfa.verify({ factorId: f.id, challengeId: ch.data.id, code: '123456' });
    assert.equal(foreignVerify.error.code, 'mfa_factor_not_found');
    const malformed = await stranger.client.auth.mfa.challenge({ factorId: 'nope' });
    assert.equal(malformed.error.status, 404);

    // An expired challenge (GoTrue: 300 s) and a malformed challenge id are refused.
    const late = await other.auth.mfa.challenge({ factorId: f.id });
    await db.query(`update auth.mfa_challenges set created_at = created_at - interval '301 seconds' where id = $1`, [late.data.id]);
    const expired = await other.auth.mfa.verify({ factorId: f.id, challengeId: late.data.id, code: totpFor(f.totp.secret).generate() });
    assert.equal(expired.error.status, 422);
    assert.equal(expired.error.code, 'mfa_challenge_expired');
    assert.equal(expired.error.message, `MFA challenge ${late.data.id} has expired, verify against another challenge or create a new challenge.`);
    const badChallenge = await other.auth.mfa.verify({ factorId: f.id, challengeId: 'nope', code: '123456' });
    assert.equal(badChallenge.error.code, 'mfa_factor_not_found');
    assert.equal(claimsOf((await other.auth.getSession()).data.session.access_token).aal, 'aal1');

    const v2 = await other.auth.mfa.challengeAndVerify({ factorId: f.id, code: totpFor(f.totp.secret).generate() });
    assert.equal(v2.error, null);
    const off = await other.auth.mfa.unenroll({ factorId: f.id });
    assert.equal(off.error, null);
    assert.equal(off.data.id, f.id);
    const down = await other.auth.refreshSession();
    assert.equal(claimsOf(down.data.session.access_token).aal, 'aal1');
    const aalAfter = await other.auth.mfa.getAuthenticatorAssuranceLevel();
    assert.deepEqual([aalAfter.data.currentLevel, aalAfter.data.nextLevel], ['aal1', 'aal1']);
    assert.equal((await other.auth.mfa.listFactors()).data.all.length, 0);
  });

  test('OTP by e-mail: create_user honoured, code for a new address, magic link and code for a confirmed one; bad type or code → 403', async () => {
    const sb = makeClient(stack);
    const stranger = uniqueEmail('otp-none');
    // GoTrue answers 422 otp_disabled; ours answers as for an account (#27.6), signs nobody up, mails nobody.
    const refused = await sb.auth.signInWithOtp({ email: stranger, options: { shouldCreateUser: false } });
    assert.equal(refused.error, null);
    assert.equal((await mailboxFor(stack, stranger)).length, 0);

    const fresh = uniqueEmail('otp-new');
    assert.equal((await sb.auth.signInWithOtp({ email: fresh, options: { data: { full_name: 'Ada' } } })).error, null);
    const [signupMail] = await mailboxFor(stack, fresh);
    assert.equal(signupMail.subject, 'Confirmez votre inscription');
    const created = await sb.auth.verifyOtp({ email: fresh, token: codeIn(signupMail), type: 'email' });
    assert.equal(created.error, null);
    assert.equal(created.data.user.user_metadata.full_name, 'Ada');
    assert.ok(created.data.user.email_confirmed_at);

    const u = await signedInUser(stack);
    const sent = await sb.auth.signInWithOtp({ email: u.email, options: { emailRedirectTo: 'http://localhost:3000/dashboard' } });
    assert.equal(sent.error, null);
    const [magic] = await mailboxFor(stack, u.email);
    assert.equal(magic.subject, 'Votre lien de connexion');
    const res = await fetch(firstLink(magic.text), { redirect: 'manual' });
    assert.equal(res.status, 303);
    const f = fragment(res.headers.get('location'));
    assert.ok(res.headers.get('location').startsWith('http://localhost:3000/dashboard#'));
    assert.equal(f.type, 'magiclink');
    assert.ok(f.access_token && f.refresh_token);
    const flood = await sb.auth.signInWithOtp({ email: u.email });
    assert.equal(flood.error.code, 'over_email_send_rate_limit');

    await age(u.email);
    assert.equal((await sb.auth.signInWithOtp({ email: u.email })).error, null);
    const code = codeIn((await mailboxFor(stack, u.email))[0]);
    const badType = await sb.auth.verifyOtp({ email: u.email, token: code, type: /** @type {any} */ ('nope') });
    assert.equal(badType.error.status, 403);
    assert.equal(badType.error.code, 'otp_expired');
    assert.equal(badType.error.message, 'Token has expired or is invalid');
    const unknown = await sb.auth.verifyOtp({ email: uniqueEmail('nobody'), token: code, type: 'magiclink' });
    assert.equal(unknown.error.status, 403);
    assert.equal(unknown.error.message, 'Token has expired or is invalid');
    const wrong = await sb.auth.verifyOtp({ email: u.email, token: code === '000000' ? '000001' : '000000', type: 'magiclink' });
    assert.equal(wrong.error.message, 'Token has expired or is invalid');
    const good = await sb.auth.verifyOtp({ email: u.email, token: code, type: 'magiclink' });
    assert.equal(good.error, null);
    assert.equal(claimsOf(good.data.session.access_token).amr[0].method, 'otp');
    const reuse = await sb.auth.verifyOtp({ email: u.email, token: code, type: 'magiclink' });
    assert.equal(reuse.error.code, 'otp_expired');
  });

  test('invite, generate_link for every type with redirect_to, listUsers pagination errors', async () => {
    const admin = makeClient(stack, stack.serviceRoleKey);
    const email = uniqueEmail('invited');
    const inv = await admin.auth.admin.inviteUserByEmail(email, { redirectTo: 'http://localhost:3000/auth/update-password', data: { full_name: 'Invitée' } });
    assert.equal(inv.error, null);
    assert.ok(inv.data.user.invited_at);
    assert.equal(inv.data.user.user_metadata.full_name, 'Invitée');
    const [mail] = await mailboxFor(stack, email);
    assert.equal(mail.subject, 'Vous êtes invité sur Citable');
    const res = await fetch(firstLink(mail.text), { redirect: 'manual' });
    assert.ok(res.headers.get('location').startsWith('http://localhost:3000/auth/update-password#'));
    assert.equal(fragment(res.headers.get('location')).type, 'invite');
    const twice = await admin.auth.admin.inviteUserByEmail(email);
    assert.equal(twice.error.status, 422);
    assert.equal(twice.error.code, 'email_exists');
    const notAdmin = await makeClient(stack).auth.admin.inviteUserByEmail(uniqueEmail());
    assert.equal(notAdmin.error.status, 403);

    const target = 'http://localhost:3000/dashboard';
    const user = await signedInUser(stack);
    const cases = [
      ['signup', { email: uniqueEmail('gl'), password: 'Secret123' }, 'signup'],
      ['invite', { email: uniqueEmail('gl') }, 'invite'],
      ['magiclink', { email: user.email }, 'magiclink'],
      ['recovery', { email: user.email }, 'recovery'],
      ['email_change_current', { email: user.email, newEmail: uniqueEmail('gl-new') }, 'email_change'],
      ['email_change_new', { email: user.email, newEmail: uniqueEmail('gl-new2') }, 'email_change'],
    ];
    for (const [type, params, verificationType] of cases) {
      const { data, error } = await admin.auth.admin.generateLink(/** @type {any} */ ({ type, ...params, options: { redirectTo: target } }));
      assert.equal(error, null, type);
      assert.equal(data.properties.redirect_to, target, type);
      assert.equal(data.properties.verification_type, verificationType, type);
      assert.match(data.properties.email_otp, /^\d{6}$/, type);
      const action = new URL(data.properties.action_link);
      assert.equal(action.searchParams.get('type'), verificationType, type);
      assert.equal(action.searchParams.get('redirect_to'), target, type);
      assert.equal(action.searchParams.get('token'), data.properties.hashed_token, type);
    }
    // The hashed token of a generated link verifies through verifyOtp({ token_hash }).
    const gl = await admin.auth.admin.generateLink({ type: 'magiclink', email: user.email });
    const th = await makeClient(stack).auth.verifyOtp({ token_hash: gl.data.properties.hashed_token, type: 'magiclink' });
    assert.equal(th.error, null);
    assert.equal(th.data.user.email, user.email);
    const missing = await admin.auth.admin.generateLink({ type: 'recovery', email: uniqueEmail('none') });
    assert.equal(missing.error.status, 404);

    for (const q of ['page=abc', 'per_page=-1']) {
      const r = await fetch(`${stack.url}/auth/v1/admin/users?${q}`, {
        headers: { apikey: stack.serviceRoleKey, authorization: `Bearer ${stack.serviceRoleKey}`, 'x-supabase-api-version': '2024-01-01' },
      });
      assert.equal(r.status, 400, q);
      const body = await r.json();
      assert.equal(body.code, 'validation_failed');
      assert.match(body.message, /^Bad Pagination Parameters: strconv\.ParseUint: parsing "[^"]+": invalid syntax$/);
    }
    const page = await admin.auth.admin.listUsers({ page: 1, perPage: 2 });
    assert.equal(page.error, null);
    assert.equal(page.data.users.length, 2);
  });

  test('reauthenticate mails a 6-digit nonce, once per interval', async () => {
    const u = await signedInUser(stack);
    assert.equal((await u.client.auth.reauthenticate()).error, null);
    const [mail] = await mailboxFor(stack, u.email);
    assert.equal(mail.subject, 'Confirmez votre identité');
    assert.match(codeIn(mail), /^\d{6}$/);
    assert.equal((await u.client.auth.reauthenticate()).error.code, 'over_email_send_rate_limit');
    // The anon key alone has no user (GoTrue: 403 bad_jwt, missing sub claim).
    const anon = await fetch(`${stack.url}/auth/v1/reauthenticate`, { headers: { apikey: stack.anonKey, 'x-supabase-api-version': '2024-01-01' } });
    assert.equal(anon.status, 403);
    assert.equal((await anon.json()).code, 'bad_jwt');
  });
});

describe('switches: GOTRUE_DISABLE_SIGNUP, secure password change', () => {
  let env;
  let db;
  before(async () => {
    env = await startTestStack({ disableSignup: true, updatePasswordRequireReauthentication: true });
    db = new pg.Client({ connectionString: env.stack.databaseUrl });
    await db.connect();
  });
  after(async () => {
    await db?.end();
    await env?.close();
  });

  test('sign-up and OTP sign-up answer 422 signup_disabled; existing users still sign in', async () => {
    const { stack } = env;
    const sb = makeClient(stack);
    const r = await sb.auth.signUp({ email: uniqueEmail('closed'), password: 'Secret123' });
    assert.equal(r.error.status, 422);
    assert.equal(r.error.code, 'signup_disabled');
    assert.equal(r.error.message, 'Signups not allowed for this instance');
    const o = await sb.auth.signInWithOtp({ email: uniqueEmail('closed') });
    assert.equal(o.error.code, 'signup_disabled');
    const s = await (await fetch(`${stack.url}/auth/v1/settings`, { headers: { apikey: stack.anonKey } })).json();
    assert.equal(s.disable_signup, true);
    const u = await signedInUser(stack);
    assert.ok(u.session.access_token);
  });

  test('a password change from a session older than 24 h needs the nonce mailed by reauthenticate', async () => {
    const { stack } = env;
    const u = await signedInUser(stack);
    assert.equal((await u.client.auth.updateUser({ password: 'Recent-1' })).error, null, 'a recent sign-in needs no nonce');
    await db.query(`update auth.sessions set created_at = created_at - interval '25 hours' where user_id = $1`, [u.user.id]);
    const needed = await u.client.auth.updateUser({ password: 'Later-22' });
    assert.equal(needed.error.status, 400);
    assert.equal(needed.error.code, 'reauthentication_needed');
    assert.equal(needed.error.message, 'Password update requires reauthentication');
    assert.equal((await u.client.auth.reauthenticate()).error, null);
    const [mail] = await mailboxFor(stack, u.email);
    const nonce = codeIn(mail);
    const wrong = await u.client.auth.updateUser({ password: 'Later-22', nonce: nonce === '000000' ? '000001' : '000000' });
    assert.equal(wrong.error.status, 422);
    assert.equal(wrong.error.code, 'reauthentication_not_valid');
    assert.equal(wrong.error.message, 'Nonce has expired or is invalid');
    assert.equal((await u.client.auth.updateUser({ password: 'Later-22', nonce })).error, null);
    assert.equal((await u.client.auth.updateUser({ password: 'Again-333', nonce })).error.code, 'reauthentication_not_valid', 'a nonce works once');
    assert.equal((await makeClient(stack).auth.signInWithPassword({ email: u.email, password: 'Later-22' })).error, null);
  });
});
