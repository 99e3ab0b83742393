/**
 * Approving an article with unsupported claims asks first, naming their count (docs/article-engine.md);
 * without any, Approve approves at once. The count comes with the article (get_article_for_view's
 * unsupported_claims); the review RPCs are jest mocks (the backend's tests cover them).
 */
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { CitableProviders, i18n, type ArticleForView } from '@citable/shared';
import { DataError } from '@citable/shared/data';
import { ReviewPanel } from './ReviewPanel';

const run = jest.fn();

jest.mock('../api/article', () => ({
  articleKeys: { view: (id: string) => ['pageVersions', 'view', id], contexts: (id: string) => ['pageVersions', 'viewContext', id] },
  useReviewActions: () => ({ run, isPending: false }),
}));

const VERSION_ID = '22222222-2222-4222-8222-222222222222';
const article = {
  version: { id: VERSION_ID, page: 3, html_content: '<h1>T</h1>', created_date: '2026-11-20T10:00:00Z', sent_in_revision: false, approved: false, comments_to_modify: null, client_comments: null },
  site: { name: 'Boulange', logo_url: null },
  page: { id: 3, name: 'Pain', url: 'https://boulange.example/pain', hide_cover_image_from_preview: false, hide_revisions_texts_from_preview: false },
  is_demo: false,
  cover_image_url: null,
  images: [],
} as unknown as ArticleForView;

function renderPanel(unsupported: number, version: Partial<ArticleForView['version']> = {}) {
  const client = new QueryClient();
  const invalidate = jest.spyOn(client, 'invalidateQueries');
  render(
    <CitableProviders withNotifications={false}>
      <QueryClientProvider client={client}>
        <ReviewPanel versionId={VERSION_ID} article={{ ...article, version: { ...article.version, ...version }, unsupported_claims: unsupported } as ArticleForView} onDemo={jest.fn()} />
      </QueryClientProvider>
    </CitableProviders>,
  );
  return { invalidate };
}

describe('ReviewPanel approve', () => {
  beforeEach(async () => {
    run.mockReset().mockResolvedValue({ ...article.version, approved: true });
    await i18n.changeLanguage('fr');
  });

  it('says how many claims are unsupported and approves only when confirmed', async () => {
    renderPanel(2);
    expect(screen.getByTestId('unsupported-claims').textContent).toBe('Cet article contient 2\u00a0affirmations non vérifiées.');
    fireEvent.click(screen.getByRole('button', { name: 'Approuver cette version' }));
    const dialog = await screen.findByRole('dialog', { name: 'Approuver malgré des affirmations non vérifiées\u00a0?' });
    expect(screen.getByTestId('approve-unsupported').textContent).toContain('Cet article contient 2\u00a0affirmations non vérifiées\u00a0:');
    expect(run).not.toHaveBeenCalled();

    // Cancel: nothing approved
    fireEvent.click(screen.getByRole('button', { name: 'Annuler' }));
    await waitFor(() => expect(dialog).not.toBeInTheDocument());
    expect(run).not.toHaveBeenCalled();

    // again, and confirm
    fireEvent.click(screen.getByRole('button', { name: 'Approuver cette version' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Approuver quand même' }));
    await waitFor(() => expect(run).toHaveBeenCalledWith('approve', undefined));
  });

  it('approves at once when every claim is supported', async () => {
    renderPanel(0);
    expect(screen.queryByTestId('unsupported-claims')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Approuver cette version' }));
    await waitFor(() => expect(run).toHaveBeenCalledWith('approve', undefined));
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('a version approved meanwhile in another tab: the refusal reloads the article and its context', async () => {
    run.mockReset().mockRejectedValue(new DataError('conflict', 'This version has already been approved.', { hint: 'invalid_transition', details: 'approved' }));
    const { invalidate } = renderPanel(0);
    fireEvent.click(screen.getByRole('button', { name: 'Approuver cette version' }));
    await waitFor(() => expect(invalidate).toHaveBeenCalledWith({ queryKey: ['pageVersions', 'view', VERSION_ID] }));
    expect(invalidate).toHaveBeenCalledWith({ queryKey: ['pageVersions', 'viewContext', VERSION_ID] });
  });

  it("in revision, 'Vos commentaires' are the client's own, never the operator's instructions", () => {
    renderPanel(0, { sent_in_revision: true, comments_to_modify: 'Consigne interne de l’opérateur', client_comments: 'Plus d’exemples, merci.' });
    expect(screen.getByTestId('review-comments').textContent).toBe('Plus d’exemples, merci.');
    expect(screen.queryByText(/Consigne interne/)).toBeNull();
  });

  it('shows no comments when the client wrote none (the operator sent it back)', () => {
    renderPanel(0, { sent_in_revision: true, comments_to_modify: 'Consigne interne', client_comments: null });
    expect(screen.queryByTestId('review-comments')).toBeNull();
  });
});
