import { act, screen } from '@testing-library/react';
import { Route } from 'react-router-dom';
import { authStore } from '@citable/shared';
import { RequireAuth } from './RequireAuth';
import { GuestOnly } from './GuestOnly';
import { renderWithProviders, resetAuthStore, setSignedOut, signInAs, switchToFrench } from '../../../testing/render';

beforeAll(switchToFrench);
beforeEach(resetAuthStore);

const authRoute = <Route path="/auth" element={<p>page de connexion</p>} />;

describe('RequireAuth', () => {
  it("shows a spinner with 'Chargement…' while the session loads", () => {
    expect(authStore.getState().loading).toBe(true);
    renderWithProviders(
      <RequireAuth>
        <p>contenu protégé</p>
      </RequireAuth>,
      { route: '/sites', path: '/sites', extraRoutes: authRoute },
    );
    expect(screen.getByText('Chargement…')).toBeInTheDocument();
    expect(screen.queryByText('contenu protégé')).not.toBeInTheDocument();
  });

  it('sends guests to /auth with the page they came from, and lets signed-in users in', () => {
    setSignedOut();
    const { unmount } = renderWithProviders(
      <RequireAuth>
        <p>contenu protégé</p>
      </RequireAuth>,
      { route: '/sites/7', path: '/sites/:id', extraRoutes: authRoute },
    );
    expect(screen.getByText('page de connexion')).toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveAttribute('data-from', '/sites/7');
    unmount();
    signInAs();
    renderWithProviders(
      <RequireAuth>
        <p>contenu protégé</p>
      </RequireAuth>,
      { route: '/sites/7', path: '/sites/:id', extraRoutes: authRoute },
    );
    expect(screen.getByText('contenu protégé')).toBeInTheDocument();
  });

  it('follows the store: signing out while on a protected page redirects', () => {
    signInAs();
    renderWithProviders(
      <RequireAuth>
        <p>contenu protégé</p>
      </RequireAuth>,
      { route: '/profile', path: '/profile', extraRoutes: authRoute },
    );
    expect(screen.getByText('contenu protégé')).toBeInTheDocument();
    act(() => setSignedOut());
    expect(screen.getByText('page de connexion')).toBeInTheDocument();
  });
});

describe('GuestOnly', () => {
  it('sends a signed-in user to /dashboard', () => {
    signInAs();
    renderWithProviders(
      <GuestOnly>
        <p>formulaire</p>
      </GuestOnly>,
      { route: '/auth', path: '/auth', extraRoutes: <Route path="/dashboard" element={<p>tableau de bord</p>} /> },
    );
    expect(screen.getByText('tableau de bord')).toBeInTheDocument();
  });

  it('shows the page to guests', () => {
    setSignedOut();
    renderWithProviders(
      <GuestOnly>
        <p>formulaire</p>
      </GuestOnly>,
      { route: '/auth', path: '/auth' },
    );
    expect(screen.getByText('formulaire')).toBeInTheDocument();
  });
});

describe('guards and the second factor (issue 20)', () => {
  it('a session whose second factor is due stays on /auth and cannot open a protected page', () => {
    signInAs();
    act(() => authStore.setState({ mfaRequired: true }));
    const { unmount } = renderWithProviders(
      <RequireAuth>
        <p>contenu protégé</p>
      </RequireAuth>,
      { route: '/sites/7', path: '/sites/:id', extraRoutes: authRoute },
    );
    expect(screen.getByText('page de connexion')).toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveAttribute('data-from', '/sites/7');
    unmount();
    renderWithProviders(
      <GuestOnly>
        <p>invite de code</p>
      </GuestOnly>,
      { route: '/auth', path: '/auth' },
    );
    expect(screen.getByText('invite de code')).toBeInTheDocument();
    // once verified (aal2) the guest-only page sends the user on
    act(() => authStore.setState({ mfaRequired: false }));
    expect(screen.queryByText('invite de code')).not.toBeInTheDocument();
  });
});
