import { isValidEmail, normalizeWebsiteUrl } from './validation';

describe('normalizeWebsiteUrl', () => {
  it.each([
    ['example.com', 'https://example.com'],
    ['  WWW.Example.COM/ ', 'https://www.example.com'],
    ['http://shop.example.fr/blog/', 'http://shop.example.fr/blog'],
    ['https://example.io/?ref=a', 'https://example.io/?ref=a'],
    ['example.com:8080', 'https://example.com:8080'],
    ['xn--bcher-kva.de', 'https://xn--bcher-kva.de'],
  ])('%s → %s', (input, expected) => expect(normalizeWebsiteUrl(input)).toBe(expected));

  it.each(['', 'not a site', 'localhost', 'example', 'javascript:alert(1)', 'mailto:a@b.com', 'ftp://example.com', 'https://user:pw@example.com', 'http://-bad-.com', 'example.c0m', '1.2.3.4'])(
    'rejects %p',
    (input) => expect(normalizeWebsiteUrl(input)).toBeNull(),
  );
});

describe('isValidEmail', () => {
  it.each(['a@b.co', ' owner@example.com ', 'first.last+tag@sub.example.fr'])('accepts %p', (v) => expect(isValidEmail(v)).toBe(true));
  it.each(['', 'a', 'a@b', 'a@@b.com', 'a b@c.com', 'a@b..com', '@b.com'])('rejects %p', (v) => expect(isValidEmail(v)).toBe(false));
});
