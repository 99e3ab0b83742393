// The route table, as storage-api's src/http/routes/* registers them under /storage/v1. A path is
// matched against the patterns in order; the first that matches decides, and a method it does not
// serve is the HTTP server's 404 (not a later pattern's).
import * as buckets from './buckets.js';
import * as listing from './list.js';
import * as moveCopy from './move-copy.js';
import * as objects from './objects.js';
import * as signed from './signed.js';

/** @typedef {import('../types.js').Handler} Handler */
/** @typedef {import('../types.js').RouteGroup} RouteGroup */

const BUCKET = '([^/]+)';
const KEY = '(.+)';
/** @type {Handler} */
const status = async () => [200, { status: 'ok' }];

/** @type {readonly RouteGroup[]} */
export const routes = [
  // buckets
  { pattern: /^\/bucket\/?$/, params: [], methods: { GET: buckets.listBuckets, POST: buckets.createBucket } },
  { pattern: new RegExp(`^/bucket/${BUCKET}/empty$`), params: ['bucket'], methods: { POST: buckets.emptyBucket } },
  { pattern: new RegExp(`^/bucket/${BUCKET}$`), params: ['bucket'], methods: { GET: buckets.getBucket, PUT: buckets.updateBucket, DELETE: buckets.deleteBucket } },
  // listing, move, copy
  { pattern: new RegExp(`^/object/list/${BUCKET}$`), params: ['bucket'], methods: { POST: listing.list } },
  { pattern: new RegExp(`^/object/list-v2/${BUCKET}$`), params: ['bucket'], methods: { POST: listing.listV2 } },
  { pattern: /^\/object\/move$/, params: [], methods: { POST: moveCopy.moveObject } },
  { pattern: /^\/object\/copy$/, params: [], methods: { POST: moveCopy.copyObject } },
  // signed URLs
  { pattern: new RegExp(`^/object/upload/sign/${BUCKET}/${KEY}$`), params: ['bucket', 'key'], methods: { POST: signed.signUploadUrl, PUT: signed.uploadToSignedUrl } },
  { pattern: new RegExp(`^/object/sign/${BUCKET}/?$`), params: ['bucket'], methods: { POST: signed.signUrls } },
  {
    pattern: new RegExp(`^/object/sign/${BUCKET}/${KEY}$`),
    params: ['bucket', 'key'],
    methods: { POST: signed.signUrl, GET: signed.getSignedObject, HEAD: signed.getSignedObject },
  },
  // object info
  { pattern: new RegExp(`^/object/info/public/${BUCKET}/${KEY}$`), params: ['bucket', 'key'], methods: { GET: objects.publicObjectInfo } },
  { pattern: new RegExp(`^/object/info/authenticated/${BUCKET}/${KEY}$`), params: ['bucket', 'key'], methods: { GET: objects.authenticatedObjectInfo } },
  { pattern: new RegExp(`^/object/info/${BUCKET}/${KEY}$`), params: ['bucket', 'key'], methods: { GET: objects.objectInfo } },
  // objects
  { pattern: new RegExp(`^/object/public/${BUCKET}/${KEY}$`), params: ['bucket', 'key'], methods: { GET: objects.getPublicObject, HEAD: objects.getPublicObject } },
  {
    pattern: new RegExp(`^/object/authenticated/${BUCKET}/${KEY}$`),
    params: ['bucket', 'key'],
    methods: { GET: objects.getObject, HEAD: objects.headAuthenticatedObject },
  },
  { pattern: new RegExp(`^/object/${BUCKET}/?$`), params: ['bucket'], methods: { DELETE: objects.removeObjects } },
  {
    pattern: new RegExp(`^/object/${BUCKET}/${KEY}$`),
    params: ['bucket', 'key'],
    methods: { POST: objects.createObject, PUT: objects.updateObject, GET: objects.getObject, HEAD: objects.headObject },
  },
  { pattern: /^\/(status|health)$/, params: [], methods: { GET: status, HEAD: status } },
];

/**
 * The handler for a request, with the route's captures; null when no route serves it.
 * @param {string} method
 * @param {string} subpath
 * @returns {{ handler: Handler, params: Record<string, string> } | null}
 */
export function matchRoute(method, subpath) {
  for (const route of routes) {
    const m = route.pattern.exec(subpath);
    if (!m) continue;
    const handler = Object.prototype.hasOwnProperty.call(route.methods, method) ? route.methods[method] : undefined;
    if (!handler) return null;
    /** @type {Record<string, string>} */
    const params = {};
    route.params.forEach((name, i) => {
      params[name] = m[i + 1];
    });
    return { handler, params };
  }
  return null;
}
