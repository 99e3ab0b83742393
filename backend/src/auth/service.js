// GoTrue-compatible auth service (the subset Citable and supabase-js use).
// Users, identities, sessions and refresh tokens live in the auth schema of the
// same PostgreSQL database, with Supabase's column names.
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { SignJWT, jwtVerify, errors as joseErrors } from 'jose';
import { HttpError, bearerToken, isDbDownError, readJson, sendJson } from '../http-util.js';
import { API_VERSION, AuthError, authErrorBody, errors } from './errors.js';
import { hashPassword, verifyPassword } from './password.js';
import { withTransaction } from '../pg-tx.js';

const EMAIL_RE = /^[a-zA-Z0-9.!#$%&'*+/=?^_`{|}~-]+@[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?(?:\.[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?)+$/;
const BODY_LIMIT = 64 * 1024;

const sha256 = (s) => createHash('sha256').update(s).digest('hex');
const newRefreshToken = () => randomBytes(24).toString('base64url');
const iso = (d) => (d ? new Date(d).toISOString() : undefined);

function isPlainObject(v) {
  return v !== null && typeof v === 'object' && !Array.isArray(v);
}

export function createAuthService({
  pool,
  jwtSecret,
  publicUrl,
  siteUrl,
  redirectAllowList = [],
  mailer,
  confirmEmail = true,
  jwtExpiry = 3600,
  minPasswordLength = 6,
  otpExpiry = 3600,
  emailMinInterval = 60,
  log = () => {},
}) {
  const secretKey = new TextEncoder().encode(jwtSecret);
  const issuer = () => `${publicUrl()}/auth/v1`;

  // ---------- helpers ----------
  function normalizeEmail(raw) {
    if (raw === undefined || raw === null || raw === '') throw errors.emailRequired();
    if (typeof raw !== 'string') throw errors.invalidEmail();
    const email = raw.trim().toLowerCase();
    if (email.length > 255 || !EMAIL_RE.test(email)) throw errors.invalidEmail();
    return email;
  }

  function checkPassword(pw) {
    if (typeof pw !== 'string' || pw.length === 0) throw errors.validation('Password is required');
    if ([...pw].length < minPasswordLength) throw errors.weakPassword(minPasswordLength);
    if (Buffer.byteLength(pw) > 72) throw errors.validation('Password cannot be longer than 72 characters');
  }

  /** Only redirects to the site URL's origin or an allowed origin (no open redirect). */
  function safeRedirect(candidate) {
    const fallback = siteUrl;
    if (typeof candidate !== 'string' || candidate === '') return fallback;
    let u;
    try {
      u = new URL(candidate);
    } catch {
      return fallback;
    }
    if (u.protocol !== 'http:' && u.protocol !== 'https:') return fallback;
    const allowed = new Set([new URL(siteUrl).origin, ...redirectAllowList.map((o) => { try { return new URL(o).origin; } catch { return o; } })]);
    return allowed.has(u.origin) ? u.toString() : fallback;
  }

  function userJson(u, identities = []) {
    const out = {
      id: u.id,
      aud: u.aud || 'authenticated',
      role: u.role || 'authenticated',
      email: u.email || '',
      email_confirmed_at: iso(u.email_confirmed_at),
      phone: u.phone || '',
      confirmation_sent_at: iso(u.confirmation_sent_at),
      confirmed_at: iso(u.email_confirmed_at || u.phone_confirmed_at),
      recovery_sent_at: iso(u.recovery_sent_at),
      new_email: u.email_change || undefined,
      email_change_sent_at: iso(u.email_change_sent_at),
      last_sign_in_at: iso(u.last_sign_in_at),
      app_metadata: u.raw_app_meta_data || { provider: 'email', providers: ['email'] },
      user_metadata: u.raw_user_meta_data || {},
      identities: identities.map((i) => ({
        identity_id: i.id,
        id: i.provider_id,
        user_id: i.user_id,
        identity_data: i.identity_data,
        provider: i.provider,
        last_sign_in_at: iso(i.last_sign_in_at),
        created_at: iso(i.created_at),
        updated_at: iso(i.updated_at),
        email: i.identity_data?.email,
      })),
      created_at: iso(u.created_at),
      updated_at: iso(u.updated_at),
      banned_until: iso(u.banned_until),
      is_anonymous: Boolean(u.is_anonymous),
    };
    for (const k of Object.keys(out)) if (out[k] === undefined) delete out[k];
    return out;
  }

  async function loadUser(db, where, value) {
    const { rows } = await db.query(`select * from auth.users where ${where} = $1 and deleted_at is null limit 1`, [value]);
    return rows[0] || null;
  }

  async function loadIdentities(db, userId) {
    const { rows } = await db.query(
      'select id, provider_id, user_id, identity_data, provider, last_sign_in_at, created_at, updated_at from auth.identities where user_id = $1 order by created_at',
      [userId],
    );
    return rows;
  }

  async function fullUserJson(db, u) {
    return userJson(u, await loadIdentities(db, u.id));
  }

  const withTx = (fn) => withTransaction(pool, fn);

  async function accessToken(u, sessionId, amr) {
    const now = Math.floor(Date.now() / 1000);
    return new SignJWT({
      aud: 'authenticated',
      sub: u.id,
      email: u.email || '',
      phone: u.phone || '',
      app_metadata: u.raw_app_meta_data || {},
      user_metadata: u.raw_user_meta_data || {},
      role: u.role || 'authenticated',
      aal: 'aal1',
      amr,
      session_id: sessionId,
      is_anonymous: Boolean(u.is_anonymous),
    })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setIssuer(issuer())
      .setIssuedAt(now)
      .setExpirationTime(now + jwtExpiry)
      .sign(secretKey);
  }

  /** Creates a session + first refresh token and returns the GoTrue session JSON. */
  async function issueSession(db, u, method, req) {
    const sessionId = randomUUID();
    const now = new Date();
    await db.query(
      `insert into auth.sessions (id, user_id, created_at, updated_at, aal, user_agent, ip)
       values ($1, $2, $3, $3, 'aal1', $4, $5)`,
      [sessionId, u.id, now, String(req.headers['user-agent'] || '').slice(0, 500) || null, req.socket.remoteAddress || null],
    );
    const refresh = newRefreshToken();
    await db.query(
      `insert into auth.refresh_tokens (token, user_id, revoked, created_at, updated_at, parent, session_id)
       values ($1, $2, false, $3, $3, null, $4)`,
      [refresh, String(u.id), now, sessionId],
    );
    const { rows } = await db.query(
      'update auth.users set last_sign_in_at = $2, updated_at = $2 where id = $1 returning *',
      [u.id, now],
    );
    await db.query('update auth.identities set last_sign_in_at = $2 where user_id = $1', [u.id, now]);
    const fresh = rows[0] || u;
    const amr = [{ method, timestamp: Math.floor(now.getTime() / 1000) }];
    return sessionJson(db, fresh, sessionId, refresh, amr);
  }

  async function sessionJson(db, u, sessionId, refresh, amr) {
    const token = await accessToken(u, sessionId, amr);
    const expiresAt = Math.floor(Date.now() / 1000) + jwtExpiry;
    return {
      access_token: token,
      token_type: 'bearer',
      expires_in: jwtExpiry,
      expires_at: expiresAt,
      refresh_token: refresh,
      user: await fullUserJson(db, u),
    };
  }

  async function verifyJwt(token) {
    try {
      const { payload } = await jwtVerify(token, secretKey, { algorithms: ['HS256'] });
      return payload;
    } catch (e) {
      if (e instanceof joseErrors.JWTExpired) throw errors.badJwt('token has invalid claims: token is expired');
      throw errors.badJwt(e.code === 'ERR_JWS_SIGNATURE_VERIFICATION_FAILED' ? 'signature is invalid' : 'token is malformed');
    }
  }

  /** GoTrue's requireAuthentication + loadUser + session check. */
  async function requireUser(req) {
    const token = bearerToken(req);
    if (!token) throw errors.noAuthorization();
    const claims = await verifyJwt(token);
    if (!claims.sub) throw errors.missingSub();
    const u = await loadUser(pool, 'id', claims.sub).catch((e) => {
      if (e.code === '22P02') return null; // sub is not a uuid
      throw e;
    });
    if (!u) throw errors.userFromSubMissing();
    let session = null;
    if (claims.session_id) {
      const { rows } = await pool.query('select * from auth.sessions where id = $1 and user_id = $2', [claims.session_id, u.id]);
      session = rows[0];
      if (!session) throw errors.sessionNotFound();
    }
    return { user: u, claims, session };
  }

  async function requireAdmin(req) {
    const token = bearerToken(req);
    if (!token) throw errors.noAuthorization();
    const claims = await verifyJwt(token);
    if (claims.role !== 'service_role' && claims.role !== 'supabase_admin') throw errors.notAdmin();
    return claims;
  }

  function link(type, token, redirectTo) {
    const u = new URL(`${publicUrl()}/auth/v1/verify`);
    u.searchParams.set('token', token);
    u.searchParams.set('type', type);
    u.searchParams.set('redirect_to', redirectTo);
    return u.toString();
  }

  const TEMPLATES = {
    signup: (url) => ({
      subject: 'Confirmez votre inscription',
      text: `Bonjour,\n\nMerci de votre inscription sur Citable. Pour confirmer votre adresse e-mail, ouvrez ce lien :\n\n${url}\n\nCe lien expire dans ${Math.round(otpExpiry / 60)} minutes. Si vous n'êtes pas à l'origine de cette inscription, ignorez ce message.\n\nL'équipe Citable`,
    }),
    recovery: (url) => ({
      subject: 'Réinitialisez votre mot de passe',
      text: `Bonjour,\n\nVous avez demandé la réinitialisation de votre mot de passe Citable. Ouvrez ce lien pour choisir un nouveau mot de passe :\n\n${url}\n\nCe lien expire dans ${Math.round(otpExpiry / 60)} minutes. Si vous n'avez rien demandé, ignorez ce message : votre mot de passe reste inchangé.\n\nL'équipe Citable`,
    }),
    email_change: (url) => ({
      subject: 'Confirmez votre nouvelle adresse e-mail',
      text: `Bonjour,\n\nPour confirmer votre nouvelle adresse e-mail sur Citable, ouvrez ce lien :\n\n${url}\n\nSi vous n'êtes pas à l'origine de cette demande, ignorez ce message.\n\nL'équipe Citable`,
    }),
  };

  async function sendTemplate(kind, to, url) {
    const { subject, text } = TEMPLATES[kind](url);
    const html = `<p>${text
      .split('\n\n')
      .map((p) => p.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/\n/g, '<br>'))
      .join('</p><p>')}</p>`.replace(url.replace(/&/g, '&amp;'), `<a href="${url.replace(/&/g, '&amp;')}">${url.replace(/&/g, '&amp;')}</a>`);
    await mailer.send({ to, subject, text, html });
  }

  function checkEmailInterval(sentAt) {
    if (!sentAt || emailMinInterval <= 0) return;
    const elapsed = (Date.now() - new Date(sentAt).getTime()) / 1000;
    if (elapsed < emailMinInterval) throw errors.overEmailRateLimit(Math.ceil(emailMinInterval - elapsed));
  }

  /** Creates a user (+ email identity). `confirmed` sets email_confirmed_at. */
  async function insertUser(db, { email, password, userMeta = {}, appMeta, confirmed, role = 'authenticated' }) {
    const id = randomUUID();
    const now = new Date();
    const hash = password ? await hashPassword(password) : '';
    const app = { provider: 'email', providers: ['email'], ...(isPlainObject(appMeta) ? appMeta : {}) };
    const { rows } = await db.query(
      `insert into auth.users (id, aud, role, email, encrypted_password, email_confirmed_at,
         raw_app_meta_data, raw_user_meta_data, created_at, updated_at, is_anonymous)
       values ($1, 'authenticated', $2, $3, $4, $5, $6, $7, $8, $8, false) returning *`,
      [id, role, email, hash, confirmed ? now : null, app, userMeta, now],
    );
    await db.query(
      `insert into auth.identities (provider_id, user_id, identity_data, provider, last_sign_in_at, created_at, updated_at)
       values ($1, $2, $3, 'email', null, $4, $4)`,
      [id, id, { sub: id, email, email_verified: Boolean(confirmed), phone_verified: false }, now],
    );
    return rows[0];
  }

  async function startConfirmation(db, u, redirectTo) {
    const token = randomBytes(32).toString('base64url');
    const { rows } = await db.query(
      'update auth.users set confirmation_token = $2, confirmation_sent_at = now(), updated_at = now() where id = $1 returning *',
      [u.id, sha256(token)],
    );
    await sendTemplate('signup', u.email, link('signup', token, redirectTo));
    return rows[0];
  }

  // ---------- endpoints ----------
  async function signup(req, query) {
    const body = await readJson(req, BODY_LIMIT, errors.badJson().body);
    if (!body.email && body.phone) throw errors.validation('Phone signups are disabled');
    const email = normalizeEmail(body.email);
    checkPassword(body.password);
    const data = isPlainObject(body.data) ? body.data : {};
    const redirectTo = safeRedirect(query.get('redirect_to') || body.redirect_to || body.email_redirect_to);
    return withTx(async (db) => {
      await db.query('select pg_advisory_xact_lock(hashtext($1))', [`signup:${email}`]);
      const existing = await loadUser(db, 'email', email);
      if (existing && existing.email_confirmed_at) {
        if (!confirmEmail) throw errors.userAlreadyExists();
        // GoTrue with confirmations on: an obfuscated user, to avoid account enumeration.
        const now = new Date().toISOString();
        return [200, {
          id: randomUUID(), aud: 'authenticated', role: 'authenticated', email, phone: '',
          confirmation_sent_at: now, app_metadata: { provider: 'email', providers: ['email'] },
          user_metadata: data, identities: [], created_at: now, updated_at: now, is_anonymous: false,
        }];
      }
      let u;
      if (existing) {
        checkEmailInterval(existing.confirmation_sent_at);
        const hash = await hashPassword(body.password);
        const { rows } = await db.query(
          'update auth.users set encrypted_password = $2, raw_user_meta_data = $3, updated_at = now() where id = $1 returning *',
          [existing.id, hash, data],
        );
        u = rows[0];
      } else {
        u = await insertUser(db, { email, password: body.password, userMeta: data, confirmed: !confirmEmail });
      }
      if (!confirmEmail) return [200, await issueSession(db, u, 'password', req)];
      u = await startConfirmation(db, u, redirectTo);
      return [200, await fullUserJson(db, u)];
    });
  }

  async function token(req, query) {
    const grant = query.get('grant_type');
    const body = await readJson(req, BODY_LIMIT, errors.badJson().body);
    if (grant === 'password') {
      if (!body.email && !body.phone) throw errors.validation('missing email or phone');
      if (typeof body.password !== 'string' || body.password === '') throw errors.invalidCredentials();
      if (!body.email) throw errors.invalidCredentials();
      if (typeof body.email !== 'string') throw errors.invalidCredentials();
      const email = body.email.trim().toLowerCase();
      const u = await loadUser(pool, 'email', email);
      // An unknown user is compared against a dummy hash so timing does not leak existence.
      const ok = await verifyPassword(body.password, u?.encrypted_password);
      if (!u || !ok) throw errors.invalidCredentials();
      if (u.banned_until && new Date(u.banned_until) > new Date()) throw errors.userBanned();
      if (!u.email_confirmed_at && confirmEmail) throw errors.emailNotConfirmed();
      return [200, await withTx((db) => issueSession(db, u, 'password', req))];
    }
    if (grant === 'refresh_token') {
      const rt = body.refresh_token;
      if (typeof rt !== 'string' || rt === '') throw errors.refreshNotFound();
      return withTx(async (db) => {
        const { rows } = await db.query('select * from auth.refresh_tokens where token = $1 for update', [rt]);
        const row = rows[0];
        if (!row) throw errors.refreshNotFound();
        if (row.revoked) {
          // Reuse of a rotated token: treat as theft and end the whole session.
          if (row.session_id) {
            await db.query('update auth.refresh_tokens set revoked = true, updated_at = now() where session_id = $1', [row.session_id]);
            await db.query('delete from auth.sessions where id = $1', [row.session_id]);
          }
          await db.query('commit');
          await db.query('begin');
          throw errors.refreshAlreadyUsed();
        }
        const { rows: srows } = await db.query('select * from auth.sessions where id = $1', [row.session_id]);
        if (!srows[0]) throw errors.refreshNotFound();
        const u = await loadUser(db, 'id', row.user_id);
        if (!u) throw errors.refreshNotFound();
        if (u.banned_until && new Date(u.banned_until) > new Date()) throw errors.userBanned();
        const next = newRefreshToken();
        await db.query('update auth.refresh_tokens set revoked = true, updated_at = now() where id = $1', [row.id]);
        await db.query(
          `insert into auth.refresh_tokens (token, user_id, revoked, created_at, updated_at, parent, session_id)
           values ($1, $2, false, now(), now(), $3, $4)`,
          [next, String(u.id), rt, row.session_id],
        );
        await db.query('update auth.sessions set refreshed_at = now(), updated_at = now() where id = $1', [row.session_id]);
        const amr = [{ method: 'password', timestamp: Math.floor(new Date(srows[0].created_at).getTime() / 1000) }];
        return [200, await sessionJson(db, u, row.session_id, next, amr)];
      });
    }
    throw errors.unsupportedGrant();
  }

  async function recover(req, query) {
    const body = await readJson(req, BODY_LIMIT, errors.badJson().body);
    const email = normalizeEmail(body.email);
    const redirectTo = safeRedirect(query.get('redirect_to') || body.redirect_to);
    const u = await loadUser(pool, 'email', email);
    if (!u) return [200, {}]; // no account enumeration
    checkEmailInterval(u.recovery_sent_at);
    const tokenValue = randomBytes(32).toString('base64url');
    await pool.query('update auth.users set recovery_token = $2, recovery_sent_at = now(), updated_at = now() where id = $1', [
      u.id,
      sha256(tokenValue),
    ]);
    await sendTemplate('recovery', u.email, link('recovery', tokenValue, redirectTo));
    return [200, {}];
  }

  const TOKEN_COLUMNS = {
    signup: ['confirmation_token', 'confirmation_sent_at'],
    invite: ['confirmation_token', 'confirmation_sent_at'],
    recovery: ['recovery_token', 'recovery_sent_at'],
    magiclink: ['recovery_token', 'recovery_sent_at'],
    email_change: ['email_change_token_new', 'email_change_sent_at'],
  };

  /** Consumes a one-time token (stored hashed) and returns the verified user, or null. */
  async function consumeToken(db, type, tokenHash) {
    const cols = TOKEN_COLUMNS[type];
    if (!cols || !tokenHash) return null;
    const [tokCol, sentCol] = cols;
    const { rows } = await db.query(
      `select * from auth.users where ${tokCol} = $1 and deleted_at is null
         and ${sentCol} > now() - make_interval(secs => $2) for update`,
      [tokenHash, otpExpiry],
    );
    const u = rows[0];
    if (!u) return null;
    let sql;
    if (type === 'email_change') {
      sql = `update auth.users set email = email_change, email_change = '', email_change_token_new = '',
               email_confirmed_at = coalesce(email_confirmed_at, now()), updated_at = now() where id = $1 returning *`;
    } else {
      sql = `update auth.users set ${tokCol} = '', email_confirmed_at = coalesce(email_confirmed_at, now()),
               updated_at = now() where id = $1 returning *`;
    }
    const { rows: updated } = await db.query(sql, [u.id]);
    await db.query(
      `update auth.identities set identity_data = identity_data || jsonb_build_object('email', $2::text, 'email_verified', true), updated_at = now()
       where user_id = $1 and provider = 'email'`,
      [u.id, updated[0].email],
    );
    return updated[0];
  }

  async function verifyGet(req, res, query) {
    const type = query.get('type') || '';
    const redirectTo = safeRedirect(query.get('redirect_to'));
    const tokenValue = query.get('token') || '';
    let fragment;
    try {
      const result = await withTx(async (db) => {
        const u = await consumeToken(db, type, tokenValue ? sha256(tokenValue) : '');
        if (!u) return null;
        return issueSession(db, u, type === 'recovery' ? 'recovery' : 'otp', req);
      });
      if (result) {
        fragment = new URLSearchParams({
          access_token: result.access_token,
          expires_at: String(result.expires_at),
          expires_in: String(result.expires_in),
          refresh_token: result.refresh_token,
          token_type: 'bearer',
          type,
        }).toString();
      } else {
        fragment = new URLSearchParams({
          error: 'access_denied',
          error_code: 'otp_expired',
          error_description: 'Email link is invalid or has expired',
        }).toString();
      }
    } catch (e) {
      if (isDbDownError(e)) throw e;
      log(`auth: verify failed: ${e.message}`);
      fragment = new URLSearchParams({ error: 'server_error', error_code: 'unexpected_failure', error_description: 'Unexpected failure' }).toString();
    }
    const target = new URL(redirectTo);
    target.hash = fragment;
    res.writeHead(303, { location: target.toString(), 'cache-control': 'no-store' });
    res.end();
  }

  async function verifyPost(req) {
    const body = await readJson(req, BODY_LIMIT, errors.badJson().body);
    const type = typeof body.type === 'string' ? body.type : '';
    if (!TOKEN_COLUMNS[type]) throw errors.validation(`Verify requires a verification type`);
    let hash = '';
    if (typeof body.token_hash === 'string' && body.token_hash) hash = body.token_hash;
    else if (typeof body.token === 'string' && body.token) hash = sha256(body.token);
    else throw errors.validation('Verify requires a token or a token hash');
    return withTx(async (db) => {
      const u = await consumeToken(db, type, hash);
      if (!u) throw errors.otpExpired();
      if (typeof body.email === 'string' && body.email.trim().toLowerCase() !== u.email) throw errors.otpExpired();
      return [200, await issueSession(db, u, type === 'recovery' ? 'recovery' : 'otp', req)];
    });
  }

  async function getUser(req) {
    const { user } = await requireUser(req);
    return [200, await fullUserJson(pool, user)];
  }

  async function applyMetadata(current, patch) {
    const merged = { ...(current || {}) };
    for (const [k, v] of Object.entries(patch)) {
      if (v === null) delete merged[k];
      else merged[k] = v;
    }
    return merged;
  }

  async function putUser(req) {
    const { user } = await requireUser(req);
    const body = await readJson(req, BODY_LIMIT, errors.badJson().body);
    return withTx(async (db) => {
      let u = (await loadUser(db, 'id', user.id)) || user;
      if (body.password !== undefined && body.password !== null) {
        checkPassword(body.password);
        if (u.encrypted_password && (await verifyPassword(body.password, u.encrypted_password))) throw errors.samePassword();
        const hash = await hashPassword(body.password);
        ({ rows: [u] } = await db.query(
          'update auth.users set encrypted_password = $2, updated_at = now() where id = $1 returning *',
          [u.id, hash],
        ));
      }
      if (body.data !== undefined && body.data !== null) {
        if (!isPlainObject(body.data)) throw errors.validation('data must be an object');
        const merged = await applyMetadata(u.raw_user_meta_data, body.data);
        ({ rows: [u] } = await db.query(
          'update auth.users set raw_user_meta_data = $2, updated_at = now() where id = $1 returning *',
          [u.id, merged],
        ));
      }
      if (body.email !== undefined && body.email !== null && body.email !== '') {
        const email = normalizeEmail(body.email);
        if (email !== u.email) {
          const taken = await loadUser(db, 'email', email);
          if (taken) throw errors.emailExists();
          if (!confirmEmail) {
            ({ rows: [u] } = await db.query('update auth.users set email = $2, updated_at = now() where id = $1 returning *', [u.id, email]));
            await db.query(
              `update auth.identities set identity_data = identity_data || jsonb_build_object('email', $2::text), updated_at = now()
               where user_id = $1 and provider = 'email'`,
              [u.id, email],
            );
          } else {
            const t = randomBytes(32).toString('base64url');
            ({ rows: [u] } = await db.query(
              `update auth.users set email_change = $2, email_change_token_new = $3, email_change_sent_at = now(), updated_at = now()
               where id = $1 returning *`,
              [u.id, email, sha256(t)],
            ));
            await sendTemplate('email_change', email, link('email_change', t, safeRedirect(body.redirect_to)));
          }
        }
      }
      return [200, await fullUserJson(db, u)];
    });
  }

  async function logout(req, query) {
    let auth;
    try {
      auth = await requireUser(req);
    } catch (e) {
      // GoTrue: signing out an already-ended session is not an error for the client.
      if (e instanceof AuthError && (e.errorCode === 'session_not_found' || e.errorCode === 'user_not_found')) return [204, undefined];
      throw e;
    }
    const scope = query.get('scope') || 'global';
    const sid = auth.claims.session_id;
    if (scope === 'local') {
      if (sid) await pool.query('delete from auth.sessions where id = $1', [sid]);
    } else if (scope === 'others') {
      await pool.query('delete from auth.sessions where user_id = $1 and id is distinct from $2', [auth.user.id, sid || null]);
    } else if (scope === 'global') {
      await pool.query('delete from auth.sessions where user_id = $1', [auth.user.id]);
    } else {
      throw errors.validation(`Unsupported logout scope "${scope}"`);
    }
    // Sessions cascade to refresh tokens in Supabase's schema; revoke explicitly as well.
    await pool.query(
      'update auth.refresh_tokens set revoked = true, updated_at = now() where user_id = $1 and (session_id is null or session_id not in (select id from auth.sessions))',
      [String(auth.user.id)],
    );
    return [204, undefined];
  }

  function settings() {
    return [200, {
      external: {
        anonymous_users: false, apple: false, azure: false, bitbucket: false, discord: false, facebook: false,
        figma: false, fly: false, github: false, gitlab: false, google: false, keycloak: false, kakao: false,
        linkedin_oidc: false, notion: false, spotify: false, slack_oidc: false, workos: false, twitch: false,
        twitter: false, zoom: false, email: true, phone: false,
      },
      disable_signup: false,
      mailer_autoconfirm: !confirmEmail,
      phone_autoconfirm: false,
      sms_provider: '',
      saml_enabled: false,
    }];
  }

  // ---------- admin ----------
  async function adminListUsers(query) {
    const page = Math.max(1, Number.parseInt(query.get('page') || '1', 10) || 1);
    const perPage = Math.min(1000, Math.max(1, Number.parseInt(query.get('per_page') || '50', 10) || 50));
    const { rows } = await pool.query(
      'select * from auth.users where deleted_at is null order by created_at desc, id limit $1 offset $2',
      [perPage, (page - 1) * perPage],
    );
    const { rows: [{ n }] } = await pool.query('select count(*)::int as n from auth.users where deleted_at is null');
    const users = [];
    for (const u of rows) users.push(await fullUserJson(pool, u));
    return [200, { users, aud: 'authenticated' }, { 'x-total-count': String(n) }];
  }

  async function adminCreateUser(req) {
    const body = await readJson(req, BODY_LIMIT, errors.badJson().body);
    const email = normalizeEmail(body.email);
    if (body.password !== undefined) checkPassword(body.password);
    return withTx(async (db) => {
      if (await loadUser(db, 'email', email)) throw errors.emailExists();
      const u = await insertUser(db, {
        email,
        password: body.password,
        userMeta: isPlainObject(body.user_metadata) ? body.user_metadata : isPlainObject(body.data) ? body.data : {},
        appMeta: body.app_metadata,
        confirmed: body.email_confirm === true,
        role: typeof body.role === 'string' && body.role ? body.role : 'authenticated',
      });
      return [200, await fullUserJson(db, u)];
    });
  }

  async function adminGetUser(id) {
    const u = await loadUser(pool, 'id', id).catch((e) => (e.code === '22P02' ? null : Promise.reject(e)));
    if (!u) throw errors.userNotFound();
    return [200, await fullUserJson(pool, u)];
  }

  async function adminUpdateUser(req, id) {
    const body = await readJson(req, BODY_LIMIT, errors.badJson().body);
    return withTx(async (db) => {
      let u = await loadUser(db, 'id', id).catch((e) => (e.code === '22P02' ? null : Promise.reject(e)));
      if (!u) throw errors.userNotFound();
      const sets = [];
      const vals = [u.id];
      const add = (sql, v) => {
        vals.push(v);
        sets.push(sql.replace('$?', `$${vals.length}`));
      };
      if (body.email !== undefined) {
        const email = normalizeEmail(body.email);
        if (email !== u.email && (await loadUser(db, 'email', email))) throw errors.emailExists();
        add('email = $?', email);
      }
      if (body.password !== undefined) {
        checkPassword(body.password);
        add('encrypted_password = $?', await hashPassword(body.password));
      }
      if (body.email_confirm === true) sets.push('email_confirmed_at = coalesce(email_confirmed_at, now())');
      if (isPlainObject(body.user_metadata)) add('raw_user_meta_data = $?', await applyMetadata(u.raw_user_meta_data, body.user_metadata));
      if (isPlainObject(body.app_metadata)) add('raw_app_meta_data = $?', await applyMetadata(u.raw_app_meta_data, body.app_metadata));
      if (typeof body.role === 'string' && body.role) add('role = $?', body.role);
      if (typeof body.ban_duration === 'string') {
        if (body.ban_duration === 'none') sets.push('banned_until = null');
        else {
          const m = /^(\d+)h$/.exec(body.ban_duration);
          if (!m) throw errors.validation('invalid format for ban duration');
          add("banned_until = now() + make_interval(hours => $?)", Number(m[1]));
        }
      }
      if (sets.length) {
        ({ rows: [u] } = await db.query(`update auth.users set ${sets.join(', ')}, updated_at = now() where id = $1 returning *`, vals));
      }
      return [200, await fullUserJson(db, u)];
    });
  }

  async function adminDeleteUser(id) {
    const { rowCount } = await pool
      .query('delete from auth.users where id = $1', [id])
      .catch((e) => (e.code === '22P02' ? { rowCount: 0 } : Promise.reject(e)));
    if (!rowCount) throw errors.userNotFound();
    return [200, {}];
  }

  async function adminGenerateLink(req) {
    const body = await readJson(req, BODY_LIMIT, errors.badJson().body);
    const type = body.type;
    if (!['signup', 'recovery', 'magiclink', 'invite'].includes(type)) throw errors.validation('Invalid link type');
    const email = normalizeEmail(body.email);
    const redirectTo = safeRedirect(body.redirect_to || body.options?.redirect_to || body.options?.redirectTo);
    return withTx(async (db) => {
      let u = await loadUser(db, 'email', email);
      if (type === 'signup') {
        if (u && u.email_confirmed_at) throw errors.emailExists();
        checkPassword(body.password);
        if (!u) u = await insertUser(db, { email, password: body.password, userMeta: isPlainObject(body.data) ? body.data : {}, confirmed: false });
      } else if (type === 'invite') {
        if (u) throw errors.emailExists();
        u = await insertUser(db, { email, userMeta: isPlainObject(body.data) ? body.data : {}, confirmed: false });
      } else if (!u) {
        throw errors.userNotFound();
      }
      const t = randomBytes(32).toString('base64url');
      const [tokCol, sentCol] = TOKEN_COLUMNS[type];
      ({ rows: [u] } = await db.query(`update auth.users set ${tokCol} = $2, ${sentCol} = now() where id = $1 returning *`, [u.id, sha256(t)]));
      return [200, {
        ...(await fullUserJson(db, u)),
        action_link: link(type, t, redirectTo),
        email_otp: '',
        hashed_token: sha256(t),
        verification_type: type,
        redirect_to: redirectTo,
      }];
    });
  }

  // ---------- router ----------
  async function route(req, res, subpath, query) {
    const m = req.method;
    if (subpath === '/health' && m === 'GET') return [200, { version: 'citable-local', name: 'GoTrue', description: 'GoTrue-compatible auth for the local Citable backend' }];
    if (subpath === '/settings' && m === 'GET') return settings();
    if (subpath === '/signup' && m === 'POST') return signup(req, query);
    if (subpath === '/token' && m === 'POST') return token(req, query);
    if (subpath === '/recover' && m === 'POST') return recover(req, query);
    if (subpath === '/verify' && m === 'GET') return verifyGet(req, res, query);
    if (subpath === '/verify' && m === 'POST') return verifyPost(req);
    if (subpath === '/user' && m === 'GET') return getUser(req);
    if (subpath === '/user' && m === 'PUT') return putUser(req);
    if (subpath === '/logout' && m === 'POST') return logout(req, query);
    if (subpath.startsWith('/admin/')) {
      await requireAdmin(req);
      if (subpath === '/admin/users' && m === 'GET') return adminListUsers(query);
      if (subpath === '/admin/users' && m === 'POST') return adminCreateUser(req);
      if (subpath === '/admin/generate_link' && m === 'POST') return adminGenerateLink(req);
      const um = /^\/admin\/users\/([^/]+)$/.exec(subpath);
      if (um) {
        const id = decodeURIComponent(um[1]);
        if (m === 'GET') return adminGetUser(id);
        if (m === 'PUT') return adminUpdateUser(req, id);
        if (m === 'DELETE') return adminDeleteUser(id);
      }
    }
    throw errors.notFound();
  }

  async function handle(req, res, subpath, query) {
    const headers = { 'x-supabase-api-version': API_VERSION, 'cache-control': 'no-store' };
    try {
      const out = await route(req, res, subpath, query);
      if (!out) return; // response already written (redirect)
      const [status, body, extra] = out;
      if (status === 204) {
        res.writeHead(204, headers);
        res.end();
        return;
      }
      sendJson(res, status, body, { ...headers, ...extra });
    } catch (e) {
      let err = e;
      if (!(e instanceof AuthError)) {
        if (e instanceof HttpError && e.status === 413) err = errors.payloadTooLarge();
        else if (e instanceof HttpError && e.status === 400) err = errors.badJson();
        else if (isDbDownError(e)) err = errors.dbUnavailable();
        else {
          log(`auth: unexpected error on ${req.method} ${subpath}: ${e.stack || e.message}`);
          err = errors.unexpected();
        }
      }
      sendJson(res, err.status, authErrorBody(err, req), headers);
    }
  }

  return { handle, verifyJwt, rateLimitedError: errors.overRequestRateLimit };
}

export { authErrorBody, errors as authErrors };
