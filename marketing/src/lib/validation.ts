/** E-mail check matching what users expect: one @, a dotted domain, no spaces. */
export function isValidEmail(value: string): boolean {
  const email = value.trim();
  return email.length <= 254 && /^[^\s@]+@[^\s@.]+(\.[^\s@.]+)+$/.test(email) && !/\.\./.test(email);
}

/**
 * Normalises what a visitor types as a website address ("Example.com", "www.x.fr/blog",
 * "https://x.io/") to an absolute http(s) URL, or returns null when it does not look like one.
 */
export function normalizeWebsiteUrl(input: string): string | null {
  let value = input.trim();
  if (!value || /\s/.test(value)) return null;
  if (!/^[a-z][a-z\d+.-]*:\/\//i.test(value)) {
    if (/^[a-z][a-z\d+.-]*:/i.test(value) && !/^[^:]+:\d/.test(value)) return null; // mailto:, javascript: ...
    value = `https://${value.replace(/^\/+/, '')}`;
  }
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return null;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
  if (url.username || url.password) return null;
  const host = url.hostname.toLowerCase();
  const labels = host.split('.');
  const tld = labels[labels.length - 1];
  const isDomain = labels.length >= 2 && labels.every((l) => /^(?!-)[a-z\d-]{1,63}(?<!-)$/.test(l) || /^xn--/.test(l)) && /^(?:[a-z]{2,63}|xn--[a-z\d-]+)$/.test(tld);
  if (!isDomain) return null;
  const path = url.pathname === '/' ? (url.search ? '/' : '') : url.pathname.replace(/\/+$/, '');
  return `${url.protocol}//${host}${url.port ? `:${url.port}` : ''}${path}${url.search}`;
}
