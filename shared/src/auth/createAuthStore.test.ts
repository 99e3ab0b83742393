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

describe('auth store: second factor (issue 20)', () => {
  /** A session whose access token carries `aal`, for a user with (or without) a verified TOTP factor. */
  function mfaSession(aal: 'aal1' | 'aal2', verified = true): Session {
    const s = makeSession();
    const payload = Buffer.from(JSON.stringify({ sub: 'u1', aal })).toString('base64url');
    return {
      ...s,
      access_token: `h.${payload}.sig`,
      user: {
        ...s.user,
        factors: verified ? [{ id: 'f1', factor_type: 'totp', status: 'verified', created_at: '', updated_at: '', friendly_name: '' }] : [],
      },
    } as Session;
  }

  function setupMfa() {
    const m = setup();
    const mfa = {
      listFactors: jest.fn(async () => ({ data: { all: [], totp: [{ id: 'f1' }], phone: [], webauthn: [] }, error: null })),
      challengeAndVerify: jest.fn(async () => ({ data: {}, error: null })),
      enroll: jest.fn(async () => ({ data: { id: 'f2', type: 'totp', totp: { qr_code: 'data:image/svg+xml;utf-8,<svg/>', secret: 'ABC', uri: 'otpauth://totp/x' } }, error: null })),
      unenroll: jest.fn(async () => ({ data: { id: 'f1' }, error: null })),
    };
    Object.assign(m.auth, {
      mfa,
      resend: jest.fn(async () => ({ data: { user: null, session: null }, error: null })),
      refreshSession: jest.fn(async () => ({ data: { session: mfaSession('aal1', false), user: null }, error: null })),
    });
    return { ...m, mfa };
  }

  it('an aal1 session with a verified factor is not finished; MFA_CHALLENGE_VERIFIED (aal2) finishes it and toasts once', () => {
    const { store, initAuth, emit, notify } = setupMfa();
    initAuth();
    emit('INITIAL_SESSION', null);
    emit('SIGNED_IN', mfaSession('aal1'));
    expect(store.getState().mfaRequired).toBe(true);
    expect(notify).not.toHaveBeenCalled();
    emit('MFA_CHALLENGE_VERIFIED', mfaSession('aal2'));
    expect(store.getState()).toMatchObject({ mfaRequired: false, lastEvent: 'MFA_CHALLENGE_VERIFIED' });
    expect(notify).toHaveBeenCalledWith('signedIn');
    // enabling 2FA from the settings (already signed in) does not toast a sign-in
    emit('MFA_CHALLENGE_VERIFIED', mfaSession('aal2'));
    expect(notify).toHaveBeenCalledTimes(1);
  });

  it('a session without a verified factor, or a token without aal, needs no code', () => {
    const { store, initAuth, emit } = setupMfa();
    initAuth();
    emit('INITIAL_SESSION', mfaSession('aal1', false));
    expect(store.getState().mfaRequired).toBe(false);
    emit('TOKEN_REFRESHED', { ...mfaSession('aal1'), access_token: 'not-a-jwt' });
    expect(store.getState().mfaRequired).toBe(true);
    emit('SIGNED_OUT', null);
    expect(store.getState().mfaRequired).toBe(false);
  });

  it('verifySecondFactor challenges and verifies the verified TOTP factor', async () => {
    const { store, mfa } = setupMfa();
    expect(await store.getState().verifySecondFactor(' 123456 ')).toEqual({ error: null });
    expect(mfa.challengeAndVerify).toHaveBeenCalledWith({ factorId: 'f1', code: '123456' });
  });

  it('resendConfirmation sends the signup type with the /auth redirect', async () => {
    const { store, auth } = setupMfa();
    await store.getState().resendConfirmation(' marie@exemple.fr ');
    expect((auth as unknown as { resend: jest.Mock }).resend).toHaveBeenCalledWith({
      type: 'signup',
      email: 'marie@exemple.fr',
      options: { emailRedirectTo: 'http://app.test/auth' },
    });
  });

  it('refreshAccount takes a new token now (app_metadata changed on the server), and does nothing signed out', async () => {
    const { store, initAuth, emit, auth } = setupMfa();
    const { refreshSession } = auth as unknown as { refreshSession: jest.Mock };
    initAuth();
    emit('INITIAL_SESSION', null);
    expect(await store.getState().refreshAccount()).toEqual({ error: null });
    expect(refreshSession).not.toHaveBeenCalled();
    emit('SIGNED_IN', mfaSession('aal1', false));
    const staffSession = { ...mfaSession('aal1', false), user: { ...mfaSession('aal1', false).user, app_metadata: { staff: true } } } as Session;
    refreshSession.mockResolvedValueOnce({ data: { session: staffSession, user: staffSession.user }, error: null });
    expect(await store.getState().refreshAccount()).toEqual({ error: null });
    expect(store.getState().user?.app_metadata).toEqual({ staff: true });
  });

  it('enrollTotp removes an unfinished enrolment first; unenrollFactor refreshes the session to aal1', async () => {
    const { store, mfa } = setupMfa();
    mfa.listFactors.mockResolvedValueOnce({
      data: { all: [{ id: 'old', factor_type: 'totp', status: 'unverified' }], totp: [], phone: [], webauthn: [] },
      error: null,
    } as never);
    const { enrollment } = await store.getState().enrollTotp();
    expect(mfa.unenroll).toHaveBeenCalledWith({ factorId: 'old' });
    expect(enrollment).toEqual({ factorId: 'f2', qrCode: 'data:image/svg+xml;utf-8,<svg/>', secret: 'ABC', uri: 'otpauth://totp/x' });
    store.setState({ session: mfaSession('aal2'), mfaRequired: false });
    expect(await store.getState().unenrollFactor('f1')).toEqual({ error: null });
    expect(store.getState().session?.user.factors).toEqual([]);
  });
});
