// The files behind objects: `<root>/<bucket>/<key>`, and sending one as storage-api's object renderer does.
import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { E } from './errors.js';

/** @typedef {import('./types.js').RequestContext} RequestContext */
/** @typedef {import('./types.js').ObjectRow} ObjectRow */

/**
 * The file of an object; refuses any path that would leave the bucket's folder.
 * @param {string} root
 * @param {string} bucket
 * @param {string} key a validated key
 */
export function filePath(root, bucket, key) {
  const base = path.resolve(root, bucket);
  const p = path.resolve(base, ...key.split('/'));
  if (!p.startsWith(base + path.sep)) throw E.invalidKey(key);
  return p;
}

/**
 * Sends an object's bytes with its stored type, cache control and ETag (304 on If-None-Match);
 * `?download[=name]` makes it an attachment. HEAD sends the headers only.
 * @param {RequestContext} ctx
 * @param {string} bucket
 * @param {string} key
 * @param {Pick<ObjectRow, 'metadata' | 'updated_at'>} row
 * @param {Record<string, string>} [extraHeaders]
 */
export async function sendObject(ctx, bucket, key, row, extraHeaders = {}) {
  const { req, res } = ctx;
  const meta = row.metadata || {};
  const p = filePath(ctx.deps.root, bucket, key);
  let st;
  try {
    st = await stat(p);
  } catch {
    throw E.notFound();
  }
  const etag = meta.eTag || `"${st.size}-${st.mtimeMs}"`;
  /** @type {Record<string, string>} */
  const headers = {
    'content-type': meta.mimetype || 'application/octet-stream',
    'cache-control': meta.cacheControl || 'no-cache',
    etag,
    'last-modified': new Date(row.updated_at || st.mtime).toUTCString(),
    'x-content-type-options': 'nosniff',
    'content-security-policy': "default-src 'none'; sandbox",
    ...extraHeaders,
  };
  if (ctx.query.has('download')) {
    const name = ctx.query.get('download') || key.split('/').pop() || key;
    headers['content-disposition'] = `attachment; filename*=UTF-8''${encodeURIComponent(name)}`;
  }
  if (req.headers['if-none-match'] === etag) {
    res.writeHead(304, headers);
    res.end();
    return;
  }
  headers['content-length'] = String(st.size);
  res.writeHead(200, headers);
  if (req.method === 'HEAD') {
    res.end();
    return;
  }
  await pipeline(createReadStream(p), res).catch(() => res.destroy());
}
