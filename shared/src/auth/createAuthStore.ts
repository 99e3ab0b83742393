import { createStore, type StoreApi } from 'zustand/vanilla';
import type { AuthChangeEvent, AuthError, Session, SupabaseClient, User } from '@supabase/supabase-js';

/** The part of supabase-js the auth store talks to (lets tests pass a mocked `auth`). */
export type AuthClient = Pick<
  SupabaseClient['auth'],
  | 'onAuthStateChange'
  | 'getSession'
  | 'signInWithPassword'
  | 'signUp'
  | 'signOut'
  | 'resetPasswordForEmail'
  | 'updateUser'
>;

export type AuthResult = { error: AuthError | null };

/** Toast kinds emitted by the store itself (auth events), rendered by the host. */
export type AuthNotice = 'signedIn' | 'signedOut';

export interface AuthState {
  session: Session | null;
  user: User | null;
  /** true until the stored session has been read (INITIAL_SESSION) */
  loading: boolean;
  /** alias of `loading` (spec §3 "Auth context") */
  isLoading: boolean;
  /** last auth event received from supabase-js */
  lastEvent: AuthChangeEvent | null;
  /** true after a PASSWORD_RECOVERY event, until the password is updated or the user signs out */
  isPasswordRecovery: boolean;
  signIn: (email: string, password: string) => Promise<AuthResult>;
  signUp: (email: string, password: string, fullName?: string) => Promise<AuthResult>;
  signOut: () => Promise<AuthResult>;
  resetPassword: (email: string) => Promise<AuthResult>;
  updatePassword: (password: string) => Promise<AuthResult>;
  /** updates user_metadata (e.g. full_name) through PUT /user */
  updateProfile: (data: { full_name?: string; avatar_url?: string; locale?: string }) => Promise<AuthResult>;
}

export interface AuthStoreOptions {
  /** the supabase-js auth client, or a promise of it when supabase-js is loaded on demand */
  getAuth: () => AuthClient | Promise<AuthClient>;
  /**
   * Whether initAuth() must load the client at once: true when a session may be stored (or arrives in
   * the URL). When false the store starts signed out and settled, and subscribes the first time an
   * action needs the client (or `connect()` is called). Default: always.
   */
  hasSessionToRestore?: () => boolean;
  /** origin used for e-mail redirect links; defaults to window.location.origin */
  getOrigin?: () => string;
  /** called for the auth-event toasts; the host renders them */
  notify?: (notice: AuthNotice) => void;
}

export interface AuthStoreHandle {
  store: StoreApi<AuthState>;
  /** subscribes to supabase-js auth events once; later calls are no-ops. Returns an unsubscribe. */
  initAuth: () => () => void;
  /** loads the client if needed and subscribes to its auth events (idempotent); resolves when subscribed */
  connect: () => Promise<AuthClient>;
}

/** Full name sent at sign-up: the given one, else the part of the e-mail before '@'. */
export function defaultFullName(email: string, fullName?: string): string {
  const given = fullName?.trim();
  if (given) return given;
  const local = email.trim().split('@')[0] ?? '';
  return local;
}

function defaultOrigin(): string {
  return typeof window !== 'undefined' ? window.location.origin : '';
}

function urlCarriesSession(): boolean {
  if (typeof window === 'undefined') return false;
  return /(^|[#&])access_token=/.test(window.location.hash);
}

/** A session, or an auth error, handed over in the URL by an e-mail link (supabase-js reads it). */
function urlCarriesAuthResult(): boolean {
  if (typeof window === 'undefined') return false;
  return urlCarriesSession() || /(^|[#&])error_description=/.test(window.location.hash);
}

function isPromise<T>(value: T | Promise<T>): value is Promise<T> {
  return typeof (value as Promise<T>)?.then === 'function';
}

export function createAuthStore(options: AuthStoreOptions): AuthStoreHandle {
  const { notify } = options;
  const getOrigin = options.getOrigin ?? defaultOrigin;
  const hasSessionToRestore = options.hasSessionToRestore ?? (() => true);
  // every action goes through the subscribed client, so a sign-in made before initAuth loaded
  // supabase-js still reaches the store through its auth events
  const getAuth = () => connect();

  const store = createStore<AuthState>()((set) => ({
    session: null,
    user: null,
    loading: true,
    isLoading: true,
    lastEvent: null,
    isPasswordRecovery: false,

    async signIn(email, password) {
      const auth = await getAuth();
      const { data, error } = await auth.signInWithPassword({ email: email.trim(), password });
      if (!error && data.session) set({ session: data.session, user: data.session.user });
      return { error };
    },

    async signUp(email, password, fullName) {
      const auth = await getAuth();
      const { error } = await auth.signUp({
        email: email.trim(),
        password,
        options: {
          data: { full_name: defaultFullName(email, fullName) },
          emailRedirectTo: `${getOrigin()}/auth`,
        },
      });
      return { error };
    },

    async signOut() {
      const auth = await getAuth();
      const { error } = await auth.signOut();
      if (!error) set({ session: null, user: null, isPasswordRecovery: false });
      return { error };
    },

    async resetPassword(email) {
      const auth = await getAuth();
      const { error } = await auth.resetPasswordForEmail(email.trim(), {
        redirectTo: `${getOrigin()}/auth/update-password`,
      });
      return { error };
    },

    async updatePassword(password) {
      const auth = await getAuth();
      const { data, error } = await auth.updateUser({ password });
      if (!error) set({ isPasswordRecovery: false, ...(data.user ? { user: data.user } : {}) });
      return { error };
    },

    async updateProfile(data) {
      const auth = await getAuth();
      const { data: result, error } = await auth.updateUser({ data });
      if (!error && result.user) set({ user: result.user });
      return { error };
    },
  }));

  let unsubscribe: (() => void) | null = null;
  // a session found in the URL (confirmation / magic link) is a real sign-in even though
  // supabase-js has already reported it through INITIAL_SESSION
  let allowUrlSignedInNotice = false;

  function handleEvent(event: AuthChangeEvent, session: Session | null) {
    const previous = store.getState();
    const wasSignedIn = Boolean(previous.session?.user);
    switch (event) {
      case 'INITIAL_SESSION':
        store.setState({ session, user: session?.user ?? null, loading: false, isLoading: false, lastEvent: event });
        return;
      case 'SIGNED_OUT':
        store.setState({
          session: null,
          user: null,
          loading: false,
          isLoading: false,
          isPasswordRecovery: false,
          lastEvent: event,
        });
        if (wasSignedIn) notify?.('signedOut');
        return;
      case 'PASSWORD_RECOVERY':
        allowUrlSignedInNotice = false;
        store.setState({ session, user: session?.user ?? null, isPasswordRecovery: true, lastEvent: event });
        return;
      case 'SIGNED_IN': {
        const isNewUser = !wasSignedIn || previous.session?.user.id !== session?.user.id;
        store.setState({ session, user: session?.user ?? null, lastEvent: event });
        // supabase-js re-emits SIGNED_IN when it recovers a stored session (page load, tab focus):
        // only a real transition from signed out to signed in gets the toast — or the sign-in
        // carried by the URL (e-mail confirmation link), which supabase-js reports just after
        // INITIAL_SESSION.
        const fromUrl = allowUrlSignedInNotice;
        allowUrlSignedInNotice = false;
        if (session && ((isNewUser && !previous.loading) || fromUrl)) notify?.('signedIn');
        return;
      }
      case 'TOKEN_REFRESHED':
      case 'USER_UPDATED':
      case 'MFA_CHALLENGE_VERIFIED':
      default:
        store.setState({ session, user: session?.user ?? null, lastEvent: event });
    }
  }

  let connecting: Promise<AuthClient> | null = null;

  function subscribe(auth: AuthClient): AuthClient {
    if (unsubscribe) return auth;
    const { data } = auth.onAuthStateChange((event, session) => {
      handleEvent(event, session);
    });
    unsubscribe = () => {
      data.subscription.unsubscribe();
      unsubscribe = null;
      connecting = null;
    };
    return auth;
  }

  function connect(): Promise<AuthClient> {
    if (connecting) return connecting;
    const auth = options.getAuth();
    connecting = isPromise(auth) ? auth.then(subscribe) : Promise.resolve(subscribe(auth));
    // a failed download (offline) is retried by the next action
    connecting.catch(() => {
      connecting = null;
    });
    return connecting;
  }

  const stop = () => unsubscribe?.();

  function initAuth() {
    if (unsubscribe || connecting) return stop;
    allowUrlSignedInNotice = urlCarriesSession();
    if (hasSessionToRestore() || urlCarriesAuthResult()) {
      // (a client given directly is subscribed synchronously, within this call)
      connect().catch((error: unknown) => {
        // supabase-js could not be downloaded: settle as signed out rather than spin for ever
        console.error('[auth] could not load the auth client', error);
        store.setState({ loading: false, isLoading: false });
      });
    } else {
      // nothing to restore: the visitor is signed out, and supabase-js is loaded on first use
      store.setState({ loading: false, isLoading: false });
    }
    return stop;
  }

  return { store, initAuth, connect };
}
