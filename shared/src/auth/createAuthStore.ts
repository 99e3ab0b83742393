import { createStore, type StoreApi } from 'zustand/vanilla';
import type { AuthChangeEvent, AuthError, Session, SupabaseClient, User } from '@supabase/supabase-js';
import { needsSecondFactor } from './user';

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
  | 'resend'
  | 'refreshSession'
  | 'mfa'
>;

export type AuthResult = { error: AuthError | null };

/** A TOTP factor being enrolled: the QR code (an SVG data URL) and the secret to type instead. */
export interface TotpEnrollment {
  factorId: string;
  qrCode: string;
  secret: string;
  uri: string;
}

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
  /**
   * true while the session is aal1 but the user has a verified second factor (nextLevel aal2):
   * the sign-in is not finished until the 6-digit code is verified.
   */
  mfaRequired: boolean;
  signIn: (email: string, password: string) => Promise<AuthResult>;
  signUp: (email: string, password: string, fullName?: string) => Promise<AuthResult>;
  signOut: () => Promise<AuthResult>;
  resetPassword: (email: string) => Promise<AuthResult>;
  updatePassword: (password: string) => Promise<AuthResult>;
  /** updates user_metadata (e.g. full_name) through PUT /user */
  updateProfile: (data: { full_name?: string; avatar_url?: string; locale?: string }) => Promise<AuthResult>;
  /** sends the sign-up confirmation e-mail again (POST /resend) */
  resendConfirmation: (email: string) => Promise<AuthResult>;
  /** verifies a code of the user's verified TOTP factor: the session becomes aal2 (MFA_CHALLENGE_VERIFIED) */
  verifySecondFactor: (code: string) => Promise<AuthResult>;
  /** starts turning two-factor authentication on: a new, unverified TOTP factor */
  enrollTotp: () => Promise<AuthResult & { enrollment: TotpEnrollment | null }>;
  /** confirms an enrolment with a first code: the factor is verified and the session aal2 */
  confirmTotp: (factorId: string, code: string) => Promise<AuthResult>;
  /** turns a factor off (needs an aal2 session), then refreshes the session (aal1, no factor) */
  unenrollFactor: (factorId: string) => Promise<AuthResult>;
  /**
   * Asks the server for a new access token now: what the server changed on the account since the
   * last token (e.g. staff access given with `npm run staff -- add`, app_metadata) reaches the app
   * without signing out and in again. Signed out: does nothing.
   */
  refreshAccount: () => Promise<AuthResult>;
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

/** The state that follows a session: the user, and whether the second factor is still due. */
function fromSession(session: Session | null) {
  return { session, user: session?.user ?? null, mfaRequired: needsSecondFactor(session) };
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

  const store = createStore<AuthState>()((set, get) => ({
    session: null,
    user: null,
    loading: true,
    isLoading: true,
    lastEvent: null,
    isPasswordRecovery: false,
    mfaRequired: false,

    async signIn(email, password) {
      const auth = await getAuth();
      const { data, error } = await auth.signInWithPassword({ email: email.trim(), password });
      if (!error && data.session) set(fromSession(data.session));
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
      if (!error) set({ session: null, user: null, isPasswordRecovery: false, mfaRequired: false });
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

    async resendConfirmation(email) {
      const auth = await getAuth();
      const { error } = await auth.resend({
        type: 'signup',
        email: email.trim(),
        options: { emailRedirectTo: `${getOrigin()}/auth` },
      });
      return { error };
    },

    async verifySecondFactor(code) {
      const auth = await getAuth();
      const { data, error } = await auth.mfa.listFactors();
      if (error) return { error };
      const factor = data.totp[0];
      if (!factor) return { error: null };
      const result = await auth.mfa.challengeAndVerify({ factorId: factor.id, code: code.trim() });
      // the session itself arrives with the MFA_CHALLENGE_VERIFIED event
      return { error: result.error };
    },

    async enrollTotp() {
      const auth = await getAuth();
      // an earlier, unfinished enrolment would hold the same (empty) friendly name: GoTrue refuses a second one
      const { data: listed, error: listError } = await auth.mfa.listFactors();
      if (listError) return { error: listError, enrollment: null };
      for (const factor of listed.all) {
        if (factor.status !== 'verified' && factor.factor_type === 'totp') {
          const { error } = await auth.mfa.unenroll({ factorId: factor.id });
          if (error) return { error, enrollment: null };
        }
      }
      const { data, error } = await auth.mfa.enroll({ factorType: 'totp' });
      if (error || !data) return { error, enrollment: null };
      return {
        error: null,
        enrollment: { factorId: data.id, qrCode: data.totp.qr_code, secret: data.totp.secret, uri: data.totp.uri },
      };
    },

    async confirmTotp(factorId, code) {
      const auth = await getAuth();
      const { error } = await auth.mfa.challengeAndVerify({ factorId, code: code.trim() });
      return { error };
    },

    async unenrollFactor(factorId) {
      const auth = await getAuth();
      const { error } = await auth.mfa.unenroll({ factorId });
      if (error) return { error };
      // the access token still says aal2 and the stored user still lists the factor
      const refreshed = await auth.refreshSession();
      if (!refreshed.error && refreshed.data.session) set(fromSession(refreshed.data.session));
      return { error: null };
    },

    async refreshAccount() {
      if (!get().session) return { error: null };
      const auth = await getAuth();
      const refreshed = await auth.refreshSession();
      if (refreshed.error) return { error: refreshed.error };
      if (refreshed.data.session) set(fromSession(refreshed.data.session));
      return { error: null };
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
        store.setState({ ...fromSession(session), loading: false, isLoading: false, lastEvent: event });
        return;
      case 'SIGNED_OUT':
        store.setState({
          session: null,
          user: null,
          loading: false,
          isLoading: false,
          isPasswordRecovery: false,
          mfaRequired: false,
          lastEvent: event,
        });
        if (wasSignedIn) notify?.('signedOut');
        return;
      case 'PASSWORD_RECOVERY':
        allowUrlSignedInNotice = false;
        store.setState({ ...fromSession(session), isPasswordRecovery: true, lastEvent: event });
        return;
      case 'SIGNED_IN': {
        const isNewUser = !wasSignedIn || previous.session?.user.id !== session?.user.id;
        store.setState({ ...fromSession(session), lastEvent: event });
        // supabase-js re-emits SIGNED_IN when it recovers a stored session (page load, tab focus):
        // only a real transition from signed out to signed in gets the toast — or the sign-in
        // carried by the URL (e-mail confirmation link), which supabase-js reports just after
        // INITIAL_SESSION.
        const fromUrl = allowUrlSignedInNotice;
        allowUrlSignedInNotice = false;
        // a sign-in that still needs its second factor is announced once the code is verified
        if (session && ((isNewUser && !previous.loading) || fromUrl) && !needsSecondFactor(session)) notify?.('signedIn');
        return;
      }
      case 'MFA_CHALLENGE_VERIFIED':
        store.setState({ ...fromSession(session), lastEvent: event });
        if (previous.mfaRequired && session && !needsSecondFactor(session)) notify?.('signedIn');
        return;
      case 'TOKEN_REFRESHED':
      case 'USER_UPDATED':
      default:
        store.setState({ ...fromSession(session), lastEvent: event });
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
