import { fireEvent, render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { CitableProviders, i18n } from '@citable/shared';
import type { PageListRow } from '../api/getPages';
import { PageCards, type PageCardsProps } from './PageCards';

const row = (id: number, over: Partial<PageListRow> = {}): PageListRow => ({
  id,
  name: `Tailler une haie n° ${id}`,
  url: `https://www.jardin.fr/haie-${id}`,
  status: 3,
  date_modified: '2026-11-12T09:30:00Z',
  statuses: { name: 'In Review' },
  serp_results_count: 3,
  llm_answers_count: 1,
  content_score: 72,
  review_state: 'revision',
  hide_cover_image_from_preview: false,
  hide_revisions_texts_from_preview: false,
  ...over,
});

function setup(props: Partial<PageCardsProps> = {}) {
  const handlers = { onToggle: jest.fn(), onToggleAll: jest.fn(), onEdit: jest.fn(), onDelete: jest.fn() };
  render(
    <CitableProviders>
      <MemoryRouter>
        <PageCards
          rows={[row(1), row(2, { serp_results_count: 0, llm_answers_count: 0, content_score: null, review_state: 'none', status: 2, statuses: { name: 'Draft' } })]}
          selectedIds={new Set([2])}
          linkOf={(r) => ({ to: `/sites/9/pages/${r.id}` })}
          formatDate={(iso) => `le ${iso.slice(0, 10)}`}
          tapSize="xl"
          isLoading={false}
          empty={{ message: 'Aucune page pour ce site.', hint: 'Créez la première page.' }}
          {...handlers}
          {...props}
        />
      </MemoryRouter>
    </CitableProviders>,
  );
  return handlers;
}

describe('PageCards (the page list on a phone)', () => {
  beforeEach(() => void i18n.changeLanguage('fr'));

  it('shows every column of the table in each card: name, URL, score, review state, status, date, counts, actions', () => {
    setup();
    const cards = screen.getAllByTestId('page-card');
    expect(cards).toHaveLength(2);
    const first = within(cards[0]);
    expect(first.getByRole('link', { name: 'Tailler une haie n° 1' })).toHaveAttribute('href', '/sites/9/pages/1');
    expect(first.getByTestId('page-url')).toHaveTextContent('https://www.jardin.fr/haie-1');
    expect(first.getByTestId('page-score')).toHaveTextContent('72');
    expect(first.getByTestId('page-review-state')).toHaveTextContent('En révision');
    expect(first.getByTestId('page-status')).toHaveTextContent('En relecture');
    expect(first.getByTestId('page-date')).toHaveAttribute('dateTime', '2026-11-12T09:30:00Z');
    expect(first.getByText(/Modifiée le/)).toHaveTextContent('Modifiée le le 2026-11-12');
    expect(first.getByTestId('page-counts')).toHaveTextContent('3 résultats SERP · 1 réponse LLM');
    expect(first.getByRole('button', { name: 'Modifier – Tailler une haie n° 1' })).toBeInTheDocument();
    expect(first.getByRole('button', { name: 'Supprimer – Tailler une haie n° 1' })).toBeInTheDocument();
    // French plural: 0 is singular
    expect(within(cards[1]).getByTestId('page-counts')).toHaveTextContent('0 résultat SERP · 0 réponse LLM');
    expect(within(cards[1]).getByTestId('page-review-state')).toHaveTextContent('Aucune version');
  });

  it('is a named list whose cards are list items', () => {
    setup();
    const list = screen.getByRole('list', { name: 'Pages du site' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(2);
  });

  it('keeps the selection: each card has its checkbox, the selected one is marked, the box above selects the shown pages', () => {
    const { onToggle, onToggleAll } = setup();
    const [first, second] = screen.getAllByTestId('page-card');
    expect(within(first).getByRole('checkbox', { name: 'Sélectionner Tailler une haie n° 1' })).not.toBeChecked();
    expect(within(second).getByRole('checkbox', { name: 'Sélectionner Tailler une haie n° 2' })).toBeChecked();
    expect(second).toHaveAttribute('data-selected', 'true');
    expect(first).not.toHaveAttribute('data-selected');
    fireEvent.click(within(first).getByRole('checkbox'));
    expect(onToggle).toHaveBeenCalledWith(expect.objectContaining({ id: 1 }));
    const all = screen.getByRole('checkbox', { name: 'Sélectionner toutes les pages affichées' });
    // one of two selected: indeterminate, not checked
    expect(all).not.toBeChecked();
    expect(all).toHaveAttribute('data-indeterminate', 'true');
    fireEvent.click(all);
    expect(onToggleAll).toHaveBeenCalledTimes(1);
  });

  it('runs the row actions on the page of the card', () => {
    const { onEdit, onDelete } = setup();
    fireEvent.click(screen.getByRole('button', { name: 'Modifier – Tailler une haie n° 2' }));
    expect(onEdit).toHaveBeenCalledWith(expect.objectContaining({ id: 2 }));
    fireEvent.click(screen.getByRole('button', { name: 'Supprimer – Tailler une haie n° 1' }));
    expect(onDelete).toHaveBeenCalledWith(expect.objectContaining({ id: 1 }));
  });

  it('shows the loading state, then the empty message and its hint', () => {
    setup({ isLoading: true });
    expect(screen.getByRole('status')).toHaveTextContent('Chargement des pages…');
    expect(screen.queryByTestId('page-card')).toBeNull();
  });

  it('shows the empty message when there are no pages', () => {
    setup({ rows: [] });
    expect(screen.getByTestId('pages-empty')).toHaveTextContent('Aucune page pour ce site.');
    expect(screen.getByText('Créez la première page.')).toBeInTheDocument();
    expect(screen.queryByRole('checkbox')).toBeNull();
  });

  it('reads in English too', async () => {
    await i18n.changeLanguage('en');
    setup();
    expect(within(screen.getAllByTestId('page-card')[0]).getByTestId('page-counts')).toHaveTextContent('3 SERP results · 1 LLM answer');
    expect(screen.getAllByText(/^Modified/)[0]).toBeInTheDocument();
  });
});
