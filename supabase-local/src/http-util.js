// Small HTTP helpers shared by the services. sendJson is the worker's (its mailer serves the
// local mailbox with it): one copy, built to worker/dist.
export { sendJson } from '@citable/worker/mail/http-util.js';

/** @typedef {import('node:http').IncomingMessage} IncomingMessage */

/** An error that becomes an HTTP response: `status`, a JSON `body` and extra `headers`. */
export class HttpError extends Error {
  /**
   * @param {number} status
   * @param {any} body a JSON body (its message or msg is the error's message), or a text
   * @param {Record<string, string>} [headers]
   */
  constructor(status, body, headers = {}) {
    super(typeof body === 'object' && body ? body.message || body.msg || `HTTP ${status}` : String(body));
    this.status = status;
    this.body = body;
    this.headers = headers;
  }
}

/**
 * Reads the whole request body up to `limit` bytes. Throws HttpError 413 past the cap.
 * @param {IncomingMessage} req
 * @param {number} limit
 * @returns {Promise<Buffer>}
 */
export function readBody(req, limit) {
  return new Promise((resolve, reject) => {
    const declared = Number(req.headers['content-length']);
    if (Number.isFinite(declared) && declared > limit) {
      req.resume();
      reject(new HttpError(413, { message: 'Request body too large' }));
      return;
    }
    /** @type {Buffer[]} */
    const chunks = [];
    let size = 0;
    let failed = false;
    req.on('data', (/** @type {Buffer} */ c) => {
      if (failed) return;
      size += c.length;
      if (size > limit) {
        failed = true;
        reject(new HttpError(413, { message: 'Request body too large' }));
        req.resume();
        return;
      }
      chunks.push(c);
    });
    req.on('end', () => {
      if (!failed) resolve(Buffer.concat(chunks));
    });
    req.on('error', (e) => {
      if (!failed) reject(e);
    });
  });
}

/**
 * Parses a JSON body; an empty body gives {}. Bad JSON throws HttpError 400 with `badJson` body.
 * @param {IncomingMessage} req
 * @param {number} limit
 * @param {unknown} badJson
 * @returns {Promise<Record<string, any>>}
 */
export async function readJson(req, limit, badJson) {
  const buf = await readBody(req, limit);
  if (buf.length === 0) return {};
  try {
    const v = JSON.parse(buf.toString('utf8'));
    return v && typeof v === 'object' ? v : {};
  } catch {
    throw new HttpError(400, badJson);
  }
}

/**
 * The bearer token of the Authorization header, or null.
 * @param {IncomingMessage} req
 */
export function bearerToken(req) {
  const h = req.headers.authorization;
  if (typeof h !== 'string') return null;
  const m = /^Bearer\s+(.+)$/i.exec(h.trim());
  return m ? m[1].trim() : null;
}

/**
 * True for errors meaning "the database is unreachable" (connection refused, shutdown…).
 * @param {unknown} e
 */
export function isDbDownError(e) {
  if (!e || typeof e !== 'object') return false;
  const { code, message } = /** @type {{ code?: unknown, message?: unknown }} */ (e);
  const codes = ['ECONNREFUSED', 'ECONNRESET', 'ENOENT', 'EPIPE', 'ETIMEDOUT', '57P01', '57P02', '57P03', '08006', '08001', '08003', '08000'];
  if (typeof code === 'string' && codes.includes(code)) return true;
  const msg = String(message || '');
  return /Connection terminated|connect ECONNREFUSED|timeout exceeded when trying to connect|Client has encountered a connection error/i.test(msg);
}

/**
 * The caller's address as the socket sees it.
 * @param {IncomingMessage} req
 */
export function clientIp(req) {
  return req.socket.remoteAddress || 'unknown';
}
