/**
 * Approving an article with unsupported claims asks first, naming their count (docs/article-engine.md);
 * without any, Approve approves at once. The count comes with the article (get_article_for_view's
 * unsupported_claims); the review RPCs are jest mocks (the backend's tests cover them).
 */
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { CitableProviders, i18n, type ArticleForView } from '@citable/shared';
import { DataError } from '@citable/shared/data';
import { ReviewBar, ReviewPanel, useReview } from './ReviewPanel';
import type { UnsupportedTarget } from '../utils/claims';

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

function Panel({ article: a, targets }: { article: ArticleForView; targets?: UnsupportedTarget[] }) {
  const review = useReview({ versionId: VERSION_ID, article: a, onDemo: jest.fn() });
  return (
    <>
      <ReviewPanel review={review} targets={targets} />
      {review.dialogs}
    </>
  );
}

function renderPanel(unsupported: number, version: Partial<ArticleForView['version']> = {}, targets?: UnsupportedTarget[]) {
  const client = new QueryClient();
  const invalidate = jest.spyOn(client, 'invalidateQueries');
  render(
    <CitableProviders withNotifications={false}>
      <QueryClientProvider client={client}>
        <Panel article={{ ...article, version: { ...article.version, ...version }, unsupported_claims: unsupported } as ArticleForView} targets={targets} />
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

  it('the state from the client\'s side, once: « À relire » (audit L7)', () => {
    renderPanel(0);
    expect(screen.getAllByTestId('review-state')).toHaveLength(1);
    expect(screen.getByTestId('review-state')).toHaveTextContent(/^À relire$/);
    expect(screen.getByTestId('review-state')).toHaveAttribute('data-state', 'draft');
  });

  it('lists each unsupported claim under the warning; a link scrolls to it and focuses it (audit L8)', () => {
    const block = document.createElement('p');
    block.id = 'cv-unsupported-1';
    block.tabIndex = -1;
    block.scrollIntoView = jest.fn();
    document.body.append(block);
    renderPanel(2, {}, [
      { sentence: 'Le levain double en 6 heures [1].', id: 'cv-unsupported-1' },
      { sentence: 'Une phrase effacée [2].', id: null },
    ]);
    const items = screen.getAllByTestId('unsupported-item');
    expect(items.map((i) => i.textContent)).toEqual(['«\u00a0Le levain double en 6 heures [1].\u00a0»', '«\u00a0Une phrase effacée [2].\u00a0» (plus dans le texte)']);
    const link = screen.getByRole('link', { name: '«\u00a0Le levain double en 6 heures [1].\u00a0» (voir dans l’article)' });
    expect(link).toHaveAttribute('href', '#cv-unsupported-1');
    fireEvent.click(link);
    expect(block.scrollIntoView).toHaveBeenCalled();
    expect(document.activeElement).toBe(block);
    expect(block).toHaveClass('cv-unsupported-flash');
    block.remove();
  });
});

describe('ReviewBar (audit L9)', () => {
  beforeEach(async () => {
    run.mockReset().mockResolvedValue({ ...article.version, approved: true });
    await i18n.changeLanguage('fr');
  });

  function Page({ a }: { a: ArticleForView }) {
    const review = useReview({ versionId: VERSION_ID, article: a, onDemo: jest.fn() });
    const ref = { current: null };
    return (
      <>
        <ReviewBar review={review} cardRef={ref} />
        {review.dialogs}
      </>
    );
  }
  const renderBar = (a: ArticleForView) =>
    render(
      <CitableProviders withNotifications={false}>
        <QueryClientProvider client={new QueryClient()}>
          <Page a={a} />
        </QueryClientProvider>
      </CitableProviders>,
    );

  it('a version to review: a region « Actions de relecture » with both actions, Approve approving', async () => {
    renderBar({ ...article, unsupported_claims: 0 } as ArticleForView);
    const bar = screen.getByRole('region', { name: 'Actions de relecture' });
    expect(bar).toHaveAttribute('data-print', 'hide');
    fireEvent.click(within(bar).getByRole('button', { name: 'Approuver cette version' }));
    await waitFor(() => expect(run).toHaveBeenCalledWith('approve', undefined));
    fireEvent.click(within(bar).getByRole('button', { name: 'Demander une révision' }));
    expect(await screen.findByRole('dialog', { name: 'Demander une révision' })).toBeInTheDocument();
  });

  it('no bar once the version is approved or sent back', () => {
    renderBar({ ...article, version: { ...article.version, approved: true }, unsupported_claims: 0 } as ArticleForView);
    expect(screen.queryByTestId('review-bar')).toBeNull();
  });
});
