import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { CitableProviders, i18n } from '@citable/shared';
import type { PageListRow } from '../api/getPages';
import { PagesListPage } from './PagesListPage';

// the data hooks answer at once (the screen's switch between table and cards is what is tested)
const ROWS: PageListRow[] = [1, 2, 3].map((id) => ({
  id,
  name: `Page ${id}`,
  url: `https://www.jardin.fr/p-${id}`,
  status: 1,
  date_modified: '2026-11-12T09:30:00Z',
  statuses: { name: 'Published' },
  serp_results_count: id,
  llm_answers_count: 0,
  content_score: 50 + id,
  review_state: 'draft',
  hide_cover_image_from_preview: false,
  hide_revisions_texts_from_preview: false,
}));
jest.mock('../api/getPages', () => ({
  usePages: () => ({ data: { rows: ROWS, total: 3, page: 1 }, isPending: false, isError: false, isFetching: false, isPlaceholderData: false, error: null }),
}));
jest.mock('../api/getSiteSummary', () => ({
  useSiteSummary: () => ({ data: { id: 9, name: 'Jardin', url: 'https://www.jardin.fr' }, isPending: false, isError: false, error: null }),
}));
jest.mock('../api/getStatuses', () => ({ useStatuses: () => ({ data: undefined, isError: false, error: null }) }));

/** A viewport `width` px wide: the min-/max-width media queries (px or em) answer for it. */
function setViewport(width: number) {
  const matches = (query: string) =>
    query.split(',').some((part) => {
      const max = /max-width:\s*([\d.]+)(px|em)/.exec(part);
      const min = /min-width:\s*([\d.]+)(px|em)/.exec(part);
      const px = (m: RegExpExecArray) => Number(m[1]) * (m[2] === 'em' ? 16 : 1);
      if (!max && !min) return false;
      return (!max || width <= px(max)) && (!min || width >= px(min));
    });
  Object.defineProperty(window, 'matchMedia', {
    writable: true,
    value: (query: string) => ({
      matches: matches(query),
      media: query,
      onchange: null,
      addListener: () => {},
      removeListener: () => {},
      addEventListener: () => {},
      removeEventListener: () => {},
      dispatchEvent: () => false,
    }),
  });
}

function renderList() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <CitableProviders withNotifications={false}>
        <MemoryRouter initialEntries={['/sites/9/pages']}>
          <Routes>
            <Route path="/sites/:siteId/pages" element={<PagesListPage />} />
          </Routes>
        </MemoryRouter>
      </CitableProviders>
    </QueryClientProvider>,
  );
}

// the whole screen renders (filters, batch bar, dialogs): slower than a component alone on a busy machine
jest.setTimeout(15_000);

describe('the page list: table on a wide screen, cards on a phone', () => {
  const original = window.matchMedia;
  beforeEach(() => void i18n.changeLanguage('fr'));
  afterEach(() => Object.defineProperty(window, 'matchMedia', { writable: true, value: original }));

  it('at 1440 px: the table, no cards', async () => {
    setViewport(1440);
    renderList();
    await act(async () => {});
    expect(screen.getByTestId('pages-table')).toBeInTheDocument();
    expect(screen.getAllByTestId('page-row')).toHaveLength(3);
    expect(screen.queryByTestId('page-card')).toBeNull();
  });

  it('at 375 px: one card per page, no table, and the selection reaches the batch bar', async () => {
    setViewport(375);
    renderList();
    await act(async () => {});
    expect(screen.queryByTestId('pages-table')).toBeNull();
    const cards = screen.getAllByTestId('page-card');
    expect(cards).toHaveLength(3);
    // the actions are 44 px taps on a phone
    const edit = within(cards[0]).getByRole('button', { name: 'Modifier – Page 1' });
    expect(edit).toHaveAttribute('data-size', 'xl');
    fireEvent.click(within(cards[1]).getByRole('checkbox', { name: 'Sélectionner Page 2' }));
    expect(cards[1]).toHaveAttribute('data-selected', 'true');
    expect(screen.getByText(/1 page sélectionnée/)).toBeInTheDocument();
    fireEvent.click(screen.getByRole('checkbox', { name: 'Sélectionner toutes les pages affichées' }));
    expect(screen.getAllByTestId('page-card').filter((card) => card.hasAttribute('data-selected'))).toHaveLength(3);
    // the edit action opens the form filled with the card's page
    fireEvent.click(edit);
    expect(await screen.findByDisplayValue('https://www.jardin.fr/p-1')).toBeInTheDocument();
  });

  it('at 768 px (the phone breakpoint, 48em) still cards; at 769 px the table', async () => {
    setViewport(768);
    const { unmount } = renderList();
    await act(async () => {});
    expect(screen.getAllByTestId('page-card')).toHaveLength(3);
    unmount();
    setViewport(769);
    renderList();
    await act(async () => {});
    expect(screen.getByTestId('pages-table')).toBeInTheDocument();
  });
});
