/**
 * A route param that is a table id (siteId, pageId: a positive integer, at most 15 digits, so a safe
 * integer), as the number the tables and the query keys use; null for anything else.
 */
export function parseRouteId(param: string | undefined): number | null {
  if (!param || !/^\d{1,15}$/.test(param)) return null;
  const id = Number(param);
  return id > 0 ? id : null;
}
