// GoTrue-compatible auth service (the subset Citable and supabase-js use).
// Users, identities, sessions and refresh tokens live in the auth schema of the
// same PostgreSQL database, with Supabase's column names.
import { createHash, randomBytes, randomInt, randomUUID } from 'node:crypto';
import { SignJWT, jwtVerify, errors as joseErrors } from 'jose';
import { Secret, TOTP } from 'otpauth';
import QRCode from 'qrcode';
import { HttpError, bearerToken, isDbDownError, readJson, sendJson } from '../http-util.js';
import { API_VERSION, AuthError, authErrorBody, errors } from './errors.js';
import { hashPassword, verifyPassword } from './password.js';
import { withTransaction } from '../pg-tx.js';

const EMAIL_RE = /^[a-zA-Z0-9.!#$%&'*+/=?^_`{|}~-]+@[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?(?:\.[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?)+$/;
const BODY_LIMIT = 64 * 1024;

const sha256 = (s) => createHash('sha256').update(s).digest('hex');
/** GoTrue's token hash: the e-mailed link carries it, the 6-digit code hashes to it with the address. */
const tokenHash = (email, code) => createHash('sha224').update(`${email}${code}`).digest('hex');
const newOtp = () => String(randomInt(0, 1_000_000)).padStart(6, '0');
const UUID_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** Authentication methods that make a session aal2 (GoTrue's CalculateAALAndAMR). */
const AAL2_METHODS = new Set(['totp', 'mfa/totp', 'mfa/phone', 'mfa/webauthn', 'sso/saml']);
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
  disableSignup = false,
  updatePasswordRequireReauthentication = false,
  mfaFactorExpiry = 300,
  mfaChallengeExpiry = 300,
  maxEnrolledFactors = 10,
  refreshTokenReuseInterval = 10,
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

  function factorJson(f) {
    const out = {
      id: f.id,
      friendly_name: f.friendly_name || undefined,
      factor_type: f.factor_type,
      status: f.status,
      created_at: iso(f.created_at),
      updated_at: iso(f.updated_at),
      last_challenged_at: iso(f.last_challenged_at),
    };
    for (const k of Object.keys(out)) if (out[k] === undefined) delete out[k];
    return out;
  }

  function userJson(u, identities = [], factors = []) {
    const out = {
      id: u.id,
      aud: u.aud || 'authenticated',
      role: u.role || 'authenticated',
      email: u.email || '',
      email_confirmed_at: iso(u.email_confirmed_at),
      invited_at: iso(u.invited_at),
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
      factors: factors.length ? factors.map(factorJson) : undefined,
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

  async function loadFactors(db, userId) {
    const { rows } = await db.query('select * from auth.mfa_factors where user_id = $1 order by created_at, id', [userId]);
    return rows;
  }

  async function fullUserJson(db, u) {
    return userJson(u, await loadIdentities(db, u.id), await loadFactors(db, u.id));
  }

  const withTx = (fn) => withTransaction(pool, fn);

  /** GoTrue's Session.CalculateAALAndAMR: the session's claims, newest first; a second factor makes it aal2. */
  async function sessionAssurance(db, sessionId) {
    const { rows } = await db.query(
      'select authentication_method, updated_at from auth.mfa_amr_claims where session_id = $1 order by updated_at desc, authentication_method',
      [sessionId],
    );
    let aal = 'aal1';
    const amr = rows.map((r) => {
      if (AAL2_METHODS.has(r.authentication_method)) aal = 'aal2';
      return { method: r.authentication_method, timestamp: Math.floor(new Date(r.updated_at).getTime() / 1000) };
    });
    if (!amr.length) {
      // A session from before the claims were recorded: password, at its creation.
      const { rows: s } = await db.query('select created_at from auth.sessions where id = $1', [sessionId]);
      amr.push({ method: 'password', timestamp: Math.floor(new Date(s[0]?.created_at || Date.now()).getTime() / 1000) });
    }
    return { aal, amr };
  }

  async function addClaim(db, sessionId, method) {
    await db.query(
      `insert into auth.mfa_amr_claims (id, session_id, created_at, updated_at, authentication_method)
       values ($1, $2, now(), now(), $3)
       on conflict (session_id, authentication_method) do update set updated_at = now()`,
      [randomUUID(), sessionId, method],
    );
  }

  async function accessToken(u, sessionId, { aal, amr }) {
    const now = Math.floor(Date.now() / 1000);
    return new SignJWT({
      aud: 'authenticated',
      sub: u.id,
      email: u.email || '',
      phone: u.phone || '',
      app_metadata: u.raw_app_meta_data || {},
      user_metadata: u.raw_user_meta_data || {},
      role: u.role || 'authenticated',
      aal,
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
    await addClaim(db, sessionId, method);
    return sessionJson(db, fresh, sessionId, refresh);
  }

  async function sessionJson(db, u, sessionId, refresh) {
    const token = await accessToken(u, sessionId, await sessionAssurance(db, sessionId));
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

  const minutes = () => Math.round(otpExpiry / 60);
  const codeLine = (code) => (code ? `\n\nVous pouvez aussi saisir ce code : ${code}` : '');
  const TEMPLATES = {
    signup: (url, code) => ({
      subject: 'Confirmez votre inscription',
      text: `Bonjour,\n\nMerci de votre inscription sur Citable. Pour confirmer votre adresse e-mail, ouvrez ce lien :\n\n${url}${codeLine(code)}\n\nCe lien expire dans ${minutes()} minutes. Si vous n'êtes pas à l'origine de cette inscription, ignorez ce message.\n\nL'équipe Citable`,
    }),
    recovery: (url, code) => ({
      subject: 'Réinitialisez votre mot de passe',
      text: `Bonjour,\n\nVous avez demandé la réinitialisation de votre mot de passe Citable. Ouvrez ce lien pour choisir un nouveau mot de passe :\n\n${url}${codeLine(code)}\n\nCe lien expire dans ${minutes()} minutes. Si vous n'avez rien demandé, ignorez ce message : votre mot de passe reste inchangé.\n\nL'équipe Citable`,
    }),
    email_change: (url, code) => ({
      subject: 'Confirmez votre nouvelle adresse e-mail',
      text: `Bonjour,\n\nPour confirmer votre nouvelle adresse e-mail sur Citable, ouvrez ce lien :\n\n${url}${codeLine(code)}\n\nSi vous n'êtes pas à l'origine de cette demande, ignorez ce message.\n\nL'équipe Citable`,
    }),
    magiclink: (url, code) => ({
      subject: 'Votre lien de connexion',
      text: `Bonjour,\n\nPour vous connecter à Citable, ouvrez ce lien :\n\n${url}${codeLine(code)}\n\nCe lien expire dans ${minutes()} minutes. Si vous n'avez rien demandé, ignorez ce message.\n\nL'équipe Citable`,
    }),
    invite: (url, code) => ({
      subject: 'Vous êtes invité sur Citable',
      text: `Bonjour,\n\nVous êtes invité à rejoindre Citable. Pour accepter l'invitation, ouvrez ce lien :\n\n${url}${codeLine(code)}\n\nCe lien expire dans ${minutes()} minutes.\n\nL'équipe Citable`,
    }),
    reauthentication: (_url, code) => ({
      subject: 'Confirmez votre identité',
      text: `Bonjour,\n\nPour confirmer votre identité sur Citable, saisissez ce code : ${code}\n\nSi vous n'avez rien demandé, ignorez ce message.\n\nL'équipe Citable`,
    }),
  };

  async function sendTemplate(kind, to, url, code) {
    const { subject, text } = TEMPLATES[kind](url, code);
    let html = `<p>${text
      .split('\n\n')
      .map((p) => p.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/\n/g, '<br>'))
      .join('</p><p>')}</p>`;
    if (url) html = html.replace(url.replace(/&/g, '&amp;'), `<a href="${url.replace(/&/g, '&amp;')}">${url.replace(/&/g, '&amp;')}</a>`);
    await mailer.send({ to, subject, text, html });
  }

  function checkEmailInterval(sentAt) {
    if (!sentAt || emailMinInterval <= 0) return;
    const elapsed = (Date.now() - new Date(sentAt).getTime()) / 1000;
    if (elapsed < emailMinInterval) throw errors.overEmailRateLimit(Math.ceil(emailMinInterval - elapsed));
  }

  /**
   * The same per-address interval for addresses without an account, which get no mail: a second
   * request within the interval answers 429 whether the account exists or not (no enumeration).
   * In memory, per process; only the last request time per address and kind is kept.
   */
  const unknownSentAt = new Map();
  const UNKNOWN_MAX = 100_000;
  function checkUnknownInterval(kind, email) {
    if (emailMinInterval <= 0) return;
    const key = `${kind}:${email}`;
    const now = Date.now();
    checkEmailInterval(unknownSentAt.get(key));
    unknownSentAt.delete(key);
    unknownSentAt.set(key, now);
    // Oldest first (insertion order): drop what is past the interval, and beyond the cap.
    for (const [k, at] of unknownSentAt) {
      if (unknownSentAt.size <= UNKNOWN_MAX && now - at < emailMinInterval * 1000) break;
      unknownSentAt.delete(k);
    }
  }

  /** Creates a user (+ email identity). `confirmed` sets email_confirmed_at. */
  async function insertUser(db, { email, password, userMeta = {}, appMeta, confirmed, role = 'authenticated', invited = false }) {
    const id = randomUUID();
    const now = new Date();
    const hash = password ? await hashPassword(password) : '';
    const app = { provider: 'email', providers: ['email'], ...(isPlainObject(appMeta) ? appMeta : {}) };
    const { rows } = await db.query(
      `insert into auth.users (id, aud, role, email, encrypted_password, email_confirmed_at,
         raw_app_meta_data, raw_user_meta_data, created_at, updated_at, is_anonymous, invited_at)
       values ($1, 'authenticated', $2, $3, $4, $5, $6, $7, $8, $8, false, $9) returning *`,
      [id, role, email, hash, confirmed ? now : null, app, userMeta, now, invited ? now : null],
    );
    await db.query(
      `insert into auth.identities (provider_id, user_id, identity_data, provider, last_sign_in_at, created_at, updated_at)
       values ($1, $2, $3, 'email', null, $4, $4)`,
      [id, id, { sub: id, email, email_verified: Boolean(confirmed), phone_verified: false }, now],
    );
    return rows[0];
  }

  /**
   * GoTrue's one-time tokens: a 6-digit code is mailed with a link whose token is
   * sha224(e-mail + code); the database keeps that hash, the code itself is never stored.
   * Returns the updated user and { code, hash }.
   */
  async function setOtp(db, u, tokCol, sentCol, email = u.email) {
    const code = newOtp();
    const hash = tokenHash(email, code);
    const { rows } = await db.query(
      `update auth.users set ${tokCol} = $2, ${sentCol} = now(), updated_at = now() where id = $1 returning *`,
      [u.id, hash],
    );
    return { user: rows[0], code, hash };
  }

  async function startConfirmation(db, u, redirectTo, kind = 'signup') {
    const { user, code, hash } = await setOtp(db, u, 'confirmation_token', 'confirmation_sent_at');
    await sendTemplate(kind, u.email, link(kind, hash, redirectTo), code);
    return user;
  }

  async function startEmailChange(db, u, newEmail, redirectTo) {
    const { user, code, hash } = await setOtp(db, u, 'email_change_token_new', 'email_change_sent_at', newEmail);
    await sendTemplate('email_change', newEmail, link('email_change', hash, redirectTo), code);
    return user;
  }

  // ---------- endpoints ----------
  async function signup(req, query) {
    if (disableSignup) throw errors.signupDisabled();
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
        // GoTrue with confirmations on: an obfuscated user, to avoid account enumeration. The password
        // is hashed anyway, as for a new account: the answer takes as long (the hash is most of it).
        await hashPassword(body.password);
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
          // GoTrue's refresh_token_reuse_interval: within a few seconds of its rotation, the token
          // gives the session its rotation made (two tabs refreshing at once both get it).
          const reusable = refreshTokenReuseInterval > 0 && row.session_id && Date.now() - new Date(row.updated_at).getTime() <= refreshTokenReuseInterval * 1000;
          if (reusable) {
            const { rows: active } = await db.query(
              'select * from auth.refresh_tokens where session_id = $1 and not revoked order by id desc limit 1',
              [row.session_id],
            );
            const u = active[0] && active[0].parent === rt ? await loadUser(db, 'id', row.user_id) : null;
            if (u && !(u.banned_until && new Date(u.banned_until) > new Date())) {
              return [200, await sessionJson(db, u, row.session_id, active[0].token)];
            }
          }
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
        return [200, await sessionJson(db, u, row.session_id, next)];
      });
    }
    throw errors.unsupportedGrant();
  }

  async function recover(req, query) {
    const body = await readJson(req, BODY_LIMIT, errors.badJson().body);
    const email = normalizeEmail(body.email);
    const redirectTo = safeRedirect(query.get('redirect_to') || body.redirect_to);
    return withTx(async (db) => {
      const u = await loadUser(db, 'email', email);
      if (!u) {
        // No account: no mail, and the same answers as for an account (200, then 429 within the interval).
        checkUnknownInterval('recovery', email);
        return [200, {}];
      }
      checkEmailInterval(u.recovery_sent_at);
      const { code, hash } = await setOtp(db, u, 'recovery_token', 'recovery_sent_at');
      await sendTemplate('recovery', u.email, link('recovery', hash, redirectTo), code);
      return [200, {}];
    });
  }

  /** POST /resend: the sign-up confirmation or the e-mail change mail again (GoTrue's Resend). */
  async function resend(req, query) {
    const body = await readJson(req, BODY_LIMIT, errors.badJson().body);
    const type = body.type;
    if (!['signup', 'email_change', 'sms', 'phone_change'].includes(type)) {
      throw errors.validation('Missing one of these types: signup, email_change, sms, phone_change');
    }
    if (!body.email && type === 'signup') throw errors.validation('Type provided requires an email address');
    if (body.email && body.phone) throw errors.validation('Only an email address or phone number should be provided.');
    if (type === 'sms' || type === 'phone_change' || (!body.email && body.phone)) throw errors.phoneDisabled();
    const email = normalizeEmail(body.email);
    const redirectTo = safeRedirect(query.get('redirect_to') || body.redirect_to);
    return withTx(async (db) => {
      const u = await loadUser(db, 'email', email);
      if (!u) return [200, {}];
      if (type === 'signup') {
        if (u.email_confirmed_at) return [200, {}];
        checkEmailInterval(u.confirmation_sent_at);
        await startConfirmation(db, u, redirectTo, u.invited_at ? 'invite' : 'signup');
      } else {
        if (!u.email_change) return [200, {}];
        checkEmailInterval(u.email_change_sent_at);
        await startEmailChange(db, u, u.email_change, redirectTo);
      }
      return [200, {}];
    });
  }

  /** POST /otp (e-mail): GoTrue's MagicLink — a link and a 6-digit code; unknown or unconfirmed addresses sign up. */
  async function otp(req, query) {
    const body = await readJson(req, BODY_LIMIT, errors.badJson().body);
    if (body.email && body.phone) throw errors.validation('Only an email address or phone number should be provided');
    if (!body.email && body.phone) throw errors.phoneDisabled();
    const email = normalizeEmail(body.email);
    const createUser = body.create_user !== false;
    const data = isPlainObject(body.data) ? body.data : {};
    const redirectTo = safeRedirect(query.get('redirect_to') || body.redirect_to);
    return withTx(async (db) => {
      await db.query('select pg_advisory_xact_lock(hashtext($1))', [`signup:${email}`]);
      let u = await loadUser(db, 'email', email);
      if (!u && !createUser) {
        // GoTrue answers 422 otp_disabled here, which tells who has an account; this answers as for an
        // account (200, then 429 within the interval) and mails nobody.
        checkUnknownInterval('recovery', email);
        return [200, {}];
      }
      if (!u || !u.email_confirmed_at) {
        // GoTrue signs the address up (random password): the confirmation mail, or the link when auto-confirmed.
        if (disableSignup) throw errors.signupDisabled();
        if (!u) u = await insertUser(db, { email, password: randomBytes(36).toString('base64url'), userMeta: data, confirmed: !confirmEmail });
        if (confirmEmail) {
          checkEmailInterval(u.confirmation_sent_at);
          await startConfirmation(db, u, redirectTo);
          return [200, {}];
        }
      }
      checkEmailInterval(u.recovery_sent_at);
      const { code, hash } = await setOtp(db, u, 'recovery_token', 'recovery_sent_at');
      await sendTemplate('magiclink', u.email, link('magiclink', hash, redirectTo), code);
      return [200, {}];
    });
  }

  /** Where each verification type keeps its token: [token column, sent-at column, effect]. */
  const TOKEN_COLUMNS = {
    signup: [['confirmation_token', 'confirmation_sent_at', 'confirm']],
    invite: [['confirmation_token', 'confirmation_sent_at', 'confirm']],
    recovery: [['recovery_token', 'recovery_sent_at', 'recover']],
    magiclink: [['recovery_token', 'recovery_sent_at', 'recover']],
    email_change: [
      ['email_change_token_new', 'email_change_sent_at', 'email_change'],
      ['email_change_token_current', 'email_change_sent_at', 'email_change'],
    ],
    email: [
      ['confirmation_token', 'confirmation_sent_at', 'confirm'],
      ['recovery_token', 'recovery_sent_at', 'recover'],
      ['email_change_token_new', 'email_change_sent_at', 'email_change'],
      ['email_change_token_current', 'email_change_sent_at', 'email_change'],
    ],
  };

  /** A link's token is the stored hash (sha224, 56 hex digits); links mailed before held a secret stored as sha256. */
  const storedForms = (linkToken) => (/^[0-9a-f]{56}$/.test(linkToken) ? [linkToken] : [sha256(linkToken)]);

  /**
   * Finds the user whose unexpired token of this type is one of `hashes` (optionally only for `email`),
   * applies the verification (confirm, recover, e-mail change) and returns the updated user, or null.
   */
  async function consumeToken(db, type, hashes, email) {
    const cols = TOKEN_COLUMNS[type];
    if (!cols || !hashes.length || hashes.some((h) => !h)) return null;
    for (const [tokCol, sentCol, effect] of cols) {
      const params = [hashes, otpExpiry];
      let where = `${tokCol} = any($1) and ${sentCol} > now() - make_interval(secs => $2) and deleted_at is null`;
      if (email) {
        params.push(email);
        where += effect === 'email_change' && tokCol === 'email_change_token_new' ? ' and email_change = $3' : ' and email = $3';
      }
      const { rows } = await db.query(`select * from auth.users where ${where} limit 1 for update`, params);
      const u = rows[0];
      if (!u) continue;
      if (u.banned_until && new Date(u.banned_until) > new Date()) return null;
      let sql;
      if (effect === 'email_change') {
        sql = `update auth.users set email = email_change, email_change = '', email_change_token_new = '', email_change_token_current = '',
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
    return null;
  }

  const verifyMethod = (type) => (type === 'recovery' ? 'recovery' : 'otp');

  async function verifyGet(req, res, query) {
    const type = query.get('type') || '';
    const redirectTo = safeRedirect(query.get('redirect_to'));
    const tokenValue = (query.get('token') || '').replace(/-/g, '');
    let fragment;
    try {
      const result = await withTx(async (db) => {
        if (type === 'email' || !tokenValue) return null; // GoTrue: links carry one of the link types
        const u = await consumeToken(db, type, storedForms(tokenValue));
        if (!u) return null;
        return issueSession(db, u, verifyMethod(type), req);
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

  /** POST /verify: { type, token_hash } (a link's token) or { type, email, token } (the 6-digit code). */
  async function verifyPost(req) {
    const body = await readJson(req, BODY_LIMIT, errors.badJson().body);
    const type = typeof body.type === 'string' ? body.type : '';
    const hashParam = typeof body.token_hash === 'string' ? body.token_hash : '';
    const code = typeof body.token === 'string' ? body.token.replace(/-/g, '') : '';
    if (!hashParam && !code) throw errors.validation('Verify requires either a token or a token hash');
    if (!type) throw errors.validation('Verify requires a verification type');
    return withTx(async (db) => {
      let u;
      if (hashParam) {
        u = await consumeToken(db, type, storedForms(hashParam));
        if (!u) throw errors.otpExpired();
      } else {
        if (!body.email) {
          if (body.phone) throw errors.phoneDisabled();
          throw errors.validation('Only an email address or phone number should be provided on verify');
        }
        const email = normalizeEmail(body.email);
        // An unknown address, type or code all answer the same (no account enumeration).
        u = await consumeToken(db, type, [tokenHash(email, code)], email);
        if (!u) throw errors.tokenExpiredOrInvalid();
      }
      return [200, await issueSession(db, u, verifyMethod(type), req)];
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

  async function putUser(req, query) {
    const { user, session } = await requireUser(req);
    const body = await readJson(req, BODY_LIMIT, errors.badJson().body);
    return withTx(async (db) => {
      let u = (await loadUser(db, 'id', user.id)) || user;
      if (body.password !== undefined && body.password !== null) {
        checkPassword(body.password);
        // GoTrue's secure password change: a session older than 24 h needs the nonce of GET /reauthenticate.
        if (updatePasswordRequireReauthentication && (!session || Date.now() > new Date(session.created_at).getTime() + 86_400_000)) {
          if (typeof body.nonce !== 'string' || body.nonce === '') throw errors.reauthenticationNeeded();
          const fresh = u.reauthentication_sent_at && Date.now() - new Date(u.reauthentication_sent_at).getTime() < otpExpiry * 1000;
          if (!u.reauthentication_token || !fresh || u.reauthentication_token !== tokenHash(u.email, body.nonce.trim())) {
            throw errors.reauthenticationNotValid();
          }
          ({ rows: [u] } = await db.query(`update auth.users set reauthentication_token = '' where id = $1 returning *`, [u.id]));
        }
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
            checkEmailInterval(u.email_change_sent_at);
            ({ rows: [u] } = await db.query('update auth.users set email_change = $2 where id = $1 returning *', [u.id, email]));
            u = await startEmailChange(db, u, email, safeRedirect(query.get('redirect_to') || body.redirect_to));
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
      disable_signup: disableSignup,
      mailer_autoconfirm: !confirmEmail,
      phone_autoconfirm: false,
      sms_provider: '',
      saml_enabled: false,
    }];
  }

  // ---------- two-factor authentication (TOTP) ----------
  /** GoTrue's requireAuthentication for /factors: a user with a live session. */
  async function requireSession(req) {
    const auth = await requireUser(req);
    if (!auth.session) throw errors.sessionNotFound();
    return auth;
  }

  async function loadOwnedFactor(db, userId, factorId, lock = false) {
    if (!UUID_RE.test(factorId)) throw new AuthError(404, 'validation_failed', 'factor_id must be an UUID');
    const { rows } = await db.query(
      `select * from auth.mfa_factors where id = $1 and user_id = $2${lock ? ' for update' : ''}`,
      [factorId, userId],
    );
    if (!rows[0]) throw errors.factorNotFound();
    return rows[0];
  }

  const clientIp = (req) => req.socket.remoteAddress || '0.0.0.0';

  async function enrollFactor(req) {
    const { user, session } = await requireSession(req);
    const body = await readJson(req, BODY_LIMIT, errors.badJson().body);
    if (body.factor_type === 'phone') throw new AuthError(422, 'mfa_phone_enroll_not_enabled', 'MFA enroll is disabled for Phone');
    if (body.factor_type === 'webauthn') throw new AuthError(422, 'mfa_webauthn_enroll_not_enabled', 'MFA enroll is disabled for WebAuthn');
    if (body.factor_type !== 'totp') throw errors.validation('factor_type needs to be totp, phone, or webauthn');
    const friendlyName = typeof body.friendly_name === 'string' ? body.friendly_name : '';
    if ([...friendlyName].length > 255) throw errors.validation('friendly_name is too long');
    const issuer = typeof body.issuer === 'string' && body.issuer ? body.issuer : new URL(siteUrl).host;
    return withTx(async (db) => {
      await db.query('select id from auth.users where id = $1 for update', [user.id]);
      // GoTrue's DeleteExpiredFactors: unverified factors last FactorExpiryDuration.
      await db.query(
        `delete from auth.mfa_factors where user_id = $1 and status = 'unverified' and created_at < now() - make_interval(secs => $2)`,
        [user.id, mfaFactorExpiry],
      );
      const factors = await loadFactors(db, user.id);
      if (factors.some((f) => (f.friendly_name || '') === friendlyName)) {
        throw new AuthError(422, 'mfa_factor_name_conflict', `A factor with the friendly name ${JSON.stringify(friendlyName)} for this user already exists`);
      }
      const verified = factors.filter((f) => f.status === 'verified').length;
      if (factors.length >= maxEnrolledFactors || verified >= maxEnrolledFactors) {
        throw new AuthError(422, 'too_many_enrolled_mfa_factors', 'Maximum number of verified factors reached, unenroll to continue');
      }
      if (verified > 0 && session.aal !== 'aal2') throw new AuthError(403, 'insufficient_aal', 'AAL2 required to enroll a new factor');
      const secret = new Secret({ size: 20 });
      const totp = new TOTP({ issuer, label: user.email || user.id, secret, algorithm: 'SHA1', digits: 6, period: 30 });
      const uri = totp.toString();
      // Named colours: supabase-js hands the SVG out as a `data:image/svg+xml;utf-8,` URL, where '#' would end it.
      const qr = (await QRCode.toString(uri, { type: 'svg', errorCorrectionLevel: 'H', margin: 3 }))
        .replace(/#ffffff/gi, 'white')
        .replace(/#000000/gi, 'black');
      const id = randomUUID();
      await db.query(
        `insert into auth.mfa_factors (id, user_id, friendly_name, factor_type, status, created_at, updated_at, secret)
         values ($1, $2, $3, 'totp', 'unverified', now(), now(), $4)`,
        [id, user.id, friendlyName, secret.base32],
      );
      return [200, { id, type: 'totp', friendly_name: friendlyName, totp: { qr_code: qr, secret: secret.base32, uri } }];
    });
  }

  async function challengeFactor(req, factorId) {
    const { user } = await requireSession(req);
    await readJson(req, BODY_LIMIT, errors.badJson().body).catch((e) => {
      if (e instanceof HttpError && e.status === 413) throw e;
    });
    const factor = await loadOwnedFactor(pool, user.id, factorId);
    const id = randomUUID();
    const now = new Date();
    await withTx(async (db) => {
      await db.query(
        'insert into auth.mfa_challenges (id, factor_id, created_at, ip_address) values ($1, $2, $3, $4)',
        [id, factor.id, now, clientIp(req)],
      );
      await db.query('update auth.mfa_factors set last_challenged_at = $2 where id = $1', [factor.id, now]);
    });
    return [200, { id, type: factor.factor_type, expires_at: Math.floor(now.getTime() / 1000) + mfaChallengeExpiry }];
  }

  async function verifyFactor(req, factorId) {
    const { user, session } = await requireSession(req);
    const body = await readJson(req, BODY_LIMIT, errors.badJson().body);
    const factor = await loadOwnedFactor(pool, user.id, factorId);
    const code = typeof body.code === 'string' ? body.code : '';
    if (!code) throw errors.validation('Code needs to be non-empty');
    const challengeId = typeof body.challenge_id === 'string' ? body.challenge_id : '';
    const notFound = () => new AuthError(422, 'mfa_factor_not_found', 'MFA factor with the provided challenge ID not found');
    if (!UUID_RE.test(challengeId)) throw notFound();
    const { rows } = await pool.query(
      `select *, ip_address = $3::inet as same_ip, created_at < now() - make_interval(secs => $4) as expired
         from auth.mfa_challenges where id = $1 and factor_id = $2`,
      [challengeId, factor.id, clientIp(req), mfaChallengeExpiry],
    );
    const challenge = rows[0];
    if (!challenge) throw notFound();
    if (challenge.verified_at || !challenge.same_ip) throw new AuthError(422, 'mfa_ip_address_mismatch', 'Challenge and verify IP addresses mismatch.');
    if (challenge.expired) {
      await pool.query('delete from auth.mfa_challenges where id = $1', [challenge.id]);
      throw new AuthError(422, 'mfa_challenge_expired', `MFA challenge ${challenge.id} has expired, verify against another challenge or create a new challenge.`);
    }
    const totp = new TOTP({ secret: Secret.fromBase32(factor.secret), algorithm: 'SHA1', digits: 6, period: 30 });
    if (!/^\d{6}$/.test(code) || totp.validate({ token: code, window: 1 }) === null) {
      throw new AuthError(422, 'mfa_verification_failed', 'Invalid TOTP code entered');
    }
    return withTx(async (db) => {
      // The challenge is used once, even by concurrent requests.
      const { rowCount } = await db.query('update auth.mfa_challenges set verified_at = now() where id = $1 and verified_at is null', [challenge.id]);
      if (!rowCount) throw new AuthError(422, 'mfa_ip_address_mismatch', 'Challenge and verify IP addresses mismatch.');
      await db.query(`update auth.mfa_factors set status = 'verified', updated_at = now() where id = $1 and status = 'unverified'`, [factor.id]);
      await addClaim(db, session.id, 'totp');
      await db.query(`update auth.sessions set aal = 'aal2', factor_id = $2, updated_at = now() where id = $1`, [session.id, factor.id]);
      // GoTrue's GrantRefreshTokenSwap: the session's current refresh token is replaced.
      const { rows: current } = await db.query(
        'select token from auth.refresh_tokens where session_id = $1 and not revoked order by id desc limit 1',
        [session.id],
      );
      await db.query('update auth.refresh_tokens set revoked = true, updated_at = now() where session_id = $1 and not revoked', [session.id]);
      const refresh = newRefreshToken();
      await db.query(
        `insert into auth.refresh_tokens (token, user_id, revoked, created_at, updated_at, parent, session_id)
         values ($1, $2, false, now(), now(), $3, $4)`,
        [refresh, String(user.id), current[0]?.token || null, session.id],
      );
      // GoTrue: the user's other sessions below aal2 end; other unverified TOTP factors go.
      await db.query(
        `delete from auth.sessions where user_id = $1 and id <> $2 and coalesce(aal, 'aal1') < 'aal2'`,
        [user.id, session.id],
      );
      await db.query(
        `delete from auth.mfa_factors where user_id = $1 and id <> $2 and status = 'unverified' and factor_type = 'totp'`,
        [user.id, factor.id],
      );
      const fresh = await loadUser(db, 'id', user.id);
      return [200, await sessionJson(db, fresh, session.id, refresh)];
    });
  }

  async function unenrollFactor(req, factorId) {
    const { user, session } = await requireSession(req);
    return withTx(async (db) => {
      const factor = await loadOwnedFactor(db, user.id, factorId, true);
      if (factor.status === 'verified' && session.aal !== 'aal2') {
        throw new AuthError(422, 'insufficient_aal', 'AAL2 required to unenroll verified factor');
      }
      await db.query('delete from auth.mfa_factors where id = $1', [factor.id]);
      // GoTrue's DowngradeSessionsToAAL1: the sessions this factor raised go back to aal1.
      const { rows: raised } = await db.query(
        `update auth.sessions set aal = 'aal1', factor_id = null, updated_at = now() where factor_id = $1 returning id`,
        [factor.id],
      );
      if (raised.length) {
        await db.query(
          `delete from auth.mfa_amr_claims where session_id = any($1::uuid[]) and authentication_method = any($2::text[])`,
          [raised.map((r) => r.id), [...AAL2_METHODS]],
        );
      }
      return [200, { id: factor.id }];
    });
  }

  /** GET /reauthenticate: a 6-digit nonce by e-mail, for the secure password change. */
  async function reauthenticate(req) {
    const { user } = await requireSession(req);
    if (!user.email) throw errors.validation('Reauthentication requires the user to have an email or a phone number');
    return withTx(async (db) => {
      const u = await loadUser(db, 'id', user.id);
      checkEmailInterval(u.reauthentication_sent_at);
      const { code } = await setOtp(db, u, 'reauthentication_token', 'reauthentication_sent_at');
      await sendTemplate('reauthentication', u.email, '', code);
      return [200, {}];
    });
  }

  // ---------- admin ----------
  /** GoTrue's paginate(): page and per_page must parse as unsigned integers. */
  function paginationParam(query, name, dflt) {
    const raw = query.get(name);
    if (raw === null || raw === '') return dflt;
    if (!/^\d+$/.test(raw)) {
      throw errors.validation(`Bad Pagination Parameters: strconv.ParseUint: parsing ${JSON.stringify(raw)}: invalid syntax`);
    }
    const n = Number(raw);
    if (!Number.isSafeInteger(n) || raw.length > 19) {
      throw errors.validation(`Bad Pagination Parameters: strconv.ParseUint: parsing ${JSON.stringify(raw)}: value out of range`);
    }
    return n;
  }

  async function adminListUsers(query) {
    const page = Math.max(1, paginationParam(query, 'page', 1));
    const perPage = Math.min(1000, Math.max(1, paginationParam(query, 'per_page', 50)));
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

  /** Creates (or reuses an unconfirmed) invited user and mails the invitation (POST /invite, admin). */
  async function adminInvite(req, query) {
    const body = await readJson(req, BODY_LIMIT, errors.badJson().body);
    const email = normalizeEmail(body.email);
    const redirectTo = safeRedirect(query.get('redirect_to') || body.redirect_to);
    return withTx(async (db) => {
      await db.query('select pg_advisory_xact_lock(hashtext($1))', [`signup:${email}`]);
      let u = await loadUser(db, 'email', email);
      if (u && u.email_confirmed_at) throw errors.emailExists();
      if (!u) u = await insertUser(db, { email, userMeta: isPlainObject(body.data) ? body.data : {}, confirmed: false, invited: true });
      else ({ rows: [u] } = await db.query('update auth.users set invited_at = now(), updated_at = now() where id = $1 returning *', [u.id]));
      u = await startConfirmation(db, u, redirectTo, 'invite');
      return [200, await fullUserJson(db, u)];
    });
  }

  const LINK_TYPES = ['signup', 'invite', 'magiclink', 'recovery', 'email_change_current', 'email_change_new'];

  async function adminGenerateLink(req, query) {
    const body = await readJson(req, BODY_LIMIT, errors.badJson().body);
    let type = body.type;
    if (!LINK_TYPES.includes(type)) throw errors.validation('Invalid email action link type requested');
    const email = normalizeEmail(body.email);
    // GoTrue: the referrer (redirect_to in the query string), replaced by the body's redirect_to when allowed.
    const redirectTo = safeRedirect(body.redirect_to || query.get('redirect_to'));
    const data = isPlainObject(body.data) ? body.data : {};
    return withTx(async (db) => {
      await db.query('select pg_advisory_xact_lock(hashtext($1))', [`signup:${email}`]);
      let u = await loadUser(db, 'email', email);
      if (!u && type === 'magiclink') {
        type = 'signup';
        body.password = randomBytes(36).toString('base64url');
      }
      if (!u && ['recovery', 'email_change_current', 'email_change_new'].includes(type)) throw new AuthError(404, 'user_not_found', 'User with this email not found');
      let tokCol;
      let sentCol;
      let to = email;
      let verificationType = type;
      if (type === 'signup') {
        if (u && u.email_confirmed_at) throw errors.emailExists();
        checkPassword(body.password);
        if (!u) u = await insertUser(db, { email, password: body.password, userMeta: data, confirmed: false });
        [tokCol, sentCol] = ['confirmation_token', 'confirmation_sent_at'];
      } else if (type === 'invite') {
        if (u && u.email_confirmed_at) throw errors.emailExists();
        if (!u) u = await insertUser(db, { email, userMeta: data, confirmed: false, invited: true });
        else ({ rows: [u] } = await db.query('update auth.users set invited_at = now() where id = $1 returning *', [u.id]));
        [tokCol, sentCol] = ['confirmation_token', 'confirmation_sent_at'];
      } else if (type === 'magiclink' || type === 'recovery') {
        [tokCol, sentCol] = ['recovery_token', 'recovery_sent_at'];
      } else {
        const newEmail = normalizeEmail(body.new_email);
        if (newEmail !== u.email && (await loadUser(db, 'email', newEmail))) throw errors.emailExists();
        ({ rows: [u] } = await db.query('update auth.users set email_change = $2 where id = $1 returning *', [u.id, newEmail]));
        if (type === 'email_change_new') to = newEmail;
        [tokCol, sentCol] = [type === 'email_change_new' ? 'email_change_token_new' : 'email_change_token_current', 'email_change_sent_at'];
        verificationType = 'email_change';
      }
      const { user, code, hash } = await setOtp(db, u, tokCol, sentCol, to);
      return [200, {
        ...(await fullUserJson(db, user)),
        action_link: link(verificationType, hash, redirectTo),
        email_otp: code,
        hashed_token: hash,
        verification_type: verificationType,
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
    if (subpath === '/user' && m === 'PUT') return putUser(req, query);
    if (subpath === '/logout' && m === 'POST') return logout(req, query);
    if (subpath === '/resend' && m === 'POST') return resend(req, query);
    if (subpath === '/otp' && m === 'POST') return otp(req, query);
    if (subpath === '/reauthenticate' && m === 'GET') return reauthenticate(req);
    if (subpath === '/factors' && m === 'POST') return enrollFactor(req);
    const fm = /^\/factors\/([^/]+)(\/challenge|\/verify)?$/.exec(subpath);
    if (fm) {
      const id = decodeURIComponent(fm[1]);
      if (fm[2] === '/challenge' && m === 'POST') return challengeFactor(req, id);
      if (fm[2] === '/verify' && m === 'POST') return verifyFactor(req, id);
      if (!fm[2] && m === 'DELETE') return unenrollFactor(req, id);
    }
    if (subpath === '/invite' && m === 'POST') {
      await requireAdmin(req);
      return adminInvite(req, query);
    }
    if (subpath.startsWith('/admin/')) {
      await requireAdmin(req);
      if (subpath === '/admin/users' && m === 'GET') return adminListUsers(query);
      if (subpath === '/admin/users' && m === 'POST') return adminCreateUser(req);
      if (subpath === '/admin/generate_link' && m === 'POST') return adminGenerateLink(req, query);
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
