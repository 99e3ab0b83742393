import { isWebUrl, webLink } from './webLink';

describe('webLink', () => {
  it('keeps http(s) links, normalised', () => {
    expect(webLink('https://Example.com/a b')).toBe('https://example.com/a%20b');
    expect(webLink('http://x.test')).toBe('http://x.test/');
  });
  it('refuses other schemes, relative and empty URLs', () => {
    for (const url of ['javascript:alert(1)', 'data:text/html,x', '/relative', 'not a url', '', null, undefined]) {
      expect(webLink(url)).toBeNull();
      expect(isWebUrl(url)).toBe(false);
    }
  });
});
