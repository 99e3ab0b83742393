// Small HTTP helpers shared by the services.

export class HttpError extends Error {
  constructor(status, body, headers = {}) {
    super(typeof body === 'object' && body ? body.message || body.msg || `HTTP ${status}` : String(body));
    this.status = status;
    this.body = body;
    this.headers = headers;
  }
}

export function sendJson(res, status, body, headers = {}) {
  if (res.headersSent) {
    res.end();
    return;
  }
  const payload = body === undefined ? '' : JSON.stringify(body);
  res.writeHead(status, {
    'content-type': 'application/json; charset=utf-8',
    'content-length': Buffer.byteLength(payload),
    ...headers,
  });
  res.end(payload);
}

/**
 * Reads the whole request body up to `limit` bytes. Throws HttpError 413 past the cap.
 */
export function readBody(req, limit) {
  return new Promise((resolve, reject) => {
    const declared = Number(req.headers['content-length']);
    if (Number.isFinite(declared) && declared > limit) {
      req.resume();
      reject(new HttpError(413, { message: 'Request body too large' }));
      return;
    }
    const chunks = [];
    let size = 0;
    let failed = false;
    req.on('data', (c) => {
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

/** Parses a JSON body; an empty body gives {}. Bad JSON throws HttpError 400 with `badJson` body. */
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

export function bearerToken(req) {
  const h = req.headers.authorization;
  if (typeof h !== 'string') return null;
  const m = /^Bearer\s+(.+)$/i.exec(h.trim());
  return m ? m[1].trim() : null;
}

/** True for errors meaning "the database is unreachable" (connection refused, shutdown…). */
export function isDbDownError(e) {
  if (!e) return false;
  const codes = ['ECONNREFUSED', 'ECONNRESET', 'ENOENT', 'EPIPE', 'ETIMEDOUT', '57P01', '57P02', '57P03', '08006', '08001', '08003', '08000'];
  if (codes.includes(e.code)) return true;
  const msg = String(e.message || '');
  return /Connection terminated|connect ECONNREFUSED|timeout exceeded when trying to connect|Client has encountered a connection error/i.test(msg);
}

export function clientIp(req) {
  return req.socket.remoteAddress || 'unknown';
}

export function escapeHtml(s) {
  return String(s)
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');
}
