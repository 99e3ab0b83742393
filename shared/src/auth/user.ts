import type { User } from '@supabase/supabase-js';

/** Name shown for a user: user_metadata.full_name (or name), else the e-mail, else ''. */
export function getDisplayName(user: Pick<User, 'email' | 'user_metadata'> | null | undefined): string {
  const meta = (user?.user_metadata ?? {}) as Record<string, unknown>;
  const name = typeof meta.full_name === 'string' ? meta.full_name : typeof meta.name === 'string' ? meta.name : '';
  return name.trim() || user?.email?.trim() || '';
}

export function getAvatarUrl(user: Pick<User, 'user_metadata'> | null | undefined): string | null {
  const url = (user?.user_metadata as Record<string, unknown> | undefined)?.avatar_url;
  return typeof url === 'string' && url.trim() ? url : null;
}

/**
 * Initials for the avatar (spec §2/§9): from the full name, else the e-mail; at most 2 letters;
 * 'U' when there is nothing to take them from.
 */
export function getInitials(fullName?: string | null, email?: string | null): string {
  const fromName = (fullName ?? '').trim();
  if (fromName) {
    const words = fromName.split(/[\s\-_.]+/u).filter(Boolean);
    const letters = words.map((w) => Array.from(w)[0] ?? '').join('');
    const result = Array.from(letters).slice(0, 2).join('').toUpperCase();
    if (result) return result;
  }
  const local = (email ?? '').trim().split('@')[0] ?? '';
  const parts = local.split(/[._\-+]+/u).filter(Boolean);
  if (parts.length >= 2) return (Array.from(parts[0])[0] + Array.from(parts[1])[0]).toUpperCase();
  if (parts.length === 1) return Array.from(parts[0]).slice(0, 2).join('').toUpperCase();
  return 'U';
}

export function getUserInitials(user: Pick<User, 'email' | 'user_metadata'> | null | undefined): string {
  const meta = (user?.user_metadata ?? {}) as Record<string, unknown>;
  const name = typeof meta.full_name === 'string' ? meta.full_name : typeof meta.name === 'string' ? meta.name : '';
  return getInitials(name, user?.email);
}
