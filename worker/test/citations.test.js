// Citation analysis of LLM answers (worker/src/citations/analyze.ts, run compiled from worker/dist).
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';

import { analyzeAnswer, hostMatches, normalizeHost } from '../dist/citations/analyze.js';

const site = { brand: 'Example', siteUrl: 'https://www.example.com/' };

describe('normalizeHost', () => {
  it('drops the scheme, www., case, a trailing dot; IDNs in punycode', () => {
    assert.equal(normalizeHost('https://WWW.Example.COM/path'), 'example.com');
    assert.equal(normalizeHost('example.com.'), 'example.com');
    assert.equal(normalizeHost('café.fr'), 'xn--caf-dma.fr');
    assert.equal(normalizeHost('http://Café.fr'), 'xn--caf-dma.fr');
  });
  it('refuses what is not a domain', () => {
    assert.equal(normalizeHost(''), null);
    assert.equal(normalizeHost('localhost'), null);
    assert.equal(normalizeHost('127.0.0.1'), null);
    assert.equal(normalizeHost('http://'), null);
  });
  it('hostMatches: the domain and its subdomains only', () => {
    assert.equal(hostMatches('example.com', 'example.com'), true);
    assert.equal(hostMatches('blog.example.com', 'example.com'), true);
    assert.equal(hostMatches('notexample.com', 'example.com'), false);
    assert.equal(hostMatches('example.com.evil.org', 'example.com'), false);
  });
});

describe('analyzeAnswer: domains and URLs', () => {
  it('finds a Markdown link to the site (www. on one side only)', () => {
    const r = analyzeAnswer({ ...site, answer: 'Voir [le guide](https://example.com/guide) pour plus.' });
    assert.equal(r.domain_cited, true);
    assert.deepEqual(r.cited_urls, ['https://example.com/guide']);
    assert.deepEqual(r.cited_domains, ['example.com']);
  });

  it('finds a bare domain, with or without www. and a path, at the end of a sentence', () => {
    for (const answer of ['Go to example.com.', 'Go to www.Example.com/prices, now', 'Try EXAMPLE.COM!']) {
      const r = analyzeAnswer({ ...site, answer });
      assert.equal(r.domain_cited, true, answer);
      assert.deepEqual(r.cited_urls, [], answer);
      assert.deepEqual(r.cited_domains, ['example.com'], answer);
    }
  });

  it('counts a subdomain of the site as the site', () => {
    const r = analyzeAnswer({ ...site, answer: 'Read https://blog.example.com/post-1' });
    assert.equal(r.domain_cited, true);
    assert.deepEqual(r.cited_domains, ['blog.example.com']);
  });

  it('no false positive on a longer domain', () => {
    const r = analyzeAnswer({
      brand: 'Acme',
      siteUrl: 'example.com',
      answer: 'See notexample.com, https://example.com.evil.org/x and [x](https://my-example.com).',
    });
    assert.equal(r.domain_cited, false);
    assert.deepEqual(r.cited_domains, ['example.com.evil.org', 'my-example.com', 'notexample.com']);
    assert.deepEqual(r.cited_urls, ['https://example.com.evil.org/x', 'https://my-example.com']);
  });

  it('ignores e-mail addresses, file names, javascript: and mailto: links', () => {
    const r = analyzeAnswer({
      ...site,
      answer:
        'Write to contact@example.com, read README.md and use Node.js. [x](javascript:alert(1)) [m](mailto:a@example.com)',
    });
    assert.equal(r.domain_cited, false);
    assert.deepEqual(r.cited_urls, []);
    assert.deepEqual(r.cited_domains, []);
  });

  it('trims punctuation and unbalanced parentheses, keeps balanced ones, dedupes', () => {
    const r = analyzeAnswer({
      ...site,
      answer:
        '(see https://en.wikipedia.org/wiki/Foo_(bar)), https://other.fr/a. Again https://other.fr/a! <https://third.io/b>',
    });
    assert.deepEqual(r.cited_urls, ['https://en.wikipedia.org/wiki/Foo_(bar)', 'https://other.fr/a', 'https://third.io/b']);
    assert.deepEqual(r.cited_domains, ['en.wikipedia.org', 'other.fr', 'third.io']);
  });

  it('matches an accented (IDN) site domain written in Unicode or punycode', () => {
    const idn = { brand: 'Café Léa', siteUrl: 'https://www.café-léa.fr' };
    assert.equal(analyzeAnswer({ ...idn, answer: 'Allez sur café-léa.fr !' }).domain_cited, true);
    assert.equal(analyzeAnswer({ ...idn, answer: 'https://xn--caf-la-dvac.fr/menu' }).domain_cited, true);
    assert.equal(analyzeAnswer({ ...idn, answer: 'cafe-lea.fr' }).domain_cited, false);
  });

  it('uses the site TLD even when it looks like a file extension', () => {
    const r = analyzeAnswer({ brand: 'Docs', siteUrl: 'https://docs.md', answer: 'See docs.md for details' });
    assert.equal(r.domain_cited, true);
  });

  it('handles an empty or missing answer and a missing site', () => {
    assert.deepEqual(analyzeAnswer({ answer: null, brand: 'X', siteUrl: 'x.com' }), {
      brand_mentioned: false,
      domain_cited: false,
      cited_urls: [],
      cited_domains: [],
    });
    const r = analyzeAnswer({ answer: 'https://a.com', brand: null, siteUrl: null });
    assert.equal(r.domain_cited, false);
    assert.deepEqual(r.cited_domains, ['a.com']);
  });
});

describe('analyzeAnswer: brand', () => {
  it('survives case, accents and punctuation', () => {
    const brand = { brand: 'Café Léa', siteUrl: 'https://cafe-lea.fr' };
    for (const answer of ['Le CAFE LEA est top', "chez café-léa's", 'cafelea, évidemment', '«Café Léa»']) {
      assert.equal(analyzeAnswer({ ...brand, answer }).brand_mentioned, true, answer);
    }
  });

  it('matches on word boundaries only', () => {
    const brand = { brand: 'Léa', siteUrl: 'https://lea.fr' };
    assert.equal(analyzeAnswer({ ...brand, answer: 'Léandre et Azalea' }).brand_mentioned, false);
    assert.equal(analyzeAnswer({ ...brand, answer: 'Selon LÉA.' }).brand_mentioned, true);
  });

  it('brand and domain are counted apart', () => {
    const a = analyzeAnswer({ ...site, answer: 'Example is a good choice.' });
    assert.equal(a.brand_mentioned, true);
    assert.equal(a.domain_cited, false);
    const b = analyzeAnswer({ brand: 'Acme', siteUrl: 'example.com', answer: 'Source: example.com' });
    assert.equal(b.brand_mentioned, false);
    assert.equal(b.domain_cited, true);
  });

  it('a brand written as a domain is mentioned when that domain is cited, not on a longer one', () => {
    const s = { brand: 'example.com', siteUrl: 'https://example.com' };
    assert.equal(analyzeAnswer({ ...s, answer: 'Visit WWW.EXAMPLE.COM' }).brand_mentioned, true);
    assert.equal(analyzeAnswer({ ...s, answer: 'Visit example.com.evil.org' }).brand_mentioned, false);
    assert.equal(analyzeAnswer({ ...s, answer: 'Visit notexample.com' }).brand_mentioned, false);
  });
});
