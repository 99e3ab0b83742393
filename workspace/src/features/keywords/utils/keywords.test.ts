import {
  canAddKeyword,
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
