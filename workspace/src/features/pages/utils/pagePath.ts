/**
 * What the page list shows of a page's URL (audit B3/B5): its path, with the query and the fragment
 * (`/pain-au-levain`, `/recettes?tri=date`), the part that tells a site's pages apart — the host is the
 * site's and is the same on every row. `/` for the home page; a value that is not an absolute URL is
 * shown as it is.
 */
export function pagePath(url: string): string {
  const trimmed = url.trim();
  let parsed: URL;
  try {
    parsed = new URL(trimmed);
  } catch {
    return trimmed;
  }
  if (!/^https?:$/.test(parsed.protocol)) return trimmed;
  let path = parsed.pathname;
  try {
    path = decodeURI(path);
  } catch {
    // a broken %-sequence: shown encoded
  }
  return `${path}${parsed.search}${parsed.hash}`;
}
