import { render, screen, within } from '@testing-library/react';
import { CitableProviders, i18n } from '@citable/shared';
import '../i18n';
import { computeCitationStats, type AnswerForStats } from '../utils/citationStats';
import { CitationFigures } from './CitationFigures';

if (!window.matchMedia) {
  window.matchMedia = (query: string) =>
    ({ matches: false, media: query, onchange: null, addListener: () => undefined, removeListener: () => undefined, addEventListener: () => undefined, removeEventListener: () => undefined, dispatchEvent: () => false }) as MediaQueryList;
}

const row = (id: number, cited: string[]): AnswerForStats => ({
  id,
  model: 'GPT-4o',
  domain_cited: false,
  brand_mentioned: false,
  cited_domains: cited,
  pages_version: null,
  analysed_at: '2026-11-26T09:30:00Z',
});

describe('CitationFigures (audit 12 M2, M5)', () => {
  afterEach(() => i18n.changeLanguage('en'));

  it('"dans aucune des 2 réponses" for none, and a long competing domain cut with its count kept apart', async () => {
    await i18n.changeLanguage('fr');
    const domain = 'une-tres-longue-adresse-de-concurrent-jardinage.fr';
    const stats = computeCitationStats([row(1, [domain]), row(2, [])], 'https://www.jardin-poche.fr');
    render(
      <CitableProviders withNotifications={false}>
        <CitationFigures stats={stats} versionLabel={(id) => id} />
      </CitableProviders>,
    );
    expect(screen.getByTestId('overall-domain-k-of-n')).toHaveTextContent('dans aucune des 2 réponses');
    const chip = screen.getByTestId('competitor');
    // the domain is the part that is cut (its own ellipsis box); the count is a separate, unbreakable part
    expect(within(chip).getByTestId('competitor-domain')).toHaveStyle({ textOverflow: 'ellipsis', overflow: 'hidden' });
    expect(within(chip).getByTestId('competitor-count').textContent).toMatch(/^\u00a0· 1\sréponse$/);
    expect(within(chip).getByTestId('competitor-count')).toHaveStyle({ whiteSpace: 'nowrap', flexShrink: '0' });
    expect(chip.getAttribute('title')).toMatch(new RegExp(`^${domain} · 1\\sréponse$`));
  });
});
