// Storage service with storage-api's routes, response and error shapes.
// Files live under `${root}/<bucket>/<path>`; metadata rows live in storage.objects and are read and
// written UNDER THE CALLER'S ROLE with request.jwt.claims set, so the database's RLS policies decide,
// like Supabase. The routes are in routes/ (a table, one module per group, as storage-api's
// src/http/routes/*); each handler gets a request context; shared pieces are auth.js (JWT → role),
// db.js (RLS-scoped access), content.js (content types), errors.js (storage-api's error bodies).
import path from 'node:path';
import { sendJson } from '../http-util.js';
import { E, errorBody, httpStatus, toStorageError } from './errors.js';
import { matchRoute } from './routes/index.js';
import { seedFiles } from './seed.js';

export { validateKey } from './validate.js';

/** @typedef {import('./types.js').StorageOptions} StorageOptions */
/** @typedef {import('./types.js').StorageDeps} StorageDeps */
/** @typedef {import('./types.js').RequestContext} RequestContext */

/**
 * @param {StorageOptions} options
 */
export function createStorageService({ pool, root, verifyJwt, jwtSecret, maxUploadBytes = 50 * 1024 * 1024, log = () => {} }) {
  /** @type {StorageDeps} */
  const deps = {
    pool,
    root,
    tmpDir: path.join(root, '.tmp'),
    verifyJwt,
    signingKey: new TextEncoder().encode(jwtSecret || ''),
    maxUploadBytes,
    log,
  };

  /**
   * Serves one request under /storage/v1.
   * @param {import('node:http').IncomingMessage} req
   * @param {import('node:http').ServerResponse} res
   * @param {string} subpath the path under /storage/v1
   * @param {URLSearchParams} [query] the query string (read from req.url when not given)
   */
  async function handle(req, res, subpath, query) {
    const method = req.method || 'GET';
    try {
      const found = matchRoute(method, subpath);
      if (!found) {
        req.resume();
        throw E.noRoute(method, subpath);
      }
      /** @type {RequestContext} */
      const ctx = { req, res, subpath, query: query ?? new URL(req.url || '/', 'http://x').searchParams, params: found.params, deps };
      const out = await found.handler(ctx);
      if (out) sendJson(res, out[0], out[1]);
    } catch (e) {
      const err = toStorageError(e, (m) => log(`storage: unexpected error on ${method} ${subpath}: ${m}`));
      if (!req.complete) req.resume();
      sendJson(res, httpStatus(err), errorBody(err));
    }
  }

  return {
    handle,
    /** @param {string} dir */
    seedFiles: (dir) => seedFiles(deps, dir),
  };
}
