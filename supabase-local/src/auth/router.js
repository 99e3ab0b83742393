// Matches a request against the route table. As GoTrue's admin router group, every path under
// /admin/ needs the service role, even one that matches no route (401/403 before 404).

/** @typedef {import('./types.js').Route} Route */
/** @typedef {import('./types.js').Handler} Handler */

export const ADMIN_PREFIX = '/admin/';

/**
 * @typedef {object} Match
 * @property {Handler} handler
 * @property {Record<string, string>} params the `:name` segments, URI-decoded
 * @property {boolean} admin
 */

/**
 * @param {readonly Route[]} routes
 * @returns {(method: string, path: string) => Match | null} null: no route (or a malformed escape in a segment)
 */
export function createRouter(routes) {
  const compiled = routes.map((route) => {
    /** @type {string[]} */
    const names = [];
    const source = route.path
      .split('/')
      .map((segment) => {
        if (!segment.startsWith(':')) return segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
        names.push(segment.slice(1));
        return '([^/]+)';
      })
      .join('/');
    return { route, names, re: new RegExp(`^${source}$`) };
  });
  return (method, path) => {
    for (const { route, names, re } of compiled) {
      if (route.method !== method) continue;
      const m = re.exec(path);
      if (!m) continue;
      /** @type {Record<string, string>} */
      const params = {};
      try {
        names.forEach((name, i) => {
          params[name] = decodeURIComponent(m[i + 1]);
        });
      } catch {
        return null; // URIError: no such resource
      }
      return { handler: route.handler, params, admin: Boolean(route.admin) };
    }
    return null;
  };
}
