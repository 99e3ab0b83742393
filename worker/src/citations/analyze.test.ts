// Jest: the citation analysis on known answers (issue 16). The full rule-by-rule suite is
// worker/test/citations.test.js (node:test); these are the cases a reader checks first.
import { analyzeAnswer, hostMatches, normalizeHost } from './analyze.js';

const site = { brand: 'Café Léa', siteUrl: 'https://www.cafe-lea.fr/' };

describe('analyzeAnswer', () => {
  it('a Markdown link to the site, www. on one side only: domain cited, its URL and domain recorded', () => {
    expect(analyzeAnswer({ brand: 'Acme', siteUrl: site.siteUrl, answer: 'Voir [le guide](https://cafe-lea.fr/guide) et https://rival.fr/x.' })).toEqual({
      brand_mentioned: false,
      domain_cited: true,
      cited_urls: ['https://cafe-lea.fr/guide', 'https://rival.fr/x'],
      cited_domains: ['cafe-lea.fr', 'rival.fr'],
    });
  });

  it('a bare domain, any case, at the end of a sentence; a subdomain counts as the site', () => {
    expect(analyzeAnswer({ ...site, answer: 'Allez sur WWW.Cafe-Lea.FR.' })).toMatchObject({ domain_cited: true, cited_urls: [], cited_domains: ['cafe-lea.fr'] });
    expect(analyzeAnswer({ ...site, answer: 'Lire blog.cafe-lea.fr/recettes' })).toMatchObject({ domain_cited: true, cited_domains: ['blog.cafe-lea.fr'] });
  });

  it('no false positive: a longer domain, the site as a subdomain of another, an e-mail, file names, javascript:', () => {
    expect(
      analyzeAnswer({
        brand: 'Acme',
        siteUrl: site.siteUrl,
        answer: 'Voir notcafe-lea.fr, https://cafe-lea.fr.evil.org/x, contact@cafe-lea.fr, README.md, Node.js et [clic](javascript:alert(1)).',
      }),
    ).toEqual({
      brand_mentioned: false,
      domain_cited: false,
      cited_urls: ['https://cafe-lea.fr.evil.org/x'],
      cited_domains: ['cafe-lea.fr.evil.org', 'notcafe-lea.fr'],
    });
  });

  it('the brand survives accents, case and punctuation, on word boundaries', () => {
    for (const answer of ['Chez cafe-lea, on torréfie.', 'CAFÉ LÉA’s beans', 'Le cafelea du coin', 'Selon « Café Léa ».']) {
      expect(analyzeAnswer({ ...site, answer }).brand_mentioned).toBe(true);
    }
    expect(analyzeAnswer({ brand: 'Léa', siteUrl: 'https://lea.fr', answer: 'Léandre et Azalea' }).brand_mentioned).toBe(false);
  });

  it('brand and domain are counted apart', () => {
    expect(analyzeAnswer({ ...site, answer: 'Café Léa est connu.' })).toMatchObject({ brand_mentioned: true, domain_cited: false });
    expect(analyzeAnswer({ brand: 'Acme', siteUrl: 'example.com', answer: 'Source : example.com' })).toMatchObject({
      brand_mentioned: false,
      domain_cited: true,
    });
  });

  it('no answer: nothing cited, nothing mentioned', () => {
    expect(analyzeAnswer({ answer: null, brand: 'X', siteUrl: 'x.com' })).toEqual({ brand_mentioned: false, domain_cited: false, cited_urls: [], cited_domains: [] });
  });
});

describe('normalizeHost and hostMatches', () => {
  it('drops the scheme, www., case and a trailing dot; IDNs in punycode; refuses what is not a domain', () => {
    expect(normalizeHost('https://WWW.Example.COM/path')).toBe('example.com');
    expect(normalizeHost('example.com.')).toBe('example.com');
    expect(normalizeHost('café.fr')).toBe('xn--caf-dma.fr');
    expect(normalizeHost('localhost')).toBeNull();
    expect(normalizeHost('127.0.0.1')).toBeNull();
  });

  it('the domain and its subdomains only', () => {
    expect(hostMatches('blog.example.com', 'example.com')).toBe(true);
    expect(hostMatches('notexample.com', 'example.com')).toBe(false);
    expect(hostMatches('example.com.evil.org', 'example.com')).toBe(false);
  });
});
