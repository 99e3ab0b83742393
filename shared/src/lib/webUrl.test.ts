import { normalizeWebUrl, WEB_URL_MAX_LENGTH } from './webUrl';

const url = (input: string, base?: string | null) => {
  const result = normalizeWebUrl(input, { base });
  return result.ok ? result.url : `refused:${result.problem}`;
};

describe('normalizeWebUrl', () => {
  it('gives a typed site address its scheme, lower-cases the host and drops the lone slash', () => {
    expect(url('WWW.Boulangerie-Martin.fr/')).toBe('https://www.boulangerie-martin.fr');
    expect(url('  https://WWW.Boulangerie-Martin.fr/  ')).toBe('https://www.boulangerie-martin.fr');
    expect(url('HTTP://Exemple.fr/Blog/Article')).toBe('http://exemple.fr/Blog/Article');
    expect(url('exemple.fr/blog/')).toBe('https://exemple.fr/blog/');
    expect(url('http://localhost:3000')).toBe('http://localhost:3000');
    expect(url('localhost:3000/x')).toBe('https://localhost:3000/x');
    expect(url('exemple.fr:8080/x?q=1#h')).toBe('https://exemple.fr:8080/x?q=1#h');
    expect(url('https://café.fr')).toBe('https://café.fr');
  });

  it('refuses what is not a web address, with the reason', () => {
    expect(url('')).toBe('refused:empty');
    expect(url('   ')).toBe('refused:empty');
    for (const input of ['javascript:alert(1)', 'JavaScript:alert(1)', 'ftp://exemple.fr/f', 'data:text/html,x', 'mailto:a@b.fr', 'http:exemple.fr']) {
      expect(url(input, 'https://site.fr')).toBe('refused:scheme');
    }
    for (const input of ['https://not a url', 'https://nodot', 'exemple', 'https://user:pw@exemple.fr', 'https://.fr']) {
      expect(url(input)).toBe('refused:invalid');
    }
    expect(url(`https://exemple.fr/${'a'.repeat(WEB_URL_MAX_LENGTH)}`)).toBe('refused:tooLong');
  });

  it("with a base, a path is a page of the site; a host stays a host", () => {
    expect(url('/blog/post', 'https://site.fr/')).toBe('https://site.fr/blog/post');
    expect(url('blog/post', 'https://site.fr')).toBe('https://site.fr/blog/post');
    expect(url('//blog', 'site.fr')).toBe('https://site.fr/blog');
    expect(url('/index.html', 'https://site.fr')).toBe('https://site.fr/index.html');
    expect(url('/', 'https://Site.fr/')).toBe('https://site.fr');
    expect(url('autre.fr/page', 'https://site.fr')).toBe('https://autre.fr/page');
    expect(url('javascript:alert(1)', 'https://site.fr')).toBe('refused:scheme');
    expect(url('/blog', 'not a site')).toBe('refused:invalid');
    expect(url('/blog/post', null)).toBe('refused:invalid');
  });
});
