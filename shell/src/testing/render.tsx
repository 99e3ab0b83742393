import type { ReactElement, ReactNode } from 'react';
import { configure, render } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { CitableProviders, authStore, i18n } from '@citable/shared';
import type { Session } from '@supabase/supabase-js';

// two shared cores run several jest workers: give toasts and transitions time to appear
configure({ asyncUtilTimeout: 4000 });

// jsdom lacks these browser APIs that Mantine uses
if (typeof window !== 'undefined' && !window.matchMedia) {
  window.matchMedia = (query: string) =>
    ({
      matches: false,
      media: query,
      onchange: null,
      addListener: () => undefined,
      removeListener: () => undefined,
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
      dispatchEvent: () => false,
    }) as MediaQueryList;
}
if (typeof window !== 'undefined' && !('ResizeObserver' in window)) {
  (window as unknown as { ResizeObserver: unknown }).ResizeObserver = class {
    observe() {}
    unobserve() {}
    disconnect() {}
  };
}

const initialAuthState = authStore.getState();

/** Resets the one auth store to its initial state (call in beforeEach). */
export function resetAuthStore() {
  authStore.setState(initialAuthState, true);
}

export function fakeSession(user: { id?: string; email?: string; full_name?: string; avatar_url?: string } = {}): Session {
  const { id = 'user-1', email = 'jean.dupont@example.com', full_name, avatar_url } = user;
  return {
    access_token: 'token',
    refresh_token: 'refresh',
    expires_in: 3600,
    token_type: 'bearer',
    user: {
      id,
      email,
      aud: 'authenticated',
      app_metadata: {},
      user_metadata: { ...(full_name !== undefined ? { full_name } : {}), ...(avatar_url ? { avatar_url } : {}) },
      created_at: '2025-01-15T10:00:00Z',
    },
  } as Session;
}

export function signInAs(user?: Parameters<typeof fakeSession>[0]) {
  const session = fakeSession(user);
  authStore.setState({ session, user: session.user, loading: false, isLoading: false });
  return session;
}

export function setSignedOut() {
  authStore.setState({ session: null, user: null, loading: false, isLoading: false });
}

/** Shows where the router is (pathname + state.from) so tests can assert redirects. */
export function LocationProbe() {
  const location = useLocation();
  const from = (location.state as { from?: { pathname?: string } } | null)?.from?.pathname ?? '';
  return <div data-testid="location" data-pathname={location.pathname} data-from={from} />;
}

export function renderWithProviders(
  ui: ReactElement,
  { route = '/', path = '*', extraRoutes }: { route?: string | { pathname: string; state?: unknown }; path?: string; extraRoutes?: ReactNode } = {},
) {
  return render(
    <CitableProviders>
      <MemoryRouter initialEntries={[route]}>
        <Routes>
          <Route path={path} element={ui} />
          {extraRoutes}
        </Routes>
        <LocationProbe />
      </MemoryRouter>
    </CitableProviders>,
  );
}

export async function switchToFrench() {
  await i18n.changeLanguage('fr');
}
