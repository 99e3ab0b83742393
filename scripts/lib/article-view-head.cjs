// The first HTML response of /view/:versionId (shell server), for crawlers:
// - a demo article (pages.hide_revisions_texts_from_preview) is a public example: indexable, with its
//   title, description, canonical link and Open Graph / Twitter tags taken from the article;
// - every other /view page — a client's draft, an unknown or malformed id, or any failure to ask the
//   backend — is sent with `X-Robots-Tag: noindex, nofollow` and a meta robots noindex: never indexed.
// The article comes from the backend's get_article_for_view RPC with the public anon key (the same call
// the browser makes), cached briefly. Every injected value is escaped (prerender.cjs injectPrerender).
const { injectPrerender } = require('./prerender.cjs');

const VIEW = /^\/view\/([^/]+)\/?$/;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const NOINDEX = 'noindex, nofollow';

const ENTITIES = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ', rsquo: '’', lsquo: '‘', laquo: '«', raquo: '»', hellip: '…', ndash: '–', mdash: '—' };

/** Plain text of an HTML fragment (tags dropped, entities decoded, spaces collapsed). */
function htmlToText(html) {
  return String(html || '')
    .replace(/<(script|style|template)[\s\S]*?<\/\1\s*>/gi, ' ')
    .replace(/<[^>]*>/g, ' ')
    .replace(/&(#x[0-9a-f]+|#[0-9]+|[a-z]+);/gi, (m, code) => {
      if (code[0] === '#') {
        const n = code[1] === 'x' || code[1] === 'X' ? parseInt(code.slice(2), 16) : parseInt(code.slice(1), 10);
        return Number.isFinite(n) && n > 0 && n < 0x110000 ? String.fromCodePoint(n) : ' ';
      }
      return ENTITIES[code.toLowerCase()] ?? m;
    })
    .replace(/\s+/g, ' ')
    .trim();
}

/** The description of an article: its first paragraph's text (else the body's), about 160 characters. */
function articleDescription(html, max = 160) {
  const firstParagraph = /<p[\s>][\s\S]*?<\/p>/i.exec(String(html || ''));
  const text = htmlToText(firstParagraph ? firstParagraph[0] : html) || htmlToText(html);
  if (text.length <= max) return text;
  const cut = text.slice(0, max - 1);
  const space = cut.lastIndexOf(' ');
  return `${(space > max * 0.6 ? cut.slice(0, space) : cut).replace(/[\s,;:.–—-]+$/, '')}…`;
}

/** The head entry (injectPrerender's shape) of a demo article. */
function demoEntry(article, { versionId, siteUrl, supabaseUrl }) {
  const title = String(article.page?.name || '').trim() || 'Citable';
  const description = articleDescription(article.version?.html_content);
  const site = siteUrl ? siteUrl.replace(/\/+$/, '') : '';
  const url = site ? `${site}/view/${versionId}` : undefined;
  let image = article.page?.hide_cover_image_from_preview ? null : article.cover_image_url || null;
  if (image && image.startsWith('/') && !image.startsWith('//') && supabaseUrl) image = `${supabaseUrl.replace(/\/+$/, '')}${image}`;
  if (image && !/^https?:\/\//i.test(image)) image = null;
  return {
    title: `${title} · Citable`,
    description,
    robots: 'index, follow, max-image-preview:large',
    canonical: url,
    og: {
      'og:type': 'article',
      'og:site_name': 'Citable',
      'og:title': title,
      'og:description': description,
      'og:url': url,
      'og:image': image || undefined,
      'twitter:card': image ? 'summary_large_image' : 'summary',
      'twitter:title': title,
      'twitter:description': description,
      'twitter:image': image || undefined,
    },
  };
}

/**
 * @param {{ supabaseUrl: string, anonKey: string, siteUrl?: string, fetchImpl?: typeof fetch, ttlMs?: number,
 *   timeoutMs?: number, now?: () => number, maxEntries?: number, log?: (msg: string) => void }} opts
 */
function createArticleViewHead({ supabaseUrl, anonKey, siteUrl, fetchImpl = globalThis.fetch, ttlMs = 60_000, timeoutMs = 1_500, now = Date.now, maxEntries = 500, log = () => {} }) {
  const cache = new Map(); // versionId -> { at, article | null }

  async function fetchArticle(versionId) {
    const hit = cache.get(versionId);
    if (hit && now() - hit.at < ttlMs) return hit.article;
    const response = await fetchImpl(`${supabaseUrl.replace(/\/+$/, '')}/rest/v1/rpc/get_article_for_view`, {
      method: 'POST',
      headers: { apikey: anonKey, Authorization: `Bearer ${anonKey}`, 'Content-Type': 'application/json', Accept: 'application/json' },
      body: JSON.stringify({ p_version_id: versionId }),
      signal: AbortSignal.timeout(timeoutMs),
    });
    if (!response.ok) throw new Error(`get_article_for_view → HTTP ${response.status}`);
    const article = await response.json();
    const value = article && typeof article === 'object' && !Array.isArray(article) ? article : null;
    if (cache.size >= maxEntries) cache.delete(cache.keys().next().value);
    cache.set(versionId, { at: now(), article: value });
    return value;
  }

  /**
   * For /view/* pages: the page to send and whether it must carry noindex; null for other paths.
   * Never throws: any failure gives the plain page with noindex.
   * @returns {Promise<{ html: string, noindex: boolean } | null>}
   */
  async function render(pathname, html) {
    const match = VIEW.exec(pathname);
    if (!match && !pathname.startsWith('/view/') && pathname !== '/view') return null;
    const noindex = () => ({ html: injectPrerender(html, { robots: NOINDEX }, ''), noindex: true });
    const versionId = match ? match[1].toLowerCase() : '';
    if (!UUID.test(versionId)) return noindex();
    try {
      const article = await fetchArticle(versionId);
      if (!article || article.is_demo !== true) return noindex();
      return { html: injectPrerender(html, demoEntry(article, { versionId, siteUrl, supabaseUrl }), ''), noindex: false };
    } catch (error) {
      log(`article head: /view/${versionId} failed (${error && error.message ? error.message : error})`);
      return noindex();
    }
  }

  return { render };
}

module.exports = { createArticleViewHead, articleDescription, htmlToText, demoEntry, NOINDEX };
