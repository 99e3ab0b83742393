/**
 * Domains of URLs, as the keywords screen (own SERP results) and the citation figures (the site's
 * domain among the cited ones) compare them.
 */

/** The hostname of a URL (with or without its scheme), lowercased, without www. and a trailing dot; null when none. */
export function hostOf(url: string | null | undefined): string | null {
  if (!url) return null;
  try {
    const host = new URL(/^[a-z][a-z0-9+.-]*:\/\//i.test(url) ? url : `https://${url}`).hostname.toLowerCase();
    return host.replace(/^www\./, '').replace(/\.$/, '') || null;
  } catch {
    return null;
  }
}

/** A host of the domain itself or one of its subdomains (not a longer domain that ends the same). */
export function isOnDomain(host: string | null, domain: string | null): boolean {
  return host !== null && domain !== null && (host === domain || host.endsWith(`.${domain}`));
}
