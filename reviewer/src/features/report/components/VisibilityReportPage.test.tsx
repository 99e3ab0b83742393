/**
 * The client's report with fixed answers of get_visibility_report (the SQL is tested in
 * supabase-local/test/db/visibility.test.js): the site's language whatever the visitor's, the rates
 * with their margins per engine, the share of voice with the site marked, an unknown or malformed
 * token, the print button.
 */
import { fireEvent, render, screen, within } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter, Route, Routes } from 'react-router-dom';
import { CitableProviders, i18n } from '@citable/shared';
import { DataError } from '@citable/shared/data';
import { reportApi, type VisibilityReport } from '../api/report';
import VisibilityReportPage from './VisibilityReportPage';

const TOKEN = 'ab'.repeat(32);
const getReport = jest.spyOn(reportApi, 'get');

const report = (over: Partial<VisibilityReport['site']> = {}): VisibilityReport => ({
  site: { name: 'Fournil', domain: 'fournil.example', logo_url: null, language: 'fr', ...over },
  period: { from: '2026-09-07T00:00:00Z', to: '2026-11-27T10:00:00Z', weeks: 12 },
  engines: [
    { id: 1, name: 'GPT-4o' },
    { id: 5, name: 'Perplexity Sonar' },
  ],
  series: [
    { bucket: '2026-11-09', engine: 5, answers: 60, cited: 18, mentioned: 30 },
    { bucket: '2026-11-16', engine: 5, answers: 40, cited: 20, mentioned: 22 },
    { bucket: '2026-11-16', engine: 1, answers: 1, cited: 0, mentioned: 1 },
  ],
  share_of_voice: [
    { engine: 5, domain: 'fournil.example', is_site: true, answers: 38, share: 0.38, engine_answers: 100, engine_citations: 100 },
    { engine: 5, domain: 'boulangerie.fr', is_site: false, answers: 50, share: 0.5, engine_answers: 100, engine_citations: 100 },
    { engine: 1, domain: 'fournil.example', is_site: true, answers: 0, share: 0, engine_answers: 1, engine_citations: 0 },
  ],
});

function renderAt(path: string) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <CitableProviders withNotifications={false}>
      <QueryClientProvider client={client}>
        <MemoryRouter initialEntries={[path]}>
          <Routes>
            <Route path="/view/report/:token" element={<VisibilityReportPage />} />
          </Routes>
        </MemoryRouter>
      </QueryClientProvider>
    </CitableProviders>,
  );
}

const NBSP = '\u00a0';
jest.setTimeout(30_000);

describe('VisibilityReportPage', () => {
  beforeEach(async () => {
    getReport.mockReset();
    await i18n.changeLanguage('en');
  });

  it("in the site's language (French) for an English visitor: rates with margins per engine, the period, noindex", async () => {
    getReport.mockResolvedValue(report());
    renderAt(`/view/report/${TOKEN}`);
    const page = await screen.findByTestId('visibility-report');
    expect(getReport).toHaveBeenCalledWith(TOKEN);
    expect(page).toHaveAttribute('lang', 'fr');
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Visibilité dans les assistants IA');
    expect(screen.getByTestId('report-period').textContent).toBe(`Du 7 septembre 2026 au 27 novembre 2026 (12${NBSP}dernières semaines)`);
    const engines = screen.getAllByTestId('report-engine');
    expect(engines.map((e) => within(e).getByRole('heading', { level: 2 }).textContent)).toEqual(['GPT-4o', 'Perplexity Sonar']);
    // Perplexity: 38 of 100 cited (±9), 52 of 100 named (±10)
    expect(within(engines[1]).getByTestId('report-engine-summary').textContent).toBe(
      `Perplexity Sonar${NBSP}: cité dans 38${NBSP}% des réponses (±9${NBSP}points), marque nommée dans 52${NBSP}% (±10${NBSP}points), sur 100${NBSP}réponses.`,
    );
    expect(within(engines[0]).getByTestId('report-engine-summary').textContent).toMatch(/sur 1\u00a0réponse\.$/);
    expect(document.title).toBe('Visibilité dans les assistants IA · Fournil');
    expect(document.head.querySelector('meta[name="robots"]')).toHaveAttribute('content', 'noindex, nofollow');
  });

  it('the share of voice: largest first, the site marked', async () => {
    getReport.mockResolvedValue(report());
    renderAt(`/view/report/${TOKEN}`);
    const table = await screen.findByRole('table', { name: 'Part de voix des domaines cités sur Perplexity Sonar' });
    const rows = within(table).getAllByRole('row').slice(1).map((r) => r.textContent?.replace(/[\u00a0\u202f]/g, '~'));
    expect(rows).toEqual(['boulangerie.fr50~%', 'fournil.examplevotre site38~%']);
  });

  it('an English site: in English', async () => {
    await i18n.changeLanguage('fr');
    getReport.mockResolvedValue(report({ language: 'en' }));
    renderAt(`/view/report/${TOKEN}`);
    expect(await screen.findByRole('heading', { level: 1 })).toHaveTextContent('Visibility in AI assistants');
    expect(screen.getByTestId('report-period').textContent).toBe('From September 7, 2026 to November 27, 2026 (last 12 weeks)');
  });

  it('no measurement in the period: said so', async () => {
    getReport.mockResolvedValue({ ...report(), series: [], share_of_voice: [] });
    renderAt(`/view/report/${TOKEN}`);
    expect(await screen.findByTestId('report-empty')).toHaveTextContent('Aucune mesure sur la période pour l’instant.');
  });

  it('a revoked or unknown token: not found, in the visitor’s language; a malformed one is not even asked', async () => {
    getReport.mockRejectedValue(new DataError('not_found', 'Report link not found', { hint: 'not_found' }));
    renderAt(`/view/report/${TOKEN}`);
    expect(await screen.findByTestId('report-not-found')).toHaveTextContent('This report link does not exist or was revoked.');
    renderAt('/view/report/not-a-token');
    expect(getReport).toHaveBeenCalledTimes(1);
  });

  it('too many reads: the error and a retry', async () => {
    getReport.mockRejectedValue(new DataError('rate_limited', 'Too many requests', { hint: 'rate_limited' }));
    renderAt(`/view/report/${TOKEN}`);
    const alert = await screen.findByTestId('report-error');
    getReport.mockResolvedValue(report());
    fireEvent.click(within(alert).getByRole('button', { name: 'Retry' }));
    expect(await screen.findByTestId('visibility-report')).toBeInTheDocument();
  });

  it('the print button prints', async () => {
    getReport.mockResolvedValue(report());
    const print = jest.spyOn(window, 'print').mockImplementation(() => {});
    renderAt(`/view/report/${TOKEN}`);
    fireEvent.click(await screen.findByTestId('report-print'));
    expect(print).toHaveBeenCalledTimes(1);
    print.mockRestore();
  });
});
