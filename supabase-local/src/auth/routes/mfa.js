// Two-factor authentication with TOTP (GoTrue's mfa.go): POST /factors (enroll),
// POST /factors/:id/challenge, POST /factors/:id/verify, DELETE /factors/:id (unenroll).
import { randomUUID } from 'node:crypto';
import { Secret, TOTP } from 'otpauth';
import QRCode from 'qrcode';
import { HttpError } from '../../http-util.js';
import { AuthError, errors } from '../errors.js';
import { clientIp, readBody } from '../request.js';
import { AAL2_METHODS, addClaim, requireSession, sessionJson } from '../sessions.js';
import { newRefreshToken } from '../tokens.js';
import { loadFactors, loadUser } from '../users.js';

/** @typedef {import('../types.js').AuthContext} AuthContext */
/** @typedef {import('../types.js').ChallengeRow} ChallengeRow */
/** @typedef {import('../types.js').Db} Db */
/** @typedef {import('../types.js').FactorRow} FactorRow */
/** @typedef {import('../types.js').RouteResult} RouteResult */

const UUID_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * The user's factor `factorId`; 404 when it is not theirs.
 * @param {Db} db
 * @param {string} userId
 * @param {string} factorId
 * @param {boolean} [lock] select … for update
 * @returns {Promise<FactorRow>}
 */
async function loadOwnedFactor(db, userId, factorId, lock = false) {
  if (!UUID_RE.test(factorId)) throw new AuthError(404, 'validation_failed', 'factor_id must be an UUID');
  const { rows } = await db.query(`select * from auth.mfa_factors where id = $1 and user_id = $2${lock ? ' for update' : ''}`, [factorId, userId]);
  if (!rows[0]) throw errors.factorNotFound();
  return rows[0];
}

/** POST /factors: a new unverified TOTP factor, its secret and QR code. @param {AuthContext} ctx @returns {Promise<RouteResult>} */
export async function enrollFactor(ctx) {
  const { config } = ctx;
  const { user, session } = await requireSession(ctx);
  const body = await readBody(ctx.req);
  if (body.factor_type === 'phone') throw new AuthError(422, 'mfa_phone_enroll_not_enabled', 'MFA enroll is disabled for Phone');
  if (body.factor_type === 'webauthn') throw new AuthError(422, 'mfa_webauthn_enroll_not_enabled', 'MFA enroll is disabled for WebAuthn');
  if (body.factor_type !== 'totp') throw errors.validation('factor_type needs to be totp, phone, or webauthn');
  const friendlyName = typeof body.friendly_name === 'string' ? body.friendly_name : '';
  if ([...friendlyName].length > 255) throw errors.validation('friendly_name is too long');
  const issuer = typeof body.issuer === 'string' && body.issuer ? body.issuer : new URL(config.siteUrl).host;
  return ctx.tx(async (db) => {
    await db.query('select id from auth.users where id = $1 for update', [user.id]);
    // GoTrue's DeleteExpiredFactors: unverified factors last FactorExpiryDuration.
    await db.query(
      `delete from auth.mfa_factors where user_id = $1 and status = 'unverified' and created_at < now() - make_interval(secs => $2)`,
      [user.id, config.mfaFactorExpiry],
    );
    const factors = await loadFactors(db, user.id);
    if (factors.some((f) => (f.friendly_name || '') === friendlyName)) {
      throw new AuthError(422, 'mfa_factor_name_conflict', `A factor with the friendly name ${JSON.stringify(friendlyName)} for this user already exists`);
    }
    const verified = factors.filter((f) => f.status === 'verified').length;
    if (factors.length >= config.maxEnrolledFactors || verified >= config.maxEnrolledFactors) {
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

/** POST /factors/:id/challenge. @param {AuthContext} ctx @returns {Promise<RouteResult>} */
export async function challengeFactor(ctx) {
  const { user } = await requireSession(ctx);
  // The body is optional and unused; only an oversized one is an error.
  await readBody(ctx.req).catch((/** @type {unknown} */ e) => {
    if (e instanceof HttpError && e.status === 413) throw e;
  });
  const factor = await loadOwnedFactor(ctx.pool, user.id, ctx.params.id);
  const id = randomUUID();
  const now = new Date();
  await ctx.tx(async (db) => {
    await db.query('insert into auth.mfa_challenges (id, factor_id, created_at, ip_address) values ($1, $2, $3, $4)', [id, factor.id, now, clientIp(ctx.req)]);
    await db.query('update auth.mfa_factors set last_challenged_at = $2 where id = $1', [factor.id, now]);
  });
  return [200, { id, type: factor.factor_type, expires_at: Math.floor(now.getTime() / 1000) + ctx.config.mfaChallengeExpiry }];
}

const ipMismatch = () => new AuthError(422, 'mfa_ip_address_mismatch', 'Challenge and verify IP addresses mismatch.');

/** POST /factors/:id/verify: the TOTP code of a challenge; the session becomes aal2. @param {AuthContext} ctx @returns {Promise<RouteResult>} */
export async function verifyFactor(ctx) {
  const { pool } = ctx;
  const { user, session } = await requireSession(ctx);
  const body = await readBody(ctx.req);
  const factor = await loadOwnedFactor(pool, user.id, ctx.params.id);
  const code = typeof body.code === 'string' ? body.code : '';
  if (!code) throw errors.validation('Code needs to be non-empty');
  const challengeId = typeof body.challenge_id === 'string' ? body.challenge_id : '';
  const notFound = () => new AuthError(422, 'mfa_factor_not_found', 'MFA factor with the provided challenge ID not found');
  if (!UUID_RE.test(challengeId)) throw notFound();
  const { rows } = await pool.query(
    `select *, ip_address = $3::inet as same_ip, created_at < now() - make_interval(secs => $4) as expired
       from auth.mfa_challenges where id = $1 and factor_id = $2`,
    [challengeId, factor.id, clientIp(ctx.req), ctx.config.mfaChallengeExpiry],
  );
  /** @type {ChallengeRow | undefined} */
  const challenge = rows[0];
  if (!challenge) throw notFound();
  if (challenge.verified_at || !challenge.same_ip) throw ipMismatch();
  if (challenge.expired) {
    await pool.query('delete from auth.mfa_challenges where id = $1', [challenge.id]);
    throw new AuthError(422, 'mfa_challenge_expired', `MFA challenge ${challenge.id} has expired, verify against another challenge or create a new challenge.`);
  }
  const totp = new TOTP({ secret: Secret.fromBase32(factor.secret || ''), algorithm: 'SHA1', digits: 6, period: 30 });
  if (!/^\d{6}$/.test(code) || totp.validate({ token: code, window: 1 }) === null) {
    throw new AuthError(422, 'mfa_verification_failed', 'Invalid TOTP code entered');
  }
  return ctx.tx(async (db) => {
    // The challenge is used once, even by concurrent requests.
    const { rowCount } = await db.query('update auth.mfa_challenges set verified_at = now() where id = $1 and verified_at is null', [challenge.id]);
    if (!rowCount) throw ipMismatch();
    await db.query(`update auth.mfa_factors set status = 'verified', updated_at = now() where id = $1 and status = 'unverified'`, [factor.id]);
    await addClaim(db, session.id, 'totp');
    await db.query(`update auth.sessions set aal = 'aal2', factor_id = $2, updated_at = now() where id = $1`, [session.id, factor.id]);
    // GoTrue's GrantRefreshTokenSwap: the session's current refresh token is replaced.
    const { rows: current } = await db.query('select token from auth.refresh_tokens where session_id = $1 and not revoked order by id desc limit 1', [session.id]);
    await db.query('update auth.refresh_tokens set revoked = true, updated_at = now() where session_id = $1 and not revoked', [session.id]);
    const refresh = newRefreshToken();
    await db.query(
      `insert into auth.refresh_tokens (token, user_id, revoked, created_at, updated_at, parent, session_id)
       values ($1, $2, false, now(), now(), $3, $4)`,
      [refresh, String(user.id), current[0]?.token || null, session.id],
    );
    // GoTrue: the user's other sessions below aal2 end; other unverified TOTP factors go.
    await db.query(`delete from auth.sessions where user_id = $1 and id <> $2 and coalesce(aal, 'aal1') < 'aal2'`, [user.id, session.id]);
    await db.query(`delete from auth.mfa_factors where user_id = $1 and id <> $2 and status = 'unverified' and factor_type = 'totp'`, [user.id, factor.id]);
    const fresh = (await loadUser(db, 'id', user.id)) || user;
    return [200, await sessionJson(ctx, db, fresh, session.id, refresh)];
  });
}

/** DELETE /factors/:id: a verified factor needs an aal2 session. @param {AuthContext} ctx @returns {Promise<RouteResult>} */
export async function unenrollFactor(ctx) {
  const { user, session } = await requireSession(ctx);
  return ctx.tx(async (db) => {
    const factor = await loadOwnedFactor(db, user.id, ctx.params.id, true);
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
        [raised.map((/** @type {{ id: string }} */ r) => r.id), [...AAL2_METHODS]],
      );
    }
    return [200, { id: factor.id }];
  });
}
