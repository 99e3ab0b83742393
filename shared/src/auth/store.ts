import { useStore } from 'zustand';
import { createAuthStore, type AuthNotice, type AuthState, type AuthStoreHandle } from './createAuthStore';
import { hasStoredSession, loadSupabase } from '../supabase/client';
import { i18n } from '../i18n';
import { showToast } from '../ui/toast';

export type { AuthState, AuthResult, AuthClient, AuthNotice } from './createAuthStore';
export { defaultFullName } from './createAuthStore';

function showAuthNotice(notice: AuthNotice) {
  showToast({
    id: `auth-${notice}`,
    color: notice === 'signedIn' ? 'teal' : 'blue',
    // (in the first-load namespace: the 'auth' one comes with the sign-in pages, and a confirmation link
    // signs a visitor in on any page)
    title: i18n.t(`platform:authNotice.${notice}.title`),
    message: i18n.t(`platform:authNotice.${notice}.message`),
  });
}

const GLOBAL_KEY = '__citableAuthStore__';
type GlobalWithAuth = typeof globalThis & { [GLOBAL_KEY]?: AuthStoreHandle };

// One store per page, even if a remote were to load its own copy of this module
// (module federation shares @citable/shared as a singleton; this is the safety net).
const holder = globalThis as GlobalWithAuth;
const handle: AuthStoreHandle =
  holder[GLOBAL_KEY] ??
  (holder[GLOBAL_KEY] = createAuthStore({
    getAuth: async () => (await loadSupabase()).auth,
    hasSessionToRestore: hasStoredSession,
    notify: showAuthNotice,
  }));

/** The vanilla store (getState / setState / subscribe). */
export const authStore = handle.store;

/**
 * Subscribes the store to supabase-js auth events. Idempotent; the shell calls it once at start.
 * Without a stored session it settles at once as signed out and loads supabase-js on first use.
 */
export const initAuth = handle.initAuth;

// a sign-in in another tab writes the session key: connect this page so it follows
if (typeof window !== 'undefined') {
  window.addEventListener('storage', (event) => {
    if (event.key && event.newValue && event.key.endsWith('-auth-token') && hasStoredSession()) void handle.connect();
  });
}

function useAuthStoreHook(): AuthState;
function useAuthStoreHook<T>(selector: (state: AuthState) => T): T;
function useAuthStoreHook<T>(selector?: (state: AuthState) => T) {
  return useStore(authStore, selector ?? ((s: AuthState) => s as unknown as T));
}

/** The auth store as a React hook, with the vanilla API attached (useAuthStore.getState()). */
export const useAuthStore = Object.assign(useAuthStoreHook, {
  getState: authStore.getState,
  setState: authStore.setState,
  subscribe: authStore.subscribe,
  getInitialState: authStore.getInitialState,
});

export const useSession = () => useAuthStore((s) => s.session);
export const useUser = () => useAuthStore((s) => s.user);
export const useIsLoggedIn = () => useAuthStore((s) => Boolean(s.session?.user));
export const useAuthLoading = () => useAuthStore((s) => s.loading);
