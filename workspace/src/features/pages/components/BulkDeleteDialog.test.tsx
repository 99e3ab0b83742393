import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { CitableProviders, i18n, loadSupabase } from '@citable/shared';
import { BulkDeleteDialog } from './BulkDeleteDialog';

jest.mock('@citable/shared', () => ({ ...jest.requireActual('@citable/shared'), loadSupabase: jest.fn() }));
const load = loadSupabase as jest.MockedFunction<typeof loadSupabase>;

if (!window.matchMedia) {
  window.matchMedia = (query: string) =>
    ({ matches: false, media: query, onchange: null, addListener: () => undefined, removeListener: () => undefined, addEventListener: () => undefined, removeEventListener: () => undefined, dispatchEvent: () => false }) as MediaQueryList;
}

const pages = Array.from({ length: 12 }, (_, i) => ({ id: 100 + i, name: `Page ${i}` }));

function renderDialog(selected: { id: number; name: string }[]) {
  const calls: { name: string; args: unknown }[] = [];
  load.mockResolvedValue({
    rpc: (name: string, args: unknown) => {
      calls.push({ name, args });
      return Promise.resolve({ data: selected.length, error: null, status: 200 });
    },
  } as never);
  const onDeleted = jest.fn();
  const onClose = jest.fn();
  render(
    <QueryClientProvider client={new QueryClient()}>
      <CitableProviders withNotifications={false}>
        <BulkDeleteDialog siteId={3} pages={selected} onClose={onClose} onDeleted={onDeleted} />
      </CitableProviders>
    </QueryClientProvider>,
  );
  return { calls, onDeleted, onClose };
}

describe('the bulk delete confirmation', () => {
  afterEach(async () => {
    cleanup();
    await i18n.changeLanguage('en');
  });

  it('asks “Supprimer 12 pages ?” (no-break space) and deletes the selection in one request', async () => {
    await i18n.changeLanguage('fr');
    const { calls, onDeleted, onClose } = renderDialog(pages);
    expect((await screen.findByRole('heading', { name: /^Supprimer 12 pages/ })).textContent).toBe('Supprimer 12 pages\u00a0?');
    expect(screen.getByTestId('bulk-delete-text')).toHaveTextContent(/^Les 12 pages sélectionnées seront supprimées/);
    fireEvent.click(screen.getByRole('button', { name: 'Supprimer les 12 pages' }));
    await waitFor(() => expect(onDeleted).toHaveBeenCalled());
    expect(onClose).toHaveBeenCalled();
    expect(calls).toEqual([{ name: 'delete_pages', args: { p_site_id: 3, p_page_ids: pages.map((p) => p.id) } }]);
  });

  it('one page, in English', async () => {
    renderDialog(pages.slice(0, 1));
    expect(await screen.findByText('Delete 1 page?')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Delete the page' })).toBeEnabled();
  });
});
