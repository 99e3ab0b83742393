import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route } from 'react-router-dom';
import { notifications } from '@mantine/notifications';
import { AuthApiError, AuthRetryableFetchError, AuthWeakPasswordError } from '@supabase/supabase-js';
import { authStore, type AuthResult } from '@citable/shared';
import { AuthPage } from './AuthPage';
import { UpdatePasswordForm } from '../../../components/UpdatePasswordForm';
import { renderWithProviders, resetAuthStore, setSignedOut, switchToFrench } from '../../../testing/render';

function deferred() {
  let resolve!: (value: AuthResult) => void;
  const promise = new Promise<AuthResult>((r) => {
    resolve = r;
  });
  return { promise, resolve };
}

// The spec writes 'Mot de passe oublié?'; French typography (issue 19) puts a non-breaking space before '?'.
const FORGOT_PASSWORD = 'Mot de passe oublié\u00a0?';
const serverError = (message: string) => ({ error: Object.assign(new Error(message), { status: 400, code: 'x', __isAuthError: true }) }) as unknown as AuthResult;

beforeAll(switchToFrench);
beforeEach(() => {
  resetAuthStore();
  setSignedOut();
  act(() => notifications.clean());
});

async function openSignup(user: ReturnType<typeof userEvent.setup>) {
  await user.click(screen.getByRole('tab', { name: 'Inscription' }));
}

describe('document title', () => {
  it('names the screen in French, per mode, and gives the title back when the page goes', async () => {
    const user = userEvent.setup();
    const { unmount } = renderWithProviders(<AuthPage />, { route: '/auth' });
    expect(document.title).toBe('Connexion | Citable');
    await openSignup(user);
    expect(document.title).toBe('Inscription | Citable');
    await user.click(screen.getByRole('tab', { name: 'Connexion' }));
    await user.click(screen.getByRole('button', { name: FORGOT_PASSWORD }));
    expect(document.title).toBe('Mot de passe oublié | Citable');
    unmount();
    expect(document.title).toBe('Citable');
  });
});

describe('sign-up form', () => {
  it("rejects a confirmation mismatch: toast 'Les mots de passe ne correspondent pas' and nothing sent", async () => {
    const signUp = jest.fn(async () => ({ error: null }));
    authStore.setState({ signUp });
    const user = userEvent.setup();
    renderWithProviders(<AuthPage />, { route: '/auth' });
    await openSignup(user);
    await user.type(screen.getByLabelText(/Adresse e-mail/), 'marie@exemple.fr');
    await user.type(screen.getByLabelText(/^Mot de passe/), 'secret-1');
    await user.type(screen.getByLabelText(/Confirmer le mot de passe/), 'secret-2');
    // each password's show/hide button speaks French, with a name that is not the field's
    const toggles = screen.getAllByRole('button', { name: 'Afficher les caractères' });
    expect(toggles).toHaveLength(2);
    expect(toggles[0]).toHaveAttribute('aria-pressed', 'false');
    await user.click(toggles[0]);
    expect(toggles[0]).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByLabelText(/^Mot de passe/)).toHaveAttribute('type', 'text');
    await user.click(screen.getByRole('button', { name: "S'inscrire" }));
    expect(signUp).not.toHaveBeenCalled();
    expect(await screen.findByText('Erreur')).toBeInTheDocument();
    expect(screen.getAllByText('Les mots de passe ne correspondent pas').length).toBeGreaterThan(0);
  });

  it('requires e-mail and password with French messages', async () => {
    const signUp = jest.fn(async () => ({ error: null }));
    authStore.setState({ signUp });
    const user = userEvent.setup();
    renderWithProviders(<AuthPage />, { route: '/auth' });
    await openSignup(user);
    await user.click(screen.getByRole('button', { name: "S'inscrire" }));
    expect(await screen.findByText('L’adresse e-mail est requise')).toBeInTheDocument();
    expect(screen.getByText('Le mot de passe est requis')).toBeInTheDocument();
    await user.type(screen.getByLabelText(/Adresse e-mail/), 'pas-un-email');
    await user.click(screen.getByRole('button', { name: "S'inscrire" }));
    expect(await screen.findByText('Adresse e-mail invalide')).toBeInTheDocument();
    expect(signUp).not.toHaveBeenCalled();
  });

  it("shows 'Inscription en cours...' while busy, then the success toast and the login tab", async () => {
    const pending = deferred();
    const signUp = jest.fn(() => pending.promise);
    authStore.setState({ signUp });
    const user = userEvent.setup();
    renderWithProviders(<AuthPage />, { route: '/auth' });
    await openSignup(user);
    await user.type(screen.getByLabelText(/Nom complet/), 'Marie Curie');
    await user.type(screen.getByLabelText(/Adresse e-mail/), 'marie@exemple.fr');
    await user.type(screen.getByLabelText(/^Mot de passe/), 'secret-1');
    await user.type(screen.getByLabelText(/Confirmer le mot de passe/), 'secret-1');
    await user.click(screen.getByRole('button', { name: "S'inscrire" }));
    const busy = await screen.findByRole('button', { name: 'Inscription en cours...' });
    expect(busy).toBeDisabled();
    expect(signUp).toHaveBeenCalledWith('marie@exemple.fr', 'secret-1', 'Marie Curie');
    await act(async () => pending.resolve({ error: null }));
    expect(await screen.findByText('Inscription réussie')).toBeInTheDocument();
    expect(screen.getByText('Veuillez vérifier votre email pour confirmer votre compte')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('tab', { name: 'Connexion' })).toHaveAttribute('aria-selected', 'true'));
    expect(screen.getByRole('button', { name: 'Se connecter' })).toBeInTheDocument();
  });

  it("after a mismatch then a sign-up: the mismatch toast is gone, the login tab keeps the e-mail", async () => {
    const signUp = jest.fn(async () => ({ error: null }));
    authStore.setState({ signUp });
    const user = userEvent.setup();
    renderWithProviders(<AuthPage />, { route: '/auth' });
    await openSignup(user);
    await user.type(screen.getByLabelText(/Adresse e-mail/), '  marie@exemple.fr ');
    await user.type(screen.getByLabelText(/^Mot de passe/), 'secret-1');
    await user.type(screen.getByLabelText(/Confirmer le mot de passe/), 'secret-2');
    await user.click(screen.getByRole('button', { name: "S'inscrire" }));
    expect(await screen.findByText('Erreur')).toBeInTheDocument();
    await user.clear(screen.getByLabelText(/Confirmer le mot de passe/));
    await user.type(screen.getByLabelText(/Confirmer le mot de passe/), 'secret-1');
    await user.click(screen.getByRole('button', { name: "S'inscrire" }));
    expect(await screen.findByText('Inscription réussie')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByText('Erreur')).not.toBeInTheDocument());
    expect(screen.queryByText('Les mots de passe ne correspondent pas')).not.toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('tab', { name: 'Connexion' })).toHaveAttribute('aria-selected', 'true'));
    expect(screen.getByLabelText(/Adresse e-mail/)).toHaveValue('marie@exemple.fr');
    expect(screen.getByLabelText(/^Mot de passe/)).toHaveValue('');
  });

  it("shows the server message under 'Erreur d'inscription'", async () => {
    authStore.setState({ signUp: jest.fn(async () => serverError('User already registered')) });
    const user = userEvent.setup();
    renderWithProviders(<AuthPage />, { route: '/auth' });
    await openSignup(user);
    await user.type(screen.getByLabelText(/Adresse e-mail/), 'marie@exemple.fr');
    await user.type(screen.getByLabelText(/^Mot de passe/), 'x');
    await user.type(screen.getByLabelText(/Confirmer le mot de passe/), 'x');
    await user.click(screen.getByRole('button', { name: "S'inscrire" }));
    expect(await screen.findByText("Erreur d'inscription")).toBeInTheDocument();
    expect(screen.getByText('User already registered')).toBeInTheDocument();
  });
});

describe('login form', () => {
  it("shows 'Connexion en cours...' while busy and goes back to the guarded page", async () => {
    const pending = deferred();
    const signIn = jest.fn(() => pending.promise);
    authStore.setState({ signIn });
    const user = userEvent.setup();
    renderWithProviders(<AuthPage />, {
      route: { pathname: '/auth', state: { from: { pathname: '/sites/42', search: '?tab=pages', hash: '' } } },
      path: '/auth',
      extraRoutes: <Route path="/sites/:id" element={<p>page du site</p>} />,
    });
    await user.type(screen.getByLabelText(/Adresse e-mail/), 'demo@citable.local');
    await user.type(screen.getByLabelText(/^Mot de passe/), 'Demo1234!');
    await user.click(screen.getByRole('button', { name: 'Se connecter' }));
    expect(await screen.findByRole('button', { name: 'Connexion en cours...' })).toBeDisabled();
    expect(signIn).toHaveBeenCalledWith('demo@citable.local', 'Demo1234!');
    await act(async () => pending.resolve({ error: null }));
    expect(await screen.findByText('page du site')).toBeInTheDocument();
  });

  it('goes to /dashboard without a `from`', async () => {
    authStore.setState({ signIn: jest.fn(async () => ({ error: null })) });
    const user = userEvent.setup();
    renderWithProviders(<AuthPage />, {
      route: '/auth',
      path: '/auth',
      extraRoutes: <Route path="/dashboard" element={<p>tableau de bord</p>} />,
    });
    await user.type(screen.getByLabelText(/Adresse e-mail/), 'demo@citable.local');
    await user.type(screen.getByLabelText(/^Mot de passe/), 'Demo1234!');
    await user.click(screen.getByRole('button', { name: 'Se connecter' }));
    expect(await screen.findByText('tableau de bord')).toBeInTheDocument();
  });

  it("shows 'Erreur de connexion' with the server message and stays on the form", async () => {
    authStore.setState({ signIn: jest.fn(async () => serverError('Invalid login credentials')) });
    const user = userEvent.setup();
    renderWithProviders(<AuthPage />, { route: '/auth' });
    await user.type(screen.getByLabelText(/Adresse e-mail/), 'demo@citable.local');
    await user.type(screen.getByLabelText(/^Mot de passe/), 'wrong');
    await user.click(screen.getByRole('button', { name: 'Se connecter' }));
    expect(await screen.findByText('Erreur de connexion')).toBeInTheDocument();
    expect(screen.getByText('Invalid login credentials')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Se connecter' })).toBeEnabled();
  });
});

describe('reset mode', () => {
  it("sends the link with 'Envoi en cours...' and returns to the login tab", async () => {
    const pending = deferred();
    const resetPassword = jest.fn(() => pending.promise);
    authStore.setState({ resetPassword });
    const user = userEvent.setup();
    renderWithProviders(<AuthPage />, { route: '/auth' });
    await user.click(screen.getByRole('button', { name: FORGOT_PASSWORD }));
    expect(screen.queryByRole('tab')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Envoyer le lien de réinitialisation' }));
    expect(await screen.findByText('L’adresse e-mail est requise')).toBeInTheDocument();
    await user.type(screen.getByLabelText(/Adresse e-mail/), 'demo@citable.local');
    await user.click(screen.getByRole('button', { name: 'Envoyer le lien de réinitialisation' }));
    expect(await screen.findByRole('button', { name: 'Envoi en cours...' })).toBeDisabled();
    await act(async () => pending.resolve({ error: null }));
    expect(await screen.findByText('Email envoyé')).toBeInTheDocument();
    expect(screen.getByText('Vérifiez votre boîte mail pour réinitialiser votre mot de passe')).toBeInTheDocument();
    expect(await screen.findByRole('button', { name: 'Se connecter' })).toBeInTheDocument();
  });

  it("'Retour à la connexion' leaves the reset mode", async () => {
    const user = userEvent.setup();
    renderWithProviders(<AuthPage />, { route: '/auth' });
    await user.click(screen.getByRole('button', { name: FORGOT_PASSWORD }));
    await user.click(screen.getByRole('button', { name: 'Retour à la connexion' }));
    expect(screen.getByRole('tab', { name: 'Connexion' })).toBeInTheDocument();
  });
});

describe('known auth error codes, in the user\'s language', () => {
  const apiError = (code: string, message: string, status = 400) => ({ error: new AuthApiError(message, status, code) }) as AuthResult;

  async function submitLogin(user: ReturnType<typeof userEvent.setup>) {
    await user.type(screen.getByLabelText(/Adresse e-mail/), 'demo@citable.local');
    await user.type(screen.getByLabelText(/^Mot de passe/), 'wrong');
    await user.click(screen.getByRole('button', { name: 'Se connecter' }));
  }

  it('invalid_credentials and email_not_confirmed under the spec\'s title', async () => {
    const signIn = jest
      .fn()
      .mockResolvedValueOnce(apiError('invalid_credentials', 'Invalid login credentials'))
      .mockResolvedValueOnce(apiError('email_not_confirmed', 'Email not confirmed'));
    authStore.setState({ signIn });
    const user = userEvent.setup();
    renderWithProviders(<AuthPage />, { route: '/auth' });
    await submitLogin(user);
    expect(await screen.findByText('Erreur de connexion')).toBeInTheDocument();
    expect(screen.getByText('Adresse e-mail ou mot de passe incorrect.')).toBeInTheDocument();
    expect(screen.queryByText('Invalid login credentials')).not.toBeInTheDocument();
    act(() => notifications.clean());
    await user.click(screen.getByRole('button', { name: 'Se connecter' }));
    expect(await screen.findByText(/Votre adresse e-mail n’est pas encore confirmée/)).toBeInTheDocument();
  });

  it('a sign-in that cannot reach the server says so', async () => {
    authStore.setState({ signIn: jest.fn(async () => ({ error: new AuthRetryableFetchError('Failed to fetch', 0) }) as AuthResult) });
    const user = userEvent.setup();
    renderWithProviders(<AuthPage />, { route: '/auth' });
    await submitLogin(user);
    expect(await screen.findByText('Impossible de joindre le serveur. Vérifiez votre connexion internet puis réessayez.')).toBeInTheDocument();
  });

  it('sign-up: account already there, weak password', async () => {
    const signUp = jest
      .fn()
      .mockResolvedValueOnce(apiError('user_already_exists', 'User already registered', 422))
      .mockResolvedValueOnce({ error: new AuthWeakPasswordError('Password should be at least 6 characters.', 422, ['length']) });
    authStore.setState({ signUp });
    const user = userEvent.setup();
    renderWithProviders(<AuthPage />, { route: '/auth' });
    await openSignup(user);
    await user.type(screen.getByLabelText(/Adresse e-mail/), 'marie@exemple.fr');
    await user.type(screen.getByLabelText(/^Mot de passe/), 'abc');
    await user.type(screen.getByLabelText(/Confirmer le mot de passe/), 'abc');
    await user.click(screen.getByRole('button', { name: "S'inscrire" }));
    expect(await screen.findByText("Erreur d'inscription")).toBeInTheDocument();
    expect(screen.getByText(/Un compte existe déjà avec cette adresse e-mail/)).toBeInTheDocument();
    act(() => notifications.clean());
    await user.click(screen.getByRole('button', { name: "S'inscrire" }));
    expect(await screen.findByText('Le mot de passe doit contenir au moins 6 caractères.')).toBeInTheDocument();
  });

  it('reset request: the wait the e-mail rate limit asks for', async () => {
    const error = apiError('over_email_send_rate_limit', 'For security purposes, you can only request this after 37 seconds.', 429);
    authStore.setState({ resetPassword: jest.fn(async () => error) });
    const user = userEvent.setup();
    renderWithProviders(<AuthPage />, { route: '/auth' });
    await user.click(screen.getByRole('button', { name: FORGOT_PASSWORD }));
    await user.type(screen.getByLabelText(/Adresse e-mail/), 'demo@citable.local');
    await user.click(screen.getByRole('button', { name: 'Envoyer le lien de réinitialisation' }));
    expect(await screen.findByText('Erreur')).toBeInTheDocument();
    expect(screen.getByText('Par sécurité, vous pourrez refaire cette demande dans 37 secondes.')).toBeInTheDocument();
  });
});

describe('password update form', () => {
  it('mismatch: nothing sent; then busy label and success', async () => {
    const pending = deferred();
    const updatePassword = jest.fn(() => pending.promise);
    authStore.setState({ updatePassword });
    const onUpdated = jest.fn();
    const user = userEvent.setup();
    renderWithProviders(<UpdatePasswordForm onUpdated={onUpdated} />);
    const [pw, confirm] = [screen.getByLabelText(/^Nouveau mot de passe/), screen.getByLabelText(/Confirmer le nouveau/)];
    await user.type(pw, 'nouveau-1');
    await user.type(confirm, 'nouveau-2');
    await user.click(screen.getByRole('button', { name: 'Mettre à jour le mot de passe' }));
    expect(updatePassword).not.toHaveBeenCalled();
    const form = screen.getByRole('form');
    expect(within(form).getByText('Les mots de passe ne correspondent pas')).toBeInTheDocument();
    await user.clear(confirm);
    await user.type(confirm, 'nouveau-1');
    await user.click(screen.getByRole('button', { name: 'Mettre à jour le mot de passe' }));
    expect(await screen.findByRole('button', { name: 'Mise à jour en cours...' })).toBeDisabled();
    expect(updatePassword).toHaveBeenCalledWith('nouveau-1');
    await act(async () => pending.resolve({ error: null }));
    expect(await screen.findByText('Succès')).toBeInTheDocument();
    expect(screen.getByText('Votre mot de passe a été mis à jour')).toBeInTheDocument();
    expect(onUpdated).toHaveBeenCalled();
  });
});

describe('issue 20: resend, second factor, closed sign-ups', () => {
  const apiErr = (code: string, message: string, status = 400) =>
    ({ error: new AuthApiError(message, status, code) }) as AuthResult;

  async function signInAs(user: ReturnType<typeof userEvent.setup>) {
    await user.type(screen.getByLabelText(/Adresse e-mail/), 'marie@exemple.fr');
    await user.type(screen.getByLabelText(/^Mot de passe/), 'secret-1');
    await user.click(screen.getByRole('button', { name: 'Se connecter' }));
  }

  it('email_not_confirmed offers the confirmation e-mail again: success, then the wait GoTrue asks for', async () => {
    const resendConfirmation = jest
      .fn()
      .mockResolvedValueOnce({ error: null })
      .mockResolvedValueOnce(apiErr('over_email_send_rate_limit', 'For security purposes, you can only request this after 42 seconds.', 429));
    authStore.setState({ signIn: jest.fn(async () => apiErr('email_not_confirmed', 'Email not confirmed')), resendConfirmation });
    const user = userEvent.setup();
    renderWithProviders(<AuthPage />, { route: '/auth' });
    await signInAs(user);
    const status = await screen.findByRole('status');
    expect(within(status).getByText('Adresse e-mail non confirmée')).toBeInTheDocument();
    await user.click(within(status).getByRole('button', { name: 'Renvoyer l’e-mail de confirmation' }));
    expect(resendConfirmation).toHaveBeenCalledWith('marie@exemple.fr');
    expect((await screen.findAllByText(/Un nouvel e-mail de confirmation est en route/)).length).toBeGreaterThan(0);
    act(() => notifications.clean());
    // a second sign-in attempt: the offer comes back; the server's interval is said in French
    await user.click(screen.getByRole('button', { name: 'Se connecter' }));
    await user.click(await screen.findByRole('button', { name: 'Renvoyer l’e-mail de confirmation' }));
    expect(await screen.findByText('Impossible d’envoyer l’e-mail')).toBeInTheDocument();
    expect(screen.getByText('Par sécurité, vous pourrez refaire cette demande dans 42 secondes.')).toBeInTheDocument();
  });

  it('other sign-in errors do not offer a resend', async () => {
    authStore.setState({ signIn: jest.fn(async () => apiErr('invalid_credentials', 'Invalid login credentials')) });
    const user = userEvent.setup();
    renderWithProviders(<AuthPage />, { route: '/auth' });
    await signInAs(user);
    expect(await screen.findByText('Erreur de connexion')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Renvoyer l’e-mail de confirmation' })).not.toBeInTheDocument();
  });

  it('a session whose second factor is due shows the code prompt; a wrong code is said in French', async () => {
    const verifySecondFactor = jest
      .fn()
      .mockResolvedValueOnce(apiErr('mfa_verification_failed', 'Invalid TOTP code entered', 422))
      .mockResolvedValueOnce({ error: null });
    authStore.setState({ mfaRequired: true, verifySecondFactor });
    const user = userEvent.setup();
    renderWithProviders(<AuthPage />, { route: '/auth' });
    const form = screen.getByRole('form', { name: 'Double authentification' });
    await user.click(within(form).getByRole('button', { name: 'Vérifier' }));
    expect(await screen.findByText('Saisissez les 6 chiffres du code')).toBeInTheDocument();
    expect(verifySecondFactor).not.toHaveBeenCalled();
    await user.type(within(form).getByLabelText(/Code de vérification/), '123456');
    await user.click(within(form).getByRole('button', { name: 'Vérifier' }));
    expect(verifySecondFactor).toHaveBeenCalledWith('123456');
    expect(await screen.findByText('Échec de la vérification')).toBeInTheDocument();
    expect(screen.getByText(/Code incorrect/)).toBeInTheDocument();
  });

  it('closed sign-ups (signup_disabled) are said in the sign-up tab in French', async () => {
    authStore.setState({ signUp: jest.fn(async () => apiErr('signup_disabled', 'Signups not allowed for this instance', 422)) });
    const user = userEvent.setup();
    renderWithProviders(<AuthPage />, { route: '/auth' });
    await openSignup(user);
    await user.type(screen.getByLabelText(/Adresse e-mail/), 'marie@exemple.fr');
    await user.type(screen.getByLabelText(/^Mot de passe/), 'secret-1');
    await user.type(screen.getByLabelText(/Confirmer le mot de passe/), 'secret-1');
    await user.click(screen.getByRole('button', { name: "S'inscrire" }));
    expect(await screen.findByText("Erreur d'inscription")).toBeInTheDocument();
    expect(screen.getByText('Les inscriptions sont fermées pour le moment.')).toBeInTheDocument();
    expect(screen.getByRole('tab', { name: 'Inscription' })).toHaveAttribute('aria-selected', 'true');
  });
});
