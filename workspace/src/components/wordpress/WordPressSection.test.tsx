/**
 * The site's WordPress section against a stubbed supabase client (rpc answers by function name):
 * the notice when the server has no key, the failure text of a test, the password sealed before it
 * is sent (opened here with the private key), a refusal shown on its field.
 */
import { constants, generateKeyPairSync, privateDecrypt, webcrypto } from 'node:crypto';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter } from 'react-router-dom';
import { CitableProviders, i18n, loadSupabase } from '@citable/shared';
import { WordPressSection } from './WordPressSection';

jest.mock('@citable/shared', () => ({ ...jest.requireActual('@citable/shared'), loadSupabase: jest.fn(), showToast: jest.fn() }));
const load = loadSupabase as jest.MockedFunction<typeof loadSupabase>;

if (!window.matchMedia) {
  window.matchMedia = (query: string) =>
    ({ matches: false, media: query, onchange: null, addListener: () => undefined, removeListener: () => undefined, addEventListener: () => undefined, removeEventListener: () => undefined, dispatchEvent: () => false }) as MediaQueryList;
}
if (!globalThis.crypto?.subtle) Object.defineProperty(globalThis, 'crypto', { value: webcrypto, configurable: true });

type Answer = { data: unknown; error: null } | { data: null; error: { message: string; code: string; hint: string; details: string | null } };
/** rpc(name, args) → the answer of `answers[name]`; every call recorded. */
function backend(answers: Record<string, (args: Record<string, unknown>) => Answer>) {
  const calls: { name: string; args: Record<string, unknown> }[] = [];
  load.mockResolvedValue({
    rpc: (name: string, args: Record<string, unknown> = {}) => {
      calls.push({ name, args });
      const answer = answers[name]?.(args) ?? { data: null, error: null };
      return Promise.resolve({ ...answer, status: answer.error ? 400 : 200, statusText: '' });
    },
  } as never);
  return calls;
}

function renderSection() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <CitableProviders withNotifications={false}>
        <MemoryRouter initialEntries={['/sites/7#wordpress']}>
          <WordPressSection siteId={7} />
        </MemoryRouter>
      </CitableProviders>
    </QueryClientProvider>,
  );
}

const { publicKey, privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
const KEY = { kid: 'kid-test-1', jwk: { ...publicKey.export({ format: 'jwk' }), alg: 'RSA-OAEP-256', use: 'enc', kid: 'kid-test-1' }, alg: 'RSA-OAEP-256' };
const FAILED = {
  site: 7, wp_url: 'https://blog.example', username: 'editor', has_password: true, plain_http_confirmed: false, auto_publish: false,
  test_status: 'wrong_credentials', test_message: 'blog.example: wrong username or application password (401 incorrect_password)', found: {},
  tested_at: '2026-11-26T10:00:00Z', updated_at: '2026-11-26T10:00:00Z', pending: null,
};

describe('the WordPress section of a site', () => {
  beforeEach(async () => {
    await i18n.changeLanguage('fr');
  });
  afterEach(async () => {
    cleanup();
    await i18n.changeLanguage('en');
  });

  it('says publishing is not configured when the server has no key: a notice, no form', async () => {
    backend({ get_wordpress_public_key: () => ({ data: null, error: null }), get_wordpress_connection: () => ({ data: null, error: null }) });
    renderSection();
    expect((await screen.findByTestId('wordpress-not-configured')).textContent).toContain(
      'La publication WordPress n’est pas configurée sur ce serveur (WORDPRESS_SECRET_KEY).',
    );
    expect(screen.queryByTestId('wordpress-form')).toBeNull();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('shows the failed test in French, the stored password as a placeholder only; a new password goes sealed', async () => {
    const calls = backend({
      get_wordpress_public_key: () => ({ data: KEY, error: null }),
      get_wordpress_connection: () => ({ data: FAILED, error: null }),
      save_wordpress_connection: () => ({ data: { site: 7, status: 'testing', requested_at: '2026-11-26T10:01:00Z' }, error: null }),
    });
    renderSection();
    expect((await screen.findByTestId('wordpress-failure')).textContent).toBe('WordPress refuse l’identifiant ou le mot de passe d’application.');
    const password = screen.getByLabelText('Mot de passe d’application') as HTMLInputElement;
    expect(password.value).toBe('');
    expect(password.placeholder).toBe('••••••• (enregistré)');

    fireEvent.change(password, { target: { value: 'Zq9x 4Tt7 Lm2p Kd8s' } });
    fireEvent.click(screen.getByRole('button', { name: 'Enregistrer et tester' }));
    await waitFor(() => expect(calls.some((c) => c.name === 'save_wordpress_connection')).toBe(true));
    const saved = calls.find((c) => c.name === 'save_wordpress_connection')!.args;
    expect(saved).toMatchObject({ p_site: 7, p_url: 'https://blog.example', p_username: 'editor', p_kid: 'kid-test-1', p_plain_http_confirmed: false, p_auto_publish: false });
    expect(JSON.stringify(saved)).not.toContain('Zq9x');
    const opened = privateDecrypt({ key: privateKey, padding: constants.RSA_PKCS1_OAEP_PADDING, oaepHash: 'sha256' }, Buffer.from(saved.p_password_sealed as string, 'base64'));
    expect(opened.toString('utf8')).toBe('Zq9x 4Tt7 Lm2p Kd8s');

    // "Tester la connexion": the same save without a password
    fireEvent.click(screen.getByRole('button', { name: 'Tester la connexion' }));
    await waitFor(() => expect(calls.filter((c) => c.name === 'save_wordpress_connection')).toHaveLength(2));
    expect(calls.filter((c) => c.name === 'save_wordpress_connection')[1].args).toMatchObject({ p_password_sealed: null, p_kid: null });
  });

  it('a refusal by hint is shown on its field, in French', async () => {
    const calls = backend({
      get_wordpress_public_key: () => ({ data: KEY, error: null }),
      get_wordpress_connection: () => ({ data: null, error: null }),
      save_wordpress_connection: () => ({ data: null, error: { message: 'The WordPress username is required (200 characters at most)', code: '22023', hint: 'username', details: null } }),
    });
    renderSection();
    fireEvent.change(await screen.findByLabelText(/Adresse du site WordPress/), { target: { value: 'https://blog.example' } });
    fireEvent.change(screen.getByLabelText(/Identifiant WordPress/), { target: { value: 'editor' } });
    // no password yet: asked for before anything is sent
    fireEvent.click(screen.getByRole('button', { name: 'Enregistrer et tester' }));
    expect(await screen.findByText('Saisissez le mot de passe d’application.')).toBeTruthy();
    fireEvent.change(screen.getByLabelText(/Mot de passe d’application/), { target: { value: 'secret secret' } });
    fireEvent.click(screen.getByRole('button', { name: 'Enregistrer et tester' }));
    // (the default normalizer reads the no-break space as a space)
    expect(await screen.findByText('L’identifiant WordPress est obligatoire (200 caractères au plus).')).toBeTruthy();
    expect(calls.filter((c) => c.name === 'save_wordpress_connection')).toHaveLength(1);
    expect(screen.getByLabelText(/Identifiant WordPress/).getAttribute('aria-invalid')).toBe('true');
  });

  it('a passed test names the role as WordPress does (Éditeur), on a toned box; plain http asks for a confirmation styled as a warning', async () => {
    const OK = {
      ...FAILED,
      wp_url: 'http://blog.example',
      plain_http_confirmed: true,
      test_status: 'ok',
      test_message: null,
      found: { siteName: 'Blog', user: { name: 'Éditrice', slug: 'editrice', roles: ['editor', 'shop_manager'] }, capabilities: { publish_posts: true }, seo: { plugin: 'none' } },
    };
    backend({ get_wordpress_public_key: () => ({ data: KEY, error: null }), get_wordpress_connection: () => ({ data: OK, error: null }) });
    renderSection();
    // a role WordPress names: its French name; another one (a plugin's): its slug
    expect((await screen.findByTestId('wordpress-found-user')).textContent).toBe('Utilisateur\u00a0: Éditrice — rôle\u00a0: Éditeur et shop_manager');
    expect(screen.getByTestId('wordpress-test-ok')).toHaveStyle({ background: 'var(--mantine-color-white)' });
    const warning = screen.getByTestId('wordpress-plain-http-warning');
    expect(warning).toContainElement(screen.getByLabelText('Je confirme : ce site n’utilise pas HTTPS, le mot de passe circulera en clair'));
    // the field's help says the same role names
    expect(screen.getByText(/rôle Éditeur ou Administrateur/)).toBeTruthy();
  });
});
