/**
 * The initials of a person shown in a credit line — 'Sophie Moreau, fondatrice, Atelier Lumen' → 'SM':
 * the first letters of the first and last words of the name (the part before the first comma), upper case.
 */
export function initialsOf(credit: string): string {
  const words = (credit.split(',')[0] ?? '').trim().split(/\s+/).filter(Boolean);
  if (words.length === 0) return '';
  const first = [...words[0]][0] ?? '';
  const last = words.length > 1 ? ([...words[words.length - 1]][0] ?? '') : '';
  return `${first}${last}`.toLocaleUpperCase();
}
