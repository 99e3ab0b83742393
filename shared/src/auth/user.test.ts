import { getDisplayName, getInitials, getUserInitials } from './user';

describe('initials', () => {
  it('takes at most 2 letters of the full name', () => {
    expect(getInitials('Jean Pierre Dupont', 'x@y.z')).toBe('JP');
    expect(getInitials('marie', null)).toBe('M');
    expect(getInitials('élodie durand')).toBe('ÉD');
  });
  it('falls back to the e-mail', () => {
    expect(getInitials('', 'jean.dupont@example.com')).toBe('JD');
    expect(getInitials(null, 'demo@citable.local')).toBe('DE');
  });
  it("is 'U' with nothing to use", () => {
    expect(getInitials('', '')).toBe('U');
    expect(getInitials(undefined, undefined)).toBe('U');
    expect(getUserInitials(null)).toBe('U');
  });
  it('never exceeds 2 characters', () => {
    for (const n of ['A B C D', 'Ab-Cd-Ef', 'x']) expect(getInitials(n).length).toBeLessThanOrEqual(2);
  });
  it('display name: full name, else e-mail', () => {
    expect(getDisplayName({ email: 'a@b.c', user_metadata: { full_name: ' Anne ' } })).toBe('Anne');
    expect(getDisplayName({ email: 'a@b.c', user_metadata: {} })).toBe('a@b.c');
  });
});
