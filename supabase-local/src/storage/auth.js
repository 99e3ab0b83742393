// The caller: the request's JWT (Authorization: Bearer) verified and mapped to one of the API roles.
import { bearerToken } from '../http-util.js';
import { E, messageOf } from './errors.js';

/** @typedef {import('./types.js').Caller} Caller */
/** @typedef {import('./types.js').RequestContext} RequestContext */

/** @type {ReadonlySet<string>} */
const API_ROLES = new Set(['anon', 'authenticated', 'service_role']);

/** @param {string} role @returns {role is Caller['role']} */
function isApiRole(role) {
  return API_ROLES.has(role);
}

/**
 * The caller of an authenticated route: storage-api's authSchema requires the header.
 * @param {RequestContext} ctx
 * @returns {Promise<Caller>}
 */
export async function caller(ctx) {
  const who = await optionalCaller(ctx);
  if (!who) throw E.noAuth();
  return who;
}

/**
 * The caller when there is a token, null without one (public routes, and storage-api's
 * `allowInvalidJwt` routes, where an invalid token counts as none).
 * @param {RequestContext} ctx
 * @param {{ allowInvalid?: boolean }} [options]
 * @returns {Promise<Caller | null>}
 */
export async function optionalCaller(ctx, { allowInvalid = false } = {}) {
  const token = bearerToken(ctx.req);
  if (!token) return null;
  let claims;
  try {
    claims = await ctx.deps.verifyJwt(token);
  } catch (e) {
    if (allowInvalid) return null;
    throw E.badJwt(/expired/.test(messageOf(e)) ? 'jwt expired' : 'invalid signature');
  }
  const role = typeof claims.role === 'string' ? claims.role : 'anon';
  if (!isApiRole(role)) {
    if (allowInvalid) return null;
    throw E.badJwt(`role "${role}" is not allowed`);
  }
  return { role, claims };
}

/**
 * The owner recorded on rows the caller writes: its user id, when it is one.
 * @param {Caller | null} who
 * @returns {string | null}
 */
export function ownerOf(who) {
  const sub = who?.claims.sub;
  return typeof sub === 'string' && /^[0-9a-f-]{36}$/i.test(sub) ? sub : null;
}
