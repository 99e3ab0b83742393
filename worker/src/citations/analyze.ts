// Citation analysis of one LLM answer: does it name the customer's brand, does it cite the
// customer's domain, and which URLs and domains does it cite?
//
// Pure and dependency-free: the worker's actions, the backfill (worker/src/db/backfills) and the
// e2e tests (worker/dist) run the same function.
//
// Rules
// - Domains: hostnames are lowercased, IDNs compared in their ASCII (punycode) form, a
//   leading `www.` and a trailing dot dropped. The site's domain is cited when the answer
//   links to it or writes it bare (`example.com`, `www.example.com/page`), or one of its
//   subdomains (`blog.example.com`). `notexample.com` and `example.com.evil.org` are other
//   domains. E-mail addresses (`contact@example.com`) are not citations.
// - URLs: `http(s)://…` in the text, in Markdown links `[t](url)` or autolinks `<url>`,
//   trailing punctuation and an unbalanced `)` trimmed. Other schemes (javascript:, mailto:)
//   are ignored.
// - Bare domains without a scheme or `www.` count only when their last label is a known
//   top-level domain (a two-letter country code other than common file extensions, or a
//   common generic TLD, or the site's own TLD), so `Node.js` or `README.md` are not domains.
// - Brand: compared without accents, case or punctuation, on word boundaries
//   (`Café Léa` matches `cafe-lea`, `CAFÉ LÉA's`, `cafelea`; `Léa` does not match `Léandre`).
//   A brand written as a domain (the default site name is its URL's host) is mentioned when
//   that domain is cited.

interface CitationAnalysis {
  brand_mentioned: boolean;
  domain_cited: boolean;
  cited_urls: string[];
  cited_domains: string[];
}

const GENERIC_TLDS = new Set(
  (
    'com net org info biz edu gov mil int io ai app dev co me tv xyz online site store shop tech blog ' +
    'news cloud digital agency media studio design art club life live world today space website page ' +
    'email solutions services consulting marketing company group global network center academy school ' +
    'health care legal law finance money bank insurance travel tours restaurant cafe coffee food bio ' +
    'eco green energy immo immobilier paris bzh alsace corsica eus quebec berlin london nyc swiss ' +
    'museum wiki guide tips help support software systems tools works zone pro name mobi asia jobs ' +
    'fashion beauty fitness yoga golf photo photography pictures video music radio fm gg ly to'
  ).split(' '),
);

/** Two-letter endings that are far more often file extensions than country domains. */
const FILE_LIKE_CC = new Set(['md', 'py', 'sh', 'rs', 'ts', 'cs', 'pl', 'rb', 'db', 'js', 'gz', 'so', 'ps', 'mk', 'hs', 'vb']);

const URL_RE = /\bhttps?:\/\/[^\s<>"'`[\]{}|\\^]+/giu;
// A bare host: labels of letters/digits/hyphens (Unicode letters for IDNs) joined by dots,
// not preceded by another host character, '@' (e-mail) or '/' (already part of a URL path),
// not followed by more host characters; an optional path after it.
const BARE_RE =
  /(?<![\p{L}\p{N}._@/-])((?:[\p{L}\p{N}](?:[\p{L}\p{N}-]{0,61}[\p{L}\p{N}])?\.)+[\p{L}]{2,24})(?![\p{L}\p{N}_-]|\.[\p{L}\p{N}])((?:\/[^\s<>"'`[\]{}|\\^()]*)?)/giu;

/**
 * Lowercased ASCII hostname without `www.` and trailing dot, or null.
 */
export function normalizeHost(host: string): string | null {
  if (typeof host !== 'string' || !host.trim()) return null;
  let candidate = host.trim();
  if (!/^[a-z][a-z0-9+.-]*:\/\//i.test(candidate)) candidate = `https://${candidate}`;
  let hostname;
  try {
    hostname = new URL(candidate).hostname;
  } catch {
    return null;
  }
  hostname = hostname.toLowerCase().replace(/\.$/, '');
  if (hostname.startsWith('www.')) hostname = hostname.slice(4);
  if (!hostname.includes('.') || /^[\d.]+$/.test(hostname) || hostname.startsWith('[')) return null;
  return hostname;
}

/**
 * True when `host` is `domain` or one of its subdomains.
 */
export function hostMatches(host: string, domain: string) {
  return host === domain || host.endsWith(`.${domain}`);
}

/**
 * Accent-, case- and punctuation-free words joined by single spaces.
 */
function foldWords(text: string) {
  return text
    .normalize('NFKD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase()
    .replace(/['’`]/g, ' ')
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
}

/**
 * Trims what a URL in prose usually drags behind it: sentence punctuation, Markdown
 * emphasis, a closing parenthesis that does not close one opened inside the URL.
 */
function trimUrl(url: string) {
  let out = url;
  for (;;) {
    const before = out;
    out = out.replace(/[.,;:!?*_~'"»”’]+$/u, '');
    if (out.endsWith(')')) {
      const opened = (out.match(/\(/g) ?? []).length;
      const closed = (out.match(/\)/g) ?? []).length;
      if (closed > opened) out = out.slice(0, -1);
    }
    if (out === before) return out;
  }
}

/**
 * @param hostname lowercased
 */
function looksLikeBareDomain(hostname: string, siteDomain: string | null) {
  const tld = hostname.slice(hostname.lastIndexOf('.') + 1);
  if (siteDomain && siteDomain.slice(siteDomain.lastIndexOf('.') + 1) === tld) return true;
  if (/^[a-z]{2}$/.test(tld)) return !FILE_LIKE_CC.has(tld);
  return GENERIC_TLDS.has(tld) || tld.startsWith('xn--');
}

/**
 * Analyses one answer for the customer's brand and domain.
 */
export function analyzeAnswer({ answer, brand, siteUrl }: { answer: string | null | undefined; brand?: string | null; siteUrl?: string | null; }): CitationAnalysis {
  const text = typeof answer === 'string' ? answer.normalize('NFC') : '';
  const siteDomain = siteUrl ? normalizeHost(siteUrl) : null;

  const citedUrls: string[] = [];
  const citedDomains: string[] = [];
  const addDomain = (host: string | null) => {
    if (host && !citedDomains.includes(host)) citedDomains.push(host);
  };

  // 1. Explicit URLs (plain, Markdown links, autolinks).
  for (const match of text.matchAll(URL_RE)) {
    const url = trimUrl(match[0]);
    let parsed;
    try {
      parsed = new URL(url);
    } catch {
      continue;
    }
    const host = normalizeHost(parsed.hostname);
    if (!host) continue;
    if (!citedUrls.includes(url)) citedUrls.push(url);
    addDomain(host);
  }

  // 2. Bare domains, outside the explicit URLs (blanked so their hosts are not read twice).
  const withoutUrls = text.replace(URL_RE, (m) => ' '.repeat(m.length));
  for (const match of withoutUrls.matchAll(BARE_RE)) {
    const raw = match[1].toLowerCase();
    const host = normalizeHost(raw);
    if (!host) continue;
    const explicitWww = raw.startsWith('www.');
    if (!explicitWww && !looksLikeBareDomain(raw, siteDomain)) continue;
    addDomain(host);
  }

  const domainCited = siteDomain !== null && citedDomains.some((host) => hostMatches(host, siteDomain));

  // 3. Brand.
  let brandMentioned = false;
  const brandText = typeof brand === 'string' ? brand.trim() : '';
  if (brandText) {
    const brandAsDomain = /^(?:https?:\/\/)?(?:www\.)?[\p{L}\p{N}-]+(?:\.[\p{L}\p{N}-]+)+\/?$/iu.test(brandText)
      ? normalizeHost(brandText)
      : null;
    if (brandAsDomain) {
      brandMentioned = citedDomains.some((host) => hostMatches(host, brandAsDomain));
    } else {
      const words = foldWords(brandText);
      if (words) {
        const haystack = ` ${foldWords(text)} `;
        const compact = words.replace(/ /g, '');
        brandMentioned = haystack.includes(` ${words} `) || haystack.includes(` ${compact} `);
      }
    }
  }

  return {
    brand_mentioned: brandMentioned,
    domain_cited: domainCited,
    cited_urls: citedUrls,
    cited_domains: citedDomains,
  };
}
