import type { AuthChangeEvent, Session } from '@supabase/supabase-js';
import { createAuthStore, defaultFullName, type AuthClient } from './createAuthStore';

type Listener = (event: AuthChangeEvent, session: Session | null) => void;

function makeSession(id = 'u1', email = 'jean.dupont@example.com'): Session {
  return {
    access_token: 'a',
    refresh_token: 'r',
    expires_in: 3600,
    token_type: 'bearer',
    user: { id, email, app_metadata: {}, user_metadata: { full_name: 'Jean Dupont' }, aud: 'authenticated', created_at: '' },
  } as Session;
}

function mockAuth() {
  const listeners: Listener[] = [];
  const unsubscribe = jest.fn();
  const auth = {
    onAuthStateChange: jest.fn((cb: Listener) => {
      listeners.push(cb);
      return { data: { subscription: { id: 'x', callback: cb, unsubscribe } } };
    }),
    getSession: jest.fn(),
    signInWithPassword: jest.fn(),
    signUp: jest.fn(async () => ({ data: { user: null, session: null }, error: null })),
    signOut: jest.fn(async () => ({ error: null })),
    resetPasswordForEmail: jest.fn(async () => ({ data: {}, error: null })),
    updateUser: jest.fn(async () => ({ data: { user: makeSession().user }, error: null })),
  };
  const emit = (e: AuthChangeEvent, s: Session | null) => listeners.forEach((l) => l(e, s));
  return { auth, emit, listeners, unsubscribe };
}

function setup() {
  const m = mockAuth();
  const notify = jest.fn();
  const handle = createAuthStore({
    getAuth: () => m.auth as unknown as AuthClient,
    getOrigin: () => 'http://app.test',
    notify,
  });
  return { ...m, ...handle, notify };
}

describe('auth store', () => {
  it('starts loading and turns loading off on INITIAL_SESSION', () => {
    const { store, initAuth, emit } = setup();
    expect(store.getState()).toMatchObject({ loading: true, isLoading: true, session: null, user: null });
    initAuth();
    emit('INITIAL_SESSION', null);
    expect(store.getState()).toMatchObject({ loading: false, isLoading: false, session: null, user: null });
  });

  it('keeps the stored session from INITIAL_SESSION without a sign-in toast on recovery', () => {
    const { store, initAuth, emit, notify } = setup();
    initAuth();
    const s = makeSession();
    // supabase-js emits SIGNED_IN while recovering the stored session, before INITIAL_SESSION
    emit('SIGNED_IN', s);
    emit('INITIAL_SESSION', s);
    expect(store.getState().user?.id).toBe('u1');
    expect(store.getState().loading).toBe(false);
    // and again when the tab regains focus
    emit('SIGNED_IN', s);
    expect(notify).not.toHaveBeenCalled();
  });

  it('toasts on a real sign-in and on sign-out, and clears the session', () => {
    const { store, initAuth, emit, notify } = setup();
    initAuth();
    emit('INITIAL_SESSION', null);
    emit('SIGNED_IN', makeSession());
    expect(notify).toHaveBeenLastCalledWith('signedIn');
    expect(store.getState().session?.user.email).toBe('jean.dupont@example.com');
    emit('TOKEN_REFRESHED', makeSession());
    expect(notify).toHaveBeenCalledTimes(1);
    emit('SIGNED_OUT', null);
    expect(notify).toHaveBeenLastCalledWith('signedOut');
    expect(store.getState()).toMatchObject({ session: null, user: null });
  });

  it('toasts once for a sign-in carried by the URL (confirmation link)', () => {
    window.history.replaceState(null, '', '/auth#access_token=abc&type=signup');
    try {
      const { store, initAuth, emit, notify } = setup();
      initAuth();
      const s = makeSession();
      emit('INITIAL_SESSION', s);
      emit('SIGNED_IN', s);
      expect(store.getState().user?.id).toBe('u1');
      expect(notify).toHaveBeenCalledTimes(1);
      emit('SIGNED_IN', s);
      expect(notify).toHaveBeenCalledTimes(1);
    } finally {
      window.history.replaceState(null, '', '/');
    }
  });

  it('no sign-in toast for a recovery link', () => {
    window.history.replaceState(null, '', '/auth/update-password#access_token=abc&type=recovery');
    try {
      const { initAuth, emit, notify } = setup();
      initAuth();
      const s = makeSession();
      emit('INITIAL_SESSION', s);
      emit('PASSWORD_RECOVERY', s);
      emit('SIGNED_IN', s);
      expect(notify).not.toHaveBeenCalled();
    } finally {
      window.history.replaceState(null, '', '/');
    }
  });

  it('flags PASSWORD_RECOVERY and updates the user on USER_UPDATED', () => {
    const { store, initAuth, emit } = setup();
    initAuth();
    emit('INITIAL_SESSION', null);
    emit('PASSWORD_RECOVERY', makeSession('u2'));
    expect(store.getState()).toMatchObject({ isPasswordRecovery: true, lastEvent: 'PASSWORD_RECOVERY' });
    const s = makeSession('u2');
    s.user.user_metadata = { full_name: 'Autre Nom' };
    emit('USER_UPDATED', s);
    expect(store.getState().user?.user_metadata.full_name).toBe('Autre Nom');
    emit('MFA_CHALLENGE_VERIFIED', s);
    expect(store.getState().lastEvent).toBe('MFA_CHALLENGE_VERIFIED');
  });

  it('subscribes only once', () => {
    const { initAuth, auth } = setup();
    const u1 = initAuth();
    const u2 = initAuth();
    expect(auth.onAuthStateChange).toHaveBeenCalledTimes(1);
    expect(u1).toBe(u2);
  });

  it('signUp sends full_name (default: e-mail local part) and the /auth redirect', async () => {
    const { store, auth } = setup();
    await store.getState().signUp('marie@exemple.fr', 'pw');
    expect(auth.signUp).toHaveBeenLastCalledWith({
      email: 'marie@exemple.fr',
      password: 'pw',
      options: { data: { full_name: 'marie' }, emailRedirectTo: 'http://app.test/auth' },
    });
    await store.getState().signUp('marie@exemple.fr', 'pw', '  Marie Curie ');
    expect(auth.signUp).toHaveBeenLastCalledWith(
      expect.objectContaining({ options: expect.objectContaining({ data: { full_name: 'Marie Curie' } }) }),
    );
  });

  it('resetPassword redirects to /auth/update-password', async () => {
    const { store, auth } = setup();
    await store.getState().resetPassword(' a@b.c ');
    expect(auth.resetPasswordForEmail).toHaveBeenCalledWith('a@b.c', { redirectTo: 'http://app.test/auth/update-password' });
  });

  it('returns the server error instead of throwing', async () => {
    const { store, auth } = setup();
    const err = Object.assign(new Error('Invalid login credentials'), { status: 400, code: 'invalid_credentials' });
    auth.signInWithPassword.mockResolvedValueOnce({ data: { user: null, session: null }, error: err });
    const result = await store.getState().signIn('a@b.c', 'bad');
    expect(result.error?.message).toBe('Invalid login credentials');
    expect(store.getState().session).toBeNull();
  });

  it('signIn stores the returned session at once', async () => {
    const { store, auth } = setup();
    const s = makeSession();
    auth.signInWithPassword.mockResolvedValueOnce({ data: { user: s.user, session: s }, error: null });
    expect((await store.getState().signIn('a@b.c', 'ok')).error).toBeNull();
    expect(store.getState().session).toBe(s);
  });

  it('updatePassword sends only the password and ends recovery mode', async () => {
    const { store, auth, initAuth, emit } = setup();
    initAuth();
    emit('PASSWORD_RECOVERY', makeSession());
    await store.getState().updatePassword('new-pass');
    expect(auth.updateUser).toHaveBeenCalledWith({ password: 'new-pass' });
    expect(store.getState().isPasswordRecovery).toBe(false);
  });

  it('defaultFullName', () => {
    expect(defaultFullName('paul@x.fr')).toBe('paul');
    expect(defaultFullName('paul@x.fr', '   ')).toBe('paul');
    expect(defaultFullName('paul@x.fr', 'Paul V')).toBe('Paul V');
  });
});

describe('auth store with the client loaded on demand', () => {
  function lazySetup(hasStored: boolean) {
    const m = mockAuth();
    const notify = jest.fn();
    let release: () => void = () => undefined;
    const loaded = new Promise<void>((resolve) => {
      release = resolve;
    });
    const getAuth = jest.fn(async () => {
      await loaded;
      return m.auth as unknown as AuthClient;
    });
    const handle = createAuthStore({ getAuth, hasSessionToRestore: () => hasStored, getOrigin: () => 'http://app.test', notify });
    return { ...m, ...handle, getAuth, notify, release };
  }

  it('settles signed out at once without loading the client when no session is stored', () => {
    const { store, initAuth, getAuth } = lazySetup(false);
    initAuth();
    expect(store.getState()).toMatchObject({ loading: false, session: null });
    expect(getAuth).not.toHaveBeenCalled();
  });

  it('loads and subscribes on the first action, so the sign-in reaches the store and toasts', async () => {
    const { store, initAuth, getAuth, auth, emit, notify, release } = lazySetup(false);
    initAuth();
    const s = makeSession();
    auth.signInWithPassword.mockImplementation(async () => {
      emit('SIGNED_IN', s);
      return { data: { session: s, user: s.user }, error: null };
    });
    const signingIn = store.getState().signIn('jean.dupont@example.com', 'pw');
    release();
    await signingIn;
    expect(getAuth).toHaveBeenCalledTimes(1);
    expect(auth.onAuthStateChange).toHaveBeenCalledTimes(1);
    expect(store.getState().session).toBe(s);
    expect(notify).toHaveBeenCalledWith('signedIn');
    // a second action reuses the same subscription
    await store.getState().signOut();
    expect(getAuth).toHaveBeenCalledTimes(1);
    expect(auth.onAuthStateChange).toHaveBeenCalledTimes(1);
  });

  it('stays loading until the stored session is read when one is stored', async () => {
    const { store, initAuth, auth, emit, release, connect } = lazySetup(true);
    initAuth();
    expect(store.getState().loading).toBe(true);
    release();
    await connect();
    expect(auth.onAuthStateChange).toHaveBeenCalledTimes(1);
    emit('INITIAL_SESSION', makeSession());
    expect(store.getState()).toMatchObject({ loading: false });
    expect(store.getState().user?.id).toBe('u1');
  });

  it('settles signed out when the client cannot be downloaded', async () => {
    const m = mockAuth();
    const error = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    const handle = createAuthStore({ getAuth: () => Promise.reject(new Error('offline')), hasSessionToRestore: () => true });
    handle.initAuth();
    await expect(handle.connect()).rejects.toThrow('offline');
    expect(handle.store.getState().loading).toBe(false);
    expect(m.auth.onAuthStateChange).not.toHaveBeenCalled();
    error.mockRestore();
  });
});
