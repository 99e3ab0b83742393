import { normalizePageUrl, orderStatuses, statusIdOf, validatePageForm } from './pageForm';

describe('validatePageForm', () => {
  it('name and URL are required (blank = missing)', () => {
    expect(validatePageForm({ name: '  ', url: '', status: '1' })).toEqual({ name: 'nameRequired', url: 'urlRequired' });
    expect(validatePageForm({ name: 'A', url: 'b', status: '1' })).toEqual({});
  });
});

describe('normalizePageUrl', () => {
  it('keeps http:// and https:// addresses as typed (trimmed)', () => {
    expect(normalizePageUrl('  http://example.com/a ', 'https://site.fr')).toBe('http://example.com/a');
    expect(normalizePageUrl('HTTPS://Example.com/a', 'https://site.fr')).toBe('HTTPS://Example.com/a');
  });

  it('a host gets https://', () => {
    expect(normalizePageUrl('example.com/blog/post', 'https://site.fr')).toBe('https://example.com/blog/post');
    expect(normalizePageUrl('www.example.com', null)).toBe('https://www.example.com');
  });

  it("a path is a page of the site: the leading slash is stripped and joined to the site's address", () => {
    expect(normalizePageUrl('/blog/post', 'https://site.fr/')).toBe('https://site.fr/blog/post');
    expect(normalizePageUrl('blog/post', 'https://site.fr')).toBe('https://site.fr/blog/post');
    expect(normalizePageUrl('//blog', 'site.fr')).toBe('https://site.fr/blog');
    expect(normalizePageUrl('/index.html', 'https://site.fr')).toBe('https://site.fr/index.html');
  });

  it('without a site address a path becomes https://path', () => {
    expect(normalizePageUrl('/blog/post', null)).toBe('https://blog/post');
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
