import { DEFAULT_VIEW, defaultAscending, foldSearch, needsCanonicalUrl, pageCountOf, readView, searchFilter, searchFilterValue, shownRange, writeView } from './listParams';

const read = (qs: string) => readView(new URLSearchParams(qs));

describe('readView', () => {
  it('defaults: date_modified descending, page 1, 10 per page, no search, all statuses', () => {
    expect(read('')).toEqual(DEFAULT_VIEW);
  });

  it('sorts by content score, best first on the first click', () => {
    expect(read('sort=content_score')).toMatchObject({ sort: 'content_score', ascending: false });
    expect(read('sort=content_score&dir=asc')).toMatchObject({ sort: 'content_score', ascending: true });
    expect(defaultAscending('content_score')).toBe(false);
  });

  it('reads every field', () => {
    expect(read('q=%20foo%20&status=3&review=revision&sort=name&dir=asc&page=4&size=50')).toEqual({
      search: 'foo',
      status: 3,
      review: 'revision',
      sort: 'name',
      ascending: true,
      page: 4,
      pageSize: 50,
    });
  });

  it.each([
    ['size=7', { pageSize: 10 }],
    ['size=abc', { pageSize: 10 }],
    ['size=-5', { pageSize: 10 }],
    ['page=0', { page: 1 }],
    ['page=-2', { page: 1 }],
    ['page=2.5', { page: 1 }],
    ['page=99999999999999', { page: 1 }],
    ['sort=creator', { sort: 'date_modified', ascending: false }],
    ['sort=url', { sort: 'url', ascending: true }],
    ['sort=name&dir=sideways', { sort: 'name', ascending: true }],
    ['status=0', { status: null }],
    ['status=draft', { status: null }],
    ['review=published', { review: null }],
    ['review=', { review: null }],
    ['review=REVISION', { review: null }],
  ])('%s falls back quietly', (qs, expected) => {
    expect(read(qs)).toEqual({ ...DEFAULT_VIEW, ...expected });
  });
});

describe('writeView', () => {
  it('writes only what differs from the default, and reads back the same view', () => {
    expect(writeView(DEFAULT_VIEW).toString()).toBe('');
    const view = { search: '50% off, (new)', status: 2, review: null, sort: 'url' as const, ascending: false, page: 3, pageSize: 20 };
    expect(readView(writeView(view))).toEqual(view);
    for (const review of ['none', 'draft', 'revision', 'approved'] as const) {
      expect(writeView({ ...DEFAULT_VIEW, review }).toString()).toBe(`review=${review}`);
      expect(readView(writeView({ ...view, review }))).toEqual({ ...view, review });
    }
  });

  it('canonical form: bad values or defaults in the address are to be replaced', () => {
    expect(needsCanonicalUrl(new URLSearchParams('size=7'))).toBe(true);
    expect(needsCanonicalUrl(new URLSearchParams('page=1'))).toBe(true);
    expect(needsCanonicalUrl(new URLSearchParams('page=2&size=20'))).toBe(false);
    expect(needsCanonicalUrl(new URLSearchParams('review=nope'))).toBe(true);
    expect(needsCanonicalUrl(new URLSearchParams('review=approved'))).toBe(false);
    expect(needsCanonicalUrl(new URLSearchParams(''))).toBe(false);
  });
});

describe('shownRange and pageCountOf', () => {
  it('first page, last partial page, empty', () => {
    expect(shownRange(1, 10, 23)).toEqual({ from: 1, to: 10 });
    expect(shownRange(3, 10, 23)).toEqual({ from: 21, to: 23 });
    expect(shownRange(1, 10, 0)).toEqual({ from: 0, to: 0 });
    expect(pageCountOf(23, 10)).toBe(3);
    expect(pageCountOf(20, 10)).toBe(2);
    expect(pageCountOf(0, 10)).toBe(1);
  });
});

describe('searchFilterValue', () => {
  it('quotes the value so PostgREST reads , ( ) . : as text', () => {
    expect(searchFilterValue('a,b(c)')).toBe('"*a,b(c)*"');
    expect(searchFilter('x')).toBe('name_search.ilike."*x*",url.ilike."*x*"');
    expect(searchFilter('Éclair')).toBe('name_search.ilike."*eclair*",url.ilike."*Éclair*"');
  });

  it("escapes LIKE's wildcards, and the quotes' own characters", () => {
    // % and _ match themselves: \% and \_ in the LIKE pattern, each backslash doubled inside the quotes
    expect(searchFilterValue('50%')).toBe('"*50\\\\%*"');
    expect(searchFilterValue('a_b')).toBe('"*a\\\\_b*"');
    expect(searchFilterValue('say "hi"')).toBe('"*say \\"hi\\"*"');
    expect(searchFilterValue('c:\\')).toBe('"*c:\\\\\\\\*"');
    expect(searchFilterValue("l'été")).toBe('"*l\'été*"');
  });

  it('a typed * (PostgREST has no escape for it) matches one character', () => {
    expect(searchFilterValue('a*b')).toBe('"*a_b*"');
  });
});

describe('foldSearch (as public.search_fold)', () => {
  it('drops case and accents, folds apostrophes and no-break spaces, spells out œ and æ', () => {
    // the same cases as supabase-local/test/db/french-search.test.js
    expect(['Éclair', 'Pain d’épices', 'L‘été ʼ', 'Œufs', 'Crème\u00a0brûlée', 'ÇA'].map(foldSearch)).toEqual([
      'eclair',
      "pain d'epices",
      "l'ete '",
      'oeufs',
      'creme brulee',
      'ca',
    ]);
    expect(foldSearch("pain d'")).toBe("pain d'");
  });
});
