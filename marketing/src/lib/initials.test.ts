import { initialsOf } from './initials';
import en from '../locales/en/messages';
import fr from '../locales/fr/messages';

describe('initialsOf', () => {
  it('takes the first letters of the first and last words of the name, before the role', () => {
    expect(initialsOf('Sophie Moreau, fondatrice, Atelier Lumen')).toBe('SM');
    expect(initialsOf('Jean Pierre Dupont')).toBe('JD');
    expect(initialsOf('élodie martin')).toBe('ÉM');
    expect(initialsOf('Madonna')).toBe('M');
    expect(initialsOf('  ')).toBe('');
  });

  it("the free-article dialog's testimonial is Sophie Moreau's: SM, in both languages", () => {
    expect(initialsOf(fr.claim.testimonialName)).toBe('SM');
    expect(initialsOf(en.claim.testimonialName)).toBe('SM');
  });
});
