import {
  canAddKeyword,
  displayUrl,
  lastSearchedAt,
  isOwnResult,
  normalizeKeyword,
  showSerpSearch,
  truncateMeta,
} from './keywords';

describe('keyword rules', () => {
  it('blank or whitespace-only cannot be added; the keyword is trimmed', () => {
    expect(canAddKeyword('')).toBe(false);
    expect(canAddKeyword('   \t ')).toBe(false);
    expect(canAddKeyword(' jardin ')).toBe(true);
    expect(normalizeKeyword('  entretien  jardin  ')).toBe('entretien  jardin');
  });

  it('cuts meta descriptions at 150 characters', () => {
    expect(truncateMeta(null)).toBe('');
    expect(truncateMeta('a'.repeat(150))).toBe('a'.repeat(150));
    const cut = truncateMeta('é'.repeat(151));
    expect(cut).toBe(`${'é'.repeat(150)}…`);
  });

  it('own domain: www., case and subdomains, not a longer domain', () => {
    expect(isOwnResult('https://example.com/a', 'https://www.example.com')).toBe(true);
    expect(isOwnResult('https://blog.example.com/a', 'example.com')).toBe(true);
    expect(isOwnResult('https://notexample.com/a', 'example.com')).toBe(false);
    expect(isOwnResult('https://example.com.evil.org/a', 'example.com')).toBe(false);
    expect(isOwnResult(null, 'example.com')).toBe(false);
  });

  it('SERP search button: to_search on, zero SERPs, serps action id known', () => {
    expect(showSerpSearch({ to_search: true, serpCount: 0 }, 7)).toBe(true);
    expect(showSerpSearch({ to_search: false, serpCount: 0 }, 7)).toBe(false);
    expect(showSerpSearch({ to_search: true, serpCount: 3 }, 7)).toBe(false);
    expect(showSerpSearch({ to_search: true, serpCount: 0 }, null)).toBe(false);
  });

  it('only http(s) result links are opened', () => {
  });
});

describe('a SERP result address as shown (issue 32)', () => {
  it('decodes percent escapes and Punycode hosts', () => {
    expect(displayUrl('https://fr.wikipedia.org/wiki/Pain_d%E2%80%99%C3%A9pices')).toBe('https://fr.wikipedia.org/wiki/Pain_d’épices');
    expect(displayUrl('https://xn--caf-dma.fr/menu')).toBe('https://café.fr/menu');
    expect(displayUrl('https://www.xn--pain-dpices-gbb.fr:8443/recette?q=%C3%A9t%C3%A9#haut')).toBe('https://www.pain-dépices.fr:8443/recette?q=été#haut');
    expect(displayUrl('https://user@xn--bcher-kva.de/')).toBe('https://user@bücher.de/');
  });

  it('shows a malformed escape, an invalid Punycode label or a non-URL safely', () => {
    expect(displayUrl('https://exemple.fr/100%-bio/%E2%80')).toBe('https://exemple.fr/100%-bio/%E2%80');
    expect(displayUrl('https://exemple.fr/%zz%C3%A9')).toBe('https://exemple.fr/%zz%C3%A9');
    expect(displayUrl('https://xn--a.fr/page')).toBe('https://xn--a.fr/page');
    // a homograph (Latin p, y, a, l with a Cyrillic а) stays in Punycode, as in a browser's address bar
    expect(displayUrl('https://xn--ypal-43d9g.com/login')).toBe('https://xn--ypal-43d9g.com/login');
    expect(displayUrl('pas une adresse %C3%A9')).toBe('pas%20une%20adresse%20é');
    expect(displayUrl(null)).toBe('');
    expect(displayUrl('')).toBe('');
  });

  it('keeps reserved characters, spaces and invisible characters encoded', () => {
    // %2F (/) and %3F (?) stay: decoded they would change what the address seems to be
    expect(displayUrl('https://exemple.fr/a%2Fb%3Fc')).toBe('https://exemple.fr/a%2Fb%3Fc');
    expect(displayUrl('https://exemple.fr/mot%20cl%C3%A9')).toBe('https://exemple.fr/mot%20clé');
    // a right-to-left override or a zero-width space would hide or reorder the address
    expect(displayUrl('https://exemple.fr/%E2%80%AEfdp.exe')).toBe('https://exemple.fr/%E2%80%AEfdp.exe');
    expect(displayUrl('https://exemple.fr/a%E2%80%8Bb')).toBe('https://exemple.fr/a%E2%80%8Bb');
  });
});

describe('the date of the last SERP search', () => {
  it('is the newest row date, null without a dated row', () => {
    expect(lastSearchedAt([{ created_at: '2026-11-20T10:00:00Z' }, { created_at: '2026-11-26T09:30:00Z' }, { created_at: null }])?.toISOString()).toBe('2026-11-26T09:30:00.000Z');
    expect(lastSearchedAt([])).toBeNull();
    expect(lastSearchedAt([{ created_at: 'not a date' }])).toBeNull();
  });
});
