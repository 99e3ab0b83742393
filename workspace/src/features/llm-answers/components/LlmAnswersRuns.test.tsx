import { useState } from 'react';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { CitableProviders, i18n, loadSupabase } from '@citable/shared';
import '../i18n';
import { RunConfirmModal } from '../../../components/RunConfirmModal';
import type { AnswerRow } from '../api/answers';
import { groupAnswerRuns, LLM_RUN_QUESTIONS } from '../utils/answers';
import { AnswerRuns } from './AnswerRuns';
import { LlmRunCalls } from './LlmRunCalls';

jest.mock('@citable/shared', () => ({ ...jest.requireActual('@citable/shared'), loadSupabase: jest.fn() }));
// react-markdown is ESM only: the answer's text stands in for its rendering (AnswerMarkdown has its own e2e checks)
jest.mock('./AnswerMarkdown', () => ({ AnswerMarkdown: ({ markdown }: { markdown: string }) => <div data-testid="answer-markdown">{markdown}</div> }));
const load = loadSupabase as jest.MockedFunction<typeof loadSupabase>;

if (!window.matchMedia) {
  window.matchMedia = (query: string) =>
    ({ matches: false, media: query, onchange: null, addListener: () => undefined, removeListener: () => undefined, addEventListener: () => undefined, removeEventListener: () => undefined, dispatchEvent: () => false }) as MediaQueryList;
}

const answer = (id: number, created_at: string, name: string, domain_cited = false): AnswerRow => ({
  id,
  answer: `Réponse ${id}`,
  question: 'Comment tailler une haie ?',
  linked_llm: id,
  brand_mentioned: false,
  domain_cited,
  cited_urls: [],
  cited_domains: [],
  pages_version: null,
  analysed_at: created_at,
  created_at,
  llms: { name, name_openrouter: name.toLowerCase() },
});

function Runs({ rows }: { rows: AnswerRow[] }) {
  const runs = groupAnswerRuns(rows, (r) => r.llms?.name ?? '');
  const [open, setOpen] = useState<string[]>([runs[0].key]);
  const dateFormat = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'long', timeZone: 'UTC' });
  return <AnswerRuns runs={runs} isMobile={false} dateFormat={dateFormat} open={open} onOpenChange={setOpen} />;
}

const wrap = (node: React.ReactNode) => {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <CitableProviders withNotifications={false}>{node}</CitableProviders>
    </QueryClientProvider>,
  );
};

afterEach(async () => {
  cleanup();
  await i18n.changeLanguage('en');
});

describe('LLM answers grouped by run (issue 32)', () => {
  it('names each run by its date, models and answers; the latest open, the others closed until opened (French)', async () => {
    await i18n.changeLanguage('fr');
    const rows = [
      answer(5, '2026-11-26T09:30:00Z', 'GPT-4o', true),
      answer(4, '2026-11-26T09:30:00Z', 'Claude 3.5 Sonnet'),
      answer(3, '2026-11-26T09:30:00Z', 'GPT-4o'),
      answer(2, '2026-11-20T08:00:00Z', 'Perplexity Sonar'),
      answer(1, '2026-11-12T08:00:00Z', 'GPT-4o'),
    ];
    wrap(<Runs rows={rows} />);
    const toggles = screen.getAllByTestId('answer-run-toggle');
    expect(toggles.map((b) => b.getAttribute('aria-expanded'))).toEqual(['true', 'false', 'false']);
    expect(screen.getAllByTestId('answer-run-date').map((d) => d.textContent)).toEqual([
      'Recherche du 26 novembre 2026',
      'Recherche du 20 novembre 2026',
      'Recherche du 12 novembre 2026',
    ]);
    expect(screen.getAllByTestId('answer-run-models')[0].textContent).toBe(
      '3\u00a0réponses · GPT-4o, Claude 3.5 Sonnet · site cité dans 1 sur 3\u00a0réponses analysées',
    );
    expect(screen.getAllByTestId('answer-run-models')[1].textContent).toBe('1\u00a0réponse · Perplexity Sonar · site cité dans 0 sur 1\u00a0réponse analysée');
    // the controls are headings' buttons: a screen reader lists the runs
    expect(screen.getAllByRole('heading', { level: 3 })).toHaveLength(3);
    const [latest, second] = screen.getAllByTestId('answer-run');
    expect(within(latest).getByRole('table', { name: 'Réponses de la recherche du 26 novembre 2026' })).toBeVisible();
    expect(within(second).queryByRole('table')).not.toBeInTheDocument();
    fireEvent.click(toggles[1]);
    expect(toggles[1]).toHaveAttribute('aria-expanded', 'true');
    expect(await within(second).findByText('Réponse 2')).toBeInTheDocument();
  });
});

/** pages_actions answers `runs` (the recent llm_answers runs); the llms table counts `models`. */
function backend(runs: { cost_usd: number | null; duration_ms: number | null }[]) {
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
    then: (resolve: (r: unknown) => unknown) => Promise.resolve({ data: runs, error: null, status: 200 }).then(resolve),
  };
  load.mockResolvedValue({ from: () => builder } as never);
  return asked;
}

function confirm(models: number | null, { isPending = false, error = null as unknown } = {}) {
  const onConfirm = jest.fn();
  wrap(
    <RunConfirmModal
      opened
      action="llm_answers"
      runs={1}
      summary={<LlmRunCalls models={models} perModel={3} questions={LLM_RUN_QUESTIONS} isPending={isPending} error={error} />}
      onConfirm={onConfirm}
      onClose={() => undefined}
    />,
  );
  return onConfirm;
}

describe('the confirmation before an LLM answers run (issue 32)', () => {
  it('says the calls (questions × models × answers per model) and "coût inconnu" without history (French)', async () => {
    await i18n.changeLanguage('fr');
    const asked = backend([]);
    const onConfirm = confirm(4);
    expect(await screen.findByText('Coût inconnu')).toBeInTheDocument();
    expect(screen.getByRole('dialog', { name: 'Interroger les IA\u00a0?' })).toBeInTheDocument();
    expect(screen.getByTestId('llm-run-calls')).toHaveAttribute('data-calls', '12');
    expect(screen.getByTestId('llm-run-calls-count').textContent).toBe('Cette recherche fait 12\u00a0appels aux modèles de langage.');
    expect(screen.getByTestId('llm-run-calls-detail').textContent).toBe('1\u00a0question × 4\u00a0modèles × 3\u00a0réponses par modèle');
    expect(asked).toEqual(['llm_answers']);
    fireEvent.click(screen.getByRole('button', { name: 'Interroger les IA' }));
    expect(onConfirm).toHaveBeenCalledTimes(1);
  });

  it('says the estimated cost of a run from the recent ones (English, one model)', async () => {
    backend([
      { cost_usd: 0.02, duration_ms: 20_000 },
      { cost_usd: 0.04, duration_ms: 40_000 },
    ]);
    confirm(1);
    expect((await screen.findByTestId('run-estimate-cost')).textContent).toBe('Estimated cost: $0.03');
    expect(screen.getByTestId('llm-run-calls-count').textContent).toBe('This search makes 3 calls to the language models.');
    expect(screen.getByTestId('llm-run-calls-detail').textContent).toBe('1 question × 1 model × 3 answers per model');
  });

  it('while the models are counted, and when they cannot be', async () => {
    backend([]);
    confirm(null, { isPending: true });
    expect(await screen.findByText('Counting the calls…')).toBeInTheDocument();
    cleanup();
    backend([]);
    confirm(null, { error: new TypeError('Failed to fetch') });
    expect((await screen.findByTestId('llm-run-calls')).textContent).toMatch(/^Number of calls unknown: the list of models could not be read \(.+\)\.$/);
  });
});
