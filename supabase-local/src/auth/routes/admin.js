// The service role's endpoints (GoTrue's admin.go, invite.go, mail.go GenerateLink): users
// (list, create, read, update, delete), POST /invite and POST /admin/generate_link. The router has
// checked the service role (requireAdmin) before these run.
import { randomBytes } from 'node:crypto';
import { AuthError, errors } from '../errors.js';
import { startConfirmation, verifyLink } from '../mail.js';
import { setOtp } from '../one-time-tokens.js';
import { hashPassword } from '../password.js';
import { checkPassword, isPlainObject, normalizeEmail, readBody, safeRedirect } from '../request.js';
import { applyMetadata, fullUserJson, insertUser, loadUser, pgCode, unlessBadUuid, userRow } from '../users.js';

/** @typedef {import('../types.js').AuthContext} AuthContext */
/** @typedef {import('../types.js').RouteResult} RouteResult */
/** @typedef {import('../types.js').SentColumn} SentColumn */
/** @typedef {import('../types.js').TokenColumn} TokenColumn */

/**
 * GoTrue's paginate(): page and per_page must parse as unsigned integers.
 * @param {URLSearchParams} query
 * @param {string} name
 * @param {number} dflt
 */
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

/** GET /admin/users?page&per_page, newest first; the total in x-total-count. @param {AuthContext} ctx @returns {Promise<RouteResult>} */
export async function adminListUsers({ pool, query }) {
  const page = Math.max(1, paginationParam(query, 'page', 1));
  const perPage = Math.min(1000, Math.max(1, paginationParam(query, 'per_page', 50)));
  const { rows } = await pool.query('select * from auth.users where deleted_at is null order by created_at desc, id limit $1 offset $2', [
    perPage,
    (page - 1) * perPage,
  ]);
  const { rows: [{ n }] } = await pool.query('select count(*)::int as n from auth.users where deleted_at is null');
  const users = [];
  for (const u of rows) users.push(await fullUserJson(pool, u));
  return [200, { users, aud: 'authenticated' }, { 'x-total-count': String(n) }];
}

/** POST /admin/users. @param {AuthContext} ctx @returns {Promise<RouteResult>} */
export async function adminCreateUser(ctx) {
  const body = await readBody(ctx.req);
  const email = normalizeEmail(body.email);
  const password = body.password;
  if (password !== undefined) checkPassword(password, ctx.config.minPasswordLength);
  return ctx.tx(async (db) => {
    if (await loadUser(db, 'email', email)) throw errors.emailExists();
    const u = await insertUser(db, {
      email,
      password,
      userMeta: isPlainObject(body.user_metadata) ? body.user_metadata : isPlainObject(body.data) ? body.data : {},
      appMeta: body.app_metadata,
      confirmed: body.email_confirm === true,
      role: typeof body.role === 'string' && body.role ? body.role : 'authenticated',
    });
    return [200, await fullUserJson(db, u)];
  });
}

/** GET /admin/users/:id. @param {AuthContext} ctx @returns {Promise<RouteResult>} */
export async function adminGetUser({ pool, params }) {
  const u = await unlessBadUuid(loadUser(pool, 'id', params.id), null);
  if (!u) throw errors.userNotFound();
  return [200, await fullUserJson(pool, u)];
}

/** PUT /admin/users/:id. @param {AuthContext} ctx @returns {Promise<RouteResult>} */
export async function adminUpdateUser(ctx) {
  const body = await readBody(ctx.req);
  return ctx.tx(async (db) => {
    let u = await unlessBadUuid(loadUser(db, 'id', ctx.params.id), null);
    if (!u) throw errors.userNotFound();
    /** @type {string[]} */
    const sets = [];
    /** @type {unknown[]} */
    const vals = [u.id];
    /** @param {string} sql with `$?` for the value @param {unknown} v */
    const add = (sql, v) => {
      vals.push(v);
      sets.push(sql.replace('$?', `$${vals.length}`));
    };
    if (body.email !== undefined) {
      const email = normalizeEmail(body.email);
      if (email !== u.email && (await loadUser(db, 'email', email))) throw errors.emailExists();
      add('email = $?', email);
    }
    const password = body.password;
    if (password !== undefined) {
      checkPassword(password, ctx.config.minPasswordLength);
      add('encrypted_password = $?', await hashPassword(password));
    }
    if (body.email_confirm === true) sets.push('email_confirmed_at = coalesce(email_confirmed_at, now())');
    if (isPlainObject(body.user_metadata)) add('raw_user_meta_data = $?', applyMetadata(u.raw_user_meta_data, body.user_metadata));
    if (isPlainObject(body.app_metadata)) add('raw_app_meta_data = $?', applyMetadata(u.raw_app_meta_data, body.app_metadata));
    if (typeof body.role === 'string' && body.role) add('role = $?', body.role);
    if (typeof body.ban_duration === 'string') {
      if (body.ban_duration === 'none') sets.push('banned_until = null');
      else {
        const m = /^(\d+)h$/.exec(body.ban_duration);
        if (!m) throw errors.validation('invalid format for ban duration');
        add('banned_until = now() + make_interval(hours => $?)', Number(m[1]));
      }
    }
    if (sets.length) {
      u = await userRow(db, `update auth.users set ${sets.join(', ')}, updated_at = now() where id = $1 returning *`, vals);
    }
    return [200, await fullUserJson(db, u)];
  });
}

/** DELETE /admin/users/:id. @param {AuthContext} ctx @returns {Promise<RouteResult>} */
export async function adminDeleteUser({ pool, params }) {
  const rowCount = await pool.query('delete from auth.users where id = $1', [params.id]).then(
    (r) => r.rowCount,
    (/** @type {unknown} */ e) => {
      if (pgCode(e) === '22P02') return 0;
      throw e;
    },
  );
  if (!rowCount) throw errors.userNotFound();
  return [200, {}];
}

/** POST /invite: creates (or reuses an unconfirmed) invited user and mails the invitation. @param {AuthContext} ctx @returns {Promise<RouteResult>} */
export async function adminInvite(ctx) {
  const body = await readBody(ctx.req);
  const email = normalizeEmail(body.email);
  const redirectTo = safeRedirect(ctx.config, ctx.query.get('redirect_to') || body.redirect_to);
  return ctx.tx(async (db) => {
    await db.query('select pg_advisory_xact_lock(hashtext($1))', [`signup:${email}`]);
    let u = await loadUser(db, 'email', email);
    if (u && u.email_confirmed_at) throw errors.emailExists();
    if (!u) u = await insertUser(db, { email, userMeta: isPlainObject(body.data) ? body.data : {}, confirmed: false, invited: true });
    else u = await userRow(db, 'update auth.users set invited_at = now(), updated_at = now() where id = $1 returning *', [u.id]);
    u = await startConfirmation(ctx, db, u, redirectTo, 'invite');
    return [200, await fullUserJson(db, u)];
  });
}

const LINK_TYPES = ['signup', 'invite', 'magiclink', 'recovery', 'email_change_current', 'email_change_new'];

/**
 * POST /admin/generate_link: the link and code a mail would carry, without sending it.
 * @param {AuthContext} ctx
 * @returns {Promise<RouteResult>}
 */
export async function adminGenerateLink(ctx) {
  const { config } = ctx;
  const body = await readBody(ctx.req);
  const requested = body.type;
  if (typeof requested !== 'string' || !LINK_TYPES.includes(requested)) throw errors.validation('Invalid email action link type requested');
  let type = requested;
  const email = normalizeEmail(body.email);
  // GoTrue: the referrer (redirect_to in the query string), replaced by the body's redirect_to when allowed.
  const redirectTo = safeRedirect(config, body.redirect_to || ctx.query.get('redirect_to'));
  const data = isPlainObject(body.data) ? body.data : {};
  return ctx.tx(async (db) => {
    await db.query('select pg_advisory_xact_lock(hashtext($1))', [`signup:${email}`]);
    let u = await loadUser(db, 'email', email);
    let password = body.password;
    if (!u && type === 'magiclink') {
      type = 'signup';
      password = randomBytes(36).toString('base64url');
    }
    /** @type {TokenColumn} */
    let tokCol;
    /** @type {SentColumn} */
    let sentCol;
    let to = email;
    let verificationType = type;
    if (type === 'signup') {
      if (u && u.email_confirmed_at) throw errors.emailExists();
      checkPassword(password, config.minPasswordLength);
      if (!u) u = await insertUser(db, { email, password, userMeta: data, confirmed: false });
      [tokCol, sentCol] = ['confirmation_token', 'confirmation_sent_at'];
    } else if (type === 'invite') {
      if (u && u.email_confirmed_at) throw errors.emailExists();
      if (!u) u = await insertUser(db, { email, userMeta: data, confirmed: false, invited: true });
      else u = await userRow(db, 'update auth.users set invited_at = now() where id = $1 returning *', [u.id]);
      [tokCol, sentCol] = ['confirmation_token', 'confirmation_sent_at'];
    } else {
      if (!u) throw new AuthError(404, 'user_not_found', 'User with this email not found');
      if (type === 'magiclink' || type === 'recovery') {
        [tokCol, sentCol] = ['recovery_token', 'recovery_sent_at'];
      } else {
        const newEmail = normalizeEmail(body.new_email);
        if (newEmail !== u.email && (await loadUser(db, 'email', newEmail))) throw errors.emailExists();
        u = await userRow(db, 'update auth.users set email_change = $2 where id = $1 returning *', [u.id, newEmail]);
        if (type === 'email_change_new') to = newEmail;
        [tokCol, sentCol] = [type === 'email_change_new' ? 'email_change_token_new' : 'email_change_token_current', 'email_change_sent_at'];
        verificationType = 'email_change';
      }
    }
    const { user, code, hash } = await setOtp(db, u, tokCol, sentCol, to);
    return [200, {
      ...(await fullUserJson(db, user)),
      action_link: verifyLink(ctx, verificationType, hash, redirectTo),
      email_otp: code,
      hashed_token: hash,
      verification_type: verificationType,
      redirect_to: redirectTo,
    }];
  });
}
