/**
 * A colour per person for initials avatars, stable for a name (the same reviewer keeps their colour),
 * from dark shades that keep white initials at WCAG AA contrast (≥ 4.5:1).
 */
const AVATAR_COLORS = ['brand.8', 'teal.9', 'grape.9', 'indigo.9', 'cyan.9', 'pink.9', 'violet.9', 'green.9'] as const;

export function avatarColor(name: string): (typeof AVATAR_COLORS)[number] {
  let hash = 0;
  for (const char of name) hash = (hash * 31 + (char.codePointAt(0) ?? 0)) >>> 0;
  return AVATAR_COLORS[hash % AVATAR_COLORS.length];
}
