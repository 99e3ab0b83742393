import type { Session, User } from '@supabase/supabase-js';

/** Name shown for a user: user_metadata.full_name (or name), else the e-mail, else ''. */
export function getDisplayName(user: Pick<User, 'email' | 'user_metadata'> | null | undefined): string {
  const meta = (user?.user_metadata ?? {}) as Record<string, unknown>;
  const name = typeof meta.full_name === 'string' ? meta.full_name : typeof meta.name === 'string' ? meta.name : '';
  return name.trim() || user?.email?.trim() || '';
}

/**
 * Whether the user is on the service's own team (staff): app_metadata.staff, which only the service
 * role can set (`npm run staff -- add <email>`). It shows the staff screens; what staff may read is
 * decided by the database (private.is_staff, RLS), not by this flag.
 */
export function isStaff(user: Pick<User, 'app_metadata'> | null | undefined): boolean {
  return (user?.app_metadata as Record<string, unknown> | undefined)?.staff === true;
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

/** The `aal` claim of the session's access token ('aal1', 'aal2'), or null when it cannot be read. */
export function sessionAssuranceLevel(session: Pick<Session, 'access_token'> | null | undefined): string | null {
  const payload = session?.access_token?.split('.')[1];
  if (!payload) return null;
  try {
    const base64 = payload.replace(/-/g, '+').replace(/_/g, '/').padEnd(Math.ceil(payload.length / 4) * 4, '=');
    const claims = JSON.parse(atob(base64)) as { aal?: unknown };
    return typeof claims.aal === 'string' ? claims.aal : null;
  } catch {
    return null;
  }
}

/**
 * True when the user has a verified second factor the session has not used yet (supabase-js's
 * getAuthenticatorAssuranceLevel: currentLevel aal1, nextLevel aal2): the code is still due.
 */
export function needsSecondFactor(session: Pick<Session, 'access_token' | 'user'> | null | undefined): boolean {
  if (!session?.user) return false;
  const verified = (session.user.factors ?? []).some((f) => f.status === 'verified');
  return verified && sessionAssuranceLevel(session) !== 'aal2';
}
