import type { SupabaseClient } from '@supabase/supabase-js';
import { getRuntimeConfig } from '../config/runtime-config';
import type { Database } from './database';

export type CitableSupabaseClient = SupabaseClient<Database>;

const GLOBAL_KEY = '__citableSupabase__';
type Holder = typeof globalThis & { [GLOBAL_KEY]?: Promise<CitableSupabaseClient> };
const holder = globalThis as Holder;

/**
 * Where supabase-js keeps the session in local storage: its own default key
 * (`sb-<first label of the API host>-auth-token`), given explicitly so that the page can tell
 * whether a session is stored without loading supabase-js.
 */
export function authStorageKey(supabaseUrl: string): string {
  return `sb-${new URL(supabaseUrl).hostname.split('.')[0]}-auth-token`;
}

/** True when local storage holds a supabase-js session for this backend (no network, no supabase-js). */
export function hasStoredSession(): boolean {
  try {
    return Boolean(globalThis.localStorage?.getItem(authStorageKey(getRuntimeConfig().supabaseUrl)));
  } catch {
    return false;
  }
}

/**
 * The one supabase-js client of the page, created on first use from the runtime config.
 * supabase-js (~60 KB gzip) is downloaded on that first call, not with the page: a visitor of the
 * public pages who never signs in or sends a form never loads it.
 * Sessions persist in local storage and refresh automatically (supabase-js defaults).
 */
export function loadSupabase(): Promise<CitableSupabaseClient> {
  const existing = holder[GLOBAL_KEY];
  if (existing) return existing;
  const created = import('@supabase/supabase-js').then(({ createClient }) => {
    const { supabaseUrl, supabaseAnonKey } = getRuntimeConfig();
    return createClient<Database>(supabaseUrl, supabaseAnonKey, {
      auth: {
        persistSession: true,
        autoRefreshToken: true,
        detectSessionInUrl: true,
        storageKey: authStorageKey(supabaseUrl),
      },
    });
  });
  holder[GLOBAL_KEY] = created;
  // a failed download can be retried by the next call
  created.catch(() => {
    if (holder[GLOBAL_KEY] === created) holder[GLOBAL_KEY] = undefined;
  });
  return created;
}

/** For tests: drop the client so the next loadSupabase() creates a new one. */
export function resetSupabaseForTests(): void {
  holder[GLOBAL_KEY] = undefined;
}
