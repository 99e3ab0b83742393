import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { CitableProviders, i18n, loadSupabase } from '@citable/shared';
import '../i18n';
import { SerpResultsModal } from './SerpResultsModal';

jest.mock('@citable/shared', () => ({ ...jest.requireActual('@citable/shared'), loadSupabase: jest.fn() }));
const load = loadSupabase as jest.MockedFunction<typeof loadSupabase>;

if (!window.matchMedia) {
  window.matchMedia = (query: string) =>
    ({ matches: false, media: query, onchange: null, addListener: () => undefined, removeListener: () => undefined, addEventListener: () => undefined, removeEventListener: () => undefined, dispatchEvent: () => false }) as MediaQueryList;
}

/** The serps table answers `rows`. */
function serps(rows: object[]) {
  const builder = {
    select: () => builder,
    eq: () => builder,
    order: () => builder,
    then: (resolve: (r: unknown) => unknown) => Promise.resolve({ data: rows, error: null, status: 200 }).then(resolve),
  };
  load.mockResolvedValue({ from: () => builder } as never);
}

const row = (id: number, url: string, created_at = '2026-11-26T09:30:00Z') => ({
  id,
  position_absolute: id,
  title: `Résultat ${id}`,
  url,
  meta_description: null,
  type: 'organic',
  own_site: false,
  site: 7,
  created_at,
});

function renderModal(onRefresh?: jest.Mock) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <CitableProviders withNotifications={false}>
        <SerpResultsModal keyword={{ id: 5, text: 'pain d’épices' }} siteId={7} siteUrl="https://boulangerie.fr" onRefresh={onRefresh} onClose={() => undefined} />
      </CitableProviders>
    </QueryClientProvider>,
  );
}

describe('the SERP results dialog (issue 32)', () => {
  afterEach(async () => {
    cleanup();
    await i18n.changeLanguage('en');
  });

  it('shows each address decoded, links to the stored one, and a malformed one raw', async () => {
    await i18n.changeLanguage('fr');
    serps([
      row(1, 'https://fr.wikipedia.org/wiki/Pain_d%E2%80%99%C3%A9pices'),
      row(2, 'https://xn--caf-dma.fr/pain-d%C3%A9pices'),
      row(3, 'https://exemple.fr/100%-bio'),
    ]);
    renderModal(jest.fn());
    const table = await screen.findByTestId('serps-table');
    const urls = within(table).getAllByTestId('serp-url').map((cell) => cell.textContent);
    expect(urls).toEqual(['https://fr.wikipedia.org/wiki/Pain_d’épices', 'https://café.fr/pain-dépices', 'https://exemple.fr/100%-bio']);
    expect(within(table).getByRole('link', { name: /Résultat 1/ })).toHaveAttribute('href', 'https://fr.wikipedia.org/wiki/Pain_d%E2%80%99%C3%A9pices');
  });

  it('says when the keyword was last searched and searches it again (French)', async () => {
    await i18n.changeLanguage('fr');
    serps([row(1, 'https://a.fr/', '2026-11-20T10:00:00Z'), row(2, 'https://b.fr/', '2026-11-26T09:30:00Z')]);
    const onRefresh = jest.fn();
    renderModal(onRefresh);
    expect(await screen.findByTestId('serps-last-search')).toHaveTextContent(/^Dernière recherche le 26 novembre 2026$/);
    fireEvent.click(screen.getByRole('button', { name: 'Actualiser' }));
    expect(onRefresh).toHaveBeenCalledWith({ id: 5, text: 'pain d’épices' });
  });

  it('offers no refresh without results, nor when the serps action is unknown (English)', async () => {
    serps([]);
    renderModal(jest.fn());
    expect(await screen.findByTestId('serps-empty')).toHaveTextContent('No SERP results for this keyword yet.');
    expect(screen.queryByRole('button', { name: 'Refresh' })).not.toBeInTheDocument();
    cleanup();
    serps([row(1, 'https://a.fr/')]);
    renderModal(undefined);
    expect(await screen.findByTestId('serps-last-search')).toHaveTextContent('Last searched on November 26, 2026');
    expect(screen.queryByRole('button', { name: 'Refresh' })).not.toBeInTheDocument();
  });
});
