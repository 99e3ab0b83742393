import { normalizePageUrl, orderStatuses, statusIdOf, validatePageForm } from './pageForm';

describe('validatePageForm', () => {
  it('name and URL are required (blank = missing)', () => {
    expect(validatePageForm({ name: '  ', url: '', status: '1' }, 'https://site.fr')).toEqual({ name: 'nameRequired', url: 'urlRequired' });
    expect(validatePageForm({ name: 'A', url: 'b', status: '1' }, 'https://site.fr')).toEqual({});
  });

  it('refuses what is not a web address instead of making it a path of the site', () => {
    for (const url of ['javascript:alert(1)', 'ftp://exemple.fr/fichier', 'data:text/html,x', 'mailto:a@b.fr']) {
      expect(validatePageForm({ name: 'A', url, status: '1' }, 'https://site.fr')).toEqual({ url: 'urlNotWeb' });
      expect(normalizePageUrl(url, 'https://site.fr')).toBeNull();
    }
    expect(validatePageForm({ name: 'A', url: 'https://pas valide', status: '1' }, 'https://site.fr')).toEqual({ url: 'urlInvalid' });
    expect(validatePageForm({ name: 'A', url: `/${'a'.repeat(2100)}`, status: '1' }, 'https://site.fr')).toEqual({ url: 'urlTooLong' });
  });
});

describe('normalizePageUrl', () => {
  it('keeps http:// and https:// addresses, scheme and host lower-cased, path as typed', () => {
    expect(normalizePageUrl('  http://example.com/a ', 'https://site.fr')).toBe('http://example.com/a');
    expect(normalizePageUrl('HTTPS://Example.com/A', 'https://site.fr')).toBe('https://example.com/A');
  });

  it('a host gets https://, the same way as the site form (one normaliser)', () => {
    expect(normalizePageUrl('example.com/blog/post', 'https://site.fr')).toBe('https://example.com/blog/post');
    expect(normalizePageUrl('WWW.Boulangerie-Martin.fr/', null)).toBe('https://www.boulangerie-martin.fr');
  });

  it("a path is a page of the site: the leading slash is stripped and joined to the site's address", () => {
    expect(normalizePageUrl('/blog/post', 'https://site.fr/')).toBe('https://site.fr/blog/post');
    expect(normalizePageUrl('blog/post', 'https://site.fr')).toBe('https://site.fr/blog/post');
    expect(normalizePageUrl('//blog', 'site.fr')).toBe('https://site.fr/blog');
    expect(normalizePageUrl('/index.html', 'https://site.fr')).toBe('https://site.fr/index.html');
  });

  it('without a site address a path is not an address', () => {
    expect(normalizePageUrl('/blog/post', null)).toBeNull();
  });
});

describe('statuses', () => {
  it('an unknown status id becomes 1', () => {
    const known = [{ id: 1 }, { id: 2 }, { id: 3 }];
    expect(statusIdOf('3', known)).toBe(3);
    expect(statusIdOf('9', known)).toBe(1);
    expect(statusIdOf('', known)).toBe(1);
  });

  it('the filter order: published, in review, draft, then others', () => {
    expect(orderStatuses([{ id: 2 }, { id: 5 }, { id: 1 }, { id: 3 }, { id: 4 }]).map((s) => s.id)).toEqual([1, 3, 2, 4, 5]);
  });
});
