import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route } from 'react-router-dom';
import { authStore, i18n, LANGUAGE_STORAGE_KEY, loadSupabase } from '@citable/shared';
import { queryClient } from '@citable/shared/query';
import { AppHeader } from './AppHeader';
import { renderWithProviders, resetAuthStore, setSignedOut, signInAs, switchToFrench } from '../../../testing/render';
import { fakeNotificationsDb, notification } from '../../../testing/fakeNotifications';

// the bell reads the user's notifications: two unread, one read
jest.mock('@citable/shared', () => ({ ...jest.requireActual('@citable/shared'), loadSupabase: jest.fn() }));
let notifications = fakeNotificationsDb({ list: [] });

beforeEach(async () => {
  queryClient.clear();
  notifications = fakeNotificationsDb({ list: [notification(), notification(), notification({ read_at: '2026-11-20T10:00:00Z' })] });
  (loadSupabase as jest.MockedFunction<typeof loadSupabase>).mockResolvedValue(notifications.client as never);
  resetAuthStore();
  await switchToFrench();
});

// The signed-in actions are a lazy chunk: load (and transform) the module once up front, so a slow
// first transform does not eat into the findBy timeouts below.
beforeAll(async () => {
  await import('./SignedInActions');
});

describe('AppHeader', () => {
  it("signed out: logo, tagline, 'Connexion' and 'Commencer' to /auth", () => {
    setSignedOut();
    renderWithProviders(<AppHeader />);
    expect(screen.getByText('Citable')).toBeInTheDocument();
    expect(screen.getByText('Contenu SEO x IA')).toBeInTheDocument();
    expect(screen.getByTestId('header-logo')).toHaveAttribute('href', '/');
    expect(screen.getByRole('link', { name: 'Connexion' })).toHaveAttribute('href', '/auth');
    expect(screen.getByRole('link', { name: 'Commencer' })).toHaveAttribute('href', '/auth');
    expect(screen.queryByTestId('user-menu')).not.toBeInTheDocument();
  });

  it('signed in: initials avatar (≤2 letters), the unread count, menu with name, e-mail, Profil, Paramètres, Déconnexion', async () => {
    signInAs({ email: 'jean.dupont@example.com', full_name: 'Jean Pierre Dupont' });
    const user = userEvent.setup();
    renderWithProviders(<AppHeader />);
    expect(screen.queryByRole('link', { name: 'Commencer' })).not.toBeInTheDocument();
    // (the signed-in part of the header is a lazy chunk)
    expect(await screen.findByTestId('user-avatar')).toHaveTextContent(/^JP$/);
    await waitFor(() => expect(screen.getByTestId('notifications-badge')).toHaveTextContent('2'));
    await user.click(screen.getByTestId('user-menu'));
    expect(await screen.findByRole('menuitem', { name: 'Profil' })).toHaveAttribute('href', '/profile');
    expect(screen.getByTestId('user-menu-name')).toHaveTextContent('Jean Pierre Dupont');
    expect(screen.getByTestId('user-menu-email')).toHaveTextContent('jean.dupont@example.com');
    // (jsdom leaves Mantine's dropdown transition at display:none, hence `hidden: true`)
    expect(screen.getByRole('menuitem', { name: 'Paramètres', hidden: true })).toHaveAttribute('href', '/settings');
    expect(screen.getByRole('menuitem', { name: 'Déconnexion', hidden: true })).toBeInTheDocument();
  });

  it("falls back to e-mail initials, and 'U' with nothing", async () => {
    signInAs({ email: 'marie@exemple.fr' });
    const { unmount } = renderWithProviders(<AppHeader />);
    expect(await screen.findByTestId('user-avatar')).toHaveTextContent(/^MA$/);
    unmount();
    signInAs({ email: '' });
    renderWithProviders(<AppHeader />);
    expect(await screen.findByTestId('user-avatar')).toHaveTextContent(/^U$/);
  });

  it('the bell opens the empty notifications panel', async () => {
    notifications = fakeNotificationsDb({ list: [] });
    (loadSupabase as jest.MockedFunction<typeof loadSupabase>).mockResolvedValue(notifications.client as never);
    signInAs();
    const user = userEvent.setup();
    renderWithProviders(<AppHeader />);
    await user.click(await screen.findByRole('button', { name: /Notifications/ }));
    expect(await screen.findByText('Aucune notification')).toBeInTheDocument();
  });

  it("'Déconnexion' signs out and goes to '/'", async () => {
    signInAs();
    const signOut = jest.fn(async () => {
      authStore.setState({ session: null, user: null });
      return { error: null };
    });
    authStore.setState({ signOut });
    const user = userEvent.setup();
    renderWithProviders(<AppHeader />, {
      route: '/profile',
      path: '/profile',
      extraRoutes: <Route path="/" element={<p>accueil</p>} />,
    });
    await user.click(await screen.findByTestId('user-menu'));
    await user.click(await screen.findByRole('menuitem', { name: 'Déconnexion' }));
    expect(signOut).toHaveBeenCalled();
    await waitFor(() => expect(screen.getByTestId('location')).toHaveAttribute('data-pathname', '/'));
  });

  it('a failed sign-out shows the error toast and stays', async () => {
    signInAs();
    authStore.setState({ signOut: jest.fn(async () => ({ error: Object.assign(new Error('network'), { status: 0 }) as never })) });
    const user = userEvent.setup();
    renderWithProviders(<AppHeader />, { route: '/profile', path: '/profile' });
    await user.click(await screen.findByTestId('user-menu'));
    await user.click(await screen.findByRole('menuitem', { name: 'Déconnexion' }));
    expect(await screen.findByText('Impossible de se déconnecter. Veuillez réessayer.')).toBeInTheDocument();
    expect(screen.getByTestId('location')).toHaveAttribute('data-pathname', '/profile');
  });

  it('the language switch changes i18n and remembers it', async () => {
    setSignedOut();
    const user = userEvent.setup();
    renderWithProviders(<AppHeader />);
    await user.click(within(screen.getByTestId('language-switch')).getByText('EN'));
    await waitFor(() => expect(i18n.language).toBe('en'));
    expect(window.localStorage.getItem(LANGUAGE_STORAGE_KEY)).toBe('en');
    expect(await screen.findByRole('link', { name: 'Get started' })).toBeInTheDocument();
    await act(async () => {
      await i18n.changeLanguage('fr');
    });
    expect(screen.getByRole('link', { name: 'Commencer' })).toBeInTheDocument();
  });
});

describe('status pages', () => {
  it('/maintenance, /coming-soon (the site is not open) and the sign-in page itself show no sign-in buttons', () => {
    setSignedOut();
    for (const route of ['/maintenance', '/coming-soon/', '/auth', '/auth/update-password']) {
      const { unmount } = renderWithProviders(<AppHeader />, { route, path: '*' });
      expect(screen.queryByRole('link', { name: 'Connexion' })).not.toBeInTheDocument();
      expect(screen.getByTestId('header-logo')).toBeInTheDocument();
      unmount();
    }
  });
});

describe('header names', () => {
  it('the logo link is named by what it shows, then "accueil", in one name; the current language is a checked radio', () => {
    setSignedOut();
    renderWithProviders(<AppHeader />);
    expect(screen.getByTestId('header-logo')).toHaveAccessibleName('Citable, Contenu SEO x IA, accueil');
    // no loose ', accueil' text node read on its own, no paragraph taken for a heading
    expect(screen.getByTestId('header-logo')).not.toHaveTextContent('accueil');
    // every text it shows is in the name (the badge's 'C' is drawn, not text)
    expect(screen.getByTestId('header-logo')).toHaveTextContent(/^Citable Contenu SEO x IA$/);
    expect(screen.getByTestId('header-logo').querySelector('p')).toBeNull();
    const group = screen.getByRole('radiogroup', { name: 'Langue' });
    expect(within(group).getByRole('radio', { name: 'FR' })).toBeChecked();
    expect(within(group).getByRole('radio', { name: 'EN' })).not.toBeChecked();
    // the radios are grouped by a readable name, never a React useId ('_r_d_') a screen reader reads out
    for (const radio of within(group).getAllByRole('radio')) expect(radio).toHaveAttribute('name', 'language');
  });

  it('in English: "Citable, SEO x IA Content, home"', async () => {
    setSignedOut();
    await act(async () => {
      await i18n.changeLanguage('en');
    });
    renderWithProviders(<AppHeader />);
    expect(screen.getByTestId('header-logo')).toHaveAccessibleName('Citable, SEO x IA Content, home');
  });

  it("the account menu's name starts with the initials it shows (WCAG 2.5.3)", async () => {
    signInAs({ email: 'jean.dupont@example.com', full_name: 'Jean Pierre Dupont' });
    renderWithProviders(<AppHeader />);
    const button = await screen.findByTestId('user-menu');
    expect(button).toHaveTextContent(/^JP$/);
    expect(button).toHaveAccessibleName('JP, menu du compte');
  });
});
