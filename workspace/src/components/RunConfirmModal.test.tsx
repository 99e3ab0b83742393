import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { CitableProviders, i18n, loadSupabase } from '@citable/shared';
import { RunConfirmModal } from './RunConfirmModal';

jest.mock('@citable/shared', () => ({ ...jest.requireActual('@citable/shared'), loadSupabase: jest.fn() }));
const load = loadSupabase as jest.MockedFunction<typeof loadSupabase>;

if (!window.matchMedia) {
  window.matchMedia = (query: string) =>
    ({ matches: false, media: query, onchange: null, addListener: () => undefined, removeListener: () => undefined, addEventListener: () => undefined, removeEventListener: () => undefined, dispatchEvent: () => false }) as MediaQueryList;
}

/** pages_actions answers `rows` (the recent runs); records the action name asked for. */
function backend(rows: { cost_usd: number | null; duration_ms: number | null }[]) {
  const asked: string[] = [];
  const builder = {
    select: () => builder,
    eq: (column: string, value: string) => {
      if (column === 'actions.name') asked.push(value);
      return builder;
    },
    or: () => builder,
    order: () => builder,
    limit: () => builder,
    then: (resolve: (r: unknown) => unknown) => Promise.resolve({ data: rows, error: null, status: 200 }).then(resolve),
  };
  load.mockResolvedValue({ from: () => builder } as never);
  return asked;
}

function renderModal(props: Partial<React.ComponentProps<typeof RunConfirmModal>> = {}) {
  const onConfirm = jest.fn();
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <CitableProviders withNotifications={false}>
        <RunConfirmModal opened action="create_article" runs={3} onConfirm={onConfirm} onClose={() => undefined} {...props} />
      </CitableProviders>
    </QueryClientProvider>,
  );
  return { onConfirm };
}

describe('the confirmation before paid runs', () => {
  afterEach(async () => {
    cleanup(); // unmounted first: the language change below updates no mounted component
    await i18n.changeLanguage('en');
  });

  it('says how many runs, their estimated cost (median × runs, USD in French format) and time, then confirms', async () => {
    await i18n.changeLanguage('fr');
    const asked = backend([
      { cost_usd: 0.1, duration_ms: 60_000 },
      { cost_usd: 0.3, duration_ms: 180_000 },
      { cost_usd: 0.2, duration_ms: 120_000 },
    ]);
    const { onConfirm } = renderModal();
    expect((await screen.findByTestId('run-confirm-runs')).textContent).toBe('3\u00a0articles vont être écrits.');
    expect((await screen.findByTestId('run-estimate-cost')).textContent).toMatch(/^Coût estimé\u00a0: 0,60\s\$US \(0,20\s\$US par exécution\)$/u);
    expect(screen.getByText(/^Médiane de vos 3\sdernières exécutions terminées\.$/u).textContent).toBe('Médiane de vos 3\u00a0dernières exécutions terminées.');
    expect(screen.getByTestId('run-estimate-time').textContent).toMatch(/^Durée estimée\u00a0: environ 2\s+minutes par exécution, 6\s+minutes si elles passent l’une après l’autre$/u);
    expect(asked).toEqual(['create_article']);
    fireEvent.click(screen.getByTestId('run-confirm-submit'));
    expect(screen.getByTestId('run-confirm-submit').textContent).toBe('Créer 3\u00a0articles');
    expect(onConfirm).toHaveBeenCalledTimes(1);
  });

  it('says the cost is unknown when no finished run recorded one (English)', async () => {
    await i18n.changeLanguage('en');
    const asked = backend([]);
    renderModal({ action: 'research_page', runs: 1 });
    expect(await screen.findByText('Cost unknown')).toBeInTheDocument();
    expect(screen.getByText('No finished run has recorded a cost yet.')).toBeInTheDocument();
    expect(screen.getByTestId('run-estimate-time')).toHaveTextContent('Time unknown');
    expect(screen.getByRole('button', { name: 'Start the research' })).toBeEnabled();
    expect(asked).toEqual(['research_page']);
  });
});
