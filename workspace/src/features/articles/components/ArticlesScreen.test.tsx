/**
 * The "Articles" screen: counts per reason, the reason filter in the address, the action that fits each
 * reason, "Mark as published" and its refusal, the empty state. The data hooks are replaced by fixed data
 * (the backend's own tests, supabase-local/test/db/review-state.test.js, cover list_work_queue).
 */
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { CitableProviders, i18n } from '@citable/shared';
import { DataError } from '@citable/shared/data';
import { act } from 'react';
import type { WorkItem } from '../utils/workQueue';
import { ArticlesScreen } from './ArticlesScreen';

const minutesAgo = (n: number) => new Date(Date.now() - n * 60_000).toISOString();
const base = { site_id: 1, site_name: 'Boulange', page_url: 'https://b.example/x', version_id: '11111111-1111-4111-8111-111111111111', action_name: null, action_error: null };
const ITEMS: WorkItem[] = [
  { ...base, reason: 'failed', page_id: 2, page_name: 'Croissants', since: minutesAgo(3 * 24 * 60), action_name: 'create_article', action_error: 'Le modèle ne répond pas' },
  { ...base, reason: 'revision', page_id: 1, page_name: 'Pain au levain', since: minutesAgo(120) },
  { ...base, reason: 'approved', page_id: 3, page_name: 'Brioche', since: minutesAgo(30) },
  { ...base, reason: 'ready_to_send', page_id: 4, page_name: 'Baguette', since: minutesAgo(5) },
];

let queue: { data: WorkItem[] | undefined; isPending: boolean; isError: boolean; error: unknown; refetch: () => void; isFetching: boolean };
const mutateAsync = jest.fn();
jest.mock('../api/getWorkQueue', () => ({ useWorkQueue: () => queue }));
jest.mock('../api/setPagePublished', () => ({ useSetPagePublished: () => ({ mutateAsync, isPending: false }) }));
const publishMutate = jest.fn();
let pageWordPress: { data: unknown } = { data: undefined };
jest.mock('../../../components/wordpress/api', () => ({
  usePublish: () => ({ mutate: publishMutate, isPending: false }),
  usePageWordPress: (pageId: number | null) => (pageId === null ? { data: undefined } : pageWordPress),
}));
const toast = jest.fn();
jest.mock('@citable/shared', () => ({ ...jest.requireActual('@citable/shared'), showToast: (data: unknown) => toast(data) }));

function Where() {
  const location = useLocation();
  return <output data-testid="where">{location.pathname + location.search}</output>;
}

function renderScreen(entry = '/articles') {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const tree = () => (
    <CitableProviders withNotifications={false}>
      <QueryClientProvider client={client}>
        <MemoryRouter initialEntries={[entry]}>
          <Routes>
            <Route path="/articles" element={<ArticlesScreen />} />
            <Route path="*" element={null} />
          </Routes>
          <Where />
        </MemoryRouter>
      </QueryClientProvider>
    </CitableProviders>
  );
  const view = render(tree());
  /** renders again with the current `queue` (as a refetch would) */
  return { ...view, refresh: () => view.rerender(tree()) };
}

jest.setTimeout(30_000);

describe('ArticlesScreen', () => {
  beforeEach(async () => {
    await i18n.changeLanguage('fr');
    queue = { data: ITEMS, isPending: false, isError: false, error: null, refetch: jest.fn(), isFetching: false };
    mutateAsync.mockReset();
    publishMutate.mockReset();
    pageWordPress = { data: undefined };
    toast.mockReset();
  });

  it('lists every item oldest first with its counts, and the action that fits each reason', () => {
    renderScreen();
    expect(screen.getByRole('radio', { name: 'Tout (4)' })).toBeChecked();
    expect(screen.getByRole('radio', { name: 'Révision demandée (1)' })).not.toBeChecked();
    const rows = screen.getAllByTestId('work-item');
    expect(rows.map((r) => r.getAttribute('data-reason'))).toEqual(['failed', 'revision', 'approved', 'ready_to_send']);
    expect(within(rows[0]).getByText('il y a 3 jours')).toBeInTheDocument();
    expect(within(rows[0]).getByText('« Création d’article » a échoué.')).toBeInTheDocument();
    expect(within(rows[0]).getByTestId('work-error')).toHaveTextContent('Le modèle ne répond pas');
    expect(within(rows[0]).getByRole('link', { name: 'Ouvrir la page – Croissants' })).toHaveAttribute('href', '/sites/1/pages/2');
    expect(within(rows[1]).getByRole('link', { name: 'Voir la demande – Pain au levain' })).toHaveAttribute(
      'href',
      `/sites/1/pages/1/page-versions?version=${base.version_id}`,
    );
    expect(within(rows[1]).getByRole('link', { name: 'Pain au levain' })).toHaveAttribute('href', '/sites/1/pages/1/page-versions');
    expect(within(rows[2]).getByRole('button', { name: 'Marquer comme publié – Brioche' })).toBeInTheDocument();
    expect(within(rows[3]).getByRole('link', { name: 'Envoyer au client… – Baguette' })).toBeInTheDocument();
  });

  it('filters by reason through the address, and back to all', () => {
    renderScreen('/articles?reason=approved');
    expect(screen.getByRole('radio', { name: 'Approuvé, à publier (1)' })).toBeChecked();
    expect(screen.getAllByTestId('work-item').map((r) => r.getAttribute('data-page-id'))).toEqual(['3']);
    fireEvent.click(screen.getByRole('radio', { name: 'Action en échec (1)' }));
    expect(screen.getByTestId('where')).toHaveTextContent('/articles?reason=failed');
    expect(screen.getAllByTestId('work-item').map((r) => r.getAttribute('data-page-id'))).toEqual(['2']);
    fireEvent.click(screen.getByRole('radio', { name: 'Tout (4)' }));
    expect(screen.getByTestId('where')).toHaveTextContent(/^\/articles$/);
  });

  it('marks an approved article published; a cancelled approval is told as such', async () => {
    renderScreen();
    mutateAsync.mockResolvedValueOnce({ id: 3, review_state: 'approved', published_at: '2026-11-26T12:00:00Z' });
    fireEvent.click(screen.getByRole('button', { name: 'Marquer comme publié – Brioche' }));
    await waitFor(() => expect(toast).toHaveBeenCalledWith(expect.objectContaining({ color: 'teal', title: 'Article marqué comme publié' })));
    expect(mutateAsync).toHaveBeenCalledWith({ pageId: 3, published: true });

    mutateAsync.mockRejectedValueOnce(new DataError('unknown', 'Only an approved article can be marked as published', { hint: 'not_approved' }));
    fireEvent.click(screen.getByRole('button', { name: 'Marquer comme publié – Brioche' }));
    await waitFor(() =>
      expect(toast).toHaveBeenLastCalledWith(expect.objectContaining({ color: 'red', message: expect.stringContaining('n’est plus approuvé') })),
    );
  });

  it('publishes to WordPress from an approved row when the site is connected; a link to the settings when not', async () => {
    const approved = ITEMS[2];
    queue = { ...queue, data: [{ ...approved, wordpress_connection: 'none' }] };
    const { unmount } = renderScreen();
    const none = screen.getByTestId('work-item');
    const connect = within(none).getByRole('link', { name: 'Connecter WordPress – Brioche' });
    expect(connect).toHaveAttribute('href', '/sites/1#wordpress');
    // a secondary button, not a bare link (audit W1)
    expect(connect).toHaveAttribute('data-variant', 'default');
    expect(within(none).queryByRole('button', { name: /WordPress/ })).toBeNull();
    // marking by hand: one secondary style in every row, connected or not (audit W1)
    expect(within(none).getByRole('button', { name: 'Marquer comme publié – Brioche' })).toHaveAttribute('data-variant', 'default');
    unmount();

    queue = { ...queue, data: [{ ...approved, wordpress_connection: 'failed' }] };
    const failed = renderScreen();
    expect(screen.getByTestId('work-wordpress-connection-failed')).toHaveTextContent('Connexion WordPress en échec.');
    expect(screen.getByRole('link', { name: 'Vérifier la connexion – Brioche' })).toHaveAttribute('href', '/sites/1#wordpress');
    failed.unmount();

    queue = { ...queue, data: [{ ...approved, wordpress_connection: 'ok' }] };
    renderScreen();
    expect(screen.getByRole('button', { name: 'Marquer comme publié – Brioche' })).toHaveAttribute('data-variant', 'default');
    fireEvent.click(screen.getByRole('button', { name: 'Publier sur WordPress – Brioche' }));
    expect(publishMutate).toHaveBeenCalledWith({ pageId: 3, versionId: base.version_id, republish: false }, expect.anything());
    act(() => publishMutate.mock.calls[0][1].onSuccess());
    expect(toast).toHaveBeenCalledWith(expect.objectContaining({ color: 'teal', title: 'Publication WordPress demandée' }));
    // refused by the database: its hint in the user's language
    act(() => publishMutate.mock.calls[0][1].onError(new DataError('unknown', 'The site has no WordPress connection', { hint: 'no_wordpress_connection' })));
    expect(toast).toHaveBeenLastCalledWith(expect.objectContaining({ color: 'red', message: expect.stringContaining('connexion WordPress') }));
  });

  it('shows the publication under way, its failure translated, the link once published; a row that leaves the list stays with its link', async () => {
    const approved = { ...ITEMS[2], wordpress_connection: 'ok' as const };
    queue = { ...queue, data: [{ ...approved, publish_status: 'running' }] };
    const view = renderScreen();
    expect(screen.getByTestId('work-wordpress-state')).toHaveTextContent('Publication sur WordPress en cours…');
    expect(screen.queryByRole('button', { name: /Publier sur WordPress/ })).toBeNull();

    queue = {
      ...queue,
      data: [{ ...approved, publish_status: 'failed', publish_error: 'HTTP 413', publish_warnings: [{ stage: 'image', code: 'wordpress_too_large', message: 'too large' }] }],
    };
    view.refresh();
    expect(screen.getByTestId('work-wordpress-error').textContent).toBe('Échec de la publication WordPress\u00a0: WordPress refuse le fichier\u00a0: il est trop lourd.');
    // published again from the row: the post public, the page leaves the list; the row stays, its link read from the page
    fireEvent.click(screen.getByRole('button', { name: 'Publier sur WordPress – Brioche' }));
    act(() => publishMutate.mock.calls[0][1].onSuccess());
    queue = { ...queue, data: [{ ...approved, publish_status: 'queued' }] };
    view.refresh();
    expect(screen.getByTestId('work-wordpress-state')).toHaveAttribute('data-state', 'queued');
    const link = 'https://blog.example/brioche/';
    pageWordPress = { data: { wordpress_post_id: 9, wordpress_link: link, wordpress_status: 'publish', wordpress_published_at: '2026-11-26T12:00:00Z', wordpress_version: base.version_id } };
    queue = { ...queue, data: [] };
    view.refresh();
    await waitFor(() => expect(screen.getByTestId('work-wordpress-link')).toHaveAttribute('href', link));
    expect(screen.getByTestId('work-wordpress-published')).toHaveTextContent('Publié sur WordPress');
    expect(screen.getByTestId('work-item').textContent).toContain('L’article est en ligne\u00a0; il quittera la liste au prochain chargement.');
    expect(screen.getByTestId('work-reason')).toHaveTextContent('Publié');
    expect(screen.queryByRole('button', { name: /Marquer comme publié/ })).toBeNull();
    // the counts are the list's: nothing waits any more
    expect(screen.getByRole('radio', { name: 'Tout (0)' })).toBeChecked();
  });

  it('a draft post keeps the row, with its link and status; an older copy offers the update', () => {
    const link = 'https://blog.example/?p=9';
    queue = { ...queue, data: [{ ...ITEMS[2], wordpress_connection: 'ok', publish_status: 'done', wordpress_link: link, wordpress_status: 'draft', wordpress_version: base.version_id }] };
    const view = renderScreen();
    expect(screen.getByTestId('work-wordpress-published')).toHaveTextContent('Sur WordPress (brouillon)');
    expect(screen.getByRole('link', { name: /Voir sur WordPress/ })).toHaveAttribute('target', '_blank');
    expect(screen.queryByRole('button', { name: /sur WordPress – Brioche/ })).toBeNull();
    queue = { ...queue, data: [{ ...ITEMS[2], wordpress_connection: 'ok', publish_status: 'done', wordpress_link: link, wordpress_status: 'publish', wordpress_version: '22222222-2222-4222-8222-222222222222' }] };
    view.refresh();
    expect(screen.getByTestId('work-wordpress-behind')).toHaveTextContent('La copie WordPress est plus ancienne que cette version.');
    fireEvent.click(screen.getByRole('button', { name: 'Mettre à jour sur WordPress – Brioche' }));
    expect(publishMutate).toHaveBeenCalledWith({ pageId: 3, versionId: base.version_id, republish: false }, expect.anything());
  });

  it('says when nothing waits, and when a category is empty', () => {
    queue = { ...queue, data: [] };
    const { unmount } = renderScreen();
    expect(screen.getByTestId('articles-empty')).toHaveTextContent('Rien ne vous attend');
    expect(screen.getByRole('radio', { name: 'Tout (0)' })).toBeChecked();
    unmount();
    queue = { ...queue, data: ITEMS.filter((i) => i.reason !== 'approved') };
    renderScreen('/articles?reason=approved');
    expect(screen.getByTestId('articles-empty')).toHaveTextContent('Rien dans cette catégorie pour l’instant.');
    fireEvent.click(screen.getByRole('button', { name: 'Tout afficher' }));
    expect(screen.getAllByTestId('work-item')).toHaveLength(3);
  });

  it('the filter chips are 40 px tall; a chip with nothing in it is muted but still choosable (audit L1)', () => {
    queue = { ...queue, data: ITEMS.filter((i) => i.reason !== 'approved') };
    renderScreen();
    const empty = screen.getByRole('radio', { name: 'Approuvé, à publier (0)' });
    const emptyChip = screen.getByTestId('reason-approved');
    expect(emptyChip).toHaveAttribute('data-empty', 'true');
    expect(screen.getByTestId('reason-revision')).not.toHaveAttribute('data-empty');
    const label = document.querySelector<HTMLElement>(`label[for="${empty.id}"]`)!;
    expect(label.style.height).toBe('40px');
    expect(label.style.borderStyle).toBe('dashed');
    fireEvent.click(empty);
    expect(screen.getByTestId('where')).toHaveTextContent('/articles?reason=approved');
    // the chosen chip is not muted, even at (0)
    expect(screen.getByTestId('reason-approved')).not.toHaveAttribute('data-empty');
  });

  it('on a phone the filter is one select with the counts, like the Inbox (audit L1)', () => {
    const original = window.matchMedia;
    window.matchMedia = ((query: string) => ({ ...original(query), matches: query.includes('max-width') })) as typeof window.matchMedia;
    try {
      renderScreen('/articles?reason=failed');
      const select = screen.getByRole('combobox', { name: 'Filtrer par motif' });
      expect(select).toHaveValue('failed');
      expect(within(select).getAllByRole('option').map((o) => o.textContent)).toEqual(['Tout (4)', 'Révision demandée (1)', 'Action en échec (1)', 'Prêt à envoyer (1)', 'Approuvé, à publier (1)']);
      expect(screen.queryByRole('radio')).toBeNull();
      fireEvent.change(select, { target: { value: 'ready_to_send' } });
      expect(screen.getByTestId('where')).toHaveTextContent('/articles?reason=ready_to_send');
      expect(screen.getAllByTestId('work-item')).toHaveLength(1);
      fireEvent.change(select, { target: { value: 'all' } });
      expect(screen.getByTestId('where')).toHaveTextContent(/^\/articles$/);
    } finally {
      window.matchMedia = original;
    }
  });

  it('a failed load says so, with Retry', () => {
    queue = { ...queue, data: undefined, isError: true, error: new DataError('network', 'offline') };
    renderScreen();
    const alert = screen.getByRole('alert');
    expect(alert).toHaveTextContent('Impossible de charger les articles qui vous attendent.');
    fireEvent.click(within(alert).getByRole('button', { name: 'Réessayer' }));
    expect(queue.refetch).toHaveBeenCalled();
  });
});
