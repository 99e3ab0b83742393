/**
 * The one normaliser of the web addresses people type (a site's URL, a page's URL): what is stored,
 * or why it is refused. Both forms use it, so "WWW.Boulangerie-Martin.fr/" becomes the same
 * "https://www.boulangerie-martin.fr" in either.
 *
 * - blank: 'empty';
 * - another scheme than http(s) (javascript:, data:, ftp://, mailto:…): 'scheme', never turned into a path;
 * - with a base (the site's address) a path ("/blog/post", "blog/post") is a page of that site;
 * - anything else without a scheme (a host, "exemple.fr/blog") gets https://;
 * - the scheme and the host are lower-cased (the path keeps its case: servers may tell it apart),
 *   a lone "/" after the host is dropped, and the host must be localhost or have a dot;
 * - spaces inside, or what the URL parser refuses: 'invalid'.
 */

export type WebUrlProblem = 'empty' | 'scheme' | 'invalid' | 'tooLong';
export type WebUrlResult = { ok: true; url: string } | { ok: false; problem: WebUrlProblem };

/** Longest URL stored (browsers and servers cope with 2,048 characters). */
export const WEB_URL_MAX_LENGTH = 2048;

// "javascript:", "ftp:", "mailto:" — but not "localhost:3000" or "exemple.fr:8080/x" (a host and a port)
const SCHEME = /^([a-z][a-z0-9+.-]*):(?!\d)/i;
const WEB = /^(https?):\/\/([^/?#]*)(.*)$/is;
const HOST_WITH_DOT = /^[^.\s]+(\.[^.\s]+)+$/;

function finish(candidate: string): WebUrlResult {
  const match = WEB.exec(candidate);
  if (!match) return { ok: false, problem: 'invalid' };
  const [, scheme, authority, rest] = match;
  let parsed: URL;
  try {
    parsed = new URL(candidate);
  } catch {
    return { ok: false, problem: 'invalid' };
  }
  if (parsed.username || parsed.password) return { ok: false, problem: 'invalid' };
  // the typed host, lower-cased (URL would turn "café.fr" into its punycode)
  const host = authority.toLowerCase();
  const hostname = host.replace(/:\d+$/, '').replace(/\.$/, '');
  if (hostname !== 'localhost' && !HOST_WITH_DOT.test(hostname)) return { ok: false, problem: 'invalid' };
  const url = `${scheme.toLowerCase()}://${host}${rest === '/' ? '' : rest}`;
  return url.length > WEB_URL_MAX_LENGTH ? { ok: false, problem: 'tooLong' } : { ok: true, url };
}

/** Whether the first segment of a scheme-less text names a host ("exemple.fr/blog") rather than a path. */
const looksLikeHost = (text: string) => !text.startsWith('/') && HOST_WITH_DOT.test(text.split(/[/?#]/, 1)[0] ?? '');

export function normalizeWebUrl(input: string, options: { base?: string | null } = {}): WebUrlResult {
  const text = input.trim();
  if (text === '') return { ok: false, problem: 'empty' };
  if (/\s/.test(text)) return { ok: false, problem: 'invalid' };
  const scheme = SCHEME.exec(text)?.[1];
  if (scheme !== undefined) {
    if (!/^https?$/i.test(scheme) || !/^https?:\/\//i.test(text)) return { ok: false, problem: 'scheme' };
    return finish(text);
  }
  if (text.startsWith('//') && !options.base) return finish(`https:${text}`);
  if (options.base && !looksLikeHost(text)) {
    const base = normalizeWebUrl(options.base);
    if (!base.ok) return { ok: false, problem: 'invalid' };
    const path = text.replace(/^\/+/, '');
    return finish(path ? `${base.url.replace(/\/+$/, '')}/${path}` : base.url);
  }
  return finish(`https://${text}`);
}
