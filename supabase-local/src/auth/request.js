// Request parsing for the auth routes (GoTrue's request params and validators): the JSON body,
// the e-mail address and password checks, the redirect target, the client's address.
import { readJson } from '../http-util.js';
import { errors } from './errors.js';

/** @typedef {import('./types.js').AuthConfig} AuthConfig */
/** @typedef {import('./types.js').JsonBody} JsonBody */

export const BODY_LIMIT = 64 * 1024;

const EMAIL_RE = /^[a-zA-Z0-9.!#$%&'*+/=?^_`{|}~-]+@[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?(?:\.[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?)+$/;

/** @param {unknown} v @returns {v is Record<string, unknown>} */
export function isPlainObject(v) {
  return v !== null && typeof v === 'object' && !Array.isArray(v);
}

/** Any non-null object, read field by field. @param {unknown} v @returns {v is Record<string, unknown>} */
const isObject = (v) => v !== null && typeof v === 'object';

/**
 * The request's JSON body, `{}` when empty. Bad JSON throws HttpError 400 (answered as bad_json),
 * a body past BODY_LIMIT HttpError 413.
 * @param {import('node:http').IncomingMessage} req
 * @returns {Promise<JsonBody>}
 */
export async function readBody(req) {
  /** @type {unknown} */
  const body = await readJson(req, BODY_LIMIT, errors.badJson().body);
  // readJson gives an object (or an array, whose named fields are all absent).
  return isObject(body) ? body : {};
}

/**
 * A trimmed, lower-cased, valid e-mail address.
 * @param {unknown} raw
 * @returns {string}
 */
export function normalizeEmail(raw) {
  if (raw === undefined || raw === null || raw === '') throw errors.emailRequired();
  if (typeof raw !== 'string') throw errors.invalidEmail();
  const email = raw.trim().toLowerCase();
  if (email.length > 255 || !EMAIL_RE.test(email)) throw errors.invalidEmail();
  return email;
}

/**
 * GoTrue's password checks: present, at least `minLength` characters, at most 72 bytes (bcrypt).
 * @param {unknown} pw
 * @param {number} minLength
 * @returns {asserts pw is string}
 */
export function checkPassword(pw, minLength) {
  if (typeof pw !== 'string' || pw.length === 0) throw errors.validation('Password is required');
  if ([...pw].length < minLength) throw errors.weakPassword(minLength);
  if (Buffer.byteLength(pw) > 72) throw errors.validation('Password cannot be longer than 72 characters');
}

/** @param {string} o */
function originOf(o) {
  try {
    return new URL(o).origin;
  } catch {
    return o;
  }
}

/**
 * Only redirects to the site URL's origin or an allowed origin (no open redirect).
 * @param {Pick<AuthConfig, 'siteUrl' | 'redirectAllowList'>} config
 * @param {unknown} candidate
 * @returns {string}
 */
export function safeRedirect({ siteUrl, redirectAllowList }, candidate) {
  const fallback = siteUrl;
  if (typeof candidate !== 'string' || candidate === '') return fallback;
  let u;
  try {
    u = new URL(candidate);
  } catch {
    return fallback;
  }
  if (u.protocol !== 'http:' && u.protocol !== 'https:') return fallback;
  const allowed = new Set([new URL(siteUrl).origin, ...redirectAllowList.map(originOf)]);
  return allowed.has(u.origin) ? u.toString() : fallback;
}

/** @param {import('node:http').IncomingMessage} req */
export const clientIp = (req) => req.socket.remoteAddress || '0.0.0.0';
