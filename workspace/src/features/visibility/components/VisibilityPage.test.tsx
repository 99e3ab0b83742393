/**
 * The visibility screen with fixed data (the database's figures are tested in
 * supabase-local/test/db/visibility.test.js): the charts' summaries per engine, the lift card's
 * verdict or "not enough", the run card's calls, cost and precision, the settings' checks and save,
 * the prompt drafts.
 */
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter } from 'react-router-dom';
import { CitableProviders, i18n } from '@citable/shared';
import type { VersionCountRow } from '../utils/lift';
import type { SeriesRow } from '../utils/series';
import { VisibilityPage } from './VisibilityPage';

const NBSP = '\u00a0';
const ok = <T,>(data: T) => ({ data, isPending: false, isError: false, error: null, refetch: jest.fn(), isFetching: false, isSuccess: true });

let series: SeriesRow[] = [];
let counts: VersionCountRow[] = [];
const overview = {
  settings: { saved: true, engines: [1, 5], runs_per_prompt: 3, schedule: 'weekly', monthly_budget_usd: 20, target_margin: 0.1, next_run_at: null },
  month_spend_usd: 1.5,
  calls_per_run: 12,
  cost_per_call: { '1': 0.01 } as Record<string, number>,
  runs: [],
};
const saveSettings = jest.fn();
const queueRun = jest.fn();
const addPrompts = jest.fn();
jest.mock('../api/figures', () => ({
  useVisibilityOverview: () => ok(overview),
  useVisibilitySeries: () => ok(series),
  useVersionCounts: () => ok(counts),
  useEngines: () => ok([{ id: 1, name: 'GPT-4o' }, { id: 5, name: 'Perplexity Sonar' }, { id: 6, name: 'Mistral Large' }]),
  usePageVersions: () =>
    ok([
      { id: 'v1', created_date: '2026-09-01T10:00:00Z' },
      { id: 'v2', created_date: '2026-09-20T10:00:00Z' },
      { id: 'v3', created_date: '2026-10-07T10:00:00Z' },
    ]),
}));
jest.mock('../api/settings', () => ({
  useSaveSettings: () => ({ mutateAsync: saveSettings, isPending: false }),
  useQueueRun: () => ({ mutate: queueRun, isPending: false }),
}));
jest.mock('../api/prompts', () => ({
  usePrompts: () => ok([
    { id: 1, question: 'Quel levain choisir\u00a0?', phrasings: ['Quel levain choisir\u00a0?', 'Quel est le meilleur levain\u00a0?'], language: 'fr', source: 'keywords', active: true, position: 0 },
    { id: 2, question: 'Ancienne question\u00a0?', phrasings: ['Ancienne question\u00a0?'], language: 'fr', source: 'operator', active: false, position: 1 },
  ]),
  useDraftSources: () => ok({ keywords: ['pain au levain'], briefQuestions: ['Comment nourrir un levain\u00a0?'], languageCode: 'fr' }),
  useAddPrompts: () => ({ mutate: addPrompts, isPending: false }),
  useUpdatePrompt: () => ({ mutate: jest.fn(), isPending: false }),
  useDeletePrompt: () => ({ mutate: jest.fn(), isPending: false }),
}));
let shareRows: unknown[] = [];
let reportLink: unknown = null;
const createLink = jest.fn();
const revokeLink = jest.fn();
const exportRows = jest.fn();
jest.mock('../api/report', () => ({
  ...jest.requireActual('../api/report'),
  useShareOfVoice: () => ok(shareRows),
  useReportLink: () => ok(reportLink),
  useCreateReportLink: () => ({ mutate: createLink, isPending: false }),
  useRevokeReportLink: () => ({ mutate: revokeLink, isPending: false }),
  fetchExportRows: (...args: unknown[]) => exportRows(...args),
}));
const sov = (engine: number, domain: string, answers: number, share: number, isSite = false) => ({
  engine,
  domain,
  is_site: isSite,
  answers,
  share,
  engine_answers: 40,
  engine_citations: 60,
});
jest.mock('../../../components/PageSubScreen', () => ({
  PageSubScreen: ({ children }: { children: (page: unknown) => React.ReactNode }) => (
    <div>{children({ id: 7, site: 3, name: 'Pain au levain', url: 'https://fournil.example/levain', sites: { id: 3, name: 'Fournil', url: 'https://fournil.example' } })}</div>
  ),
}));
const toast = jest.fn();
jest.mock('@citable/shared', () => ({ ...jest.requireActual('@citable/shared'), showToast: (data: unknown) => toast(data) }));

function renderScreen() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <CitableProviders withNotifications={false}>
      <QueryClientProvider client={client}>
        <MemoryRouter>
          <VisibilityPage />
        </MemoryRouter>
      </QueryClientProvider>
    </CitableProviders>,
  );
}

const c = (version: string, engine: number, prompt: number, answers: number, cited: number): VersionCountRow => ({
  version,
  version_created: { v1: '2026-09-01T10:00:00Z', v2: '2026-09-20T10:00:00Z', v3: '2026-10-07T10:00:00Z' }[version]!,
  engine,
  prompt,
  answers,
  cited,
  mentioned: cited,
});

jest.setTimeout(30_000);

describe('VisibilityPage', () => {
  beforeEach(async () => {
    await i18n.changeLanguage('fr');
    series = [
      { bucket: '2026-09-28', engine: 5, answers: 60, cited: 18, mentioned: 30 },
      { bucket: '2026-10-05', engine: 5, answers: 40, cited: 20, mentioned: 22 },
      { bucket: '2026-10-05', engine: 1, answers: 12, cited: 3, mentioned: 4 },
    ];
    counts = [c('v2', 5, 1, 100, 22), c('v3', 5, 1, 100, 38), c('v2', 1, 1, 6, 1), c('v3', 1, 1, 6, 2)];
    saveSettings.mockReset();
    saveSettings.mockResolvedValue({ site: 3 });
    queueRun.mockReset();
    addPrompts.mockReset();
    toast.mockReset();
    shareRows = [sov(5, 'boulangerie.fr', 30, 0.5), sov(5, 'fournil.example', 20, 1 / 3, true), sov(5, 'levain.org', 10, 1 / 6), sov(1, 'fournil.example', 0, 0, true)];
    reportLink = null;
    createLink.mockReset();
    revokeLink.mockReset();
    exportRows.mockReset();
  });

  it('one chart per engine in the settings order, each summarised with its margins', () => {
    renderScreen();
    const charts = screen.getAllByTestId('engine-chart');
    expect(charts.map((el) => el.getAttribute('data-engine'))).toEqual(['1', '5']);
    expect(within(charts[1]).getByTestId('engine-summary').textContent).toBe(
      `Perplexity Sonar${NBSP}: cité dans 38${NBSP}% des 100 réponses (±9${NBSP}points), marque nommée dans 52${NBSP}% (±10${NBSP}points).`,
    );
    expect(within(charts[1]).getByRole('img')).toHaveAccessibleName(/Perplexity Sonar/);
  });

  it('the lift card: version 3 vs version 2 with the interval and a verdict the samples support', () => {
    renderScreen();
    const card = screen.getByTestId('lift-card');
    expect(within(card).getByRole('combobox', { name: 'Moteur' })).toHaveValue('GPT-4o');
    // GPT-4o: 2 of 6 vs 1 of 6 — not enough, with how many more
    expect(within(card).getByTestId('lift-verdict')).toHaveAttribute('data-verdict', 'not_enough');
    expect(within(card).getByTestId('lift-verdict').textContent).toMatch(/Pas encore assez de réponses pour conclure\. Il faudrait encore environ \d+\u00a0réponses par version/);
  });

  it('the lift card on Perplexity: a verdict, the rates with their margins and the 95 % interval', async () => {
    renderScreen();
    const card = screen.getByTestId('lift-card');
    fireEvent.click(within(card).getByRole('combobox', { name: 'Moteur' }));
    fireEvent.click(await screen.findByRole('option', { name: 'Perplexity Sonar' }));
    await waitFor(() => expect(within(card).getByTestId('lift-verdict')).toHaveAttribute('data-verdict', 'higher'));
    expect(within(card).getByTestId('lift-result').textContent).toBe(
      `Version 3 contre version 2 sur Perplexity Sonar${NBSP}: 38${NBSP}% ±9 contre 22${NBSP}% ±8, écart +16${NBSP}points (intervalle à 95${NBSP}%${NBSP}: +3 à +28).`,
    );
  });

  it('before a run: calls, estimated cost and the precision it buys', () => {
    renderScreen();
    const card = screen.getByTestId('run-card');
    expect(within(card).getByTestId('run-calls').textContent).toBe(`12${NBSP}appels`);
    // 6 calls per engine: GPT-4o at 0,01 $ (measured), Perplexity at the 0,02 $ default
    expect(within(card).getByTestId('run-cost').textContent).toMatch(/0,18/);
    // the engine measured least (GPT-4o, 12 answers + 6) sets the precision
    expect(within(card).getByTestId('run-precision').textContent).toBe(`Précision obtenue${NBSP}: ±19${NBSP}points par moteur au taux actuel`);
    fireEvent.click(within(card).getByTestId('run-start'));
    expect(queueRun).toHaveBeenCalledTimes(1);
  });

  it('the run refused for a reason the database gives: said in French', () => {
    queueRun.mockImplementation((_v: unknown, { onError }: { onError: (e: unknown) => void }) => onError({ code: 'P0001', message: 'x', hint: 'budget_exhausted' }));
    renderScreen();
    fireEvent.click(screen.getByTestId('run-start'));
    expect(toast).toHaveBeenCalledWith(expect.objectContaining({ color: 'red', message: 'Le budget du mois est épuisé.' }));
  });

  it('settings: checked before saving, then saved with the engines chosen', async () => {
    renderScreen();
    const card = screen.getByTestId('settings-card');
    const runs = within(card).getByRole('textbox', { name: 'Réponses par question et par moteur' });
    fireEvent.change(runs, { target: { value: '0' } });
    fireEvent.click(within(card).getByTestId('save-settings'));
    expect(saveSettings).not.toHaveBeenCalled();
    expect(within(card).getByText('Entre 1 et 50.')).toBeInTheDocument();
    fireEvent.change(runs, { target: { value: '10' } });
    fireEvent.click(within(card).getByRole('radio', { name: 'Chaque jour' }));
    fireEvent.click(within(card).getByRole('checkbox', { name: 'Mistral Large' }));
    fireEvent.click(within(card).getByTestId('save-settings'));
    // all three engines chosen: saved as null (every model, including those added later)
    expect(saveSettings).toHaveBeenCalledWith(expect.objectContaining({ engines: null, runs_per_prompt: 10, schedule: 'daily', monthly_budget_usd: 20 }));
    await waitFor(() => expect(toast).toHaveBeenCalledWith(expect.objectContaining({ color: 'teal', message: 'Réglages enregistrés.' })));
  });

  it('the precision setting computes the answers and runs needed', () => {
    renderScreen();
    const card = screen.getByTestId('settings-card');
    // cited 41 of 112 so far (37 %): ±10 points needs about 90 answers per engine, 50 runs for 1 active question at most
    expect(within(card).getByTestId('precision-needed').textContent).toMatch(/Pour ±10\u00a0points à 37\u00a0%, il faut environ \d+\u00a0réponses par moteur/);
    fireEvent.click(within(card).getByRole('button', { name: 'Appliquer' }));
    expect(within(card).getByRole('textbox', { name: 'Réponses par question et par moteur' })).toHaveValue('50');
  });

  it('drafts French questions from the keywords and the brief, skipping those already there', () => {
    renderScreen();
    fireEvent.click(screen.getByTestId('prompts-draft'));
    const drafts = addPrompts.mock.calls[0][0] as { question: string; source: string; language: string }[];
    expect(drafts.map((d) => [d.question, d.source, d.language])).toEqual([
      [`Pain au levain${NBSP}: que faut-il savoir${NBSP}?`, 'keywords', 'fr'],
      [`Comment nourrir un levain${NBSP}?`, 'brief', 'fr'],
    ]);
    expect(screen.getAllByTestId('prompt-row')).toHaveLength(2);
    expect(screen.getByRole('switch', { name: `Suivre «${NBSP}Ancienne question${NBSP}?${NBSP}»` })).not.toBeChecked();
  });

  it('share of voice per engine in the settings order, the site always listed and marked, shares in French', () => {
    renderScreen();
    const card = screen.getByTestId('sov-card');
    expect(within(card).getAllByTestId(/^sov-engine-/).map((el) => el.getAttribute('data-testid'))).toEqual(['sov-engine-1', 'sov-engine-5']);
    const perplexity = within(screen.getByTestId('sov-engine-5')).getByRole('table', { name: 'Part de voix sur Perplexity Sonar' });
    // Intl writes a no-break space (narrow or not, by ICU version) before %
    const rows = within(perplexity).getAllByRole('row').slice(1).map((r) => within(r).getAllByRole('cell').map((c) => c.textContent?.replace(/[\u00a0\u202f]/g, '~')));
    expect(rows).toEqual([
      ['boulangerie.fr', '50~%', '30'],
      ['fournil.examplevotre site', '33,3~%', '20'],
      ['levain.org', '16,7~%', '10'],
    ]);
    // GPT-4o never cited the site: its row says 0 %
    expect(within(screen.getByTestId('sov-engine-1')).getByTestId('sov-site').textContent).toContain('0');
  });

  it('no live report link: created with the period chosen', async () => {
    renderScreen();
    const card = screen.getByTestId('report-card');
    fireEvent.click(within(card).getByRole('combobox', { name: 'Période du rapport' }));
    fireEvent.click(await screen.findByRole('option', { name: '26 dernières semaines' }));
    fireEvent.click(within(card).getByTestId('report-create'));
    expect(createLink).toHaveBeenCalledWith(26, expect.anything());
  });

  it('a live report link: its address, and a revocation only once confirmed', () => {
    reportLink = { id: 9, token: 'ab'.repeat(32), weeks: 12, created_at: '2026-10-06T10:00:00Z' };
    renderScreen();
    const card = screen.getByTestId('report-card');
    expect(within(card).getByTestId('report-url').textContent).toBe(`${window.location.origin}/view/report/${'ab'.repeat(32)}`);
    expect(within(card).getByTestId('report-open')).toHaveAttribute('href', `${window.location.origin}/view/report/${'ab'.repeat(32)}`);
    fireEvent.click(within(card).getByTestId('report-revoke'));
    expect(revokeLink).not.toHaveBeenCalled();
    expect(within(card).getByText('Le lien cessera aussitôt de fonctionner, pour toute personne qui l’a reçu.')).toBeInTheDocument();
    fireEvent.click(within(card).getByTestId('report-revoke-confirm'));
    expect(revokeLink).toHaveBeenCalledWith(9, expect.anything());
  });

  it("the CSV export: the page's answers, in French (';', BOM), downloaded, counted in the toast", async () => {
    exportRows.mockResolvedValue([
      { id: 1, created_at: '2026-10-06T14:05:00Z', engine: 'GPT-4o', page: 'Pain au levain', prompt: 'Quel levain ?', phrasing: 'Quel levain ?', version_created: '2026-09-20T10:00:00Z', cited: true, mentioned: false, cited_domains: ['fournil.example'] },
      { id: 2, created_at: '2026-10-07T09:00:00Z', engine: 'Perplexity Sonar', page: 'Pain au levain', prompt: 'Quel levain ?', phrasing: 'Le meilleur levain ?', version_created: null, cited: false, mentioned: true, cited_domains: [] },
    ]);
    const blobs: Blob[] = [];
    const createObjectURL = jest.fn((b: Blob) => {
      blobs.push(b);
      return 'blob:csv';
    });
    Object.assign(URL, { createObjectURL, revokeObjectURL: jest.fn() });
    const click = jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => {});
    renderScreen();
    fireEvent.click(screen.getByTestId('export-csv'));
    await waitFor(() => expect(toast).toHaveBeenCalledWith(expect.objectContaining({ color: 'teal', message: '2 réponses exportées.' })));
    expect(exportRows).toHaveBeenCalledWith(3, 7);
    expect(click).toHaveBeenCalledTimes(1);
    const bytes = await new Promise<Uint8Array>((resolve) => {
      const reader = new FileReader();
      reader.onload = () => resolve(new Uint8Array(reader.result as ArrayBuffer));
      reader.readAsArrayBuffer(blobs[0]);
    });
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]); // UTF-8's BOM
    const text = new TextDecoder('utf-8', { ignoreBOM: false }).decode(bytes);
    expect(text.split('\r\n')[0]).toBe('date;moteur;page;question;formulation;version;cité;marque nommée;domaines cités');
    expect(text.split('\r\n')[1]).toBe('2026-10-06 14:05;GPT-4o;Pain au levain;Quel levain ?;Quel levain ?;2026-09-20;1;0;fournil.example');
    click.mockRestore();
  });
});
