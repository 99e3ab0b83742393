import { render, screen, within } from '@testing-library/react';
import { CitableProviders, i18n } from '@citable/shared';
import { frenchTypographyIssues, stringsOf } from '@citable/shared/testing/french-typography';
import { contentScore, type Brief, type Claim } from '@citable/shared/engine';
import badgeFr from '../../../components/content-score/locales/fr.json';
import fr from '../locales/fr.json';
import { ClaimsList } from './ClaimsList';
import { ScorePanel } from './ScorePanel';
import '../i18n';

const NBSP = '\u00a0';

const brief: Brief = {
  version: 1,
  language: 'fr',
  keywords: ['pain au levain'],
  keywordsDerived: false,
  targetWords: 300,
  competitorWords: null,
  sections: [{ title: 'La cuisson du pain', coveredBy: [1] }],
  terms: [
    { term: 'levain naturel', weight: 1, sources: 4, target: 1 },
    { term: 'température de cuisson', weight: 0.7, sources: 3, target: 1 },
  ],
  questions: [],
  editedAt: null,
};

const claims: Claim[] = [
  { sentence: 'Le levain se garde une semaine au frais [1].', n: 1, url: 'https://boulange.example/levain', passage: 'Au réfrigérateur, le levain se garde une semaine.', supported: true, missing: [] },
  { sentence: 'La pâte lève de 40 % en 3 heures [2].', n: 2, url: 'javascript:alert(1)', passage: 'La pâte lève lentement.', supported: false, missing: ['40 %', '3 heures'] },
];

const renderFr = (ui: React.ReactElement) => render(<CitableProviders withNotifications={false}>{ui}</CitableProviders>);

describe('ScorePanel', () => {
  beforeEach(() => i18n.changeLanguage('fr'));

  it('shows the total as a ring with its number and level in words, each part with its bar and the translated advice', () => {
    const score = contentScore({ html: '<h1>Pain</h1><h2>Le levain</h2><p>Un pain simple.</p>', brief, claims });
    renderFr(<ScorePanel score={score} source="saved" />);
    const panel = screen.getByTestId('score-panel');
    expect(screen.getByRole('img', { name: `Score de contenu${NBSP}: ${score.total} sur 100, faible` })).toBeInTheDocument();
    expect(screen.getByTestId('score-level')).toHaveTextContent(`Faible · ${score.total} sur 100`);
    expect(screen.getByTestId('score-source')).toHaveTextContent('Enregistré');
    const parts = within(panel).getAllByTestId('score-part');
    expect(parts.map((p) => p.getAttribute('data-part'))).toEqual(['terms', 'sections', 'questions', 'length', 'headings', 'readability', 'claims']);
    // every bar is named with its part
    expect(screen.getAllByRole('progressbar')).toHaveLength(7);
    expect(screen.getByRole('progressbar', { name: `Termes du brief${NBSP}: 0${NBSP}%` })).toBeInTheDocument();
    const terms = within(parts[0]).getByTestId('score-advice');
    expect(terms.textContent).toContain(`Ajoutez${NBSP}: «${NBSP}levain naturel${NBSP}» et «${NBSP}température de cuisson${NBSP}»`);
    expect(within(parts[1]).getByTestId('score-advice').textContent).toContain(`Ajoutez une section sur${NBSP}: «${NBSP}La cuisson du pain${NBSP}»`);
    expect(within(parts[2]).queryByTestId('score-advice')).toBeNull();
    expect(parts[2]).toHaveTextContent('Rien à corriger.');
    // the word count, the target, then what to add to reach the target's lower bound (85 %: 255 words)
    expect(within(parts[3]).getByTestId('score-advice').textContent).toBe(`L’article compte 6${NBSP}mots pour une cible de 300${NBSP}: ajoutez-en au moins 249.`);
    expect(within(parts[6]).getByTestId('score-advice').textContent).toBe(
      `1${NBSP}affirmation n’est pas étayée par sa source${NBSP}: vérifiez «${NBSP}40 %${NBSP}» et «${NBSP}3 heures${NBSP}».`,
    );
  });

  it('in English too', async () => {
    await i18n.changeLanguage('en');
    const score = contentScore({ html: '<h1>Pain</h1><h2>Le levain</h2><p>Un pain simple.</p>', brief, claims: null });
    renderFr(<ScorePanel score={score} source="live" />);
    expect(screen.getByTestId('score-source')).toHaveTextContent('Live');
    expect(screen.getAllByTestId('score-advice')[0]).toHaveTextContent('Add: “levain naturel” and “température de cuisson”');
    expect(screen.getByText('The claims of this version have not been checked yet.')).toBeInTheDocument();
  });

  it('without a score says how to get one', () => {
    renderFr(<ScorePanel score={null} source={null} />);
    expect(screen.getByTestId('score-empty').textContent).toContain(`Pas encore de score${NBSP}: lancez la recherche du brief.`);
    expect(screen.queryByRole('progressbar')).toBeNull();
  });
});

describe('ClaimsList', () => {
  beforeEach(() => i18n.changeLanguage('fr'));

  it('lists each cited sentence with its source, passage and flag, unsupported first with the missing figures', () => {
    renderFr(<ClaimsList claims={claims} />);
    const items = screen.getAllByTestId('claim');
    expect(items.map((i) => i.getAttribute('data-supported'))).toEqual(['false', 'true']);
    expect(screen.getByTestId('claims-unsupported-count').textContent).toContain(`1${NBSP}non étayée`);
    expect(within(items[0]).getByTestId('claim-unsupported')).toHaveTextContent('Non étayée');
    expect(within(items[0]).getByTestId('claim-missing').textContent).toContain(`Absent de la source${NBSP}: «${NBSP}40 %${NBSP}» et «${NBSP}3 heures${NBSP}»`);
    expect(within(items[0]).getByTestId('claim-passage')).toHaveTextContent('La pâte lève lentement.');
    // a source URL that is not http(s) is never a link
    expect(within(items[0]).queryByRole('link')).toBeNull();
    const link = within(items[1]).getByRole('link', { name: 'Ouvrir la source [1] dans un nouvel onglet' });
    expect(link).toHaveAttribute('href', 'https://boulange.example/levain');
    expect(link).toHaveAttribute('target', '_blank');
  });

  it('says when claims were not checked, or none cites a source', () => {
    const { unmount } = renderFr(<ClaimsList claims={null} />);
    expect(screen.getByTestId('claims-not-checked')).toBeInTheDocument();
    unmount();
    renderFr(<ClaimsList claims={[]} />);
    expect(screen.getByTestId('claims-none')).toHaveTextContent('Aucune phrase de cette version ne cite de source.');
  });
});

describe('French typography of the versions screen texts', () => {
  it('has no-break spaces, ’ and …', () => {
    expect(frenchTypographyIssues(stringsOf(fr))).toEqual([]);
    expect(frenchTypographyIssues(stringsOf(badgeFr))).toEqual([]);
  });
  it('has no leftover placeholder and no colon glued to its word', () => {
    for (const text of [...stringsOf(fr), ...stringsOf(badgeFr)]) {
      // i18next placeholders are {{name}}: a single-brace {N} is a leftover shown as is
      expect(text.replace(/\{\{\w+\}\}/g, '')).not.toMatch(/[{}]/);
      expect(text).not.toMatch(/[\p{L}\p{N})}]:(?=\s|$)/u);
    }
  });
});
