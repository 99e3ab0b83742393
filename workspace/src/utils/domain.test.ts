import { hostOf, isOnDomain } from './domain';

describe('hostOf', () => {
  it('lowercased, without www. and a trailing dot, with or without a scheme', () => {
    expect(hostOf('https://WWW.Example.com/x')).toBe('example.com');
    expect(hostOf('https://WWW.Example.com/a')).toBe('example.com');
    expect(hostOf('example.com')).toBe('example.com');
    expect(hostOf('http://blog.example.com./a?b')).toBe('blog.example.com');
  });

  it('null when there is no host', () => {
    expect(hostOf('')).toBeNull();
    expect(hostOf(null)).toBeNull();
    expect(hostOf(undefined)).toBeNull();
    expect(hostOf('https://')).toBeNull();
  });
});

describe('isOnDomain', () => {
  it('the domain and its subdomains, not a longer domain', () => {
    expect(isOnDomain('example.com', 'example.com')).toBe(true);
    expect(isOnDomain('blog.example.com', 'example.com')).toBe(true);
    expect(isOnDomain('notexample.com', 'example.com')).toBe(false);
    expect(isOnDomain('example.com.evil.org', 'example.com')).toBe(false);
    expect(isOnDomain(null, 'example.com')).toBe(false);
    expect(isOnDomain('example.com', null)).toBe(false);
  });
});
