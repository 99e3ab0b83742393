import { parseRouteId } from './routeId';

describe('parseRouteId', () => {
  it('a positive integer of at most 15 digits', () => {
    expect(parseRouteId('42')).toBe(42);
    expect(parseRouteId('9'.repeat(15))).toBe(999_999_999_999_999);
  });

  it('null for anything else', () => {
    for (const bad of [undefined, '', '0', '-1', '4.2', 'abc', '1e3', ' 42', '9'.repeat(16), "1' or 1=1"]) expect(parseRouteId(bad)).toBeNull();
  });
});
