/**
 * The publish panel's states with its data hooks replaced by fixed data (the backend's own tests,
 * worker/test/wordpress-publish.test.js, cover the data): the copy behind the latest approved version
 * on the page detail and on the versions screen (whichever version is shown), up to date, never
 * published, no connection (the button disabled with its reason and the link to the settings).
 */
import { fireEvent, render, screen, within } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter } from 'react-router-dom';
import { CitableProviders, i18n } from '@citable/shared';
import type { PageWordPress, WordPressConnection } from './connection';
import { WordPressPublishPanel } from './WordPressPublishPanel';

const V1 = { id: '11111111-1111-4111-8111-111111111111', created_date: '2026-11-20T10:00:00Z', approved: true };
const V2 = { id: '22222222-2222-4222-8222-222222222222', created_date: '2026-11-25T10:00:00Z', approved: true };
const DRAFT = { id: '33333333-3333-4333-8333-333333333333', created_date: '2026-11-26T10:00:00Z', approved: false };
const PUBLISHED: PageWordPress = {
  wordpress_post_id: 9,
  wordpress_link: 'https://blog.example/pompe/',
  wordpress_status: 'publish',
  wordpress_published_at: '2026-11-21T10:00:00Z',
  wordpress_version: V1.id,
};
const CONNECTED = { site: 7, wp_url: 'https://blog.example', username: 'editor', has_password: true, test_status: 'ok', pending: null } as unknown as WordPressConnection;

const ok = <T,>(data: T) => ({ data, isPending: false, isError: false, error: null, refetch: jest.fn() });
let pageData: PageWordPress = PUBLISHED;
let latest: typeof V1 | null = V2;
let connection: WordPressConnection | null = CONNECTED;
const mutate = jest.fn();
jest.mock('./api', () => ({
  ...jest.requireActual('./api'),
  usePageWordPress: () => ok(pageData),
  useLatestApproved: () => ok(latest),
  useConnection: () => ok(connection),
  usePublish: () => ({ mutate, isPending: false }),
}));

function renderPanel(props: Partial<Parameters<typeof WordPressPublishPanel>[0]> = {}) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <CitableProviders withNotifications={false}>
        <MemoryRouter>
          <WordPressPublishPanel siteId={7} pageId={3} {...props} />
        </MemoryRouter>
      </CitableProviders>
    </QueryClientProvider>,
  );
}

describe('the WordPress publish panel', () => {
  beforeEach(async () => {
    await i18n.changeLanguage('fr');
    pageData = PUBLISHED;
    latest = V2;
    connection = CONNECTED;
    mutate.mockReset();
  });

  it('page detail: the copy is older than the latest approved version; updating publishes that version', () => {
    renderPanel();
    expect(screen.getByTestId('wordpress-behind').textContent).toBe('Une version plus récente a été approuvée après la publication\u00a0: la copie WordPress est plus ancienne.');
    // different minutes: no seconds
    expect(screen.getByTestId('wordpress-published')).not.toHaveTextContent(/\d\d:\d\d:\d\d/);
    expect(screen.getByRole('link', { name: /Voir sur WordPress/ })).toHaveAttribute('href', PUBLISHED.wordpress_link);
    fireEvent.click(screen.getByRole('button', { name: 'Mettre à jour sur WordPress' }));
    expect(mutate).toHaveBeenCalledWith({ pageId: 3, versionId: V2.id, republish: false }, expect.anything());
  });

  it('published and approved in the same minute: both times with seconds, so the warning does not read as contradictory', () => {
    // explicit instants 35 s apart in one minute (never the clock)
    pageData = { ...PUBLISHED, wordpress_published_at: '2026-11-26T22:48:05Z' };
    latest = { ...V2, created_date: '2026-11-26T22:48:40Z' };
    renderPanel({ shownVersion: latest });
    expect(screen.getByTestId('wordpress-behind')).toBeInTheDocument();
    expect(screen.getByTestId('wordpress-published')).toHaveTextContent(/:48:05/);
    expect(screen.getByTestId('wordpress-target')).toHaveTextContent(/:48:40/);
  });

  it('has one heading and no list of its own: the screen’s list of actions shows the publications', () => {
    renderPanel();
    expect(within(screen.getByTestId('wordpress-publish-panel')).getAllByRole('heading')).toHaveLength(1);
    expect(screen.queryByTestId('page-actions')).toBeNull();
  });

  it('versions screen: behind whichever version is shown; an unapproved one shown publishes the latest approved', () => {
    const { unmount } = renderPanel({ shownVersion: V1 });
    expect(screen.getByTestId('wordpress-behind')).toBeInTheDocument();
    unmount();
    renderPanel({ shownVersion: DRAFT });
    expect(screen.getByTestId('wordpress-behind')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Mettre à jour sur WordPress' }));
    expect(mutate).toHaveBeenCalledWith({ pageId: 3, versionId: V2.id, republish: false }, expect.anything());
  });

  it('up to date: no notice; never published: said so', () => {
    latest = V1;
    const { unmount } = renderPanel({ shownVersion: V1 });
    expect(screen.queryByTestId('wordpress-behind')).toBeNull();
    expect(screen.getByTestId('wordpress-target')).toHaveTextContent('WordPress a la version approuvée le');
    unmount();
    pageData = { wordpress_post_id: null, wordpress_link: null, wordpress_status: null, wordpress_published_at: null, wordpress_version: null };
    renderPanel();
    expect(screen.queryByTestId('wordpress-behind')).toBeNull();
    expect(screen.getByTestId('wordpress-not-published')).toHaveTextContent('Cette page n’est pas encore publiée sur WordPress.');
    expect(screen.getByRole('button', { name: 'Publier sur WordPress' })).toBeEnabled();
  });

  it('no connection: the button disabled with its reason, a link to the site’s WordPress settings', () => {
    connection = null;
    pageData = { wordpress_post_id: null, wordpress_link: null, wordpress_status: null, wordpress_published_at: null, wordpress_version: null };
    renderPanel();
    const button = screen.getByRole('button', { name: 'Publier sur WordPress' });
    expect(button).toBeDisabled();
    expect(button).toHaveAccessibleDescription(/Ce site n’a pas de connexion WordPress/);
    expect(within(screen.getByTestId('wordpress-publish-reason')).getByRole('link', { name: 'Configurer WordPress pour ce site' })).toHaveAttribute('href', '/sites/7#wordpress');
  });
});
