/**
 * The versions screen's content score: the saved score of the selected version, recomputed live
 * (debounced) while its HTML is edited, with the same contentScore as the worker. The screen's data
 * hooks are replaced by fixed data (the backend's own tests cover the calls); the CodeMirror editor
 * by a textarea (jsdom has no layout for it).
 */
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { CitableProviders, i18n } from '@citable/shared';
import { contentScore, type Brief } from '@citable/shared/engine';
import { PageVersionsPage } from './PageVersionsPage';

const brief: Brief = {
  version: 1,
  language: 'fr',
  keywords: ['pain au levain'],
  keywordsDerived: false,
  targetWords: 120,
  competitorWords: null,
  sections: [{ title: 'La cuisson du pain', coveredBy: [1] }],
  terms: [
    { term: 'levain naturel', weight: 1, sources: 4, target: 1 },
    { term: 'température de cuisson', weight: 0.8, sources: 3, target: 1 },
  ],
  questions: [],
  editedAt: null,
};

const HTML = '<h1>Le pain au levain</h1><h2>Préparer le levain</h2><p>Un levain naturel se nourrit chaque jour.</p>';
const saved = contentScore({ html: HTML, brief, claims: [] });

const version = {
  id: '11111111-1111-4111-8111-111111111111',
  page: 2,
  creator: null,
  created_date: '2026-11-20T10:00:00Z',
  html_content: HTML,
  comments_to_modify: null,
  need_to_do_web_search_for_modification: false,
  highlight_modified_content: false,
  unhighlight_modified_content: false,
  pages_versions_to_take_as_example: null,
  sent_in_revision: false,
  approved: false,
  parent_version: null,
  origin: 'generated',
  instruction: null,
  claims: [],
  score: saved.total,
  score_parts: saved.parts,
  structured_data: null,
  scored_at: '2026-11-20T10:01:00Z',
};

const mutation = { mutate: jest.fn(), mutateAsync: jest.fn(), isPending: false };
const success = <T,>(data: T) => ({ data, isPending: false, isError: false, isSuccess: true, error: null });

jest.mock('../../../components/page-sub-screen/pageContext', () => ({
  usePageContext: () => success({ id: 2, site: 1, name: 'Pain au levain', url: 'https://boulange.example/pain', sites: { id: 1, name: 'Boulange', url: 'https://boulange.example' } }),
}));
jest.mock('../api/versions', () => ({
  useVersions: () => success([version]),
  useVersion: () => success(version),
  useDeleteVersion: () => mutation,
}));
jest.mock('../api/pageBrief', () => ({ usePageBrief: () => success(brief) }));
jest.mock('../api/saveVersionEdit', () => ({ useSaveVersionEdit: () => mutation }));
jest.mock('../api/requestModification', () => ({ useRequestModification: () => mutation }));
jest.mock('../api/createPageVersion', () => ({ CREATE_ACTION_MISSING: 'x', useCreatePageVersion: () => mutation }));
jest.mock('../../../components/PageActionsList', () => ({ PageActionsList: () => null }));
jest.mock('./CodeEditor', () => ({
  __esModule: true,
  default: ({ value, onChange, label, readOnly }: { value: string; onChange?: (v: string) => void; label: string; readOnly?: boolean }) => (
    <textarea aria-label={label} value={value} readOnly={readOnly} onChange={(event) => onChange?.(event.target.value)} />
  ),
}));

function renderScreen() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <CitableProviders withNotifications={false}>
      <QueryClientProvider client={client}>
        <MemoryRouter initialEntries={['/sites/1/pages/2/page-versions']}>
          <Routes>
            <Route path="/sites/:siteId/pages/:pageId/page-versions" element={<PageVersionsPage />} />
          </Routes>
        </MemoryRouter>
      </QueryClientProvider>
    </CitableProviders>,
  );
}

const total = () => Number(screen.getByTestId('score-total').textContent);

jest.setTimeout(30_000);

describe('PageVersionsPage content score', () => {
  beforeEach(() => i18n.changeLanguage('fr'));

  it('shows the saved score, then recomputes it live (debounced) while the HTML is edited', async () => {
    renderScreen();
    expect(screen.getByTestId('score-panel')).toHaveAttribute('data-source', 'saved');
    expect(total()).toBe(saved.total);
    expect(within(screen.getByTestId('versions-table')).getByTestId('version-score')).toHaveAttribute('data-score', String(saved.total));

    fireEvent.click(screen.getByText('Code'));
    fireEvent.click(await screen.findByRole('button', { name: 'Modifier' }));
    const editor = await screen.findByRole('textbox', { name: 'Source HTML de la version' });
    await waitFor(() => expect(screen.getByTestId('score-panel')).toHaveAttribute('data-source', 'live'));
    expect(total()).toBe(saved.total);

    // the missing term and section: the score rises once typing pauses
    jest.useFakeTimers();
    try {
      const better = `${HTML}<h2>La cuisson du pain</h2><p>Surveillez la température de cuisson du four.</p>`;
      fireEvent.change(editor, { target: { value: better } });
      // not before the pause
      act(() => jest.advanceTimersByTime(100));
      expect(total()).toBe(saved.total);
      act(() => jest.advanceTimersByTime(400));
      const expected = contentScore({ html: better, brief, claims: [] }).total;
      expect(expected).toBeGreaterThan(saved.total);
      expect(total()).toBe(expected);
      const terms = screen.getAllByTestId('score-part').find((p) => p.getAttribute('data-part') === 'terms');
      expect(terms).toHaveTextContent('Rien à corriger.');
    } finally {
      jest.useRealTimers();
    }

    // Cancel: back to the saved score
    fireEvent.click(screen.getByRole('button', { name: 'Annuler' }));
    await waitFor(() => expect(screen.getByTestId('score-panel')).toHaveAttribute('data-source', 'saved'));
    expect(total()).toBe(saved.total);
  });

  it('keeps the text being edited when the window crosses the two-column width (the viewer moves)', async () => {
    const original = window.matchMedia;
    let wide = true;
    const listeners = new Set<(event: { matches: boolean }) => void>();
    window.matchMedia = (query: string) =>
      ({
        matches: query.includes('min-width: 75em') ? wide : false,
        media: query,
        onchange: null,
        addListener: () => undefined,
        removeListener: () => undefined,
        addEventListener: (_type: string, listener: (event: { matches: boolean }) => void) => {
          if (query.includes('min-width: 75em')) listeners.add(listener);
        },
        removeEventListener: (_type: string, listener: (event: { matches: boolean }) => void) => listeners.delete(listener),
        dispatchEvent: () => false,
      }) as unknown as MediaQueryList;
    try {
      renderScreen();
      expect(screen.queryByTestId('versions-narrow-layout')).not.toBeInTheDocument();
      fireEvent.click(screen.getByText('Code'));
      fireEvent.click(await screen.findByRole('button', { name: 'Modifier' }));
      const typed = `${HTML}<p>Une phrase ajoutée à la main.</p>`;
      fireEvent.change(await screen.findByRole('textbox', { name: 'Source HTML de la version' }), { target: { value: typed } });

      // the window narrows: one column, the viewer first, mounted again with the draft
      wide = false;
      act(() => listeners.forEach((listener) => listener({ matches: false })));
      expect(await screen.findByTestId('versions-narrow-layout')).toBeInTheDocument();
      expect(screen.getByRole('textbox', { name: 'Source HTML de la version' })).toHaveValue(typed);
      expect(screen.getByRole('button', { name: 'Annuler' })).toBeInTheDocument();
    } finally {
      window.matchMedia = original;
    }
  });

  it('lists the version’s claims beside the content', () => {
    renderScreen();
    expect(screen.getByTestId('claims-none')).toBeInTheDocument();
  });
});

/** window.matchMedia answering `matches` for the queries `match` accepts (jsdom has no layout). */
function mediaWhere(match: (query: string) => boolean) {
  const original = window.matchMedia;
  window.matchMedia = (query: string) =>
    ({ matches: match(query), media: query, onchange: null, addListener: () => undefined, removeListener: () => undefined, addEventListener: () => undefined, removeEventListener: () => undefined, dispatchEvent: () => false }) as MediaQueryList;
  return () => {
    window.matchMedia = original;
  };
}

/** true when `a` comes before `b` in the document */
const precedes = (a: Element, b: Element) => Boolean(a.compareDocumentPosition(b) & Node.DOCUMENT_POSITION_FOLLOWING);

describe('PageVersionsPage layout (audit P7, P9)', () => {
  beforeEach(() => i18n.changeLanguage('fr'));

  it('a phone: the version shown first, then the compact list (no Actions column, the row’s actions under its date, no “Affichée” badge)', () => {
    const restore = mediaWhere((q) => q.includes('max-width'));
    try {
      renderScreen();
      const content = screen.getByTestId('html-content');
      const table = screen.getByTestId('versions-table');
      expect(screen.getByTestId('versions-narrow-layout')).toBeInTheDocument();
      expect(precedes(content, table)).toBe(true);
      expect(precedes(content, screen.getByTestId('score-panel'))).toBe(true);
      expect(within(table).queryByRole('columnheader', { name: 'Actions' })).toBeNull();
      const row = within(table).getByTestId('version-row');
      const cell = within(row).getAllByRole('cell');
      expect(cell).toHaveLength(1);
      expect(within(cell[0]).getByTestId('version-actions')).toBeInTheDocument();
      expect(within(cell[0]).getByTestId('version-score')).toBeInTheDocument();
      // the shown row: highlighted and aria-current, no badge of its own
      expect(within(row).getByRole('button', { name: /Afficher la version du/ })).toHaveAttribute('aria-current', 'true');
      expect(within(row).queryByText('Affichée')).toBeNull();
      // the Modify form: the shown version preselected
      expect(screen.getByTestId('modify-version')).not.toHaveValue('');
    } finally {
      restore();
    }
  });

  it('a wide screen: the list on the left, the content on the right, the table with its Actions column; the view toggle says which view is on', () => {
    const restore = mediaWhere((q) => q.includes('min-width: 75em'));
    try {
      renderScreen();
      expect(screen.queryByTestId('versions-narrow-layout')).toBeNull();
      const table = screen.getByTestId('versions-table');
      expect(precedes(table, screen.getByTestId('html-content'))).toBe(true);
      expect(within(table).getByRole('columnheader', { name: 'Actions' })).toBeInTheDocument();
      expect(within(table).getAllByRole('cell')).toHaveLength(2);
      const toggle = screen.getByTestId('view-toggle');
      expect(toggle).toHaveAttribute('data-active-mode', 'rendered');
      expect(within(toggle).getByRole('radio', { name: /Rendu/ })).toBeChecked();
    } finally {
      restore();
    }
  });
});
