import { createClient, type SupabaseClient } from '@supabase/supabase-js';
import { getRuntimeConfig } from '../config/runtime-config';
import type { Database } from './database';

export type CitableSupabaseClient = SupabaseClient<Database>;

const GLOBAL_KEY = '__citableSupabase__';
type Holder = typeof globalThis & { [GLOBAL_KEY]?: CitableSupabaseClient };
const holder = globalThis as Holder;

/**
 * The one supabase-js client of the page, created lazily from the runtime config.
 * Sessions persist in local storage and refresh automatically (supabase-js defaults).
 */
export function getSupabase(): CitableSupabaseClient {
  const existing = holder[GLOBAL_KEY];
  if (existing) return existing;
  const { supabaseUrl, supabaseAnonKey } = getRuntimeConfig();
  const client = createClient<Database>(supabaseUrl, supabaseAnonKey, {
    auth: { persistSession: true, autoRefreshToken: true, detectSessionInUrl: true },
  });
  holder[GLOBAL_KEY] = client;
  return client;
}

/** For tests: drop the client so the next getSupabase() creates a new one. */
export function resetSupabaseForTests(): void {
  holder[GLOBAL_KEY] = undefined;
}
