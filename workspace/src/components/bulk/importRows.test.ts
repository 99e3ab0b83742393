import { countStates, mergeOutcome, parseKeywordImport, parseKeywordList, parsePageImport, rowsToSend } from './importRows';
import { isPageUrl, nameFromUrl, pageUrlKey, resolveImportUrl } from './urls';

describe('pageUrlKey: the normalised URL (private.page_url_key)', () => {
  it.each([
    ['https://www.Example.fr/pain-au-levain/', 'example.fr/pain-au-levain'],
    ['http://example.fr:80/pain-au-levain#recette', 'example.fr/pain-au-levain'],
    ['HTTPS://EXAMPLE.FR:443', 'example.fr'],
    ['https://example.fr/', 'example.fr'],
    ['https://example.fr/Pain?x=1', 'example.fr/Pain?x=1'],
    ['https://example.fr/pain/?', 'example.fr/pain'],
    ['  https://example.fr/a//  ', 'example.fr/a'],
  ])('%s → %s', (url, key) => expect(pageUrlKey(url)).toBe(key));

  it('keeps the path case and the query apart, and is null for what is not http(s)', () => {
    expect(pageUrlKey('https://example.fr/Pain')).not.toBe(pageUrlKey('https://example.fr/pain'));
    expect(pageUrlKey('https://example.fr/p?a=1')).not.toBe(pageUrlKey('https://example.fr/p?a=2'));
    expect(pageUrlKey('ftp://example.fr/p')).toBeNull();
    expect(pageUrlKey('example.fr/p')).toBeNull();
  });
});

describe('URLs and names', () => {
  it('accepts http(s) URLs with a host, without spaces, up to 2,048 characters', () => {
    expect(isPageUrl('https://example.fr/a')).toBe(true);
    expect(isPageUrl('http://example.fr')).toBe(true);
    expect(isPageUrl('https:///a')).toBe(false);
    expect(isPageUrl('https://example.fr/a b')).toBe(false);
    expect(isPageUrl('mailto:a@b.fr')).toBe(false);
    expect(isPageUrl(`https://example.fr/${'a'.repeat(2029)}`)).toBe(true);
    expect(isPageUrl(`https://example.fr/${'a'.repeat(2030)}`)).toBe(false);
  });

  it('a path of the site gets its address', () => {
    expect(resolveImportUrl('/blog/post', 'https://example.fr/')).toBe('https://example.fr/blog/post');
    expect(resolveImportUrl('/blog/post', 'example.fr')).toBe('https://example.fr/blog/post');
    expect(resolveImportUrl('//cdn.example.fr/x', 'https://example.fr')).toBe('//cdn.example.fr/x');
    expect(resolveImportUrl(' https://a.fr/x ', 'https://example.fr')).toBe('https://a.fr/x');
  });

  it.each([
    ['https://example.fr/pain-au-levain', 'Pain au levain'],
    ['https://example.fr/recettes/pain-au-levain/', 'Pain au levain'],
    ['https://example.fr/blog/cr%C3%A8me_br%C3%BBl%C3%A9e.html', 'Crème brûlée'],
    ['https://example.fr/produits/eclair?ref=3#top', 'Eclair'],
    ['https://www.example.fr/', 'example.fr'],
    ['https://example.fr/%E0%A4%A', '%E0%A4%A'],
    ['pas une url', ''],
  ])('the name of %s is “%s”', (url, name) => expect(nameFromUrl(url)).toBe(name));
});

describe('parsePageImport', () => {
  const SITE = 'https://boulangerie.fr';

  it('a CSV with a header: the name/title column, else the URL’s last segment', () => {
    const csv = 'Titre,URL\n"Pain, au levain",https://boulangerie.fr/pain-au-levain\n,https://boulangerie.fr/croissant-au-beurre\n';
    expect(parsePageImport(csv, 'csv', SITE)).toEqual([
      { line: 2, label: 'Pain, au levain', url: 'https://boulangerie.fr/pain-au-levain', problem: null, duplicateOf: null },
      { line: 3, label: 'Croissant au beurre', url: 'https://boulangerie.fr/croissant-au-beurre', problem: null, duplicateOf: null },
    ]);
  });

  it('semicolons (a French spreadsheet), a BOM, CRLF and accents in the header', () => {
    const csv = '\uFEFFnom;adresse\r\nBaguette;https://boulangerie.fr/baguette\r\n';
    expect(parsePageImport(csv, 'csv', SITE).map((r) => [r.label, r.url])).toEqual([['Baguette', 'https://boulangerie.fr/baguette']]);
  });

  it('no header: the column that holds URLs, the other one as the name', () => {
    const csv = 'Baguette,https://boulangerie.fr/baguette\nFicelle,/ficelle\n';
    expect(parsePageImport(csv, 'csv', SITE).map((r) => [r.line, r.label, r.url])).toEqual([
      [1, 'Baguette', 'https://boulangerie.fr/baguette'],
      [2, 'Ficelle', 'https://boulangerie.fr/ficelle'],
    ]);
  });

  it('a pasted list: one URL a line (commas in a URL kept), blank lines skipped, line numbers kept', () => {
    const text = 'https://boulangerie.fr/a,b\n\n  https://boulangerie.fr/pain-de-mie  \n';
    expect(parsePageImport(text, 'paste', SITE).map((r) => [r.line, r.label, r.url])).toEqual([
      [1, 'A,b', 'https://boulangerie.fr/a,b'],
      [3, 'Pain de mie', 'https://boulangerie.fr/pain-de-mie'],
    ]);
  });

  it('flags bad rows with their reason and duplicates inside the file with the first line', () => {
    const text = [
      'url,name',
      'https://boulangerie.fr/pain,Pain',
      'ftp://boulangerie.fr/x,FTP',
      'pain aux noix,Noix',
      ',Sans URL',
      `https://boulangerie.fr/${'a'.repeat(2100)},Long`,
      `https://boulangerie.fr/long-name,${'n'.repeat(501)}`,
      'http://www.boulangerie.fr/pain/,Pain encore',
    ].join('\n');
    const rows = parsePageImport(text, 'csv', SITE);
    expect(rows.map((r) => [r.line, r.problem, r.duplicateOf])).toEqual([
      [2, null, null],
      [3, 'notHttp', null],
      [4, 'notHttp', null],
      [5, 'noUrl', null],
      [6, 'urlTooLong', null],
      [7, 'nameTooLong', null],
      [8, null, 2],
    ]);
    expect(rowsToSend(rows).map((r) => r.line)).toEqual([2]);
  });
});

describe('keywords', () => {
  it('one page: a keyword a line, the same keyword twice (any case) is a duplicate, too long is flagged', () => {
    const rows = parseKeywordList(`pain au levain\n\nPain  au levain\n${'k'.repeat(201)}\n levain naturel `);
    expect(rows.map((r) => [r.line, r.label.slice(0, 20), r.problem, r.duplicateOf])).toEqual([
      [1, 'pain au levain', null, null],
      [3, 'Pain au levain', null, 1],
      [4, 'k'.repeat(20), 'keywordTooLong', null],
      [5, 'levain naturel', null, null],
    ]);
  });

  it('many pages: a page URL and a keyword a row; the same pair twice (normalised URL) is a duplicate', () => {
    const csv = 'URL de la page;Mot-clé\nhttps://b.fr/pain;levain\nhttps://www.b.fr/pain/;Levain\nhttps://b.fr/pain;\nnope;x\n/croissant;beurre\n';
    const rows = parseKeywordImport(csv, 'csv', 'https://b.fr');
    expect(rows.map((r) => [r.line, r.url, r.label, r.problem, r.duplicateOf])).toEqual([
      [2, 'https://b.fr/pain', 'levain', null, null],
      [3, 'https://www.b.fr/pain/', 'Levain', null, 2],
      [4, 'https://b.fr/pain', '', 'noKeyword', null],
      [5, 'nope', 'x', 'notHttp', null],
      [6, 'https://b.fr/croissant', 'beurre', null, null],
    ]);
  });

  it('pasted from a spreadsheet: tab separated', () => {
    const rows = parseKeywordImport('https://b.fr/pain\tlevain, naturel\n', 'paste', null);
    expect(rows.map((r) => [r.url, r.label])).toEqual([['https://b.fr/pain', 'levain, naturel']]);
  });
});

describe('mergeOutcome: the file’s verdict, then the database’s for the rows it was sent', () => {
  it('maps the answer’s indexes back to the rows and counts the states', () => {
    const rows = parsePageImport('https://b.fr/a\nftp://x\nhttps://b.fr/b\nhttps://b.fr/a/\nhttps://b.fr/c\n', 'paste', null);
    // sent: lines 1, 3, 5 → indexes 0, 1, 2; line 3 exists already
    const preview = mergeOutcome(rows, { created: 2, skipped: 1, existing: [1], duplicates: [], invalid: [] });
    expect(preview.map((r) => [r.line, r.state])).toEqual([
      [1, 'create'],
      [2, 'invalid'],
      [3, 'existing'],
      [4, 'duplicate'],
      [5, 'create'],
    ]);
    expect(countStates(preview)).toEqual({ create: 2, existing: 1, duplicate: 1, invalid: 1, unknownPage: 0 });
  });

  it('keywords: already linked and unknown pages', () => {
    const rows = parseKeywordImport('https://b.fr/a,x\nhttps://b.fr/z,y\nhttps://b.fr/a,w\n', 'csv', null);
    const preview = mergeOutcome(rows, { created: 1, skipped: 2, already: [0], unknown_page: [1], duplicates: [], invalid: [] });
    expect(preview.map((r) => r.state)).toEqual(['already', 'unknownPage', 'create']);
    expect(countStates(preview)).toMatchObject({ create: 1, existing: 1, unknownPage: 1 });
  });
});
